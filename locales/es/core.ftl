# Palabras que usan todos los demás archivos. Los nombres de los hoyos (a1-h4)
# no cambian; tampoco el término propio del juego, ng'hana. La primera fase
# del juego de los muchachos es la apertura (overture en inglés). Los términos
# se explican donde el jugador los encuentra por primera vez.

# El nombre del idioma en sí mismo, que se ofrece en /isolo ajustes.
language-name = Español

# Listas: "a, b y c". $init es todo menos el último elemento, unido con
# list-separator.
list-and = { $init } y { $last }
list-separator = {", "}

side-south = Sur
side-north = Norte

variant-women = de las mujeres
variant-boys = de los muchachos
# Nombres cortos, como en una lista de partidas.
variant-short-women = mujeres
variant-short-boys = muchachos

# $kind: inaccuracy, mistake o blunder.
judgement = { $kind ->
    [mistake] { $count ->
        [one] { $count } error
       *[other] { $count } errores
    }
    [blunder] { $count ->
        [one] { $count } error grave
       *[other] { $count } errores graves
    }
   *[inaccuracy] { $count ->
        [one] { $count } imprecisión
       *[other] { $count } imprecisiones
    }
}

score-win-in = gana en { $plies }
score-loss-in = pierde en { $plies }

evaluation-forced-win = Puedes forzar la victoria en { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}
evaluation-forced-loss = Tu rival puede forzar la victoria en { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
}
# $direction: ahead, behind o even; $seeds nunca es negativo.
evaluation-seeds = { $direction ->
    [even] La partida está igualada
    [ahead] { $seeds ->
        [one] Llevas más o menos { $seeds } semilla de ventaja
       *[other] Llevas unas { $seeds } semillas de ventaja
    }
   *[behind] { $seeds ->
        [one] Vas más o menos { $seeds } semilla por detrás
       *[other] Vas unas { $seeds } semillas por detrás
    }
}

# Duraciones: "3 días y 4 horas", "2 horas y 5 minutos". $unit: day, hour o minute.
duration-part = { $unit ->
    [day] { $count ->
        [one] { $count } día
       *[other] { $count } días
    }
    [hour] { $count ->
        [one] { $count } hora
       *[other] { $count } horas
    }
   *[minute] { $count ->
        [one] { $count } minuto
       *[other] { $count } minutos
    }
}
duration-two-parts = { $first } y { $second }
duration-less-than-a-minute = menos de un minuto

# Reglas de la casa con las que se puede jugar una partida (las estándar no se nombran).
house-rules = reglas de la casa: { $rules }
house-rule-captures-go-on = las capturas continúan
house-rule-capturing-pit = las capturas se siembran desde el hoyo que captura
