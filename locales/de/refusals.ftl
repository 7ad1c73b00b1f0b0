# Ablehnungen: warum etwas nicht getan wurde. Wenn eine erscheint, hat sich
# nichts geändert. Namen ($name, $south ...) sind Anzeigenamen von Mitgliedern.

refusal-no-game = in diesem Kanal gibt es keine Partie
refusal-no-such-game = auf diesem Server gibt es keine beendete Partie #{ $game }
refusal-no-challenge = in diesem Kanal gibt es keine offene Herausforderung
refusal-busy = in diesem Kanal läuft schon eine Partie (Partie #{ $game }, { $south } gegen { $north })
refusal-which-challenge = hier betreffen dich mehrere Herausforderungen ({ $names }): Nenne den anderen Spieler mit der Option des Befehls
refusal-challenge-pending = { $challenger } hat { $opponent } hier schon herausgefordert: Diese Herausforderung muss erst beantwortet oder zurückgezogen werden
refusal-self-challenge = du kannst dich nicht selbst herausfordern: Fordere jemand anderen heraus oder den Bot für eine Partie gegen den Computer
refusal-bot-opponent = { $name } ist ein Bot-Konto: Fordere einen Menschen heraus oder mich für eine Partie gegen den Computer
refusal-not-the-opponent = nur { $name } kann diese Herausforderung beantworten
refusal-not-the-challenger = nur { $name } hat diese Herausforderung gestellt und kann sie zurückziehen
refusal-not-a-player = du spielst in dieser Partie nicht mit ({ $south } gegen { $north })
refusal-not-your-turn = du bist nicht am Zug: { $name } ist dran
refusal-bad-pit = „{ $text }“ ist keine Mulde: Nenne eine mit Spalte a-h und Reihe 1-4, z. B. b2
refusal-not-moderator = nur Moderatoren (Nachrichten verwalten) können eine Partie oder ihre Herausforderungen abbrechen
refusal-hints-not-allowed = Tipps gibt es nur in Partien gegen den Bot
# $list nennt die Partien, etwa „#12 und #15“.
refusal-still-playing = das geht erst, wenn { $games ->
        [0] {""}
        [one] deine Partie { $list } beendet ist
       *[other] deine Partien { $list } beendet sind
    }{ $games ->
        [0] {""}
       *[other] { $challenges ->
            [0] {""}
           *[other] {" "}und{" "}
        }
    }{ $challenges ->
        [0] {""}
        [one] deine offene Herausforderung beantwortet oder zurückgezogen ist
       *[other] deine { $challenges } offenen Herausforderungen beantwortet oder zurückgezogen sind
    }
refusal-former-member = der andere Spieler ist kein Mitglied mehr
refusal-no-last-game = in diesem Kanal gibt es keine beendete Partie für eine Revanche
refusal-nothing-to-review = in diesem Kanal gibt es keine beendete Partie zum Analysieren: Partien werden analysiert, sobald sie vorbei sind
refusal-nothing-to-claim = hier gibt es nichts einzufordern: Die Zeit deines Gegners ist nicht abgelaufen
refusal-still-has-time = { $player } hat noch { $left } für den Zug
refusal-no-tournament = hier betrifft dich kein Turnier
refusal-no-such-tournament = auf diesem Server gibt es kein Turnier #{ $number }
refusal-which-tournament = mehrere Turniere betreffen dich ({ $numbers }): Wähle eins mit der Option `turnier`
refusal-clock-required = ein Turnier braucht eine Uhr: Wähle die Zeit pro Zug
refusal-bad-rounds = die Zahl der Runden muss zwischen 1 und { $max } liegen
refusal-rounds-of-round-robin = bei einem Rundenturnier ergibt sich die Zahl der Runden aus den Teilnehmern: Lass die Runden weg
refusal-deadline-passed = der Anmeldeschluss muss in der Zukunft liegen
refusal-too-many-tournaments = auf diesem Server sind schon { $max } Turniere offen oder im Gange
refusal-already-joined = du nimmst schon an Turnier #{ $number } teil
refusal-not-joined = du nimmst nicht an Turnier #{ $number } teil
refusal-tournament-full = Turnier #{ $number } ist voll ({ $max } Teilnehmer)
refusal-tournament-started = Turnier #{ $number } hat begonnen: Die Anmeldung ist geschlossen
refusal-tournament-over = Turnier #{ $number } ist vorbei
refusal-not-enough-players = Turnier #{ $number } hat { $have ->
        [one] { $have } Teilnehmer
       *[other] { $have } Teilnehmer
    }; es braucht { $need }
refusal-not-organizer = das darf nur, wer Turnier #{ $number } erstellt hat, oder ein Moderator
refusal-no-such-board = Turnier #{ $number } hat in Runde { $round } kein wartendes Brett { $board }
refusal-board-started = dieses Brett wird schon als Partie #{ $game } gespielt
refusal-no-such-puzzle = es gibt kein Rätsel { $id }
# $variant: Frauenvariante oder Jungenvariante (siehe variant-women).
refusal-no-puzzle-left = du hast schon alle Rätsel der { $variant } versucht
refusal-puzzle-over = dieses Rätsel ist vorbei: Starte es ab dem ersten Zug noch einmal, um zu üben
refusal-bad-minute = { $minute } ist keine Minute des Tages (0 bis 1439)
refusal-no-such-lesson = es gibt keine Lektion { $lesson }
refusal-corrupt-game = die gespeicherte Partie #{ $game } lässt sich nicht lesen
refusal-corrupt-record = das gespeicherte Protokoll der Partie #{ $game } lässt sich nicht lesen
refusal-corrupt-lesson = Lektion { $lesson } des Kurses lässt sich nicht lesen
refusal-corrupt-puzzle = dieses Rätsel lässt sich nicht lesen
refusal-corrupt-newer = das hat eine neuere Version des Bots gespeichert; diese Version kann es nicht lesen
refusal-corrupt-entry = gespeicherte Daten hier lassen sich nicht lesen
refusal-stale = dieses Brett ist nicht mehr aktuell
refusal-contended = die Partie hat sich geändert, während dein Befehl bearbeitet wurde; es ist nichts passiert, bitte versuch es noch einmal
refusal-storage = die Partie konnte nicht gespeichert oder geladen werden; es wurde nichts geändert, bitte versuch es noch einmal

# Züge gegen die Regeln. $ranks ist etwa „1-2“.
illegal-not-your-pit = { $pit } ist nicht deine Mulde: { $side } spielt aus den Reihen { $first } und { $second }
illegal-too-few-seeds = in { $pit } { $seeds ->
        [one] liegt { $seeds } Samen
       *[other] liegen { $seeds } Samen
    }: Ein Zug braucht eine Mulde mit mindestens 2
illegal-out-of-play = { $pit } ist aus dem Spiel, bis du deine Ng'hana spielst (die Mulde mit 17 Samen, mit der die Jungenvariante beginnt); damit endet deine Eröffnungsphase
illegal-never-ending = { $pit } würde einen Zug starten, der nie endet, deshalb ist er nicht erlaubt
illegal-game-over = die Partie ist vorbei
refusal-conditional-not-now = bedingte Züge gibst du ein, während dein Gegner am Zug ist; bist du am Zug, spiel einfach
refusal-conditional-length = eine bedingte Folge besteht aus Zugpaaren, erst seiner, dann deiner: 2, 4, 6 oder { $max } Züge, z. B. c2 b3
refusal-conditional-full = du hast in dieser Partie schon { $max } bedingte Folgen; lösche sie, um neue einzugeben
refusal-conditional-conflict = diese Folge beantwortet dieselben Züge anders als deine Folge { $line }
refusal-conditional-ply = Zug { $ply } der Folge:
refusal-on-vacation = du bist schon im Urlaub
refusal-not-on-vacation = du bist nicht im Urlaub
refusal-no-vacation-left = deine Urlaubstage sind aufgebraucht; jeden Monat kommen neue hinzu
refusal-nothing-to-hold = keine deiner Partien hat eine Uhr, die ein Urlaub anhalten könnte; er würde nur deine Tage verbrauchen
