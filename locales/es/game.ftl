# Lo que pasó en una partida: jugadas, finales, análisis. $player, $winner y
# similares son nombres (o menciones); los hoyos se escriben a1-h4.

# Una jugada. $laps cuenta las vueltas sembradas; $nghana es "yes" cuando la
# jugada fue la ng'hana (el hoyo de 17 semillas del juego de los muchachos) y
# así terminó la apertura.
move-described = { $player } sembró { $pit }{ $laps ->
        [1] {""}
       *[other] {" "}({ $laps } vueltas)
    }{ $nghana ->
        [yes] , jugando la ng'hana y terminando así su apertura
       *[no] {""}
    }{ $captured ->
        [0] : sin captura.
        [one] : capturó { $captured } semilla ({ $captures }).
       *[other] : capturó { $captured } semillas ({ $captures }).
    }
move-capture-part = { $seeds } de { $pit }

# Por qué terminó una partida, sin nombres.
termination = { $reason ->
    [no-legal-move] el rival ya no tiene ninguna jugada legal
    [repetition] la misma posición se repitió tres veces
    [ply-limit] se jugaron 2000 jugadas
    [resignation] el rival se rindió
    [agreement] los dos jugadores lo acordaron
    [timeout] al rival se le acabó el tiempo
    [aborted] un moderador anuló la partida
   *[abandoned] nadie movió durante demasiado tiempo
}

# Lo mismo, en pocas palabras, para la línea de resultado de la imagen del tablero.
termination-short = { $reason ->
    [no-legal-move] sin jugadas legales
    [repetition] triple repetición
    [ply-limit] 2000 jugadas
    [resignation] abandono
    [agreement] de común acuerdo
    [timeout] sin tiempo
    [aborted] partida anulada
   *[abandoned] abandonada: empate
}

result-no-winner = { $reason ->
    [aborted] Un moderador anuló la partida #{ $game }: no hay resultado.
   *[abandoned] La partida #{ $game } ha terminado: nadie movió durante demasiado tiempo, así que queda en empate (no puntuable).
}
result-draw = La partida #{ $game } termina en empate: { $reason ->
    [repetition] la misma posición se repitió tres veces
    [ply-limit] se jugaron 2000 jugadas
   *[agreement] los dos jugadores lo acordaron
}.
# $side es el lado del ganador (Sur, Norte); $loser, el nombre del otro jugador.
result-win = { $winner } gana la partida #{ $game } como { $side }: { $reason ->
    [no-legal-move] { $loser } ya no tiene ninguna jugada legal
    [resignation] { $loser } se rindió
    [timeout] a { $loser } se le acabó el tiempo
    [repetition] la misma posición se repitió tres veces
    [ply-limit] se jugaron 2000 jugadas
   *[agreement] los dos jugadores lo acordaron
}.
result-rating-change = { $player }: { $before } -> { $after } ({ $change })

review-title = Análisis de la partida #{ $game }
review-players = ({ $south } contra { $north }).
review-clean = Ninguna jugada regaló ni una semilla: una partida limpia.
review-turning-points = Momentos clave (valores para quien mueve: semillas de ventaja o un resultado forzado):
# $kind: inaccuracy, mistake o blunder; $before y $after son valoraciones.
review-turning-point = - jugada { $ply }: { $player } jugó { $played } ({ $kind ->
        [mistake] error
        [blunder] error grave
       *[inaccuracy] imprecisión
    }); { $best } era mejor ({ $before } en vez de { $after }).
review-player-tally = { $player }: { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }, { $tally }.
review-nothing-given = ninguna jugada regaló nada

# La tabla del análisis (un archivo, e isolo-bot review): columnas y luego notas.
review-table-header = jug.  lado   hoyo mejor       antes     después pérdida
review-table-won = ganó { $side }
review-table-draw = empate
review-table-result = resultado: { $outcome } ({ $reason })
review-table-no-turning-points = momentos clave: ninguno (ninguna jugada regaló ni una semilla)
review-table-turning-points = momentos clave:
# $forced es yes cuando había un resultado forzado en juego (entonces no se da la cuenta de semillas).
review-table-turning-point = {"  "}jugada { $ply }: { $side } jugó { $played } ({ $kind ->
        [mistake] error
        [blunder] error grave
       *[inaccuracy] imprecisión
    }){ $forced ->
        [yes] {""}
       *[no] , regaló { $loss } semillas
    }; { $best } era mejor ({ $before } en vez de { $after })
review-table-side-total = { $side }: { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }: { $tally }; { $loss } semillas regaladas en total (una victoria forzada cuenta +64 y una derrota forzada, -64)
review-table-conditional = (jugada condicional)
