# L'analyse de l'ordinateur sur la page d'une partie (web/analysis.js) : le
# graphique de la revue, la meilleure ligne, et les variantes essayées sur la page.
refusal-engine-later = l'analyse de l'ordinateur s'ouvre une fois la partie terminée : aucune aide du moteur pendant une partie entre personnes
refusal-variation-ply = la partie compte { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    } : il n'y a pas de coup { $ply } d'où partir
refusal-variation-length = une variante compte au plus { $max } coups
web-analysis = Analyse de l'ordinateur
web-analysis-graph = Évaluation après chaque coup, en graines : au-dessus de la ligne du milieu, { $south } mène ; en dessous, { $north }.
web-analysis-thinking = L'ordinateur analyse la partie…
web-analysis-move = Coup
web-analysis-player = Joueur
web-analysis-played = Joué
web-analysis-best = Meilleur
web-analysis-eval = Évaluation
web-analysis-mark = Note
web-analysis-start = Départ : { $eval }
web-analysis-forced = { $player } gagne en { $plies ->
        [one] { $plies } coup
       *[other] { $plies } coups
    }
web-analysis-point = Coup { $ply } : { $player } a joué { $played } ; { $eval }
web-analysis-point-marked = Coup { $ply } : { $player } a joué { $played }, { $kind ->
        [mistake] une erreur
        [blunder] une gaffe
       *[inaccuracy] une imprécision
    } ({ $best } était meilleur) ; { $eval }
web-analysis-line = Meilleure ligne : { $line } ({ $eval })
web-analysis-line-over = La partie est finie ici : pas de ligne à montrer.
web-analysis-try = Essayer des coups ici
web-analysis-answer = Jouer la réponse de l'ordinateur
web-analysis-leave = Revenir à la partie
web-analysis-in-variation = Une variante, jamais jouée dans la partie : touche un trou pour essayer un coup.
