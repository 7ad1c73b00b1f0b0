//! The words of puzzles and the course, shared by the terminal and Discord:
//! a puzzle's task and verdicts, a lesson's task and texts (their ids come
//! from `assets/course.json`), and a move told lap by lap.

use super::narrate::{capture_part, evaluation, score, side};
use super::{args, list, Lang, Value};
use crate::ai::puzzle::Kind;
use crate::ai::Score;
use crate::engine::{LapEnd, LapSource, Move, MoveReport};
use crate::table::{PuzzleRatingChange, PuzzleStats, PuzzleView, Task, Text};
use crate::tr;

/// What a puzzle asks, with its rating.
pub fn puzzle_task(lang: Lang, view: &PuzzleView) -> String {
    let (kind, n) = match view.puzzle.kind {
        Kind::ForcedWin { plies } => ("forced-win", i64::from(plies)),
        Kind::Material { margin } => ("material", i64::from(margin)),
    };
    tr!(
        lang,
        "puzzle-task",
        id = view.puzzle.id.as_str(),
        rating = format!("{:.0}", view.rating.rating),
        side = side(lang, view.position.to_move()),
        kind = kind,
        n = n
    )
}

/// The puzzle goes on: the opponent's answer.
pub fn puzzle_reply(lang: Lang, reply: &MoveReport) -> String {
    tr!(lang, "puzzle-reply", pit = reply.mv.to_string())
}

/// The member's move wins too (or keeps the material): the listed one was `best`.
pub fn puzzle_also(lang: Lang, kind: Kind, mv: Move, best: Move) -> String {
    let kind = match kind {
        Kind::ForcedWin { .. } => "forced-win",
        Kind::Material { .. } => "material",
    };
    tr!(
        lang,
        "puzzle-also",
        kind = kind,
        pit = mv.to_string(),
        best = best.to_string()
    )
}

/// A solved puzzle.
pub fn puzzle_solved(lang: Lang, change: Option<PuzzleRatingChange>, stats: &PuzzleStats) -> String {
    tr!(
        lang,
        "puzzle-solved",
        rating = rating_change(lang, change),
        record = puzzle_record(lang, stats)
    )
}

/// A failed puzzle: what the move gives away, and the solution.
pub fn puzzle_failed(
    lang: Lang,
    mv: Move,
    after: Score,
    best: Score,
    solution: &[Move],
    change: Option<PuzzleRatingChange>,
    stats: &PuzzleStats,
) -> String {
    let line: Vec<String> = solution.iter().map(Move::to_string).collect();
    tr!(
        lang,
        "puzzle-failed",
        pit = mv.to_string(),
        after = evaluation(lang, after),
        best = score(lang, best),
        solution = line.join(" "),
        rating = rating_change(lang, change),
        record = puzzle_record(lang, stats)
    )
}

fn rating_change(lang: Lang, change: Option<PuzzleRatingChange>) -> String {
    match change {
        Some(c) => tr!(
            lang,
            "puzzle-rating-change",
            before = format!("{:.0}", c.before),
            after = format!("{:.0}", c.after)
        ),
        None => tr!(lang, "puzzle-practice"),
    }
}

/// A member's puzzle record.
pub fn puzzle_record(lang: Lang, s: &PuzzleStats) -> String {
    tr!(
        lang,
        "puzzle-record",
        solved = s.solved,
        failed = s.failed,
        streak = s.streak,
        best = s.best_streak
    )
}

/// What a move did, lap by lap, one line each.
pub fn laps(lang: Lang, report: &MoveReport) -> Vec<String> {
    report
        .laps
        .iter()
        .enumerate()
        .map(|(i, lap)| {
            let sown: Vec<String> = lap.sown.iter().map(|p| p.to_string()).collect();
            let from = match lap.source {
                LapSource::Move { pit } => tr!(lang, "lap-from-move", pit = pit.to_string()),
                LapSource::Relay { pit } => tr!(lang, "lap-from-relay", pit = pit.to_string()),
                LapSource::Capture => tr!(lang, "lap-from-capture", pit = lap.origin.to_string()),
            };
            let end = match &lap.end {
                LapEnd::Empty { pit } => tr!(lang, "lap-end-empty", pit = pit.to_string()),
                LapEnd::Relay { pit, seeds } => {
                    tr!(lang, "lap-end-relay", pit = pit.to_string(), seeds = *seeds)
                }
                LapEnd::Capture { pit, taken } => {
                    let t: Vec<String> = taken.iter().map(|t| capture_part(lang, t)).collect();
                    tr!(
                        lang,
                        "lap-end-capture",
                        pit = pit.to_string(),
                        taken = list(lang, &t)
                    )
                }
                LapEnd::Sown { .. } => tr!(lang, "lap-end-sown"),
                LapEnd::WipeOut { .. } => tr!(lang, "lap-end-wipe-out"),
            };
            tr!(
                lang,
                "lap",
                lap = i + 1,
                seeds = lap.sown.len(),
                from = from,
                pits = sown.join(" "),
                end = end
            )
        })
        .collect()
}

/// What a lesson's task asks.
pub fn task(lang: Lang, t: &Task) -> String {
    match t {
        Task::LastSeedIn { pit } => tr!(lang, "task-last-seed-in", pit = pit.to_string()),
        Task::Laps { laps } => tr!(lang, "task-laps", laps = *laps),
        Task::Capture { seeds } => tr!(lang, "task-capture", seeds = *seeds),
        Task::EndOverture => tr!(lang, "task-end-overture"),
        Task::Win => tr!(lang, "task-win"),
    }
}

/// A lesson's message, with its arguments; a message this build does not
/// know shows its id rather than nothing.
pub fn text(lang: Lang, t: &Text) -> String {
    let a = args(t.args.iter().map(|(k, v)| (k.as_str(), Value::from(v.as_str()))));
    lang.tr(&t.id, Some(&a))
}
