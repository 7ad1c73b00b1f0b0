# Tournois : les réponses à /isolo tournoi et ce que reçoivent le salon du
# tournoi et les fils de ses parties. $number est le numéro du tournoi sur le
# serveur, $round une ronde (à partir de 1), $board une table (à partir de 1).

# $format : round-robin, double-round-robin ou swiss.
tournament-format = { $format ->
        [round-robin] toutes rondes
        [double-round-robin] toutes rondes aller-retour
       *[swiss] système suisse
    }
tournament-name = Tournoi #{ $number }
# $rounds vaut 0 quand les rondes ne sont fixées qu'au début (système suisse, par défaut).
# $deadline vaut 0 sans date limite d'inscription, sinon une heure unix en secondes.
tournament-created = { $creator } a créé le tournoi #{ $number } : { $format }, { $variant }, { $clock }{ $rated ->
        [yes] , classé
       *[no] , non classé
    }{ $rounds ->
        [0] {""}
        [one] , { $rounds } ronde
       *[other] , { $rounds } rondes
    }. Inscris-toi avec `/isolo tournoi rejoindre`{ $deadline ->
        [0] {""}
       *[other] {" "}; les inscriptions ferment <t:{ $deadline }:R>, au lancement du tournoi
    }.
tournament-joined = { $player } a rejoint le tournoi #{ $number } ({ $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }).
tournament-left-before = { $player } a quitté le tournoi #{ $number } (il reste { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }).
tournament-withdrew = { $player } abandonne le tournoi #{ $number } : ses parties restantes sont perdues par forfait.
tournament-started = Le tournoi #{ $number } a commencé : { $count } joueurs, { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }. Voici les appariements.
tournament-cancelled-done = Le tournoi #{ $number } est annulé.
tournament-cancelled = Le tournoi #{ $number } a été annulé ; les parties en cours continuent, mais ne comptent plus.

# Les appariements d'une ronde, publiés une fois dans le salon du tournoi.
tournament-round-title = **Tournoi #{ $number }, ronde { $round } sur { $rounds }** : les appariements
tournament-round-board = Table { $board } : { $white } (joue en premier) contre { $black }
tournament-round-bye = Exempt : { $player } (compte comme une victoire)
tournament-round-forfeit = Table { $board } : { $white } contre { $black }, forfait
tournament-round-footer = Chaque partie se joue dans son propre fil ; { $clock }.

# Le premier message du fil d'une table : il mentionne les deux joueurs.
tournament-game-intro = { $white } contre { $black } : tournoi #{ $number }, ronde { $round }, table { $board }, { $clock }. { $white } joue en premier.

# La fin : classement final et vainqueur (ou vainqueurs à égalité).
tournament-final-title = Tournoi #{ $number } : classement final
tournament-standings-title = Tournoi #{ $number } : classement après la ronde { $round } sur { $rounds }
tournament-standings-open = Le tournoi #{ $number } n'a pas encore commencé. Joueurs ({ $count }) : { $players }
# $points est un texte (« 3.5 ») : d'où l'abréviation pts, valable au singulier comme au pluriel.
tournament-winner = { $count ->
        [one] { $winners } remporte le tournoi #{ $number } avec { $points } pts. Félicitations !
       *[other] { $winners } partagent la première place du tournoi #{ $number } avec { $points } pts. Félicitations !
    }
tournament-standings-alt = Le classement du tournoi #{ $number } (le même que le texte de ce message)

# En-têtes de colonnes de l'image du classement : courts.
tournament-label-rank = #
tournament-label-player = Joueur
tournament-label-points = Pts
tournament-label-buchholz = BH-1
tournament-label-sonneborn = SB
tournament-label-direct = CD
tournament-label-wins = V
tournament-label-withdrawn = (abandon)

# Un choix d'autocomplétion de l'option tournoi. $status : open ou running.
tournament-choice = #{ $number } : { $format }, { $count ->
        [one] { $count } joueur
       *[other] { $count } joueurs
    }, { $status ->
        [open] inscriptions ouvertes
       *[running] ronde { $round } sur { $rounds }
    }

# La réponse à /isolo réglages tournois-serveur. $who : anyone ou moderators.
settings-server-tournaments = Nouveaux tournois sur ce serveur : { $who ->
        [moderators] seuls les modérateurs peuvent en créer
       *[anyone] tout membre peut en créer
    }.

# Nom de la permission tel que l'affichent les réglages de salon de Discord.
channel-right = { $right ->
        [send-messages] Envoyer des messages
        [create-public-threads] Créer des fils publics
       *[send-messages-in-threads] Envoyer des messages dans les fils
    }
tournament-cannot-host = Je ne peux pas organiser de tournoi dans ce salon : il me faut la permission **{ $right }** ici, car chaque partie d'un tournoi se joue dans son propre fil de ce salon. Demande à un modérateur de me la donner dans les paramètres de ce salon (Permissions), ou crée le tournoi dans un autre salon. Rien n'a été créé.
tournament-blocked = Tournoi #{ $number }, ronde { $round } : une partie ne peut pas commencer. Il me faut la permission **{ $right }** dans ce salon pour donner à chaque partie son propre fil, et ce salon accueille déjà une partie en cours. Demande à un modérateur de me la donner dans les paramètres de ce salon : les parties en attente commenceront alors dans la minute. D'ici là, elles commencent ici, l'une après l'autre, à la fin de la partie en cours.
