# The live board's page (web/): labels, buttons and its few sentences.
web-title = Isolo – live board
web-live = Live
web-finished = Game over
web-to-move = To move
web-your-move = Your move: tap a highlighted pit.
web-waiting = waiting for the next move
web-replay = Replay
web-first = First position
web-back = Back one move
web-forward = Forward one move
web-last = Latest position
web-animate = Play this move again
web-flip = Turn the board
web-copy = Copy the game record
web-copied = The game record is copied.
web-speed = Speed
web-sign-in = Sign in with Discord to play
web-sign-out = Sign out
web-reconnecting = Connection lost: reconnecting…
web-time-left = time left
# A side's seed total, beside its player's name.
web-seeds = { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
web-sign-in-to-play = Sign in with Discord to move in this game.
web-open-live = Watch it live
board-play-live = Play live
board-live-link = Watch this game live, with every move animated: { $url }
board-live-off = The live board is not served by this bot (its operator can turn it on: [web] in the config).
web-variant = Game
web-opponent = Opponent
web-level-easy = Computer: easy
web-level-medium = Computer: medium
web-level-hard = Computer: hard
web-friend = A friend at this screen
web-start = New game
web-too-many = Too many requests at once: wait a moment and try again.
