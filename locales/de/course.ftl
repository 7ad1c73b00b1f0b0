# Der Kurs (/isolo lernen, isolo-bot play --learn): Jede Lektion hat eine
# Einführung, Tipps für einen falschen Zug und ein Wort zum Abschluss.
# Mulden heißen a1-h4; Süd gehören die Reihen 1-2.

lesson-sowing = Säen. Dir gehören die beiden Reihen, die dir am nächsten sind. Bei einem Zug leerst du eine deiner Mulden mit mindestens zwei Samen und säst die Samen einzeln in die folgenden Mulden: deine äußere Reihe entlang von links nach rechts (von a1 Richtung h1), dann deine innere Reihe zurück (von h2 Richtung a2) und immer weiter im Kreis. Ein einzelner Samen kann nicht gespielt werden.
lesson-sowing-done = Gut gemacht: Der letzte Samen fiel in eine leere Mulde, deshalb endete der Zug dort.
lesson-corner = Wo ein Durchgang endet. Nach h1 biegen die Samen um die Ecke in deine innere Reihe bei h2 und laufen weiter Richtung a2. Fällt der letzte Samen in eine leere Mulde, ist der Zug vorbei.
lesson-corner-done = Richtig: h1, h2, dann g2, und g2 war leer.
lesson-relay = Weitersäen. Landet der letzte Samen in einer Mulde, in der schon Samen lagen (und gibt es nichts zu schlagen), nimmst du alle Samen dieser Mulde auf und säst von dort weiter: ein neuer Durchgang. In einem Zug kannst du viele Male weitersäen.
lesson-relay-done = Das war Weitersäen: Der Durchgang endete auf Samen, also hast du sie aufgenommen und weitergesät.
lesson-capture = Das Schlagen. Endet ein Durchgang auf einer nicht leeren Mulde deiner inneren Reihe und liegen in den beiden gegnerischen Mulden derselben Spalte Samen, schlägst du: Du nimmst die Samen aus beiden.
lesson-capture-done = Geschlagen! Die Samen kamen aus den gegnerischen Mulden in der Spalte deines letzten Samens.
lesson-capture-sowing = Geschlagene Samen säen. Geschlagene Samen säst du in deine eigenen Mulden, beginnend hinter der Mulde, mit der der schlagende Durchgang begann (seiner Ausgangsmulde).
lesson-capture-sowing-done = Richtig: Die geschlagenen Samen starteten hinter der Ausgangsmulde des Durchgangs und liefen deshalb bis b1.
lesson-move-ends = Wann ein Zug endet. Ein Zug geht Durchgang für Durchgang weiter, bis der letzte Samen in eine leere Mulde fällt oder bis geschlagene Samen gesät sind (nach den Standardregeln endet der Zug dann, egal was in der Mulde liegt).
lesson-move-ends-done = Drei Durchgänge: zweimal weitergesät, dann hat eine leere Mulde den Zug beendet.
lesson-who-wins = Wer gewinnt. Wer am Zug ist und nicht ziehen kann, weil keine seiner Mulden mindestens zwei Samen enthält, verliert. Wer alle Samen des Gegners schlägt, gewinnt sofort.
lesson-who-wins-done = Nord hat nur noch einzelne Samen: Er kann nicht ziehen, also gewinnst du.
lesson-nghana = Die Jungenvariante. Sie beginnt mit einer festen Aufstellung: Die Mulde ganz rechts in der äußeren Reihe jedes Spielers ist seine Ng'hana, mit 17 Samen. In der Eröffnungsphase ist seine Spalte ganz rechts aus dem Spiel und kann nicht geschlagen werden. Wer seine Ng'hana spielt, beendet damit seine Eröffnung und sät ihre 17 Samen einmal ganz herum.
lesson-nghana-done = Die Ng'hana ist gespielt: Deine Eröffnung ist vorbei, deine ganze Seite ist jetzt im Spiel und kann geschlagen werden.
lesson-overture = In der Eröffnung überspringt dein Säen deine Spalte ganz rechts: Nach g1 kommt g2. Geschlagen wird wie in der Frauenvariante.
lesson-overture-done = Das Säen hat h1 und h2 übersprungen und in der inneren Reihe geschlagen.
lesson-take-the-most = Eine erste Taktik: Zähl vor deinem Zug nach, wo der letzte Samen jedes Zuges landet und was er schlägt. Nimm den größten Fang.
lesson-take-the-most-done = Acht Samen: der größere Fang.
lesson-look-ahead = Eine zweite Taktik: Denk einen Zug weiter. Finde den Zug, nach dem du gewinnen kannst, egal was dein Gegner antwortet.
lesson-look-ahead-done = Du hast es bis zum Ende durchschaut: Genau so funktionieren Rätsel.
hint-count = Zähl die Samen: Aus welcher Mulde erreicht der letzte Samen { $pit }?
hint-corner = Folge den Samen um die Ecke: Nach h1 kommt h2.
hint-relay = Such eine Mulde, deren letzter Samen in einer Mulde landet, in der schon Samen liegen.
hint-capture-where = Geschlagen wird nur in deiner inneren Reihe (Reihe 2 für Süd).
hint-capture-opposite = Welcher Zug endet auf { $pit }, gegenüber den Samen des Gegners?
hint-capture-origin = Die geschlagenen Samen beginnen hinter der Mulde, aus der der schlagende Durchgang startete.
hint-move-ends = Weitersäen führt den Zug fort: Finde einen Zug, der zweimal auf Samen landet.
hint-who-wins = Nord hat nur eine Mulde mit zwei Samen. Schlag sie.
hint-nghana = Deine Ng'hana ist { $pit }.
hint-overture = Geschlagen wird erst nach dem Weitersäen: Verfolge c1.
hint-compare = Hier schlagen zwei Züge: Zähl beide durch.
hint-look-ahead = Welcher Zug lässt dem Gegner nur schlechte Antworten?

# Die Aufgabe einer Lektion.
task-last-seed-in = Aufgabe: Lass deinen letzten Samen in { $pit } landen.
task-laps = Aufgabe: Mach einen Zug mit mindestens { $laps ->
        [one] { $laps } Durchgang
       *[other] { $laps } Durchgängen
    }.
task-capture = { $seeds ->
    [0] Aufgabe: Schlag Samen des Gegners.
    [1] Aufgabe: Schlag Samen des Gegners.
   *[other] Aufgabe: Schlag mindestens { $seeds } Samen.
}
task-end-overture = Aufgabe: Beende deine Eröffnung (spiel deine Ng'hana).
task-win = Aufgabe: Gewinne die Partie.

# Ein Zug, Durchgang für Durchgang erzählt. $from und $end sind die
# Wendungen darunter.
lap = Durchgang { $lap }: { $seeds } Samen { $from } in { $pits }; { $end }.
lap-from-move = aus { $pit }
lap-from-relay = weiter aus { $pit }
lap-from-capture = geschlagen, hinter { $pit } weiter
lap-end-empty = { $pit } war leer, also endet der Zug
lap-end-relay = { $pit } war nicht leer: Seine { $seeds } Samen werden aufgenommen und weitergesät
lap-end-capture = { $pit } liegt in der inneren Reihe, gegenüber liegen Samen: { $taken } geschlagen
lap-end-sown = die geschlagenen Samen sind gesät, also endet der Zug
lap-end-wipe-out = der Gegner hat keine Samen mehr: Du gewinnst
