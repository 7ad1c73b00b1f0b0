//! What only the PostgreSQL backend has: a recorded schema version, several
//! processes (here: store handles) writing at once, and deadline
//! notifications. The shared behaviour is in `store_conformance`. The tests
//! use `ISOLO_TEST_PG_URL`, else start their own server; without PostgreSQL
//! they are reported as ignored, with the reason.

use crate::support;

use std::time::Duration;

use isolo_bot::store::{keys, Batch, Expect, PgStore, Space, StoreError, StoreExt, SCHEMA_VERSION};
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
