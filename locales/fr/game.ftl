# Ce qui s'est passé dans une partie : coups, fins de partie, analyses.
# $player, $winner, etc. sont des noms (ou des mentions) ; les trous s'écrivent
# a1-h4 dans toutes les langues.

# Un coup. $laps compte les semis ; $nghana vaut « yes » quand le coup a joué
# le ng'hana (le trou de 17 graines du jeu des garçons) et a donc mis fin à
# l'ouverture.
move-described = { $player } a semé { $pit }{ $laps ->
        [1] {""}
       *[other] {" "}({ $laps } semis)
    }{ $nghana ->
        [yes] , en jouant son ng'hana, ce qui met fin à son ouverture
       *[no] {""}
    }{ $captured ->
        [0] {" "}: pas de capture.
        [one] {" "}: { $captured } graine capturée ({ $captures }).
       *[other] {" "}: { $captured } graines capturées ({ $captures }).
    }
move-capture-part = { $seeds } en { $pit }

# Pourquoi une partie s'est terminée, sans noms.
termination = { $reason ->
    [no-legal-move] l'adversaire n'a plus aucun coup possible
    [repetition] la même position s'est présentée trois fois
    [ply-limit] 2 000 coups ont été joués
    [resignation] l'adversaire a abandonné
    [agreement] les deux joueurs se sont mis d'accord
    [timeout] l'adversaire a dépassé son temps
    [aborted] un modérateur a annulé la partie
   *[abandoned] personne n'a joué pendant trop longtemps
}

# La même chose en quelques mots, pour la ligne de résultat de l'image du plateau.
termination-short = { $reason ->
    [no-legal-move] plus aucun coup possible
    [repetition] triple répétition
    [ply-limit] 2 000 coups
    [resignation] abandon
    [agreement] d'un commun accord
    [timeout] temps dépassé
    [aborted] partie annulée
   *[abandoned] inactivité : nulle
}

result-no-winner = { $reason ->
    [aborted] La partie #{ $game } a été annulée par un modérateur : pas de résultat.
   *[abandoned] La partie #{ $game } est terminée : personne n'a joué pendant trop longtemps, elle se termine donc par une nulle (non classée).
}
result-draw = La partie #{ $game } est nulle : { $reason ->
    [repetition] la même position s'est présentée trois fois
    [ply-limit] 2 000 coups ont été joués
   *[agreement] les deux joueurs se sont mis d'accord
}.
# $side est le côté du gagnant (Sud, Nord) ; $loser le nom de l'autre joueur.
result-win = { $winner } ({ $side }) remporte la partie #{ $game } : { $reason ->
    [no-legal-move] { $loser } n'a plus aucun coup possible
    [resignation] { $loser } a abandonné
    [timeout] { $loser } a dépassé son temps
    [repetition] la même position s'est présentée trois fois
    [ply-limit] 2 000 coups ont été joués
   *[agreement] les deux joueurs se sont mis d'accord
}.
result-rating-change = { $player } : { $before } → { $after } ({ $change })

review-title = Analyse de la partie #{ $game }
review-players = ({ $south } contre { $north }).
review-clean = Aucun coup n'a cédé la moindre graine : une partie sans faute.
review-turning-points = Tournants de la partie (valeurs pour le joueur qui a joué : graines d'avance, ou résultat forcé) :
# $kind : inaccuracy, mistake ou blunder ; $before et $after sont des évaluations.
review-turning-point = - coup { $ply } : { $player } a joué { $played } ({ $kind ->
        [mistake] erreur
        [blunder] gaffe
       *[inaccuracy] imprécision
    }) ; { $best } était meilleur ({ $before } au lieu de { $after }).
review-player-tally = { $player } : { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, { $tally }.
review-nothing-given = aucune graine cédée

# Le tableau de l'analyse (un fichier, et isolo-bot review) : les colonnes,
# alignées sur les valeurs, puis des notes.
review-table-header = {"  "}n°  côté   coup mieux       avant       après   coût
review-table-won = { $side } gagne
review-table-draw = partie nulle
review-table-result = résultat : { $outcome } ({ $reason })
review-table-no-turning-points = tournants : aucun (aucun coup n'a cédé la moindre graine)
review-table-turning-points = tournants :
# $forced vaut yes quand un résultat forcé était en jeu (pas de nombre de graines alors).
review-table-turning-point = {"  "}coup { $ply } : { $side } a joué { $played } ({ $kind ->
        [mistake] erreur
        [blunder] gaffe
       *[inaccuracy] imprécision
    }){ $forced ->
        [yes] {""}
       *[no] , { $loss } graines cédées
    } ; { $best } était meilleur ({ $before } au lieu de { $after })
review-table-side-total = { $side } : { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, { $tally } ; { $loss } graines cédées au total (une victoire forcée compte +64, une défaite forcée -64)
review-table-conditional = (coup conditionnel)
