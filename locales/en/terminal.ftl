# The terminal game (isolo-bot play). Commands typed at the prompt (board,
# hint, quit...) stay in English: they are what the player types.

terminal-help = commands: <pit> (like b2) or move <pit> | board | png [file] | animate [file] | save <file> | hint | draw | resign | history | rules | help | quit (after the game: review | history | save <file>)
terminal-unknown-command = unknown command; type help
terminal-save-needs-file = save needs a file name, like: save game.isolo
terminal-leave-ask = Leave the unfinished game? Type yes (or press Ctrl-D again) to leave, anything else to go on:{" "}
terminal-goes-on = The game goes on.
terminal-left-unfinished = End of input: the game was not finished.
terminal-game-over = The game is over: `review` shows the computer's review of it, `history` its record, `save <file>` writes it; Enter leaves.
terminal-draw-declined = the computer declines the draw: it is ahead on seeds
terminal-draw-offered = draw offered; the opponent may accept with `draw`
terminal-no-move-yet = no move has been played yet
# $variant: women's or boys' (variant-women, variant-boys).
terminal-intro = Isolo, { $variant } game: You are South (ranks 1-2, bottom), { $north } is North.
terminal-prompt = { $player } to move>
terminal-hint = I would play { $pit }, capturing { $captured } seeds. { $evaluation }.
terminal-cannot-write = cannot write { $path }: { $error } (the game goes on)
terminal-saved = saved the game record to { $path } (isolo-bot replay --record { $path } reads it back)
terminal-wrote = wrote { $path }
# $what describes the picture (its alt text).
terminal-wrote-picture = wrote { $path } ({ $what })
terminal-train-help = type a pit (like b2) to move | board | help | quit
terminal-course-done = You have done every lesson of the course. Play a game with: isolo-bot play
terminal-board-picture = (board picture: { $path })
# A lesson's heading; $n counts from 1.
terminal-lesson = Lesson { $n } of { $total }.
# The names of the terminal's players, in sentences that name a player
# ("You played b2"): a name that reads well in the third person.
terminal-you = You
terminal-friend = Friend
terminal-web-open = The live board is at { $url }: open it in your browser. Ctrl-C stops it.
