//! Reminders players choose and the daily digest, at the table: each plan
//! reminds at its own times (none when none), whatever the other player
//! chose; the digest lists the games waiting for a member once a day,
//! across a restart, and one of two processes sends it.

use std::sync::Arc;

use isolo_bot::store::{MemoryStore, Store, StoreExt};
use isolo_bot::table::{
    digest_channel, ChallengeOutcome, ChallengeRequest, GameSettings, ManualClock, Notice, Opponent,
    Reminders, Table, TableConfig,
};

const GUILD: u64 = 1;
const CH: u64 = 100;
const ANN: u64 = 11;
const BO: u64 = 22;
const CY: u64 = 33;
const HOUR: u64 = 3_600_000;
const DAY: u64 = 24 * HOUR;
const T0: u64 = 1_800_000_000_000;

fn table(store: Arc<dyn Store>, clock: Arc<ManualClock>) -> Table {
    Table::new(store, clock, TableConfig::default())
}

/// `user` plays the first legal move in `channel`.
fn first_move(t: &Table, channel: u64, user: u64) {
    t.play(channel, user, &crate::first_legal(t, channel)).unwrap();
}

/// `challenger` challenges `opponent` in `channel` with a clock of
/// `move_secs`, and it is accepted: the challenger is South and starts.
fn start(t: &Table, channel: u64, challenger: u64, opponent: u64, move_secs: u64) {
    let req = ChallengeRequest {
        guild: GUILD,
        channel,
        challenger,
        challenger_name: format!("P{challenger}"),
        opponent: Opponent::User {
            id: opponent,
            name: format!("P{opponent}"),
        },
        settings: GameSettings {
            move_secs: Some(move_secs),
            ..GameSettings::default()
        },
    };
    assert!(matches!(t.challenge(req).unwrap(), ChallengeOutcome::Pending(_)));
    t.accept(channel, opponent, None).unwrap();
}

/// Runs the clock of the turn begun at `from` deadline by deadline until
/// `until`, and says when (hours into the turn, as tenths) each reminder
/// came, and to whom.
fn reminders_until(t: &Table, clock: &ManualClock, from: u64, until: u64) -> Vec<(u64, u64)> {
    let mut seen = Vec::new();
    while let Some(at) = t.next_deadline().unwrap().filter(|&at| at <= until) {
        clock.set(at.max(t.now_ms()));
        for n in t.tick().unwrap() {
            if let Notice::Reminder { user, .. } = n {
                seen.push(((at - from) * 10 / HOUR, user));
            }
        }
    }
    seen
}

#[test]
fn each_plan_reminds_at_its_own_times_and_none_reminds_never() {
    let plans = [
        (Reminders::HalfTime, vec![360, 648]),
        (Reminders::BeforeDeadline, vec![480, 680, 710]),
        (Reminders::Off, vec![]),
    ];
    for (plan, hours) in plans {
        let clock = Arc::new(ManualClock::new(T0));
        let t = table(Arc::new(MemoryStore::new()), clock.clone());
        t.change_member_settings(BO, |s| s.reminders = plan).unwrap();
        // Ann chose otherwise: only the player to move's plan counts.
        t.change_member_settings(ANN, |s| s.reminders = Reminders::Off)
            .unwrap();
        start(&t, CH, ANN, BO, 3 * DAY / 1000);
        first_move(&t, CH, ANN);
        let turn = t.now_ms();
        let seen = reminders_until(&t, &clock, turn, turn + 3 * DAY - 1);
        let expected: Vec<(u64, u64)> = hours.iter().map(|h| (*h, BO)).collect();
        assert_eq!(seen, expected, "{plan:?}");
    }
}

#[test]
fn a_late_clock_sends_one_reminder_for_the_times_it_missed_and_a_short_clock_only_those_inside() {
    let clock = Arc::new(ManualClock::new(T0));
    let t = table(Arc::new(MemoryStore::new()), clock.clone());
    t.change_member_settings(ANN, |s| s.reminders = Reminders::BeforeDeadline)
        .unwrap();
    start(&t, CH, ANN, BO, 3 * DAY / 1000);
    // Down from before 24 h left until 2 h left: one reminder, not two.
    clock.advance(3 * DAY - 2 * HOUR);
    let n = t.tick().unwrap();
    assert!(matches!(n[..], [Notice::Reminder { user: ANN, .. }]), "{n:?}");
    assert!(t.tick().unwrap().is_empty(), "sent once");
    let seen = reminders_until(&t, &clock, T0, T0 + 3 * DAY - 1);
    assert_eq!(seen, vec![(710, ANN)], "the hour before still comes");

    // A 2-hour clock: only "1 h before" falls inside the turn.
    assert_eq!(Reminders::BeforeDeadline.slots(2 * HOUR), vec![HOUR]);
    assert_eq!(Reminders::BeforeDeadline.slots(HOUR), Vec::<u64>::new());
    assert_eq!(Reminders::Off.slots(3 * DAY), Vec::<u64>::new());
}

#[test]
fn the_digest_lists_the_waiting_games_once_a_day_across_a_restart_and_two_processes() {
    let clock = Arc::new(ManualClock::new(T0));
    let store: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let t = table(store.clone(), clock.clone());
    // Ann to move in two games, Bo's move in a third.
    start(&t, CH, ANN, BO, 7 * DAY / 1000);
    start(&t, CH + 1, ANN, CY, 7 * DAY / 1000);
    start(&t, CH + 2, BO, ANN, 7 * DAY / 1000);
    assert_eq!(store.deadline_of(digest_channel(ANN)).unwrap(), None);
    t.change_member_settings(ANN, |s| s.digest = true).unwrap();
    assert_eq!(
        store.deadline_of(digest_channel(ANN)).unwrap(),
        Some(T0 + DAY),
        "a day after it was chosen"
    );
    let digests = |notices: Vec<Notice>| -> Vec<(u64, Vec<u64>)> {
        notices
            .into_iter()
            .filter_map(|n| match n {
                Notice::Digest(d) => Some((d.user, d.games.iter().map(|g| g.live.channel).collect())),
                _ => None,
            })
            .collect()
    };
    clock.set(T0 + DAY - 1);
    assert!(digests(t.tick().unwrap()).is_empty(), "not before its time");
    clock.set(T0 + DAY);
    assert_eq!(digests(t.tick().unwrap()), vec![(ANN, vec![CH, CH + 1])]);
    assert!(digests(t.tick().unwrap()).is_empty(), "once a day");

    // A restart, and two processes on one store: the next day's comes once.
    drop(t);
    let (a, b) = (
        table(store.clone(), clock.clone()),
        table(store.clone(), clock.clone()),
    );
    clock.set(T0 + 2 * DAY + 5);
    let both: Vec<_> = digests(a.tick().unwrap())
        .into_iter()
        .chain(digests(b.tick().unwrap()))
        .collect();
    assert_eq!(both, vec![(ANN, vec![CH, CH + 1])]);
    assert_eq!(
        store.deadline_of(digest_channel(ANN)).unwrap(),
        Some(T0 + 3 * DAY),
        "the same time of day"
    );

    // Nothing waits: no message, but the digest goes on.
    for ch in [CH, CH + 1] {
        first_move(&a, ch, ANN);
    }
    clock.set(T0 + 3 * DAY);
    assert!(digests(a.tick().unwrap()).is_empty());
    assert_eq!(
        store.deadline_of(digest_channel(ANN)).unwrap(),
        Some(T0 + 4 * DAY)
    );

    // Turned off: its deadline goes.
    a.change_member_settings(ANN, |s| s.digest = false).unwrap();
    assert_eq!(store.deadline_of(digest_channel(ANN)).unwrap(), None);
}
