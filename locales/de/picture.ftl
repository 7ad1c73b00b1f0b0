# Das Brett als Bild, als Text (in einem Codeblock) und seine Beschreibung für
# Screenreader. Mulden heißen in jeder Sprache a1-h4; $side ist der Name einer
# Seite (Süd, Nord); $who eine Seite mit dem Namen ihres Spielers ("Süd (alice)").

## Die Leisten und das Banner des Bildes: kurz, sie teilen sich eine Zeile.

picture-seeds = { $seeds } Samen
# Das Schild rechts in einer Leiste ($pit ist eine Mulde).
picture-pill = { $pill ->
        [winner] SIEGER
        [draw] UNENTSCHIEDEN
        [playing] SPIELT { $pit }
       *[to-move] AM ZUG
    }
picture-played = spielte { $from } → { $end }
picture-took = schlug { $seeds }
picture-overture = { $overture ->
        [in] in der Eröffnung
       *[over] Eröffnung vorbei
    }
picture-result = { $outcome ->
        [win] { $winner } gewinnt
       *[draw] Unentschieden
    } · { $reason ->
        [no-legal-move] kein gültiger Zug mehr
        [repetition] dritte Wiederholung
        [ply-limit] 2.000 Halbzüge
        [resignation] { $loser } gab auf
        [agreement] Einigung
        [timeout] { $loser } hat keine Zeit mehr
        [aborted] Partie abgebrochen
       *[abandoned] niemand zog: unentschieden
    }

## Das Brett als Text.

# Die Hausregeln als Satzanfang (Brett als Text, Beschreibung).
board-house-rules = Hausregeln: { $rules }
board-who = { $side } ({ $name })
board-at-the-bottom = { $who } unten
board-band = { $who }: { $seeds } Samen{ $overture ->
        [in] , in der Eröffnung
        [over] , Eröffnung vorbei
       *[none] {""}
    }{ $turn ->
        [yes] {"  "}<< am Zug
       *[no] {""}
    }
board-last = Zuletzt: { $side } spielte { $from } -> { $end }{ $captured ->
        [0] {""}
       *[other] , schlug { $captured } ({ $taken })
    }
board-mark = { $symbol } { $mark ->
        [from] Start
        [end] Ende
        [taken] geschlagen
       *[protected] geschützt (Eröffnung)
    }
board-marks = Zeichen: { $marks }
board-result = Ergebnis: { $result } ({ $notation })

## Die Beschreibung für Screenreader.

alt-intro = Isolo-Brett, { $variant }, { $bottom }.
alt-side = { $who }, Reihen { $first } und { $second }, { $place ->
        [top] oben
       *[bottom] unten
    }: { $seeds } Samen{ $overture ->
        [in] , in der Eröffnung (Ng'hana { $nghana } geschützt)
        [over] , Eröffnung vorbei
       *[none] {""}
    }.
alt-seeds = Samen je Reihe, von oben nach unten, Spalten { $first } bis { $last }: { $ranks }.
alt-rank = Reihe { $rank }: { $seeds }
alt-last = Letzter Zug: { $side } spielte { $from } und endete auf { $end }{ $captured ->
        [0] {""}
       *[other] , schlug { $captures }
    }.
alt-over = Partie vorbei: { $result }.
alt-to-move = { $side } ist am Zug.
