# Problemas e o curso no Discord: /isolo problema e /isolo aprender.

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
training-puzzle-next = Outro problema: `/isolo problema`
training-lesson = **Lição { $n } de { $total }** ({ $done ->
    [0] nenhuma concluída
    [one] { $done } concluída
   *[other] { $done } concluídas
}).
training-lesson-wrong = Ainda não. { $hint }
training-lesson-next = Próxima lição: `/isolo aprender`
training-course-done = Essa foi a última lição do curso. Desafie alguém com `/isolo desafiar`, ou resolva problemas com `/isolo problema`.
training-newcomer = Está começando no Isolo? `/isolo aprender` ensina o jogo em dez lições curtas.
training-stats-puzzles = Problemas: rating { $rating }, resolvidos: { $solved }, errados: { $failed }, sequência: { $streak } (melhor: { $best }).
# $pit é a jogada semeada na animação.
training-animation-alt = A jogada { $pit } sendo semeada, volta a volta.

settings-daily-puzzle = Problema do dia: publicado em { $channel } todo dia às { $time } UTC. O próximo: { $next }.
settings-daily-puzzle-off = Problema do dia: o bot não publica neste servidor. Qualquer pessoa ainda pode mostrá-lo com `/isolo problema do-dia:True`.
daily-post-failed = Não consegui publicar o problema do dia em { $channel }: não tenho permissão para enviar mensagens ou anexar arquivos lá. Me dê essas permissões, ou use `/isolo ajustes problema-do-dia:True` em outro canal. Vou tentar de novo amanhã e não vou te escrever de novo sobre isso.
