# Tournaments: the answers to /isolo tournament and what the tournament's
# channel and its game threads get. $number is the tournament's number in the
# server, $round a round (from 1), $board a board (from 1).

# $format: round-robin, double-round-robin or swiss.
tournament-format = { $format ->
        [round-robin] round robin
        [double-round-robin] double round robin
       *[swiss] Swiss
    }
tournament-name = Tournament #{ $number }
# $rounds is 0 when the rounds are fixed only at the start (Swiss, default).
# $deadline is 0 without an entry deadline, else a unix time in seconds.
tournament-created = { $creator } created tournament #{ $number }: { $format }, { $variant } game, { $clock }{ $rated ->
        [yes] , rated
       *[no] , unrated
    }{ $rounds ->
        [0] {""}
        [one] , { $rounds } round
       *[other] , { $rounds } rounds
    }. Join with `/isolo tournament join`{ $deadline ->
        [0] {""}
       *[other] ; entries close <t:{ $deadline }:R>, when it starts
    }.
tournament-joined = { $player } joined tournament #{ $number } ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    }).
tournament-left-before = { $player } left tournament #{ $number } ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    } left).
tournament-withdrew = { $player } withdrew from tournament #{ $number }: their remaining games are forfeited.
tournament-started = Tournament #{ $number } has started: { $count } players, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }. The pairings follow.
tournament-cancelled-done = Tournament #{ $number } is cancelled.
tournament-cancelled = Tournament #{ $number } was cancelled; games in progress go on but no longer count.

# A round's pairings, posted once in the tournament's channel.
tournament-round-title = **Tournament #{ $number }, round { $round } of { $rounds }**: the pairings
tournament-round-board = Board { $board }: { $white } (moves first) against { $black }
tournament-round-bye = Bye: { $player } (worth a win)
tournament-round-forfeit = Board { $board }: { $white } against { $black }, forfeited
tournament-round-footer = Each game is played in its own thread; { $clock }.

# The first message in a board's thread: it pings both players.
tournament-game-intro = { $white } against { $black }: tournament #{ $number }, round { $round }, board { $board }, { $clock }. { $white } moves first.

# The end: final standings and the winner (or winners, tied).
tournament-final-title = Tournament #{ $number }: final standings
tournament-standings-title = Tournament #{ $number }: standings after round { $round } of { $rounds }
tournament-standings-open = Tournament #{ $number } has not started yet. Players ({ $count }): { $players }
tournament-winner = { $count ->
        [one] { $winners } wins tournament #{ $number } with { $points } points. Congratulations!
       *[other] { $winners } share first place in tournament #{ $number } with { $points } points. Congratulations!
    }
tournament-standings-alt = The standings of tournament #{ $number } (the same as the text of this message)

# Column headings of the standings picture: short.
tournament-label-rank = #
tournament-label-player = Player
tournament-label-points = Pts
tournament-label-buchholz = BH-1
tournament-label-sonneborn = SB
tournament-label-direct = DE
tournament-label-wins = W
tournament-label-withdrawn = (withdrew)

# An autocomplete choice of the tournament option. $status: open or running.
tournament-choice = #{ $number }: { $format }, { $count ->
        [one] { $count } player
       *[other] { $count } players
    }, { $status ->
        [open] open for entries
       *[running] round { $round } of { $rounds }
    }

# The answer to /isolo settings server-tournaments. $who: anyone or moderators.
settings-server-tournaments = New tournaments in this server: { $who ->
        [moderators] only moderators may create them
       *[anyone] any member may create them
    }.

# A permission of the bot in a channel, named as Discord's channel settings
# name it. $right: send-messages, create-public-threads or send-messages-in-threads.
channel-right = { $right ->
        [send-messages] Send Messages
        [create-public-threads] Create Public Threads
       *[send-messages-in-threads] Send Messages in Threads
    }
# The private answer to /isolo tournament create where the bot lacks a
# permission. $right is a channel-right.
tournament-cannot-host = I cannot run a tournament in this channel: I need the **{ $right }** permission here, because every game of a tournament is played in its own thread of this channel. Ask a moderator to give it to me in this channel's settings (Permissions), or create the tournament in another channel. Nothing was created.
# Posted once a round in the tournament's channel when a board cannot start.
# $right is a channel-right.
tournament-blocked = Tournament #{ $number }, round { $round }: a game cannot start. I need the **{ $right }** permission in this channel to give each game its own thread, and this channel already has a game in progress. Ask a moderator to give it to me in this channel's settings: the waiting games then start within a minute. Until then they start here, one at a time, as the game here ends.
