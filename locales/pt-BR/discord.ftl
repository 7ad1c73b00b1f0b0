# O que o bot diz no Discord. Markdown funciona aqui: **negrito**, `código`,
# -# letra miúda. <t:...:R> é um horário que o Discord mostra no idioma de quem
# lê ("em 2 dias"); <@...> e <#...> são um membro e um canal.
# Os comandos (/isolo jogar) levam o nome que o seletor de comandos mostra em
# português: o de commands.ftl.

former-member = um ex-membro

review-file-title = Partida de Isolo #{ $game }: { $south } x { $north }
review-message = **{ $title }** { $text }
    Todas as jogadas, com a jogada que a busca prefere, estão no arquivo.
review-file-alt = Análise da partida de Isolo #{ $game }

# $side é Sul ou Norte (side-south, side-north).
board-drawn-from = Visto do lado do { $side }: { $player } embaixo.
board-header = Partida #{ $game }: { $south } (Sul) x { $north } (Norte), jogo { $variant }, lance { $ply }.
board-to-move = Vez de { $player } ({ $side }).
game-on = Começou a partida #{ $game }: { $south } (Sul) x { $north } (Norte), jogo { $variant }.
animation-alt = Animação de { $player } semeando a partir de { $pit }

menu-pit = { $pit } ({ $seeds ->
        [one] { $seeds } semente
       *[other] { $seeds } sementes
    })
menu-placeholder = { $player }: escolha uma casa para semear
button-rematch = Revanche
button-accept = Aceitar
button-decline = Recusar
button-withdraw = Retirar desafio
button-forget-me = Esquecer meus dados

turn-bot-thinking = { $player } ({ $side }) está pensando...
turn-your-move = { $player }, é a sua vez ({ $side }): escolha uma casa abaixo ou use `/isolo jogar`.
turn-your-move-clock = { $player }, é a sua vez ({ $side }; o tempo acaba <t:{ $deadline }:R>): escolha uma casa abaixo ou use `/isolo jogar`.

clock-days = { $days ->
    [0] { $days } dias por jogada
    [one] { $days } dia por jogada
   *[other] { $days } dias por jogada
}
clock-minutes = { $minutes ->
    [0] { $minutes } minutos por jogada
    [one] { $minutes } minuto por jogada
   *[other] { $minutes } minutos por jogada
}
clock-none = sem relógio

# $house é yes quando a partida tem regras opcionais, que $rules então cita
# (como "regras opcionais: capturas continuam"); senão $rules fica vazio.
challenge = { $challenger } desafia { $opponent } para uma partida de Isolo (jogo { $variant }, { $clock }{ $house ->
        [yes] , { $rules }
       *[no] {""}
    }, { $rated ->
        [yes] ranqueada
       *[no] não ranqueada
    }). O desafio expira <t:{ $expires }:R>.
challenge-no-clock = Sem relógio: depois de um dia sem jogada, quem está na vez recebe um lembrete, e depois de { $idle } sem jogada a partida termina empatada (não ranqueada).
challenge-pair = { $challenger } para { $opponent }
challenges-aborted = Um moderador cancelou os desafios abertos daqui: { $challenges }.
challenge-declined = { $opponent } recusou o desafio de { $challenger }.
challenge-withdrawn = { $challenger } retirou o desafio feito a { $opponent }.
challenge-expired = O desafio de { $challenger } para { $opponent } expirou sem resposta.

# $streak_kind: win, loss ou none; $streak conta os resultados seguidos.
stats = **{ $player }**: rating { $rating } (±{ $deviation }{ $provisional ->
        [yes] , provisório: poucas partidas, ou nenhuma há muito tempo
       *[no] {""}
    }), { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }: vitórias { $wins }, derrotas { $losses }, empates { $draws }.{ $streak_kind ->
        [win] {" "}Sequência atual: { $streak ->
            [one] { $streak } vitória.
           *[other] { $streak } vitórias.
        }
        [loss] {" "}Sequência atual: { $streak ->
            [one] { $streak } derrota.
           *[other] { $streak } derrotas.
        }
       *[none] {""}
    } Maior sequência de vitórias: { $best }.
stats-rival = contra { $rival }: { $wins }-{ $losses }-{ $draws }
no-stats = { $player } ainda não tem partidas ranqueadas neste servidor.
no-stats-private = Os resultados das partidas em conversas privadas só aparecem para o próprio jogador.

leaderboard-empty = Ainda não há partidas ranqueadas neste servidor: desafie alguém com `/isolo desafiar`.
leaderboard-private = Conversas privadas não têm ranking: as partidas daqui só contam para os resultados de cada jogador, que ele vê com `/isolo desempenho`. Cada servidor tem seu próprio ranking.
leaderboard-title = Ranking de Isolo
leaderboard-line = { $rank }. { $player } { $rating } ({ $games ->
        [0] { $games } partidas
        [one] { $games } partida
       *[other] { $games } partidas
    }, { $wins }-{ $losses }-{ $draws })
leaderboard-provisional = `?` indica um rating provisório (poucas partidas, ou nenhuma há muito tempo); a ordem segue o rating menos duas vezes o seu ±.

# Uma recusa seguida do caminho a seguir.
refusal-with-way-on = { $refusal }{ $way_on }
way-on-no-game = : comece uma com /isolo desafiar
way-on-busy = : termine essa partida ou abra um tópico
way-on-not-a-player = ; você pode assistir com /isolo tabuleiro
way-on-still-playing-games = {" "}(`/isolo partidas` mostra a lista)
way-on-still-playing-challenges = {" "}(retire ou recuse os desafios com /isolo retirar e /isolo recusar)
way-on-corrupt = ; um moderador pode resolver com /isolo partida cancelar
way-on-stale = : use o menu do tabuleiro mais recente, ou /isolo jogar
# Substitui refusal-which-challenge no Discord, onde os botões ajudam.
refusal-which-challenge-here = há vários desafios aqui envolvendo você ({ $names }): use os botões do desafio que você quer, ou diga quem é com a opção `de` em /isolo aceitar e /isolo recusar (a opção `para` em /isolo retirar)
refusal-server-language = só moderadores (com a permissão Gerenciar mensagens) podem mudar as configurações do servidor (o idioma, quem cria torneios, o problema do dia), e só dentro de um servidor

internal-error = Algo deu errado do meu lado; nada foi alterado. Tente de novo. Se continuar acontecendo, avise quem opera o bot: referência `{ $reference }`.
panicked = Algo deu errado do meu lado. Tente de novo. Se continuar acontecendo, avise quem opera o bot: referência `{ $reference }`.
saved-not-shown = Isso foi feito e salvo, mas não consegui mostrar aqui (o Discord não aceitou minha resposta). `/isolo tabuleiro` mostra a partida como está agora.
set-aside = Não foi possível ler a partida salva neste canal, então ela foi separada para quem opera o bot dar uma olhada. O canal está livre para uma nova partida.
unreadable-removed = A partida ou o desafio ilegível deste canal foi separado para quem opera o bot; o canal está livre de novo.
unreadable-options = Não consegui ler as opções deste comando: talvez o seu Discord ainda mostre uma versão antiga de /isolo. Nada foi alterado; tente de novo daqui a um minuto (ou reinicie o Discord).

limited-cooldown = Você usou `{ $command }` várias vezes agora há pouco: tente de novo em { $seconds } s.
limited-busy = Estou ocupado analisando outras partidas agora: tente de novo daqui a um minuto.

forget-confirm = Isto apaga o que eu guardo sobre você, em todos os servidores e conversas: suas configurações, seus ratings e as listas das suas partidas. Nas partidas encerradas você vai aparecer como “{ $former }”; os resultados continuam, então o rating de ninguém muda. Não dá para desfazer. Antes, as partidas que você ainda está jogando e os desafios abertos precisam terminar.
forgotten = Pronto: esqueci você.{ $games ->
        [0] {""}
        [one] {" "}{ $games } partida encerrada agora mostra “{ $former }”.
       *[other] {" "}{ $games } partidas encerradas agora mostram “{ $former }”.
    }
not-your-button = Este botão é do membro que pediu para ser esquecido.

thread-name = Isolo: { $south } x { $north }
thread-note = Não consegui abrir um tópico para esta partida (preciso das permissões Criar tópicos públicos e Enviar mensagens em tópicos), então ela vai ser jogada neste canal.
thread-intro = Uma partida de Isolo: { $south } contra { $north }. Jogue aqui com `/isolo jogar` ou com o menu abaixo do tabuleiro; `/isolo ajuda` lista todos os comandos.
accepted-in-thread = { $opponent } aceitou. A partida #{ $game } vai ser jogada em { $thread }.
bot-game-in-thread = A partida #{ $game } contra { $bot } começou: ela é jogada em { $thread }.
play-in-thread = (Jogue em { $thread }.)

draw-offered = { $player } propõe empate. { $opponent }, use `/isolo empate` para aceitar, ou simplesmente jogue para recusar.
draw-declined = { $bot } recusa o empate: está à frente em sementes. Continue jogando, ou use `/isolo desistir`.

# $turn_dm: on ou off; $board: mover ou south; $colours: standard ou colour-blind.
settings = Suas configurações (em todos os servidores):
    - mensagem direta na sua vez: { $turn_dm ->
        [on] ativada
       *[off] desativada
    }
    - tabuleiros vistos: { $board ->
        [south] sempre do lado Sul
       *[mover] do lado de quem está na vez
    }
    - cores das marcas da última jogada: { $colours ->
        [colour-blind] seguras para daltônicos
       *[standard] normais
    }
    - idioma: { $language }
    - lembretes da sua vez (partidas com relógio): { $reminders ->
        [off] nenhum
        [before-deadline] 24 h, 4 h e 1 h antes de o seu tempo acabar
       *[half-time] na metade do seu tempo, e de novo quando restar um décimo
    }
    - resumo diário das partidas que esperam por você: { $digest ->
        [on] ativado (em vez de uma mensagem direta a cada jogada)
       *[off] desativado
    }
    Para mudar uma delas, use `/isolo ajustes` com a opção correspondente.
settings-language-discord = o idioma do seu app do Discord
settings-server-language = Idioma deste servidor nas mensagens públicas: { $language }.

# $against é yes quando $opponent cita o outro jogador.
turn-dm = Sua vez na partida de Isolo #{ $game }{ $against ->
        [yes] {" "}contra { $opponent }
       *[no] {""}
    }: { $channel }. (Desative estas mensagens com `/isolo ajustes aviso-de-vez:false`.)

games-none = Você não tem nenhuma partida em andamento neste servidor. `/isolo desafiar` começa uma.
games-title = Suas partidas em andamento ({ $count }):
games-your-move = **sua vez**
games-their-move = vez de { $player }
games-over = encerrada
# $clock é yes quando $left diz o tempo restante; $tournament é 0 fora de torneios.
games-line = #{ $game } x { $opponent } ({ $variant }): { $turn }{ $clock ->
        [yes] , tempo restante: { $left }
       *[no] {""}
    }, em { $channel }{ $tournament ->
        [0] {""}
       *[other] {" "}(torneio #{ $tournament })
    }
finished-games-none = Você ainda não tem nenhuma partida encerrada neste servidor.
finished-games-title = { $count ->
        [one] Sua última partida encerrada:
       *[other] Suas últimas { $count } partidas encerradas:
    }
# $result: won, lost, draw ou aborted.
finished-games-line = #{ $game } x { $opponent }: { $result ->
        [won] vitória
        [lost] derrota
        [draw] empate
       *[aborted] cancelada
    }, em { $channel } (registro: `/isolo exportar partida:{ $game }`)
game-choice = #{ $game } contra { $opponent }: { $result ->
        [won] vitória
        [lost] derrota
       *[draw] empate
    }

export = O registro da partida (pares de tags e jogadas numeradas; `isolo-bot replay --record ARQUIVO` reproduz a partida).
export-alt = Registro de partida de Isolo
hint = Eu jogaria **{ $pit }**{ $captured ->
        [0] {""}
       *[other] , capturando { $captured ->
            [one] { $captured } semente
           *[other] { $captured } sementes
        }
    }.
no-move-yet = Nenhuma jogada foi feita ainda nesta partida.

help-intro = **Isolo**, o jogo de mancala dos Sukuma, com quatro fileiras de oito casas. Cada casa tem o nome da sua coluna a-h e da sua fileira 1-4; o Sul fica com as fileiras 1-2, o Norte com as fileiras 3-4. Os botões e o menu abaixo do tabuleiro fazem o mesmo que os comandos.

reminder = { $player }, é a sua vez na partida #{ $game }: o seu tempo acaba <t:{ $deadline }:R>.
idle = { $player }, a partida #{ $game } está esperando a sua jogada. Sem ela, a partida termina empatada (não ranqueada) <t:{ $closes }:R>.
flagged = O tempo de { $flagged } acabou. { $claimant }, você pode reivindicar a vitória com `/isolo partida reivindicar`.
flagged-closes = Caso contrário, a vitória por tempo será registrada para você <t:{ $closes }:R>.
held-title = **Enquanto isso** (só consigo falar aqui quando alguém me usa):
held-bot-moved = Fiz a minha jogada na partida #{ $game }: `/isolo tabuleiro` mostra a posição.
held-moved = { $player } jogou na partida #{ $game }; a jogada está salva, mas o Discord não aceitou a minha resposta: `/isolo tabuleiro` mostra a posição.
held-dm-reminder = É a sua vez na partida de Isolo #{ $game }: o seu tempo acaba <t:{ $deadline }:R>. Use `/isolo jogar` na conversa onde você joga.
held-dm-idle = A partida de Isolo #{ $game } está esperando a sua jogada. Sem ela, a partida termina empatada (não ranqueada) <t:{ $closes }:R>.
held-dm-bot-moved = Fiz a minha jogada na partida de Isolo #{ $game }: é a sua vez.
held-dm-moved = Seu adversário jogou na partida de Isolo #{ $game }: é a sua vez.
# $clock: yes quando a partida tem relógio.
answer-only-note = Aqui eu só consigo responder, não posso postar por conta própria. { $clock ->
        [yes] Se um relógio acabar ou o desafio expirar, isso aparece no próximo comando ou botão usado aqui.
       *[no] Se o desafio expirar, isso aparece no próximo comando ou botão usado aqui.
    } Quem adicionou o app, ou está num servidor comigo, pode receber uma mensagem direta na sua vez: `/isolo ajustes aviso-de-vez`.
forced-private = Este servidor só deixa os apps adicionados por membros responderem a quem os usou, então ninguém mais veria esta partida. Peça a um moderador para permitir **Usar aplicativos externos** aqui, ou para adicionar o isolo-bot ao servidor.

# /isolo ajustes idioma: a opção que segue o app do Discord.
choice-language-discord = O idioma do meu Discord
button-next = Minha próxima partida
next-none = Nenhuma das suas partidas está esperando a sua jogada.
next-game = Partida #{ $game }, { $place ->
        [private] em uma conversa privada
       *[server] em { $channel }
    }: a sua vez começou <t:{ $since }:R>. Para ir até lá: { $link }
conditional-played = Respondida na hora por uma linha condicional:
conditional-none = Você não tem linhas condicionais nesta partida.
conditional-title = Suas linhas condicionais ({ $count } de { $max }):
conditional-pair = se jogar { $theirs }, então { $mine }
conditional-cleared = { $count ->
        [0] Você não tinha linhas condicionais nesta partida.
        [one] Sua linha condicional foi apagada.
       *[other] Suas { $count } linhas condicionais foram apagadas.
    }
vacation-started = { $opponent } { $player } está de férias: o relógio da partida #{ $game } está parado até a volta, no máximo até <t:{ $until }:f>.
vacation-ended = { $opponent } { $player } voltou das férias: o relógio da partida #{ $game } volta a correr.
vacation-ran-out = { $opponent } os dias de férias de { $player } acabaram: o relógio da partida #{ $game } volta a correr.
vacation-on = Você está de férias: seus relógios estão parados até você voltar, no máximo até <t:{ $until }:f>.
vacation-bank = Férias restantes: { $left }.
clock-stopped = (o relógio está parado: um jogador está de férias)
