# Takebacks in friendly games (unrated, outside tournaments).
refusal-takeback-not-allowed = moves can only be taken back in unrated games outside tournaments
refusal-nothing-to-take-back = you have made no move to take back yet
refusal-no-takeback-request = your opponent has not asked to take back a move
cmd-isolo-game-takeback = Ask to take back your last move (unrated games)
    .name = takeback
takeback-asked = { $player } asks to take back their last move. { $opponent }, do you agree?
takeback-taken = { $plies ->
        [1] { $player }'s last move was taken back.
       *[other] { $player }'s last move and the reply to it were taken back.
    } { $next } is to move.
takeback-declined = { $opponent } declined to take back the move. The game goes on.
button-takeback-accept = Accept takeback
button-takeback-decline = Decline
web-takeback = Take back my move
web-takeback-waiting = You asked to take back your last move: waiting for your opponent.
web-takeback-asked = Your opponent asks to take back their last move.
web-takeback-accept = Accept
web-takeback-decline = Decline
web-taken-back = A move was taken back.
