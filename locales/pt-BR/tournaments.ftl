# Torneios: as respostas a /isolo torneio e o que o canal do torneio e os
# tópicos das partidas recebem. $number é o número do torneio no servidor,
# $round uma rodada (a partir de 1), $board uma mesa (a partir de 1).

# $format: round-robin, double-round-robin ou swiss.
tournament-format = { $format ->
        [round-robin] todos contra todos
        [double-round-robin] todos contra todos em ida e volta
       *[swiss] sistema suíço
    }
tournament-name = Torneio #{ $number }
# $rounds é 0 quando as rodadas só são definidas no início (suíço, padrão).
# $deadline é 0 sem prazo de inscrição, senão um horário unix em segundos.
tournament-created = { $creator } criou o torneio #{ $number }: { $format }, jogo { $variant }, { $clock }{ $rated ->
        [yes] , ranqueado
       *[no] , não ranqueado
    }{ $rounds ->
        [0] {""}
        [one] , { $rounds } rodada
       *[other] , { $rounds } rodadas
    }. Entre com `/isolo torneio entrar`{ $deadline ->
        [0] {""}
       *[other] ; as inscrições fecham <t:{ $deadline }:R>, quando o torneio começa
    }.
tournament-joined = { $player } entrou no torneio #{ $number } ({ $count ->
        [0] { $count } jogadores
        [one] { $count } jogador
       *[other] { $count } jogadores
    }).
tournament-left-before = { $player } saiu do torneio #{ $number } ({ $count ->
        [0] não sobrou nenhum jogador
        [one] sobrou { $count } jogador
       *[other] sobraram { $count } jogadores
    }).
tournament-withdrew = { $player } abandonou o torneio #{ $number }: as partidas que faltavam contam como derrota por W.O.
tournament-started = O torneio #{ $number } começou: { $count } jogadores, { $rounds ->
        [0] { $rounds } rodadas
        [one] { $rounds } rodada
       *[other] { $rounds } rodadas
    }. Os confrontos vêm a seguir.
tournament-cancelled-done = O torneio #{ $number } foi cancelado.
tournament-cancelled = O torneio #{ $number } foi cancelado; as partidas em andamento continuam, mas não contam mais.

# Os confrontos de uma rodada, postados uma vez no canal do torneio.
tournament-round-title = **Torneio #{ $number }, rodada { $round } de { $rounds }**: os confrontos
tournament-round-board = Mesa { $board }: { $white } (começa) contra { $black }
tournament-round-bye = Folga: { $player } (vale uma vitória)
tournament-round-forfeit = Mesa { $board }: { $white } contra { $black }, W.O.
tournament-round-footer = Cada partida é jogada no seu próprio tópico; { $clock }.

# A primeira mensagem no tópico de uma mesa: menciona os dois jogadores.
tournament-game-intro = { $white } contra { $black }: torneio #{ $number }, rodada { $round }, mesa { $board }, { $clock }. { $white } começa.

# O final: classificação final e o vencedor (ou vencedores, empatados).
tournament-final-title = Torneio #{ $number }: classificação final
tournament-standings-title = Torneio #{ $number }: classificação depois da rodada { $round } de { $rounds }
tournament-standings-open = O torneio #{ $number } ainda não começou. Jogadores ({ $count }): { $players }
tournament-winner = { $count ->
        [0] { $winners } dividem o primeiro lugar do torneio #{ $number } com { $points } pontos. Parabéns!
        [one] { $winners } vence o torneio #{ $number } com { $points } pontos. Parabéns!
       *[other] { $winners } dividem o primeiro lugar do torneio #{ $number } com { $points } pontos. Parabéns!
    }
tournament-standings-alt = A classificação do torneio #{ $number } (a mesma do texto desta mensagem)

# Títulos das colunas da imagem da classificação: curtos.
# BH-1: Buchholz sem o pior resultado; SB: Sonneborn-Berger; CD: confronto direto; V: vitórias.
tournament-label-rank = #
tournament-label-player = Jogador
tournament-label-points = Pts
tournament-label-buchholz = BH-1
tournament-label-sonneborn = SB
tournament-label-direct = CD
tournament-label-wins = V
tournament-label-withdrawn = (desistiu)

# Uma opção do autocompletar de torneio. $status: open ou running.
tournament-choice = #{ $number }: { $format }, { $count ->
        [0] nenhum jogador
        [one] { $count } jogador
       *[other] { $count } jogadores
    }, { $status ->
        [open] inscrições abertas
       *[running] rodada { $round } de { $rounds }
    }

# A resposta a /isolo ajustes torneios-do-servidor. $who: anyone ou moderators.
settings-server-tournaments = Novos torneios neste servidor: { $who ->
        [moderators] só moderadores podem criar
       *[anyone] qualquer membro pode criar
    }.

# O nome da permissão como aparece nas configurações de canal do Discord.
channel-right = { $right ->
        [send-messages] Enviar mensagens
        [create-public-threads] Criar tópicos públicos
       *[send-messages-in-threads] Enviar mensagens em tópicos
    }
tournament-cannot-host = Não consigo organizar um torneio neste canal: preciso da permissão **{ $right }** aqui, porque cada partida de um torneio é jogada em um tópico próprio deste canal. Peça a um moderador para me dar essa permissão nas configurações deste canal (Permissões), ou crie o torneio em outro canal. Nada foi criado.
tournament-blocked = Torneio #{ $number }, rodada { $round }: uma partida não pode começar. Preciso da permissão **{ $right }** neste canal para dar a cada partida o seu próprio tópico, e este canal já tem uma partida em andamento. Peça a um moderador para me dar essa permissão nas configurações deste canal: as partidas em espera começam em até um minuto. Até lá, elas começam aqui, uma de cada vez, quando a partida daqui terminar.
