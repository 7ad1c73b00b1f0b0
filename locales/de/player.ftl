# Die Seite eines Spielers (/p/<Mitglied>), der Explorer neben dem
# Live-Brett und was /isolo stats als Verweis darauf anfügt.
web-player-title = Spieler – Isolo
web-player-rating = Wertung
web-player-history = Verlauf der Wertung
web-player-games = Letzte Partien
web-player-by-variant = Ergebnisse nach Spiel
web-player-none = Keine Partien zu zeigen.
web-player-no-rating = Keine gewerteten Partien zu zeigen.
web-player-chart-alt = Verlauf der Wertung auf { $server }: { $count ->
        [one] { $count } gewertete Partie
       *[other] { $count } gewertete Partien
    }, jetzt { $rating }.
web-player-deviation = Das schattierte Band ist die Abweichung der Wertung: Je breiter, desto unsicherer die Wertung.
web-player-private = Private Chats
web-player-server = Server { $id }
web-player-rated = gewertet
web-player-casual = freundschaftlich
web-player-versus = gegen { $opponent }
web-player-won = Gewonnen
web-player-drew = Remis
web-player-lost = Verloren
web-player-aborted = Abgebrochen
web-player-tally = { $wins ->
        [one] { $wins } Sieg
       *[other] { $wins } Siege
    }, { $draws ->
        [one] { $draws } Remis
       *[other] { $draws } Remis
    }, { $losses ->
        [one] { $losses } Niederlage
       *[other] { $losses } Niederlagen
    }
web-player-count = { $count ->
        [0] Keine Partie, die du ansehen darfst.
        [one] Die letzte Partie, die du ansehen darfst.
       *[other] Die letzten { $count } Partien, die du ansehen darfst.
    }
web-player-unknown = Unter dieser Adresse hat kein Spieler eine Seite.
web-player-bad-address = Die Adresse eines Spielers ist /p/ und dahinter seine Discord-ID.
web-explorer = Partien dieses Servers
web-explorer-move = Zug
web-explorer-games = Partien
web-explorer-score = Gewonnen / remis / verloren
web-explorer-none = Noch keine beendete Partie in den öffentlichen Kanälen dieses Servers hat diese Stellung erreicht.
web-explorer-private = Partien in privaten Chats zählen hier nicht.
web-explorer-count = { $count ->
        [one] { $count } Partie
       *[other] { $count } Partien
    }
web-explorer-bad-ply = Diese Partie hat { $plies ->
        [one] { $plies } Zug
       *[other] { $plies } Züge
    }: Frag nach einer Stellung von 0 bis { $plies }.
stats-page = Verlauf der Wertung und Partien: <{ $url }>
stats-chart-alt = Wertung von { $player } über { $count ->
        [one] die letzte gewertete Partie
       *[other] die letzten { $count } gewerteten Partien
    }: jetzt { $rating }.
