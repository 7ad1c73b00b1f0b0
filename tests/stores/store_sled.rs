//! Behaviour specific to the on-disk sled backend: persistence across
//! reopen, damaged entries, the first stored formats, locking, the CLI.

use crate::support;

use std::io::Cursor;
use std::path::Path;
use std::time::{Duration, Instant};

use isolo_bot::store::{
    export_jsonl, import_jsonl, keys, Deadline, Expect, MemoryStore, SledStore, Space, StorageConfig, Store,
    StoreError, StoreExt,
};
use support::store::{dump, game, Game, Rating};

const FIXTURE_JSONL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/store_v1.jsonl");
const FIXTURE_FRAME: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sled_frame_v1.hex");

/// Write raw bytes under a store key, behind the store's back.
/// Write raw bytes under the store's nose. Retries the open: the store that
/// just closed may hold sled's lock for moments after it is dropped.
fn poke_raw(path: &Path, space_tag: u8, key: &[u8], value: &[u8]) {
    let deadline = Instant::now() + Duration::from_secs(5);
    let db = loop {
        match sled::open(path) {
            Ok(db) => break db,
            Err(e) if Instant::now() < deadline => {
                assert!(e.to_string().contains("lock"), "{e}");
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => panic!("{e}"),
        }
    };
    let mut full = vec![space_tag];
    full.extend_from_slice(key);
    db.insert(full, value).unwrap();
    db.flush().unwrap();
}

fn expect_corrupt<T: std::fmt::Debug>(result: Result<T, StoreError>, space: Space, key: &[u8]) {
    match result {
        Err(StoreError::Corrupt { space: s, key: k, .. }) => {
            assert_eq!((s, k.as_slice()), (space, key));
        }
        other => panic!("expected Corrupt for {space}/{key:?}, got {other:?}"),
    }
}

#[test]
fn reopen_keeps_data_and_versions_keep_growing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let (v, before) = {
        let s = SledStore::open_path(&path).unwrap();
        s.put_cas(Space::Games, &keys::id(1), &game(1), Expect::Absent)
            .unwrap();
        s.set_deadline(1, Some(500)).unwrap();
        let v = s
            .put_cas(Space::Games, &keys::id(1), &game(2), Expect::Any)
            .unwrap();
        (v, dump(&s))
    };
    let s = SledStore::open_path(&path).unwrap();
    assert_eq!(dump(&s), before);
    let got = s.get::<Game>(Space::Games, &keys::id(1)).unwrap().unwrap();
    assert_eq!((got.version, got.value), (v, game(2)));
    assert_eq!(s.next_deadline().unwrap(), Some(Deadline { at: 500, channel: 1 }));
    let next = s
        .put_cas(Space::Games, &keys::id(1), &game(3), Expect::Version(v))
        .unwrap();
    assert!(next > v);
}

#[test]
fn corrupt_entries_fail_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    {
        let s = SledStore::open_path(&path).unwrap();
        for ch in 1..=4 {
            s.put_cas(Space::Games, &keys::id(ch), &game(ch as u8), Expect::Absent)
                .unwrap();
            s.set_deadline(ch, Some(ch * 100)).unwrap();
        }
    }
    // Garbage at three levels: not a frame, a frame holding non-JSON, and the
    // deadline index's per-channel entry.
    poke_raw(&path, 1, &keys::id(2), b"\x07\xffgarbage");
    poke_raw(&path, 1, &keys::id(3), b"\x01\0\0\0\0\0\0\0\x05not json");
    poke_raw(&path, 5, &[b'c', 0, 0, 0, 0, 0, 0, 0, 4], b"\x01");

    let s = SledStore::open_path(&path).unwrap();
    assert_eq!(
        s.get::<Game>(Space::Games, &keys::id(1)).unwrap().unwrap().value,
        game(1)
    );
    expect_corrupt(
        s.get::<Game>(Space::Games, &keys::id(2)),
        Space::Games,
        &keys::id(2),
    );
    expect_corrupt(
        s.get::<Game>(Space::Games, &keys::id(3)),
        Space::Games,
        &keys::id(3),
    );
    let listed = s.list::<Game>(Space::Games, &[]).unwrap();
    let ok: Vec<bool> = listed.iter().map(|(_, r)| r.is_ok()).collect();
    assert_eq!(ok, vec![true, false, false, true]);

    // The scheduler still sees every deadline: index keys carry the data.
    let due: Vec<u64> = s
        .due_deadlines(u64::MAX, 10)
        .unwrap()
        .iter()
        .map(|d| d.channel)
        .collect();
    assert_eq!(due, vec![1, 2, 3, 4]);
    let of4 = [b'c', 0, 0, 0, 0, 0, 0, 0, 4];
    expect_corrupt(s.deadline_of(4), Space::Deadlines, &of4);
    expect_corrupt(s.set_deadline(4, Some(1)), Space::Deadlines, &of4);
    s.set_deadline(1, Some(50)).unwrap();

    // A CAS against damaged data fails with the damage, not a conflict;
    // an unconditional write repairs the key.
    expect_corrupt(
        s.put_cas(Space::Games, &keys::id(2), &game(9), Expect::Version(1)),
        Space::Games,
        &keys::id(2),
    );
    s.put_cas(Space::Games, &keys::id(2), &game(9), Expect::Any)
        .unwrap();
    assert_eq!(
        s.get::<Game>(Space::Games, &keys::id(2)).unwrap().unwrap().value,
        game(9)
    );

    let mut out = Vec::new();
    let report = export_jsonl(&s, &mut out).unwrap();
    assert_eq!(report.skipped.len(), 2, "{:?}", report.skipped);
    assert!(report
        .skipped
        .iter()
        .all(|e| matches!(e, StoreError::Corrupt { .. })));
    // Games 1, 2 (repaired), 4; four index entries; three per-channel entries.
    assert_eq!(report.entries, 3 + 4 + 3);
}

fn fixture_checks(s: &dyn Store) {
    let g = s.get::<Game>(Space::Games, &keys::id(100)).unwrap().unwrap();
    assert_eq!(g.version, 3);
    assert_eq!(
        g.value,
        Game {
            moves: vec![2, 5, 7],
            turn: 3
        }
    );
    let r = s.get::<Game>(Space::Records, &keys::id(9001)).unwrap().unwrap();
    assert_eq!(r.value.moves, vec![1, 1, 2, 3, 5, 8]);
    let rating = s
        .get::<Rating>(Space::Ratings, &keys::rating(1, 2))
        .unwrap()
        .unwrap();
    assert_eq!(rating.value, Rating { elo: 1210, games: 4 });
    assert_eq!(
        s.next_deadline().unwrap(),
        Some(Deadline {
            at: 1_700_000_000_000,
            channel: 100
        })
    );
    assert_eq!(s.deadline_of(100).unwrap(), Some(1_700_000_000_000));
    let counter = s.get_raw(Space::Meta, b"next_game_id").unwrap().unwrap();
    assert_eq!(counter.version, 7);
    // Versions continue above the fixture's, and the old game upgrades in place.
    let v = s
        .put_cas(Space::Games, &keys::id(100), &g.value, Expect::Version(3))
        .unwrap();
    assert!(v > 7);
}

#[test]
fn first_format_export_fixture_is_readable() {
    let text = std::fs::read(FIXTURE_JSONL).unwrap();
    let mem = MemoryStore::new();
    let any = |_: Space, _: &[u8], _: &[u8]| Ok(());
    assert_eq!(import_jsonl(&mem, Cursor::new(&text), &any).unwrap().entries, 7);
    fixture_checks(&mem);

    let dir = tempfile::tempdir().unwrap();
    let s = SledStore::open_path(dir.path().join("db")).unwrap();
    assert_eq!(import_jsonl(&s, Cursor::new(&text), &any).unwrap().entries, 7);
    fixture_checks(&s);
}

#[test]
fn first_frame_fixture_is_readable() {
    let hex = std::fs::read_to_string(FIXTURE_FRAME).unwrap();
    let frame = keys::from_hex(hex.trim()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    poke_raw(&path, 1, &keys::id(100), &frame);
    let s = SledStore::open_path(&path).unwrap();
    let g = s.get::<Game>(Space::Games, &keys::id(100)).unwrap().unwrap();
    assert_eq!(g.version, 3);
    assert_eq!(g.value.moves, vec![4, 4]);
    let v = s.put_cas(Space::Meta, b"k", &game(1), Expect::Absent).unwrap();
    assert!(v > 3, "version counter must resume above stored versions");
}

#[test]
fn second_open_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let _first = SledStore::open_path(&path).unwrap();
    match SledStore::open_path(&path) {
        Err(e @ StoreError::Locked { .. }) => {
            let msg = e.to_string();
            assert!(
                msg.contains("in use") && msg.contains(&path.display().to_string()),
                "{msg}"
            );
        }
        other => panic!("expected a lock error, got {other:?}"),
    }
}

#[cfg(unix)]
#[test]
fn database_is_private_to_its_owner() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data").join("db");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    {
        let s = SledStore::open_path(&path).unwrap();
        s.put_cas(Space::Games, &keys::id(1), &game(1), Expect::Absent)
            .unwrap();
    }
    // Loosened by hand (or made by an older build): tightened on the next open.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _s = SledStore::open_path(&path).unwrap();
    assert_eq!(mode(&path), 0o700);
    assert_eq!(mode(path.parent().unwrap()), 0o700);
    let mut files = 0;
    for entry in std::fs::read_dir(&path).unwrap() {
        let entry = entry.unwrap();
        let want = if entry.file_type().unwrap().is_dir() {
            0o700
        } else {
            0o600
        };
        assert_eq!(mode(&entry.path()), want, "{}", entry.path().display());
        files += 1;
    }
    assert!(files > 0, "sled wrote no files");
}

#[test]
fn fsync_mode_commits_and_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let config = StorageConfig {
        path: dir.path().join("db"),
        fsync: true,
        ..StorageConfig::default()
    };
    let v = {
        let s = SledStore::open(&config).unwrap();
        s.put_cas(Space::Records, &keys::id(5), &game(5), Expect::Absent)
            .unwrap()
    };
    let s = SledStore::open(&config).unwrap();
    let got = s.get::<Game>(Space::Records, &keys::id(5)).unwrap().unwrap();
    assert_eq!((got.version, got.value), (v, game(5)));
}
