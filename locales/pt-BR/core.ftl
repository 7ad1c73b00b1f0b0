# Palavras usadas pelos outros arquivos. Os nomes das casas (a1-h4) não mudam;
# o termo próprio do jogo, ng'hana, também não. A primeira fase do jogo dos
# meninos é a abertura (overture em inglês). Os termos são explicados
# onde o jogador os encontra pela primeira vez).

# O nome do idioma nele mesmo, oferecido em /isolo ajustes.
language-name = Português (Brasil)

# Listas: "a, b e c". $init são todos os itens menos o último, unidos por
# list-separator.
list-and = { $init } e { $last }
list-separator = {", "}

side-south = Sul
side-north = Norte

# Usados como "jogo { $variant }": "jogo das mulheres", "jogo dos meninos".
variant-women = das mulheres
variant-boys = dos meninos
# Nomes curtos, como numa lista de partidas.
variant-short-women = mulheres
variant-short-boys = meninos

# $kind: inaccuracy, mistake ou blunder.
judgement = { $kind ->
    [mistake] { $count ->
        [0] { $count } erros
        [one] { $count } erro
       *[other] { $count } erros
    }
    [blunder] { $count ->
        [0] { $count } erros graves
        [one] { $count } erro grave
       *[other] { $count } erros graves
    }
   *[inaccuracy] { $count ->
        [0] { $count } imprecisões
        [one] { $count } imprecisão
       *[other] { $count } imprecisões
    }
}

score-win-in = vence em { $plies }
score-loss-in = perde em { $plies }

evaluation-forced-win = Você pode forçar a vitória em { $plies ->
        [0] { $plies } lances
        [one] { $plies } lance
       *[other] { $plies } lances
    }
evaluation-forced-loss = Seu adversário pode forçar a vitória em { $plies ->
        [0] { $plies } lances
        [one] { $plies } lance
       *[other] { $plies } lances
    }
# $direction: ahead, behind ou even; $seeds nunca é negativo.
evaluation-seeds = { $direction ->
    [even] O jogo está equilibrado
    [ahead] Você está na frente por cerca de { $seeds ->
        [0] { $seeds } sementes
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    }
   *[behind] Você está atrás por cerca de { $seeds ->
        [0] { $seeds } sementes
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    }
}

# Durações: "3 dias e 4 horas", "2 horas e 5 minutos". $unit: day, hour ou minute.
duration-part = { $unit ->
    [day] { $count ->
        [0] { $count } dias
        [one] { $count } dia
       *[other] { $count } dias
    }
    [hour] { $count ->
        [0] { $count } horas
        [one] { $count } hora
       *[other] { $count } horas
    }
   *[minute] { $count ->
        [0] { $count } minutos
        [one] { $count } minuto
       *[other] { $count } minutos
    }
}
duration-two-parts = { $first } e { $second }
duration-less-than-a-minute = menos de um minuto

# Regras opcionais ("house rules") de uma partida (as padrão não são citadas).
# "Regras da casa" foi evitado porque "casa" aqui é a cova do tabuleiro.
house-rules = regras opcionais: { $rules }
house-rule-captures-go-on = capturas continuam
house-rule-capturing-pit = capturas semeadas a partir da casa da captura
