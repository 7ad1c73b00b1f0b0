//! One conformance suite for every `Store` backend. A new backend passes the
//! same checks by adding one `conformance!` line with its factory.

use crate::support;

use std::io::Cursor;
use std::sync::{Barrier, Mutex};

use isolo_bot::store::{
    export_jsonl, import_jsonl, keys, Batch, Deadline, Expect, KeyRange, Op, Space, StoreError, StoreExt,
    Stored,
};
use support::store::{dump, game, Game, Harness, Rating};

macro_rules! conformance {
    ($backend:ident, $factory:path) => {
        // An attribute that never applies.
        conformance!($backend, $factory, #[cfg_attr(any(), ignore)]);
    };
    ($backend:ident, $factory:path, #[$attr:meta]) => {
        mod $backend {
            conformance!(@tests $factory, #[$attr];
                create_read_and_conflict,
                cas_update_rejects_stale_writer,
                delete_is_conditional,
                versions_never_repeat,
                spaces_are_isolated,
                list_by_prefix_in_key_order,
                batch_is_all_or_nothing,
                batch_sees_its_own_writes,
                deadline_index_queries,
                foreign_data_gives_typed_errors,
                older_format_is_migrated,
                racing_writers_only_one_wins,
                concurrent_increments_lose_nothing,
                export_import_round_trip,
            );
        }
    };
    (@tests $factory:path, #[$attr:meta]; $($check:ident,)*) => {
        $(
            #[test]
            #[$attr]
            fn $check() {
                super::$check(&$factory);
            }
        )*
    };
}

conformance!(memory_backend, crate::support::store::memory);
conformance!(sled_backend, crate::support::store::sled);
// Reported as ignored, with the reason, when there is no PostgreSQL.
conformance!(pg_backend, crate::support::store::pg, #[cfg_attr(not(isolo_pg), ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL")]);

type Open = dyn Fn() -> Harness;

fn conflict_current(result: Result<u64, StoreError>) -> Option<u64> {
    match result {
        Err(StoreError::Conflict { current, .. }) => current,
        other => panic!("expected a conflict, got {other:?}"),
    }
}

fn create_read_and_conflict(open: &Open) {
    let s = open();
    let key = keys::id(100);
    assert_eq!(s.get::<Game>(Space::Games, &key).unwrap(), None);
    let v1 = s.put_cas(Space::Games, &key, &game(1), Expect::Absent).unwrap();
    assert_eq!(
        s.get::<Game>(Space::Games, &key).unwrap(),
        Some(Stored {
            version: v1,
            value: game(1)
        })
    );
    match s.put_cas(Space::Games, &key, &game(2), Expect::Absent) {
        Err(StoreError::Conflict {
            space,
            key: k,
            expected,
            current,
        }) => {
            assert_eq!((space, k, expected), (Space::Games, key.clone(), Expect::Absent));
            assert_eq!(current, Some(v1));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(s.get::<Game>(Space::Games, &key).unwrap().unwrap().value, game(1));
}

fn cas_update_rejects_stale_writer(open: &Open) {
    let s = open();
    let key = keys::id(7);
    let v1 = s.put_cas(Space::Games, &key, &game(1), Expect::Absent).unwrap();
    let v2 = s
        .put_cas(Space::Games, &key, &game(2), Expect::Version(v1))
        .unwrap();
    assert!(v2 > v1);
    let stale = s.put_cas(Space::Games, &key, &game(3), Expect::Version(v1));
    assert_eq!(conflict_current(stale), Some(v2));
    let missing = s.put_cas(Space::Games, &keys::id(8), &game(3), Expect::Version(v1));
    assert_eq!(conflict_current(missing), None);
    let v3 = s.put_cas(Space::Games, &key, &game(4), Expect::Any).unwrap();
    let got = s.get::<Game>(Space::Games, &key).unwrap().unwrap();
    assert_eq!((got.version, got.value), (v3, game(4)));
}

fn delete_is_conditional(open: &Open) {
    let s = open();
    let key = keys::id(9);
    let v1 = s
        .put_cas(Space::Challenges, &key, &game(1), Expect::Absent)
        .unwrap();
    let v2 = s
        .put_cas(Space::Challenges, &key, &game(2), Expect::Version(v1))
        .unwrap();
    let stale = s.delete(Space::Challenges, &key, Expect::Version(v1));
    assert_eq!(conflict_current(stale), Some(v2));
    assert!(s.get_raw(Space::Challenges, &key).unwrap().is_some());
    s.delete(Space::Challenges, &key, Expect::Version(v2)).unwrap();
    assert_eq!(s.get_raw(Space::Challenges, &key).unwrap(), None);
    s.delete(Space::Challenges, &key, Expect::Any).unwrap();
    let gone = s.delete(Space::Challenges, &key, Expect::Version(v2));
    assert_eq!(conflict_current(gone), None);
}

fn versions_never_repeat(open: &Open) {
    // A game ends and a new one starts in the same channel: a writer still
    // holding the old game's version must not overwrite the new game.
    let s = open();
    let key = keys::id(11);
    let old = s.put_cas(Space::Games, &key, &game(1), Expect::Absent).unwrap();
    s.delete(Space::Games, &key, Expect::Version(old)).unwrap();
    let new = s.put_cas(Space::Games, &key, &game(2), Expect::Absent).unwrap();
    assert_ne!(old, new);
    let stale = s.put_cas(Space::Games, &key, &game(3), Expect::Version(old));
    assert_eq!(conflict_current(stale), Some(new));
}

fn spaces_are_isolated(open: &Open) {
    let s = open();
    let key = keys::id(5);
    for (n, space) in [Space::Games, Space::Challenges, Space::Records, Space::Meta]
        .into_iter()
        .enumerate()
    {
        s.put_cas(space, &key, &game(n as u8), Expect::Absent).unwrap();
    }
    s.delete(Space::Challenges, &key, Expect::Any).unwrap();
    assert_eq!(s.get_raw(Space::Challenges, &key).unwrap(), None);
    assert_eq!(
        s.get::<Game>(Space::Records, &key).unwrap().unwrap().value,
        game(2)
    );
    assert_eq!(s.get::<Game>(Space::Meta, &key).unwrap().unwrap().value, game(3));
    assert!(s.list::<Game>(Space::Ratings, &[]).unwrap().is_empty());
}

fn list_by_prefix_in_key_order(open: &Open) {
    let s = open();
    for (guild, user, elo) in [(1, 3, 1300), (2, 1, 2100), (1, 1, 1100), (1, 2, 1200)] {
        let rating = Rating { elo, games: 1 };
        s.put_cas(
            Space::Ratings,
            &keys::rating(guild, user),
            &rating,
            Expect::Absent,
        )
        .unwrap();
    }
    let guild1 = s.list::<Rating>(Space::Ratings, &keys::id(1)).unwrap();
    let got: Vec<((u64, u64), i32)> = guild1
        .into_iter()
        .map(|(k, r)| (keys::parse_rating(&k).unwrap(), r.unwrap().value.elo))
        .collect();
    assert_eq!(got, vec![((1, 1), 1100), ((1, 2), 1200), ((1, 3), 1300)]);
    assert_eq!(s.list::<Rating>(Space::Ratings, &[]).unwrap().len(), 4);
    let first_two = s
        .scan(Space::Ratings, &KeyRange::prefix(&keys::id(1)).limit(2))
        .unwrap();
    let users: Vec<_> = first_two
        .iter()
        .map(|(k, _)| keys::parse_rating(k).unwrap().1)
        .collect();
    assert_eq!(users, vec![1, 2]);
}

/// Finishing a game: delete the live game, write the record, update two
/// ratings, clear the deadline.
fn finish_batch(channel: u64, game_v: u64, r1: Expect, r2: Expect) -> Batch {
    let mut b = Batch::new();
    b.delete(Space::Games, &keys::id(channel), Expect::Version(game_v))
        .put(Space::Records, &keys::id(900), &game(9), Expect::Absent)
        .unwrap()
        .put(
            Space::Ratings,
            &keys::rating(1, 10),
            &Rating { elo: 1016, games: 1 },
            r1,
        )
        .unwrap()
        .put(
            Space::Ratings,
            &keys::rating(1, 20),
            &Rating { elo: 984, games: 1 },
            r2,
        )
        .unwrap()
        .set_deadline(channel, None);
    b
}

fn batch_is_all_or_nothing(open: &Open) {
    let s = open();
    let channel = 42;
    let game_v = s
        .put_cas(Space::Games, &keys::id(channel), &game(1), Expect::Absent)
        .unwrap();
    s.set_deadline(channel, Some(5_000)).unwrap();
    let r1 = s
        .put_cas(
            Space::Ratings,
            &keys::rating(1, 10),
            &Rating { elo: 1000, games: 0 },
            Expect::Absent,
        )
        .unwrap();
    let before = dump(&*s);

    // The second rating was expected absent but a concurrent game created it.
    s.put_cas(
        Space::Ratings,
        &keys::rating(1, 20),
        &Rating { elo: 1000, games: 0 },
        Expect::Absent,
    )
    .unwrap();
    let r2 = s
        .get_raw(Space::Ratings, &keys::rating(1, 20))
        .unwrap()
        .unwrap()
        .version;
    let before_with_r2 = dump(&*s);
    assert_ne!(before, before_with_r2);
    let failed = s.apply(&finish_batch(
        channel,
        game_v,
        Expect::Version(r1),
        Expect::Absent,
    ));
    assert_eq!(conflict_current(failed), Some(r2));
    assert_eq!(dump(&*s), before_with_r2, "a failed batch wrote something");

    let v = s
        .apply(&finish_batch(
            channel,
            game_v,
            Expect::Version(r1),
            Expect::Version(r2),
        ))
        .unwrap();
    assert_eq!(s.get_raw(Space::Games, &keys::id(channel)).unwrap(), None);
    assert_eq!(
        s.get::<Game>(Space::Records, &keys::id(900)).unwrap(),
        Some(Stored {
            version: v,
            value: game(9)
        })
    );
    let ratings = s.list::<Rating>(Space::Ratings, &keys::id(1)).unwrap();
    assert!(ratings.iter().all(|(_, r)| r.as_ref().unwrap().version == v));
    assert_eq!(s.deadline_of(channel).unwrap(), None);
    assert_eq!(s.next_deadline().unwrap(), None);
}

fn batch_sees_its_own_writes(open: &Open) {
    let s = open();
    let mut b = Batch::new();
    b.put(Space::Meta, b"next_game_id", &game(1), Expect::Absent)
        .unwrap()
        .check(Space::Meta, b"next_game_id", Expect::Absent);
    // The check sees the put before it, so the batch fails as a whole.
    assert!(conflict_current(s.apply(&b)).is_some());
    assert_eq!(s.get_raw(Space::Meta, b"next_game_id").unwrap(), None);

    let mut b = Batch::new();
    b.set_deadline(3, Some(100)).set_deadline(3, Some(300));
    s.apply(&b).unwrap();
    assert_eq!(
        s.due_deadlines(u64::MAX, 10).unwrap(),
        vec![Deadline { at: 300, channel: 3 }]
    );
    assert_eq!(s.scan(Space::Deadlines, &KeyRange::all()).unwrap().len(), 2);
}

fn deadline_index_queries(open: &Open) {
    let s = open();
    let d = |at, channel| Deadline { at, channel };
    s.set_deadline(1, Some(300)).unwrap();
    s.set_deadline(2, Some(100)).unwrap();
    s.set_deadline(3, Some(200)).unwrap();
    s.set_deadline(4, Some(200)).unwrap();
    assert_eq!(s.next_deadline().unwrap(), Some(d(100, 2)));
    assert_eq!(s.due_deadlines(99, 10).unwrap(), vec![]);
    assert_eq!(s.due_deadlines(150, 10).unwrap(), vec![d(100, 2)]);
    assert_eq!(
        s.due_deadlines(300, 10).unwrap(),
        vec![d(100, 2), d(200, 3), d(200, 4), d(300, 1)]
    );
    assert_eq!(s.due_deadlines(300, 2).unwrap(), vec![d(100, 2), d(200, 3)]);

    // Rescheduling moves the entry; the old time no longer fires.
    s.set_deadline(2, Some(400)).unwrap();
    assert_eq!(s.deadline_of(2).unwrap(), Some(400));
    assert_eq!(s.due_deadlines(150, 10).unwrap(), vec![]);
    assert_eq!(s.next_deadline().unwrap(), Some(d(200, 3)));

    s.set_deadline(3, None).unwrap();
    s.set_deadline(99, None).unwrap();
    assert_eq!(s.deadline_of(3).unwrap(), None);
    assert_eq!(
        s.due_deadlines(u64::MAX, 10).unwrap(),
        vec![d(200, 4), d(300, 1), d(400, 2)]
    );
    s.set_deadline(5, Some(u64::MAX)).unwrap();
    assert_eq!(s.due_deadlines(u64::MAX, 10).unwrap().len(), 4);
}

fn foreign_data_gives_typed_errors(open: &Open) {
    let s = open();
    let key = keys::id(1);
    s.put_cas(Space::Games, &key, &game(1), Expect::Absent).unwrap();
    match s.get::<Rating>(Space::Games, &key) {
        Err(StoreError::Corrupt {
            space,
            key: k,
            reason,
        }) => {
            assert_eq!((space, k), (Space::Games, key.clone()));
            assert!(reason.contains("game"), "{reason}");
        }
        other => panic!("expected Corrupt, got {other:?}"),
    }
    let newer = br#"{"kind":"game","format":99,"data":{}}"#.to_vec();
    s.commit(&[Op::Put {
        space: Space::Games,
        key: keys::id(2),
        value: newer,
        expect: Expect::Absent,
    }])
    .unwrap();
    assert!(matches!(
        s.get::<Game>(Space::Games, &keys::id(2)),
        Err(StoreError::UnsupportedFormat {
            format: 99,
            supported: 2,
            ..
        })
    ));
    let garbage = s.commit(&[Op::Put {
        space: Space::Games,
        key: keys::id(3),
        value: b"\x00\x01not json".to_vec(),
        expect: Expect::Any,
    }]);
    assert!(matches!(garbage, Err(StoreError::Encode { .. })));
    assert_eq!(s.get_raw(Space::Games, &keys::id(3)).unwrap(), None);
    // The good entry is unaffected by its neighbours.
    assert_eq!(s.get::<Game>(Space::Games, &key).unwrap().unwrap().value, game(1));
}

fn older_format_is_migrated(open: &Open) {
    let s = open();
    let v1 = br#"{"kind":"game","format":1,"data":{"history":[3,1,4]}}"#.to_vec();
    let version = s
        .commit(&[Op::Put {
            space: Space::Games,
            key: keys::id(1),
            value: v1,
            expect: Expect::Absent,
        }])
        .unwrap();
    let got = s.get::<Game>(Space::Games, &keys::id(1)).unwrap().unwrap();
    assert_eq!(got.version, version);
    assert_eq!(
        got.value,
        Game {
            moves: vec![3, 1, 4],
            turn: 3
        }
    );
    // Writing it back stores the current format.
    s.put_cas(Space::Games, &keys::id(1), &got.value, Expect::Version(version))
        .unwrap();
    let raw = s.get_raw(Space::Games, &keys::id(1)).unwrap().unwrap();
    let env: serde_json::Value = serde_json::from_slice(&raw.value).unwrap();
    assert_eq!(env["format"], 2);
}

fn racing_writers_only_one_wins(open: &Open) {
    const THREADS: usize = 4;
    const ROUNDS: usize = 30;
    let s = open();
    let store = &*s;
    let key = keys::id(77);
    s.put_cas(Space::Games, &key, &game(0), Expect::Absent).unwrap();
    let barrier = Barrier::new(THREADS);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let (barrier, results, key) = (&barrier, &results, &key);
            scope.spawn(move || {
                for round in 0..ROUNDS {
                    barrier.wait();
                    let read = store.get::<Game>(Space::Games, key).unwrap().unwrap();
                    // Everyone has read the same version before anyone writes.
                    barrier.wait();
                    let mine = game((round * THREADS + t) as u8);
                    let outcome = store.put_cas(Space::Games, key, &mine, Expect::Version(read.version));
                    results.lock().unwrap().push((round, t, read.version, outcome));
                    barrier.wait();
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    for round in 0..ROUNDS {
        let this: Vec<_> = results.iter().filter(|r| r.0 == round).collect();
        let winners: Vec<_> = this.iter().filter(|r| r.3.is_ok()).collect();
        assert_eq!(winners.len(), 1, "round {round}: {this:?}");
        let won = *winners[0].3.as_ref().unwrap();
        for r in this.iter().filter(|r| r.3.is_err()) {
            match &r.3 {
                Err(StoreError::Conflict { current, .. }) => assert_eq!(*current, Some(won)),
                other => panic!("loser got {other:?}"),
            }
        }
    }
    let last = results
        .iter()
        .filter(|r| r.0 == ROUNDS - 1 && r.3.is_ok())
        .count();
    assert_eq!(last, 1);
}

fn concurrent_increments_lose_nothing(open: &Open) {
    const THREADS: u32 = 4;
    const EACH: u32 = 25;
    let s = open();
    let store = &*s;
    let key = b"counter".to_vec();
    let zero = Rating { elo: 0, games: 0 };
    s.put_cas(Space::Meta, &key, &zero, Expect::Absent).unwrap();
    std::thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                for _ in 0..EACH {
                    loop {
                        let cur = store.get::<Rating>(Space::Meta, &key).unwrap().unwrap();
                        let next = Rating {
                            elo: cur.value.elo,
                            games: cur.value.games + 1,
                        };
                        match store.put_cas(Space::Meta, &key, &next, Expect::Version(cur.version)) {
                            Ok(_) => break,
                            Err(StoreError::Conflict { .. }) => continue,
                            Err(e) => panic!("{e}"),
                        }
                    }
                }
            });
        }
    });
    let end = s.get::<Rating>(Space::Meta, &key).unwrap().unwrap();
    assert_eq!(end.value.games, THREADS * EACH);
}

/// The store's own checks only; the bot's typed checks live in the CLI.
fn any_entry(_: Space, _: &[u8], _: &[u8]) -> Result<(), String> {
    Ok(())
}

fn export_import_round_trip(open: &Open) {
    let src = open();
    src.put_cas(Space::Games, &keys::id(1), &game(1), Expect::Absent)
        .unwrap();
    src.put_cas(Space::Challenges, &keys::id(2), &game(2), Expect::Absent)
        .unwrap();
    src.put_cas(Space::Records, &keys::id(3), &game(3), Expect::Absent)
        .unwrap();
    src.put_cas(
        Space::Ratings,
        &keys::rating(4, 5),
        &Rating { elo: 1500, games: 9 },
        Expect::Absent,
    )
    .unwrap();
    src.put_cas(Space::Meta, b"next_game_id", &game(4), Expect::Absent)
        .unwrap();
    src.set_deadline(1, Some(1_700_000_000_000)).unwrap();
    let max_version = dump(&*src).iter().map(|e| e.2).max().unwrap();

    let mut out = Vec::new();
    let report = export_jsonl(&*src, &mut out).unwrap();
    assert_eq!(report.entries, 7);
    assert!(report.skipped.is_empty());
    assert_eq!(out.iter().filter(|b| **b == b'\n').count(), 7);

    let dst = open();
    let report = import_jsonl(&*dst, Cursor::new(&out), &any_entry).unwrap();
    assert_eq!(report.entries, 7);
    assert_eq!(report.per_space[&Space::Deadlines], 2);
    assert_eq!(report.max_version, max_version);
    assert_eq!(dump(&*dst), dump(&*src));
    let mut again = Vec::new();
    export_jsonl(&*dst, &mut again).unwrap();
    assert_eq!(again, out);
    assert_eq!(dst.next_deadline().unwrap(), src.next_deadline().unwrap());

    // New writes continue above every imported version.
    let v = dst
        .put_cas(Space::Games, &keys::id(8), &game(8), Expect::Absent)
        .unwrap();
    assert!(v > max_version);

    assert!(matches!(
        import_jsonl(&*dst, Cursor::new(&out), &any_entry),
        Err(StoreError::NotEmpty)
    ));
    let fresh = open();
    let mut bad = out.clone();
    bad.extend_from_slice(b"{\"space\":\"games\",\"key\":\"zz\",\"version\":1,\"envelope\":{\"kind\":\"game\",\"format\":2,\"data\":{}}}\n");
    match import_jsonl(&*fresh, Cursor::new(&bad), &any_entry) {
        Err(StoreError::Import { line, .. }) => assert_eq!(line, 8),
        other => panic!("expected an import error, got {other:?}"),
    }
    assert!(dump(&*fresh).is_empty(), "a failed import wrote something");
}
