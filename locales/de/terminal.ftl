# Das Spiel im Terminal (isolo-bot play). Befehle an der Eingabe (board,
# hint, quit ...) bleiben englisch: Das tippt der Spieler ein.

terminal-help = Befehle: <Mulde> (z. B. b2) oder move <Mulde> | board | png [Datei] | animate [Datei] | save <Datei> | hint | draw | resign | history | rules | help | quit (nach der Partie: review | history | save <Datei>)
terminal-unknown-command = unbekannter Befehl; gib help ein
terminal-save-needs-file = save braucht einen Dateinamen, z. B.: save partie.isolo
terminal-leave-ask = Die laufende Partie verlassen? Gib yes ein (oder drück noch einmal Strg-D), um zu gehen; alles andere spielt weiter:{" "}
terminal-goes-on = Die Partie geht weiter.
terminal-left-unfinished = Ende der Eingabe: Die Partie wurde nicht beendet.
terminal-game-over = Die Partie ist vorbei: `review` zeigt die Analyse des Computers, `history` das Protokoll, `save <Datei>` speichert sie; Enter beendet.
terminal-draw-declined = der Computer lehnt das Unentschieden ab: Er liegt bei den Samen vorn
terminal-draw-offered = Unentschieden angeboten; der Gegner kann mit `draw` annehmen
terminal-no-move-yet = es wurde noch kein Zug gespielt
# $variant: Frauenvariante oder Jungenvariante (variant-women, variant-boys).
terminal-intro = Isolo, { $variant }: Du bist Süd (Reihen 1-2, unten), { $north } ist Nord.
terminal-prompt = { $player } am Zug>
terminal-hint = Ich würde { $pit } spielen{ $captured ->
        [0] {""}
       *[other] {" "}und dabei { $captured } Samen schlagen
    }. { $evaluation }.
terminal-cannot-write = { $path } kann nicht geschrieben werden: { $error } (die Partie geht weiter)
terminal-saved = Partieprotokoll in { $path } gespeichert (isolo-bot replay --record { $path } liest es wieder ein)
terminal-wrote = { $path } geschrieben
# $what beschreibt das Bild (sein Alternativtext).
terminal-wrote-picture = { $path } geschrieben ({ $what })
terminal-train-help = gib eine Mulde ein (z. B. b2), um zu ziehen | board | help | quit
terminal-course-done = Du hast alle Lektionen des Kurses geschafft. Spiel eine Partie mit: isolo-bot play
terminal-board-picture = (Brettbild: { $path })
terminal-lesson = Lektion { $n } von { $total }.
terminal-you = Spieler
terminal-friend = Freund
terminal-web-open = Das Live-Brett läuft unter { $url }: öffne es im Browser. Strg+C beendet es.
