# Les règles en quelques paragraphes (/isolo règles, `rules` dans le terminal).
# **ainsi** marque un terme clé : en gras sur Discord, sans mise en forme dans le terminal.

rules-common = **Comment se joue un coup.** Prends toutes les graines d'un de tes trous qui en contient au moins 2 et sème-les une par une, dans le sens inverse des aiguilles d'une montre, sur tes 16 trous (ta rangée extérieure de gauche à droite, puis ta rangée intérieure de droite à gauche). Regarde où tombe la dernière graine :
    1. dans un trou **vide** : ton coup est terminé ;
    2. dans un trou non vide de ta **rangée intérieure**, avec des graines dans au moins un des deux trous adverses de la même colonne : **capture** les graines de ces deux trous et sème-les à nouveau depuis le début de ce semis ; quand la dernière graine capturée est posée, ton coup est terminé ;
    3. sinon : **semis en relais** : ramasse toutes les graines de ce trou et continue à semer.
    Un joueur qui n'a plus aucun coup possible a perdu. Un coup qui ne finirait jamais est interdit. Triple répétition ou 2 000 coups : partie nulle.
rules-house = **Règles maison** (choisies dans le défi ; la règle standard est donnée en premier) :
    - après une capture : le coup s'arrête (standard), ou **les captures continuent** : le semis des graines capturées se termine comme n'importe quel autre semis, il peut donc capturer ou relayer à son tour (jeu très vif : le premier joueur peut forcer la victoire très tôt) ;
    - les graines capturées sont semées depuis le début du semis qui a capturé (standard), ou depuis le **trou de capture**.
rules-women = **Jeu des femmes :** 2 graines dans chaque trou ; les règles ci-dessus, rien de plus.
rules-boys = **Jeu des garçons :** chaque joueur commence avec 17 graines dans son trou extérieur le plus à droite, le **ng'hana**. Pendant son **ouverture** (la première phase de sa partie), sa colonne la plus à droite est hors jeu et ne peut pas être capturée ; ses semis la sautent. Jouer le ng'hana (17 graines semées sur ses 16 trous) met fin à son ouverture.
rules-no-men = Le jeu des hommes n'est pas disponible : ses règles ne sont décrites dans aucune des sources que nous avons pu consulter.
