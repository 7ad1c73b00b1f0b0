# The daily digest, a direct message. $count: the games listed below it (at least one).
digest-title = { $count ->
        [one] One game is waiting for your move:
       *[other] { $count } games are waiting for your move:
    }
digest-off = (One message a day instead of one on every move. Stop it with `/isolo settings digest:false`.)
