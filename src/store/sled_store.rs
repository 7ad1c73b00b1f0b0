//! The default backend: one sled tree, keys prefixed by their space's tag.
//!
//! One tree, not one per space, because sled 0.34 makes a `Batch` atomic
//! (also across a crash) within one tree, while its multi-tree transactions
//! have a history of bugs. Compare-and-swap is checked under a process-wide
//! commit lock; sled's directory lock keeps other processes out.

use std::fs::File;
use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::{
    full_key, full_range, plan, Entry, KeyRange, Op, Result, Scanned, Space, StorageConfig, Store, StoreError,
};

/// First byte of every stored value: the frame layout. A later layout gets
/// a new byte; this one must stay readable.
const FRAME_V1: u8 = 1;
const HEADER: usize = 9;

/// How long `open` waits for sled's directory lock. A database handle that
/// was just dropped (in this process or one that is exiting) keeps the lock
/// until sled's background flusher thread notices, which takes moments, or
/// longer on a loaded machine (spacejam/sled#1234).
const LOCK_WAIT: Duration = Duration::from_secs(3);
const LOCK_POLL: Duration = Duration::from_millis(20);

/// A [`Store`] in a sled database directory.
#[derive(Debug)]
pub struct SledStore {
    db: sled::Db,
    /// Last version handed out; held while a commit checks and applies.
    commit_lock: Mutex<u64>,
    /// sled's log file, opened when `fsync` is configured.
    sync_file: Option<File>,
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError::Backend(e.to_string())
    }
}

impl SledStore {
    /// Open (or create) the database at `config.path`.
    ///
    /// Waits a few seconds for a previous holder to let go of the database,
    /// then fails with [`StoreError::Locked`] if it is still in use.
    pub fn open(config: &StorageConfig) -> Result<Self> {
        create_private_dir(&config.path)?;
        let db = open_db(&config.path)?;
        make_private(&config.path)?;
        // Versions must never repeat while a reader may hold one; readers live
        // in this process, so resuming above the highest stored one suffices.
        let mut last = 0;
        for entry in db.iter() {
            let (key, value) = entry?;
            if let Ok(rec) = decode_frame(&key, &value) {
                last = last.max(rec.version);
            }
        }
        let sync_file = if config.fsync {
            Some(File::open(config.path.join("db"))?)
        } else {
            None
        };
        Ok(Self {
            db,
            commit_lock: Mutex::new(last),
            sync_file,
        })
    }

    /// Open the database at `path` with default settings.
    pub fn open_path(path: impl AsRef<Path>) -> Result<Self> {
        Self::open(&StorageConfig {
            path: path.as_ref().to_path_buf(),
            ..StorageConfig::default()
        })
    }
}

/// Create `path` (and missing parents) readable by its owner only: games,
/// user ids and ratings are nobody else's business.
fn create_private_dir(path: &Path) -> Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path)?;
    Ok(())
}

/// Tighten the database directory to 0700 and what sled created in it to
/// 0600 (0700 for directories), also for databases made by older builds.
fn make_private(path: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mut dirs = vec![path.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))?;
            for entry in std::fs::read_dir(&dir)? {
                let entry = entry?;
                if entry.file_type()?.is_dir() {
                    dirs.push(entry.path());
                } else {
                    std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o600))?;
                }
            }
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Open sled at `path`, retrying while its directory lock is held.
fn open_db(path: &Path) -> Result<sled::Db> {
    let started = Instant::now();
    loop {
        match sled::Config::new()
            .path(path)
            .cache_capacity(64 * 1024 * 1024)
            .open()
        {
            Ok(db) => return Ok(db),
            Err(e) if is_lock_error(&e) => {
                if started.elapsed() >= LOCK_WAIT {
                    return Err(StoreError::Locked {
                        path: path.to_path_buf(),
                    });
                }
                thread::sleep(LOCK_POLL);
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// sled reports a held lock as a plain I/O error; its text is all there is.
fn is_lock_error(e: &sled::Error) -> bool {
    matches!(e, sled::Error::Io(io) if io.to_string().contains("could not acquire lock"))
}

fn encode_frame(rec: &Entry) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + rec.value.len());
    bytes.push(FRAME_V1);
    bytes.extend_from_slice(&rec.version.to_be_bytes());
    bytes.extend_from_slice(&rec.value);
    bytes
}

/// `full_key` is the backend key (tag first); errors name the space and key.
fn decode_frame(full_key: &[u8], bytes: &[u8]) -> Result<Entry> {
    let space = full_key
        .first()
        .and_then(|t| Space::from_tag(*t))
        .unwrap_or(Space::Meta);
    let corrupt = |reason: String| StoreError::Corrupt {
        space,
        key: full_key.get(1..).unwrap_or_default().to_vec(),
        reason,
    };
    match bytes {
        [FRAME_V1, rest @ ..] if rest.len() >= HEADER - 1 => {
            let (version, value) = rest.split_at(HEADER - 1);
            let version = u64::from_be_bytes(version.try_into().unwrap_or_default());
            Ok(Entry {
                version,
                value: value.to_vec(),
            })
        }
        [FRAME_V1, ..] => Err(corrupt(format!("truncated frame of {} bytes", bytes.len()))),
        [tag, ..] => Err(corrupt(format!("unknown frame layout {tag}"))),
        [] => Err(corrupt("empty value".into())),
    }
}

impl Store for SledStore {
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>> {
        let full = full_key(space, key);
        self.db.get(&full)?.map(|v| decode_frame(&full, &v)).transpose()
    }

    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
        let (start, end) = full_range(space, range);
        if start >= end {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        for entry in self.db.range(start..end).take(range.limit.unwrap_or(usize::MAX)) {
            let (key, value) = entry?;
            out.push((key[1..].to_vec(), decode_frame(&key, &value)));
        }
        Ok(out)
    }

    fn commit(&self, ops: &[Op]) -> Result<u64> {
        let version = {
            let mut last = self.commit_lock.lock().unwrap_or_else(PoisonError::into_inner);
            let version = *last + 1;
            let mut read = |space: Space, key: &[u8]| self.get_raw(space, key);
            let (writes, max_restored) = plan(ops, version, &mut read)?;
            let mut batch = sled::Batch::default();
            for (space, key, rec) in writes {
                match rec {
                    Some(rec) => batch.insert(full_key(space, &key), encode_frame(&rec)),
                    None => batch.remove(full_key(space, &key)),
                }
            }
            self.db.apply_batch(batch)?;
            *last = version.max(max_restored);
            version
        };
        // Flushing outside the lock lets concurrent commits share a flush.
        // The writes are visible now but acknowledged only once on disk.
        self.db.flush()?;
        if let Some(file) = &self.sync_file {
            file.sync_data()?;
        }
        Ok(version)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_reject_garbage() {
        let rec = Entry {
            version: 7,
            value: b"{}".to_vec(),
        };
        let full = full_key(Space::Games, b"k");
        assert_eq!(decode_frame(&full, &encode_frame(&rec)).unwrap(), rec);
        for bad in [
            &b""[..],
            &[FRAME_V1, 0, 0][..],
            &[9, 9, 9, 9, 9, 9, 9, 9, 9, 9][..],
        ] {
            match decode_frame(&full, bad) {
                Err(StoreError::Corrupt { space, key, .. }) => {
                    assert_eq!((space, key.as_slice()), (Space::Games, &b"k"[..]));
                }
                other => panic!("expected Corrupt, got {other:?}"),
            }
        }
    }
}
