# Refus : pourquoi une action n'a pas été faite. Rien n'a changé quand un refus
# s'affiche. Les noms ($name, $south…) sont les pseudos des membres.

refusal-no-game = il n'y a pas de partie dans ce salon
refusal-no-such-game = il n'y a pas de partie terminée #{ $game } sur ce serveur
refusal-no-challenge = il n'y a pas de défi en cours dans ce salon
refusal-busy = une partie est déjà en cours dans ce salon (partie #{ $game }, { $south } contre { $north })
refusal-which-challenge = plusieurs défis ici te concernent ({ $names }) : indique l'autre joueur avec l'option de la commande
refusal-challenge-pending = { $challenger } a déjà défié { $opponent } ici : ce défi doit d'abord recevoir une réponse ou être retiré
refusal-self-challenge = tu ne peux pas te défier toi-même : défie un ami, ou le bot pour jouer contre l'ordinateur
refusal-bot-opponent = { $name } est un compte de bot : défie une vraie personne, ou moi pour jouer contre l'ordinateur
refusal-not-the-opponent = ce défi est adressé à { $name } : personne d'autre ne peut y répondre
refusal-not-the-challenger = seule la personne qui a lancé ce défi ({ $name }) peut le retirer
refusal-not-a-player = tu ne joues pas dans cette partie ({ $south } contre { $north })
refusal-not-your-turn = ce n'est pas ton tour : c'est à { $name } de jouer
refusal-bad-pit = « { $text } » n'est pas un trou : désigne-le par sa colonne (a-h) et sa rangée (1-4), par exemple b2
refusal-not-moderator = seuls les modérateurs (permission Gérer les messages) peuvent annuler une partie ou ses défis
refusal-hints-not-allowed = les indices ne sont disponibles que dans les parties contre le bot
# $list nomme les parties, par exemple « #12 et #15 ».
refusal-still-playing = pas encore possible : { $games ->
        [0] {""}
        [one] ta partie { $list } doit se terminer
       *[other] tes parties { $list } doivent se terminer
    }{ $games ->
        [0] {""}
       *[other] { $challenges ->
            [0] {""}
           *[other] {" "}et{" "}
        }
    }{ $challenges ->
        [0] {""}
        [one] ton défi en cours doit recevoir une réponse ou être retiré
       *[other] tes { $challenges } défis en cours doivent recevoir une réponse ou être retirés
    } d'abord
refusal-former-member = l'autre joueur ne fait plus partie du serveur
refusal-no-last-game = il n'y a pas de partie terminée dans ce salon pour une revanche
refusal-nothing-to-review = il n'y a pas de partie terminée à analyser dans ce salon : une partie s'analyse une fois finie
refusal-nothing-to-claim = il n'y a rien à réclamer : ton adversaire n'a pas dépassé son temps
refusal-still-has-time = il reste encore { $left } à { $player } pour jouer
refusal-no-tournament = aucun tournoi ici ne te concerne
refusal-no-such-tournament = il n'y a pas de tournoi #{ $number } sur ce serveur
refusal-which-tournament = plusieurs tournois te concernent ({ $numbers }) : précise lequel avec l'option `tournoi`
refusal-clock-required = un tournoi a besoin d'une pendule : choisis le temps par coup
refusal-bad-rounds = le nombre de rondes doit être compris entre 1 et { $max }
refusal-rounds-of-round-robin = dans un tournoi toutes rondes, le nombre de rondes découle du nombre de joueurs : ne l'indique pas
refusal-deadline-passed = la date limite d'inscription doit être dans le futur
refusal-too-many-tournaments = ce serveur a déjà { $max } tournois ouverts ou en cours
refusal-already-joined = tu participes déjà au tournoi #{ $number }
refusal-not-joined = tu ne participes pas au tournoi #{ $number }
refusal-tournament-full = le tournoi #{ $number } est complet ({ $max } joueurs)
refusal-tournament-started = le tournoi #{ $number } a commencé : les inscriptions sont closes
refusal-tournament-over = le tournoi #{ $number } est terminé
refusal-not-enough-players = le tournoi #{ $number } compte { $have ->
        [one] { $have } joueur
       *[other] { $have } joueurs
    } ; il en faut { $need }
refusal-not-organizer = seuls le créateur du tournoi #{ $number } et les modérateurs peuvent faire ça
refusal-no-such-board = le tournoi #{ $number } n'a pas de table { $board } en attente à la ronde { $round }
refusal-board-started = cette table est déjà en jeu : c'est la partie #{ $game }
refusal-no-such-puzzle = il n'y a pas de problème { $id }
# $variant : jeu des femmes ou jeu des garçons (voir variant-women).
refusal-no-puzzle-left = tu as essayé tous les problèmes du { $variant }
refusal-puzzle-over = ce problème est terminé : recommence-le depuis son premier coup pour t'entraîner
refusal-bad-minute = { $minute } n'est pas une minute de la journée (de 0 à 1439)
refusal-no-such-lesson = il n'y a pas de leçon { $lesson }
refusal-corrupt-game = impossible de lire la partie #{ $game } enregistrée
refusal-corrupt-record = impossible de lire la fiche enregistrée de la partie #{ $game }
refusal-corrupt-lesson = impossible de lire la leçon { $lesson } du cours
refusal-corrupt-puzzle = impossible de lire ce problème
refusal-corrupt-newer = ceci a été enregistré par une version plus récente du bot, que cette version ne sait pas lire
refusal-corrupt-entry = impossible de lire certaines données enregistrées ici
refusal-stale = ce plateau n'est plus à jour
refusal-contended = la partie a changé pendant le traitement de ta commande ; rien n'a été fait, réessaie
refusal-storage = impossible d'enregistrer ou de charger la partie ; rien n'a été modifié, réessaie

# Coups contraires aux règles. $ranks ressemble à « 1-2 ».
illegal-not-your-pit = { $pit } n'est pas à toi : { $side } joue depuis les rangées { $first } et { $second }
illegal-too-few-seeds = { $pit } contient { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    } : un coup doit partir d'un trou qui en contient au moins 2
illegal-out-of-play = { $pit } est hors jeu pendant ton ouverture (la première phase du jeu des garçons), qui prend fin quand tu joues ton ng'hana (ton trou de 17 graines)
illegal-never-ending = { $pit } lancerait un coup qui ne finit jamais : il n'est donc pas autorisé
illegal-game-over = la partie est terminée
refusal-conditional-not-now = les coups conditionnels se saisissent pendant le tour de ton adversaire ; à ton tour, joue simplement
refusal-conditional-length = une ligne conditionnelle est faite de paires de coups, le sien puis le tien : 2, 4, 6 ou { $max } coups, par exemple c2 b3
refusal-conditional-full = tu as déjà { $max } lignes conditionnelles dans cette partie ; efface-les pour en saisir d'autres
refusal-conditional-conflict = cette ligne répond aux mêmes coups autrement que ta ligne { $line }
refusal-conditional-ply = coup { $ply } de la ligne :
refusal-on-vacation = tu es déjà en vacances
refusal-not-on-vacation = tu n'es pas en vacances
refusal-no-vacation-left = tes jours de vacances sont épuisés ; il en revient chaque mois
refusal-nothing-to-hold = aucune de tes parties n'a de pendule que des vacances pourraient arrêter ; elles ne feraient que consommer tes jours
