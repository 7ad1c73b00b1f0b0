# Ce que le bot dit sur Discord. Le Markdown fonctionne : **gras**, `code`,
# -# petits caractères. <t:...:R> est une heure que Discord affiche dans la
# langue du lecteur (« dans 2 jours ») ; <@...> et <#...> sont un membre et un
# salon. Les commandes (/isolo jouer) portent le nom que la liste des
# commandes affiche en français : celui de commands.ftl.

former-member = un ancien membre

review-file-title = Partie d'Isolo #{ $game } : { $south } contre { $north }
review-message = **{ $title }** { $text }
    Tous les coups, avec celui que préfère le moteur, sont dans le fichier.
review-file-alt = Analyse de la partie d'Isolo #{ $game }

# $side vaut Sud ou Nord (side-south, side-north).
board-drawn-from = Plateau vu du côté { $side } : { $player } en bas.
board-header = Partie #{ $game } : { $south } (Sud) contre { $north } (Nord), { $variant }, coup { $ply }.
board-to-move = Au tour de { $player } ({ $side }).
game-on = C'est parti pour la partie #{ $game } : { $south } (Sud) contre { $north } (Nord), { $variant }.
animation-alt = Animation : { $player } sème { $pit }

menu-pit = { $pit } ({ $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    })
menu-placeholder = { $player } : choisis un trou à semer
button-rematch = Revanche
button-accept = Accepter
button-decline = Refuser
button-withdraw = Retirer
button-forget-me = Oublie-moi

turn-bot-thinking = { $player } ({ $side }) réfléchit…
turn-your-move = { $player }, à toi de jouer ({ $side }) : choisis un trou ci-dessous ou utilise `/isolo jouer`.
turn-your-move-clock = { $player }, à toi de jouer ({ $side }) (ton temps expire <t:{ $deadline }:R>) : choisis un trou ci-dessous ou utilise `/isolo jouer`.

clock-days = { $days ->
    [one] { $days } jour par coup
   *[other] { $days } jours par coup
}
clock-minutes = { $minutes ->
    [one] { $minutes } minute par coup
   *[other] { $minutes } minutes par coup
}
clock-none = sans pendule

# $house vaut yes quand la partie a des règles maison, que $rules nomme alors
# (par exemple « règles maison : les captures continuent ») ; sinon $rules est vide.
challenge = { $challenger } défie { $opponent } pour une partie d'Isolo ({ $variant }, { $clock }{ $house ->
        [yes] , { $rules }
       *[no] {""}
    }, { $rated ->
        [yes] classée
       *[no] non classée
    }). Le défi expire <t:{ $expires }:R>.
challenge-no-clock = Sans pendule : après un jour sans coup, le joueur qui doit jouer reçoit un rappel (une seule fois), et après { $idle } sans coup, la partie se termine par une nulle non classée.
challenge-pair = de { $challenger } à { $opponent }
challenges-aborted = Un modérateur a retiré les défis en cours ici : { $challenges }.
challenge-declined = { $opponent } a refusé le défi de { $challenger }.
challenge-withdrawn = { $challenger } a retiré son défi à { $opponent }.
challenge-expired = Le défi de { $challenger } à { $opponent } a expiré sans réponse.

# $streak_kind : win, loss ou none ; $streak compte les résultats d'affilée.
stats = **{ $player }** : cote { $rating } (±{ $deviation }{ $provisional ->
        [yes] , provisoire : peu de parties, ou aucune depuis longtemps
       *[no] {""}
    }), { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }.{ $streak_kind ->
        [win] {" "}Série en cours : { $streak ->
            [one] { $streak } victoire.
           *[other] { $streak } victoires.
        }
        [loss] {" "}Série en cours : { $streak ->
            [one] { $streak } défaite.
           *[other] { $streak } défaites.
        }
       *[none] {""}
    } Meilleure série de victoires : { $best }.
stats-rival = contre { $rival } : { $wins }-{ $losses }-{ $draws }
no-stats = { $player } n'a encore aucune partie classée sur ce serveur.
no-stats-private = Les résultats des parties jouées en conversation privée ne sont visibles que par le joueur concerné.

leaderboard-empty = Aucune partie classée sur ce serveur pour l'instant : défie quelqu'un avec `/isolo défier`.
leaderboard-private = Les conversations privées n'ont pas de classement : les parties jouées ici ne comptent que pour les résultats personnels de chaque joueur, visibles avec `/isolo stats`. Chaque serveur a son propre classement.
leaderboard-title = Classement Isolo
leaderboard-line = { $rank }. { $player } { $rating } ({ $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins }-{ $losses }-{ $draws })
leaderboard-provisional = `?` signale une cote provisoire (peu de parties, ou aucune depuis longtemps) ; le classement suit la cote moins deux fois son ±.

# Un refus suivi de ce qu'on peut faire à la place.
refusal-with-way-on = { $refusal }{ $way_on }
way-on-no-game = {" "}: lance une partie avec /isolo défier
way-on-busy = {" "}: termine-la ou ouvre un fil
way-on-not-a-player = {" "}; tu peux la suivre avec /isolo plateau
way-on-still-playing-games = {" "}(`/isolo parties` en donne la liste)
way-on-still-playing-challenges = {" "}(retire-les ou refuse-les avec /isolo retirer et /isolo refuser)
way-on-corrupt = {" "}; un modérateur peut annuler la partie avec /isolo partie annuler
way-on-stale = {" "}: utilise le menu sous le plateau le plus récent, ou /isolo jouer
# Remplace refusal-which-challenge sur Discord, où les boutons aident.
refusal-which-challenge-here = plusieurs défis ici te concernent ({ $names }) : utilise les boutons du défi concerné, ou précise qui avec l'option `de` de /isolo accepter et /isolo refuser (l'option `adversaire` de /isolo retirer)
refusal-server-language = seuls les modérateurs (permission Gérer les messages) peuvent modifier les réglages du serveur (sa langue, qui crée les tournois, le problème du jour), et seulement dans un serveur

internal-error = Quelque chose s'est mal passé de mon côté ; rien n'a été modifié. Réessaie. Si le problème persiste, préviens l'opérateur du bot en donnant la référence `{ $reference }`.
panicked = Quelque chose s'est mal passé de mon côté. Réessaie. Si le problème persiste, préviens l'opérateur du bot en donnant la référence `{ $reference }`.
saved-not-shown = C'est fait et enregistré, mais je n'ai pas pu l'afficher ici (Discord n'a pas accepté ma réponse). `/isolo plateau` montre la partie telle qu'elle est maintenant.
set-aside = La partie enregistrée dans ce salon était illisible : elle a été mise de côté pour que l'opérateur du bot l'examine. Le salon est libre pour une nouvelle partie.
unreadable-removed = La partie ou le défi illisible de ce salon a été mis de côté pour l'opérateur du bot ; le salon est de nouveau libre.
unreadable-options = Je n'ai pas pu lire les options de cette commande : ton Discord affiche peut-être encore une ancienne version de /isolo. Rien n'a été modifié ; réessaie dans une minute (ou redémarre Discord).

limited-cooldown = Tu as utilisé `{ $command }` plusieurs fois de suite : réessaie dans { $seconds } s.
limited-busy = Je suis occupé à analyser d'autres parties : réessaie dans une minute.

forget-confirm = Ceci efface tout ce que je garde sur toi, sur tous les serveurs et dans toutes les conversations : tes réglages, tes cotes et les listes de tes parties. Dans les parties terminées, tu apparaîtras comme « { $former } » ; leurs résultats restent, donc aucune autre cote ne change. C'est irréversible. Les parties que tu joues encore et tes défis en cours doivent d'abord se terminer.
forgotten = C'est fait : tout ce qui te concernait est effacé.{ $games ->
        [0] {""}
        [one] {" "}{ $games } partie terminée affiche désormais « { $former } ».
       *[other] {" "}{ $games } parties terminées affichent désormais « { $former } ».
    }
not-your-button = Ce bouton est réservé au membre qui a demandé à être oublié.

thread-note = Je n'ai pas pu ouvrir de fil pour cette partie (il me faut les permissions Créer des fils publics et Envoyer des messages dans les fils) : elle se joue donc dans ce salon.
thread-name = Isolo : { $south } contre { $north }
thread-intro = Une partie d'Isolo : { $south } contre { $north }. Jouez ici avec `/isolo jouer` ou le menu sous le plateau ; `/isolo aide` liste toutes les commandes.
accepted-in-thread = { $opponent } a accepté. La partie #{ $game } se joue dans { $thread }.
bot-game-in-thread = C'est parti pour la partie #{ $game } contre { $bot } : elle se joue dans { $thread }.
play-in-thread = (La partie se joue dans { $thread }.)

draw-offered = { $player } propose la nulle. { $opponent }, utilise `/isolo nulle` pour accepter, ou joue simplement ton coup pour refuser.
draw-declined = { $bot } refuse la nulle : il a plus de graines. Continue la partie, ou abandonne avec `/isolo abandonner`.

# $turn_dm : on ou off ; $board : mover ou south ; $colours : standard ou colour-blind.
settings = Tes réglages (sur tous les serveurs) :
    - un message privé quand c'est ton tour : { $turn_dm ->
        [on] activé
       *[off] désactivé
    }
    - plateaux vus depuis : { $board ->
        [south] Sud, toujours
       *[mover] le côté du joueur qui doit jouer
    }
    - couleurs des marques du dernier coup : { $colours ->
        [colour-blind] adaptées aux daltoniens
       *[standard] standard
    }
    - langue : { $language }
    - rappels de ton tour (parties avec pendule) : { $reminders ->
        [off] aucun
        [before-deadline] 24 h, 4 h et 1 h avant la fin de ton temps
       *[half-time] à la moitié de ton temps, puis quand il en reste un dixième
    }
    - un récapitulatif quotidien des parties qui t'attendent : { $digest ->
        [on] activé (au lieu d'un message privé à chaque coup)
       *[off] désactivé
    }
    Pour en changer un, utilise `/isolo réglages` avec l'option correspondante.
settings-language-discord = la langue de ton application Discord
settings-server-language = Langue de ce serveur pour les messages publics : { $language }.

# $against vaut yes quand $opponent nomme l'autre joueur.
turn-dm = À toi de jouer dans la partie d'Isolo #{ $game }{ $against ->
        [yes] {" "}contre { $opponent }
       *[no] {""}
    } : { $channel }. (Pour ne plus recevoir ces messages : `/isolo réglages mp-tour:false`.)

games-none = Tu n'as aucune partie en cours sur ce serveur. `/isolo défier` en lance une.
games-title = Tes parties en cours ({ $count }) :
games-your-move = **à toi de jouer**
games-their-move = au tour de { $player }
games-over = terminée
# $clock vaut yes quand $left donne le temps restant ; $tournament vaut 0 hors tournoi.
games-line = #{ $game } contre { $opponent } ({ $variant }) : { $turn }{ $clock ->
        [yes] , il reste { $left }
       *[no] {""}
    }, dans { $channel }{ $tournament ->
        [0] {""}
       *[other] {" "}(tournoi #{ $tournament })
    }
finished-games-none = Tu n'as encore aucune partie terminée sur ce serveur.
finished-games-title = { $count ->
        [one] Ta dernière partie terminée :
       *[other] Tes { $count } dernières parties terminées :
    }
# $result : won, lost, draw ou aborted.
finished-games-line = #{ $game } contre { $opponent } : { $result ->
        [won] gagnée
        [lost] perdue
        [draw] nulle
       *[aborted] annulée
    }, dans { $channel } (fiche : `/isolo exporter partie:{ $game }`)
game-choice = #{ $game } contre { $opponent } : { $result ->
        [won] gagnée
        [lost] perdue
       *[draw] nulle
    }

export = La fiche de la partie (en-têtes et coups numérotés ; `isolo-bot replay --record FICHIER` la rejoue).
export-alt = Fiche de partie d'Isolo
hint = Je jouerais **{ $pit }**{ $captured ->
        [0] {""}
        [one] , en capturant { $captured } graine
       *[other] , en capturant { $captured } graines
    }.
no-move-yet = Aucun coup n'a encore été joué dans cette partie.

help-intro = **Isolo**, le mancala des Sukuma : quatre rangées de huit trous. Les trous sont nommés par leur colonne (a-h) et leur rangée (1-4) ; Sud possède les rangées 1-2, Nord les rangées 3-4. Les boutons et le menu sous le plateau font la même chose que les commandes.

reminder = { $player }, c'est à toi de jouer dans la partie #{ $game } : ton temps expire <t:{ $deadline }:R>.
idle = { $player }, la partie #{ $game } attend ton coup. Sans coup de ta part, elle se terminera par une nulle (non classée) <t:{ $closes }:R>.
flagged = { $flagged } a dépassé son temps. { $claimant }, tu peux réclamer la victoire avec `/isolo partie réclamer`.
flagged-closes = Sinon, la victoire au temps te sera attribuée <t:{ $closes }:R>.
held-title = **Pendant ce temps** (je ne peux parler ici que lorsque quelqu'un m'utilise) :
held-bot-moved = J'ai joué mon coup dans la partie #{ $game } : `/isolo plateau` montre la position.
held-moved = { $player } a joué dans la partie #{ $game } ; le coup est enregistré, mais Discord n'a pas accepté ma réponse : `/isolo plateau` montre la position.
held-dm-reminder = C'est à toi de jouer dans la partie d'Isolo #{ $game } : ton temps expire <t:{ $deadline }:R>. Utilise `/isolo jouer` dans la conversation où tu joues.
held-dm-idle = La partie d'Isolo #{ $game } attend ton coup. Sans coup de ta part, elle se terminera par une nulle (non classée) <t:{ $closes }:R>.
held-dm-bot-moved = J'ai joué mon coup dans la partie d'Isolo #{ $game } : c'est à toi.
held-dm-moved = Ton adversaire a joué dans la partie d'Isolo #{ $game } : c'est à toi.
# $clock : yes quand la partie a une pendule.
answer-only-note = Ici, je peux seulement répondre, pas publier de moi-même. { $clock ->
        [yes] Si un temps de jeu s'écoule ou si le défi expire, tu le verras à la prochaine commande ou au prochain bouton utilisé ici.
       *[no] Si le défi expire, tu le verras à la prochaine commande ou au prochain bouton utilisé ici.
    } Les joueurs qui ont ajouté l'application, ou qui ont un serveur en commun avec moi, peuvent recevoir un message privé quand c'est leur tour : `/isolo réglages mp-tour`.
forced-private = Sur ce serveur, les applications ajoutées par les membres ne peuvent répondre qu'au membre qui les utilise : personne d'autre ne verrait cette partie. Demande à un modérateur d'autoriser **Utiliser les applications externes** ici, ou d'ajouter isolo-bot au serveur.

# /isolo réglages langue : le choix qui suit l'application Discord.
choice-language-discord = La langue de mon Discord
button-next = Ma prochaine partie
next-none = Aucune de tes parties n'attend ton coup.
next-game = Partie #{ $game }, { $place ->
        [private] dans une discussion privée
       *[server] dans { $channel }
    } : ton tour a commencé <t:{ $since }:R>. Pour y aller : { $link }
conditional-played = Réponse jouée aussitôt depuis une ligne conditionnelle :
conditional-none = Tu n'as aucune ligne conditionnelle dans cette partie.
conditional-title = Tes lignes conditionnelles ({ $count } sur { $max }) :
conditional-pair = s'il joue { $theirs }, alors { $mine }
conditional-cleared = { $count ->
        [0] Tu n'avais aucune ligne conditionnelle dans cette partie.
        [one] Ta ligne conditionnelle a été effacée.
       *[other] Tes { $count } lignes conditionnelles ont été effacées.
    }
vacation-started = { $opponent } { $player } est en vacances : la pendule de la partie #{ $game } est arrêtée jusqu'à son retour, au plus tard <t:{ $until }:f>.
vacation-ended = { $opponent } { $player } est de retour de vacances : la pendule de la partie #{ $game } repart.
vacation-ran-out = { $opponent } les jours de vacances de { $player } sont épuisés : la pendule de la partie #{ $game } repart.
vacation-on = Tu es en vacances : tes pendules sont arrêtées jusqu'à ton retour, au plus tard <t:{ $until }:f>.
vacation-bank = Vacances restantes : { $left }.
clock-stopped = (la pendule est arrêtée : un joueur est en vacances)
