//! The shipped puzzle sets and the course: every puzzle is well formed, a
//! sample is proven again in every run (all of them with `--ignored`), the
//! terminal's `analyse` agrees with a forced win, and the table's puzzle and
//! lesson answers, ratings, attempts and daily puzzles.

use std::collections::HashSet;
use std::sync::Arc;

use isolo_bot::ai::puzzle::{verify, Judged, Kind, Puzzle};
use isolo_bot::engine::{AfterCapture, CaptureFrom, Variant};
use isolo_bot::store::MemoryStore;
use isolo_bot::table::puzzles::shipped;
use isolo_bot::table::{
    course, Clock, DailyDue, DailyPost, DailyRef, LessonAnswer, ManualClock, Notice, PuzzleAnswer, Table,
    TableConfig, TableError, DAILY_RETRY_MS,
};

/// The tables' clock: 08:00 UTC.
const NOW: u64 = 1_800_000_000_000;
/// One day, in ms.
const DAY: u64 = 86_400_000;

fn table() -> Table {
    Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(ManualClock::new(NOW)),
        TableConfig::default(),
    )
}

/// Puzzles re-proven in every run, per variant.
const SAMPLE: usize = 2;

#[test]
fn every_shipped_puzzle_is_well_formed() {
    let mut ids = HashSet::new();
    for variant in Variant::ALL {
        let set = shipped(variant).puzzles();
        assert!(set.len() >= 500, "{variant}: only {} puzzles", set.len());
        for p in set {
            assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
            assert_eq!(p.variant, variant);
            assert_eq!(
                (p.capture_from, p.after_capture),
                (CaptureFrom::Origin, AfterCapture::End)
            );
            let start = p.start().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(start.to_string(), p.position, "{}", p.id);
            assert_eq!(start.to_move(), p.solver());
            assert_eq!(
                p.solution.len() % 2,
                1,
                "{}: the solution ends on the solver's move",
                p.id
            );
            if let Kind::ForcedWin { plies } = p.kind {
                assert_eq!(p.solution.len(), plies as usize, "{}", p.id);
            }
            // The whole line is legal and a forced win ends the game.
            let end = p.position_at(p.solution.len()).unwrap_or_else(|e| panic!("{e}"));
            if matches!(p.kind, Kind::ForcedWin { .. }) {
                assert!(!end.has_legal_move(), "{}: the line does not win", p.id);
            }
        }
    }
}

/// Every `n`-th puzzle of each variant, from an offset that changes nothing
/// between runs (the set is data; the choice is spread over it).
fn sample(n: usize) -> Vec<&'static Puzzle> {
    Variant::ALL
        .into_iter()
        .flat_map(|v| {
            let set = shipped(v).puzzles();
            let step = (set.len() / n.max(1)).max(1);
            set.iter().step_by(step).take(n)
        })
        .collect()
}

#[test]
fn a_sample_is_proven_again() {
    for p in sample(SAMPLE) {
        verify(p).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
#[ignore = "proves all 1,040 shipped puzzles again: about 15 minutes (cargo test --test parts puzzles:: -- --ignored)"]
fn every_puzzle_is_proven_again() {
    for v in Variant::ALL {
        for p in shipped(v).puzzles() {
            verify(p).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn analyse_agrees_with_every_forced_win() {
    let wins: Vec<&Puzzle> = Variant::ALL
        .into_iter()
        .flat_map(|v| shipped(v).puzzles())
        .filter(|p| matches!(p.kind, Kind::ForcedWin { .. }))
        .collect();
    assert!(!wins.is_empty(), "the sets hold forced wins");
    for p in wins {
        let Kind::ForcedWin { plies } = p.kind else {
            unreachable!()
        };
        let mut moves: Vec<String> = p.moves.iter().map(|m| m.to_string()).collect();
        moves.push(p.solution[0].to_string());
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
            .args([
                "analyse",
                "--variant",
                p.variant.name(),
                "--moves",
                &moves.join(" "),
            ])
            .output()
            .expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let loser = p.solver().opponent();
        // A win in one leaves the loser without a move; a longer one is a
        // forced loss in the plies left.
        let expected = match plies {
            1 => format!("{loser} has no legal move: {loser} has lost"),
            n => format!("forced loss for {loser} in {} plies", n - 1),
        };
        assert!(text.contains(&expected), "{}: {text}", p.id);
    }
}

/// Plays the whole solution of `p` for `user`; the last answer.
fn solve(t: &Table, user: u64, p: &Puzzle, daily: Option<DailyRef>) -> PuzzleAnswer {
    let mut plies = 0;
    loop {
        let pit = p.solution[plies].to_string();
        let answer = t
            .puzzle_move(user, &p.id, plies, &pit, daily)
            .expect("a right move");
        match &answer {
            PuzzleAnswer::Right {
                next: Some(next),
                reply,
                ..
            } => {
                assert_eq!(reply.as_ref().map(|r| r.mv), Some(p.solution[plies + 1]));
                plies = next.plies;
            }
            _ => return answer,
        }
    }
}

#[test]
fn solving_counts_once_and_moves_both_ratings() {
    let t = table();
    let view = t.next_puzzle(7, Variant::Women).expect("a puzzle");
    assert_eq!((view.plies, view.counted), (0, true));
    assert!(view.moves.contains(&view.puzzle.solution[0]));
    let p = view.puzzle;
    let PuzzleAnswer::Right {
        next: None,
        change: Some(change),
        stats,
        ..
    } = solve(&t, 7, p, None)
    else {
        panic!("solved, and it counted");
    };
    assert!(change.after > change.before);
    assert_eq!((stats.solved, stats.failed, stats.streak), (1, 0, 1));
    assert_eq!(t.puzzle_stats(7).unwrap(), stats);
    // Again: practice, nothing changes.
    let PuzzleAnswer::Right {
        change: None,
        stats: again,
        ..
    } = solve(&t, 7, p, None)
    else {
        panic!("practice is not counted");
    };
    assert_eq!(again, stats);
    // The next puzzle is another one.
    assert_ne!(t.next_puzzle(7, Variant::Women).unwrap().puzzle.id, p.id);
}

#[test]
fn a_wrong_move_shows_the_solution_and_later_answers_do_not_count() {
    let t = table();
    let view = t.next_puzzle(8, Variant::Boys).expect("a puzzle");
    let p = view.puzzle;
    // A move that gives the win or the material away (another that wins
    // too would be right).
    let wrong = view
        .moves
        .iter()
        .find(|&&m| matches!(p.judge(0, m), Ok(Judged::Wrong { .. })));
    let wrong = wrong.expect("a move that gives the puzzle away");
    let answer = t.puzzle_move(8, &p.id, 0, &wrong.to_string(), None).unwrap();
    let PuzzleAnswer::Wrong {
        solution,
        change: Some(change),
        stats,
        ..
    } = answer
    else {
        panic!("a wrong move: {answer:?}");
    };
    assert_eq!(solution, p.solution);
    assert!(change.after < change.before);
    assert_eq!((stats.solved, stats.failed, stats.streak), (0, 1, 0));
    // The solution was shown: an answer on a later board is refused.
    if p.solution.len() > 1 {
        let err = t
            .puzzle_move(8, &p.id, 2, &p.solution[2].to_string(), None)
            .unwrap_err();
        assert!(matches!(err, TableError::PuzzleOver), "{err}");
    }
    // Bad input changes nothing.
    assert!(matches!(
        t.puzzle_move(8, &p.id, 0, "z9", None),
        Err(TableError::BadPit(_))
    ));
    assert!(matches!(
        t.puzzle_move(8, "nope", 0, "a1", None),
        Err(TableError::NoSuchPuzzle(_))
    ));
    assert_eq!(t.puzzle_stats(8).unwrap(), stats);
}

#[test]
fn an_old_board_is_stale_and_an_unfinished_puzzle_comes_back() {
    let t = table();
    let p = shipped(Variant::Women)
        .puzzles()
        .iter()
        .find(|p| p.solution.len() >= 3)
        .expect("a line of two solver moves");
    let first = p.solution[0].to_string();
    assert!(matches!(
        t.puzzle_move(9, &p.id, 0, &first, None),
        Ok(PuzzleAnswer::Right { next: Some(_), .. })
    ));
    assert!(matches!(
        t.puzzle_move(9, &p.id, 0, &first, None),
        Err(TableError::Stale)
    ));
    let back = t.next_puzzle(9, Variant::Women).unwrap();
    // The member had no other attempt: the open one is offered again where it stands.
    assert_eq!((back.puzzle.id.as_str(), back.plies), (p.id.as_str(), 2));
}

#[test]
fn the_daily_puzzle_is_the_same_for_a_server_and_counts_solvers() {
    let t = table();
    let a = t.daily_puzzle(5, 20_000).unwrap();
    assert_eq!(a.puzzle.id, t.daily_puzzle(5, 20_000).unwrap().puzzle.id);
    let others: HashSet<String> = (0..10)
        .map(|d| t.daily_puzzle(5, 20_001 + d).unwrap().puzzle.id.clone())
        .collect();
    assert!(others.len() > 1, "the daily puzzle changes from day to day");
    let daily = a.daily.as_ref().map(|d| d.0);
    assert_eq!(a.daily.as_ref().map(|d| d.1.solvers), Some(0));
    solve(&t, 1, a.puzzle, daily);
    solve(&t, 2, a.puzzle, daily);
    solve(&t, 2, a.puzzle, daily);
    let tally = t.daily_tally(daily.unwrap()).unwrap();
    assert_eq!((tally.solvers, tally.tried), (2, 2));
}

#[test]
fn the_daily_post_warns_whoever_set_it_once() {
    let t = table();
    let day = NOW / DAY;
    assert_eq!(t.daily_post_failed(5, day).unwrap(), None, "nobody set it");
    assert_eq!(
        t.daily_post(5).unwrap(),
        DailyPost::default(),
        "and nothing was written"
    );
    assert!(matches!(
        t.set_daily_post(5, 42, Some(77), 1440),
        Err(TableError::BadMinute(1440))
    ));
    let post = t.set_daily_post(5, 42, Some(77), 9 * 60).unwrap();
    assert_eq!(t.daily_post(5).unwrap(), post);
    assert_eq!(t.daily_post_failed(5, day).unwrap(), Some(42));
    assert_eq!(t.daily_post_failed(5, day + 1).unwrap(), None, "told once");
    t.set_daily_post(5, 43, Some(78), 0).unwrap();
    assert_eq!(
        t.daily_post_failed(5, day + 2).unwrap(),
        Some(43),
        "a new setting is told anew"
    );
}

/// The one daily post among `notices`.
fn daily_due(notices: Vec<Notice>) -> DailyDue {
    let mut due: Vec<DailyDue> = notices
        .into_iter()
        .filter_map(|n| match n {
            Notice::DailyPuzzle(d) => Some(*d),
            _ => None,
        })
        .collect();
    assert_eq!(due.len(), 1, "one daily post");
    due.remove(0)
}

#[test]
fn the_daily_post_comes_due_at_its_minute_once_a_day_until_it_went_out() {
    let clock = Arc::new(ManualClock::new(NOW));
    let t = Table::new(
        Arc::new(MemoryStore::new()),
        clock.clone(),
        TableConfig::default(),
    );
    let day = NOW / DAY;
    let nine = day * DAY + 9 * 3_600_000;
    assert!(NOW < nine, "the test starts before nine");
    let post = t.set_daily_post(5, 42, Some(77), 9 * 60).unwrap();
    assert_eq!(post.next_due_ms(NOW), Some(nine));
    assert_eq!(t.next_deadline().unwrap(), Some(nine));
    assert!(t.tick().unwrap().is_empty(), "not before its minute");

    clock.set(nine);
    let due = daily_due(t.tick().unwrap());
    assert_eq!((due.guild, due.channel, due.day), (5, 77, day));
    assert_eq!(due.view.puzzle.id, t.daily_puzzle(5, day).unwrap().puzzle.id);
    // Not confirmed (Discord was down): again after the retry, the same day.
    assert!(t.tick().unwrap().is_empty(), "not at once");
    clock.advance(DAILY_RETRY_MS);
    assert_eq!(daily_due(t.tick().unwrap()).day, day);
    t.daily_posted(5, day).unwrap();
    assert_eq!(t.next_deadline().unwrap(), Some(nine + DAY), "next tomorrow");
    clock.advance(3_600_000);
    assert!(t.tick().unwrap().is_empty(), "once a day");

    // A bot down through the minute posts the day's puzzle late.
    clock.set(nine + DAY + 5 * 3_600_000);
    assert_eq!(daily_due(t.tick().unwrap()).day, day + 1);
    t.daily_posted(5, day + 1).unwrap();

    // Where the bot may not post, the day is given up, not retried.
    clock.set(nine + 2 * DAY);
    assert_eq!(daily_due(t.tick().unwrap()).day, day + 2);
    assert_eq!(t.daily_post_failed(5, day + 2).unwrap(), Some(42));
    clock.advance(DAILY_RETRY_MS);
    assert!(t.tick().unwrap().is_empty(), "given up for the day");
    assert_eq!(t.next_deadline().unwrap(), Some(nine + 3 * DAY));

    // Set after today's minute, it starts tomorrow; stopped, it is gone.
    let later = t.set_daily_post(5, 42, Some(77), 8 * 60).unwrap();
    let now = clock.now_ms();
    assert_eq!(
        later.next_due_ms(now),
        Some(now / DAY * DAY + DAY + 8 * 3_600_000)
    );
    t.set_daily_post(5, 42, None, 0).unwrap();
    assert_eq!(t.next_deadline().unwrap(), None);
    clock.advance(7 * DAY);
    assert!(t.tick().unwrap().is_empty(), "no more posts");
}

#[test]
fn every_lesson_accepts_its_solution_and_hints_after_a_wrong_move() {
    let t = table();
    let lessons = course();
    assert!(lessons.len() >= 10, "{} lessons", lessons.len());
    for (i, lesson) in lessons.iter().enumerate() {
        let start = lesson.start().unwrap();
        assert!(
            start.legal_moves().iter().any(|m| m == lesson.wrong),
            "{}: wrong move is legal",
            lesson.id
        );
        let wrong = t.lesson_move(3, i, 0, &lesson.wrong.to_string(), 0).unwrap();
        assert!(
            matches!(wrong, LessonAnswer::Wrong { .. }),
            "{}: {wrong:?}",
            lesson.id
        );
        let mut plies = 0;
        loop {
            let answer = t
                .lesson_move(3, i, plies, &lesson.solution[plies].to_string(), 0)
                .unwrap();
            match answer {
                LessonAnswer::Right { next: Some(next), .. } => plies = next.plies,
                LessonAnswer::Right { next: None, .. } => break,
                other => panic!("{}: the solution fails: {other:?}", lesson.id),
            }
        }
        assert!(t.course_progress(3).unwrap().has_done(&lesson.id));
    }
    assert_eq!(t.course_progress(3).unwrap().next(), lessons.len());
    assert!(matches!(
        t.lesson(3, Some(lessons.len()), 0),
        Err(TableError::NoSuchLesson(_))
    ));
}
