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

# The daily puzzle the bot posts on its own (/isolo settings server-daily-puzzle).
# $channel is a channel mention, $time the hour in UTC (09:00), $next a
# Discord timestamp that shows the next post in the reader's own time.
settings-daily-puzzle = Daily puzzle: posted in { $channel } every day at { $time } UTC. Next: { $next }.
settings-daily-puzzle-off = Daily puzzle: the bot does not post it in this server. Anyone can still show it with `/isolo puzzle daily:True`.
# Sent once, as a direct message, to the moderator who set the daily post.
daily-post-failed = I could not post the daily puzzle in { $channel }: I am not allowed to send messages or attach files there. Give me those permissions, or use `/isolo settings server-daily-puzzle:True` in another channel. I will try again tomorrow and will not write to you about it again.
