# The computer's analysis on a game's page (web/analysis.js): the review's
# graph, the engine's best line, and variations tried on the page only.
refusal-engine-later = the computer's analysis opens once the game is over: no engine help during a game between people
refusal-variation-ply = the game has { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }: there is no move { $ply } to start a variation from
refusal-variation-length = a variation holds at most { $max } moves
web-analysis = Computer analysis
# The graph's description: what is up and what is down.
web-analysis-graph = Evaluation after each move, in seeds: above the middle line { $south } is ahead, below it { $north }.
web-analysis-thinking = The computer is reviewing the game…
web-analysis-move = Move
web-analysis-player = Player
web-analysis-played = Played
web-analysis-best = Best
web-analysis-eval = Evaluation
web-analysis-mark = Mark
web-analysis-start = Start: { $eval }
# A forced result, from either side: who wins, and in how many plies.
web-analysis-forced = { $player } wins in { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }
# A point of the graph, for a screen reader; $eval is worded, like +3.5.
web-analysis-point = Move { $ply }: { $player } played { $played }; { $eval }
# $kind: inaccuracy, mistake or blunder.
web-analysis-point-marked = Move { $ply }: { $player } played { $played }, { $kind ->
        [mistake] a mistake
        [blunder] a blunder
       *[inaccuracy] an inaccuracy
    } ({ $best } was better); { $eval }
web-analysis-line = Best line: { $line } ({ $eval })
web-analysis-line-over = The game is over here: no line to show.
web-analysis-try = Try moves here
web-analysis-answer = Play the computer's answer
web-analysis-leave = Back to the game
web-analysis-in-variation = A variation, never played in the game: tap a pit to try a move.
