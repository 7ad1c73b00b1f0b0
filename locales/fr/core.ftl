# Mots communs à tous les fichiers. Les noms des trous (a1-h4) ne se
# traduisent pas, pas plus que le terme propre au jeu, ng'hana ; la première
# phase du jeu des garçons est l'ouverture (overture en anglais). Termes
# expliqués là où le joueur les rencontre pour la première fois.
# Ton : tutoiement partout.

# Le nom de la langue dans cette langue, proposé dans /isolo réglages.
language-name = Français

# Listes : « a, b et c ». $init contient tous les éléments sauf le dernier,
# joints par list-separator.
list-and = { $init } et { $last }
list-separator = {", "}

side-south = Sud
side-north = Nord

# S'emploie seul : « Partie #3 : … , jeu des femmes », « du jeu des garçons ».
variant-women = jeu des femmes
variant-boys = jeu des garçons
# Noms courts, comme dans une liste de parties.
variant-short-women = femmes
variant-short-boys = garçons

# $kind : inaccuracy, mistake ou blunder.
judgement = { $kind ->
    [mistake] { $count ->
        [one] { $count } erreur
       *[other] { $count } erreurs
    }
    [blunder] { $count ->
        [one] { $count } gaffe
       *[other] { $count } gaffes
    }
   *[inaccuracy] { $count ->
        [one] { $count } imprécision
       *[other] { $count } imprécisions
    }
}

score-win-in = gain en { $plies }
score-loss-in = perte en { $plies }

evaluation-forced-win = Tu peux forcer la victoire en { $plies ->
    [one] { $plies } coup
   *[other] { $plies } coups
}
evaluation-forced-loss = Ton adversaire peut forcer la victoire en { $plies ->
    [one] { $plies } coup
   *[other] { $plies } coups
}
# $direction : ahead, behind ou even ; $seeds n'est jamais négatif.
evaluation-seeds = { $direction ->
    [even] La partie est équilibrée
    [ahead] Tu as environ { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    } d'avance
   *[behind] Tu as environ { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    } de retard
}

# Durées : « 3 jours et 4 heures ». $unit : day, hour ou minute.
duration-part = { $unit ->
    [day] { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    }
    [hour] { $count ->
        [one] { $count } heure
       *[other] { $count } heures
    }
   *[minute] { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
}
duration-two-parts = { $first } et { $second }
duration-less-than-a-minute = moins d'une minute

# Règles maison possibles pour une partie (les règles standard ne sont pas nommées).
house-rules = règles maison : { $rules }
house-rule-captures-go-on = les captures continuent
house-rule-capturing-pit = semis des captures depuis le trou de capture
