# Mafumbo na kozi kwenye Discord: /isolo puzzle na /isolo learn.

training-menu-placeholder = Zamu yako: chagua shimo la kupanda
# $date is a Discord timestamp that shows the day in the reader's own format.
training-daily = **Fumbo la siku** la { $date }: ni lilelile kwa kila mtu hapa leo. Chagua hatua yako hapa chini; jibu lako unaliona wewe tu.
training-daily-tally = { $solvers ->
    [0] Bado hakuna aliyelitatua
    [one] Mwanachama mmoja amelitatua
   *[other] Wanachama { $solvers } wamelitatua
} (waliojaribu: { $tried }).
training-puzzle-next = Fumbo jingine: `/isolo puzzle`
training-lesson = **Somo { $n } kati ya { $total }** (umemaliza { $done }).
training-lesson-wrong = Bado. { $hint }
training-lesson-next = Somo linalofuata: `/isolo learn`
training-course-done = Hilo lilikuwa somo la mwisho la kozi. Mwalike mtu kwa `/isolo challenge`, au tatua mafumbo kwa `/isolo puzzle`.
training-newcomer = Mgeni kwenye Isolo? `/isolo learn` inakufundisha kwa masomo mafupi.
training-stats-puzzles = Mafumbo: alama { $rating }, yaliyotatuliwa { $solved }, yaliyokosewa { $failed }, mfululizo { $streak } (bora { $best }).
# $pit is the move being sown in the animation.
training-animation-alt = Hatua { $pit } ikipandwa, mzunguko kwa mzunguko.

settings-daily-puzzle = Fumbo la siku: linawekwa kwenye { $channel } kila siku saa { $time } UTC. Linalofuata: { $next }.
settings-daily-puzzle-off = Fumbo la siku: siliweki kwenye seva hii. Mtu yeyote bado anaweza kulionyesha kwa `/isolo puzzle daily:True`.
daily-post-failed = Sikuweza kuweka fumbo la siku kwenye { $channel }: siruhusiwi kutuma ujumbe au kuambatisha faili huko. Nipe ruhusa hizo, au tumia `/isolo settings server-daily-puzzle:True` kwenye chaneli nyingine. Nitajaribu tena kesho, na sitakuandikia tena kuhusu hili.
