# Reprises de coup dans les parties amicales (non classées, hors tournoi).
refusal-takeback-not-allowed = on ne peut reprendre un coup que dans une partie non classée, hors tournoi
refusal-nothing-to-take-back = tu n'as encore joué aucun coup à reprendre
refusal-no-takeback-request = ton adversaire n'a pas demandé à reprendre un coup
cmd-isolo-game-takeback = Demande à reprendre ton coup (parties amicales)
    .name = reprendre
takeback-asked = { $player } demande à reprendre son dernier coup. { $opponent }, es-tu d'accord ?
takeback-taken = { $plies ->
        [1] Le dernier coup de { $player } a été repris.
       *[other] Le dernier coup de { $player } et la réponse ont été repris.
    } C'est à { $next } de jouer.
takeback-declined = { $opponent } refuse la reprise du coup. La partie continue.
button-takeback-accept = Accepter la reprise
button-takeback-decline = Refuser
web-takeback = Reprendre mon coup
web-takeback-waiting = Tu as demandé à reprendre ton dernier coup : en attente de ton adversaire.
web-takeback-asked = Ton adversaire demande à reprendre son dernier coup.
web-takeback-accept = Accepter
web-takeback-decline = Refuser
web-taken-back = Un coup a été repris.
