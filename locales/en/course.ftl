# The course (/isolo learn, isolo-bot play --learn): each lesson has an
# intro, hints for a wrong move and a word once done. The ids come from
# assets/course.json. Pits are a1-h4; South owns ranks 1-2.

lesson-sowing = Sowing. You own the two rows nearest you. A move empties one of your pits holding two seeds or more and sows them one by one into the next pits: along your outer row from left to right (a1 towards h1), then back along your inner row (h2 towards a2), and round again. A single seed cannot be played.
lesson-sowing-done = Well done: the last seed fell into an empty pit, so the move ended there.
lesson-corner = Where a lap ends. After h1 the seeds turn the corner into your inner row at h2 and run west. When the last seed falls into an empty pit, the move is over.
lesson-corner-done = Right: h1, h2, then g2, which was empty.
lesson-relay = Relay sowing. If the last seed lands in a pit that already held seeds (and there is nothing to capture), you lift all of them and sow on from there: a new lap. A move can relay many times.
lesson-relay-done = That is a relay: the lap ended on seeds, so you lifted them and sowed on.
lesson-capture = The capture. If a lap ends on a non-empty pit of your inner row, and the opponent's two pits in the same column hold seeds, you take the seeds of both.
lesson-capture-done = Captured! The seeds came from the opponent's pits in the column of your last seed.
lesson-capture-sowing = Sowing the captured seeds. Captured seeds are sown into your own pits, starting after the pit where the capturing lap began (its origin).
lesson-capture-sowing-done = Right: the captured seeds started after the lap's origin, so they ran on to b1.
lesson-move-ends = When a move ends. A move goes on, lap after lap, until the last seed falls into an empty pit, or until captured seeds have been sown (under the default rules the move ends there, whatever the pit holds).
lesson-move-ends-done = Three laps: two relays, then an empty pit ended the move.
lesson-who-wins = Who wins. A player who cannot move on his turn, because no pit of his holds two seeds, loses. Taking all of the opponent's seeds wins at once.
lesson-who-wins-done = North has only single seeds left: he cannot move, so you win.
lesson-nghana = The boys' game. It starts from a fixed setup: each player's rightmost outer pit is his ng'hana, with 17 seeds. In the overture, his rightmost column is out of play and cannot be captured. Playing the ng'hana ends the overture and sows its 17 seeds all the way round.
lesson-nghana-done = The ng'hana is played: your overture is over, your whole side is in play now, and can be captured.
lesson-overture = In the overture your sowing skips your rightmost column: after g1 the next pit is g2. Captures work as in the women's game.
lesson-overture-done = The sowing skipped h1 and h2 and captured in the inner row.
lesson-take-the-most = A first tactic: before you move, count where each move's last seed will land, and what it captures. Take the most.
lesson-take-the-most-done = Eight seeds: the bigger capture.
lesson-look-ahead = A second tactic: look one move further. Find the move after which, whatever your opponent answers, you can win.
lesson-look-ahead-done = You saw it through to the end: that is how puzzles work.
hint-count = Count the seeds: which pit's last seed reaches { $pit }?
hint-corner = Follow the seeds round the corner: after h1 comes h2.
hint-relay = Look for a pit whose last seed lands on a pit that already holds seeds.
hint-capture-where = Captures happen only in your inner row (rank 2 for South).
hint-capture-opposite = Which move ends on { $pit }, facing the opponent's seeds?
hint-capture-origin = The captured seeds start after the pit the capturing lap began from.
hint-move-ends = A relay carries the move on: find a move that lands on seeds twice.
hint-who-wins = North has only one pit with two seeds. Take it.
hint-nghana = Your ng'hana is { $pit }.
hint-overture = The capture comes after a relay: follow c1.
hint-compare = Two moves capture here: count both.
hint-look-ahead = Which move leaves the opponent only bad answers?

# A lesson's task.
task-last-seed-in = Task: make your last seed land in { $pit }.
task-laps = Task: make a move of at least { $laps } laps.
task-capture = { $seeds ->
    [0] Task: capture.
    [1] Task: capture.
   *[other] Task: capture at least { $seeds } seeds.
}
task-end-overture = Task: end your overture (play your ng'hana).
task-win = Task: win the game.

# A move told lap by lap. $from and $end are the phrases below.
lap = lap { $lap }: { $seeds } seeds { $from } into { $pits }; { $end }.
lap-from-move = from { $pit }
lap-from-relay = lifted from { $pit }
lap-from-capture = captured, sown on after { $pit }
lap-end-empty = { $pit } was empty, so the move ends
lap-end-relay = { $pit } was not empty: lift its { $seeds } seeds and sow on
lap-end-capture = { $pit } is an inner pit with seeds opposite: capture { $taken }
lap-end-sown = the captured seeds are sown, so the move ends
lap-end-wipe-out = the opponent has no seeds left: you win
