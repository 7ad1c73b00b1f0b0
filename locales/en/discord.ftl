# What the bot says on Discord. Markdown works here: **bold**, `code`,
# -# small print. <t:...:R> is a time Discord shows in the reader's own
# language ("in 2 days"); <@...> and <#...> are a member and a channel.
# Commands are named as the command picker shows them in this language (the
# names in commands.ftl). Discord has no Swahili locale, so Swahili keeps the
# English names.

former-member = a former member

review-file-title = Isolo game #{ $game }: { $south } vs { $north }
review-message = **{ $title }** { $text }
    Every move, with the move the search prefers, is in the file.
review-file-alt = Review of Isolo game #{ $game }

# $side is South or North (side-south, side-north).
board-drawn-from = Drawn from { $side }'s side: { $player } at the bottom.
board-header = Game #{ $game }: { $south } (South) vs { $north } (North), { $variant } game, ply { $ply }.
board-to-move = { $player } ({ $side }) to move.
game-on = Game #{ $game } on: { $south } (South) vs { $north } (North), { $variant } game.
animation-alt = Animation of { $player } sowing { $pit }

menu-pit = { $pit } ({ $seeds } seeds)
menu-placeholder = { $player }: choose a pit to sow
button-rematch = Rematch
button-accept = Accept
button-decline = Decline
button-withdraw = Withdraw
button-forget-me = Forget me

turn-bot-thinking = { $player } ({ $side }) is thinking...
turn-your-move = { $player }, your move ({ $side }): pick a pit below or use `/isolo move`.
turn-your-move-clock = { $player }, your move ({ $side }) (time runs out <t:{ $deadline }:R>): pick a pit below or use `/isolo move`.

clock-days = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
clock-minutes = { $minutes ->
    [one] { $minutes } minute per move
   *[other] { $minutes } minutes per move
}
clock-none = no clock

# $house is yes when the game has house rules, which $rules then names
# (like "house rules: captures go on"); else $rules is empty.
challenge = { $challenger } challenges { $opponent } to a game of Isolo ({ $variant } game, { $clock }{ $house ->
        [yes] , { $rules }
       *[no] {""}
    }, { $rated ->
        [yes] rated
       *[no] unrated
    }). It expires <t:{ $expires }:R>.
challenge-no-clock = No clock: after a day without a move the player to move is reminded once, and after { $idle } without a move the game ends as an unrated draw.
challenge-pair = { $challenger } to { $opponent }
challenges-aborted = A moderator withdrew the open challenges here: { $challenges }.
challenge-declined = { $opponent } declined the challenge from { $challenger }.
challenge-withdrawn = { $challenger } withdrew the challenge to { $opponent }.
challenge-expired = The challenge from { $challenger } to { $opponent } expired unanswered.

# $streak_kind: win, loss or none; $streak counts the results in a row.
stats = **{ $player }**: rating { $rating } (±{ $deviation }{ $provisional ->
        [yes] , provisional: few games, or none for a long time
       *[no] {""}
    }), { $games ->
        [one] { $games } game
       *[other] { $games } games
    }: { $wins } won, { $losses } lost, { $draws } drawn.{ $streak_kind ->
        [win] {" "}Current streak: { $streak ->
            [one] { $streak } win.
           *[other] { $streak } wins.
        }
        [loss] {" "}Current streak: { $streak ->
            [one] { $streak } loss.
           *[other] { $streak } losses.
        }
       *[none] {""}
    } Best winning streak: { $best }.
stats-rival = vs { $rival }: { $wins }-{ $losses }-{ $draws }
no-stats = { $player } has no rated games in this server yet.
no-stats-private = Results of games in private chats are shown only to their own player.

leaderboard-empty = No rated games in this server yet: challenge someone with `/isolo challenge`.
leaderboard-private = Private chats have no leaderboard: games here count only toward each player's own results, which `/isolo stats` shows them. Every server has a leaderboard of its own.
leaderboard-title = Isolo leaderboard
leaderboard-line = { $rank }. { $player } { $rating } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins }-{ $losses }-{ $draws })
leaderboard-provisional = `?` marks a provisional rating (few games, or none for a long time); the order is by rating minus twice its ±.

# A refusal followed by the way on.
refusal-with-way-on = { $refusal }{ $way_on }
way-on-no-game = : start one with /isolo challenge
way-on-busy = : finish it or start a thread
way-on-not-a-player = ; you can watch with /isolo board
way-on-still-playing-games = {" "}(`/isolo games` lists them)
way-on-still-playing-challenges = {" "}(withdraw or decline them with /isolo withdraw and /isolo decline)
way-on-corrupt = ; a moderator can /isolo game abort it
way-on-stale = : use the menu under the newest board, or /isolo move
# Replaces refusal-which-challenge on Discord, where buttons help.
refusal-which-challenge-here = several challenges here concern you ({ $names }): use the buttons on the one you mean, or say who with the `from` option of /isolo accept and /isolo decline (the `to` option of /isolo withdraw)
refusal-server-language = only moderators (Manage Messages) can change the server's settings (its language, who creates tournaments, the daily puzzle), and only in a server

internal-error = Something went wrong on my side; nothing was changed. Please try again. If it keeps happening, tell the bot's operator: reference `{ $reference }`.
panicked = Something went wrong on my side. Please try again. If it keeps happening, tell the bot's operator: reference `{ $reference }`.
saved-not-shown = That was done and saved, but I could not show it here (Discord did not take my answer). `/isolo board` shows the game as it is now.
set-aside = The game saved in this channel could not be read, so it was set aside for the bot's operator to look at. The channel is free for a new game.
unreadable-removed = The unreadable game or challenge in this channel was set aside for the bot's operator; the channel is free again.
unreadable-options = I could not read this command's options: your Discord may still show an older version of /isolo. Nothing was changed; please try again in a minute (or restart Discord).

limited-cooldown = You used `{ $command }` several times just now: try again in { $seconds } s.
limited-busy = I am busy analysing other games right now: try again in a minute.

forget-confirm = This deletes what I keep about you, in every server and chat: your settings, your ratings and the lists of your games. In finished games you will be shown as "{ $former }"; their results stay, so nobody else's rating changes. It cannot be undone. Games you are still playing, and open challenges, must end first.
forgotten = Done: I have forgotten you.{ $games ->
        [0] {""}
        [one] {" "}{ $games } finished game now shows "{ $former }".
       *[other] {" "}{ $games } finished games now show "{ $former }".
    }
not-your-button = This button is for the member who asked to be forgotten.

thread-name = Isolo: { $south } vs { $north }
thread-note = I could not open a thread for this game (I need Create Public Threads and Send Messages in Threads), so it is played in this channel.
thread-intro = A game of Isolo: { $south } against { $north }. Play here with `/isolo move` or the menu under the board; `/isolo help` lists every command.
accepted-in-thread = { $opponent } accepted. Game #{ $game } is played in { $thread }.
bot-game-in-thread = Game #{ $game } against { $bot } is on: it is played in { $thread }.
play-in-thread = (Play in { $thread }.)

draw-offered = { $player } offers a draw. { $opponent }, use `/isolo draw` to accept, or just move to decline.
draw-declined = { $bot } declines the draw: it is ahead on seeds. Play on, or `/isolo resign`.

# $turn_dm: on or off; $board: mover or south; $colours: standard or colour-blind.
settings = Your settings (in every server):
    - a direct message on your move: { $turn_dm ->
        [on] on
       *[off] off
    }
    - boards drawn from: { $board ->
        [south] South, always
       *[mover] the side of the player to move
    }
    - colours of the last move's marks: { $colours ->
        [colour-blind] colour-blind-safe
       *[standard] standard
    }
    - language: { $language }
    - reminders of your move (games with a clock): { $reminders ->
        [off] none
        [before-deadline] 24 h, 4 h and 1 h before your time runs out
       *[half-time] at half your time, and again with a tenth left
    }
    - a daily digest of the games waiting for you: { $digest ->
        [on] on (instead of a DM on every move)
       *[off] off
    }
    Change one with `/isolo settings` and its option.
settings-language-discord = the language of your Discord app
settings-server-language = This server's language for public messages: { $language }.

# $against is yes when $opponent names the other player.
turn-dm = Your move in game #{ $game }{ $against ->
        [yes] {" "}against { $opponent }
       *[no] {""}
    } of Isolo: { $channel }. (Turn these messages off with `/isolo settings turn-dm:false`.)

games-none = You have no game in progress in this server. `/isolo challenge` starts one.
games-title = Your games in progress ({ $count }):
games-your-move = **your move**
games-their-move = { $player } to move
games-over = over
# $clock is yes when $left says the time left; $tournament is 0 outside tournaments.
games-line = #{ $game } vs { $opponent } ({ $variant }): { $turn }{ $clock ->
        [yes] , { $left } left
       *[no] {""}
    }, in { $channel }{ $tournament ->
        [0] {""}
       *[other] {" "}(tournament #{ $tournament })
    }
finished-games-none = You have no finished game in this server yet.
finished-games-title = Your last { $count } finished games:
# $result: won, lost, draw or aborted.
finished-games-line = #{ $game } vs { $opponent }: { $result ->
        [won] won
        [lost] lost
        [draw] draw
       *[aborted] aborted
    }, in { $channel } (record: `/isolo export game:{ $game }`)
game-choice = #{ $game } against { $opponent }: { $result ->
        [won] won
        [lost] lost
       *[draw] draw
    }

export = The game record (tag pairs and numbered moves; `isolo-bot replay --record FILE` replays it).
export-alt = Isolo game record
hint = I would play **{ $pit }**{ $captured ->
        [0] {""}
       *[other] , capturing { $captured } seeds
    }.
no-move-yet = No move has been played yet in this game.

help-intro = **Isolo**, the Sukuma mancala game, four rows of eight pits. Pits are named by column a-h and rank 1-4; South owns ranks 1-2, North ranks 3-4. Buttons and the menu under the board do the same as the commands.

reminder = { $player }, it is your move in game #{ $game }: your time runs out <t:{ $deadline }:R>.
idle = { $player }, game #{ $game } is waiting for your move. Without one it ends as a draw (unrated) <t:{ $closes }:R>.
flagged = { $flagged } ran out of time. { $claimant }, you may claim the win with `/isolo game claim`.
flagged-closes = Otherwise the win is recorded for you on time <t:{ $closes }:R>.
held-title = **Meanwhile** (I can only speak here when someone uses me):
held-bot-moved = I played my move in game #{ $game }: `/isolo board` shows the position.
held-moved = { $player } moved in game #{ $game }; the move is saved, but Discord did not take my answer: `/isolo board` shows the position.
held-dm-reminder = It is your move in Isolo game #{ $game }: your time runs out <t:{ $deadline }:R>. Use `/isolo move` in the chat where you play.
held-dm-idle = Isolo game #{ $game } is waiting for your move. Without one it ends as a draw (unrated) <t:{ $closes }:R>.
held-dm-bot-moved = I played my move in Isolo game #{ $game }: it is your move.
held-dm-moved = Your opponent moved in Isolo game #{ $game }: it is your move.
# $clock: yes when the game has a clock.
answer-only-note = I can only answer here, not post on my own. { $clock ->
        [yes] If a clock runs out or the challenge expires, it shows with the next command or button here.
       *[no] If the challenge expires, it shows with the next command or button here.
    } Players who added the app, or share a server with me, can get a DM on their move: `/isolo settings turn-dm`.
forced-private = This server lets apps that members added answer only the member who used them, so nobody else would see this game. Ask a moderator to allow **Use External Apps** here, or to add isolo-bot to the server.

# /isolo settings language: the choice that follows the Discord app.
choice-language-discord = My Discord app's language
button-next = My next game
next-none = None of your games is waiting for your move.
next-game = Game #{ $game }, { $place ->
        [private] in a private chat
       *[server] in { $channel }
    }: your turn began <t:{ $since }:R>. Go there: { $link }
conditional-played = Answered at once from a conditional line:
conditional-none = You have no conditional lines in this game.
conditional-title = Your conditional lines ({ $count } of { $max }):
conditional-pair = if { $theirs }, then { $mine }
conditional-cleared = { $count ->
        [0] You had no conditional lines in this game.
        [one] Your conditional line was removed.
       *[other] Your { $count } conditional lines were removed.
    }
vacation-started = { $opponent } { $player } is on vacation: the clock of game #{ $game } is stopped until they come back, <t:{ $until }:f> at the latest.
vacation-ended = { $opponent } { $player } is back from vacation: the clock of game #{ $game } runs again.
vacation-ran-out = { $opponent } { $player }'s vacation days have run out: the clock of game #{ $game } runs again.
vacation-on = You are on vacation: your clocks are stopped until you come back, <t:{ $until }:f> at the latest.
vacation-bank = Vacation days left: { $left }.
clock-stopped = (the clock is stopped: a player is on vacation)
