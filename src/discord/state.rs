//! What every command and click shares: the bot's [`Data`] and the poise
//! [`Context`] that carries it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::limits;
use crate::metrics::Metrics;
use crate::table::{ChannelId, GuildId, Table, TableError, UserId};

/// The poise context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command shares (cheap to clone: every field is shared).
#[derive(Clone)]
pub struct Data {
    pub(super) table: Arc<Table>,
    pub(super) bot_id: Arc<AtomicU64>,
    /// The id of the registered `/isolo` command (0 until known).
    pub(super) command_id: Arc<AtomicU64>,
    /// The last board message with a move menu, per channel, to retire its menu.
    pub(super) boards: Arc<Mutex<HashMap<u64, serenity::MessageId>>>,
    /// The message of each pending challenge, to retire its buttons.
    pub(super) challenge_messages: Arc<Mutex<ChallengeMessages>>,
    /// Commands and component clicks being handled, for a clean shutdown.
    pub(super) in_flight: Arc<AtomicUsize>,
    /// Whether accepted games get a thread of their own.
    pub(super) use_threads: bool,
    /// Pictures being drawn at once: at most one per core.
    pub(super) renders: Arc<tokio::sync::Semaphore>,
    /// Answers to a challenge, one at a time per channel: a second accept, a
    /// decline or a withdrawal waits while an accept opens a thread, then is
    /// refused before it can leave a thread nobody uses.
    pub(super) answering: Arc<Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>>,
    /// Reviews and hints: a pool of their own, so boards never wait behind them.
    pub(super) analysis: Arc<limits::Analysis>,
    /// Per-member waits between costly commands.
    pub(super) cooldowns: Arc<limits::Cooldowns>,
    /// The operator's counters.
    pub(super) metrics: Arc<Metrics>,
    /// Each server's own language in Discord, as last seen.
    pub(super) guild_locales: Arc<Mutex<HashMap<u64, String>>>,
    /// The live board, when it is served (links and the Activity).
    pub(super) live: Option<Arc<Live>>,
    /// Channels whose sight (does `@everyone` see them?) was looked at,
    /// with their server and when.
    pub(super) sights: Arc<Mutex<HashMap<ChannelId, (GuildId, std::time::Instant)>>>,
}

/// Where the live board is: board messages link to their game's page, and
/// "Play live" opens the Activity where the application has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Live {
    /// The page's public address, e.g. `https://isolo.example.org`.
    pub public_url: String,
    /// The application has the Activity set up in the Developer Portal.
    pub activity: bool,
}

impl Live {
    /// A game's page, opened by its link key ([`Table::link_key`]).
    pub fn page(&self, channel: u64, game: u64, key: &str) -> String {
        crate::web::game_url(&self.public_url, channel, game, key)
    }
}

/// Servers whose Discord language is remembered; forgetting one only means
/// English (or the moderators' choice) until someone there uses the bot.
pub(super) const MAX_TRACKED_GUILDS: usize = 100_000;

impl Data {
    /// The id Discord gave `/isolo` (0 until known), for command mentions.
    pub fn command_id(&self) -> u64 {
        self.command_id.load(Ordering::Relaxed)
    }

    /// The bot's own user id.
    pub fn bot_id(&self) -> u64 {
        self.bot_id.load(Ordering::Relaxed)
    }

    /// Runs a table operation on a blocking thread (the store waits for the disk).
    pub async fn run<T: Send + 'static>(
        &self,
        op: impl FnOnce(&Table) -> Result<T, TableError> + Send + 'static,
    ) -> Result<T, Error> {
        let table = self.table.clone();
        Ok(tokio::task::spawn_blocking(move || op(&table)).await??)
    }

    /// Waits for any other answer to the challenge in `channel`, and holds
    /// the next one off until dropped.
    pub(super) async fn answering(&self, channel: u64) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut map = self.answering.lock().expect("answer locks");
            // Locks nobody holds or waits for are dropped as others come.
            map.retain(|_, l| Arc::strong_count(l) > 1);
            map.entry(channel).or_default().clone()
        };
        lock.lock_owned().await
    }

    /// Draws a message's picture on a blocking thread, one per core at a time.
    /// A board takes milliseconds of CPU: drawn on the async threads it would
    /// hold up the gateway (heartbeats) and every other interaction, and
    /// drawing more at once than there are cores only delays them all.
    pub async fn render<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _turn = self.renders.acquire().await?;
        Ok(tokio::task::spawn_blocking(draw).await?)
    }
}

/// The challenge messages whose buttons are retired when the challenge is
/// answered elsewhere or expires, by challenge: channel and the pair.
pub(crate) type ChallengeMessages = std::collections::HashMap<(ChannelId, UserId, UserId), (u64, u64)>;
