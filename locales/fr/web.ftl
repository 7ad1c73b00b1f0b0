web-title = Isolo – plateau en direct
web-live = En direct
web-finished = Partie terminée
web-to-move = Au trait
web-your-move = À toi de jouer : touche un trou en surbrillance.
web-waiting = en attente du prochain coup
web-replay = Revoir
web-first = Position de départ
web-back = Un coup en arrière
web-forward = Un coup en avant
web-last = Position actuelle
web-animate = Rejouer ce coup
web-flip = Retourner le plateau
web-copy = Copier la fiche de la partie
web-copied = La fiche de la partie est copiée.
web-speed = Vitesse
web-sign-in = Se connecter avec Discord pour jouer
web-sign-out = Se déconnecter
web-reconnecting = Connexion perdue : reconnexion…
web-time-left = temps restant
web-seeds = { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
web-sign-in-to-play = Connecte-toi avec Discord pour jouer dans cette partie.
web-open-live = Suivre en direct
board-play-live = Jouer en direct
board-live-link = Suis cette partie en direct, chaque coup animé : { $url }
board-live-off = Ce bot ne sert pas de plateau en direct (son opérateur peut l'activer : [web] dans la configuration).
web-variant = Jeu
web-opponent = Adversaire
web-level-easy = Ordinateur : facile
web-level-medium = Ordinateur : moyen
web-level-hard = Ordinateur : difficile
web-friend = Un ami devant cet écran
web-start = Nouvelle partie
web-too-many = Trop de requêtes à la fois : attends un instant et réessaie.
