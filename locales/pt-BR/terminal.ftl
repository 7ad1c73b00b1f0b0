# O jogo no terminal (isolo-bot play). Os comandos digitados no prompt (board,
# hint, quit...) ficam em inglês: é o que o jogador digita.

terminal-help = comandos: <casa> (como b2) ou move <casa> | board | png [arquivo] | animate [arquivo] | save <arquivo> | hint | draw | resign | history | rules | help | quit (depois da partida: review | history | save <arquivo>)
terminal-unknown-command = comando desconhecido; digite help
terminal-save-needs-file = save precisa de um nome de arquivo, por exemplo: save partida.isolo
terminal-leave-ask = Sair da partida sem terminar? Digite yes (ou aperte Ctrl-D de novo) para sair, ou qualquer outra coisa para continuar:{" "}
terminal-goes-on = A partida continua.
terminal-left-unfinished = Fim da entrada: a partida não foi terminada.
terminal-game-over = A partida terminou: `review` mostra a análise do computador, `history` o registro da partida e `save <arquivo>` salva tudo num arquivo; Enter sai.
terminal-draw-declined = o computador recusa o empate: ele está à frente em sementes
terminal-draw-offered = empate proposto; o adversário pode aceitar com `draw`
terminal-no-move-yet = nenhuma jogada foi feita ainda
# $variant: das mulheres ou dos meninos (variant-women, variant-boys).
terminal-intro = Isolo, jogo { $variant }: você é o Sul (fileiras 1-2, embaixo), { $north } é o Norte.
terminal-prompt = Vez de { $player }>
terminal-hint = Eu jogaria { $pit }, { $captured ->
        [0] sem capturar nada
        [one] capturando { $captured } semente
       *[other] capturando { $captured } sementes
    }. { $evaluation }.
terminal-cannot-write = não foi possível gravar { $path }: { $error } (a partida continua)
terminal-saved = registro da partida salvo em { $path } (isolo-bot replay --record { $path } abre ele de novo)
terminal-wrote = { $path } gravado
# $what descreve a imagem (seu texto alternativo).
terminal-wrote-picture = { $path } gravado ({ $what })
terminal-train-help = digite uma casa (como b2) para jogar | board | help | quit
terminal-course-done = Você concluiu todas as lições do curso. Jogue uma partida com: isolo-bot play
terminal-board-picture = (imagem do tabuleiro: { $path })
terminal-lesson = Lição { $n } de { $total }.
terminal-you = Jogador
terminal-friend = Amigo
terminal-web-open = O tabuleiro ao vivo está em { $url }: abra no seu navegador. Ctrl-C encerra.
