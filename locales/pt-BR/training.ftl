# Problemas e o curso no Discord: /isolo puzzle e /isolo learn.

training-menu-placeholder = Sua vez: escolha uma casa para semear
# $date é um horário do Discord que mostra o dia no formato de quem lê.
training-daily = **Problema do dia** ({ $date }): o mesmo para todos aqui hoje. Escolha a sua jogada abaixo; só você vê a sua resposta.
training-daily-tally = { $solvers ->
    [0] Ninguém resolveu ainda
    [one] Um membro já resolveu
   *[other] { $solvers } membros já resolveram
} ({ $tried ->
    [0] ninguém tentou
    [one] { $tried } tentou
   *[other] { $tried } tentaram
}).
training-puzzle-next = Outro problema: `/isolo puzzle`
training-lesson = **Lição { $n } de { $total }** ({ $done ->
    [0] nenhuma concluída
    [one] { $done } concluída
   *[other] { $done } concluídas
}).
training-lesson-wrong = Ainda não. { $hint }
training-lesson-next = Próxima lição: `/isolo learn`
training-course-done = Essa foi a última lição do curso. Desafie alguém com `/isolo challenge`, ou resolva problemas com `/isolo puzzle`.
training-newcomer = Está começando no Isolo? `/isolo learn` ensina o jogo em dez lições curtas.
training-stats-puzzles = Problemas: rating { $rating }, resolvidos: { $solved }, errados: { $failed }, sequência: { $streak } (melhor: { $best }).
# $pit é a jogada semeada na animação.
training-animation-alt = A jogada { $pit } sendo semeada, volta a volta.

settings-daily-puzzle = Problema do dia: publicado em { $channel } todo dia às { $time } UTC. O próximo: { $next }.
settings-daily-puzzle-off = Problema do dia: o bot não publica neste servidor. Qualquer pessoa ainda pode mostrá-lo com `/isolo puzzle daily:True`.
daily-post-failed = Não consegui publicar o problema do dia em { $channel }: não tenho permissão para enviar mensagens ou anexar arquivos lá. Me dê essas permissões, ou use `/isolo settings server-daily-puzzle:True` em outro canal. Vou tentar de novo amanhã e não vou te escrever de novo sobre isso.
