# Refusals: why something was not done. Nothing changed when one is shown.
# Names ($name, $south...) are members' display names.

refusal-no-game = there is no game in this channel
refusal-no-such-game = there is no finished game #{ $game } in this server
refusal-no-challenge = there is no open challenge in this channel
refusal-busy = this channel already has a game in progress (game #{ $game }, { $south } vs { $north })
refusal-which-challenge = several challenges here concern you ({ $names }): name the other player with the command's option
refusal-challenge-pending = { $challenger } has already challenged { $opponent } here: it must be answered or withdrawn first
refusal-self-challenge = you cannot challenge yourself: challenge a friend, or the bot for a game against the computer
refusal-bot-opponent = { $name } is a bot account: challenge a person, or me for a game against the computer
refusal-not-the-opponent = only { $name } can answer this challenge
refusal-not-the-challenger = only { $name }, who made the challenge, can withdraw it
refusal-not-a-player = you are not playing in this game ({ $south } vs { $north })
refusal-not-your-turn = it is not your turn: { $name } is to move
refusal-bad-pit = "{ $text }" is not a pit: name one by column a-h and rank 1-4, like b2
refusal-not-moderator = only moderators (Manage Messages) can abort a game or its challenges
refusal-hints-not-allowed = hints are only available in games against the bot
# $list names the games, like "#12 and #15".
refusal-still-playing = still playing: { $games ->
        [0] {""}
        [one] your game { $list } must end
       *[other] your games { $list } must end
    }{ $games ->
        [0] {""}
       *[other] { $challenges ->
            [0] {""}
           *[other] {" "}and{" "}
        }
    }{ $challenges ->
        [0] {""}
        [one] your open challenge must be answered or withdrawn
       *[other] your { $challenges } open challenges must be answered or withdrawn
    } first
refusal-former-member = the other player is no longer a member
refusal-no-last-game = there is no finished game in this channel to rematch
refusal-nothing-to-review = there is no finished game in this channel to review: games are reviewed once they are over
refusal-nothing-to-claim = there is no time to claim: your opponent has not run out of time
refusal-still-has-time = { $player } still has { $left } to move
refusal-no-tournament = no tournament here concerns you
refusal-no-such-tournament = there is no tournament #{ $number } in this server
refusal-which-tournament = several tournaments concern you ({ $numbers }): say which with the `tournament` option
refusal-clock-required = a tournament needs a clock: choose the time per move
refusal-bad-rounds = rounds must be between 1 and { $max }
refusal-rounds-of-round-robin = a round robin's rounds follow from its players: leave the rounds out
refusal-deadline-passed = the entry deadline must be in the future
refusal-too-many-tournaments = this server already has { $max } tournaments open or running
refusal-already-joined = you are already in tournament #{ $number }
refusal-not-joined = you are not in tournament #{ $number }
refusal-tournament-full = tournament #{ $number } is full ({ $max } players)
refusal-tournament-started = tournament #{ $number } has started: entries are closed
refusal-tournament-over = tournament #{ $number } is over
refusal-not-enough-players = tournament #{ $number } has { $have ->
        [one] { $have } player
       *[other] { $have } players
    }; it needs { $need }
refusal-not-organizer = only the creator of tournament #{ $number } or a moderator can do this
refusal-no-such-board = tournament #{ $number } has no board { $board } waiting in round { $round }
refusal-board-started = this board is already played as game #{ $game }
refusal-no-such-puzzle = there is no puzzle { $id }
# $variant: the women's or boys' (see variant-women).
refusal-no-puzzle-left = you have tried every puzzle of the { $variant } game
refusal-puzzle-over = this puzzle is over: start it again from its first move to practise
refusal-bad-minute = { $minute } is not a minute of the day (0 to 1439)
refusal-no-such-lesson = there is no lesson { $lesson }
refusal-corrupt-game = the saved game #{ $game } cannot be read
refusal-corrupt-record = the saved record of game #{ $game } cannot be read
refusal-corrupt-lesson = lesson { $lesson } of the course cannot be read
refusal-corrupt-puzzle = this puzzle cannot be read
refusal-corrupt-newer = this was saved by a newer version of the bot, which this version cannot read
refusal-corrupt-entry = some saved data here cannot be read
refusal-stale = this board is out of date
refusal-contended = the game changed while your command was handled; nothing was done, please try again
refusal-storage = the game could not be saved or loaded; nothing was changed, please try again

# Moves that break the rules. $ranks is like "1-2".
illegal-not-your-pit = { $pit } is not your pit: { $side } plays from ranks { $first } and { $second }
illegal-too-few-seeds = { $pit } holds { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }: a move needs a pit with at least 2
illegal-out-of-play = { $pit } is out of play until you play your ng'hana (the 17-seed pit that opens the boys' game), which ends your overture
illegal-never-ending = { $pit } would start a move that never ends, so it is not allowed
illegal-game-over = the game is over
refusal-conditional-not-now = conditional moves are entered while your opponent is to move; on your turn, just play
refusal-conditional-length = a conditional line is pairs of moves, theirs then yours: 2, 4, 6 or { $max } moves, like c2 b3
refusal-conditional-full = you already have { $max } conditional lines in this game; clear them to enter new ones
refusal-conditional-conflict = this line answers the same moves differently from your line { $line }
refusal-conditional-ply = move { $ply } of the line:
refusal-on-vacation = you are on vacation already
refusal-not-on-vacation = you are not on vacation
refusal-no-vacation-left = your vacation days are used up; more come every month
refusal-nothing-to-hold = none of your games has a clock a vacation could stop, so it would only use up your days
