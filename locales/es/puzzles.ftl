# Problemas: posiciones encontradas y demostradas por el motor. Una "jugada"
# es el movimiento de un jugador.

# $kind: forced-win (ganar en $n jugadas) o material (superar a cualquier
# otra jugada por $n semillas o más).
puzzle-task = Problema { $id } (puntuación { $rating }): juegas con { $side }; { $kind ->
    [forced-win] { $n ->
        [1] gana la partida con una sola jugada
       *[other] fuerza la victoria en { $n } jugadas, haga lo que haga el rival
    }
   *[material] encuentra la jugada que gana material: supera a cualquier otra por { $n } o más (en diferencia de semillas)
}.
puzzle-reply = ¡Correcto! El rival responde { $pit }. Te toca otra vez.
puzzle-solved = ¡Resuelto!{ $rating } { $record }
puzzle-also = { $kind ->
    [forced-win] { $pit } también gana; la más rápida era { $best }.
   *[material] { $pit } también vale: se queda a pocas semillas de la mejor jugada, { $best }.
}
# $after: cómo queda la partida tras la jugada (una frase como "Vas unas 3 semillas por detrás").
puzzle-failed = { $pit } no es la jugada. { $after } después de ella (la mejor: { $best }). La solución era { $solution }.{ $rating } { $record }
puzzle-rating-change = {" "}Puntuación de problemas: { $before } -> { $after }.
puzzle-practice = {" "}(Práctica: cada problema cuenta solo una vez.)
puzzle-record = Resueltos: { $solved }, fallados: { $failed }, racha: { $streak } (mejor racha: { $best }).
