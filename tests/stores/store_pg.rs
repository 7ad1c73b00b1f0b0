//! What only the PostgreSQL backend has: a recorded schema version, several
//! processes (here: store handles) writing at once, and deadline
//! notifications. The shared behaviour is in `store_conformance`. The tests
//! use `ISOLO_TEST_PG_URL`, else start their own server; without PostgreSQL
//! they are reported as ignored, with the reason.

use crate::support;

use std::time::Duration;

use isolo_bot::store::{
    keys, Batch, Deadline, Expect, KeyRange, PgStore, Space, Store, StoreError, StoreExt, SCHEMA_VERSION,
};
use support::store::{pg_url, PgSchema, Rating, PG_MISSING};

#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn schema_is_created_recorded_and_a_newer_one_refused() {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    // Bots starting together: the migration runs once, both open.
    std::thread::scope(|scope| {
        let opens: Vec<_> = (0..3).map(|_| scope.spawn(|| schema.open())).collect();
        for open in opens {
            assert_eq!(open.join().unwrap().schema_version().unwrap(), SCHEMA_VERSION);
        }
    });
    let store = schema.open();
    store
        .put_cas(Space::Meta, b"kept", &Rating { elo: 1, games: 2 }, Expect::Absent)
        .unwrap();
    drop(store);
    // Reopening keeps the data.
    let store = schema.open();
    assert_eq!(
        store.get::<Rating>(Space::Meta, b"kept").unwrap().unwrap().value,
        Rating { elo: 1, games: 2 }
    );
    drop(store);

    schema.sql("UPDATE isolo_schema SET version = 99");
    match PgStore::open(&url, Some(&schema.name)) {
        Err(e @ StoreError::Schema { found: 99, .. }) => {
            assert!(e.to_string().contains("upgrade isolo-bot"), "{e}");
        }
        other => panic!("expected a schema error, got {other:?}"),
    }
}

#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn two_processes_share_one_database() {
    const EACH: u32 = 40;
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    let (a, b) = (schema.open(), schema.open());
    let key = b"counter".to_vec();
    a.put_cas(Space::Meta, &key, &Rating { elo: 0, games: 0 }, Expect::Absent)
        .unwrap();
    let conflicts = std::sync::atomic::AtomicU32::new(0);
    std::thread::scope(|scope| {
        for store in [&a, &b, &a, &b] {
            let (key, conflicts) = (&key, &conflicts);
            scope.spawn(move || {
                for _ in 0..EACH {
                    loop {
                        let cur = store.get::<Rating>(Space::Meta, key).unwrap().unwrap();
                        let next = Rating {
                            elo: 0,
                            games: cur.value.games + 1,
                        };
                        match store.put_cas(Space::Meta, key, &next, Expect::Version(cur.version)) {
                            Ok(_) => break,
                            Err(StoreError::Conflict { .. }) => {
                                conflicts.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                            }
                            Err(e) => panic!("{e}"),
                        }
                    }
                }
            });
        }
    });
    let end = b.get::<Rating>(Space::Meta, &key).unwrap().unwrap();
    assert_eq!(end.value.games, 4 * EACH);
    println!(
        "4 writers on 2 store handles: {} CAS conflicts retried",
        conflicts.into_inner()
    );
    // Both see one deadline index.
    a.set_deadline(5, Some(1_000)).unwrap();
    b.set_deadline(6, Some(500)).unwrap();
    a.set_deadline(5, Some(200)).unwrap();
    let due: Vec<(u64, u64)> = b
        .due_deadlines(u64::MAX, 10)
        .unwrap()
        .iter()
        .map(|d| (d.at, d.channel))
        .collect();
    assert_eq!(due, vec![(200, 5), (500, 6)]);
}

/// The store is synchronous, and a caller may be a runtime's own thread (a
/// task that does not hop to `spawn_blocking`), of a current-thread or a
/// multi-thread runtime: each call parks that thread while the store's own
/// runtime drives the connection, and commits alone and in batches complete.
#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn calls_from_runtime_threads_complete() {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    let store = std::sync::Arc::new(schema.open());
    let current = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    current.block_on(async {
        store.set_deadline(1, Some(10)).unwrap();
        assert_eq!(store.deadline_of(1).unwrap(), Some(10));
    });
    // More callers at once than the store's 2 slots: commits also queue for batches.
    let multi = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .unwrap();
    let tasks: Vec<_> = (2..10u64)
        .map(|channel| {
            let store = store.clone();
            multi.spawn(async move {
                for at in 1..=5 {
                    store.set_deadline(channel, Some(at * 100)).unwrap();
                }
                store.deadline_of(channel).unwrap()
            })
        })
        .collect();
    for task in tasks {
        assert_eq!(multi.block_on(task).unwrap(), Some(500));
    }
    assert_eq!(store.count(Space::Deadlines).unwrap(), 2 * 9);
}

#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn deadline_changes_are_announced_on_commit_only() {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    let (listener, writer) = (schema.open(), schema.open());
    let mut changes = listener.deadline_changes().unwrap();
    let next = |changes: &mut tokio::sync::mpsc::Receiver<u64>| {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async { tokio::time::timeout(Duration::from_secs(20), changes.recv()).await })
            .expect("no notification within 20 s")
    };
    // A batch that loses its compare-and-swap announces nothing.
    let mut lost = Batch::new();
    lost.set_deadline(7, Some(1_000))
        .check(Space::Games, &keys::id(7), Expect::Version(12345));
    assert!(matches!(writer.apply(&lost), Err(StoreError::Conflict { .. })));
    writer.set_deadline(8, Some(2_000)).unwrap();
    assert_eq!(next(&mut changes), Some(8));
    writer.set_deadline(9, Some(3_000)).unwrap();
    assert_eq!(next(&mut changes), Some(9), "a new deadline is announced");
    // Later: nobody needs to wake sooner, so nothing is announced (a move's
    // usual change), and the next announcement is the earlier one.
    writer.set_deadline(9, Some(9_000)).unwrap();
    writer.set_deadline(8, Some(1_000)).unwrap();
    assert_eq!(next(&mut changes), Some(8), "an earlier deadline is announced");
    writer.set_deadline(8, None).unwrap();
    assert_eq!(next(&mut changes), Some(8), "a cleared deadline is announced");
    assert_eq!(writer.deadline_of(9).unwrap(), Some(9_000));
    assert_eq!(writer.deadline_of(7).unwrap(), None);
    // Moves (a game's swap and its deadline, in the statement of their own)
    // announce the same way: a move that pushes the deadline later is not
    // heard, so channel 11's new deadline comes next.
    let play = |version, at| {
        let mut batch = Batch::new();
        batch
            .put(Space::Games, &keys::id(10), &Rating { elo: 0, games: 1 }, version)
            .unwrap()
            .set_deadline(10, Some(at));
        writer.apply(&batch).unwrap()
    };
    let v = play(Expect::Absent, 5_000);
    assert_eq!(
        next(&mut changes),
        Some(10),
        "a game's first deadline is announced"
    );
    let v = play(Expect::Version(v), 6_000);
    writer.set_deadline(11, Some(1)).unwrap();
    assert_eq!(
        next(&mut changes),
        Some(11),
        "a move's later deadline is not announced"
    );
    play(Expect::Version(v), 500);
    assert_eq!(
        next(&mut changes),
        Some(10),
        "a move's earlier deadline is announced"
    );
    assert_eq!(writer.deadline_of(10).unwrap(), Some(500));
}

#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn a_database_failure_is_not_a_conflict() {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    let store = schema.open();
    let v = store
        .put_cas(
            Space::Games,
            &keys::id(1),
            &Rating { elo: 1, games: 1 },
            Expect::Absent,
        )
        .unwrap();
    schema.sql("DROP TABLE isolo_entries");
    let err = store
        .put_cas(
            Space::Games,
            &keys::id(1),
            &Rating { elo: 2, games: 2 },
            Expect::Version(v),
        )
        .unwrap_err();
    match &err {
        StoreError::Backend(msg) => assert!(msg.contains("PostgreSQL"), "{msg}"),
        other => panic!("expected a backend error, got {other:?}"),
    }
    let err = PgStore::open("postgres://isolo@127.0.0.1:1/none", None).unwrap_err();
    assert!(matches!(err, StoreError::Backend(_)), "{err:?}");
}

/// Moves from many threads go to PostgreSQL together (group commit). Each
/// is still its own commit: one made against a stale version fails alone,
/// with its own conflict, and every other move lands, its deadline with it.
#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn commits_made_together_still_fail_alone() {
    const WRITERS: u64 = 12;
    const ROUNDS: u64 = 20;
    const STALE: u64 = WRITERS;
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    let store = schema.open();
    let rating = |games| Rating { elo: 0, games };
    let first = store
        .put_cas(Space::Games, &keys::id(STALE), &rating(0), Expect::Absent)
        .unwrap();
    store.set_deadline(STALE, Some(1)).unwrap();
    let barrier = std::sync::Barrier::new(WRITERS as usize + 1);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for channel in 0..=WRITERS {
            let (store, barrier, results) = (&store, &barrier, &results);
            scope.spawn(move || {
                let mut version = None;
                for round in 1..=ROUNDS {
                    barrier.wait();
                    let mut batch = Batch::new();
                    // The stale writer keeps the version it read first; the
                    // others make their games' first and later moves.
                    let expect = match (channel, version) {
                        (STALE, _) => Expect::Version(first - 1),
                        (_, None) => Expect::Absent,
                        (_, Some(v)) => Expect::Version(v),
                    };
                    batch
                        .put(Space::Games, &keys::id(channel), &rating(round as u32), expect)
                        .unwrap()
                        .set_deadline(channel, Some(1_000 * round));
                    let result = store.apply(&batch);
                    if let Ok(v) = result {
                        version = Some(v);
                    }
                    results.lock().unwrap().push((channel, result));
                }
            });
        }
    });
    for (channel, result) in results.into_inner().unwrap() {
        match (channel, result) {
            (STALE, Err(StoreError::Conflict { current, .. })) => {
                assert_eq!(current, Some(first), "the stale writer is told what is there")
            }
            (STALE, other) => panic!("a stale move: {other:?}"),
            (_, Ok(_)) => {}
            (_, other) => panic!("channel {channel}: {other:?}"),
        }
    }
    for channel in 0..WRITERS {
        let game = store
            .get::<Rating>(Space::Games, &keys::id(channel))
            .unwrap()
            .unwrap();
        assert_eq!(game.value.games, ROUNDS as u32);
        assert_eq!(store.deadline_of(channel).unwrap(), Some(1_000 * ROUNDS));
    }
    let stale = store
        .get::<Rating>(Space::Games, &keys::id(STALE))
        .unwrap()
        .unwrap();
    assert_eq!((stale.version, stale.value.games), (first, 0));
    assert_eq!(store.deadline_of(STALE).unwrap(), Some(1));
}

/// A schema 3 database (its data, its one-commit function) opens upgraded:
/// the data reads as before, the old function is gone, and moves commit.
#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn a_schema_3_database_is_upgraded_in_place() {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    // What schema 3 held, written as its bot wrote it: a game at version 4
    // and its deadline (the channel's entry and the index entry) at 500.
    let deadline = r#"{"kind":"deadline","format":1,"data":{"at":500,"channel":9}}"#;
    schema.sql(&format!(
        r#"CREATE SCHEMA {name};
         SET search_path TO {name};
         CREATE TABLE isolo_schema (one boolean PRIMARY KEY DEFAULT true CHECK (one),
             version integer NOT NULL, upgraded_at timestamptz NOT NULL DEFAULT now());
         INSERT INTO isolo_schema (version) VALUES (3);
         CREATE TABLE isolo_entries (space smallint NOT NULL, key bytea NOT NULL,
             version bigint NOT NULL CHECK (version > 0), value bytea NOT NULL, PRIMARY KEY (space, key));
         CREATE SEQUENCE isolo_versions AS bigint MINVALUE 1;
         SELECT setval('isolo_versions', 4);
         CREATE FUNCTION isolo_commit(locks int8[], kinds int2[], spaces int2[], keys bytea[],
             expects int8[], vals bytea[], ats bytea[], channel text, chans text[],
             OUT new_version bigint, OUT failed_op integer, OUT failed_version bigint)
             LANGUAGE sql AS 'SELECT 1::bigint, NULL::integer, NULL::bigint';
         INSERT INTO isolo_entries VALUES
             (1, int8send(9), 4, convert_to('{{"kind":"rating","format":1,"data":{{"elo":0,"games":3}}}}', 'UTF8')),
             (5, '\x63'::bytea || int8send(9), 4, convert_to('{deadline}', 'UTF8')),
             (5, '\x61'::bytea || int8send(500) || int8send(9), 4, convert_to('{deadline}', 'UTF8'));"#,
        name = schema.name,
    ));
    let store = schema.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let game = store.get::<Rating>(Space::Games, &keys::id(9)).unwrap().unwrap();
    assert_eq!((game.version, game.value.games), (4, 3));
    assert_eq!(
        store.next_deadline().unwrap(),
        Some(Deadline { at: 500, channel: 9 })
    );
    let mut batch = Batch::new();
    batch
        .put(
            Space::Games,
            &keys::id(9),
            &Rating { elo: 0, games: 4 },
            Expect::Version(4),
        )
        .unwrap()
        .set_deadline(9, Some(900));
    assert_eq!(store.apply(&batch).unwrap(), 5);
    assert_eq!(
        store.next_deadline().unwrap(),
        Some(Deadline { at: 900, channel: 9 })
    );
    assert_eq!(store.scan(Space::Deadlines, &KeyRange::all()).unwrap().len(), 2);
    drop(store);
    schema.sql(
        "DO $$ BEGIN IF to_regprocedure('isolo_commit(int8[], int2[], int2[], bytea[], int8[], bytea[], bytea[], text, text[])') \
         IS NOT NULL THEN RAISE EXCEPTION 'schema 3''s isolo_commit is still there'; END IF; END $$",
    );
}

/// Two processes on one database, the live board served by the first: a
/// move committed by the second reaches a page watching the first, through
/// the store's NOTIFY of game changes.
#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn a_page_on_one_process_sees_a_move_committed_by_another() {
    use futures_util::StreamExt;
    use isolo_bot::table::{
        ChallengeOutcome, ChallengeRequest, GameSettings, Opponent, SystemClock, Table, TableConfig,
    };
    use std::sync::Arc;

    let url = pg_url().expect(PG_MISSING);
    // The schema and the stores are made outside the test's runtime: they
    // run their own.
    let schema = PgSchema::new(&url);
    let open = || {
        Arc::new(Table::new(
            Arc::new(schema.open()),
            Arc::new(SystemClock),
            TableConfig::default(),
        ))
    };
    let (a, b) = (open(), open());
    let req = ChallengeRequest {
        guild: 77,
        channel: 900,
        challenger: 11,
        challenger_name: "Amani".into(),
        opponent: Opponent::User {
            id: 12,
            name: "Baraka".into(),
        },
        settings: GameSettings {
            move_secs: None,
            rated: false,
            ..GameSettings::default()
        },
    };
    let game = match b.challenge(req).expect("a challenge") {
        ChallengeOutcome::Started(v) => v.live.id,
        ChallengeOutcome::Pending(_) => b.accept(900, 12, None).expect("accepted").live.id,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        let parts = isolo_bot::web::WebParts {
            table: a.clone(),
            config: isolo_bot::web::WebConfig::default(),
            bot_token: None,
            plays_bot: false,
            // The page is Amani's: a player of a server game watches it
            // whoever else can see its channel.
            local_player: Some((11, "Amani".into())),
        };
        tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
        let key = a.link_key(900, game).expect("a key");
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/g/900/{game}-{key}/ws"))
                .await
                .expect("a socket on the first process");
        let wait = Duration::from_secs(20);
        let first = tokio::time::timeout(wait, socket.next())
            .await
            .expect("the game")
            .unwrap()
            .unwrap();
        let state: serde_json::Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
        let pit = state["legal"][0].as_str().unwrap().to_owned();
        // The hub subscribes as the server starts: give LISTEN a moment, as a
        // page open for a while would have.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mover = b.clone();
        tokio::task::spawn_blocking(move || mover.play(900, 11, &pit))
            .await
            .expect("the move's task")
            .expect("the second process moves");
        let pushed = tokio::time::timeout(wait, socket.next())
            .await
            .expect("the move reaches the page on the first process")
            .unwrap()
            .unwrap();
        let update: serde_json::Value = serde_json::from_str(pushed.to_text().unwrap()).unwrap();
        assert_eq!(update["plies"][0]["report"]["mv"], state["legal"][0], "{update}");
    });
    runtime.shutdown_timeout(Duration::from_secs(2));
}
