# Turniere: die Antworten auf /isolo turnier und was der Turnierkanal und
# die Threads seiner Partien bekommen. $number ist die Nummer des Turniers
# auf dem Server, $round eine Runde (ab 1), $board ein Brett (ab 1).

# $format: round-robin, double-round-robin oder swiss.
tournament-format = { $format ->
        [round-robin] Rundenturnier
        [double-round-robin] doppeltes Rundenturnier
       *[swiss] Schweizer System
    }
tournament-name = Turnier #{ $number }
# $rounds ist 0, wenn die Runden erst beim Start feststehen (Schweizer System, Standard).
# $deadline ist 0 ohne Anmeldeschluss, sonst eine Unix-Zeit in Sekunden.
tournament-created = { $creator } hat Turnier #{ $number } erstellt: { $format }, { $variant }, { $clock }{ $rated ->
        [yes] , gewertet
       *[no] , ungewertet
    }{ $rounds ->
        [0] {""}
        [one] , { $rounds } Runde
       *[other] , { $rounds } Runden
    }. Mitmachen mit `/isolo turnier teilnehmen`{ $deadline ->
        [0] {""}
       *[other] ; die Anmeldung schließt <t:{ $deadline }:R>, dann geht es los
    }.
tournament-joined = { $player } nimmt an Turnier #{ $number } teil ({ $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    }).
tournament-left-before = { $player } hat Turnier #{ $number } verlassen (noch { $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    }).
tournament-withdrew = { $player } ist aus Turnier #{ $number } ausgestiegen: Die restlichen Partien gehen kampflos verloren.
tournament-started = Turnier #{ $number } hat begonnen: { $count } Spieler, { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    }. Die Paarungen folgen.
tournament-cancelled-done = Turnier #{ $number } ist abgesagt.
tournament-cancelled = Turnier #{ $number } wurde abgesagt; laufende Partien gehen weiter, zählen aber nicht mehr.

# Die Paarungen einer Runde, einmal im Turnierkanal gepostet.
tournament-round-title = **Turnier #{ $number }, Runde { $round } von { $rounds }**: die Paarungen
tournament-round-board = Brett { $board }: { $white } (beginnt) gegen { $black }
tournament-round-bye = Freilos: { $player } (zählt als Sieg)
tournament-round-forfeit = Brett { $board }: { $white } gegen { $black }, kampflos entschieden
tournament-round-footer = Jede Partie wird in einem eigenen Thread gespielt; { $clock }.

# Die erste Nachricht im Thread eines Bretts: Sie pingt beide Spieler.
tournament-game-intro = { $white } gegen { $black }: Turnier #{ $number }, Runde { $round }, Brett { $board }, { $clock }. { $white } beginnt.

# Das Ende: Abschlusstabelle und Sieger (oder punktgleiche Sieger).
tournament-final-title = Turnier #{ $number }: Abschlusstabelle
tournament-standings-title = Turnier #{ $number }: Tabelle nach Runde { $round } von { $rounds }
tournament-standings-open = Turnier #{ $number } hat noch nicht begonnen. Spieler ({ $count }): { $players }
tournament-winner = { $count ->
        [one] { $winners } gewinnt Turnier #{ $number } mit { $points } Punkten. Herzlichen Glückwunsch!
       *[other] { $winners } teilen sich in Turnier #{ $number } den ersten Platz mit { $points } Punkten. Herzlichen Glückwunsch!
    }
tournament-standings-alt = Die Tabelle von Turnier #{ $number } (wie im Text dieser Nachricht)

# Spaltenköpfe im Tabellenbild: kurz.
tournament-label-rank = #
tournament-label-player = Spieler
tournament-label-points = Pkt.
tournament-label-buchholz = BH-1
tournament-label-sonneborn = SB
tournament-label-direct = DV
tournament-label-wins = S
tournament-label-withdrawn = (ausgestiegen)

# Eine Autovervollständigung der Option tournament. $status: open oder running.
tournament-choice = #{ $number }: { $format }, { $count } Spieler, { $status ->
        [open] Anmeldung offen
       *[running] Runde { $round } von { $rounds }
    }

# Die Antwort auf /isolo einstellungen server-turniere. $who: anyone oder moderators.
settings-server-tournaments = Neue Turniere auf diesem Server: { $who ->
        [moderators] Nur Moderatoren dürfen sie erstellen
       *[anyone] Alle Mitglieder dürfen sie erstellen
    }.

# Der Name der Berechtigung, wie ihn Discords Kanaleinstellungen zeigen.
channel-right = { $right ->
        [send-messages] Nachrichten senden
        [create-public-threads] Öffentliche Threads erstellen
       *[send-messages-in-threads] Nachrichten in Threads senden
    }
tournament-cannot-host = In diesem Kanal kann ich kein Turnier ausrichten: Ich brauche hier die Berechtigung **{ $right }**, denn jede Partie eines Turniers wird in einem eigenen Thread dieses Kanals gespielt. Bitte einen Moderator, sie mir in den Einstellungen dieses Kanals (Berechtigungen) zu geben, oder erstelle das Turnier in einem anderen Kanal. Es wurde nichts erstellt.
tournament-blocked = Turnier #{ $number }, Runde { $round }: Eine Partie kann nicht beginnen. Ich brauche in diesem Kanal die Berechtigung **{ $right }**, um jeder Partie einen eigenen Thread zu geben, und in diesem Kanal läuft schon eine Partie. Bitte einen Moderator, sie mir in den Einstellungen dieses Kanals zu geben: Die wartenden Partien beginnen dann innerhalb einer Minute. Bis dahin beginnen sie hier, eine nach der anderen, sobald die Partie hier endet.
