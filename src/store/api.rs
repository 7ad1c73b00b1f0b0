//! The [`Store`] trait and what passes through it: spaces, entries, the
//! operations of a commit and their expectations, key ranges, errors. The
//! vocabulary every backend and helper of the room uses, kept beneath them.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::keys;

/// Result of every store operation.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// Largest encoded value a commit accepts. sled moves items above 128 KiB into
/// blob files that its `flush` does not fsync, so we stay well below that.
pub const MAX_VALUE_BYTES: usize = 64 * 1024;

/// A keyspace. Keys of different spaces never collide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// The live game of a channel (a thread is a channel), keyed by [`keys::id`].
    Games,
    /// The pending challenge of a channel, keyed by [`keys::id`].
    Challenges,
    /// Finished games, keyed by [`keys::id`] of a game id.
    Records,
    /// Per-server ratings, keyed by [`keys::rating`] (guild, then user).
    Ratings,
    /// The deadline index; maintained by [`Op::SetDeadline`], not written directly.
    Deadlines,
    /// Anything else the hosting layer needs (counters, markers), free-form keys.
    Meta,
}

impl Space {
    /// Every space, in on-disk order.
    pub const ALL: [Space; 6] = [
        Space::Games,
        Space::Challenges,
        Space::Records,
        Space::Ratings,
        Space::Deadlines,
        Space::Meta,
    ];

    /// The lowercase name used in messages and exports.
    pub fn name(self) -> &'static str {
        match self {
            Space::Games => "games",
            Space::Challenges => "challenges",
            Space::Records => "records",
            Space::Ratings => "ratings",
            Space::Deadlines => "deadlines",
            Space::Meta => "meta",
        }
    }

    /// The byte that prefixes this space's keys in a backend. Part of the
    /// stored format: never renumber.
    pub(crate) fn tag(self) -> u8 {
        match self {
            Space::Games => 1,
            Space::Challenges => 2,
            Space::Records => 3,
            Space::Ratings => 4,
            Space::Deadlines => 5,
            Space::Meta => 6,
        }
    }

    pub(crate) fn from_tag(tag: u8) -> Option<Space> {
        Space::ALL.into_iter().find(|s| s.tag() == tag)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A raw stored value with its version (not to be confused with
/// [`crate::engine::Record`], a game record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Store-wide unique version: the number of the commit that wrote it.
    pub version: u64,
    /// The encoded [`Envelope`](super::Envelope) (JSON).
    pub value: Vec<u8>,
}

/// The condition a write puts on the current state of its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// No condition.
    Any,
    /// The key must not exist.
    Absent,
    /// The key must exist with exactly this version (the one the writer read).
    Version(u64),
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expect::Any => f.write_str("any"),
            Expect::Absent => f.write_str("absent"),
            Expect::Version(v) => write!(f, "version {v}"),
        }
    }
}

/// One step of a [`Store::commit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Write `value` (an encoded [`Envelope`](super::Envelope)) if `expect` holds.
    Put {
        /// Target space.
        space: Space,
        /// Target key.
        key: Vec<u8>,
        /// Encoded envelope.
        value: Vec<u8>,
        /// Condition on the current entry.
        expect: Expect,
    },
    /// Remove the key (a no-op if absent and `expect` allows it).
    Delete {
        /// Target space.
        space: Space,
        /// Target key.
        key: Vec<u8>,
        /// Condition on the current entry.
        expect: Expect,
    },
    /// Write nothing; only require `expect` to hold.
    Check {
        /// Target space.
        space: Space,
        /// Target key.
        key: Vec<u8>,
        /// Condition on the current entry.
        expect: Expect,
    },
    /// Set (`Some(unix ms)`) or clear (`None`) the deadline of a channel,
    /// keeping the time-ordered index and the per-channel entry in step.
    SetDeadline {
        /// Channel whose clock runs out.
        channel: u64,
        /// Deadline in unix milliseconds, or `None` to clear it.
        at: Option<u64>,
    },
    /// Write an entry exactly as given, version included, without condition.
    /// For [`import_jsonl`](super::import_jsonl) and repair tools.
    Restore {
        /// Target space.
        space: Space,
        /// Target key.
        key: Vec<u8>,
        /// Entry to store as-is, version included.
        entry: Entry,
    },
}

/// A half-open key range `[start, end)` within one space, with an optional
/// cap on the number of entries returned.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyRange {
    /// First key included.
    pub start: Vec<u8>,
    /// First key excluded; `None` runs to the end of the space.
    pub end: Option<Vec<u8>>,
    /// Return at most this many entries.
    pub limit: Option<usize>,
}

impl KeyRange {
    /// Every key of the space.
    pub fn all() -> Self {
        Self::default()
    }

    /// Every key starting with `prefix`.
    pub fn prefix(prefix: &[u8]) -> Self {
        Self {
            start: prefix.to_vec(),
            end: keys::successor(prefix),
            limit: None,
        }
    }

    /// The same range, capped at `limit` entries.
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }
}

/// One entry of a scan: its key, and the entry or the reason it is unreadable.
pub type Scanned = (Vec<u8>, Result<Entry>);

/// Everything that can go wrong in the store. Per-key problems name the key.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A compare-and-swap lost: the entry is not in the expected state.
    #[error("conflict on {space}/{}: expected {expected}, current {}", keys::display(.key), fmt_version(.current))]
    Conflict {
        /// Space of the contested key.
        space: Space,
        /// The contested key.
        key: Vec<u8>,
        /// What the writer expected.
        expected: Expect,
        /// The version now stored (`None`: absent). Re-read and retry from it.
        current: Option<u64>,
    },
    /// The stored bytes of one entry cannot be decoded. Other keys are unaffected.
    #[error("corrupt entry {space}/{}: {reason}", keys::display(.key))]
    Corrupt {
        /// Space of the entry.
        space: Space,
        /// The unreadable key.
        key: Vec<u8>,
        /// What failed.
        reason: String,
    },
    /// The entry was written in a format newer than this build reads.
    #[error("{space}/{} holds {kind} format {format}; this build reads up to {supported}", keys::display(.key))]
    UnsupportedFormat {
        /// Space of the entry.
        space: Space,
        /// The key.
        key: Vec<u8>,
        /// Stored kind.
        kind: String,
        /// Stored format number.
        format: u32,
        /// Newest format this build knows.
        supported: u32,
    },
    /// A value could not be encoded, is not an envelope, or is too large.
    #[error("cannot store {space}/{}: {reason}", keys::display(.key))]
    Encode {
        /// Target space.
        space: Space,
        /// Target key.
        key: Vec<u8>,
        /// What failed.
        reason: String,
    },
    /// An import line is malformed.
    #[error("import line {line}: {reason}")]
    Import {
        /// 1-based line number.
        line: usize,
        /// What failed.
        reason: String,
    },
    /// The import input as a whole is inconsistent.
    #[error("import: {0}")]
    ImportCheck(String),
    /// The backend failed part-way through an import's writes.
    #[error(
        "import stopped after storing {stored} of {total} entries: {source}. \
         The target holds a partial import: empty it before trying again"
    )]
    ImportIncomplete {
        /// Entries stored (and durable) before the failure.
        stored: usize,
        /// Entries in the input.
        total: usize,
        /// What failed.
        source: Box<StoreError>,
    },
    /// Import refuses to merge into a store that already holds data.
    #[error("import target already holds data; import into an empty store")]
    NotEmpty,
    /// The database is held by another process (or a handle not yet closed).
    #[error(
        "the database at {} is in use by another process; is another isolo-bot running? \
         Stop it, or set a different [storage] path",
        .path.display()
    )]
    Locked {
        /// The database directory.
        path: std::path::PathBuf,
    },
    /// The database holds a schema newer than this build knows.
    #[error("the database schema is version {found}; this build knows up to {supported}: upgrade isolo-bot")]
    Schema {
        /// Schema version recorded in the database.
        found: i32,
        /// Newest schema version this build creates.
        supported: i32,
    },
    /// The backend failed (I/O, a lost connection, ...). Never a lost
    /// compare-and-swap: retrying as if it were a race would hide an outage.
    #[error("storage backend: {0}")]
    Backend(String),
    /// Reading or writing an export stream or a file failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

fn fmt_version(v: &Option<u64>) -> String {
    v.map_or_else(|| "absent".to_owned(), |v| format!("version {v}"))
}

/// A key-value store with versioned, compare-and-swap, durable commits.
///
/// Object safe and `Send + Sync`: share it as `Arc<dyn Store>`. Calls block
/// (a commit waits for the disk): call them from `spawn_blocking`, or directly
/// where a stall of a commit's latency is acceptable.
pub trait Store: Send + Sync {
    /// The entry under `key`, `None` if absent.
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>>;

    /// Entries of `range` in key order. An unreadable entry is reported in
    /// its own slot and does not stop the scan.
    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>>;

    /// Apply `ops` atomically: every [`Expect`] is checked against the state
    /// left by the ops before it; if any fails nothing is written and the first
    /// failure is returned (a [`StoreError::Conflict`] for a lost CAS). On
    /// success every written entry gets the same new version, which is
    /// returned, and the writes are on disk (for durable backends).
    ///
    /// Readers never see a commit's writes before they are durable, and a
    /// commit that fails with [`StoreError::Backend`] or [`StoreError::Io`]
    /// is not visible afterwards (sled undoes it in memory; should even that
    /// fail, the handle refuses every call until restarted). Only a
    /// connection lost during PostgreSQL's own commit leaves the outcome
    /// unknown until the next read.
    fn commit(&self, ops: &[Op]) -> Result<u64>;

    /// How many entries `space` holds (for the operator's gauges). The
    /// default scans the space; a backend with an index may count faster.
    fn count(&self, space: Space) -> Result<u64> {
        Ok(self.scan(space, &KeyRange::all())?.len() as u64)
    }

    /// Deadline changes committed by every process sharing this store (this
    /// one's too), as a stream of channel ids, for a scheduler that must
    /// wake when another process sets an earlier deadline: every deadline
    /// new, earlier or cleared is announced (one moved later may not be; a
    /// scheduler waiting for the earlier time wakes, reads the index and
    /// sleeps on). `None` (the default): nobody else
    /// writes this store, so the local notifications are enough. The
    /// stream ends when the subscription is lost: subscribe again.
    fn deadline_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        Ok(None)
    }

    /// Tells every process sharing this store that the live games of
    /// `channels` were just written (a page open on one shows the move). The
    /// default: nobody else shares it.
    fn announce_games(&self, _channels: &[u64]) {}

    /// The live games written by every process sharing this store, as
    /// channel ids announced by [`Store::announce_games`]; `None` (the
    /// default) when nobody else writes it. Ends when the subscription is
    /// lost: subscribe again.
    fn game_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        Ok(None)
    }
}
