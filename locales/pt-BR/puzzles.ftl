# Problemas: posições encontradas e comprovadas pelo motor. Um "lance" é uma
# jogada de um jogador.

# $kind: forced-win (vitória em $n lances) ou material (superar todas as outras
# jogadas por $n sementes ou mais).
puzzle-task = Problema { $id } (rating { $rating }): você é o { $side }; { $kind ->
    [forced-win] { $n ->
        [1] vença a partida com uma jogada
       *[other] force a vitória em { $n } lances, não importa o que o adversário faça
    }
   *[material] encontre a jogada que ganha sementes: ela supera qualquer outra jogada por { $n } ou mais (na diferença de sementes)
}.
puzzle-reply = Isso! O adversário responde { $pit }. Sua vez de novo.
puzzle-solved = Resolvido!{ $rating } { $record }
puzzle-also = { $kind ->
    [forced-win] { $pit } também vence; a mais rápida era { $best }.
   *[material] { $pit } também serve: fica a poucas sementes da melhor jogada, { $best }.
}
# $after: como fica a partida depois da jogada (uma frase como "Você está atrás por cerca de 3 sementes").
puzzle-failed = { $pit } não é a resposta. Depois dela: { $after } (a melhor jogada: { $best }). A solução era { $solution }.{ $rating } { $record }
puzzle-rating-change = {" "}Rating de problemas: { $before } -> { $after }.
puzzle-practice = {" "}(Treino: cada problema só conta uma vez.)
puzzle-record = Resolvidos: { $solved }, errados: { $failed }, sequência: { $streak } (melhor: { $best }).
