//! A full disk, for real: a sled store on a small tmpfs (Linux, as root;
//! skipped elsewhere, saying so) that fills up mid-game. A move whose save
//! fails is refused plainly, never becomes visible, is not mistaken for a
//! lost race, and play goes on once there is room again.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use isolo_bot::store::{SledStore, StorageConfig, Store};
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, Opponent, SystemClock, Table, TableConfig, TableError,
};

const CH: u64 = 7;
const ANN: u64 = 1;
const BO: u64 = 2;

/// A tmpfs of a few MiB mounted for the test, unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(mib: u32) -> Option<SmallDisk> {
        if !cfg!(target_os = "linux") {
            eprintln!("skipped: a tmpfs full-disk test needs Linux");
            return None;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={mib}m"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("skipped: cannot mount a tmpfs here (needs root)");
            return None;
        }
        Some(SmallDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Fills the disk with a file, in 16 KiB pieces, until it is full.
    fn fill(&self) -> PathBuf {
        let path = self.path().join("filler");
        let mut f = std::fs::File::create(&path).expect("filler");
        let chunk = vec![0u8; 16 * 1024];
        // Bounded: the disk is a few MiB.
        for _ in 0..100_000 {
            if f.write_all(&chunk).and_then(|()| f.sync_data()).is_err() {
                return path;
            }
        }
        panic!("the small disk never filled up");
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(self.dir.path()).status();
    }
}

fn open(path: &Path) -> Arc<dyn Store> {
    let config = StorageConfig {
        path: path.join("store"),
        fsync: true,
        ..StorageConfig::default()
    };
    Arc::new(SledStore::open(&config).expect("open the store"))
}

fn table(store: Arc<dyn Store>) -> Table {
    Table::new(store, Arc::new(SystemClock), TableConfig::default())
}

/// The player to move and a legal pit of theirs.
fn next_move(t: &Table) -> (u64, String) {
    let view = t.game(CH).unwrap().expect("a game");
    let mover = view.to_move().and_then(|s| s.user()).expect("a person to move");
    let pit = t.moves_for(CH, mover).unwrap()[0].mv.to_string();
    (mover, pit)
}

#[test]
fn a_full_disk_refuses_the_move_plainly_and_shows_nothing_unsaved() {
    let Some(disk) = SmallDisk::mount(8) else { return };
    let t = table(open(disk.path()));
    let req = ChallengeRequest {
        guild: 1,
        channel: CH,
        challenger: ANN,
        challenger_name: "Ann".into(),
        opponent: Opponent::User {
            id: BO,
            name: "Bo".into(),
        },
        settings: GameSettings::default(),
    };
    assert!(matches!(t.challenge(req).unwrap(), ChallengeOutcome::Pending(_)));
    t.accept(CH, BO, None).unwrap();
    let (mover, pit) = next_move(&t);
    t.play(CH, mover, &pit).unwrap();

    let filler = disk.fill();
    // sled may still have room in a log segment it already holds: play on
    // (bounded) until a save fails.
    let mut failed = None;
    for _ in 0..200 {
        let ply = t.game(CH).unwrap().unwrap().game.ply();
        let (mover, pit) = next_move(&t);
        match t.play(CH, mover, &pit) {
            Ok(out) => assert!(out.finished.is_none(), "the game ended before the disk was full"),
            Err(e) => {
                failed = Some((ply, mover, pit, e));
                break;
            }
        }
    }
    let (ply, mover, pit, err) = failed.expect("a save fails on a full disk");
    assert!(matches!(err, TableError::Storage(_)), "{err:?}");
    assert!(err.to_string().contains("could not be saved"), "{err}");
    // Nothing of it is visible (while the disk is full the game cannot even
    // be read: sled refuses all work after a failed write), and trying again
    // is the same honest refusal, not "it is not your turn".
    let unchanged = |t: &Table| match t.game(CH) {
        Ok(view) => assert_eq!(view.unwrap().game.ply(), ply),
        Err(e) => assert!(matches!(e, TableError::Storage(_)), "{e:?}"),
    };
    unchanged(&t);
    let again = t.play(CH, mover, &pit).unwrap_err();
    assert!(matches!(again, TableError::Storage(_)), "{again:?}");
    unchanged(&t);

    // Room again: the store reopens from disk, the unsaved move is not
    // there, and the same move is saved and survives a restart.
    std::fs::remove_file(filler).expect("free the disk");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert_eq!(t.game(CH).unwrap().unwrap().game.ply(), ply);
    t.play(CH, mover, &pit).expect("saved once there is room");
    drop(t);
    let t = table(open(disk.path()));
    assert_eq!(t.game(CH).unwrap().unwrap().game.ply(), ply + 1);
}
