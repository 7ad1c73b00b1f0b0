# Die Analyse des Computers auf der Seite einer Partie (web/analysis.js): die
# Grafik der Auswertung, die beste Folge und Varianten, die nur auf der Seite probiert werden.
refusal-engine-later = die Analyse des Computers öffnet sich, wenn die Partie vorbei ist: keine Hilfe der Engine während einer Partie zwischen Menschen
refusal-variation-ply = die Partie hat { $plies ->
        [one] { $plies } Halbzug
       *[other] { $plies } Halbzüge
    }: es gibt keinen Halbzug { $ply }, von dem eine Variante ausgehen könnte
refusal-variation-length = eine Variante hat höchstens { $max } Halbzüge
web-analysis = Analyse des Computers
web-analysis-graph = Bewertung nach jedem Halbzug, in Samen: über der Mittellinie führt { $south }, darunter { $north }.
web-analysis-thinking = Der Computer wertet die Partie aus …
web-analysis-move = Halbzug
web-analysis-player = Spieler
web-analysis-played = Gespielt
web-analysis-best = Bester
web-analysis-eval = Bewertung
web-analysis-mark = Urteil
web-analysis-start = Anfang: { $eval }
web-analysis-forced = { $player } gewinnt in { $plies ->
        [one] { $plies } Halbzug
       *[other] { $plies } Halbzügen
    }
web-analysis-point = Halbzug { $ply }: { $player } spielte { $played }; { $eval }
web-analysis-point-marked = Halbzug { $ply }: { $player } spielte { $played }, { $kind ->
        [mistake] ein Fehler
        [blunder] ein Patzer
       *[inaccuracy] eine Ungenauigkeit
    } ({ $best } war besser); { $eval }
web-analysis-line = Beste Folge: { $line } ({ $eval })
web-analysis-line-over = Die Partie ist hier vorbei: keine Folge zu zeigen.
web-analysis-try = Hier Züge ausprobieren
web-analysis-answer = Die Antwort des Computers spielen
web-analysis-leave = Zurück zur Partie
web-analysis-in-variation = Eine Variante, nie in der Partie gespielt: tippe auf eine Mulde, um einen Zug zu probieren.
