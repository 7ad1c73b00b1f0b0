# O resumo diário, por mensagem direta. $count: as partidas da lista (pelo menos uma).
digest-title = { $count ->
        [1] Uma partida espera sua jogada:
       *[other] { $count } partidas esperam sua jogada:
    }
digest-off = (Uma mensagem por dia em vez de uma a cada jogada. Desative com `/isolo ajustes resumo:false`.)
