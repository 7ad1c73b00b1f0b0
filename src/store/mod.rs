//! Persistent storage: live games, pending challenges, finished records,
//! per-server ratings and the clock-deadline index.
//!
//! Layers, bottom up:
//! - [`Store`]: a small object-safe trait over raw bytes. Every value carries a
//!   store-wide version number; every write is a [`commit`](Store::commit) of
//!   [`Op`]s that is atomic, compare-and-swap checked ([`Expect`]) and durable
//!   before it returns.
//! - [`StoreExt`] and [`Batch`]: typed helpers that wrap values in a versioned
//!   [`Envelope`] (see [`Versioned`]) and maintain the [`Deadline`] index.
//! - Backends: [`SledStore`] (on disk, the default), [`PgStore`] (PostgreSQL,
//!   shared by several processes) and [`MemoryStore`]; [`open`] picks one
//!   from a [`StorageConfig`].
//! - [`export_jsonl`] / [`import_jsonl`]: move every entry out of and into a store.

mod memory;
mod pg_store;
mod sled_store;
mod transfer;
mod typed;

use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

pub use memory::MemoryStore;
pub use pg_store::{PgStore, SCHEMA_VERSION};
pub use sled_store::SledStore;
pub use transfer::{export_jsonl, import_jsonl, EntryCheck, ExportReport, ImportReport};
pub use typed::{decode, Batch, Deadline, Envelope, Listed, StoreExt, Stored, Versioned};

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
    /// The encoded [`Envelope`] (JSON).
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
    /// Write `value` (an encoded [`Envelope`]) if `expect` holds.
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
    /// For [`import_jsonl`] and repair tools.
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

/// Storage settings: the `[storage]` table of the config file.
///
/// `url` (or, when it is unset, the `DATABASE_URL` environment variable)
/// selects PostgreSQL; otherwise `path` selects the embedded sled database.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StorageConfig {
    /// Directory of the sled database.
    pub path: PathBuf,
    /// Also `fdatasync` after every commit. sled's own flush uses
    /// `sync_file_range` on Linux, which survives a process crash but not
    /// necessarily power loss on disks with a volatile write cache.
    pub fsync: bool,
    /// PostgreSQL connection URL, `postgres://user:password@host:port/db`
    /// (a unix socket: `postgres://user@%2Frun%2Fpostgresql/db`).
    pub url: Option<String>,
    /// PostgreSQL schema to keep the tables in (created if missing), so
    /// several bots or test runs can share one database. Default: `public`.
    pub schema: Option<String>,
}

impl Default for StorageConfig {
    fn default() -> Self {
        Self {
            path: PathBuf::from("data/isolo.sled"),
            fsync: false,
            url: None,
            schema: None,
        }
    }
}

/// Environment variable naming the PostgreSQL database when `[storage] url` is unset.
pub const DATABASE_URL_ENV: &str = "DATABASE_URL";

impl StorageConfig {
    /// The PostgreSQL URL to use: `url`, else `DATABASE_URL`, else none
    /// (sled). An empty `url` selects sled even when `DATABASE_URL` is set.
    pub fn postgres_url(&self) -> Option<String> {
        self.url
            .clone()
            .or_else(|| std::env::var(DATABASE_URL_ENV).ok())
            .filter(|u| !u.trim().is_empty())
    }

    /// Where the data lives, for messages: never shows a password.
    pub fn describe(&self) -> String {
        match self.postgres_url() {
            Some(url) => format!("PostgreSQL {}", redact_url(&url)),
            None => format!("sled database {}", self.path.display()),
        }
    }
}

// By hand, so a password in `url` never reaches a log.
impl fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StorageConfig")
            .field("path", &self.path)
            .field("fsync", &self.fsync)
            .field("url", &self.url.as_deref().map(redact_url))
            .field("schema", &self.schema)
            .finish()
    }
}

/// `url` with any password replaced by `***`.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        // Key-value form: hide a `password=` value.
        return url
            .split_whitespace()
            .map(|kv| match kv.split_once('=') {
                Some(("password", _)) => "password=***".to_owned(),
                _ => kv.to_owned(),
            })
            .collect::<Vec<_>>()
            .join(" ");
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let shown = match userinfo.split_once(':') {
                Some((name, _)) => format!("{name}:***"),
                None => userinfo.to_owned(),
            };
            format!("{scheme}://{shown}@{host}{tail}")
        }
        None => url.to_owned(),
    }
}

/// Open the store `config` selects: PostgreSQL when a URL is configured
/// (see [`StorageConfig::postgres_url`]), else sled at `path`.
pub fn open(config: &StorageConfig) -> Result<std::sync::Arc<dyn Store>> {
    Ok(match config.postgres_url() {
        Some(url) => std::sync::Arc::new(PgStore::open(&url, config.schema.as_deref())?),
        None => std::sync::Arc::new(SledStore::open(config)?),
    })
}

/// Key encodings. Numbers are big-endian so keys sort numerically and a
/// guild id is a prefix of all its ratings.
pub mod keys {
    use super::Deadline;

    const DEADLINE_AT: u8 = b'a';
    const DEADLINE_OF: u8 = b'c';

    /// Key of a channel, game or any other snowflake id.
    pub fn id(id: u64) -> Vec<u8> {
        id.to_be_bytes().to_vec()
    }

    /// Key of a user's rating in a guild. `id(guild)` is its prefix.
    pub fn rating(guild: u64, user: u64) -> Vec<u8> {
        let mut key = id(guild);
        key.extend_from_slice(&user.to_be_bytes());
        key
    }

    /// Inverse of [`id`].
    pub fn parse_id(key: &[u8]) -> Option<u64> {
        Some(u64::from_be_bytes(key.try_into().ok()?))
    }

    /// Inverse of [`rating`]: `(guild, user)`.
    pub fn parse_rating(key: &[u8]) -> Option<(u64, u64)> {
        if key.len() != 16 {
            return None;
        }
        Some((parse_id(&key[..8])?, parse_id(&key[8..])?))
    }

    /// Index key: ordered by time, then channel.
    pub(crate) fn deadline_at(at: u64, channel: u64) -> Vec<u8> {
        let mut key = vec![DEADLINE_AT];
        key.extend_from_slice(&at.to_be_bytes());
        key.extend_from_slice(&channel.to_be_bytes());
        key
    }

    /// Per-channel key, so a reschedule can find the index entry to remove.
    pub(crate) fn deadline_of(channel: u64) -> Vec<u8> {
        let mut key = vec![DEADLINE_OF];
        key.extend_from_slice(&channel.to_be_bytes());
        key
    }

    /// First index key, and the end of the index range up to `at` inclusive.
    pub(crate) fn deadline_bounds(at: u64) -> (Vec<u8>, Vec<u8>) {
        let end = match at.checked_add(1) {
            Some(next) => deadline_at(next, 0),
            None => vec![DEADLINE_AT + 1],
        };
        (vec![DEADLINE_AT], end)
    }

    /// The index key decodes on its own, so a damaged value cannot hide a deadline.
    pub(crate) fn parse_deadline_at(key: &[u8]) -> Option<Deadline> {
        match key {
            [DEADLINE_AT, rest @ ..] if rest.len() == 16 => Some(Deadline {
                at: parse_id(&rest[..8])?,
                channel: parse_id(&rest[8..])?,
            }),
            _ => None,
        }
    }

    /// Smallest key greater than every key starting with `prefix`
    /// (`None` if there is none).
    pub fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
        let mut end = prefix.to_vec();
        while let Some(last) = end.pop() {
            if last < u8::MAX {
                end.push(last + 1);
                return Some(end);
            }
        }
        None
    }

    /// Lowercase hex, the key form used in exports.
    pub fn to_hex(key: &[u8]) -> String {
        key.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Inverse of [`to_hex`].
    pub fn from_hex(hex: &str) -> Option<Vec<u8>> {
        if !hex.len().is_multiple_of(2) {
            return None;
        }
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
            .collect()
    }

    /// Human-readable key for messages: ids as decimal (`123:456`), printable
    /// text as is, anything else as hex.
    pub fn display(key: &[u8]) -> String {
        let (tag, body) = match key {
            [t @ (DEADLINE_AT | DEADLINE_OF), rest @ ..] if rest.len().is_multiple_of(8) => {
                (Some(*t as char), rest)
            }
            _ => (None, key),
        };
        if !body.is_empty() && body.len().is_multiple_of(8) {
            let ids: Vec<String> = body
                .chunks(8)
                .filter_map(parse_id)
                .map(|n| n.to_string())
                .collect();
            let ids = ids.join(":");
            return match tag {
                Some(t) => format!("{t}:{ids}"),
                None => ids,
            };
        }
        match std::str::from_utf8(key) {
            Ok(s) if !s.is_empty() && s.chars().all(|c| c.is_ascii_graphic()) => s.to_owned(),
            _ => format!("0x{}", to_hex(key)),
        }
    }
}

/// Full backend key: space tag, then the key.
pub(crate) fn full_key(space: Space, key: &[u8]) -> Vec<u8> {
    let mut full = Vec::with_capacity(key.len() + 1);
    full.push(space.tag());
    full.extend_from_slice(key);
    full
}

/// Backend key bounds `[start, end)` of a range within a space.
pub(crate) fn full_range(space: Space, range: &KeyRange) -> (Vec<u8>, Vec<u8>) {
    let start = full_key(space, &range.start);
    let end = match &range.end {
        Some(end) => full_key(space, end),
        None => vec![space.tag() + 1],
    };
    (start, end)
}

/// A write decided by [`plan`]: `None` removes the key.
pub(crate) type Write = (Space, Vec<u8>, Option<Entry>);

/// How [`plan`] reads the committed state of a key.
pub(crate) type ReadCommitted<'a> = dyn FnMut(Space, &[u8]) -> Result<Option<Entry>> + 'a;

/// Resolve `ops` into the writes of one commit with version `version`.
///
/// Backends call this while holding their commit lock, with `read` giving the
/// committed state; reads inside the batch see the batch's earlier writes.
/// Returns the writes and the highest version restored by [`Op::Restore`].
pub(crate) fn plan(ops: &[Op], version: u64, read: &mut ReadCommitted<'_>) -> Result<(Vec<Write>, u64)> {
    use std::collections::BTreeMap;

    // The batch's own writes so far; reads see these before committed state.
    let mut pending: BTreeMap<(Space, Vec<u8>), Option<Entry>> = BTreeMap::new();
    let mut max_restored = 0;
    let mut current = |pending: &BTreeMap<_, _>, space: Space, key: &[u8]| {
        let own: Option<&Option<Entry>> = pending.get(&(space, key.to_vec()));
        own.map_or_else(|| read(space, key), |rec| Ok(rec.clone()))
    };
    for op in ops {
        match op {
            Op::Put {
                space,
                key,
                value,
                expect,
            } => {
                check_envelope(*space, key, value)?;
                if *expect != Expect::Any {
                    let cur = current(&pending, *space, key)?;
                    check(*space, key, *expect, cur.as_ref())?;
                }
                let rec = Entry {
                    version,
                    value: value.clone(),
                };
                pending.insert((*space, key.clone()), Some(rec));
            }
            Op::Delete { space, key, expect } | Op::Check { space, key, expect } => {
                if *expect != Expect::Any {
                    let cur = current(&pending, *space, key)?;
                    check(*space, key, *expect, cur.as_ref())?;
                }
                if matches!(op, Op::Delete { .. }) {
                    pending.insert((*space, key.clone()), None);
                }
            }
            Op::SetDeadline { channel, at } => {
                let of_key = keys::deadline_of(*channel);
                if let Some(old) = current(&pending, Space::Deadlines, &of_key)? {
                    let old: Deadline = typed::decode(Space::Deadlines, &of_key, &old.value)?;
                    let old_key = keys::deadline_at(old.at, *channel);
                    pending.insert((Space::Deadlines, old_key), None);
                }
                let entry = match at {
                    Some(at) => {
                        let deadline = Deadline {
                            at: *at,
                            channel: *channel,
                        };
                        let value = typed::encode(Space::Deadlines, &of_key, &deadline)?;
                        let at_key = keys::deadline_at(*at, *channel);
                        let rec = Entry { version, value };
                        pending.insert((Space::Deadlines, at_key), Some(rec.clone()));
                        Some(rec)
                    }
                    None => None,
                };
                pending.insert((Space::Deadlines, of_key), entry);
            }
            Op::Restore { space, key, entry } => {
                check_envelope(*space, key, &entry.value)?;
                max_restored = max_restored.max(entry.version);
                pending.insert((*space, key.clone()), Some(entry.clone()));
            }
        }
    }
    let writes = pending
        .into_iter()
        .map(|((space, key), rec)| (space, key, rec))
        .collect();
    Ok((writes, max_restored))
}

fn check(space: Space, key: &[u8], expect: Expect, current: Option<&Entry>) -> Result<()> {
    let found = current.map(|r| r.version);
    let ok = match expect {
        Expect::Any => true,
        Expect::Absent => found.is_none(),
        Expect::Version(v) => found == Some(v),
    };
    if ok {
        Ok(())
    } else {
        Err(StoreError::Conflict {
            space,
            key: key.to_vec(),
            expected: expect,
            current: found,
        })
    }
}

/// Every stored value must be an envelope, so exports can carry it and typed
/// reads can explain what they found.
pub(crate) fn check_envelope(space: Space, key: &[u8], value: &[u8]) -> Result<()> {
    #[derive(Deserialize)]
    struct Head {
        #[serde(rename = "kind")]
        _kind: String,
        #[serde(rename = "format")]
        _format: u32,
        #[serde(rename = "data")]
        _data: serde::de::IgnoredAny,
    }
    let fail = |reason: String| StoreError::Encode {
        space,
        key: key.to_vec(),
        reason,
    };
    if value.len() > MAX_VALUE_BYTES {
        return Err(fail(format!(
            "value is {} bytes, limit {MAX_VALUE_BYTES}",
            value.len()
        )));
    }
    serde_json::from_slice::<Head>(value)
        .map(|_| ())
        .map_err(|e| fail(format!("not an envelope: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_numerically_and_round_trip() {
        assert!(keys::id(2) < keys::id(256));
        assert!(keys::rating(1, u64::MAX) < keys::rating(2, 0));
        assert_eq!(keys::parse_rating(&keys::rating(7, 9)), Some((7, 9)));
        assert_eq!(keys::parse_id(&keys::id(42)), Some(42));
        assert_eq!(keys::parse_id(b"short"), None);
        let k = keys::deadline_at(1_000, 5);
        assert_eq!(
            keys::parse_deadline_at(&k),
            Some(Deadline {
                at: 1_000,
                channel: 5
            })
        );
        assert_eq!(keys::from_hex(&keys::to_hex(&k)), Some(k));
        assert_eq!(keys::from_hex("abc"), None);
        assert_eq!(keys::from_hex("zz"), None);
    }

    #[test]
    fn successor_bounds_prefix() {
        assert_eq!(keys::successor(b"ab"), Some(b"ac".to_vec()));
        assert_eq!(keys::successor(&[1, 0xff]), Some(vec![2]));
        assert_eq!(keys::successor(&[0xff, 0xff]), None);
        let (start, end) = keys::deadline_bounds(u64::MAX);
        assert!(start < keys::deadline_at(u64::MAX, u64::MAX));
        assert!(keys::deadline_at(u64::MAX, u64::MAX) < end);
    }

    #[test]
    fn display_keys_readably() {
        assert_eq!(keys::display(&keys::rating(1, 2)), "1:2");
        assert_eq!(keys::display(&keys::deadline_of(9)), "c:9");
        assert_eq!(keys::display(b"next_game_id"), "next_game_id");
        assert_eq!(keys::display(&[0, 1, 2]), "0x000102");
    }

    #[test]
    fn space_tags_are_stable_and_distinct() {
        let tags: Vec<u8> = Space::ALL.iter().map(|s| s.tag()).collect();
        assert_eq!(tags, vec![1, 2, 3, 4, 5, 6]);
        for s in Space::ALL {
            assert_eq!(Space::from_tag(s.tag()), Some(s));
        }
        assert_eq!(Space::from_tag(0), None);
    }

    #[test]
    fn storage_config_defaults_and_parses() {
        let cfg: StorageConfig = toml::from_str("").unwrap();
        assert_eq!(cfg, StorageConfig::default());
        assert_eq!(cfg.path, PathBuf::from("data/isolo.sled"));
        let cfg: StorageConfig = toml::from_str("path = \"/var/isolo\"\nfsync = true").unwrap();
        assert_eq!(cfg.path, PathBuf::from("/var/isolo"));
        assert!(cfg.fsync);
        assert!(toml::from_str::<StorageConfig>("pth = \"x\"").is_err());
        let cfg: StorageConfig =
            toml::from_str("url = \"postgres://bot:s3cret@db:5432/isolo\"\nschema = \"s1\"").unwrap();
        assert_eq!(cfg.schema.as_deref(), Some("s1"));
        assert_eq!(
            cfg.postgres_url().as_deref(),
            Some("postgres://bot:s3cret@db:5432/isolo")
        );
        assert!(!format!("{cfg:?}").contains("s3cret"));
        assert!(!cfg.describe().contains("s3cret"));
    }

    #[test]
    fn urls_lose_their_password() {
        for (url, shown) in [
            ("postgres://bot:pw@host/db", "postgres://bot:***@host/db"),
            ("postgres://bot@host:5/db?x=1", "postgres://bot@host:5/db?x=1"),
            ("postgres://host/db", "postgres://host/db"),
            ("postgres://a:b@c@host/db", "postgres://a:***@host/db"),
            ("host=h password=pw user=u", "host=h password=*** user=u"),
        ] {
            assert_eq!(redact_url(url), shown);
        }
    }

    #[test]
    fn plan_rejects_non_envelopes_and_oversized_values() {
        let mut read = |_: Space, _: &[u8]| Ok(None);
        let put = |value: Vec<u8>| Op::Put {
            space: Space::Meta,
            key: b"k".to_vec(),
            value,
            expect: Expect::Any,
        };
        let err = plan(&[put(b"garbage".to_vec())], 1, &mut read).unwrap_err();
        assert!(matches!(err, StoreError::Encode { .. }), "{err}");
        let big = format!(
            r#"{{"kind":"x","format":1,"data":"{}"}}"#,
            "a".repeat(MAX_VALUE_BYTES)
        );
        let err = plan(&[put(big.into_bytes())], 1, &mut read).unwrap_err();
        assert!(err.to_string().contains("limit"), "{err}");
    }
}
