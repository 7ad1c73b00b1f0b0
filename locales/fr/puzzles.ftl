# Problèmes : positions trouvées et prouvées par le moteur. Ici, un « coup »
# est le coup d'un seul joueur (un demi-coup aux échecs).

# $kind : forced-win (victoire en $n coups) ou material (le coup devance tous
# les autres d'au moins $n graines).
puzzle-task = Problème { $id } (cote { $rating }) : tu joues { $side } ; { $kind ->
    [forced-win] { $n ->
        [1] gagne la partie en un seul coup
       *[other] force la victoire en { $n } coups (les tiens et ceux de l'adversaire), quoi qu'il joue
    }
   *[material] trouve le coup qui gagne des graines : il fait mieux que tous les autres d'au moins { $n ->
        [one] { $n } graine
       *[other] { $n } graines
    } (en écart de graines)
}.
puzzle-reply = Bien vu ! L'adversaire répond { $pit }. À toi de nouveau.
puzzle-solved = Résolu !{ $rating } { $record }
puzzle-also = { $kind ->
    [forced-win] { $pit } gagne aussi ; le plus rapide était { $best }.
   *[material] { $pit } convient aussi, à quelques graines du meilleur coup, { $best }.
}
# $after : la situation après le coup (une phrase comme « Tu as environ 3 graines de retard »).
puzzle-failed = Raté : { $pit } n'est pas le bon coup. { $after } après ce coup (le meilleur coup était { $best }). La solution était : { $solution }.{ $rating } { $record }
puzzle-rating-change = {" "}Cote problèmes : { $before } → { $after }.
puzzle-practice = {" "}(Entraînement : un problème ne compte qu'une fois.)
puzzle-record = Résolus : { $solved }, ratés : { $failed }, série : { $streak } (record : { $best }).
