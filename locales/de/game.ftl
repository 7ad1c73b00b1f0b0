# Was in einer Partie geschah: Züge, Enden, Analysen. $player, $winner und
# Ähnliche sind Namen (oder Erwähnungen); Mulden heißen a1-h4.

# Ein Zug. $laps zählt die gesäten Durchgänge; $nghana ist „yes“, wenn der
# Zug die Ng'hana (die 17-Samen-Mulde der Jungenvariante) gespielt und damit
# die Eröffnung beendet hat.
move-described = { $player } sät aus { $pit }{ $laps ->
        [1] {""}
       *[other] {" "}({ $laps } Durchgänge)
    }{ $nghana ->
        [yes] , spielt damit die Ng'hana und beendet die Eröffnung
       *[no] {""}
    }{ $captured ->
        [0] : kein Schlag.
       *[other] : { $captured } Samen geschlagen ({ $captures }).
    }
move-capture-part = { $seeds } aus { $pit }

# Warum eine Partie endete, ohne Namen.
termination = { $reason ->
    [no-legal-move] der Gegner hat keinen gültigen Zug mehr
    [repetition] dieselbe Stellung kam dreimal vor
    [ply-limit] es wurden 2.000 Halbzüge gespielt
    [resignation] der Gegner hat aufgegeben
    [agreement] beide haben sich geeinigt
    [timeout] der Gegner hat seine Zeit überschritten
    [aborted] ein Moderator hat die Partie abgebrochen
   *[abandoned] zu lange hat niemand gezogen
}

# Dasselbe in wenigen Worten für die Ergebniszeile im Brettbild.
termination-short = { $reason ->
    [no-legal-move] kein gültiger Zug mehr
    [repetition] dritte Wiederholung
    [ply-limit] 2.000 Halbzüge
    [resignation] aufgegeben
    [agreement] Einigung
    [timeout] Zeit abgelaufen
    [aborted] Partie abgebrochen
   *[abandoned] niemand zog: unentschieden
}

result-no-winner = { $reason ->
    [aborted] Partie #{ $game } wurde von einem Moderator abgebrochen: kein Ergebnis.
   *[abandoned] Partie #{ $game } ist vorbei: Zu lange hat niemand gezogen, deshalb endet sie unentschieden (ungewertet).
}
result-draw = Partie #{ $game } endet unentschieden: { $reason ->
    [repetition] Dieselbe Stellung kam dreimal vor
    [ply-limit] Es wurden 2.000 Halbzüge gespielt
   *[agreement] Beide haben sich geeinigt
}.
# $side ist die Seite des Siegers (Süd, Nord); $loser der Name des anderen.
result-win = { $winner } gewinnt Partie #{ $game } als { $side }: { $reason ->
    [no-legal-move] { $loser } hat keinen gültigen Zug mehr
    [resignation] { $loser } hat aufgegeben
    [timeout] { $loser } hat die Zeit überschritten
    [repetition] Dieselbe Stellung kam dreimal vor
    [ply-limit] Es wurden 2.000 Halbzüge gespielt
   *[agreement] Beide haben sich geeinigt
}.
result-rating-change = { $player }: { $before } -> { $after } ({ $change })

review-title = Analyse der Partie #{ $game }
review-players = ({ $south } gegen { $north }).
review-clean = Kein Zug hat auch nur einen Samen verschenkt: eine saubere Partie.
review-turning-points = Wendepunkte (Werte aus Sicht des Ziehenden: Vorsprung in Samen oder ein erzwungenes Ergebnis):
# $kind: inaccuracy, mistake oder blunder; $before und $after sind Bewertungen.
review-turning-point = - Halbzug { $ply }: { $player } spielte { $played } ({ $kind ->
        [mistake] Fehler
        [blunder] Patzer
       *[inaccuracy] Ungenauigkeit
    }); { $best } war besser ({ $before } statt { $after }).
review-player-tally = { $player }: { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, { $tally }.
review-nothing-given = kein Zug hat etwas verschenkt

# Die Tabelle der Analyse (eine Datei, und isolo-bot review): Spalten, dann Notizen.
review-table-header = Nr.   Seite  Zug  Best       vorher     nachher  Verl.
review-table-won = { $side } hat gewonnen
review-table-draw = unentschieden
review-table-result = Ergebnis: { $outcome } ({ $reason })
review-table-no-turning-points = Wendepunkte: keine (kein Zug hat auch nur einen Samen verschenkt)
review-table-turning-points = Wendepunkte:
# $forced ist yes, wenn ein erzwungenes Ergebnis auf dem Spiel stand (dann ohne Samenzahl).
review-table-turning-point = {"  "}Halbzug { $ply }: { $side } spielte { $played } ({ $kind ->
        [mistake] Fehler
        [blunder] Patzer
       *[inaccuracy] Ungenauigkeit
    }){ $forced ->
        [yes] {""}
       *[no] , verschenkte { $loss } Samen
    }; { $best } war besser ({ $before } statt { $after })
review-table-side-total = { $side }: { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }: { $tally }; insgesamt { $loss } Samen verschenkt (ein erzwungener Sieg zählt +64, eine erzwungene Niederlage -64)
review-table-conditional = (bedingter Zug)
