# O que aconteceu numa partida: jogadas, finais, análises. $player, $winner e
# afins são nomes (ou menções); as casas são escritas a1-h4 em todo idioma.

# Uma jogada. $laps conta as voltas semeadas; $nghana é "yes" quando a jogada
# foi a ng'hana (a casa de 17 sementes do jogo dos meninos) e encerrou a abertura.
move-described = { $player } semeou a partir de { $pit }{ $laps ->
        [1] {""}
       *[other] {" "}({ $laps } voltas)
    }{ $nghana ->
        [yes] , jogando a ng'hana e encerrando a abertura
       *[no] {""}
    }{ $captured ->
        [0] : sem captura.
       *[other] : capturou { $captured ->
            [one] { $captured } semente
           *[other] { $captured } sementes
        } ({ $captures }).
    }
move-capture-part = { $seeds } de { $pit }

# Por que a partida terminou, sem nomes.
termination = { $reason ->
    [no-legal-move] o adversário não tem mais jogadas válidas
    [repetition] a mesma posição apareceu três vezes
    [ply-limit] foram jogados 2.000 lances
    [resignation] o adversário desistiu
    [agreement] os dois jogadores entraram em acordo
    [timeout] o tempo do adversário acabou
    [aborted] um moderador cancelou a partida
   *[abandoned] ninguém jogou por tempo demais
}

# O mesmo, em poucas palavras, para a linha de resultado da imagem do tabuleiro.
termination-short = { $reason ->
    [no-legal-move] sem jogadas válidas
    [repetition] terceira repetição
    [ply-limit] 2.000 lances
    [resignation] desistência
    [agreement] acordo
    [timeout] tempo esgotado
    [aborted] partida cancelada
   *[abandoned] abandonada: empate
}

result-no-winner = { $reason ->
    [aborted] A partida #{ $game } foi cancelada por um moderador: sem resultado.
   *[abandoned] A partida #{ $game } terminou: ninguém jogou por tempo demais, então ela fica empatada (não ranqueada).
}
result-draw = A partida #{ $game } terminou empatada: { $reason ->
    [repetition] a mesma posição apareceu três vezes
    [ply-limit] foram jogados 2.000 lances
   *[agreement] os dois jogadores concordaram com o empate
}.
# $side é o lado do vencedor (Sul, Norte); $loser é o nome do outro jogador.
result-win = { $winner } ({ $side }) vence a partida #{ $game }: { $reason ->
    [no-legal-move] { $loser } não tem mais jogadas válidas
    [resignation] { $loser } desistiu
    [timeout] o tempo de { $loser } acabou
    [repetition] a mesma posição apareceu três vezes
    [ply-limit] foram jogados 2.000 lances
   *[agreement] os dois jogadores entraram em acordo
}.
result-rating-change = { $player }: { $before } -> { $after } ({ $change })

review-title = Análise da partida #{ $game }
review-players = ({ $south } x { $north }).
review-clean = Nenhuma jogada desperdiçou sequer uma semente: uma partida limpa.
review-turning-points = Momentos decisivos (valores para quem jogou: sementes de vantagem, ou um resultado forçado):
# $kind: inaccuracy, mistake ou blunder; $before e $after são avaliações.
review-turning-point = - lance { $ply }: { $player } jogou { $played } ({ $kind ->
        [mistake] erro
        [blunder] erro grave
       *[inaccuracy] imprecisão
    }); { $best } era melhor ({ $before } em vez de { $after }).
review-player-tally = { $player }: { $moves ->
        [0] nenhuma jogada
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    }, { $tally }.
review-nothing-given = nenhuma jogada desperdiçou nada

# A tabela da análise (um arquivo, e isolo-bot review): colunas, depois notas.
# O cabeçalho segue as colunas das linhas (lance, lado, casa jogada, melhor
# casa, avaliação antes e depois, sementes perdidas).
review-table-header = lance lado   casa melhor      antes      depois  perda
review-table-won = { $side } venceu
review-table-draw = empate
review-table-result = resultado: { $outcome } ({ $reason })
review-table-no-turning-points = momentos decisivos: nenhum (nenhuma jogada desperdiçou sequer uma semente)
review-table-turning-points = momentos decisivos:
# $forced é yes quando havia um resultado forçado em jogo (aí não se conta sementes).
review-table-turning-point = {"  "}lance { $ply }: { $side } jogou { $played } ({ $kind ->
        [mistake] erro
        [blunder] erro grave
       *[inaccuracy] imprecisão
    }){ $forced ->
        [yes] {""}
       *[no] , desperdiçou { $loss } sementes
    }; { $best } era melhor ({ $before } em vez de { $after })
review-table-side-total = { $side }: { $moves ->
        [0] { $moves } jogadas
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    }: { $tally }; { $loss } sementes desperdiçadas no total (uma vitória forçada conta +64, uma derrota forçada -64)
review-table-conditional = (jogada condicional)
