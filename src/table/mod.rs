//! Hosting games in a chat, independent of Discord: challenges, turns, draw
//! offers, clocks, results and ratings.
//!
//! Ids are plain numbers and answers are data, so the Discord adapter, the
//! terminal mode and the tests all drive this one layer. Every operation reads
//! what it needs from the [`Store`], decides, and writes back with
//! compare-and-swap: two players acting at the same moment cannot both win,
//! and a refusal changes nothing.

mod access;
mod challenges;
mod claims;
mod clock;
mod conditional;
mod config;
pub mod course;
mod daily_post;
mod damage;
mod deadlines;
mod digest;
mod endings;
mod error;
mod forget;
mod listing;
mod members;
mod model;
mod private;
mod puzzle_rating;
pub mod puzzles;
mod rating;
pub mod scheduler;
mod sessions;
pub mod takeback;
pub mod tournament;
mod turns;
mod vacation;
mod watch;

use std::sync::Arc;

pub use access::{may_watch, Sight, Viewer, PRIVATE_GUILD};
pub use challenges::{ChallengeOutcome, ChallengeRequest, Opponent};
pub use clock::{date_of, duration_text, Clock, ManualClock, SystemClock};
pub use conditional::{MAX_LINES as MAX_CONDITIONAL_LINES, MAX_PLIES as MAX_CONDITIONAL_PLIES};
pub use config::{TableConfig, TimeoutPolicy, DEFAULT_CLAIM_WINDOW_SECS, DEFAULT_IDLE_SECS};
pub use course::{course, CourseProgress, Lesson, LessonAnswer, LessonView, Task, Text};
pub use daily_post::{daily_channel, DailyDue, DailyPost, DAILY_RETRY_MS};
pub use damage::{RestoreError, SetAsideEntry};
pub use deadlines::{Notice, NEWER_RETRY_MS};
pub use digest::{digest_channel, Digest, DIGEST_EVERY_MS};
pub use endings::{Aborted, DrawOutcome, Reviewed, REVIEWS_KEPT};
pub use error::{TableError, Unreadable};
pub use forget::Forgotten;
pub use listing::FINISHED_LISTED;
pub use model::{
    conditional_plies, BoardSide, Challenge, ChannelId, ConditionalLine, FinishedGame, FirstMove,
    GameSettings, GuildId, LiveGame, MemberSettings, Paused, PlayerStats, RatingChange, Reminders, Seat,
    ServerSettings, SetAside, Tally, UserId, VacationHold, BOT_MOVE_GRACE_MS, CONDITIONAL_TAG, FORMER_ID,
    FORMER_NAME, IDLE_REMINDER_MS, MAX_HEAD_TO_HEAD,
};
pub use private::{Held, MAX_HELD};
pub use puzzle_rating::{puzzle_start, rate_attempt, PUZZLE_DEVIATION};
pub use puzzles::{
    AttemptState, DailyRef, DailyTally, PuzzleAnswer, PuzzleRatingChange, PuzzleStats, PuzzleView,
};
pub use rating::{Rating, MAX_DEVIATION, PERIODS_PER_DAY, PROVISIONAL_DEVIATION};
pub use tournament::{
    ChannelRight, Entrant, Format, GameLink, Left, Post, PostTicket, Standing, Status, Tournament,
    TournamentGame, TournamentRequest, TournamentUpdate, Work,
};
pub use turns::{BoardRef, Choice, MoveOutcome};
pub use vacation::{OnVacation, VacationChange, VacationConfig, VacationView, MONTH_MS};
pub use watch::{Sealed, Watched};

use crate::ai::AiConfig;
use crate::engine::{Game, Move, MoveReport, Position, Rules};
use crate::store::{decode, keys, Batch, KeyRange, Space, Store, StoreError, StoreExt, Stored, Versioned};

/// A game as the front ends see it: the stored game and its replayed state.
#[derive(Debug, Clone)]
pub struct GameView {
    /// The stored game.
    pub live: LiveGame,
    /// The engine's game (position, history, result).
    pub game: Game,
}

impl GameView {
    /// The seat to move, if the game is on.
    pub fn to_move(&self) -> Option<&Seat> {
        self.game.to_move().map(|s| self.live.seat(s))
    }

    /// When the current turn's time runs out (unix ms).
    pub fn deadline_ms(&self) -> Option<u64> {
        self.live.deadline_ms()
    }

    /// The position before the last move and that move's report, replayed
    /// (for marking the last move on a board, or animating it).
    pub fn last_move(&self) -> Option<(Position, MoveReport)> {
        last_move(self.live.rules, &self.live.moves)
    }
}

/// The position before the last of `moves` and that move's report.
pub fn last_move(rules: Rules, moves: &[Move]) -> Option<(Position, MoveReport)> {
    let (&last, earlier) = moves.split_last()?;
    let mut before = Position::new(rules);
    for &m in earlier {
        before.play_mut(m).ok()?;
    }
    let (_, report) = before.play(last).ok()?;
    Some((before, report))
}

/// A cached review: the game number and the search budget.
type ReviewKey = (u64, crate::ai::Budget);

/// What [`Table::catch_up`] found to do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CatchUp {
    /// Games where the bot was to move with no deadline.
    pub bot_moves: usize,
    /// Games listed under their players for `/isolo games`.
    pub indexed: usize,
    /// Games flagged before claim windows existed, given the deadline
    /// that ends them.
    pub flagged: usize,
    /// Ratings of an earlier release stamped with the time, so their
    /// deviation grows with inactivity from now on.
    pub ratings_stamped: usize,
}

/// A readable entry and its key.
type Keyed<T> = (Vec<u8>, Stored<T>);

/// Entries read (and rewritten) per commit by the operations that go
/// through a whole space.
const PAGE: usize = 128;

/// Attempts at an operation that lost a compare-and-swap race.
const RETRIES: usize = 8;

/// The hosting layer: one per bot, shared by every channel.
pub struct Table {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    config: TableConfig,
    /// Woken whenever a deadline is set, so the scheduler re-reads the next one.
    deadlines_changed: Arc<tokio::sync::Notify>,
    /// How long the computer thinks.
    ai: AiConfig,
    /// Reviews of finished games, newest last ([`endings::REVIEWS_KEPT`]).
    reviews: std::sync::Mutex<std::collections::VecDeque<(ReviewKey, Arc<crate::ai::Review>)>>,
    /// The operator's counters (commit conflicts, timer lag), when kept.
    metrics: Option<Arc<crate::metrics::Metrics>>,
    /// Deadlines whose entries a newer version wrote: looked at again
    /// later, each logged once (see [`Table::tick`]).
    newer: std::sync::Mutex<deadlines::Newer>,
    /// The vacation bank every member has.
    vacation: VacationConfig,
    /// Live games changed by this process, and notices relayed to the chat.
    changes: watch::Changes,
    /// The key game links are signed with, once read.
    links: watch::Links,
}

fn game_key(channel: ChannelId) -> Vec<u8> {
    keys::id(channel)
}

fn last_key(channel: ChannelId) -> Vec<u8> {
    let mut k = b"last:".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

const COUNTER_KEY: &[u8] = b"game-counter";

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

    fn count_conflict(&self) {
        if let Some(m) = &self.metrics {
            m.commit_conflict();
        }
    }

    /// Sets how long the computer thinks (its `hard` level and hints).
    pub fn with_ai(mut self, ai: AiConfig) -> Table {
        self.ai = ai;
        self
    }

    /// Notified whenever a deadline changes (for the [`scheduler`]).
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
    fn retry<T>(&self, mut op: impl FnMut() -> Result<T, TableError>) -> Result<T, TableError> {
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
    fn commit(&self, batch: &Batch) -> Result<u64, TableError> {
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
    fn meta<T: crate::store::Versioned + Default>(
        &self,
        key: &[u8],
    ) -> Result<(T, crate::store::Expect), TableError> {
        Ok(match self.store.get::<T>(Space::Meta, key)? {
            Some(s) => (s.value, crate::store::Expect::Version(s.version)),
            None => (T::default(), crate::store::Expect::Absent),
        })
    }

    fn load_game(&self, channel: ChannelId) -> Result<Option<Stored<LiveGame>>, TableError> {
        Ok(self.store.get::<LiveGame>(Space::Games, &game_key(channel))?)
    }

    /// Brings games saved by earlier releases up to date, in one pass over
    /// the live games at start-up: the bot's due moves get deadlines, and
    /// every game is listed under its players, ratings get the time their
    /// deviation grows from. An unreadable game is left
    /// for when someone uses its channel.
    pub fn catch_up(&self) -> Result<CatchUp, TableError> {
        let mut done = CatchUp::default();
        for (_, game) in self.store.list::<LiveGame>(Space::Games, &[])? {
            let Ok(stored) = game else { continue };
            done.bot_moves += usize::from(self.resume_bot_game(&stored.value)?);
            done.flagged += usize::from(self.resume_flagged_game(&stored.value)?);
            done.indexed += usize::from(self.index_game(&stored.value)?);
        }
        done.ratings_stamped = self.stamp_ratings()?;
        Ok(done)
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
