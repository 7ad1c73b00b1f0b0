//! Correspondence play at the table: conditional moves, the vacation bank
//! holding clocks (with a property test that held clocks never fire early
//! or twice), and the next game waiting for a member's move.

use std::sync::Arc;

use isolo_bot::engine::{Game, Move};
use isolo_bot::store::{MemoryStore, Store, StoreExt};
use isolo_bot::table::{
    conditional_plies, ChallengeOutcome, ChallengeRequest, GameSettings, ManualClock, Notice, Opponent,
    Table, TableConfig, TableError, VacationChange, VacationConfig, CONDITIONAL_TAG, PRIVATE_GUILD,
};
use proptest::prelude::*;

const GUILD: u64 = 1;
const CH: u64 = 100;
const DM: u64 = 200;
const ANN: u64 = 11;
const BO: u64 = 22;
const HOUR: u64 = 3_600_000;
const DAY: u64 = 24 * HOUR;
const T0: u64 = 1_800_000_000_000;

fn table_on(store: Arc<dyn Store>, clock: Arc<ManualClock>, vacation: VacationConfig) -> Table {
    Table::new(store, clock, TableConfig::default()).with_vacation(vacation)
}

fn table() -> (Table, Arc<ManualClock>, Arc<dyn Store>) {
    let clock = Arc::new(ManualClock::new(T0));
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    (
        table_on(store.clone(), clock.clone(), VacationConfig::default()),
        clock,
        store,
    )
}

/// Ann challenges Bo in `channel` of `guild` and Bo accepts: Ann is South and starts.
fn start(t: &Table, guild: u64, channel: u64, move_secs: Option<u64>) {
    let req = ChallengeRequest {
        guild,
        channel,
        challenger: ANN,
        challenger_name: "Ann".into(),
        opponent: Opponent::User {
            id: BO,
            name: "Bo".into(),
        },
        settings: GameSettings {
            move_secs,
            ..GameSettings::default()
        },
    };
    assert!(matches!(t.challenge(req).unwrap(), ChallengeOutcome::Pending(_)));
    t.accept(channel, BO, None).unwrap();
}

/// The `n`-th legal move (wrapping) of the side to move in `game`.
fn nth(game: &Game, n: usize) -> Move {
    let moves: Vec<Move> = game.legal_moves().iter().collect();
    moves[n % moves.len()]
}

/// A line of `plies` moves from the game in `channel`, choosing the
/// `n`-th legal move each time, and the game after it.
fn line(t: &Table, channel: u64, plies: usize, n: usize) -> Vec<Move> {
    let mut game = t.game(channel).unwrap().unwrap().game;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mv = nth(&game, n);
        game.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

fn text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_conditional_line_answers_in_the_same_commit_and_the_record_marks_it() {
    let (t, _, store) = table();
    start(&t, GUILD, CH, Some(86_400));
    let plies = line(&t, CH, 4, 1);
    // Entered on the opponent's turn only, and seen by its owner only.
    assert!(matches!(
        t.add_conditional(CH, ANN, &text(&plies)),
        Err(TableError::ConditionalNotNow)
    ));
    assert_eq!(
        t.add_conditional(CH, BO, &text(&plies)).unwrap(),
        vec![plies.clone()]
    );
    assert!(t.conditionals(CH, ANN).unwrap().is_empty());
    assert_eq!(t.conditionals(CH, BO).unwrap(), vec![plies.clone()]);
    let deadlines_before = store.next_deadline().unwrap();

    let out = t.play(CH, ANN, &plies[0].to_string()).unwrap();
    let answer = out.answer.as_ref().expect("Bo's line answered");
    assert_eq!(out.report.mv, plies[0]);
    assert_eq!(answer.report.mv, plies[1]);
    // One commit: the stored game has both moves, the answer marked.
    let view = t.game(CH).unwrap().unwrap();
    assert_eq!(view.live.moves, plies[..2].to_vec());
    assert_eq!(view.live.conditional_plies, vec![1]);
    assert!(view.to_move().unwrap().is(ANN));
    // The line went on by two plies.
    assert_eq!(t.conditionals(CH, BO).unwrap(), vec![plies[2..].to_vec()]);
    assert!(store.next_deadline().unwrap().is_some() && deadlines_before.is_some());

    // Ann plays something else: Bo's line is dropped, nothing answers.
    let other = {
        let game = t.game(CH).unwrap().unwrap().game;
        game.legal_moves().iter().find(|m| *m != plies[2])
    };
    if let Some(other) = other {
        let out = t.play(CH, ANN, &other.to_string()).unwrap();
        assert!(out.answer.is_none());
        assert!(t.conditionals(CH, BO).unwrap().is_empty());
    }

    // The finished game's record keeps the mark.
    let f = t.resign(CH, BO).unwrap();
    assert!(f
        .record
        .extra
        .iter()
        .any(|(k, v)| k == CONDITIONAL_TAG && v == "2"));
    assert_eq!(conditional_plies(&f.record), vec![1]);
    let reparsed: isolo_bot::engine::Record = f.record.to_string().parse().unwrap();
    assert_eq!(conditional_plies(&reparsed), vec![1]);
}

#[test]
fn illegal_and_malformed_lines_are_refused_naming_the_ply_and_change_nothing() {
    let (t, _, _) = table();
    start(&t, GUILD, CH, None);
    let good = line(&t, CH, 2, 0);
    // Ply 3 is the opponent's again: Bo's own pit there is not Ann's.
    let bos_pit = {
        let mut game = t.game(CH).unwrap().unwrap().game;
        game.play(good[0]).unwrap();
        nth(&game, 0)
    };
    let bad = format!("{} {} {} {}", good[0], good[1], bos_pit, good[1]);
    match t.add_conditional(CH, BO, &bad) {
        Err(TableError::ConditionalIllegal { ply: 3, .. }) => {}
        other => panic!("expected ply 3 refused, got {other:?}"),
    }
    assert!(matches!(
        t.add_conditional(CH, BO, &format!("{} zz", good[0])),
        Err(TableError::ConditionalBadPit { ply: 2, .. })
    ));
    for odd in [text(&good[..1]), text(&line(&t, CH, 9, 0)), String::new()] {
        assert!(matches!(
            t.add_conditional(CH, BO, &odd),
            Err(TableError::ConditionalLength { max: 8 })
        ));
    }
    assert!(t.conditionals(CH, BO).unwrap().is_empty());
    // Two different answers to the same move cannot both stand.
    t.add_conditional(CH, BO, &text(&good)).unwrap();
    let mut game = t.game(CH).unwrap().unwrap().game;
    game.play(good[0]).unwrap();
    if let Some(other) = game.legal_moves().iter().find(|m| *m != good[1]) {
        assert!(matches!(
            t.add_conditional(CH, BO, &format!("{} {other}", good[0])),
            Err(TableError::ConditionalConflict { line: 1 })
        ));
    }
    // The same line twice is kept once; clear removes them.
    t.add_conditional(CH, BO, &text(&good)).unwrap();
    assert_eq!(t.clear_conditionals(CH, BO).unwrap(), 1);
    assert_eq!(t.clear_conditionals(CH, BO).unwrap(), 0);
}

#[test]
fn thirty_lines_at_most() {
    let (t, _, _) = table();
    start(&t, GUILD, CH, None);
    let game = t.game(CH).unwrap().unwrap().game;
    // Distinct lines: every (their move, then a deeper branch) pair.
    let mut added = 0;
    'all: for a in game.legal_moves().iter() {
        let mut g = game.clone();
        g.play(a).unwrap();
        let b = nth(&g, 0);
        g.play(b).unwrap();
        for c in g.legal_moves().iter() {
            let mut h = g.clone();
            h.play(c).unwrap();
            let d = nth(&h, 0);
            let l = format!("{a} {b} {c} {d}");
            match t.add_conditional(CH, BO, &l) {
                Ok(lines) => added = lines.len(),
                Err(TableError::ConditionalFull { max: 30 }) => break 'all,
                Err(e) => panic!("{e}"),
            }
        }
    }
    assert!(added <= 30);
    if added == 30 {
        assert_eq!(t.conditionals(CH, BO).unwrap().len(), 30);
    }
}

#[test]
fn next_is_the_own_game_waiting_longest_across_a_server_and_a_dm() {
    let (t, clock, _) = table();
    start(&t, GUILD, CH, None);
    clock.advance(HOUR);
    start(&t, PRIVATE_GUILD, DM, None);
    // Ann is to move in both: the server game has waited longer.
    assert_eq!(t.next_game(ANN).unwrap().unwrap().live.channel, CH);
    assert!(t.next_game(BO).unwrap().is_none());
    let mv = nth(&t.game(CH).unwrap().unwrap().game, 0);
    t.play(CH, ANN, &mv.to_string()).unwrap();
    assert_eq!(t.next_game(ANN).unwrap().unwrap().live.channel, DM);
    assert_eq!(t.next_game(BO).unwrap().unwrap().live.channel, CH);
    // Nobody else sees anything.
    assert!(t.next_game(999).unwrap().is_none());
}

#[test]
fn a_vacation_holds_every_clock_until_the_bank_runs_out() {
    let (t, clock, store) = table();
    start(&t, GUILD, CH, Some(86_400));
    start(&t, PRIVATE_GUILD, DM, Some(86_400));
    assert_eq!(t.vacation(ANN).unwrap().left_ms, 7 * DAY);
    clock.advance(HOUR);
    let (bank, notices) = t.start_vacation(ANN).unwrap();
    let until = bank.on.unwrap().until_ms;
    assert_eq!(until, T0 + HOUR + 7 * DAY);
    let mut told: Vec<u64> = notices
        .iter()
        .map(|n| match n {
            Notice::Vacation {
                opponent: Some(BO),
                change: VacationChange::Started { .. },
                channel,
                ..
            } => *channel,
            other => panic!("{other:?}"),
        })
        .collect();
    told.sort();
    assert_eq!(told, vec![CH, DM]);
    assert!(matches!(t.start_vacation(ANN), Err(TableError::OnVacation)));
    // The deadline index moved: nothing is due before the bank runs out,
    // and a table opened afresh on the same store sees the same.
    assert_eq!(store.next_deadline().unwrap().map(|d| d.at), Some(until));
    let clock2 = Arc::new(ManualClock::new(T0 + HOUR));
    let again = table_on(store.clone(), clock2.clone(), VacationConfig::default());
    assert_eq!(again.next_deadline().unwrap(), Some(until));
    clock.set(until - 1);
    clock2.set(until - 1);
    assert!(t.tick().unwrap().is_empty() && again.tick().unwrap().is_empty());
    // The bank runs out: the second process ends it for every game, once.
    clock.set(until);
    clock2.set(until);
    let ended = again.tick().unwrap();
    assert_eq!(ended.len(), 2, "{ended:?}");
    assert!(ended.iter().all(|n| matches!(
        n,
        Notice::Vacation {
            change: VacationChange::RanOut,
            ..
        }
    )));
    assert!(t.tick().unwrap().is_empty());
    assert_eq!(t.vacation(ANN).unwrap().left_ms, 0);
    assert!(matches!(t.start_vacation(ANN), Err(TableError::NoVacationLeft)));
    // The clock runs again from where it stopped: 23 hours were left.
    let view = t.game(CH).unwrap().unwrap();
    assert!(view.live.paused.is_none());
    assert_eq!(view.live.deadline_ms(), Some(until + 23 * HOUR));
}

#[test]
fn coming_back_early_keeps_the_rest_of_the_bank_and_moves_the_clock_on() {
    let (t, clock, _) = table();
    start(&t, GUILD, CH, Some(86_400));
    assert!(matches!(t.end_vacation(ANN), Err(TableError::NotOnVacation)));
    t.start_vacation(BO).unwrap();
    clock.advance(2 * DAY);
    assert!(t.tick().unwrap().is_empty());
    // A move while held starts the next turn held too.
    let mv = nth(&t.game(CH).unwrap().unwrap().game, 0);
    t.play(CH, ANN, &mv.to_string()).unwrap();
    clock.advance(DAY);
    let (bank, notices) = t.end_vacation(BO).unwrap();
    assert_eq!(bank.left_ms, 4 * DAY);
    assert!(matches!(
        notices.as_slice(),
        [Notice::Vacation {
            opponent: Some(ANN),
            change: VacationChange::Ended,
            ..
        }]
    ));
    let view = t.game(CH).unwrap().unwrap();
    assert_eq!(view.live.deadline_ms(), Some(clock.now() + DAY));
    // Monthly days come back, up to the cap.
    clock.advance(90 * DAY);
    assert_eq!(t.vacation(BO).unwrap().left_ms, 10 * DAY);
}

/// A bank of 30 days that earns 2 a month up to 30.
const FULL: VacationConfig = VacationConfig {
    start_days: 30,
    monthly_days: 2,
    cap_days: 30,
};

#[test]
fn a_vacation_that_would_hold_no_game_is_refused_and_changes_nothing() {
    let (t, _, store) = table();
    assert!(matches!(t.start_vacation(ANN), Err(TableError::NothingToHold)));
    // A game without a clock holds nothing either.
    start(&t, GUILD, CH, None);
    let game = t.game(CH).unwrap().unwrap().live;
    let deadline = store.next_deadline().unwrap().map(|d| d.at);
    assert!(matches!(t.start_vacation(ANN), Err(TableError::NothingToHold)));
    let bank = t.vacation(ANN).unwrap();
    assert_eq!((bank.left_ms, bank.on), (7 * DAY, None));
    assert!(matches!(t.end_vacation(ANN), Err(TableError::NotOnVacation)));
    assert_eq!(t.game(CH).unwrap().unwrap().live, game);
    assert_eq!(store.next_deadline().unwrap().map(|d| d.at), deadline);
}

#[test]
fn a_vacation_whose_games_all_ended_first_runs_out_cleanly() {
    let clock = Arc::new(ManualClock::new(T0));
    let t = table_on(Arc::new(MemoryStore::new()), clock.clone(), FULL);
    start(&t, GUILD, CH, Some(86_400));
    let (bank, _) = t.start_vacation(ANN).unwrap();
    assert_eq!(bank.on.unwrap().until_ms, T0 + 30 * DAY);
    // The only held game ends: nothing is left to end the vacation.
    t.resign(CH, ANN).unwrap();
    clock.advance(45 * DAY);
    assert!(t.tick().unwrap().is_empty());
    // Over, not stuck at nothing left: the 2 days earned meanwhile stay.
    let bank = t.vacation(ANN).unwrap();
    assert_eq!((bank.left_ms, bank.on), (2 * DAY, None));
    // And a new vacation starts from them.
    start(&t, GUILD, CH, Some(86_400));
    let (bank, notices) = t.start_vacation(ANN).unwrap();
    assert_eq!(bank.on.unwrap().until_ms, clock.now() + 2 * DAY);
    assert_eq!(notices.len(), 1);
}

#[test]
fn ending_a_vacation_never_wipes_days_earned_since() {
    // Coming back by hand after it ran out, holding no game.
    let clock = Arc::new(ManualClock::new(T0));
    let t = table_on(Arc::new(MemoryStore::new()), clock.clone(), FULL);
    start(&t, GUILD, CH, Some(86_400));
    t.start_vacation(ANN).unwrap();
    t.resign(CH, ANN).unwrap();
    clock.advance(75 * DAY);
    let (bank, notices) = t.end_vacation(ANN).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((bank.left_ms, bank.on), (4 * DAY, None), "two months earned");
    assert!(matches!(t.end_vacation(ANN), Err(TableError::NotOnVacation)));

    // Run out by the clock in a held game, a month earned during it.
    let clock = Arc::new(ManualClock::new(T0));
    let t = table_on(Arc::new(MemoryStore::new()), clock.clone(), FULL);
    start(&t, GUILD, CH, Some(86_400));
    let (bank, _) = t.start_vacation(ANN).unwrap();
    let until = bank.on.unwrap().until_ms;
    clock.set(until);
    let ended = t.tick().unwrap();
    assert!(
        matches!(
            &ended[..],
            [Notice::Vacation {
                change: VacationChange::RanOut,
                ..
            }]
        ),
        "{ended:?}"
    );
    let bank = t.vacation(ANN).unwrap();
    assert_eq!((bank.left_ms, bank.on), (2 * DAY, None));
}

trait Now {
    fn now(&self) -> u64;
}

impl Now for ManualClock {
    fn now(&self) -> u64 {
        isolo_bot::table::Clock::now_ms(self)
    }
}

/// One step of a game under vacations.
#[derive(Debug, Clone)]
enum Step {
    /// Time passes (ms), then the clock ticks until it has nothing more.
    Wait(u64),
    /// A player (0 Ann, 1 Bo) starts a vacation.
    Away(usize),
    /// A player comes back.
    Back(usize),
    /// The player to move plays.
    Move(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0..6 * HOUR).prop_map(Step::Wait),
        1 => (0..2usize).prop_map(Step::Away),
        1 => (0..2usize).prop_map(Step::Back),
        2 => (0..8usize).prop_map(Step::Move),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Held clocks never fire early or twice: a reminder comes only when
    /// half the turn's running time is gone, a timeout only when all of
    /// it is, at most one timeout, and a clock whose time is gone ends the
    /// game by the tick after.
    #[test]
    fn held_clocks_never_fire_early_or_twice(steps in prop::collection::vec(step(), 1..40)) {
        const LIMIT: u64 = 4 * HOUR;
        let clock = Arc::new(ManualClock::new(T0));
        let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
        let bank = VacationConfig { start_days: 1, monthly_days: 0, cap_days: 1 };
        let t = table_on(store, clock.clone(), bank);
        start(&t, GUILD, CH, Some(LIMIT / 1000));
        let players = [ANN, BO];
        // The model: running time of this turn, and each vacation's end.
        let mut running = 0u64;
        let mut holds: Vec<(u64, u64)> = Vec::new();
        let mut timeouts = 0;
        for s in steps {
            if t.game(CH).unwrap().is_none() {
                break;
            }
            match s {
                Step::Wait(dt) => {
                    let (from, to) = (clock.now(), clock.now() + dt);
                    let held_until = holds.iter().map(|h| h.1).max().unwrap_or(from).clamp(from, to);
                    running += (to - from) - (held_until - from);
                    holds.retain(|h| h.1 > to);
                    clock.set(to);
                    for _ in 0..8 {
                        let notices = t.tick().unwrap();
                        if notices.is_empty() {
                            break;
                        }
                        for n in notices {
                            match n {
                                Notice::Reminder { .. } => prop_assert!(running >= LIMIT / 2, "early reminder at {running}"),
                                Notice::TimedOut(_) => {
                                    prop_assert!(running >= LIMIT, "early timeout at {running}");
                                    timeouts += 1;
                                }
                                _ => {}
                            }
                        }
                    }
                    prop_assert!(timeouts <= 1);
                    if running >= LIMIT {
                        prop_assert!(t.game(CH).unwrap().is_none(), "late: {running} ms ran");
                    }
                }
                Step::Away(p) => {
                    if let Ok((bank, _)) = t.start_vacation(players[p]) {
                        holds.push((players[p], bank.on.unwrap().until_ms));
                    }
                }
                Step::Back(p) => {
                    if t.end_vacation(players[p]).is_ok() {
                        holds.retain(|h| h.0 != players[p]);
                    }
                }
                Step::Move(n) => {
                    let view = t.game(CH).unwrap().unwrap();
                    let mover = view.to_move().unwrap().user().unwrap();
                    let out = t.play(CH, mover, &nth(&view.game, n).to_string()).unwrap();
                    running = 0;
                    if out.finished.is_some() {
                        break;
                    }
                }
            }
        }
    }
}
