# La página de un jugador (/p/<miembro>), el explorador junto al tablero
# en vivo y lo que /isolo stats añade para llevar a ella.
web-player-title = Jugador – Isolo
web-player-rating = Puntuación
web-player-history = Evolución de la puntuación
web-player-games = Partidas recientes
web-player-by-variant = Resultados por juego
web-player-none = No hay partidas que mostrar.
web-player-no-rating = No hay partidas puntuadas que mostrar.
web-player-chart-alt = Evolución de la puntuación en { $server }: { $count ->
        [one] { $count } partida puntuada
       *[other] { $count } partidas puntuadas
    }, ahora { $rating }.
web-player-deviation = La franja sombreada es la desviación de la puntuación: cuanto más ancha, menos segura es la puntuación.
web-player-private = Chats privados
web-player-server = Servidor { $id }
web-player-rated = puntuada
web-player-casual = amistosa
web-player-versus = contra { $opponent }
web-player-won = Ganada
web-player-drew = Tablas
web-player-lost = Perdida
web-player-aborted = Anulada
web-player-tally = { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }
web-player-count = { $count ->
        [0] Ninguna partida que puedas ver.
        [one] La última partida que puedes ver.
       *[other] Las últimas { $count } partidas que puedes ver.
    }
web-player-unknown = Ningún jugador tiene una página en esta dirección.
web-player-bad-address = La dirección de un jugador es /p/ seguido de su ID de Discord.
web-explorer = Partidas de este servidor
web-explorer-move = Jugada
web-explorer-games = Partidas
web-explorer-score = Ganadas / tablas / perdidas
web-explorer-none = Ninguna partida terminada en los canales públicos de este servidor ha llegado todavía a esta posición.
web-explorer-private = Las partidas de los chats privados no cuentan aquí.
web-explorer-count = { $count ->
        [one] { $count } partida
       *[other] { $count } partidas
    }
web-explorer-bad-ply = Esta partida tiene { $plies ->
        [one] { $plies } jugada
       *[other] { $plies } jugadas
    }: pide una posición de 0 a { $plies }.
stats-page = Evolución de la puntuación y partidas: <{ $url }>
stats-chart-alt = Puntuación de { $player } en { $count ->
        [one] su última partida puntuada
       *[other] sus últimas { $count } partidas puntuadas
    }: ahora { $rating }.
