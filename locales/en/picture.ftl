# The board picture, its text version (a code block) and its alt text (for
# screen readers). Pits are a1-h4 in every language; $side is a side's name
# (South, North); $who a side with its player's name ("South (alice)").

## The picture's bands and banner. Keep them short: they share one line.

# A side's seed total.
picture-seeds = { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
# The pill at the right of a band: the winner, a draw, whose turn it is, or
# the move being animated ($pit is a pit).
picture-pill = { $pill ->
        [winner] WINNER
        [draw] DRAW
        [playing] PLAYING { $pit }
       *[to-move] TO MOVE
    }
# The last move, drawn with the pits in their marks' colours.
picture-played = played { $from } → { $end }
picture-took = took { $seeds }
# The boys' game: whether the side is still in its overture.
picture-overture = { $overture ->
        [in] in overture
       *[over] overture over
    }
# The result line across the board ($winner, $loser: names).
picture-result = { $outcome ->
        [win] { $winner } wins
       *[draw] Draw
    } · { $reason ->
        [no-legal-move] no legal move left
        [repetition] third repetition
        [ply-limit] 2,000 plies
        [resignation] { $loser } resigned
        [agreement] agreed
        [timeout] { $loser } ran out of time
        [aborted] game aborted
       *[abandoned] abandoned: draw
    }

## The text board.

# House rules that differ from the defaults, as a sentence (text board,
# alt text); $rules joins house-rule-captures-go-on and house-rule-capturing-pit.
board-house-rules = House rules: { $rules }
# A side, with its player's name when there is one.
board-who = { $side } ({ $name })
board-at-the-bottom = { $who } at the bottom
# A side's line: its seeds, the boys' overture, and the turn.
board-band = { $who }: { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }{ $overture ->
        [in] , in overture
        [over] , overture over
       *[none] {""}
    }{ $turn ->
        [yes] {"  "}<< to move
       *[no] {""}
    }
# $taken lists the captured pits with their seeds ("c3 2, d3 3").
board-last = Last: { $side } played { $from } -> { $end }{ $captured ->
        [0] {""}
       *[other] , took { $captured } ({ $taken })
    }
# The legend of the grid's marks; $symbol is the mark itself.
board-mark = { $symbol } { $mark ->
        [from] from
        [end] end
        [taken] taken
       *[protected] protected (overture)
    }
board-marks = Marks: { $marks }
board-result = Result: { $result } ({ $notation })

## The alt text.

# $variant is variant-women or variant-boys.
alt-intro = Isolo board, { $variant } game, { $bottom }.
# A side's half: which ranks, at the top or the bottom, its seeds, and the
# boys' overture ($nghana: the protected pit).
alt-side = { $who }, ranks { $first } and { $second }, { $place ->
        [top] top
       *[bottom] bottom
    }: { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }{ $overture ->
        [in] , in overture (ng'hana { $nghana } protected)
        [over] , overture over
       *[none] {""}
    }.
# Every rank's seed counts, top to bottom; $ranks joins alt-rank with "; ".
alt-seeds = Seeds by rank, top to bottom, columns { $first } to { $last }: { $ranks }.
alt-rank = rank { $rank }: { $seeds }
# $captures lists move-capture-part ("2 from c3 and 3 from d3").
alt-last = Last move: { $side } played { $from }, ending at { $end }{ $captured ->
        [0] {""}
       *[other] , capturing { $captures }
    }.
alt-over = Game over: { $result }.
alt-to-move = { $side } to move.
