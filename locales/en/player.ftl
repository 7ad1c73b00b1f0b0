# A player's page (/p/<member>), the explorer beside the live board, and
# what /isolo stats adds to link to the page.
web-player-title = Player – Isolo
web-player-rating = Rating
web-player-history = Rating history
web-player-games = Recent games
web-player-by-variant = Results by game
web-player-none = No games to show.
web-player-no-rating = No rated games to show.
web-player-chart-alt = Rating history in { $server }: { $count ->
        [one] one rated game
       *[other] { $count } rated games
    }, now { $rating }.
web-player-deviation = The shaded band is the rating's deviation: the wider it is, the less sure the rating.
web-player-private = Private chats
web-player-server = Server { $id }
web-player-rated = rated
web-player-casual = casual
web-player-versus = vs { $opponent }
web-player-won = Won
web-player-drew = Drawn
web-player-lost = Lost
web-player-aborted = Aborted
web-player-tally = { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }, { $draws ->
        [one] { $draws } draw
       *[other] { $draws } draws
    }, { $losses ->
        [one] { $losses } loss
       *[other] { $losses } losses
    }
web-player-count = { $count ->
        [0] No games you may watch.
        [one] The latest game you may watch.
       *[other] The latest { $count } games you may watch.
    }
web-player-unknown = No player has a page at this address.
web-player-bad-address = A player's address is /p/ followed by their Discord id.
web-explorer = This server's games
web-explorer-move = Move
web-explorer-games = Games
web-explorer-score = Won / drawn / lost
web-explorer-none = No finished game in this server's public channels has reached this position yet.
web-explorer-private = Games in private chats are not counted here.
web-explorer-count = { $count ->
        [one] { $count } game
       *[other] { $count } games
    }
web-explorer-bad-ply = This game has { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }: ask for a position from 0 to { $plies }.
stats-page = Rating history and games: <{ $url }>
stats-chart-alt = { $player }'s rating over { $count ->
        [one] their last rated game
       *[other] their last { $count } rated games
    }: now { $rating }.
