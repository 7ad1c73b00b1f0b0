# Le plateau en image, en texte (dans un bloc de code) et sa description pour
# les lecteurs d'écran. Les trous s'écrivent a1-h4 dans toutes les langues ;
# $side est le nom d'un côté (Sud, Nord) ; $who un côté avec le nom de son
# joueur (« Sud (alice) »).

## Les bandeaux et la bannière de l'image : courts, ils partagent une ligne.

picture-seeds = { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
# L'étiquette à droite d'un bandeau ($pit est un trou).
picture-pill = { $pill ->
        [winner] VAINQUEUR
        [draw] NULLE
        [playing] JOUE { $pit }
       *[to-move] AU TRAIT
    }
picture-played = a joué { $from } → { $end }
picture-took = a pris { $seeds }
picture-overture = { $overture ->
        [in] en ouverture
       *[over] ouverture finie
    }
picture-result = { $outcome ->
        [win] { $winner } gagne
       *[draw] Nulle
    } · { $reason ->
        [no-legal-move] plus aucun coup possible
        [repetition] triple répétition
        [ply-limit] 2 000 coups
        [resignation] { $loser } abandonne
        [agreement] d'un commun accord
        [timeout] { $loser } n'a plus de temps
        [aborted] partie annulée
       *[abandoned] inactivité : nulle
    }

## Le plateau en texte.

# Les règles maison, en début de phrase (plateau en texte, description).
board-house-rules = Règles maison : { $rules }
board-who = { $side } ({ $name })
board-at-the-bottom = { $who } en bas
board-band = { $who } : { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }{ $overture ->
        [in] , en ouverture
        [over] , ouverture finie
       *[none] {""}
    }{ $turn ->
        [yes] {"  "}<< au trait
       *[no] {""}
    }
board-last = Dernier coup : { $side } a joué { $from } -> { $end }{ $captured ->
        [0] {""}
       *[other] , a pris { $captured } ({ $taken })
    }
board-mark = { $symbol } { $mark ->
        [from] départ
        [end] arrivée
        [taken] pris
       *[protected] protégé (ouverture)
    }
board-marks = Repères : { $marks }
board-result = Résultat : { $result } ({ $notation })

## La description pour les lecteurs d'écran.

alt-intro = Plateau d'Isolo, { $variant }, { $bottom }.
alt-side = { $who }, rangées { $first } et { $second }, { $place ->
        [top] en haut
       *[bottom] en bas
    } : { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }{ $overture ->
        [in] , en ouverture (ng'hana { $nghana } protégé)
        [over] , ouverture finie
       *[none] {""}
    }.
alt-seeds = Graines par rangée, de haut en bas, colonnes { $first } à { $last } : { $ranks }.
alt-rank = rangée { $rank } : { $seeds }
alt-last = Dernier coup : { $side } a joué { $from }, arrivée en { $end }{ $captured ->
        [0] {""}
       *[other] , en capturant { $captures }
    }.
alt-over = Partie terminée : { $result }.
alt-to-move = { $side } a le trait.
