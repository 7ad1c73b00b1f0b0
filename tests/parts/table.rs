//! The hosting layer through its API: challenges, turns, endings, clocks,
//! ratings, concurrency, restarts and every refusal.

use std::sync::{Arc, Barrier};

use isolo_bot::ai::{Budget, Level};
use isolo_bot::engine::{Outcome, Side, Termination, Variant};
use isolo_bot::store::{keys, Expect, MemoryStore, Op, SledStore, Space, Store, StoreExt};
use isolo_bot::table::{
    Aborted, ChallengeOutcome, ChallengeRequest, Clock, DrawOutcome, FirstMove, GameSettings, ManualClock,
    Notice, Opponent, Seat, Table, TableConfig, TableError, TimeoutPolicy, NEWER_RETRY_MS,
};
use isolo_bot::words::{narrate, Lang};

const GUILD: u64 = 1;
const CH: u64 = 100;
const ANN: u64 = 11;
const BO: u64 = 22;
const EVE: u64 = 33;
const DAY: u64 = 86_400_000;

fn table_with(store: Arc<dyn Store>, clock: Arc<ManualClock>, config: TableConfig) -> Table {
    Table::new(store, clock, config)
}

fn table() -> (Table, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    (
        table_with(
            Arc::new(MemoryStore::new()),
            clock.clone(),
            TableConfig::default(),
        ),
        clock,
    )
}

fn request(channel: u64, from: u64, to: Opponent, settings: GameSettings) -> ChallengeRequest {
    ChallengeRequest {
        guild: GUILD,
        channel,
        challenger: from,
        challenger_name: format!("user{from}"),
        opponent: to,
        settings,
    }
}

fn user(id: u64) -> Opponent {
    Opponent::User {
        id,
        name: format!("user{id}"),
    }
}

/// Ann challenges Bo in `channel` and Bo accepts: Ann is South and starts.
fn start(t: &Table, channel: u64, settings: GameSettings) {
    match t.challenge(request(channel, ANN, user(BO), settings)).unwrap() {
        ChallengeOutcome::Pending(c) => assert!(c.opponent.is(BO)),
        ChallengeOutcome::Started(_) => panic!("a challenge to a person waits"),
    }
    let view = t.accept(channel, BO, None).unwrap();
    assert!(view.live.players[0].is(ANN) && view.live.players[1].is(BO));
}

/// Plays the first legal move of whoever is to move until the game ends.
fn play_out(t: &Table, channel: u64) -> isolo_bot::table::FinishedGame {
    for _ in 0..3000 {
        let view = t.game(channel).unwrap().expect("game on");
        let mover = view.to_move().unwrap().user().unwrap();
        let moves = t.moves_for(channel, mover).unwrap();
        let mv = moves[moves.len() / 2].mv;
        if let Some(f) = t.play(channel, mover, &mv.to_string()).unwrap().finished {
            return f;
        }
    }
    panic!("the game did not end");
}

/// Two games with a one-minute clock, in `CH` and `CH + 1`.
fn two_timed_games() -> (Table, Arc<ManualClock>) {
    let (t, clock) = table();
    let timed = GameSettings {
        move_secs: Some(60),
        ..GameSettings::default()
    };
    start(&t, CH, timed);
    start(&t, CH + 1, timed);
    (t, clock)
}

fn stored_game(t: &Table, channel: u64) -> Option<Vec<u8>> {
    t.store()
        .get_raw(Space::Games, &keys::id(channel))
        .unwrap()
        .map(|r| r.value)
}

#[test]
fn challenge_answers_and_refusals() {
    let (t, _) = table();
    let s = GameSettings::default();
    assert!(matches!(
        t.challenge(request(CH, ANN, user(ANN), s)),
        Err(TableError::SelfChallenge)
    ));
    t.challenge(request(CH, ANN, user(BO), s)).unwrap();
    // One challenge per pair at a time, whoever challenged.
    assert!(matches!(
        t.challenge(request(CH, BO, user(ANN), s)),
        Err(TableError::ChallengePending { .. })
    ));
    assert!(matches!(
        t.accept(CH, EVE, None),
        Err(TableError::NotTheOpponent(_))
    ));
    assert!(matches!(t.withdraw(CH, BO), Err(TableError::NotTheChallenger(_))));
    assert!(matches!(t.decline(CH, ANN), Err(TableError::NotTheOpponent(_))));
    assert_eq!(t.decline(CH, BO).unwrap().challenger.user(), Some(ANN));
    assert!(matches!(t.accept(CH, BO, None), Err(TableError::NoChallenge)));
    t.challenge(request(CH, ANN, user(BO), s)).unwrap();
    t.withdraw(CH, ANN).unwrap();
    assert!(t.challenges_in(CH).unwrap().is_empty());
    // One live game per channel; the error names it.
    start(&t, CH, s);
    let err = t.challenge(request(CH, EVE, user(ANN), s)).unwrap_err();
    assert!(matches!(err, TableError::Busy { id: 1, .. }), "{err}");
    assert!(err.to_string().contains("user11 vs user22"), "{err}");
}

#[test]
fn a_channel_holds_many_challenges_one_per_pair() {
    let (t, clock) = table();
    let s = GameSettings::default();
    t.challenge(request(CH, ANN, user(BO), s)).unwrap();
    clock.advance(1_000);
    t.challenge(request(CH, EVE, user(BO), s)).unwrap();
    t.challenge(request(CH, EVE, user(ANN), s)).unwrap();
    assert_eq!(t.challenges_in(CH).unwrap().len(), 3);
    // Bo was challenged twice here: he must say by whom.
    match t.accept(CH, BO, None) {
        Err(TableError::WhichChallenge(names)) => assert_eq!(names, ["user11", "user33"]),
        other => panic!("{other:?}"),
    }
    assert!(matches!(t.withdraw(CH, EVE), Err(TableError::WhichChallenge(_))));
    assert_eq!(
        t.challenge_for(CH, BO, Some(EVE)).unwrap().challenger.user(),
        Some(EVE)
    );
    t.decline_from(CH, BO, Some(EVE)).unwrap();
    // In a thread, the accepted game leaves the other challenges waiting.
    let view = t.accept_from(CH, BO, Some(ANN), Some(555)).unwrap();
    assert_eq!(view.live.channel, 555);
    let left = t.challenges_in(CH).unwrap();
    assert_eq!(left.len(), 1);
    assert!(left[0].challenger.is(EVE) && left[0].opponent.is(ANN));
    // The channel's deadline follows the earliest challenge still waiting.
    let ttl = TableConfig::default().challenge_ttl_secs * 1000;
    assert_eq!(t.store().deadline_of(CH).unwrap(), Some(clock.now_ms() + ttl));
    clock.advance(ttl);
    let expired: Vec<_> = t
        .tick()
        .unwrap()
        .into_iter()
        .filter_map(|n| match n {
            Notice::ChallengeExpired(c) => Some(c),
            _ => None,
        })
        .collect();
    assert!(matches!(&expired[..], [c] if c.challenger.is(EVE)), "{expired:?}");
    assert!(t.challenges_in(CH).unwrap().is_empty());
    assert_eq!(t.store().deadline_of(CH).unwrap(), None);

    // A moderator can clear the challenges of a channel with no game.
    t.challenge(request(CH, ANN, user(BO), s)).unwrap();
    t.challenge(request(CH, EVE, user(BO), s)).unwrap();
    match t.abort(CH, true).unwrap() {
        Aborted::Challenges(gone) => assert_eq!(gone.len(), 2),
        other => panic!("{other:?}"),
    }
    assert!(t.challenges_in(CH).unwrap().is_empty());
    assert!(matches!(t.abort(CH, true), Err(TableError::NoGame)));

    // A game hosted in the channel itself occupies it: the others go.
    t.challenge(request(CH + 1, ANN, user(BO), s)).unwrap();
    t.challenge(request(CH + 1, EVE, user(BO), s)).unwrap();
    t.accept_from(CH + 1, BO, Some(ANN), None).unwrap();
    assert!(t.challenges_in(CH + 1).unwrap().is_empty());
    assert!(matches!(
        t.challenge(request(CH + 1, EVE, user(BO), s)),
        Err(TableError::Busy { .. })
    ));
}

#[test]
fn accepted_game_can_live_in_a_thread() {
    let (t, _) = table();
    t.challenge(request(CH, ANN, user(BO), GameSettings::default()))
        .unwrap();
    let view = t.accept(CH, BO, Some(555)).unwrap();
    assert_eq!(view.live.channel, 555);
    assert!(t.game(CH).unwrap().is_none());
    assert!(t.game(555).unwrap().is_some());
    assert!(t.challenges_in(CH).unwrap().is_empty());
}

#[test]
fn only_the_player_to_move_moves_and_refusals_change_nothing() {
    let (t, _) = table();
    start(&t, CH, GameSettings::default());
    let before = stored_game(&t, CH);
    let refusals = [
        (BO, "b2", "not your turn"),
        (EVE, "b2", "not playing"),
        (ANN, "z9", "not a pit"),
        (ANN, "", "not a pit"),
        (ANN, &"x".repeat(5000), "not a pit"),
        (ANN, "c3", "not your pit"),
    ];
    for (who, pit, why) in refusals {
        let err = t.play(CH, who, pit).unwrap_err();
        assert!(err.to_string().contains(why), "{who} {pit}: {err}");
        assert_eq!(stored_game(&t, CH), before, "refusal changed the game");
    }
    assert!(matches!(t.play(CH + 1, ANN, "b2"), Err(TableError::NoGame)));
    let out = t.play(CH, ANN, " B2 ").unwrap();
    assert_eq!(out.report.captured(), 4);
    assert_eq!(out.view.to_move().unwrap().user(), Some(BO));
    // After W1 and W2 (rules.md), South's b2 is empty: refused.
    let err = t
        .play(CH, BO, "h4")
        .map(|_| ())
        .and_then(|_| t.play(CH, ANN, "b2").map(|_| ()));
    assert!(err.unwrap_err().to_string().contains("at least 2"));
    assert!(t.moves_for(CH, BO).unwrap().is_empty(), "not Bo's turn");
    assert!(!t.moves_for(CH, ANN).unwrap().is_empty());
}

#[test]
fn a_game_played_to_the_end_updates_records_and_ratings() {
    let (t, _) = table();
    start(&t, CH, GameSettings::default());
    let f = play_out(&t, CH);
    assert_eq!(f.result.termination, Termination::NoLegalMove);
    assert!(t.game(CH).unwrap().is_none(), "the channel is free again");
    assert_eq!(f.game().unwrap().result(), Some(f.result));
    assert_eq!(f.record.south.as_deref(), Some("user11"));
    assert_eq!(t.record(CH).unwrap(), f.record);
    let winner = f.winner().unwrap().user().unwrap();
    let loser = if winner == ANN { BO } else { ANN };
    let (w, l) = (
        t.stats(GUILD, winner).unwrap().unwrap(),
        t.stats(GUILD, loser).unwrap().unwrap(),
    );
    assert_eq!((w.tally.wins, w.tally.losses, w.streak), (1, 0, 1));
    assert_eq!((l.tally.wins, l.tally.losses, l.streak), (0, 1, -1));
    assert_eq!(w.head_to_head[&loser].wins, 1);
    assert!(w.rating.rating > 1500.0 && l.rating.rating < 1500.0);
    assert_eq!(f.rating_changes.len(), 2);
    let board = t.leaderboard(GUILD, 10).unwrap();
    assert_eq!(
        board.iter().map(|p| p.user).collect::<Vec<_>>(),
        vec![winner, loser]
    );
}

#[test]
fn resign_draw_abort_and_rematch() {
    let (t, _) = table();
    start(&t, CH, GameSettings::default());
    assert!(matches!(t.resign(CH, EVE), Err(TableError::NotAPlayer { .. })));
    // Bo resigns out of turn.
    let f = t.resign(CH, BO).unwrap();
    assert_eq!(f.result.outcome, Outcome::Win(Side::South));
    assert_eq!(f.result.termination, Termination::Resignation);
    // Rematch: colours swap and the other person starts.
    assert!(matches!(t.rematch(CH, EVE), Err(TableError::NotAPlayer { .. })));
    assert!(matches!(t.rematch(CH, BO).unwrap(), ChallengeOutcome::Pending(_)));
    let ChallengeOutcome::Started(view) = t.rematch(CH, ANN).unwrap() else {
        panic!("both asked: starts")
    };
    assert!(view.live.players[0].is(BO) && view.live.players[1].is(ANN));
    assert_eq!(view.to_move().unwrap().user(), Some(BO));
    // Draw by agreement.
    let DrawOutcome::Offered(v) = t.offer_draw(CH, ANN).unwrap() else {
        panic!("first offer waits")
    };
    assert_eq!(v.live.draw_offer, Some(Side::North));
    let DrawOutcome::Agreed(f) = t.offer_draw(CH, BO).unwrap() else {
        panic!("second offer agrees")
    };
    assert_eq!(f.result.outcome, Outcome::Draw);
    assert_eq!(t.stats(GUILD, ANN).unwrap().unwrap().tally.draws, 1);
    // A move declines a pending offer.
    start(&t, CH + 1, GameSettings::default());
    t.offer_draw(CH + 1, BO).unwrap();
    let out = t.play(CH + 1, ANN, "b2").unwrap();
    assert_eq!(out.view.live.draw_offer, None);
    // Abort: moderators only, no rating change.
    assert!(matches!(t.abort(CH + 1, false), Err(TableError::NotModerator)));
    let before = t.stats(GUILD, ANN).unwrap();
    let Aborted::Game(f) = t.abort(CH + 1, true).unwrap() else {
        panic!("the game is aborted")
    };
    assert_eq!(f.result.termination, Termination::Aborted);
    assert!(f.winner().is_none() && f.rating_changes.is_empty());
    assert_eq!(t.stats(GUILD, ANN).unwrap(), before);
    assert!(f.record.to_string().contains("[Result \"*\"]"));
}

#[test]
fn games_against_the_bot() {
    let (t, _) = table();
    let s = GameSettings {
        variant: Variant::Boys,
        ..GameSettings::default()
    };
    let ChallengeOutcome::Started(view) = t
        .challenge(request(CH, ANN, Opponent::Bot(Level::Greedy), s))
        .unwrap()
    else {
        panic!("a game against the bot starts at once")
    };
    assert_eq!(view.live.players[1], Seat::Bot { level: Level::Greedy });
    assert!(t.bot_move(CH).unwrap().is_none(), "Ann moves first");
    let hint = t.hint(CH, ANN).unwrap().mv;
    t.play(CH, ANN, &hint.to_string()).unwrap();
    let out = t.bot_move(CH).unwrap().expect("the bot's turn");
    assert_eq!(out.report.side, Side::North);
    assert_eq!(t.game(CH).unwrap().unwrap().to_move().unwrap().user(), Some(ANN));
    // Bot games are unrated.
    let f = t.resign(CH, ANN).unwrap();
    assert!(f.rating_changes.is_empty());
    assert!(t.stats(GUILD, ANN).unwrap().is_none());
    // Hints are for bot games only, by default.
    start(&t, CH, GameSettings::default());
    assert!(matches!(t.hint(CH, ANN), Err(TableError::HintsNotAllowed)));
}

#[test]
fn two_players_acting_at_the_same_moment() {
    for round in 0..20 {
        let (t, _) = table();
        let t = Arc::new(t);
        start(&t, CH, GameSettings::default());
        // Ann sends two different moves at once, Bo resigns at once: exactly
        // one outcome is kept, and the stored game is consistent.
        let barrier = Arc::new(Barrier::new(3));
        let run = |who: u64, what: &'static str| {
            let (t, b) = (t.clone(), barrier.clone());
            std::thread::spawn(move || {
                b.wait();
                match what {
                    "resign" => t.resign(CH, who).map(|_| ()),
                    pit => t.play(CH, who, pit).map(|_| ()),
                }
            })
        };
        let results: Vec<_> = [run(ANN, "b2"), run(ANN, "d2"), run(BO, "resign")]
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect();
        let ok = results.iter().filter(|r| r.is_ok()).count();
        match t.game(CH).unwrap() {
            // Bo's resignation came last or lost: one of Ann's moves stands.
            Some(view) => {
                assert_eq!(view.game.ply(), 1, "round {round}: exactly one move");
                assert!(results[2].is_err() || ok >= 1);
            }
            None => {
                let f = t.last_game(CH).unwrap().unwrap();
                assert_eq!(f.result.termination, Termination::Resignation);
                assert!(results[2].is_ok());
                let plies = f.record.moves.len();
                assert!(plies <= 1, "round {round}");
                assert_eq!(ok, 1 + plies);
            }
        }
        for r in &results {
            if let Err(e) = r {
                assert!(
                    matches!(e, TableError::NotYourTurn(_) | TableError::NoGame),
                    "round {round}: a loser is told why: {e}"
                );
            }
        }
    }
}

#[test]
fn a_restart_in_the_middle_of_a_game_and_clocks_across_it() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let settings = GameSettings {
        move_secs: Some(DAY / 1000),
        ..GameSettings::default()
    };
    {
        let store: Arc<dyn Store> = Arc::new(SledStore::open_path(dir.path()).unwrap());
        let t = table_with(store, clock.clone(), TableConfig::default());
        start(&t, CH, settings);
        t.play(CH, ANN, "b2").unwrap();
        assert_eq!(t.next_deadline().unwrap(), Some(clock.now_ms() + DAY / 2));
    }
    // A fresh layer over the same store continues the game...
    let store: Arc<dyn Store> = Arc::new(SledStore::open_path(dir.path()).unwrap());
    let t = table_with(store.clone(), clock.clone(), TableConfig::default());
    let view = t.game(CH).unwrap().unwrap();
    assert_eq!(view.game.ply(), 1);
    // ...and its clock: half the day gone, then nine tenths, then the end.
    clock.advance(DAY / 2);
    let n = t.tick().unwrap();
    assert!(matches!(n[..], [Notice::Reminder { user: BO, .. }]), "{n:?}");
    assert!(t.tick().unwrap().is_empty(), "a reminder is sent once");
    drop(t);
    let t = table_with(store, clock.clone(), TableConfig::default());
    clock.advance(DAY * 4 / 10);
    assert!(matches!(
        t.tick().unwrap()[..],
        [Notice::Reminder { user: BO, .. }]
    ));
    clock.advance(DAY / 10);
    let n = t.tick().unwrap();
    let [Notice::TimedOut(f)] = &n[..] else {
        panic!("{n:?}")
    };
    assert_eq!(f.result.outcome, Outcome::Win(Side::South));
    assert_eq!(f.result.termination, Termination::Timeout);
    assert_eq!(t.next_deadline().unwrap(), None);
}

/// Every notice the clock gives until it has nothing more (ten ticks at most).
fn tick_out(t: &Table) -> Vec<Notice> {
    let mut all = Vec::new();
    for _ in 0..10 {
        let n = t.tick().unwrap();
        if n.is_empty() {
            break;
        }
        all.extend(n);
    }
    all
}

#[test]
fn after_downtime_no_reminder_comes_for_a_deadline_already_past() {
    let day = GameSettings {
        move_secs: Some(DAY / 1000),
        ..GameSettings::default()
    };
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let up = |config: TableConfig| table_with(store.clone(), clock.clone(), config);
    let t = up(TableConfig::default());
    start(&t, CH, day);
    drop(t);
    // Down past the timeout: the win on time comes alone.
    clock.advance(2 * DAY);
    let t = up(TableConfig::default());
    let n = tick_out(&t);
    assert!(
        matches!(&n[..], [Notice::TimedOut(f)] if f.result.outcome == Outcome::Win(Side::North)),
        "{n:?}"
    );

    // Down past both reminders' times but not the timeout: one reminder.
    start(&t, CH, day);
    drop(t);
    clock.advance(DAY * 95 / 100);
    let t = up(TableConfig::default());
    let n = tick_out(&t);
    assert!(matches!(&n[..], [Notice::Reminder { user: ANN, .. }]), "{n:?}");
    clock.advance(DAY / 20);
    assert!(matches!(&tick_out(&t)[..], [Notice::TimedOut(_)]));

    // Under the claim policy: the flag alone, its window still open.
    let claim = TableConfig {
        timeout: TimeoutPolicy::Claim,
        ..TableConfig::default()
    };
    let t = up(claim.clone());
    start(&t, CH, day);
    drop(t);
    clock.advance(DAY + HOUR);
    let t = up(claim);
    let n = tick_out(&t);
    assert!(matches!(&n[..], [Notice::Flagged { flagged: ANN, .. }]), "{n:?}");
    t.claim(CH, BO).unwrap();

    // A game without a clock silent past its whole idle time: the draw alone.
    let idle = TableConfig {
        idle_expiry_secs: 3 * DAY / 1000,
        ..TableConfig::default()
    };
    let t = up(idle.clone());
    start(&t, CH, GameSettings::default());
    drop(t);
    clock.advance(4 * DAY);
    let t = up(idle);
    let n = tick_out(&t);
    assert!(
        matches!(&n[..], [Notice::TimedOut(f)] if f.result.outcome == Outcome::Draw),
        "{n:?}"
    );
}

#[test]
fn a_move_resets_the_clock_and_claim_policy_waits_for_the_claim() {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let config = TableConfig {
        timeout: TimeoutPolicy::Claim,
        ..TableConfig::default()
    };
    let t = table_with(Arc::new(MemoryStore::new()), clock.clone(), config);
    start(
        &t,
        CH,
        GameSettings {
            move_secs: Some(100),
            first: FirstMove::Opponent,
            ..GameSettings::default()
        },
    );
    assert_eq!(
        t.game(CH).unwrap().unwrap().to_move().unwrap().user(),
        Some(BO),
        "the opponent starts"
    );
    clock.advance(60_000);
    assert_eq!(t.tick().unwrap().len(), 1);
    t.play(CH, BO, "g4").unwrap();
    assert_eq!(
        t.next_deadline().unwrap(),
        Some(clock.now_ms() + 50_000),
        "a new turn, a new clock"
    );
    match t.claim(CH, BO) {
        Err(e @ TableError::StillHasTime { left_ms: 100_000, .. }) => {
            assert_eq!(e.to_string(), "user11 still has 1 minute to move");
        }
        other => panic!("expected StillHasTime, got {other:?}"),
    }
    clock.advance(100_000);
    // Past the whole turn at once: the flag alone, no reminder before it.
    let n = t.tick().unwrap();
    assert!(
        matches!(
            n[..],
            [Notice::Flagged {
                claimant: BO,
                flagged: ANN,
                ..
            }]
        ),
        "{n:?}"
    );
    assert!(
        t.game(CH).unwrap().is_some(),
        "no automatic win under the claim policy"
    );
    assert!(matches!(t.claim(CH, ANN), Err(TableError::NothingToClaim)));
    let f = t.claim(CH, BO).unwrap();
    assert_eq!(f.result.outcome, Outcome::Win(Side::North));
}

#[test]
fn unanswered_challenges_expire() {
    let (t, clock) = table();
    t.challenge(request(CH, ANN, user(BO), GameSettings::default()))
        .unwrap();
    clock.advance(DAY - 1);
    assert!(t.tick().unwrap().is_empty());
    clock.advance(1);
    let n = t.tick().unwrap();
    assert!(matches!(&n[..], [Notice::ChallengeExpired(c)] if c.challenger.is(ANN)));
    assert!(t.challenges_in(CH).unwrap().is_empty());
    assert!(matches!(t.accept(CH, BO, None), Err(TableError::NoChallenge)));
}

#[test]
fn a_corrupt_game_affects_only_its_channel() {
    let (t, _) = table();
    start(&t, CH, GameSettings::default());
    start(&t, CH + 1, GameSettings::default());
    t.store()
        .commit(&[Op::Put {
            space: Space::Games,
            key: keys::id(CH),
            value: br#"{"kind":"game","format":1,"data":{"moves":"garbage"}}"#.to_vec(),
            expect: Expect::Any,
        }])
        .unwrap();
    let err = t.play(CH, ANN, "b2").unwrap_err();
    assert!(matches!(err, TableError::Corrupt { .. }), "{err}");
    assert!(
        err.to_string().contains("the saved game cannot be read"),
        "says what: {err}"
    );
    t.play(CH + 1, ANN, "b2").unwrap();
    // A moderator clears it and the channel is usable again; the damaged
    // entry is kept aside, whole, for the operator.
    assert!(matches!(t.abort(CH, true).unwrap(), Aborted::SetAside));
    let kept = t.set_aside_in(CH).unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].space, "games");
    assert_eq!(kept[0].value["data"]["moves"], "garbage");
    start(&t, CH, GameSettings::default());
}

#[test]
fn a_damaged_entry_with_a_deadline_is_reported_once_and_set_aside() {
    let (t, clock) = two_timed_games();
    // A stored move that is not legal: the entry decodes, the game does not replay.
    let mut raw: serde_json::Value = serde_json::from_slice(
        &t.store()
            .get_raw(Space::Games, &keys::id(CH))
            .unwrap()
            .unwrap()
            .value,
    )
    .unwrap();
    raw["data"]["moves"] = serde_json::json!(["a1", "a1", "a1"]);
    t.store()
        .commit(&[Op::Put {
            space: Space::Games,
            key: keys::id(CH),
            value: serde_json::to_vec(&raw).unwrap(),
            expect: Expect::Any,
        }])
        .unwrap();
    clock.advance(31_000);
    let notices = t.tick().unwrap();
    let unreadable: Vec<_> = notices
        .iter()
        .filter(|n| matches!(n, Notice::Unreadable { channel: CH, .. }))
        .collect();
    assert_eq!(unreadable.len(), 1, "{notices:?}");
    assert!(
        notices
            .iter()
            .any(|n| matches!(n, Notice::Reminder { channel, .. } if *channel == CH + 1)),
        "the other channel's clock runs on: {notices:?}"
    );
    // Once: the next ticks are quiet, and the channel is free.
    clock.advance(60_000);
    assert!(t
        .tick()
        .unwrap()
        .iter()
        .all(|n| !matches!(n, Notice::Unreadable { .. })));
    assert!(t.game(CH).unwrap().is_none());
    let kept = t.set_aside_in(CH).unwrap();
    assert_eq!(kept.len(), 1, "kept, not deleted");
    assert_eq!(kept[0].value, raw);
    assert!(kept[0].reason.contains("illegal"), "{}", kept[0].reason);
    start(&t, CH, GameSettings::default());
}

#[test]
fn the_bot_moves_when_its_turn_is_stored_even_without_the_front_end() {
    let (t, clock) = table();
    let ChallengeOutcome::Started(_) = t
        .challenge(request(
            CH,
            ANN,
            Opponent::Bot(Level::Greedy),
            GameSettings::default(),
        ))
        .unwrap()
    else {
        panic!("a game against the bot starts at once")
    };
    let idle_reminder = Some(clock.now_ms() + DAY);
    assert_eq!(
        t.store().deadline_of(CH).unwrap(),
        idle_reminder,
        "no clock, Ann to move"
    );
    let mv = t.moves_for(CH, ANN).unwrap()[0].mv;
    t.play(CH, ANN, &mv.to_string()).unwrap();
    // The front end's answer was lost: nobody called bot_move.
    let due = t.store().deadline_of(CH).unwrap().expect("the bot's move is due");
    assert!(t.tick().unwrap().is_empty(), "a grace for the front end first");
    clock.advance(due - clock.now_ms());
    let notices = t.tick().unwrap();
    let [Notice::Moved(out)] = &notices[..] else {
        panic!("{notices:?}")
    };
    assert_eq!(out.report.side, Side::North);
    assert_eq!(t.game(CH).unwrap().unwrap().game.ply(), 2);
    assert_eq!(
        t.store().deadline_of(CH).unwrap(),
        Some(clock.now_ms() + DAY),
        "Ann's turn: a day before the reminder"
    );
    assert!(t.tick().unwrap().is_empty(), "played once");

    // A game saved before bot moves had deadlines is found at start-up.
    let mv = t.moves_for(CH, ANN).unwrap()[0].mv;
    t.play(CH, ANN, &mv.to_string()).unwrap();
    t.store().set_deadline(CH, None).unwrap();
    assert_eq!(t.catch_up().unwrap().bot_moves, 1);
    assert_eq!(t.catch_up().unwrap().bot_moves, 0, "once");
    clock.advance(60_000);
    assert!(matches!(&t.tick().unwrap()[..], [Notice::Moved(_)]));
    assert!(t.tick().unwrap().is_empty());
}

#[test]
fn finished_games_are_reviewed_and_live_ones_are_not() {
    let (t, _) = table();
    let budget = Budget::nodes(2_000);
    assert!(matches!(t.review(CH, budget), Err(TableError::NothingToReview)));
    start(&t, CH, GameSettings::default());
    t.play(CH, ANN, "b2").unwrap();
    assert!(
        matches!(t.review(CH, budget), Err(TableError::NothingToReview)),
        "a game in progress is not reviewed (that would be a hint for both)"
    );
    let f = play_out(&t, CH);
    let reviewed = t.review(CH, budget).unwrap();
    let (g, review) = (reviewed.finished, reviewed.review);
    assert_eq!(g.id, f.id);
    let rec = &f.record;
    let played: Vec<_> = review.plies.iter().map(|p| p.played).collect();
    assert_eq!(played, rec.moves, "every move is reviewed, in order");
    assert_eq!(review.result, Some(f.result));
    assert_eq!(
        t.review(CH, budget).unwrap().review,
        review,
        "the same budget, the same review"
    );
    let summary = narrate::review_summary(Lang::ENGLISH, &g, &review, |s| s.name());
    assert_eq!(summary.title, format!("Review of game #{}", f.id));
    let text = summary.text;
    assert!(text.starts_with("(user11 vs user22)"), "{text}");
    assert!(text.contains("user11: ") && text.contains("user22: "), "{text}");

    // A record that cannot be read is refused for that game, clearly.
    let mut broken = g.clone();
    // Its first move twice: North cannot sow a South pit.
    broken.record.moves.insert(0, broken.record.moves[0]);
    t.store()
        .put_cas(Space::Records, &keys::id(f.id), &broken, Expect::Any)
        .unwrap();
    match t.review(CH, budget) {
        Err(e @ TableError::Corrupt { .. }) => {
            assert!(
                e.to_string().contains(&format!("record of game #{}", f.id)),
                "{e}"
            )
        }
        other => panic!("expected Corrupt, got {other:?}"),
    }
}

#[test]
fn a_failed_save_says_so_once_and_changes_nothing() {
    use std::sync::atomic::Ordering::SeqCst;
    let store = Arc::new(crate::faulty::FaultyStore::new(Arc::new(MemoryStore::new())));
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let t = table_with(store.clone(), clock, TableConfig::default());
    start(&t, CH, GameSettings::default());
    let before = stored_game(&t, CH);
    store.failing.store(true, SeqCst);
    let err = t.play(CH, ANN, "b2").unwrap_err();
    assert!(matches!(err, TableError::Storage(_)), "{err}");
    assert!(err.to_string().contains("could not be saved"), "{err}");
    assert_eq!(
        store.commits_tried.load(SeqCst),
        1,
        "a storage error is not retried as a race"
    );
    assert_eq!(stored_game(&t, CH), before, "nothing changed");
    // Once the disk has room again, the same move is Ann's to play.
    store.failing.store(false, SeqCst);
    t.play(CH, ANN, "b2").expect("the move is still Ann's");
}

#[test]
fn a_game_without_a_clock_reminds_once_then_ends_as_an_unrated_draw() {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let config = TableConfig {
        idle_expiry_secs: 3 * 24 * 3600,
        ..TableConfig::default()
    };
    let t = table_with(Arc::new(MemoryStore::new()), clock.clone(), config);
    start(&t, CH, GameSettings::default());
    assert!(t.tick().unwrap().is_empty());
    clock.advance(DAY);
    let notices = t.tick().unwrap();
    let [Notice::Idle { user, closes_ms, .. }] = &notices[..] else {
        panic!("{notices:?}")
    };
    assert_eq!(*user, ANN);
    assert_eq!(
        *closes_ms,
        clock.now_ms() + 2 * DAY,
        "three days after the last move"
    );
    assert!(t.tick().unwrap().is_empty(), "one reminder");
    // A move starts the silence over.
    let mv = t.moves_for(CH, ANN).unwrap()[0].mv;
    t.play(CH, ANN, &mv.to_string()).unwrap();
    clock.advance(DAY);
    assert!(matches!(&t.tick().unwrap()[..], [Notice::Idle { user: BO, .. }]));
    clock.advance(2 * DAY);
    let notices = t.tick().unwrap();
    let [Notice::TimedOut(f)] = &notices[..] else {
        panic!("{notices:?}")
    };
    assert_eq!(f.result.outcome, Outcome::Draw);
    assert_eq!(f.result.termination, Termination::Abandoned);
    assert!(f.rating_changes.is_empty(), "unrated");
    assert!(t.stats(GUILD, ANN).unwrap().is_none());
    assert!(narrate::result_line(Lang::ENGLISH, f, |s| s.name()).contains("nobody moved for too long"));
    assert!(t.game(CH).unwrap().is_none());
}

#[test]
fn head_to_head_keeps_the_most_played_opponents_only() {
    let (t, _) = table();
    let first = 1_000;
    for opp in first..first + 101 {
        let req = request(CH, ANN, user(opp), GameSettings::default());
        t.challenge(req).unwrap();
        t.accept(CH, opp, None).unwrap();
        t.resign(CH, opp).unwrap();
    }
    let stats = t.stats(GUILD, ANN).unwrap().unwrap();
    assert_eq!(stats.tally.wins, 101, "every result counts");
    assert_eq!(stats.head_to_head.len(), isolo_bot::table::MAX_HEAD_TO_HEAD);
    assert!(!stats.head_to_head.contains_key(&first), "the least played goes");
    assert!(stats.head_to_head.contains_key(&(first + 100)));
}

/// Ann and Bo play `n` games that Bo resigns (even) or Ann resigns (odd).
fn play_resigned(t: &Table, n: usize) {
    for i in 0..n {
        start(t, CH, GameSettings::default());
        t.resign(CH, if i % 2 == 0 { BO } else { ANN }).unwrap();
    }
}

#[test]
fn ratings_grow_unsure_with_time_away_and_newcomers_rank_below_regulars() {
    use isolo_bot::table::PROVISIONAL_DEVIATION;
    let (t, clock) = table();
    play_resigned(&t, 30);
    let ann = t.stats(GUILD, ANN).unwrap().unwrap();
    assert!(
        !ann.rating.is_provisional(),
        "30 games settle a rating: {:?}",
        ann.rating
    );
    // Eve's one win against Bo puts her rating above Ann's, but unsure.
    t.challenge(request(CH + 1, EVE, user(BO), GameSettings::default()))
        .unwrap();
    t.accept(CH + 1, BO, None).unwrap();
    t.resign(CH + 1, BO).unwrap();
    let eve = t.stats(GUILD, EVE).unwrap().unwrap();
    assert!(eve.rating.rating > ann.rating.rating && eve.rating.is_provisional());
    let board: Vec<u64> = t.leaderboard(GUILD, 10).unwrap().iter().map(|p| p.user).collect();
    assert!(
        board.iter().position(|&u| u == ANN) < board.iter().position(|&u| u == EVE),
        "ranked by rating - 2 x deviation: {board:?}"
    );

    // A year and more away: Ann's rating stays, its deviation grows back.
    let bo = t.stats(GUILD, BO).unwrap().unwrap();
    clock.advance(400 * DAY);
    let away = t.stats(GUILD, ANN).unwrap().unwrap();
    assert_eq!(away.rating.rating, ann.rating.rating);
    assert!(away.rating.deviation > PROVISIONAL_DEVIATION && away.rating.is_provisional());
    assert_eq!(
        away.rating.deviation,
        ann.rating.after_inactivity(400 * DAY).deviation,
        "stats show the deviation as it stands now"
    );
    // The first game back moves her rating more than a win did before.
    let before_break = ann.rating.update(bo.rating, 1.0).rating - ann.rating.rating;
    start(&t, CH, GameSettings::default());
    let f = t.resign(CH, BO).unwrap();
    let change = &f.rating_changes[0];
    assert!(
        change.user == ANN && change.after - change.before > before_break,
        "{f:?}"
    );
}

#[test]
fn ratings_of_the_first_format_load_and_are_stamped_at_start_up() {
    use isolo_bot::store::import_jsonl;
    let store = Arc::new(MemoryStore::new());
    let v1 = include_str!("../fixtures/table_v1.jsonl");
    import_jsonl(&*store, std::io::Cursor::new(v1), &|_, _, _| Ok(())).expect("the v1 export imports");
    let clock = Arc::new(ManualClock::new(1_790_000_100_000));
    let t = table_with(store, clock.clone(), TableConfig::default());
    let ann = t.stats(GUILD, ANN).unwrap().expect("a format-1 rating loads");
    assert_eq!((ann.rated_ms, ann.tally.losses), (None, 1));
    clock.advance(100 * DAY);
    assert_eq!(
        t.stats(GUILD, ANN).unwrap().unwrap().rating,
        ann.rating,
        "with no time known, the deviation does not grow"
    );
    assert_eq!(t.catch_up().unwrap().ratings_stamped, 2);
    assert_eq!(t.catch_up().unwrap().ratings_stamped, 0, "once");
    clock.advance(100 * DAY);
    let later = t.stats(GUILD, ANN).unwrap().unwrap();
    assert!(
        later.rating.deviation > ann.rating.deviation,
        "from the upgrade on"
    );
}

#[test]
fn a_forgotten_member_leaves_results_but_no_name() {
    let (t, _) = table();
    play_resigned(&t, 3);
    t.challenge(request(
        CH + 1,
        ANN,
        Opponent::Bot(Level::Random),
        GameSettings::default(),
    ))
    .unwrap();
    t.resign(CH + 1, ANN).unwrap();
    t.change_member_settings(ANN, |s| s.dm_on_turn = true).unwrap();
    t.challenge(request(CH + 2, EVE, user(ANN), GameSettings::default()))
        .unwrap();
    let bo_before = t.stats(GUILD, BO).unwrap().unwrap();
    assert!(bo_before.head_to_head.contains_key(&ANN));

    // Still challenged: refused, nothing changed.
    let Err(TableError::StillPlaying { games, challenges }) = t.forget_member(ANN) else {
        panic!("a member with an open challenge is not forgotten")
    };
    assert_eq!((games.len(), challenges), (0, 1));
    assert!(t.stats(GUILD, ANN).unwrap().is_some());
    t.decline(CH + 2, ANN).unwrap();
    start(&t, CH + 3, GameSettings::default());
    let Err(TableError::StillPlaying { games, .. }) = t.forget_member(ANN) else {
        panic!("a member in a game is not forgotten")
    };
    assert_eq!(games.len(), 1);
    t.resign(CH + 3, ANN).unwrap();
    let bo_before = t.stats(GUILD, BO).unwrap().unwrap();

    let done = t.forget_member(ANN).unwrap();
    assert_eq!(
        (done.ratings, done.games, done.settings, done.head_to_head),
        (1, 5, true, 1)
    );
    assert_eq!(done.listed, 5, "the finished games in Ann's list");
    // Her page: her 5 finished games and the 4 rated ones' points.
    assert_eq!(done.page, 9, "her page's entries");
    assert!(t.profile(ANN).unwrap().is_none());
    assert!(t.stats(GUILD, ANN).unwrap().is_none());
    assert_eq!(t.member_settings(ANN).unwrap(), Default::default());
    assert!(t.finished_of(GUILD, ANN).unwrap().is_empty());
    // Bo keeps his rating and results; only his line against Ann goes.
    let bo = t.stats(GUILD, BO).unwrap().unwrap();
    assert_eq!((bo.rating, bo.tally), (bo_before.rating, bo_before.tally));
    assert!(!bo.head_to_head.contains_key(&ANN));
    let bos_games = t.finished_of(GUILD, BO).unwrap();
    assert_eq!(bos_games.len(), 4);
    for f in &bos_games {
        assert!(f.players.contains(&Seat::Former) && f.players.iter().all(|s| !s.is(ANN)));
        let text = f.record.to_string();
        assert!(!text.contains("user11") && text.contains("\"?\""), "{text}");
        assert!(f.rating_changes.iter().all(|c| c.user != ANN));
        let line = narrate::result_line(Lang::ENGLISH, f, Seat::name);
        assert!(!line.contains("user11") && line.contains("user22"), "{line}");
    }
    assert!(matches!(t.rematch(CH + 3, BO), Err(TableError::FormerMember)));
    assert_eq!(t.forget_member(ANN).unwrap(), Default::default(), "nothing left");
    let mut out = Vec::new();
    isolo_bot::store::export_jsonl(&**t.store(), &mut out).unwrap();
    let all = String::from_utf8(out).unwrap();
    assert!(!all.contains("user11"), "no trace of Ann's name anywhere: {all}");
}

/// Rewrites the entry at `space`/`key` as a newer version of the bot would:
/// a format one past this build's, with a field it does not know. Returns
/// the bytes and the version written.
fn from_a_newer_version(t: &Table, space: Space, key: &[u8]) -> (Vec<u8>, u64) {
    let stored = t.store().get_raw(space, key).unwrap().expect("an entry");
    let mut env: serde_json::Value = serde_json::from_slice(&stored.value).unwrap();
    env["format"] = (env["format"].as_u64().unwrap() + 1).into();
    env["data"]["only_newer_knows"] = true.into();
    let bytes = serde_json::to_vec(&env).unwrap();
    let version = t
        .store()
        .commit(&[Op::Put {
            space,
            key: key.to_vec(),
            value: bytes.clone(),
            expect: Expect::Version(stored.version),
        }])
        .unwrap();
    (bytes, version)
}

#[test]
fn a_stored_game_of_a_future_format_with_a_due_deadline_survives_tick_untouched() {
    let (t, clock) = two_timed_games();
    let key = keys::id(CH);
    let ours = stored_game(&t, CH).unwrap();
    let (newer, version) = from_a_newer_version(&t, Space::Games, &key);
    let due = t.store().deadline_of(CH).unwrap();
    assert!(due.is_some());
    let untouched = |t: &Table| {
        let e = t
            .store()
            .get_raw(Space::Games, &key)
            .unwrap()
            .expect("still there");
        assert_eq!((&e.value, e.version), (&newer, version), "left exactly as it is");
        assert_eq!(t.store().deadline_of(CH).unwrap(), due, "its deadline is kept");
        assert!(t.set_aside_in(CH).unwrap().is_empty(), "nothing is set aside");
    };

    clock.advance(31_000);
    let notices = t.tick().unwrap();
    assert!(notices.iter().all(|n| n.channel() != CH), "skipped: {notices:?}");
    assert!(
        notices
            .iter()
            .any(|n| matches!(n, Notice::Reminder { channel, .. } if *channel == CH + 1)),
        "the other deadlines are handled: {notices:?}"
    );
    untouched(&t);
    // Not spun on: this process looks at it again in a minute, not at once.
    let now = clock.now_ms();
    let next = t.next_deadline().unwrap().expect("deadlines remain");
    assert!(next > now && next <= now + NEWER_RETRY_MS, "{next} vs {now}");
    assert!(t.tick().unwrap().is_empty());
    untouched(&t);
    // A moderator cannot set it aside either: it is refused as newer.
    let err = t.abort(CH, true).unwrap_err();
    assert!(err.to_string().contains("newer version"), "{err}");
    untouched(&t);
    // Retried later, still left as it is, and no notice about it.
    clock.advance(NEWER_RETRY_MS);
    assert!(t.tick().unwrap().iter().all(|n| n.channel() != CH));
    untouched(&t);

    // The newer process serves it (here: writes it back in a format this
    // build reads); this one then handles the channel's clock again.
    t.store()
        .commit(&[Op::Put {
            space: Space::Games,
            key: key.clone(),
            value: ours,
            expect: Expect::Version(version),
        }])
        .unwrap();
    clock.advance(NEWER_RETRY_MS);
    let notices = t.tick().unwrap();
    assert!(notices.iter().any(|n| n.channel() == CH), "{notices:?}");
    assert!(notices.iter().all(|n| !matches!(n, Notice::Unreadable { .. })));
}

#[test]
fn a_tournament_of_a_future_format_keeps_its_entry_deadline() {
    use isolo_bot::table::tournament::deadline_channel;
    use isolo_bot::table::{Format, TournamentRequest};
    let (t, clock) = table();
    let tour = t
        .create_tournament(TournamentRequest {
            guild: GUILD,
            channel: CH,
            creator: ANN,
            format: Format::Swiss,
            settings: GameSettings {
                move_secs: Some(60),
                ..GameSettings::default()
            },
            rounds: None,
            entry_deadline_ms: Some(clock.now_ms() + 60_000),
            vacation: false,
        })
        .unwrap()
        .tournament;
    let mut key = b"tournament:".to_vec();
    key.extend_from_slice(&GUILD.to_be_bytes());
    key.extend_from_slice(&tour.number.to_be_bytes());
    let (newer, version) = from_a_newer_version(&t, Space::Meta, &key);
    let channel = deadline_channel(tour.id);
    let due = t.store().deadline_of(channel).unwrap();
    clock.advance(61_000);
    assert!(t.tick().unwrap().is_empty());
    clock.advance(NEWER_RETRY_MS);
    assert!(t.tick().unwrap().is_empty());
    let e = t.store().get_raw(Space::Meta, &key).unwrap().unwrap();
    assert_eq!((e.value, e.version), (newer, version));
    assert_eq!(
        t.store().deadline_of(channel).unwrap(),
        due,
        "the entry deadline stays"
    );
}

#[test]
fn set_aside_entries_are_listed_and_restored_but_never_over_an_entry() {
    use isolo_bot::table::RestoreError;
    let (t, clock) = table();
    let garbage = br#"{"kind":"game","format":1,"data":{"moves":"garbage"}}"#.to_vec();
    t.store()
        .commit(&[Op::Put {
            space: Space::Games,
            key: keys::id(CH),
            value: garbage,
            expect: Expect::Absent,
        }])
        .unwrap();
    assert!(matches!(t.abort(CH, true).unwrap(), Aborted::SetAside));
    let all = t.set_aside_all().unwrap();
    assert_eq!(all.len(), 1);
    let aside = &all[0];
    assert_eq!((aside.channel, aside.kept.space.as_str()), (CH, "games"));

    // Keys that name no set-aside entry: a clear error, nothing changed.
    for bad in ["", "zz", "6d656d6265723a", &aside.kept.key] {
        let err = t.restore_set_aside(bad).unwrap_err();
        assert!(matches!(err, RestoreError::NotFound(_)), "{bad}: {err}");
    }
    // The channel has a game again: it is never overwritten.
    start(&t, CH, GameSettings::default());
    let live = stored_game(&t, CH);
    let err = t.restore_set_aside(&aside.key).unwrap_err();
    assert!(matches!(err, RestoreError::Occupied { .. }), "{err}");
    assert!(err.to_string().contains("games/100"), "{err}");
    assert_eq!(stored_game(&t, CH), live);
    assert_eq!(t.set_aside_all().unwrap(), all, "still set aside");

    t.abort(CH, true).unwrap();
    let back = t.restore_set_aside(&aside.key).unwrap();
    assert_eq!(back, *aside);
    let restored: serde_json::Value = serde_json::from_slice(&stored_game(&t, CH).unwrap()).unwrap();
    assert_eq!(restored, aside.kept.value, "put back as it was kept");
    assert!(t.set_aside_all().unwrap().is_empty());
    assert!(
        t.store().deadline_of(CH).unwrap() <= Some(clock.now_ms()),
        "due at once"
    );
    assert!(matches!(
        t.restore_set_aside(&aside.key),
        Err(RestoreError::NotFound(_))
    ));
    // Still damaged: the clock sets it aside again, once.
    let notices = t.tick().unwrap();
    assert_eq!(
        notices
            .iter()
            .filter(|n| matches!(n, Notice::Unreadable { channel: CH, .. }))
            .count(),
        1,
        "{notices:?}"
    );
    assert_eq!(t.set_aside_all().unwrap().len(), 1);
}

#[test]
fn a_forgotten_member_leaves_no_trace_of_their_id_anywhere_in_the_store() {
    use isolo_bot::engine::Move;
    use isolo_bot::table::{course, Format, Status, TournamentRequest, FORMER_ID, FORMER_NAME};
    // A real snowflake: its digits cannot turn up by chance.
    const ZED: u64 = 987_654_321_012_345_678;
    let (t, clock) = table();
    let timed = GameSettings {
        move_secs: Some(600),
        ..GameSettings::default()
    };
    // A rated game with Bo, played to the end: records, ratings, head-to-head, game lists.
    t.challenge(request(CH, ZED, user(BO), GameSettings::default()))
        .unwrap();
    t.accept(CH, BO, None).unwrap();
    play_out(&t, CH);
    assert!(t
        .stats(GUILD, BO)
        .unwrap()
        .unwrap()
        .head_to_head
        .contains_key(&ZED));
    t.change_member_settings(ZED, |s| s.dm_on_turn = true).unwrap();
    // A puzzle failed (record and attempt) and a lesson done (course progress).
    let view = t.next_puzzle(ZED, Variant::Women).unwrap();
    let wrong = view
        .moves
        .iter()
        .find(|m| **m != view.puzzle.solution[0])
        .expect("a wrong move");
    t.puzzle_move(ZED, &view.puzzle.id, 0, &wrong.to_string(), None)
        .unwrap();
    assert_eq!(t.puzzle_stats(ZED).unwrap().failed, 1);
    let lesson = &course()[0];
    for plies in (0..lesson.solution.len()).step_by(2) {
        let mv: Move = lesson.solution[plies];
        t.lesson_move(ZED, 0, plies, &mv.to_string(), 0).unwrap();
    }
    assert_ne!(t.course_progress(ZED).unwrap(), Default::default());
    // Tournaments: one created and joined, still open; one running.
    let tour = |creator| TournamentRequest {
        guild: GUILD,
        channel: CH + 1,
        creator,
        format: Format::Swiss,
        settings: timed,
        rounds: None,
        entry_deadline_ms: None,
        vacation: false,
    };
    let open = t.create_tournament(tour(ZED)).unwrap().tournament.number;
    t.join_tournament(GUILD, Some(open), ZED, &format!("user{ZED}"))
        .unwrap();
    t.join_tournament(GUILD, Some(open), BO, "user22").unwrap();
    let running = t.create_tournament(tour(ANN)).unwrap().tournament.number;
    for (u, name) in [
        (ZED, format!("user{ZED}")),
        (BO, "user22".into()),
        (EVE, "user33".into()),
    ] {
        t.join_tournament(GUILD, Some(running), u, &name).unwrap();
    }
    t.start_tournament(GUILD, Some(running), ANN, false).unwrap();
    // The daily post they set, news held for a private chat, and a damaged
    // game of theirs set aside.
    t.set_daily_post(GUILD, ZED, Some(CH + 2), 600).unwrap();
    let news = Notice::Reminder {
        channel: CH + 3,
        user: ZED,
        game: 1,
        deadline_ms: clock.now_ms(),
    };
    t.hold(CH + 3, &news).unwrap();
    t.challenge(request(CH + 4, ZED, user(EVE), timed)).unwrap();
    t.accept(CH + 4, EVE, None).unwrap();
    let mut raw: serde_json::Value = serde_json::from_slice(&stored_game(&t, CH + 4).unwrap()).unwrap();
    raw["data"]["moves"] = serde_json::json!(["a1", "a1", "a1"]);
    t.store()
        .commit(&[Op::Put {
            space: Space::Games,
            key: keys::id(CH + 4),
            value: serde_json::to_vec(&raw).unwrap(),
            expect: Expect::Any,
        }])
        .unwrap();
    assert!(matches!(t.abort(CH + 4, true).unwrap(), Aborted::SetAside));

    let traces = |t: &Table| {
        let (id, be) = (ZED.to_string(), ZED.to_be_bytes());
        let mut found = Vec::new();
        for space in Space::ALL {
            // A bounded look: far more entries than this test writes.
            let range = isolo_bot::store::KeyRange::all().limit(100_000);
            for (key, entry) in t.store().scan(space, &range).unwrap() {
                let value = String::from_utf8_lossy(&entry.unwrap().value).into_owned();
                if key.windows(8).any(|w| w == be) || value.contains(&id) {
                    found.push(format!("{}/{}: {value}", space.name(), keys::display(&key)));
                }
            }
        }
        found
    };
    assert!(
        traces(&t).len() >= 10,
        "the member is stored all over: {:?}",
        traces(&t)
    );

    let done = t.forget_member(ZED).unwrap();
    assert_eq!(traces(&t), Vec::<String>::new(), "no trace of the id");
    assert_eq!((done.ratings, done.games, done.settings), (1, 1, true));
    assert_eq!((done.training, done.tournaments, done.daily_posts), (3, 2, 1));
    assert_eq!(done.other, 2, "the news held and the set-aside game");
    assert_eq!(t.forget_member(ZED).unwrap(), Default::default(), "nothing left");

    // What others see: a default puzzle record, results kept without them.
    assert_eq!(t.puzzle_stats(ZED).unwrap(), Default::default());
    assert_eq!(t.course_progress(ZED).unwrap(), Default::default());
    let open = t.tournament(GUILD, open).unwrap();
    assert_eq!(open.creator, FORMER_ID);
    assert_eq!(open.entrants.len(), 1, "left before the start");
    let running = t.tournament(GUILD, running).unwrap();
    assert_eq!(running.status, Status::Running);
    let gone = running.entrants.iter().find(|e| e.user == FORMER_ID).unwrap();
    assert_eq!(gone.name, FORMER_NAME);
    assert!(gone.left_in.is_some(), "withdrawn, their games forfeited");
    // The daily post still runs, with nobody to tell.
    let post = t.daily_post(GUILD).unwrap();
    assert_eq!((post.channel, post.set_by), (Some(CH + 2), None));
    assert_eq!(t.daily_post_failed(GUILD, t.today()).unwrap(), None);
    assert_eq!(t.daily_post(GUILD).unwrap().done_day, Some(t.today()));
    assert!(t.held(CH + 3).unwrap().is_empty());
}

const HOUR: u64 = 3_600_000;

#[test]
fn a_game_keeps_its_clock_when_the_challenges_beside_it_go() {
    let (t, clock) = table();
    let t0 = clock.now_ms();
    let s = GameSettings::default();
    t.challenge(request(CH, ANN, user(BO), s)).unwrap();
    clock.advance(HOUR);
    let t1 = clock.now_ms();
    t.challenge(request(CH, ANN, user(44), s)).unwrap();
    // Eve plays the bot in the same channel: both challenges wait on.
    let clocked = GameSettings {
        move_secs: Some(4 * DAY / 1000),
        ..s
    };
    let bot = request(CH, EVE, Opponent::Bot(Level::Greedy), clocked);
    let ChallengeOutcome::Started(view) = t.challenge(bot).unwrap() else {
        panic!("a game against the bot starts at once")
    };
    assert!(view.live.players[0].is(EVE) && view.live.channel == CH);
    assert_eq!(t.challenges_in(CH).unwrap().len(), 2);
    assert_eq!(
        t.store().deadline_of(CH).unwrap(),
        Some(t0 + DAY),
        "the earliest of the game's clock and the challenges' expiries"
    );
    clock.advance(DAY - HOUR);
    let n = t.tick().unwrap();
    assert!(
        matches!(&n[..], [Notice::ChallengeExpired(c)] if c.opponent.is(BO)),
        "{n:?}"
    );
    assert_eq!(t.store().deadline_of(CH).unwrap(), Some(t1 + DAY));
    // The last challenge goes: the game keeps its clock.
    t.decline(CH, 44).unwrap();
    assert!(t.challenges_in(CH).unwrap().is_empty());
    assert_eq!(
        t.store().deadline_of(CH).unwrap(),
        Some(t1 + 2 * DAY),
        "the game's reminder at half time"
    );
    clock.advance(t1 + 2 * DAY - clock.now_ms());
    let n = t.tick().unwrap();
    assert!(matches!(n[..], [Notice::Reminder { user: EVE, .. }]), "{n:?}");
    clock.advance(DAY * 17 / 10);
    let n = t.tick().unwrap();
    assert!(matches!(n[..], [Notice::Reminder { user: EVE, .. }]), "{n:?}");
    clock.advance(DAY * 3 / 10);
    let n = t.tick().unwrap();
    let [Notice::TimedOut(f)] = &n[..] else {
        panic!("{n:?}")
    };
    assert_eq!(f.result.outcome, Outcome::Win(Side::North));
    assert_eq!(f.result.termination, Termination::Timeout);
    assert!(t.game(CH).unwrap().is_none());
    assert_eq!(t.store().deadline_of(CH).unwrap(), None);
}

#[test]
fn a_challenge_waiting_beside_a_game_keeps_its_expiry_when_the_game_ends() {
    let (t, clock) = table();
    let t0 = clock.now_ms();
    t.challenge(request(CH, ANN, user(BO), GameSettings::default()))
        .unwrap();
    let bot = request(CH, EVE, Opponent::Bot(Level::Greedy), GameSettings::default());
    let ChallengeOutcome::Started(_) = t.challenge(bot).unwrap() else {
        panic!("a game against the bot starts at once")
    };
    clock.advance(HOUR);
    t.resign(CH, EVE).unwrap();
    assert_eq!(t.store().deadline_of(CH).unwrap(), Some(t0 + DAY));
    clock.advance(DAY - HOUR);
    let n = t.tick().unwrap();
    assert!(
        matches!(&n[..], [Notice::ChallengeExpired(c)] if c.opponent.is(BO)),
        "{n:?}"
    );
    assert_eq!(t.store().deadline_of(CH).unwrap(), None);
}

#[test]
fn accepting_an_expired_challenge_is_refused_and_changes_nothing() {
    let (t, clock) = table();
    let s = GameSettings::default();
    t.challenge(request(CH, ANN, user(BO), s)).unwrap();
    t.challenge(request(CH + 1, ANN, user(BO), s)).unwrap();
    clock.advance(DAY - 1);
    t.accept(CH + 1, BO, None).unwrap();
    clock.advance(1);
    // The clock has not cleared it yet: a late answer starts no game.
    let deadline = t.store().deadline_of(CH).unwrap();
    assert!(matches!(t.accept(CH, BO, None), Err(TableError::NoChallenge)));
    assert!(matches!(
        t.accept_from(CH, BO, Some(ANN), Some(555)),
        Err(TableError::NoChallenge)
    ));
    assert!(t.game(CH).unwrap().is_none() && t.game(555).unwrap().is_none());
    assert_eq!(t.challenges_in(CH).unwrap().len(), 1, "left for the clock");
    assert_eq!(t.store().deadline_of(CH).unwrap(), deadline);
    let n = t.tick().unwrap();
    assert!(
        matches!(&n[..], [Notice::ChallengeExpired(c)] if c.challenger.is(ANN)),
        "the clock still announces it: {n:?}"
    );
    assert!(t.challenges_in(CH).unwrap().is_empty());
}

#[test]
fn a_win_on_time_nobody_claims_is_recorded_when_the_claim_window_closes() {
    use isolo_bot::store::Batch;
    let clock = Arc::new(ManualClock::new(1_000_000));
    let config = TableConfig {
        timeout: TimeoutPolicy::Claim,
        claim_window_secs: 3600,
        ..TableConfig::default()
    };
    let t = table_with(Arc::new(MemoryStore::new()), clock.clone(), config);
    let settings = GameSettings {
        move_secs: Some(100),
        ..GameSettings::default()
    };
    // Ann is to move and lets her time run out: two reminders, then the flag.
    let flag = |t: &Table| {
        let mut flagged = None;
        for _ in 0..3 {
            for n in t.tick().unwrap() {
                if let Notice::Flagged {
                    claimant,
                    flagged: f,
                    closes_ms,
                    ..
                } = n
                {
                    flagged = Some((claimant, f, closes_ms));
                }
            }
        }
        flagged
    };
    start(&t, CH, settings);
    let timeout = clock.now_ms() + 100_000;
    clock.advance(100_000);
    assert_eq!(flag(&t), Some((BO, ANN, timeout + HOUR)));
    assert_eq!(t.next_deadline().unwrap(), Some(timeout + HOUR));
    clock.advance(HOUR - 1);
    assert!(t.tick().unwrap().is_empty());
    assert!(t.game(CH).unwrap().is_some(), "Bo may still claim");
    clock.advance(1);
    let n = t.tick().unwrap();
    let [Notice::TimedOut(f)] = &n[..] else {
        panic!("{n:?}")
    };
    assert_eq!(f.result.outcome, Outcome::Win(Side::North));
    assert_eq!(f.result.termination, Termination::Timeout);
    assert!(t.game(CH).unwrap().is_none(), "the channel is free again");
    assert_eq!(t.next_deadline().unwrap(), None);

    // A game flagged by an earlier release (no window, no deadline) gets
    // its window at start-up, counted from its timeout.
    start(&t, CH, settings);
    let timeout = clock.now_ms() + 100_000;
    clock.advance(100_000);
    assert!(flag(&t).is_some());
    let mut live = t.game(CH).unwrap().unwrap().live;
    live.claim_closes_ms = None;
    let mut batch = Batch::new();
    batch
        .put(Space::Games, &keys::id(CH), &live, Expect::Any)
        .unwrap();
    batch.set_deadline(CH, None);
    t.store().apply(&batch).unwrap();
    assert_eq!(t.catch_up().unwrap().flagged, 1);
    assert_eq!(t.catch_up().unwrap().flagged, 0, "once");
    clock.advance(HOUR / 2);
    assert!(t.tick().unwrap().is_empty(), "half its window left");
    assert_eq!(t.next_deadline().unwrap(), Some(timeout + HOUR));
    clock.advance(HOUR / 2);
    let n = t.tick().unwrap();
    assert!(
        matches!(&n[..], [Notice::TimedOut(f)] if f.result.outcome == Outcome::Win(Side::North)),
        "{n:?}"
    );
}

#[test]
fn a_tournament_game_under_the_claim_policy_ends_on_time_by_itself() {
    use isolo_bot::table::{Format, TournamentRequest, Work};
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let config = TableConfig {
        timeout: TimeoutPolicy::Claim,
        ..TableConfig::default()
    };
    let t = table_with(Arc::new(MemoryStore::new()), clock.clone(), config);
    let request = TournamentRequest {
        guild: GUILD,
        channel: CH,
        creator: ANN,
        format: Format::RoundRobin,
        settings: GameSettings {
            move_secs: Some(60),
            ..GameSettings::default()
        },
        rounds: None,
        entry_deadline_ms: None,
        vacation: false,
    };
    let number = t.create_tournament(request).unwrap().tournament.number;
    for u in [ANN, BO, EVE] {
        t.join_tournament(GUILD, Some(number), u, &format!("user{u}"))
            .unwrap();
    }
    let started = t.start_tournament(GUILD, Some(number), ANN, false).unwrap();
    let (round, board) = started
        .work
        .iter()
        .find_map(|w| match *w {
            Work::StartGame { round, board, .. } => Some((round, board)),
            Work::Post(_) => None,
        })
        .expect("a board to play");
    let view = t.start_board(GUILD, number, round, board, 555).unwrap();
    clock.advance(60_000);
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.extend(t.tick().unwrap());
    }
    assert!(
        !seen.iter().any(|n| matches!(n, Notice::Flagged { .. })),
        "{seen:?}"
    );
    let ended: Vec<_> = seen
        .iter()
        .filter_map(|n| match n {
            Notice::TimedOut(f) => Some((f.id, f.result.termination)),
            _ => None,
        })
        .collect();
    assert_eq!(ended, [(view.live.id, Termination::Timeout)], "{seen:?}");
    assert!(t.game(555).unwrap().is_none());
    let tour = t.tournament(GUILD, number).unwrap();
    assert!(
        tour.rounds[round as usize - 1]
            .boards
            .iter()
            .all(|b| b.score.is_some()),
        "the round does not wait on a claim"
    );
}
