//! What `isolo-bot play` says: the terminal's wording of the hosting layer's
//! answers, in one place. The terminal has no markup: names print as they are.

use isolo_bot::engine::{Move, MoveReport, Variant};
use isolo_bot::table::narrate::{self, Span};
use isolo_bot::table::{FinishedGame, LiveGame, Reviewed, Seat, TableError};

/// The commands of the game loop.
pub const HELP: &str = "commands: <pit> (like b2) or move <pit> | board | png [file] | animate [file] | hint | draw | resign | history | rules | help | quit (after the game: review | history)";

/// Said once the game is over.
pub const GAME_OVER: &str =
    "The game is over: `review` shows the computer's review of it, `history` its record; Enter leaves.";

/// Said when the computer declines a draw (it is ahead).
pub const DRAW_DECLINED: &str = "the computer declines the draw: it is ahead on seeds";

/// Said when a draw offer waits for the opponent.
pub const DRAW_OFFERED: &str = "draw offered; the opponent may accept with `draw`";

/// Said when there is no move to animate.
pub const NO_MOVE_YET: &str = "no move has been played yet";

/// The first line of a game.
pub fn intro(variant: Variant, north: &Seat) -> String {
    format!("Isolo, {variant} game: You are South (ranks 1-2, bottom), {north} is North.")
}

/// The prompt of the player to move.
pub fn prompt(to_move: Option<&Seat>) -> String {
    format!("{} to move> ", to_move.map(Seat::name).unwrap_or_default())
}

/// A refusal: the table's own sentence, which names no command.
pub fn refusal(e: &TableError) -> String {
    e.to_string()
}

/// What a move did.
pub fn moved(live: &LiveGame, report: &MoveReport) -> String {
    narrate::describe_move(live, report, Seat::name)
}

/// Who won and why.
pub fn result(f: &FinishedGame) -> String {
    narrate::result_line(f, Seat::name)
}

/// The computer's hint.
pub fn hint(mv: Move, captured: u32) -> String {
    format!("I would play {mv}, capturing {captured} seeds.")
}

/// The rules of both variants, as plain text.
pub fn rules() -> String {
    narrate::rules(None)
        .into_iter()
        .map(|span| match span {
            Span::Plain(t) | Span::Strong(t) => t,
        })
        .collect()
}

/// A review's summary, then its ply-by-ply table.
pub fn review(reviewed: &Reviewed) -> String {
    let summary = narrate::review_summary(&reviewed.finished, &reviewed.review, Seat::name);
    format!("{} {}\n{}", summary.title, summary.text, reviewed.review)
}
