# Rätsel: Stellungen, die die Engine gefunden und bewiesen hat. Ein
# „Halbzug“ ist ein Zug eines Spielers.

# $kind: forced-win (Sieg in $n Halbzügen) oder material (mindestens $n
# Samen besser als jeder andere Zug).
puzzle-task = Rätsel { $id } (Wertung { $rating }): Du spielst { $side }; { $kind ->
    [forced-win] { $n ->
        [1] gewinne die Partie mit einem Zug
       *[other] erzwinge den Sieg in { $n } Halbzügen, egal was der Gegner tut
    }
   *[material] finde den Zug, der Material gewinnt: Er ist jedem anderen Zug um mindestens { $n } voraus (Differenz der Samen)
}.
puzzle-reply = Richtig! Der Gegner antwortet { $pit }. Du bist wieder am Zug.
puzzle-solved = Gelöst!{ $rating } { $record }
puzzle-also = { $kind ->
    [forced-win] { $pit } gewinnt auch; am schnellsten war { $best }.
   *[material] { $pit } geht auch: nur wenige Samen hinter dem besten Zug, { $best }.
}
# $after: wie die Partie nach dem Zug steht (ein Satz wie „Du liegst etwa 3 Samen zurück“).
puzzle-failed = { $pit } ist es leider nicht. Stand danach: { $after } (bester Zug: { $best }). Die Lösung war { $solution }.{ $rating } { $record }
puzzle-rating-change = {" "}Rätselwertung { $before } -> { $after }.
puzzle-practice = {" "}(Übung: Jedes Rätsel zählt nur einmal.)
puzzle-record = { $solved } gelöst, { $failed } nicht gelöst, Serie { $streak } (Bestwert { $best }).
