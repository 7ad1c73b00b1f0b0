web-title = Isolo – tablero en directo
web-live = En directo
web-finished = Partida terminada
web-to-move = Le toca
web-your-move = Te toca: pulsa un hoyo resaltado.
web-waiting = esperando la próxima jugada
web-replay = Repetición
web-first = Posición inicial
web-back = Una jugada atrás
web-forward = Una jugada adelante
web-last = Posición actual
web-animate = Volver a ver esta jugada
web-flip = Girar el tablero
web-copy = Copiar el registro de la partida
web-copied = Registro de la partida copiado.
web-speed = Velocidad
web-sign-in = Entra con Discord para jugar
web-sign-out = Cerrar sesión
web-reconnecting = Se perdió la conexión: reconectando…
web-time-left = tiempo restante
web-seeds = { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
web-sign-in-to-play = Entra con Discord para jugar en esta partida.
web-open-live = Ver en directo
board-play-live = Jugar en directo
board-live-link = Sigue esta partida en directo, con cada jugada animada: { $url }
board-live-off = Este bot no ofrece el tablero en directo (quien lo administra puede activarlo: [web] en la configuración).
web-variant = Juego
web-opponent = Rival
web-level-easy = Máquina: fácil
web-level-medium = Máquina: medio
web-level-hard = Máquina: difícil
web-friend = Alguien en esta pantalla
web-start = Nueva partida
web-too-many = Demasiadas peticiones a la vez: espera un momento y vuelve a intentarlo.
