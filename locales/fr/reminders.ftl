# Le récapitulatif quotidien, en message privé. $count : les parties listées dessous (au moins une).
digest-title = { $count ->
        [one] Une partie attend ton coup :
       *[other] { $count } parties attendent ton coup :
    }
digest-off = (Un message par jour au lieu d'un à chaque coup. Pour l'arrêter : `/isolo réglages résumé:false`.)
