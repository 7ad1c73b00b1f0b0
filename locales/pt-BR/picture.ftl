# O tabuleiro em imagem, em texto (num bloco de código) e a descrição para
# leitores de tela. As casas são a1-h4 em todos os idiomas; $side é o nome de
# um lado (Sul, Norte); $who um lado com o nome do jogador ("Sul (alice)").

## As faixas e o aviso da imagem: curtos, dividem uma linha.

picture-seeds = { $seeds ->
        [0] { $seeds } sementes
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    }
# A etiqueta à direita de uma faixa ($pit é uma casa).
picture-pill = { $pill ->
        [winner] VENCEDOR
        [draw] EMPATE
        [playing] JOGANDO { $pit }
       *[to-move] SUA VEZ
    }
picture-played = jogou { $from } → { $end }
picture-took = capturou { $seeds }
picture-overture = { $overture ->
        [in] na abertura
       *[over] abertura encerrada
    }
picture-result = { $outcome ->
        [win] { $winner } vence
       *[draw] Empate
    } · { $reason ->
        [no-legal-move] sem jogadas válidas
        [repetition] terceira repetição
        [ply-limit] 2.000 lances
        [resignation] { $loser } desistiu
        [agreement] acordo
        [timeout] o tempo de { $loser } acabou
        [aborted] partida cancelada
       *[abandoned] abandonada: empate
    }

## O tabuleiro em texto.

# As regras da casa, no início de uma frase (tabuleiro em texto, descrição).
board-house-rules = Regras opcionais: { $rules }
board-who = { $side } ({ $name })
board-at-the-bottom = { $who } embaixo
board-band = { $who }: { $seeds ->
        [0] { $seeds } sementes
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    }{ $overture ->
        [in] , na abertura
        [over] , abertura encerrada
       *[none] {""}
    }{ $turn ->
        [yes] {"  "}<< sua vez
       *[no] {""}
    }
board-last = Último lance: { $side } jogou { $from } -> { $end }{ $captured ->
        [0] {""}
       *[other] , capturou { $captured } ({ $taken })
    }
board-mark = { $symbol } { $mark ->
        [from] início
        [end] fim
        [taken] capturada
       *[protected] protegida (abertura)
    }
board-marks = Marcas: { $marks }
board-result = Resultado: { $result } ({ $notation })

## A descrição para leitores de tela.

alt-intro = Tabuleiro de Isolo, jogo { $variant }, { $bottom }.
alt-side = { $who }, fileiras { $first } e { $second }, { $place ->
        [top] em cima
       *[bottom] embaixo
    }: { $seeds ->
        [0] { $seeds } sementes
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    }{ $overture ->
        [in] , na abertura (ng'hana { $nghana } protegida)
        [over] , abertura encerrada
       *[none] {""}
    }.
alt-seeds = Sementes por fileira, de cima para baixo, colunas do { $first } ao { $last }: { $ranks }.
alt-rank = fileira { $rank }: { $seeds }
alt-last = Último lance: { $side } jogou { $from }, terminando em { $end }{ $captured ->
        [0] {""}
       *[other] , capturando { $captures }
    }.
alt-over = Fim de jogo: { $result }.
alt-to-move = Vez de { $side }.
