# A análise do computador na página de uma partida (web/analysis.js): o
# gráfico da revisão, a melhor linha e variantes testadas só na página.
refusal-engine-later = a análise do computador abre quando a partida termina: o motor não ajuda durante uma partida entre pessoas
refusal-variation-ply = a partida tem { $plies ->
        [0] { $plies } lances
        [one] { $plies } lance
       *[other] { $plies } lances
    }: não há lance { $ply } de onde começar uma variante
refusal-variation-length = uma variante tem no máximo { $max } lances
web-analysis = Análise do computador
web-analysis-graph = Avaliação depois de cada lance, em sementes: acima da linha do meio { $south } está na frente; abaixo, { $north }.
web-analysis-thinking = O computador está revisando a partida…
web-analysis-move = Lance
web-analysis-player = Jogador
web-analysis-played = Jogou
web-analysis-best = Melhor
web-analysis-eval = Avaliação
web-analysis-mark = Nota
web-analysis-start = Início: { $eval }
web-analysis-forced = { $player } vence em { $plies ->
        [0] { $plies } lances
        [one] { $plies } lance
       *[other] { $plies } lances
    }
web-analysis-point = Lance { $ply }: { $player } jogou { $played }; { $eval }
web-analysis-point-marked = Lance { $ply }: { $player } jogou { $played }, { $kind ->
        [mistake] um erro
        [blunder] um erro grave
       *[inaccuracy] uma imprecisão
    } ({ $best } era melhor); { $eval }
web-analysis-line = Melhor linha: { $line } ({ $eval })
web-analysis-line-over = Aqui a partida acabou: não há linha para mostrar.
web-analysis-try = Testar lances aqui
web-analysis-answer = Jogar a resposta do computador
web-analysis-leave = Voltar à partida
web-analysis-in-variation = Uma variante, nunca jogada na partida: toque numa casa para testar um lance.
