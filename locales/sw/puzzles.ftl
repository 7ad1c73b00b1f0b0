# Mafumbo: nafasi zilizopatikana na kuthibitishwa na injini. "Hatua" hapa ni
# mchezo mmoja wa mchezaji mmoja (ply).

# $kind: forced-win (win in $n plies) or material (lead every other move by
# $n seeds or more).
puzzle-task = Fumbo { $id } (alama { $rating }): wewe ni { $side }; { $kind ->
    [forced-win] { $n ->
        [1] shinda mchezo kwa hatua moja
       *[other] lazimisha ushindi ndani ya hatua { $n }, mpinzani afanye lolote
    }
   *[material] tafuta hatua inayovuna kete: inazidi kila hatua nyingine kwa kete { $n } au zaidi (tofauti ya kete)
}.
puzzle-reply = Sawa! Mpinzani anajibu { $pit }. Zamu yako tena.
puzzle-solved = Umelitatua!{ $rating } { $record }
puzzle-also = { $kind ->
    [forced-win] Hatua { $pit } nayo inashinda; ya haraka zaidi ilikuwa { $best }.
   *[material] Hatua { $pit } nayo ni nzuri: iko kete chache tu nyuma ya hatua bora, { $best }.
}
# $after: how the game stands after the move (a sentence like "Uko nyuma kwa takribani kete 3").
puzzle-failed = { $pit } si jibu. Baada yake: { $after } (hatua bora: { $best }). Jibu lilikuwa { $solution }.{ $rating } { $record }
puzzle-rating-change = {" "}Alama za mafumbo: { $before } -> { $after }.
puzzle-practice = {" "}(Mazoezi: kila fumbo huhesabiwa mara moja tu.)
puzzle-record = Umetatua { $solved }, umekosa { $failed }, mfululizo { $streak } (bora { $best }).
