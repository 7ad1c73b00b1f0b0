//! The [`Table`] itself: what it holds between calls (the store, the clock,
//! the caches and hubs of changes) and the store helpers every concern uses.
//! Each concern adds its operations in its own file (`impl Table`); this
//! file is beneath them all and uses none of them.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use ring::hmac;
use tokio::sync::{broadcast, mpsc};

use super::answers::{GameView, Notice};
use super::clock::Clock;
use super::config::{TableConfig, VacationConfig};
use super::error::TableError;
use super::model::{ChannelId, LiveGame};
use crate::ai::AiConfig;
use crate::store::{decode, keys, Batch, KeyRange, Space, Store, StoreError, StoreExt, Stored, Versioned};

/// A cached review: the game number, its plies reviewed and the search budget.
pub(super) type ReviewKey = (u64, usize, crate::ai::Budget);

/// A readable entry and its key.
pub(super) type Keyed<T> = (Vec<u8>, Stored<T>);

/// Entries read (and rewritten) per commit by the operations that go
/// through a whole space.
pub(super) const PAGE: usize = 128;

/// Attempts at an operation that lost a compare-and-swap race.
const RETRIES: usize = 8;

/// The hosting layer: one per bot, shared by every channel.
pub struct Table {
    pub(super) store: Arc<dyn Store>,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) config: TableConfig,
    /// Woken whenever a deadline is set, so the scheduler re-reads the next one.
    pub(super) deadlines_changed: Arc<tokio::sync::Notify>,
    /// How long the computer thinks.
    pub(super) ai: AiConfig,
    /// Reviews of finished games, newest last ([`REVIEWS_KEPT`](super::REVIEWS_KEPT)).
    pub(super) reviews: std::sync::Mutex<std::collections::VecDeque<(ReviewKey, Arc<crate::ai::Review>)>>,
    /// The operator's counters (commit conflicts, timer lag), when kept.
    pub(super) metrics: Option<Arc<crate::metrics::Metrics>>,
    /// Deadlines whose entries a newer version wrote: looked at again
    /// later, each logged once (see [`Table::tick`]).
    pub(super) newer: std::sync::Mutex<Newer>,
    /// The vacation bank every member has.
    pub(super) vacation: VacationConfig,
    /// Live games changed by this process, and notices relayed to the chat.
    pub(super) changes: Changes,
    /// The key game links are signed with, once read.
    pub(super) links: Links,
}

/// Where a channel's live game is stored.
pub(super) fn game_key(channel: ChannelId) -> Vec<u8> {
    keys::id(channel)
}

/// Where a channel's last game ([`LastGame`](super::model::LastGame)) is noted.
pub(super) fn last_key(channel: ChannelId) -> Vec<u8> {
    let mut k = b"last:".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

/// Where the game numbers are counted.
pub(super) const COUNTER_KEY: &[u8] = b"game-counter";

impl Table {
    /// A table over a store, with a clock.
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>, config: TableConfig) -> Table {
        Table {
            store,
            clock,
            config,
            deadlines_changed: Arc::new(tokio::sync::Notify::new()),
            ai: AiConfig::default(),
            reviews: Default::default(),
            metrics: None,
            newer: Default::default(),
            vacation: VacationConfig::default(),
            changes: Default::default(),
            links: Default::default(),
        }
    }

    /// Counts lost compare-and-swap races and timer lag into `metrics`.
    pub fn with_metrics(mut self, metrics: Arc<crate::metrics::Metrics>) -> Table {
        self.metrics = Some(metrics);
        self
    }

    pub(super) fn count_conflict(&self) {
        if let Some(m) = &self.metrics {
            m.commit_conflict();
        }
    }

    /// Sets how long the computer thinks (its `hard` level and hints).
    pub fn with_ai(mut self, ai: AiConfig) -> Table {
        self.ai = ai;
        self
    }

    /// Notified whenever a deadline changes (for the [`scheduler`](super::scheduler)).
    pub fn deadlines_changed(&self) -> Arc<tokio::sync::Notify> {
        self.deadlines_changed.clone()
    }

    /// How long the computer thinks.
    pub fn ai(&self) -> &AiConfig {
        &self.ai
    }

    /// The configuration.
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The store underneath.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// How many games are being played (for the operator's metrics).
    pub fn live_games(&self) -> Result<u64, TableError> {
        Ok(self.store.count(Space::Games)?)
    }

    /// Whether the storage answers a read (for `/healthz`: PostgreSQL up,
    /// sled open).
    pub fn storage_reachable(&self) -> bool {
        self.store.get_raw(Space::Meta, b"healthz").is_ok()
    }

    /// Now, by the table's clock (unix ms).
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Runs `op` again while it loses compare-and-swap races.
    pub(super) fn retry<T>(&self, mut op: impl FnMut() -> Result<T, TableError>) -> Result<T, TableError> {
        for _ in 0..RETRIES {
            // Only a lost compare-and-swap is worth another read: a storage
            // failure is reported at once (a retry would read unsaved state).
            match op() {
                Err(TableError::Contended) => {}
                other => return other,
            }
        }
        op()
    }

    /// Maps a lost race to a retry and other store errors to table errors.
    pub(super) fn commit(&self, batch: &Batch) -> Result<u64, TableError> {
        let version = self.store.apply(batch).map_err(|e| match e {
            StoreError::Conflict { .. } => {
                self.count_conflict();
                TableError::Contended
            }
            other => other.into(),
        })?;
        if batch
            .ops()
            .iter()
            .any(|op| matches!(op, crate::store::Op::SetDeadline { .. }))
        {
            self.deadlines_changed.notify_one();
        }
        let games: Vec<ChannelId> = batch
            .ops()
            .iter()
            .filter_map(|op| match op {
                crate::store::Op::Put {
                    space: Space::Games,
                    key,
                    ..
                }
                | crate::store::Op::Delete {
                    space: Space::Games,
                    key,
                    ..
                } => keys::parse_id(key),
                _ => None,
            })
            .collect();
        if !games.is_empty() {
            games.iter().for_each(|&c| self.changes.game_changed(c));
            self.store.announce_games(&games);
        }
        Ok(version)
    }

    /// Every readable entry of `space` under `prefix` that `keep` selects.
    pub(super) fn scan_all<T: Versioned>(
        &self,
        space: Space,
        prefix: &[u8],
        keep: impl Fn(&T) -> bool,
    ) -> Result<Vec<Keyed<T>>, TableError> {
        let mut out = Vec::new();
        self.pages::<T>(space, prefix, |page| {
            out.extend(page.into_iter().filter(|(_, s)| keep(&s.value)));
            Ok(())
        })?;
        Ok(out)
    }

    /// Calls `each` with every page of readable entries of `space` under
    /// `prefix`, in key order (unreadable entries are skipped: they name
    /// nobody that can be read).
    pub(super) fn pages<T: Versioned>(
        &self,
        space: Space,
        prefix: &[u8],
        mut each: impl FnMut(Vec<Keyed<T>>) -> Result<(), TableError>,
    ) -> Result<(), TableError> {
        let mut range = KeyRange::prefix(prefix).limit(PAGE);
        loop {
            let raw = self.store.scan(space, &range)?;
            let full = raw.len() == PAGE;
            if let Some((last, _)) = raw.last() {
                // The next page starts just after the last key read.
                range.start = [last.as_slice(), &[0]].concat();
            }
            let page = raw
                .into_iter()
                .filter_map(|(key, entry)| {
                    let entry = entry.ok()?;
                    let value = decode::<T>(space, &key, &entry.value).ok()?;
                    let version = entry.version;
                    Some((key, Stored { version, value }))
                })
                .collect();
            each(page)?;
            if !full {
                return Ok(());
            }
        }
    }

    /// An entry of the meta space (its default when absent) and the
    /// expectation a compare-and-swap write of it needs.
    pub(super) fn meta<T: crate::store::Versioned + Default>(
        &self,
        key: &[u8],
    ) -> Result<(T, crate::store::Expect), TableError> {
        Ok(match self.store.get::<T>(Space::Meta, key)? {
            Some(s) => (s.value, crate::store::Expect::Version(s.version)),
            None => (T::default(), crate::store::Expect::Absent),
        })
    }

    pub(super) fn load_game(&self, channel: ChannelId) -> Result<Option<Stored<LiveGame>>, TableError> {
        Ok(self.store.get::<LiveGame>(Space::Games, &game_key(channel))?)
    }

    /// The game in a channel, if any (anyone may look).
    pub fn game(&self, channel: ChannelId) -> Result<Option<GameView>, TableError> {
        match self.load_game(channel)? {
            Some(s) => Ok(Some(GameView {
                game: s.value.game()?,
                live: s.value,
            })),
            None => Ok(None),
        }
    }
}

/// Channels remembered as waiting, and as logged, at most: memory stays
/// bounded however many entries a newer version wrote.
const NEWER_KEPT: usize = 4096;

/// The due deadlines this process leaves to a newer version: an entry it
/// cannot read because it is newer is never set aside nor its deadline
/// dropped, only looked at again later, and logged once.
#[derive(Debug, Default)]
pub(super) struct Newer {
    /// When each channel's deadline is looked at again (unix ms).
    until: HashMap<ChannelId, u64>,
    /// Channels already logged.
    logged: HashSet<ChannelId>,
}

impl Newer {
    /// Deadlines still waiting at `now`.
    pub(super) fn waiting(&self, now: u64) -> usize {
        self.until.values().filter(|&&at| at > now).count()
    }

    /// When the channel's deadline is looked at again, if it waits at `now`.
    pub(super) fn waits(&self, channel: ChannelId, now: u64) -> Option<u64> {
        self.until.get(&channel).copied().filter(|&at| at > now)
    }

    /// Makes the channel wait until `at`; false when too many already wait.
    pub(super) fn wait(&mut self, channel: ChannelId, at: u64, now: u64) -> bool {
        if self.until.len() >= NEWER_KEPT {
            self.until.retain(|_, t| *t > now);
        }
        if self.until.len() >= NEWER_KEPT && !self.until.contains_key(&channel) {
            return false;
        }
        self.until.insert(channel, at);
        true
    }

    /// True the first time the channel is to be logged (again once the
    /// set was full and emptied).
    pub(super) fn first_log(&mut self, channel: ChannelId) -> bool {
        if self.logged.len() >= NEWER_KEPT && !self.logged.contains(&channel) {
            self.logged.clear();
        }
        self.logged.insert(channel)
    }

    /// The channel's deadline was handled: nothing waits there now.
    pub(super) fn handled(&mut self, channel: ChannelId) {
        self.until.remove(&channel);
        self.logged.remove(&channel);
    }
}

/// Changes a subscriber may fall behind by before it is told it lagged
/// (it then reads its games again).
const CHANGES_KEPT: usize = 1024;

/// The link key, once read from the store (or made).
#[derive(Default)]
pub(super) struct Links(pub(super) OnceLock<hmac::Key>);

/// The hub of changes: every commit that writes a live game sends its
/// channel; front ends that host games elsewhere hand their notices to the
/// chat's front end through it.
pub(super) struct Changes {
    games: broadcast::Sender<ChannelId>,
    notices: mpsc::UnboundedSender<Notice>,
    outbox: Mutex<Option<mpsc::UnboundedReceiver<Notice>>>,
    taken: std::sync::atomic::AtomicBool,
}

impl Default for Changes {
    fn default() -> Changes {
        let (notices, outbox) = mpsc::unbounded_channel();
        Changes {
            games: broadcast::channel(CHANGES_KEPT).0,
            notices,
            outbox: Mutex::new(Some(outbox)),
            taken: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

impl Changes {
    /// Tells the subscribers of [`Changes::subscribe`] that `channel`'s
    /// live game was written.
    pub(super) fn game_changed(&self, channel: ChannelId) {
        // Nobody listening is fine: no page is open.
        let _ = self.games.send(channel);
    }

    /// The channels whose live games this process writes, as it commits.
    pub(super) fn subscribe(&self) -> broadcast::Receiver<ChannelId> {
        self.games.subscribe()
    }

    /// Hands `notice` to the chat's front end, if one took the outbox.
    pub(super) fn relay(&self, notice: Notice) {
        if self.taken.load(std::sync::atomic::Ordering::Acquire) {
            let _ = self.notices.send(notice);
        }
    }

    /// The outbox of relayed notices; `None` once taken.
    pub(super) fn relayed(&self) -> Option<mpsc::UnboundedReceiver<Notice>> {
        let rx = self.outbox.lock().expect("the outbox lock").take();
        if rx.is_some() {
            self.taken.store(true, std::sync::atomic::Ordering::Release);
        }
        rx
    }
}
