//! What `isolo-bot play` says: the terminal's wording of the hosting layer's
//! answers, in the language chosen with `--lang` (`terminal.ftl` and the
//! shared files). The terminal has no markup: names print as they are.

use std::path::Path;
use std::sync::OnceLock;

use isolo_bot::ai::puzzle::Kind;
use isolo_bot::ai::{Hint, Score};
use isolo_bot::engine::{Move, MoveReport, Variant};
use isolo_bot::table::{
    FinishedGame, LiveGame, PuzzleRatingChange, PuzzleStats, PuzzleView, Reviewed, Seat, TableError, Task,
    Text,
};
use isolo_bot::tr;
use isolo_bot::words::{narrate, refusal as refusals, train, Lang};

static LANG: OnceLock<Lang> = OnceLock::new();

/// Sets the terminal's language (once, at start; English until then).
pub fn set_lang(lang: Lang) {
    let _ = LANG.set(lang);
}

/// The terminal's language.
pub fn lang() -> Lang {
    LANG.get().copied().unwrap_or_default()
}

/// The commands of the game loop.
pub fn help() -> String {
    tr!(lang(), "terminal-help")
}

/// A word that is neither a command nor a pit.
pub fn unknown_command() -> String {
    tr!(lang(), "terminal-unknown-command")
}

/// `save` without a file name.
pub fn save_needs_file() -> String {
    tr!(lang(), "terminal-save-needs-file")
}

/// Asked at end of input (Ctrl-D) on a terminal while the game goes on.
pub fn leave_ask() -> String {
    format!("\n{}", tr!(lang(), "terminal-leave-ask"))
}

/// Said when the player chose to stay.
pub fn goes_on() -> String {
    tr!(lang(), "terminal-goes-on")
}

/// Said when input ends (or the player leaves) before the game is over.
pub fn left_unfinished() -> String {
    format!("\n{}", tr!(lang(), "terminal-left-unfinished"))
}

/// Said once the game is over.
pub fn game_over() -> String {
    tr!(lang(), "terminal-game-over")
}

/// Said when the computer declines a draw (it is ahead).
pub fn draw_declined() -> String {
    tr!(lang(), "terminal-draw-declined")
}

/// Said when a draw offer waits for the opponent.
pub fn draw_offered() -> String {
    tr!(lang(), "terminal-draw-offered")
}

/// Said when there is no move to animate.
pub fn no_move_yet() -> String {
    tr!(lang(), "terminal-no-move-yet")
}

/// The first line of a game.
pub fn intro(variant: Variant, north: &Seat) -> String {
    tr!(
        lang(),
        "terminal-intro",
        variant = narrate::variant(lang(), variant),
        north = north.name()
    )
}

/// A lesson's heading.
pub fn lesson_heading(n: usize, total: usize) -> String {
    tr!(lang(), "terminal-lesson", n = n, total = total)
}

/// The wrong answer to a lesson's task, and its hint.
pub fn lesson_wrong(hint: &Text) -> String {
    tr!(lang(), "training-lesson-wrong", hint = text(hint))
}

/// The terminal player's name.
pub fn you() -> String {
    tr!(lang(), "terminal-you")
}

/// Where the offline live board is.
pub fn web_open(url: &str) -> String {
    tr!(lang(), "terminal-web-open", url = url)
}

/// The name of the friend who shares the terminal.
pub fn friend() -> String {
    tr!(lang(), "terminal-friend")
}

/// The prompt of the player to move.
pub fn prompt(to_move: Option<&Seat>) -> String {
    tr!(
        lang(),
        "terminal-prompt",
        player = to_move.map(Seat::name).unwrap_or_default()
    ) + " "
}

/// The prompt of a puzzle or lesson: the side to move.
pub fn side_prompt(side: isolo_bot::engine::Side) -> String {
    tr!(lang(), "terminal-prompt", player = narrate::side(lang(), side)) + " "
}

/// A refusal, in the table's words (which name no command).
pub fn refusal(e: &TableError) -> String {
    refusals::refusal(lang(), e)
}

/// What a move did.
pub fn moved(live: &LiveGame, report: &MoveReport) -> String {
    narrate::describe_move(lang(), live, report, Seat::name)
}

/// Who won and why.
pub fn result(f: &FinishedGame) -> String {
    narrate::result_line(lang(), f, Seat::name)
}

/// The computer's hint: its move and how the game stands for the player asking.
pub fn hint(h: &Hint) -> String {
    tr!(
        lang(),
        "terminal-hint",
        pit = h.mv.to_string(),
        captured = h.captured,
        evaluation = evaluation(h.score)
    )
}

/// A search score in words, for the player to move.
pub fn evaluation(score: Score) -> String {
    narrate::evaluation(lang(), score)
}

/// A file that could not be written (the game goes on).
pub fn cannot_write(path: &Path, e: &std::io::Error) -> String {
    tr!(
        lang(),
        "terminal-cannot-write",
        path = path.display().to_string(),
        error = e.to_string()
    )
}

/// A record saved.
pub fn saved(path: &Path) -> String {
    tr!(lang(), "terminal-saved", path = path.display().to_string())
}

/// A file written (a picture, an animation), with what it shows.
pub fn wrote(path: &Path, what: Option<&str>) -> String {
    let path = path.display().to_string();
    match what {
        Some(what) => tr!(lang(), "terminal-wrote-picture", path = path, what = what),
        None => tr!(lang(), "terminal-wrote", path = path),
    }
}

/// Where the board's picture was written.
pub fn board_picture(path: &Path) -> String {
    tr!(
        lang(),
        "terminal-board-picture",
        path = path.display().to_string()
    )
}

/// The rules of both variants, as plain text.
pub fn rules() -> String {
    narrate::unstressed(&narrate::rules(lang(), None))
}

/// A review's summary, then its ply-by-ply table.
pub fn review(reviewed: &Reviewed) -> String {
    let summary = narrate::review_summary(lang(), &reviewed.finished, &reviewed.review, Seat::name);
    let marked = isolo_bot::table::conditional_plies(&reviewed.finished.record);
    let table = narrate::review_table_marked(lang(), &reviewed.review, &marked);
    format!("{} {}\n{table}", summary.title, summary.text)
}

/// The commands of the puzzle and lesson loops.
pub fn train_help() -> String {
    tr!(lang(), "terminal-train-help")
}

/// Said when the learner has done every lesson.
pub fn course_done() -> String {
    tr!(lang(), "terminal-course-done")
}

/// What a puzzle asks, with its rating.
pub fn puzzle_task(view: &PuzzleView) -> String {
    train::puzzle_task(lang(), view)
}

/// The puzzle goes on: the opponent's answer.
pub fn puzzle_reply(reply: &MoveReport) -> String {
    train::puzzle_reply(lang(), reply)
}

/// The move wins too (or keeps the material): the listed one was `best`.
pub fn puzzle_also(kind: Kind, mv: Move, best: Move) -> String {
    train::puzzle_also(lang(), kind, mv, best)
}

/// A solved puzzle.
pub fn puzzle_solved(change: Option<PuzzleRatingChange>, stats: &PuzzleStats) -> String {
    train::puzzle_solved(lang(), change, stats)
}

/// A failed puzzle: what the move gives away, and the solution.
pub fn puzzle_failed(
    mv: Move,
    after: Score,
    best: Score,
    solution: &[Move],
    change: Option<PuzzleRatingChange>,
    stats: &PuzzleStats,
) -> String {
    train::puzzle_failed(lang(), mv, after, best, solution, change, stats)
}

/// What a move did, lap by lap (indented lines).
pub fn laps(report: &MoveReport) -> String {
    train::laps(lang(), report)
        .into_iter()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a lesson's task asks.
pub fn task(t: &Task) -> String {
    train::task(lang(), t)
}

/// A lesson's message, worded.
pub fn text(t: &Text) -> String {
    train::text(lang(), t)
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
