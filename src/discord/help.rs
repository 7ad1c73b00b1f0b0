//! Help and rules texts.

/// `/isolo help`.
pub const HELP: &str = "**Isolo**, the Sukuma mancala game, four rows of eight pits.
**Start:** `/isolo challenge opponent:@friend` (or challenge me, the bot, to play the computer). Your friend answers with the buttons or `/isolo accept` / `/isolo decline`; you can `/isolo withdraw`.
**Play:** pick a pit from the menu under the board, or `/isolo move pit:b2`. Pits are named by column a-h and rank 1-4; South owns ranks 1-2, North ranks 3-4.
**Look:** `/isolo board` (anyone), `/isolo board text:True`, `/isolo animate` (the last move, lap by lap), `/isolo history`, `/isolo export`.
**End:** `/isolo resign`, `/isolo draw` (offer or accept), `/isolo rematch`, `/isolo claim` (when your opponent's time ran out).
**Learn:** `/isolo rules`, `/isolo hint` (against the bot), `/isolo review` (the turning points of the last finished game).
**Ratings:** `/isolo stats`, `/isolo leaderboard`. Moderators: `/isolo abort`.";
