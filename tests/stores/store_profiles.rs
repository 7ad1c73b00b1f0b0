//! Players' pages and the explorer on every backend: a finished game's
//! rating point, its place in its players' lists and its explorer counts
//! are written in the very commit that ends it; two games ending at once
//! lose no count; forgetting a member removes their page; private games,
//! and games in places `@everyone` cannot see or that were never noted,
//! count in no explorer; private games show only to their players.

use crate::support;

use std::sync::{Arc, Barrier};

use isolo_bot::engine::{Position, Rules, Side, Variant};
use isolo_bot::store::{keys, KeyRange, Space, Store};
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, ManualClock, Opponent, Sight, Table, TableConfig,
    PRIVATE_GUILD,
};
use support::store::Harness;

const GUILD: u64 = 7;
const ANN: u64 = 11;
const BO: u64 = 22;
const CY: u64 = 33;

macro_rules! on_every_backend {
    ($($check:ident),* $(,)?) => {
        mod memory_backend {
            $(#[test] fn $check() { super::$check(crate::support::store::memory()); })*
        }
        mod sled_backend {
            $(#[test] fn $check() { super::$check(crate::support::store::sled()); })*
        }
        mod pg_backend {
            $(
                #[test]
                #[cfg_attr(not(isolo_pg), ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL")]
                fn $check() { super::$check(crate::support::store::pg()); }
            )*
        }
    };
}

on_every_backend!(
    a_finished_game_writes_its_history_and_explorer_in_its_own_commit,
    two_games_ending_at_once_lose_no_explorer_count,
    a_forgotten_member_has_no_page,
    private_games_count_in_no_explorer_and_show_only_to_their_players,
    games_where_everyone_cannot_see_count_in_no_explorer,
    history_is_filled_in_from_games_finished_before_it_was_kept,
);

fn table(h: &Harness) -> Table {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    Table::new(h.store.clone(), clock, TableConfig::default())
}

/// `from` challenges `to` in `channel` of `guild` to a rated game, accepted;
/// a server's channel is public, as the Discord adapter notes it.
fn start(t: &Table, guild: u64, channel: u64, from: u64, to: u64) {
    if guild != PRIVATE_GUILD {
        t.note_place_sight(channel, true).unwrap();
    }
    start_in(t, guild, channel, from, to, None);
}

/// The challenge of [`start`], accepted into `thread` if any, noting nothing.
fn start_in(t: &Table, guild: u64, channel: u64, from: u64, to: u64, thread: Option<u64>) {
    let req = ChallengeRequest {
        guild,
        channel,
        challenger: from,
        challenger_name: format!("user{from}"),
        opponent: Opponent::User {
            id: to,
            name: format!("user{to}"),
        },
        settings: GameSettings {
            rated: true,
            ..GameSettings::default()
        },
    };
    assert!(matches!(t.challenge(req).unwrap(), ChallengeOutcome::Pending(_)));
    t.accept(channel, to, thread).unwrap();
}

/// Plays `plies` moves (each mover's first legal one), then North resigns.
fn play_and_resign(t: &Table, channel: u64, plies: usize) -> isolo_bot::table::FinishedGame {
    for _ in 0..plies {
        let view = t.game(channel).unwrap().expect("a game");
        let mover = view.to_move().unwrap().user().unwrap();
        let mv = t.moves_for(channel, mover).unwrap()[0].mv;
        assert!(t
            .play(channel, mover, &mv.to_string())
            .unwrap()
            .finished
            .is_none());
    }
    let north = t.game(channel).unwrap().unwrap().live.players[1].user().unwrap();
    t.resign(channel, north).unwrap()
}

fn start_position() -> Position {
    Position::new(Rules::new(Variant::Women))
}

fn meta_versions(store: &dyn Store, prefix: &[u8]) -> Vec<u64> {
    store
        .scan(Space::Meta, &KeyRange::prefix(prefix))
        .unwrap()
        .into_iter()
        .map(|(_, e)| e.unwrap().version)
        .collect()
}

fn a_finished_game_writes_its_history_and_explorer_in_its_own_commit(h: Harness) {
    let t = table(&h);
    start(&t, GUILD, 100, ANN, BO);
    let f = play_and_resign(&t, 100, 3);
    // South won: South's first move scored a win for its mover, North's reply a loss.
    let first = t.explorer(GUILD, Variant::Women, &start_position()).unwrap();
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0].mv, f.record.moves[0].to_string());
    assert_eq!(
        (first[0].tally.games, first[0].tally.wins, first[0].tally.losses),
        (1, 1, 0)
    );
    let (after, _) = start_position().play(f.record.moves[0]).unwrap();
    let reply = t.explorer(GUILD, Variant::Women, &after).unwrap();
    assert_eq!(
        (reply[0].tally.games, reply[0].tally.wins, reply[0].tally.losses),
        (1, 0, 1)
    );
    // Another server's explorer and the other variant know nothing of it.
    assert!(t
        .explorer(GUILD + 1, Variant::Women, &start_position())
        .unwrap()
        .is_empty());
    let ann = t.rating_history(GUILD, ANN).unwrap();
    assert_eq!(ann.len(), 1);
    assert_eq!(ann[0].game, f.id);
    let stats = t.stats(GUILD, ANN).unwrap().unwrap();
    assert_eq!(ann[0].rating, stats.rating.rating);
    assert!(ann[0].deviation.is_some_and(|d| d < 350.0));
    let page = t
        .profile(BO)
        .unwrap()
        .expect("Bo has a page")
        .open(Some(BO), |_, _| Sight::Hidden);
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].side, Side::North);
    assert_eq!(page.histories.len(), 1);
    // Everything was written by the commit that ended the game.
    let record = h.store.get_raw(Space::Records, &keys::id(f.id)).unwrap().unwrap();
    for prefix in [&b"explorer:"[..], b"rating-history:", b"member-games:"] {
        let versions = meta_versions(&*h.store, prefix);
        assert!(!versions.is_empty(), "{prefix:?}");
        assert!(
            versions.iter().all(|&v| v == record.version),
            "{prefix:?} written with the game's end: {versions:?} vs {}",
            record.version
        );
    }
    assert!(t.profile(CY).unwrap().is_none(), "an unknown member has no page");
}

fn two_games_ending_at_once_lose_no_explorer_count(h: Harness) {
    let t = Arc::new(table(&h));
    start(&t, GUILD, 100, ANN, BO);
    start(&t, GUILD, 101, CY, BO);
    for ch in [100, 101] {
        let view = t.game(ch).unwrap().unwrap();
        let mover = view.to_move().unwrap().user().unwrap();
        let mv = t.moves_for(ch, mover).unwrap()[0].mv;
        t.play(ch, mover, &mv.to_string()).unwrap();
    }
    let barrier = Arc::new(Barrier::new(2));
    let threads: Vec<_> = [100, 101]
        .into_iter()
        .map(|ch| {
            let (t, barrier) = (t.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                t.resign(ch, BO).unwrap();
            })
        })
        .collect();
    for th in threads {
        th.join().unwrap();
    }
    let first = t.explorer(GUILD, Variant::Women, &start_position()).unwrap();
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!((first[0].tally.games, first[0].tally.wins), (2, 2));
}

fn a_forgotten_member_has_no_page(h: Harness) {
    let t = table(&h);
    start(&t, GUILD, 100, ANN, BO);
    play_and_resign(&t, 100, 2);
    assert!(t.profile(ANN).unwrap().is_some());
    t.forget_member(ANN).unwrap();
    assert!(t.profile(ANN).unwrap().is_none(), "no page after forgetting");
    assert!(t.rating_history(GUILD, ANN).unwrap().is_empty());
    assert!(meta_versions(&*h.store, &[&b"member-games:"[..], &ANN.to_be_bytes()].concat()).is_empty());
    // Bo's page stays, their opponent now a former member.
    let bo = t
        .profile(BO)
        .unwrap()
        .unwrap()
        .open(Some(BO), |_, _| Sight::Hidden);
    assert_eq!(bo.games.len(), 1);
    assert_eq!(bo.games[0].game.players[0], isolo_bot::table::Seat::Former);
    // The explorer holds no names: it stays.
    assert_eq!(
        t.explorer(GUILD, Variant::Women, &start_position())
            .unwrap()
            .len(),
        1
    );
}

fn private_games_count_in_no_explorer_and_show_only_to_their_players(h: Harness) {
    let t = table(&h);
    start(&t, PRIVATE_GUILD, 200, ANN, BO);
    play_and_resign(&t, 200, 2);
    start(&t, GUILD, 100, ANN, CY);
    play_and_resign(&t, 100, 2);
    assert!(t
        .explorer(PRIVATE_GUILD, Variant::Women, &start_position())
        .unwrap()
        .is_empty());
    assert_eq!(
        t.explorer(GUILD, Variant::Women, &start_position()).unwrap()[0]
            .tally
            .games,
        1
    );
    let everyone = |_: u64, _: u64| Sight::Everyone;
    let ann = t.profile(ANN).unwrap().unwrap();
    // A stranger, signed in or not, sees the server's game only.
    for who in [None, Some(CY + 1)] {
        let seen = ann.clone().open(who, everyone);
        assert_eq!(seen.games.len(), 1, "{who:?}");
        assert_eq!(seen.games[0].game.guild, GUILD);
        assert!(seen.histories.iter().all(|h| h.guild == GUILD));
    }
    // Nor that one when its channel is hidden from them.
    let hidden = ann.clone().open(None, |_, _| Sight::Hidden);
    assert!(hidden.games.is_empty() && hidden.histories.is_empty());
    // Ann sees both; Bo sees the private game they played, not the hidden one.
    assert_eq!(ann.clone().open(Some(ANN), |_, _| Sight::Hidden).games.len(), 2);
    let bo = ann.open(Some(BO), |_, _| Sight::Hidden);
    assert_eq!(bo.games.len(), 1);
    assert_eq!(bo.games[0].game.guild, PRIVATE_GUILD);
}

fn history_is_filled_in_from_games_finished_before_it_was_kept(h: Harness) {
    let t = table(&h);
    start(&t, GUILD, 100, ANN, BO);
    let f = play_and_resign(&t, 100, 2);
    // As an earlier release left it: the record, no history.
    let mut ops = Vec::new();
    for prefix in [&b"rating-history:"[..], b"member-games:"] {
        for (key, _) in h.store.scan(Space::Meta, &KeyRange::prefix(prefix)).unwrap() {
            ops.push(isolo_bot::store::Op::Delete {
                space: Space::Meta,
                key,
                expect: isolo_bot::store::Expect::Any,
            });
        }
    }
    h.store.commit(&ops).unwrap();
    assert!(t.profile(ANN).unwrap().is_none());
    let done = t.catch_up().unwrap();
    assert_eq!(done.history_points, 2);
    let ann = t.rating_history(GUILD, ANN).unwrap();
    assert_eq!(ann.len(), 1);
    assert_eq!((ann[0].game, ann[0].deviation), (f.id, None));
    assert_eq!(ann[0].rating, f.rating_changes[0].after);
    assert_eq!(
        t.profile(BO)
            .unwrap()
            .unwrap()
            .open(Some(BO), |_, _| Sight::Hidden)
            .games
            .len(),
        1
    );
    // Once only.
    assert_eq!(t.catch_up().unwrap().history_points, 0);
}

fn games_where_everyone_cannot_see_count_in_no_explorer(h: Harness) {
    let t = table(&h);
    let counted = |t: &Table| {
        t.explorer(GUILD, Variant::Women, &start_position())
            .unwrap()
            .iter()
            .map(|m| m.tally.games)
            .sum::<u32>()
    };
    // A channel @everyone cannot see, and one never noted: nothing counts.
    t.note_place_sight(300, false).unwrap();
    start_in(&t, GUILD, 300, ANN, BO, None);
    play_and_resign(&t, 300, 2);
    start_in(&t, GUILD, 301, ANN, BO, None);
    play_and_resign(&t, 301, 2);
    assert_eq!(counted(&t), 0);
    // A channel hidden while its game was played: its end counts nothing.
    start(&t, GUILD, 302, ANN, BO);
    t.play(302, ANN, &t.moves_for(302, ANN).unwrap()[0].mv.to_string())
        .unwrap();
    t.note_place_sight(302, false).unwrap();
    t.resign(302, BO).unwrap();
    assert_eq!(counted(&t), 0);
    // The bot's public thread of a public channel counts, as its channel;
    // a thread noted hidden itself does not.
    t.note_place_sight(303, true).unwrap();
    start_in(&t, GUILD, 303, ANN, BO, Some(3030));
    play_and_resign(&t, 3030, 2);
    assert_eq!(counted(&t), 1);
    t.note_place_sight(3040, false).unwrap();
    start_in(&t, GUILD, 303, ANN, CY, Some(3040));
    play_and_resign(&t, 3040, 2);
    assert_eq!(counted(&t), 1);
    // Noting the same again writes nothing.
    let before = meta_versions(&*h.store, b"place-sight:");
    t.note_place_sight(303, true).unwrap();
    assert_eq!(meta_versions(&*h.store, b"place-sight:"), before);
}
