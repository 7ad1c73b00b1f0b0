# Voltar lances em partidas amistosas (sem rating, fora de torneios).
refusal-takeback-not-allowed = só dá para voltar um lance em partidas sem rating e fora de torneios
refusal-nothing-to-take-back = você ainda não fez nenhum lance para voltar
refusal-no-takeback-request = seu adversário não pediu para voltar um lance
cmd-isolo-game-takeback = Peça para voltar seu lance (partidas sem rating)
    .name = voltar
takeback-asked = { $player } pede para voltar o último lance. { $opponent }, você concorda?
takeback-taken = { $plies ->
        [1] O último lance de { $player } foi desfeito.
       *[other] O último lance de { $player } e a resposta foram desfeitos.
    } É a vez de { $next }.
takeback-declined = { $opponent } recusou voltar o lance. A partida continua.
button-takeback-accept = Aceitar
button-takeback-decline = Recusar
web-takeback = Voltar meu lance
web-takeback-waiting = Você pediu para voltar seu último lance: aguardando o adversário.
web-takeback-asked = Seu adversário pede para voltar o último lance.
web-takeback-accept = Aceitar
web-takeback-decline = Recusar
web-taken-back = Um lance foi desfeito.
