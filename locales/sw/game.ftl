# Yaliyotokea katika mchezo: hatua, mwisho wa mchezo, uchambuzi. $player,
# $winner na mengineyo ni majina (au mentions); mashimo ni a1-h4.

# One move. $laps counts the laps sown; $nghana is "yes" when the move played
# the ng'hana (the boys' 17-seed pit) and so ended the overture.
move-described = { $player } amecheza { $pit }{ $laps ->
        [1] {""}
       *[other] {" "}(mizunguko { $laps })
    }{ $nghana ->
        [yes] , akicheza ng'hana yake na kumaliza ufunguzi wake
       *[no] {""}
    }{ $captured ->
        [0] : hakula kitu.
       *[other] : amekula kete { $captured } ({ $captures }).
    }
move-capture-part = { $seeds } kutoka { $pit }

# Why a game ended, without names.
termination = { $reason ->
    [no-legal-move] mpinzani hana hatua halali iliyobaki
    [repetition] nafasi ileile imejirudia mara tatu
    [ply-limit] hatua 2,000 zimechezwa
    [resignation] mpinzani amejitoa
    [agreement] wachezaji wote wawili wamekubaliana
    [timeout] muda wa mpinzani umekwisha
    [aborted] msimamizi amesitisha mchezo
   *[abandoned] hakuna aliyecheza kwa muda mrefu mno
}

# The same, in a few words for the board picture's result line.
termination-short = { $reason ->
    [no-legal-move] hakuna hatua halali
    [repetition] marudio ya tatu
    [ply-limit] hatua 2,000
    [resignation] amejitoa
    [agreement] makubaliano
    [timeout] muda umekwisha
    [aborted] mchezo umesitishwa
   *[abandoned] umetelekezwa: sare
}

result-no-winner = { $reason ->
    [aborted] Mchezo #{ $game } umesitishwa na msimamizi: hakuna matokeo.
   *[abandoned] Mchezo #{ $game } umekwisha: hakuna aliyecheza kwa muda mrefu mno, kwa hiyo umeisha kwa sare (haihesabiwi kwenye alama).
}
result-draw = Mchezo #{ $game } umeisha kwa sare: { $reason ->
    [repetition] nafasi ileile imejirudia mara tatu
    [ply-limit] hatua 2,000 zimechezwa
   *[agreement] wachezaji wote wawili wamekubaliana
}.
# $side is the winner's side (Kusini, Kaskazini); $loser the other player's name.
result-win = { $winner } ameshinda mchezo #{ $game } akiwa { $side }: { $reason ->
    [no-legal-move] { $loser } hana hatua halali iliyobaki
    [resignation] { $loser } amejitoa
    [timeout] muda wa { $loser } umekwisha
    [repetition] nafasi ileile imejirudia mara tatu
    [ply-limit] hatua 2,000 zimechezwa
   *[agreement] wachezaji wote wawili wamekubaliana
}.
result-rating-change = { $player }: { $before } -> { $after } ({ $change })

review-title = Uchambuzi wa mchezo #{ $game }
review-players = ({ $south } dhidi ya { $north }).
review-clean = Hakuna hatua iliyopoteza kete moja au zaidi: mchezo safi.
review-turning-points = Hatua zilizogeuza mchezo (thamani ni kwa aliyecheza: kete anazoongoza, au matokeo ya lazima):
# $kind: inaccuracy, mistake or blunder; $before and $after are scores.
review-turning-point = - hatua ya { $ply }: { $player } alicheza { $played } ({ $kind ->
        [mistake] kosa
        [blunder] kosa kubwa
       *[inaccuracy] dosari
    }); { $best } ingekuwa bora zaidi ({ $before } badala ya { $after }).
review-player-tally = { $player }: hatua { $moves }, { $tally }.
review-nothing-given = hakuna hatua iliyopoteza chochote

# The review's table (a file, and isolo-bot review): columns, then notes.
# Columns: # (ply), upande (side), hatua (move), bora (best), kabla (before),
# baada (after), hasara (seeds given away).
review-table-header = {"   "}#  upande  hatua bora        kabla       baada  hasara
review-table-won = { $side } ameshinda
review-table-draw = sare
review-table-result = matokeo: { $outcome } ({ $reason })
review-table-no-turning-points = hatua zilizogeuza mchezo: hakuna (hakuna hatua iliyopoteza kete moja au zaidi)
review-table-turning-points = hatua zilizogeuza mchezo:
# $forced is yes when a forced result was at stake (then no seed count is given).
review-table-turning-point = {"  "}hatua ya { $ply }: { $side } alicheza { $played } ({ $kind ->
        [mistake] kosa
        [blunder] kosa kubwa
       *[inaccuracy] dosari
    }){ $forced ->
        [yes] {""}
       *[no] , akapoteza kete { $loss }
    }; { $best } ingekuwa bora zaidi ({ $before } badala ya { $after })
review-table-side-total = { $side }: hatua { $moves }: { $tally }; jumla ya kete { $loss } zilizopotezwa (ushindi wa lazima unahesabiwa +64, kushindwa kwa lazima -64)
review-table-conditional = (hatua ya masharti)
