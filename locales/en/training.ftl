# Puzzles and the course in Discord: /isolo puzzle and /isolo learn.

training-menu-placeholder = Your move: choose a pit to sow
# $date is a Discord timestamp that shows the day in the reader's own format.
training-daily = **Daily puzzle** of { $date }: the same for everyone here today. Choose your move below; only you see your answer.
training-daily-tally = { $solvers ->
    [0] Nobody has solved it yet
    [one] One member has solved it
   *[other] { $solvers } members have solved it
} ({ $tried } tried).
training-puzzle-next = Another puzzle: `/isolo puzzle`
training-lesson = **Lesson { $n } of { $total }** ({ $done } done).
training-lesson-wrong = Not yet. { $hint }
training-lesson-next = Next lesson: `/isolo learn`
training-course-done = That was the last lesson of the course. Challenge someone with `/isolo challenge`, or solve puzzles with `/isolo puzzle`.
training-newcomer = New to Isolo? `/isolo learn` teaches it in ten short lessons.
training-stats-puzzles = Puzzles: rating { $rating }, solved { $solved }, failed { $failed }, streak { $streak } (best { $best }).
# $pit is the move being sown in the animation.
training-animation-alt = The move { $pit } being sown, lap by lap.
