# Deshacer jugadas en partidas amistosas (no puntuables, fuera de torneos).
refusal-takeback-not-allowed = solo se puede deshacer una jugada en partidas no puntuables fuera de torneos
refusal-nothing-to-take-back = todavía no has hecho ninguna jugada que deshacer
refusal-no-takeback-request = tu rival no ha pedido deshacer ninguna jugada
cmd-isolo-game-takeback = Pide deshacer tu jugada (partidas no puntuables)
    .name = deshacer
takeback-asked = { $player } pide deshacer su última jugada. { $opponent }, ¿estás de acuerdo?
takeback-taken = { $plies ->
        [1] Se deshizo la última jugada de { $player }.
       *[other] Se deshicieron la última jugada de { $player } y la respuesta.
    } Le toca mover a { $next }.
takeback-declined = { $opponent } no acepta deshacer la jugada. La partida continúa.
button-takeback-accept = Aceptar
button-takeback-decline = Rechazar
web-takeback = Deshacer mi jugada
web-takeback-waiting = Has pedido deshacer tu última jugada: esperando a tu rival.
web-takeback-asked = Tu rival pide deshacer su última jugada.
web-takeback-accept = Aceptar
web-takeback-decline = Rechazar
web-taken-back = Se deshizo una jugada.
