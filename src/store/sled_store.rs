//! The default backend: one sled tree, keys prefixed by their space's tag.
//!
//! One tree, not one per space, because sled 0.34 makes a `Batch` atomic
//! (also across a crash) within one tree, while its multi-tree transactions
//! have a history of bugs. Compare-and-swap is checked under a process-wide
//! commit lock; sled's directory lock keeps other processes out.

use std::collections::HashMap;
use std::fs::File;
use std::path::Path;
use std::sync::{Mutex, PoisonError, RwLock, RwLockReadGuard};
use std::thread;
use std::time::{Duration, Instant};

use sled::IVec;

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
    /// The open database and its log file (opened when `fsync` is set).
    /// Replaced after a failed write: sled refuses all work once its disk
    /// failed, so the store reopens it (from what is on disk) when asked again.
    db: RwLock<Option<Open>>,
    config: StorageConfig,
    /// Last version handed out; held while a commit checks, applies and
    /// flushes, so nothing builds on a commit before it is on disk.
    commit_lock: Mutex<u64>,
    /// What the keys of the commit being flushed held before it (by full
    /// key): readers see these until the commit is on disk, so a change is
    /// visible only once it is durable.
    pending: RwLock<HashMap<Vec<u8>, Option<IVec>>>,
    /// Set when a write failed, until the database is reopened: the
    /// earliest time to try (at once after a failed write, then each
    /// [`REOPEN_EVERY`]).
    failed: Mutex<Option<Instant>>,
}

/// An open sled database.
#[derive(Debug)]
struct Open {
    db: sled::Db,
    sync_file: Option<File>,
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError::Backend(e.to_string())
    }
}

/// Least time between attempts to reopen the database after a failed write.
const REOPEN_EVERY: Duration = Duration::from_secs(1);

impl SledStore {
    /// Open (or create) the database at `config.path`.
    ///
    /// Waits a few seconds for a previous holder to let go of the database,
    /// then fails with [`StoreError::Locked`] if it is still in use.
    pub fn open(config: &StorageConfig) -> Result<Self> {
        create_private_dir(&config.path)?;
        let (open, last) = Open::new(config)?;
        make_private(&config.path)?;
        Ok(Self {
            db: RwLock::new(Some(open)),
            config: config.clone(),
            commit_lock: Mutex::new(last),
            pending: RwLock::default(),
            failed: Mutex::new(None),
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

impl Open {
    /// Opens the database, with the highest version stored in it.
    fn new(config: &StorageConfig) -> Result<(Open, u64)> {
        let db = open_db(&config.path)?;
        // Versions must never repeat while a reader may hold one; readers live
        // in this process, so resuming above the highest stored one suffices.
        let mut last = 0;
        for entry in db.iter() {
            let (key, value) = entry?;
            if let Ok(rec) = decode_frame(&key, &value) {
                last = last.max(rec.version);
            }
        }
        let sync_file = match config.fsync {
            true => Some(File::open(config.path.join("db"))?),
            false => None,
        };
        Ok((Open { db, sync_file }, last))
    }

    /// Flushes to disk (and fsyncs when configured).
    fn make_durable(&self) -> Result<()> {
        self.db.flush()?;
        if let Some(file) = &self.sync_file {
            file.sync_data()?;
        }
        Ok(())
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

impl SledStore {
    /// The open database, reopened first if a write failed since (retried
    /// each [`REOPEN_EVERY`] while that fails; meanwhile the failure is reported).
    fn db(&self) -> Result<RwLockReadGuard<'_, Option<Open>>> {
        if self.reopen_due()? {
            // Locks are taken in one order everywhere (the handle, the commit
            // lock, the overlay, `failed`), so a reopen waits for every
            // reader and commit on the old handle to finish, and none waits
            // for it while holding what it needs.
            let mut db = self.db.write().unwrap_or_else(PoisonError::into_inner);
            // Another caller may have reopened it meanwhile.
            if self.reopen_due()? {
                let mut last = self.commit_lock.lock().unwrap_or_else(PoisonError::into_inner);
                self.set_failed(Some(Instant::now() + REOPEN_EVERY));
                // Let go of the failed handle first: sled holds its directory lock.
                *db = None;
                let (open, stored) = Open::new(&self.config)?;
                *db = Some(open);
                *last = (*last).max(stored);
                // The reopened database is what is on disk: no unsaved writes.
                self.pending
                    .write()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clear();
                self.set_failed(None);
                tracing::info!("the database at {} is writable again", self.config.path.display());
            }
        }
        Ok(self.db.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Whether the database must be reopened before use; an error while a
    /// failed reopen waits for its next attempt.
    fn reopen_due(&self) -> Result<bool> {
        match *self.failed.lock().unwrap_or_else(PoisonError::into_inner) {
            None => Ok(false),
            Some(not_before) if Instant::now() < not_before => Err(unwritable()),
            Some(_) => Ok(true),
        }
    }

    fn set_failed(&self, at: Option<Instant>) {
        *self.failed.lock().unwrap_or_else(PoisonError::into_inner) = at;
    }
}

/// The answer while the database cannot be written (and is not reopened yet).
fn unwritable() -> StoreError {
    StoreError::Backend("the database could not write to disk (is it full?); trying again shortly".into())
}

/// The open database in a guard from [`SledStore::db`].
fn opened(guard: &Option<Open>) -> Result<&Open> {
    guard.as_ref().ok_or_else(unwritable)
}

impl Store for SledStore {
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>> {
        let guard = self.db()?;
        let open = opened(&guard)?;
        let full = full_key(space, key);
        let pending = self.pending.read().unwrap_or_else(PoisonError::into_inner);
        let value = match pending.get(&full) {
            Some(before) => before.clone(),
            None => open.db.get(&full)?,
        };
        value.map(|v| decode_frame(&full, &v)).transpose()
    }

    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
        let guard = self.db()?;
        let open = opened(&guard)?;
        let (start, end) = full_range(space, range);
        if start >= end {
            return Ok(Vec::new());
        }
        let pending = self.pending.read().unwrap_or_else(PoisonError::into_inner);
        let limit = range.limit.unwrap_or(usize::MAX);
        // Keys of an unflushed commit read as they were before it: read
        // enough to fill `limit` after the commit's keys are put back.
        let mut found = std::collections::BTreeMap::new();
        for entry in open
            .db
            .range(start.clone()..end.clone())
            .take(limit.saturating_add(pending.len()))
        {
            let (key, value) = entry?;
            found.insert(key.to_vec(), value);
        }
        for (key, before) in pending.iter().filter(|(k, _)| **k >= start && **k < end) {
            match before {
                Some(v) => found.insert(key.clone(), v.clone()),
                None => found.remove(key),
            };
        }
        Ok(found
            .into_iter()
            .take(limit)
            .map(|(key, value)| (key[1..].to_vec(), decode_frame(&key, &value)))
            .collect())
    }

    fn commit(&self, ops: &[Op]) -> Result<u64> {
        let guard = self.db()?;
        let open = opened(&guard)?;
        let mut last = self.commit_lock.lock().unwrap_or_else(PoisonError::into_inner);
        let version = *last + 1;
        let mut read = |space: Space, key: &[u8]| {
            let full = full_key(space, key);
            open.db.get(&full)?.map(|v| decode_frame(&full, &v)).transpose()
        };
        let (writes, max_restored) = plan(ops, version, &mut read)?;
        let mut batch = sled::Batch::default();
        let mut before = HashMap::new();
        for (space, key, rec) in writes {
            let full = full_key(space, &key);
            before.insert(full.clone(), open.db.get(&full)?);
            match rec {
                Some(rec) => batch.insert(full, encode_frame(&rec)),
                None => batch.remove(full),
            }
        }
        *self.pending.write().unwrap_or_else(PoisonError::into_inner) = before;
        let durable = open
            .db
            .apply_batch(batch)
            .map_err(StoreError::from)
            .and_then(|()| open.make_durable());
        if durable.is_err() {
            // sled keeps the unsaved writes in memory and refuses all work
            // from now on: readers go on seeing the state before them until
            // the next call reopens the database from disk.
            self.set_failed(Some(Instant::now()));
        } else {
            self.pending
                .write()
                .unwrap_or_else(PoisonError::into_inner)
                .clear();
        }
        // Even a failed commit's version is never handed out again.
        *last = version.max(max_restored);
        durable.map(|()| version)
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
