# Puzzles: positions found and proven by the engine. A "ply" is one move by
# one player.

# $kind: forced-win (win in $n plies) or material (lead every other move by
# $n seeds or more).
puzzle-task = Puzzle { $id } (rating { $rating }): you are { $side }; { $kind ->
    [forced-win] { $n ->
        [1] win the game with one move
       *[other] force a win in { $n } plies, whatever the opponent does
    }
   *[material] find the move that wins material: it leads every other move by { $n } or more (seed difference)
}.
puzzle-reply = Right! The opponent answers { $pit }. Your move again.
puzzle-solved = Solved!{ $rating } { $record }
# $kind as in puzzle-task; $pit: the member's move, $best: the listed one.
puzzle-also = { $kind ->
    [forced-win] { $pit } wins too; the fastest was { $best }.
   *[material] { $pit } works too, within a few seeds of the best move, { $best }.
}
# $after: how the game stands after the move (a sentence like "You are behind by about 3 seeds").
puzzle-failed = { $pit } is not it: after it, { $after } (the best move: { $best }). The solution was { $solution }.{ $rating } { $record }
puzzle-rating-change = {" "}Puzzle rating { $before } -> { $after }.
puzzle-practice = {" "}(Practice: a puzzle counts once.)
puzzle-record = Solved { $solved }, failed { $failed }, streak { $streak } (best { $best }).
