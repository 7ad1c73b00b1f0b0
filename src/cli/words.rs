//! What `isolo-bot play` says: the terminal's wording of the hosting layer's
//! answers, in one place. The terminal has no markup: names print as they are.

use std::path::Path;

use isolo_bot::ai::{Hint, Score, SEED};
use isolo_bot::engine::{MoveReport, Variant};
use isolo_bot::table::narrate::{self, Span};
use isolo_bot::table::{FinishedGame, LiveGame, Reviewed, Seat, TableError};

/// The commands of the game loop.
pub const HELP: &str = "commands: <pit> (like b2) or move <pit> | board | png [file] | animate [file] | save <file> | hint | draw | resign | history | rules | help | quit (after the game: review | history | save <file>)";

/// A word that is neither a command nor a pit.
pub const UNKNOWN_COMMAND: &str = "unknown command; type help";

/// `save` without a file name.
pub const SAVE_NEEDS_FILE: &str = "save needs a file name, like: save game.isolo";

/// Asked at end of input (Ctrl-D) on a terminal while the game goes on.
pub const LEAVE_ASK: &str =
    "\nLeave the unfinished game? Type yes (or press Ctrl-D again) to leave, anything else to go on: ";

/// Said when the player chose to stay.
pub const GOES_ON: &str = "The game goes on.";

/// Said when input ends (or the player leaves) before the game is over.
pub const LEFT_UNFINISHED: &str = "\nEnd of input: the game was not finished.";

/// Said once the game is over.
pub const GAME_OVER: &str =
    "The game is over: `review` shows the computer's review of it, `history` its record, `save <file>` writes it; Enter leaves.";

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

/// The computer's hint: its move and how the game stands for the player asking.
pub fn hint(h: &Hint) -> String {
    format!(
        "I would play {}, capturing {} seeds. {}.",
        h.mv,
        h.captured,
        evaluation(h.score)
    )
}

/// A search score in words, for the player to move.
pub fn evaluation(score: Score) -> String {
    match score.forced_in() {
        Some(n) if n >= 0 => format!("You can force a win in {n} plies"),
        Some(n) => format!("Your opponent can force a win in {} plies", -n),
        None => {
            let seeds = (f64::from(score.0) / f64::from(SEED)).round() as i64;
            let plural = |n: i64| if n == 1 { "seed" } else { "seeds" };
            match seeds {
                0 => "The game is even".to_string(),
                n if n > 0 => format!("You are ahead by about {n} {}", plural(n)),
                n => format!("You are behind by about {} {}", -n, plural(-n)),
            }
        }
    }
}

/// A file that could not be written (the game goes on).
pub fn cannot_write(path: &Path, e: &std::io::Error) -> String {
    format!("cannot write {}: {e} (the game goes on)", path.display())
}

/// A record saved.
pub fn saved(path: &Path) -> String {
    format!(
        "saved the game record to {} (isolo-bot replay --record {} reads it back)",
        path.display(),
        path.display()
    )
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

#[cfg(test)]
mod tests {
    use super::evaluation;
    use isolo_bot::ai::{Score, SEED};

    #[test]
    fn evaluations_read_as_words() {
        // A forced win in 7 plies scores just below the win score; a loss mirrors it.
        let win_in = |n: i32| Score(30_000 - n);
        assert_eq!(win_in(7).forced_in(), Some(7));
        assert_eq!(evaluation(win_in(7)), "You can force a win in 7 plies");
        assert_eq!(
            evaluation(Score(-30_000 + 4)),
            "Your opponent can force a win in 4 plies"
        );
        assert_eq!(evaluation(Score(SEED / 3)), "The game is even");
        assert_eq!(evaluation(Score(-SEED / 3)), "The game is even");
        assert_eq!(evaluation(Score(SEED)), "You are ahead by about 1 seed");
        assert_eq!(evaluation(Score(5 * SEED + 40)), "You are ahead by about 5 seeds");
        assert_eq!(evaluation(Score(-3 * SEED)), "You are behind by about 3 seeds");
    }
}
