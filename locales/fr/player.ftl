# Page d'un joueur (/p/<membre>), l'explorateur à côté du plateau en
# direct, et ce que /isolo stats ajoute pour y mener.
web-player-title = Joueur – Isolo
web-player-rating = Classement
web-player-history = Évolution du classement
web-player-games = Parties récentes
web-player-by-variant = Résultats par jeu
web-player-none = Aucune partie à afficher.
web-player-no-rating = Aucune partie classée à afficher.
web-player-chart-alt = Évolution du classement sur { $server } : { $count ->
        [one] { $count } partie classée
       *[other] { $count } parties classées
    }, aujourd'hui { $rating }.
web-player-deviation = La bande ombrée est l'écart du classement : plus elle est large, moins le classement est sûr.
web-player-private = Discussions privées
web-player-server = Serveur { $id }
web-player-rated = classée
web-player-casual = amicale
web-player-versus = contre { $opponent }
web-player-won = Gagnée
web-player-drew = Nulle
web-player-lost = Perdue
web-player-aborted = Annulée
web-player-tally = { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }
web-player-count = { $count ->
        [0] Aucune partie que vous pouvez regarder.
        [one] La dernière partie que vous pouvez regarder.
       *[other] Les { $count } dernières parties que vous pouvez regarder.
    }
web-player-unknown = Aucun joueur n'a de page à cette adresse.
web-player-bad-address = L'adresse d'un joueur est /p/ suivi de son identifiant Discord.
web-explorer = Les parties de ce serveur
web-explorer-move = Coup
web-explorer-games = Parties
web-explorer-score = Gagnées / nulles / perdues
web-explorer-none = Aucune partie terminée dans les salons publics de ce serveur n'a encore atteint cette position.
web-explorer-private = Les parties des discussions privées ne sont pas comptées ici.
web-explorer-count = { $count ->
        [one] { $count } partie
       *[other] { $count } parties
    }
web-explorer-bad-ply = Cette partie compte { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    } : demandez une position de 0 à { $plies }.
stats-page = Évolution du classement et parties : <{ $url }>
stats-chart-alt = Classement de { $player } sur { $count ->
        [one] sa dernière partie classée
       *[other] ses { $count } dernières parties classées
    } : aujourd'hui { $rating }.
