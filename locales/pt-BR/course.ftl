# O curso (/isolo aprender, isolo-bot play --learn): cada lição tem uma
# introdução, dicas para uma jogada errada e uma frase ao concluir. Os ids vêm
# de assets/course.json. As casas são a1-h4; o Sul tem as fileiras 1-2.

lesson-sowing = Semeadura. As duas fileiras mais perto de você são suas. Uma jogada esvazia uma das suas casas que tenha duas sementes ou mais e semeia essas sementes uma a uma nas casas seguintes: pela sua fileira externa, da esquerda para a direita (de a1 para h1), depois de volta pela sua fileira interna (de h2 para a2), e assim por diante. Uma casa com uma semente só não pode ser jogada.
lesson-sowing-done = Muito bem: a última semente caiu numa casa vazia, então a jogada terminou ali.
lesson-corner = Onde termina uma volta. Depois de h1, as sementes viram a esquina para a sua fileira interna em h2 e seguem para o oeste. Quando a última semente cai numa casa vazia, a jogada acaba.
lesson-corner-done = Isso: h1, h2 e depois g2, que estava vazia.
lesson-relay = Semeadura encadeada. Se a última semente cai numa casa que já tinha sementes (e não há nada para capturar), você pega todas elas e continua semeando dali: uma nova volta. Uma jogada pode ter vários encadeamentos.
lesson-relay-done = Isso é um encadeamento: a volta terminou sobre sementes, então você pegou todas e continuou semeando.
lesson-capture = A captura. Se uma volta termina numa casa não vazia da sua fileira interna, e as duas casas do adversário na mesma coluna têm sementes, você leva as sementes das duas.
lesson-capture-done = Capturou! As sementes vieram das casas do adversário na coluna da sua última semente.
lesson-capture-sowing = Semeando o que foi capturado. As sementes capturadas são semeadas nas suas próprias casas, a partir da casa seguinte àquela onde a volta da captura começou (a origem dela).
lesson-capture-sowing-done = Isso: as sementes capturadas começaram depois da origem da volta, por isso chegaram até b1.
lesson-move-ends = Quando a jogada termina. Uma jogada continua, volta após volta, até a última semente cair numa casa vazia, ou até as sementes capturadas serem semeadas (nas regras padrão a jogada termina aí, não importa o que tenha na casa).
lesson-move-ends-done = Três voltas: dois encadeamentos e depois uma casa vazia, que encerrou a jogada.
lesson-who-wins = Quem vence. Quem não consegue jogar na sua vez, porque nenhuma das suas casas tem duas sementes, perde. Capturar todas as sementes do adversário dá a vitória na hora.
lesson-who-wins-done = O Norte só tem casas com uma única semente: ele não consegue jogar, então você vence.
lesson-nghana = O jogo dos meninos. Ele começa de uma posição fixa: a casa mais à direita da fileira externa de cada jogador é a ng'hana dele, com 17 sementes. Na abertura, a primeira fase da partida, a coluna mais à direita de cada jogador fica fora de jogo e não pode ser capturada. Jogar a ng'hana encerra a abertura e semeia as 17 sementes por toda a volta.
lesson-nghana-done = A ng'hana foi jogada: sua abertura acabou, e agora todo o seu lado está em jogo e pode ser capturado.
lesson-overture = Na abertura, a sua semeadura pula a coluna mais à direita: depois de g1, a próxima casa é g2. As capturas funcionam como no jogo das mulheres.
lesson-overture-done = A semeadura pulou h1 e h2 e capturou na fileira interna.
lesson-take-the-most = Uma primeira tática: antes de jogar, conte onde vai cair a última semente de cada jogada e o que ela captura. Fique com a maior captura.
lesson-take-the-most-done = Oito sementes: a captura maior.
lesson-look-ahead = Uma segunda tática: pense uma jogada à frente. Encontre a jogada depois da qual, não importa o que o adversário responda, você consegue vencer.
lesson-look-ahead-done = Você enxergou até o fim: é assim que os problemas funcionam.
hint-count = Conte as sementes: a última semente de qual casa chega em { $pit }?
hint-corner = Siga as sementes na virada da esquina: depois de h1 vem h2.
hint-relay = Procure uma casa cuja última semente caia numa casa que já tem sementes.
hint-capture-where = Capturas só acontecem na sua fileira interna (a fileira 2, para o Sul).
hint-capture-opposite = Qual jogada termina em { $pit }, de frente para as sementes do adversário?
hint-capture-origin = As sementes capturadas começam depois da casa onde a volta da captura começou.
hint-move-ends = Um encadeamento leva a jogada adiante: encontre uma jogada que caia sobre sementes duas vezes.
hint-who-wins = O Norte só tem uma casa com duas sementes. Capture essa casa.
hint-nghana = Sua ng'hana é { $pit }.
hint-overture = A captura vem depois de um encadeamento: siga c1.
hint-compare = Duas jogadas capturam aqui: conte as duas.
hint-look-ahead = Qual jogada deixa o adversário só com respostas ruins?

# O objetivo de uma lição.
task-last-seed-in = Objetivo: faça a sua última semente cair em { $pit }.
task-laps = Objetivo: faça uma jogada de pelo menos { $laps ->
        [one] { $laps } volta
       *[other] { $laps } voltas
    }.
task-capture = { $seeds ->
    [0] Objetivo: capture.
    [1] Objetivo: capture.
   *[other] Objetivo: capture pelo menos { $seeds } sementes.
}
task-end-overture = Objetivo: encerre a sua abertura (jogue a sua ng'hana).
task-win = Objetivo: vença a partida.

# Uma jogada contada volta a volta. $from e $end são as frases abaixo.
lap = volta { $lap }: { $seeds } sementes { $from } vão para { $pits }; { $end }.
lap-from-move = de { $pit }
lap-from-relay = recolhidas em { $pit }
lap-from-capture = capturadas (semeadas depois de { $pit })
lap-end-empty = { $pit } estava vazia, então a jogada termina
lap-end-relay = { $pit } não estava vazia: pegue as { $seeds } sementes dela e continue semeando
lap-end-capture = { $pit } é uma casa interna com sementes em frente: capture { $taken }
lap-end-sown = as sementes capturadas foram semeadas, então a jogada termina
lap-end-wipe-out = o adversário ficou sem sementes: você vence
