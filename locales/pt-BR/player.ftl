# A página de um jogador (/p/<membro>), o explorador ao lado do tabuleiro
# ao vivo e o que o /isolo stats acrescenta para levar até ela.
web-player-title = Jogador – Isolo
web-player-rating = Pontuação
web-player-history = Evolução da pontuação
web-player-games = Partidas recentes
web-player-by-variant = Resultados por jogo
web-player-none = Nenhuma partida para mostrar.
web-player-no-rating = Nenhuma partida valendo pontos para mostrar.
web-player-chart-alt = Evolução da pontuação em { $server }: { $count ->
        [0] { $count } partidas valendo pontos
        [one] { $count } partida valendo pontos
       *[other] { $count } partidas valendo pontos
    }, agora { $rating }.
web-player-deviation = A faixa sombreada é o desvio da pontuação: quanto mais larga, menos certa é a pontuação.
web-player-private = Conversas privadas
web-player-server = Servidor { $id }
web-player-rated = valendo pontos
web-player-casual = amistosa
web-player-versus = contra { $opponent }
web-player-won = Vitória
web-player-drew = Empate
web-player-lost = Derrota
web-player-aborted = Anulada
web-player-tally = { $wins ->
        [0] { $wins } vitórias
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $draws ->
        [0] { $draws } empates
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [0] { $losses } derrotas
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }
web-player-count = { $count ->
        [0] Nenhuma partida que você possa assistir.
        [one] A última partida que você pode assistir.
       *[other] As últimas { $count } partidas que você pode assistir.
    }
web-player-unknown = Nenhum jogador tem uma página neste endereço.
web-player-bad-address = O endereço de um jogador é /p/ seguido do seu ID do Discord.
web-explorer = Partidas deste servidor
web-explorer-move = Jogada
web-explorer-games = Partidas
web-explorer-score = Vitórias / empates / derrotas
web-explorer-none = Nenhuma partida terminada nos canais públicos deste servidor chegou ainda a esta posição.
web-explorer-private = As partidas de conversas privadas não contam aqui.
web-explorer-count = { $count ->
        [0] { $count } partidas
        [one] { $count } partida
       *[other] { $count } partidas
    }
web-explorer-bad-ply = Esta partida tem { $plies ->
        [0] { $plies } jogadas
        [one] { $plies } jogada
       *[other] { $plies } jogadas
    }: peça uma posição de 0 a { $plies }.
stats-page = Evolução da pontuação e partidas: <{ $url }>
stats-chart-alt = Pontuação de { $player } { $count ->
        [0] em nenhuma partida valendo pontos
        [one] na última partida valendo pontos
       *[other] nas últimas { $count } partidas valendo pontos
    }: agora { $rating }.
