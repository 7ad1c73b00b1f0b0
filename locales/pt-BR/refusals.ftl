# Recusas: por que algo não foi feito. Nada mudou quando uma delas aparece.
# Os nomes ($name, $south...) são os nomes de exibição dos membros.

refusal-no-game = não há nenhuma partida neste canal
refusal-no-such-game = não existe partida #{ $game } encerrada neste servidor
refusal-no-challenge = não há nenhum desafio aberto neste canal
refusal-busy = este canal já tem uma partida em andamento (partida #{ $game }, { $south } x { $north })
refusal-which-challenge = há vários desafios aqui envolvendo você ({ $names }): indique o outro jogador na opção do comando
refusal-challenge-pending = { $challenger } já desafiou { $opponent } aqui: esse desafio precisa ser respondido ou retirado antes
refusal-self-challenge = você não pode desafiar a si mesmo: desafie um amigo, ou o bot para jogar contra o computador
refusal-bot-opponent = { $name } é uma conta de bot: desafie uma pessoa, ou a mim para jogar contra o computador
refusal-not-the-opponent = só { $name } pode responder a este desafio
refusal-not-the-challenger = só { $name }, que fez o desafio, pode retirá-lo
refusal-not-a-player = você não está jogando esta partida ({ $south } x { $north })
refusal-not-your-turn = não é a sua vez: quem joga agora é { $name }
refusal-bad-pit = “{ $text }” não é uma casa: indique a coluna a-h e a fileira 1-4, como b2
refusal-not-moderator = só moderadores (com a permissão Gerenciar mensagens) podem cancelar uma partida ou os desafios dela
refusal-hints-not-allowed = as dicas só estão disponíveis em partidas contra o bot
# $list cita as partidas, como "#12 e #15".
refusal-still-playing = ainda em andamento: { $games ->
        [0] {""}
        [one] sua partida { $list } precisa terminar
       *[other] suas partidas { $list } precisam terminar
    }{ $games ->
        [0] {""}
       *[other] { $challenges ->
            [0] {""}
           *[other] {" "}e{" "}
        }
    }{ $challenges ->
        [0] {""}
        [one] seu desafio aberto precisa ser respondido ou retirado
       *[other] seus { $challenges } desafios abertos precisam ser respondidos ou retirados
    } antes
refusal-former-member = o outro jogador não é mais membro do servidor
refusal-no-last-game = não há partida encerrada neste canal para pedir revanche
refusal-nothing-to-review = não há partida encerrada neste canal para analisar: as partidas são analisadas depois que terminam
refusal-nothing-to-claim = não há vitória por tempo para reivindicar: o tempo do seu adversário ainda não acabou
refusal-still-has-time = { $player } ainda tem { $left } para jogar
refusal-no-tournament = nenhum torneio daqui envolve você
refusal-no-such-tournament = não existe torneio #{ $number } neste servidor
refusal-which-tournament = vários torneios envolvem você ({ $numbers }): diga qual com a opção `torneio`
refusal-clock-required = um torneio precisa de relógio: escolha o tempo por jogada
refusal-bad-rounds = o número de rodadas precisa ficar entre 1 e { $max }
refusal-rounds-of-round-robin = num todos contra todos, as rodadas dependem dos jogadores: deixe as rodadas de fora
refusal-deadline-passed = o prazo de inscrição precisa estar no futuro
refusal-too-many-tournaments = este servidor já tem { $max } torneios abertos ou em andamento
refusal-already-joined = você já está no torneio #{ $number }
refusal-not-joined = você não está no torneio #{ $number }
refusal-tournament-full = o torneio #{ $number } está lotado ({ $max } jogadores)
refusal-tournament-started = o torneio #{ $number } já começou: as inscrições estão encerradas
refusal-tournament-over = o torneio #{ $number } já terminou
refusal-not-enough-players = o torneio #{ $number } tem { $have ->
        [0] nenhum jogador
        [one] só { $have } jogador
       *[other] { $have } jogadores
    }; são necessários { $need }
refusal-not-organizer = só quem criou o torneio #{ $number } ou um moderador pode fazer isso
refusal-no-such-board = o torneio #{ $number } não tem nenhuma mesa { $board } esperando na rodada { $round }
refusal-board-started = esta mesa já está sendo jogada como partida #{ $game }
refusal-no-such-puzzle = não existe o problema { $id }
# $variant: das mulheres ou dos meninos (veja variant-women).
refusal-no-puzzle-left = você já tentou todos os problemas do jogo { $variant }
refusal-puzzle-over = este problema acabou: comece de novo pelo primeiro lance para treinar
refusal-bad-minute = { $minute } não é um minuto do dia (de 0 a 1439)
refusal-no-such-lesson = não existe a lição { $lesson }
refusal-corrupt-game = não foi possível ler a partida #{ $game } salva
refusal-corrupt-record = não foi possível ler o registro salvo da partida #{ $game }
refusal-corrupt-lesson = não foi possível ler a lição { $lesson } do curso
refusal-corrupt-puzzle = não foi possível ler este problema
refusal-corrupt-newer = isto foi salvo por uma versão mais nova do bot, que esta versão não consegue ler
refusal-corrupt-entry = não foi possível ler alguns dados salvos aqui
refusal-stale = este tabuleiro está desatualizado
refusal-contended = a partida mudou enquanto seu comando era processado; nada foi feito, tente de novo
refusal-storage = não foi possível salvar ou carregar a partida; nada foi alterado, tente de novo

# Jogadas que quebram as regras. $ranks é algo como "1-2".
illegal-not-your-pit = { $pit } não é sua casa: o { $side } joga das fileiras { $first } e { $second }
illegal-too-few-seeds = { $pit } { $seeds ->
        [0] está vazia
        [one] tem só { $seeds } semente
       *[other] tem { $seeds } sementes
    }: uma jogada precisa de uma casa com pelo menos 2
illegal-out-of-play = { $pit } está fora de jogo até você jogar a sua ng'hana (a casa de 17 sementes que abre o jogo dos meninos), o que encerra a sua abertura (a primeira fase da partida)
illegal-never-ending = { $pit } começaria uma jogada que nunca termina, por isso não é permitida
illegal-game-over = a partida acabou
refusal-conditional-not-now = jogadas condicionais são informadas na vez do seu adversário; na sua vez, basta jogar
refusal-conditional-length = uma linha condicional é feita de pares de jogadas, a dele e depois a sua: 2, 4, 6 ou { $max } jogadas, como c2 b3
refusal-conditional-full = você já tem { $max } linhas condicionais nesta partida; apague-as para informar outras
refusal-conditional-conflict = esta linha responde às mesmas jogadas de outro jeito que a sua linha { $line }
refusal-conditional-ply = jogada { $ply } da linha:
refusal-on-vacation = você já está de férias
refusal-not-on-vacation = você não está de férias
refusal-no-vacation-left = seus dias de férias acabaram; todo mês vêm mais
refusal-nothing-to-hold = nenhuma das suas partidas tem um relógio que as férias possam parar; elas só gastariam seus dias
