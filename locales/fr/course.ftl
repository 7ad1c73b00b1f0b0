# Le cours (/isolo apprendre, isolo-bot play --learn) : chaque leçon a une
# introduction, des indices en cas de mauvais coup et un mot une fois réussie.
# Les trous vont de a1 à h4 ; Sud possède les rangées 1-2.

lesson-sowing = Le semis. Les deux rangées les plus proches de toi sont les tiennes. Un coup vide l'un de tes trous contenant au moins deux graines et les sème une par une dans les trous suivants : le long de ta rangée extérieure, de gauche à droite (de a1 vers h1), puis en revenant par ta rangée intérieure (de h2 vers a2), et ainsi de suite. Une graine seule ne peut pas être jouée.
lesson-sowing-done = Bravo : la dernière graine est tombée dans un trou vide, alors le coup s'est arrêté là.
lesson-corner = Où s'arrête un semis. Après h1, les graines tournent au coin et passent dans ta rangée intérieure en h2, puis filent vers l'ouest. Quand la dernière graine tombe dans un trou vide, le coup est terminé.
lesson-corner-done = C'est ça : h1, h2, puis g2, qui était vide.
lesson-relay = Le semis en relais. Si la dernière graine tombe dans un trou qui contenait déjà des graines (et qu'il n'y a rien à capturer), tu les ramasses toutes et tu continues à semer à partir de là : c'est un nouveau semis. Un même coup peut enchaîner de nombreux relais.
lesson-relay-done = Voilà un relais : le semis s'est terminé sur des graines, alors tu les as ramassées et tu as continué à semer.
lesson-capture = La capture. Si un semis se termine sur un trou non vide de ta rangée intérieure, et que les trous adverses de la même colonne contiennent des graines, tu prends les graines de ces deux trous.
lesson-capture-done = Capturé ! Les graines viennent des trous adverses situés dans la colonne de ta dernière graine.
lesson-capture-sowing = Semer les graines capturées. Les graines capturées sont semées dans tes propres trous, en commençant juste après le trou d'où est parti le semis qui a capturé (son origine).
lesson-capture-sowing-done = C'est ça : les graines capturées sont reparties juste après l'origine du semis, et sont donc allées jusqu'en b1.
lesson-move-ends = Quand un coup se termine. Un coup continue, semis après semis, jusqu'à ce que la dernière graine tombe dans un trou vide, ou jusqu'à ce que les graines capturées aient été semées (avec les règles standard, le coup s'arrête alors, quel que soit le contenu du trou).
lesson-move-ends-done = Trois semis : deux relais, puis un trou vide a mis fin au coup.
lesson-who-wins = Qui gagne. Le joueur qui ne peut pas jouer quand vient son tour, parce qu'aucun de ses trous ne contient deux graines, a perdu. Prendre toutes les graines de l'adversaire fait gagner tout de suite.
lesson-who-wins-done = Nord n'a plus que des graines isolées : il ne peut plus jouer, tu as donc gagné.
lesson-nghana = Le jeu des garçons. Il part d'une disposition fixe : le trou extérieur le plus à droite de chaque joueur est son ng'hana, qui contient 17 graines. Pendant l'ouverture (la première phase de la partie de chaque joueur), sa colonne la plus à droite est hors jeu et ne peut pas être capturée. Jouer le ng'hana met fin à l'ouverture et sème ses 17 graines tout autour du circuit.
lesson-nghana-done = Le ng'hana est joué : ton ouverture est terminée, tout ton côté est désormais en jeu et peut être capturé.
lesson-overture = Pendant l'ouverture, ton semis saute ta colonne la plus à droite : après g1, le trou suivant est g2. Les captures se font comme dans le jeu des femmes.
lesson-overture-done = Le semis a sauté h1 et h2, puis a capturé dans la rangée intérieure.
lesson-take-the-most = Une première tactique : avant de jouer, compte où tombera la dernière graine de chaque coup, et ce qu'elle capture. Choisis le coup qui prend le plus.
lesson-take-the-most-done = Huit graines : la plus grosse capture.
lesson-look-ahead = Une deuxième tactique : regarde un coup plus loin. Trouve le coup après lequel tu peux gagner, quelle que soit la réponse de ton adversaire.
lesson-look-ahead-done = Tu as vu jusqu'au bout : c'est comme ça que fonctionnent les problèmes.
hint-count = Compte les graines : de quel trou la dernière graine arrive-t-elle en { $pit } ?
hint-corner = Suis les graines dans le virage : après h1 vient h2.
hint-relay = Cherche un trou dont la dernière graine tombe dans un trou qui contient déjà des graines.
hint-capture-where = Les captures n'ont lieu que dans ta rangée intérieure (la rangée 2 pour Sud).
hint-capture-opposite = Quel coup se termine en { $pit }, face aux graines adverses ?
hint-capture-origin = Les graines capturées repartent juste après le trou d'où est parti le semis qui a capturé.
hint-move-ends = Un relais prolonge le coup : trouve un coup qui tombe deux fois sur des graines.
hint-who-wins = Nord n'a qu'un seul trou avec deux graines. Prends-le.
hint-nghana = Ton ng'hana, c'est { $pit }.
hint-overture = La capture vient après un relais : suis c1.
hint-compare = Deux coups capturent ici : compte les deux.
hint-look-ahead = Quel coup ne laisse à l'adversaire que de mauvaises réponses ?

# L'objectif d'une leçon.
task-last-seed-in = Objectif : fais tomber ta dernière graine en { $pit }.
task-laps = Objectif : joue un coup d'au moins { $laps } semis.
task-capture = { $seeds ->
    [0] Objectif : fais une capture.
    [1] Objectif : fais une capture.
   *[other] Objectif : capture au moins { $seeds } graines.
}
task-end-overture = Objectif : termine ton ouverture (joue ton ng'hana).
task-win = Objectif : gagne la partie.

# Un coup raconté semis par semis. $from et $end sont les phrases ci-dessous.
# « semis 2 (relais en a1) : 3 graines dans b1 c1 d1 ; d1 n'était pas vide : … »
lap = semis { $lap } ({ $from }) : { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    } dans { $pits } ; { $end }.
lap-from-move = départ de { $pit }
lap-from-relay = relais en { $pit }
lap-from-capture = capture, semée après { $pit }
lap-end-empty = { $pit } était vide : le coup se termine
lap-end-relay = { $pit } n'était pas vide : ses { $seeds } graines sont ramassées et semées à leur tour
lap-end-capture = { $pit } est un trou intérieur face à des graines : capture de { $taken }
lap-end-sown = les graines capturées sont semées : le coup se termine
lap-end-wipe-out = l'adversaire n'a plus de graines : tu as gagné
