# Les problèmes et le cours sur Discord : /isolo problème et /isolo apprendre.

training-menu-placeholder = À toi : choisis un trou à semer
# $date est un horodatage Discord qui affiche le jour au format du lecteur.
training-daily = **Problème du jour** du { $date } : le même pour tout le monde ici aujourd'hui. Choisis ton coup ci-dessous ; personne d'autre ne voit ta réponse.
training-daily-tally = { $solvers ->
    [0] Personne ne l'a encore résolu
    [one] Un membre l'a résolu
   *[other] { $solvers } membres l'ont résolu
} ({ $tried ->
    [one] { $tried } a essayé
   *[other] { $tried } ont essayé
}).
training-puzzle-next = Un autre problème : `/isolo problème`
training-lesson = **Leçon { $n } sur { $total }** ({ $done ->
    [one] { $done } terminée
   *[other] { $done } terminées
}).
training-lesson-wrong = Pas encore. { $hint }
training-lesson-next = Leçon suivante : `/isolo apprendre`
training-course-done = C'était la dernière leçon du cours. Défie quelqu'un avec `/isolo défier`, ou résous des problèmes avec `/isolo problème`.
training-newcomer = Tu découvres l'Isolo ? `/isolo apprendre` te l'apprend en dix petites leçons.
training-stats-puzzles = Problèmes : cote { $rating } ; résolus : { $solved }, ratés : { $failed }, série : { $streak } (record : { $best }).
# $pit est le coup semé dans l'animation.
training-animation-alt = Le coup { $pit } semé, semis par semis.

settings-daily-puzzle = Problème du jour : publié dans { $channel } chaque jour à { $time } UTC. Le prochain : { $next }.
settings-daily-puzzle-off = Problème du jour : le bot ne le publie pas sur ce serveur. Chacun peut toujours l'afficher avec `/isolo problème du-jour:True`.
daily-post-failed = Je n'ai pas pu publier le problème du jour dans { $channel } : je n'ai pas le droit d'y envoyer des messages ou d'y joindre des fichiers. Donne-moi ces permissions, ou utilise `/isolo réglages problème-du-jour:True` dans un autre salon. Je réessaierai demain, sans t'écrire de nouveau à ce sujet.
