# Words every other file uses. Pit names (a1-h4) stay as they are in every
# language; so does the game's own term ng'hana. "Overture", the boys' opening
# phase, is an English word: translate it (sw ufunguzi, fr ouverture, es
# apertura, pt abertura, de Eröffnung). Both are explained where a player
# first meets them.

# The language's name in itself, offered in /isolo settings.
language-name = English

# Lists: "a, b and c". $init is every item but the last, joined by
# list-separator.
list-and = { $init } and { $last }
list-separator = {", "}

side-south = South
side-north = North

variant-women = women's
variant-boys = boys'
# Short names, as in a list of games.
variant-short-women = women
variant-short-boys = boys

# $kind: inaccuracy, mistake or blunder.
judgement = { $kind ->
    [mistake] { $count ->
        [one] { $count } mistake
       *[other] { $count } mistakes
    }
    [blunder] { $count ->
        [one] { $count } blunder
       *[other] { $count } blunders
    }
   *[inaccuracy] { $count ->
        [one] { $count } inaccuracy
       *[other] { $count } inaccuracies
    }
}

score-win-in = win in { $plies }
score-loss-in = loss in { $plies }

evaluation-forced-win = You can force a win in { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }
evaluation-forced-loss = Your opponent can force a win in { $plies ->
        [one] { $plies } ply
       *[other] { $plies } plies
    }
# $direction: ahead, behind or even; $seeds is never negative.
evaluation-seeds = { $direction ->
    [even] The game is even
    [ahead] You are ahead by about { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
   *[behind] You are behind by about { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
}

# Durations: "3 days 4 hours", "2 hours 5 minutes". $unit: day, hour or minute.
duration-part = { $unit ->
    [day] { $count ->
        [one] { $count } day
       *[other] { $count } days
    }
    [hour] { $count ->
        [one] { $count } hour
       *[other] { $count } hours
    }
   *[minute] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
}
duration-two-parts = { $first } { $second }
duration-less-than-a-minute = less than a minute

# House rules a game may be played under (the standard ones are not named).
house-rules = house rules: { $rules }
house-rule-captures-go-on = captures go on
house-rule-capturing-pit = captures sown from the capturing pit
