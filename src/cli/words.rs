//! What `isolo-bot play` says: the terminal's wording of the hosting layer's
//! answers, in one place. The terminal has no markup: names print as they are.

use std::path::Path;

use isolo_bot::ai::puzzle::Kind;
use isolo_bot::ai::{Hint, Score, SEED};
use isolo_bot::engine::{LapEnd, LapSource, Move, MoveReport, Variant};
use isolo_bot::table::narrate::{self, Span};
use isolo_bot::table::{
    FinishedGame, LiveGame, PuzzleRatingChange, PuzzleStats, PuzzleView, Reviewed, Seat, TableError, Task,
    Text,
};

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

/// The commands of the puzzle and lesson loops.
pub const TRAIN_HELP: &str = "type a pit (like b2) to move | board | help | quit";

/// Said when the learner has done every lesson.
pub const COURSE_DONE: &str = "You have done every lesson of the course. Play a game with: isolo-bot play";

/// What a puzzle asks, with its rating.
pub fn puzzle_task(view: &PuzzleView) -> String {
    let ask = match view.puzzle.kind {
        Kind::ForcedWin { plies: 1 } => "win the game with one move".to_string(),
        Kind::ForcedWin { plies } => format!("force a win in {plies} plies, whatever the opponent does"),
        Kind::Material { margin } => format!(
            "find the move that wins material: it leads every other move by {margin} or more (seed difference)"
        ),
    };
    let side = view.position.to_move();
    format!(
        "Puzzle {} (rating {:.0}): you are {side}; {ask}.",
        view.puzzle.id, view.rating.rating
    )
}

/// The puzzle goes on: the opponent's answer.
pub fn puzzle_reply(reply: &MoveReport) -> String {
    format!("Right! The opponent answers {}. Your move again.", reply.mv)
}

/// A solved puzzle.
pub fn puzzle_solved(change: Option<PuzzleRatingChange>, stats: &PuzzleStats) -> String {
    format!("Solved!{} {}", rating_change(change), puzzle_record(stats))
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
    let line: Vec<String> = solution.iter().map(Move::to_string).collect();
    format!(
        "{mv} is not it: after it, {} (the best move: {}). The solution was {}.{} {}",
        evaluation(after).to_lowercase(),
        best,
        line.join(" "),
        rating_change(change),
        puzzle_record(stats)
    )
}

fn rating_change(change: Option<PuzzleRatingChange>) -> String {
    match change {
        Some(c) => format!(" Puzzle rating {:.0} -> {:.0}.", c.before, c.after),
        None => " (Practice: a puzzle counts once.)".to_string(),
    }
}

/// A member's puzzle record.
pub fn puzzle_record(s: &PuzzleStats) -> String {
    format!(
        "Solved {}, failed {}, streak {} (best {}).",
        s.solved, s.failed, s.streak, s.best_streak
    )
}

/// What a move did, lap by lap.
pub fn laps(report: &MoveReport) -> String {
    let mut out = Vec::new();
    for (i, lap) in report.laps.iter().enumerate() {
        let sown: Vec<String> = lap.sown.iter().map(|p| p.to_string()).collect();
        let from = match lap.source {
            LapSource::Move { pit } => format!("from {pit}"),
            LapSource::Relay { pit } => format!("lifted from {pit}"),
            LapSource::Capture => format!("captured, sown on after {}", lap.origin),
        };
        let end = match &lap.end {
            LapEnd::Empty { pit } => format!("{pit} was empty, so the move ends"),
            LapEnd::Relay { pit, seeds } => format!("{pit} was not empty: lift its {seeds} seeds and sow on"),
            LapEnd::Capture { pit, taken } => {
                let t: Vec<String> = taken
                    .iter()
                    .map(|t| format!("{} from {}", t.seeds, t.pit))
                    .collect();
                format!(
                    "{pit} is an inner pit with seeds opposite: capture {}",
                    t.join(" and ")
                )
            }
            LapEnd::Sown { .. } => "the captured seeds are sown, so the move ends".to_string(),
            LapEnd::WipeOut { .. } => "the opponent has no seeds left: you win".to_string(),
        };
        out.push(format!(
            "  lap {}: {} seeds {from} into {}; {end}.",
            i + 1,
            lap.sown.len(),
            sown.join(" ")
        ));
    }
    out.join("\n")
}

/// What a lesson's task asks.
pub fn task(t: &Task) -> String {
    match t {
        Task::LastSeedIn { pit } => format!("Task: make your last seed land in {pit}."),
        Task::Laps { laps } => format!("Task: make a move of at least {laps} laps."),
        Task::Capture { seeds } if *seeds <= 1 => "Task: capture.".to_string(),
        Task::Capture { seeds } => format!("Task: capture at least {seeds} seeds."),
        Task::EndOverture => "Task: end your overture.".to_string(),
        Task::Win => "Task: win the game.".to_string(),
    }
}

/// A lesson's message, worded. The ids are the course's (assets/course.json);
/// issue 21 moves these words into Fluent files.
pub fn text(t: &Text) -> String {
    let arg = |k: &str| t.args.get(k).cloned().unwrap_or_default();
    match t.id.as_str() {
        "lesson-sowing" => "Sowing. You own the two rows nearest you. A move empties one of your pits holding two seeds or more and sows them one by one into the next pits: along your outer row from left to right (a1 towards h1), then back along your inner row (h2 towards a2), and round again. A single seed cannot be played.".into(),
        "lesson-sowing-done" => "Well done: the last seed fell into an empty pit, so the move ended there.".into(),
        "lesson-corner" => "Where a lap ends. After h1 the seeds turn the corner into your inner row at h2 and run west. When the last seed falls into an empty pit, the move is over.".into(),
        "lesson-corner-done" => "Right: h1, h2, then g2, which was empty.".into(),
        "lesson-relay" => "Relay sowing. If the last seed lands in a pit that already held seeds (and there is nothing to capture), you lift all of them and sow on from there: a new lap. A move can relay many times.".into(),
        "lesson-relay-done" => "That is a relay: the lap ended on seeds, so you lifted them and sowed on.".into(),
        "lesson-capture" => "The capture. If a lap ends on a non-empty pit of your inner row, and the opponent's two pits in the same column hold seeds, you take the seeds of both.".into(),
        "lesson-capture-done" => "Captured! The seeds came from the opponent's pits in the column of your last seed.".into(),
        "lesson-capture-sowing" => "Sowing the captured seeds. Captured seeds are sown into your own pits, starting after the pit where the capturing lap began (its origin).".into(),
        "lesson-capture-sowing-done" => "Right: the captured seeds started after the lap's origin, so they ran on to b1.".into(),
        "lesson-move-ends" => "When a move ends. A move goes on, lap after lap, until the last seed falls into an empty pit, or until captured seeds have been sown (under the default rules the move ends there, whatever the pit holds).".into(),
        "lesson-move-ends-done" => "Three laps: two relays, then an empty pit ended the move.".into(),
        "lesson-who-wins" => "Who wins. A player who cannot move on his turn, because no pit of his holds two seeds, loses. Taking all of the opponent's seeds wins at once.".into(),
        "lesson-who-wins-done" => "North has only single seeds left: he cannot move, so you win.".into(),
        "lesson-nghana" => "The boys' game. It starts from a fixed setup: each player's rightmost outer pit is his ng'hana, with 17 seeds. In the overture, his rightmost column is out of play and cannot be captured. Playing the ng'hana ends the overture and sows its 17 seeds all the way round.".into(),
        "lesson-nghana-done" => "The ng'hana is played: your overture is over, your whole side is in play now, and can be captured.".into(),
        "lesson-overture" => "In the overture your sowing skips your rightmost column: after g1 the next pit is g2. Captures work as in the women's game.".into(),
        "lesson-overture-done" => "The sowing skipped h1 and h2 and captured in the inner row.".into(),
        "lesson-take-the-most" => "A first tactic: before you move, count where each move's last seed will land, and what it captures. Take the most.".into(),
        "lesson-take-the-most-done" => "Eight seeds: the bigger capture.".into(),
        "lesson-look-ahead" => "A second tactic: look one move further. Find the move after which, whatever your opponent answers, you can win.".into(),
        "lesson-look-ahead-done" => "You saw it through to the end: that is how puzzles work.".into(),
        "hint-count" => format!("Count the seeds: which pit's last seed reaches {}?", arg("pit")),
        "hint-corner" => "Follow the seeds round the corner: after h1 comes h2.".into(),
        "hint-relay" => "Look for a pit whose last seed lands on a pit that already holds seeds.".into(),
        "hint-capture-where" => "Captures happen only in your inner row (rank 2 for South).".into(),
        "hint-capture-opposite" => format!("Which move ends on {}, facing the opponent's seeds?", arg("pit")),
        "hint-capture-origin" => "The captured seeds start after the pit the capturing lap began from.".into(),
        "hint-move-ends" => "A relay carries the move on: find a move that lands on seeds twice.".into(),
        "hint-who-wins" => "North has only one pit with two seeds. Take it.".into(),
        "hint-nghana" => format!("Your ng'hana is {}.", arg("pit")),
        "hint-overture" => "The capture comes after a relay: follow c1.".into(),
        "hint-compare" => "Two moves capture here: count both.".into(),
        "hint-look-ahead" => "Which move leaves the opponent only bad answers?".into(),
        // A message this build does not know: show its id rather than nothing.
        other => other.to_string(),
    }
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
