web-title = Isolo – tabuleiro ao vivo
web-live = Ao vivo
web-finished = Fim de jogo
web-to-move = Na vez
web-your-move = Sua vez: toque numa casa destacada.
web-waiting = aguardando a próxima jogada
web-replay = Rever
web-first = Posição inicial
web-back = Voltar uma jogada
web-forward = Avançar uma jogada
web-last = Posição atual
web-animate = Ver esta jogada de novo
web-flip = Virar o tabuleiro
web-copy = Copiar o registro da partida
web-copied = Registro da partida copiado.
web-speed = Velocidade
web-sign-in = Entre com o Discord para jogar
web-sign-out = Sair
web-reconnecting = Conexão perdida: reconectando…
web-time-left = tempo restante
web-seeds = { $seeds ->
        [0] { $seeds } sementes
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    }
web-sign-in-to-play = Entre com o Discord para jogar nesta partida.
web-open-live = Assistir ao vivo
board-play-live = Jogar ao vivo
board-live-link = Acompanhe esta partida ao vivo, com cada jogada animada: { $url }
board-live-off = Este bot não oferece o tabuleiro ao vivo (quem opera o bot pode ativá-lo: [web] na configuração).
web-variant = Jogo
web-opponent = Adversário
web-level-easy = Computador: fácil
web-level-medium = Computador: médio
web-level-hard = Computador: difícil
web-friend = Um amigo nesta tela
web-start = Nova partida
web-too-many = Muitas solicitações ao mesmo tempo: espere um pouco e tente de novo.
