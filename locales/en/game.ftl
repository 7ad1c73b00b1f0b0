# What happened in a game: moves, endings, reviews. $player, $winner and the
# like are names (or mentions); pits are written a1-h4 in every language.

# One move. $laps counts the laps sown; $nghana is "yes" when the move played
# the ng'hana (the boys' 17-seed pit) and so ended the overture.
move-described = { $player } sowed { $pit }{ $laps ->
        [1] {""}
       *[other] {" "}({ $laps } laps)
    }{ $nghana ->
        [yes] , playing the ng'hana and ending the overture
       *[no] {""}
    }{ $captured ->
        [0] : no capture.
        [one] : captured { $captured } seed ({ $captures }).
       *[other] : captured { $captured } seeds ({ $captures }).
    }
move-capture-part = { $seeds } from { $pit }

# Why a game ended, without names.
termination = { $reason ->
    [no-legal-move] the opponent has no legal move left
    [repetition] the same position came up three times
    [ply-limit] 2,000 plies were played
    [resignation] the opponent resigned
    [agreement] both players agreed
    [timeout] the opponent ran out of time
    [aborted] a moderator aborted the game
   *[abandoned] nobody moved for too long
}

# The same, in a few words for the board picture's result line.
termination-short = { $reason ->
    [no-legal-move] no legal move left
    [repetition] third repetition
    [ply-limit] 2,000 plies
    [resignation] resigned
    [agreement] agreed
    [timeout] out of time
    [aborted] game aborted
   *[abandoned] abandoned: draw
}

result-no-winner = { $reason ->
    [aborted] Game #{ $game } was aborted by a moderator: no result.
   *[abandoned] Game #{ $game } is over: nobody moved for too long, so it ends as a draw (unrated).
}
result-draw = Game #{ $game } is a draw: { $reason ->
    [repetition] the same position came up three times
    [ply-limit] 2,000 plies were played
   *[agreement] both players agreed
}.
# $side is the winner's side (South, North); $loser the other player's name.
result-win = { $winner } wins game #{ $game } as { $side }: { $reason ->
    [no-legal-move] { $loser } has no legal move left
    [resignation] { $loser } resigned
    [timeout] { $loser } ran out of time
    [repetition] the same position came up three times
    [ply-limit] 2,000 plies were played
   *[agreement] both players agreed
}.
result-rating-change = { $player }: { $before } -> { $after } ({ $change })

review-title = Review of game #{ $game }
review-players = ({ $south } vs { $north }).
review-clean = No move gave away a seed or more: a clean game.
review-turning-points = Turning points (values for the mover: seeds ahead, or a forced result):
# $kind: inaccuracy, mistake or blunder; $before and $after are scores.
review-turning-point = - ply { $ply }: { $player } played { $played } ({ $kind ->
        [mistake] mistake
        [blunder] blunder
       *[inaccuracy] inaccuracy
    }); { $best } was better ({ $before } instead of { $after }).
review-player-tally = { $player }: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $tally }.
review-nothing-given = no move gave anything away

# The review's table (a file, and isolo-bot review): columns, then notes.
review-table-header = ply   side   move best       before       after   loss
review-table-won = { $side } won
review-table-draw = draw
review-table-result = result: { $outcome } ({ $reason })
review-table-no-turning-points = turning points: none (no move gave away a seed or more)
review-table-turning-points = turning points:
# $forced is yes when a forced result was at stake (then no seed count is given).
review-table-turning-point = {"  "}ply { $ply }: { $side } played { $played } ({ $kind ->
        [mistake] mistake
        [blunder] blunder
       *[inaccuracy] inaccuracy
    }){ $forced ->
        [yes] {""}
       *[no] , gave away { $loss } seeds
    }; { $best } was better ({ $before } instead of { $after })
review-table-side-total = { $side }: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }: { $tally }; { $loss } seeds given away in all (a forced win counts +64, a forced loss -64)
review-table-conditional = (conditional move)
