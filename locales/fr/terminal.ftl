# Le jeu dans le terminal (isolo-bot play). Les commandes tapées à l'invite
# (board, hint, quit…) restent en anglais : c'est ce que le joueur tape.

terminal-help = commandes : <trou> (par ex. b2) ou move <trou> | board | png [fichier] | animate [fichier] | save <fichier> | hint | draw | resign | history | rules | help | quit (après la partie : review | history | save <fichier>)
terminal-unknown-command = commande inconnue ; tape help
terminal-save-needs-file = save a besoin d'un nom de fichier, par exemple : save partie.isolo
terminal-leave-ask = Quitter la partie en cours ? Tape yes (ou appuie de nouveau sur Ctrl-D) pour quitter, autre chose pour continuer :{" "}
terminal-goes-on = La partie continue.
terminal-left-unfinished = Fin de l'entrée : la partie n'était pas terminée.
terminal-game-over = La partie est terminée : `review` affiche l'analyse de l'ordinateur, `history` la liste des coups, `save <fichier>` l'enregistre ; Entrée pour quitter.
terminal-draw-declined = l'ordinateur refuse la nulle : il a plus de graines
terminal-draw-offered = nulle proposée ; l'adversaire peut l'accepter avec `draw`
terminal-no-move-yet = aucun coup n'a encore été joué
# $variant : jeu des femmes ou jeu des garçons (variant-women, variant-boys).
terminal-intro = Isolo, { $variant } : tu es Sud (rangées 1-2, en bas), { $north } est Nord.
terminal-prompt = Au tour de { $player }>
terminal-hint = Je jouerais { $pit }{ $captured ->
        [0] , sans capture
        [one] , en capturant { $captured } graine
       *[other] , en capturant { $captured } graines
    }. { $evaluation }.
terminal-cannot-write = impossible d'écrire { $path } : { $error } (la partie continue)
terminal-saved = fiche de la partie enregistrée dans { $path } (isolo-bot replay --record { $path } la relit)
terminal-wrote = fichier { $path } écrit
# $what décrit l'image (son texte alternatif).
terminal-wrote-picture = image écrite dans { $path } ({ $what })
terminal-train-help = tape un trou (par ex. b2) pour jouer | board | help | quit
terminal-course-done = Tu as terminé toutes les leçons du cours. Joue une partie avec : isolo-bot play
terminal-board-picture = (image du plateau : { $path })
terminal-lesson = Leçon { $n } sur { $total }.
terminal-you = Joueur
terminal-friend = Ami
terminal-web-open = Le plateau en direct est à { $url } : ouvre-le dans ton navigateur. Ctrl-C l'arrête.
