//! Games as a page shows them: one game by its place and number, to whoever
//! may watch it (the rule is [`may_watch`]), and the stream of changes that
//! tells a page to look again.

use std::sync::Mutex;

use tokio::sync::{broadcast, mpsc};

use super::access::may_watch;
use super::{ChannelId, GameView, GuildId, Notice, Seat, Table, TableError, UserId};
use crate::engine::{Game, GameResult, Move, Rules};

/// Changes a subscriber may fall behind by before it is told it lagged
/// (it then reads its games again).
const CHANGES_KEPT: usize = 1024;

/// A game someone may watch: live, or finished.
#[derive(Debug, Clone)]
pub struct Watched {
    /// Game number.
    pub id: u64,
    /// The server ([`super::PRIVATE_GUILD`] for a DM or group DM).
    pub guild: GuildId,
    /// The channel or thread it is (or was) played in.
    pub channel: ChannelId,
    /// The channel whose thread hosts it, if any.
    pub parent: Option<ChannelId>,
    /// South, then North.
    pub players: [Seat; 2],
    /// Variant, house rules and first player.
    pub rules: Rules,
    /// Every move so far.
    pub moves: Vec<Move>,
    /// The engine's game: positions, history and result.
    pub game: Game,
    /// When the side to move runs out of time (unix ms), in a live game.
    pub deadline_ms: Option<u64>,
    /// How it ended, for a finished game.
    pub result: Option<GameResult>,
    /// Whether it is still being played.
    pub live: bool,
}

impl Watched {
    fn of_live(view: GameView) -> Watched {
        // A clock held by a vacation has no deadline to count down to.
        let deadline_ms = view.deadline_ms().filter(|_| view.live.paused.is_none());
        let live = view.live;
        Watched {
            id: live.id,
            guild: live.guild,
            channel: live.channel,
            parent: live.parent,
            players: live.players,
            rules: live.rules,
            moves: live.moves,
            game: view.game,
            deadline_ms,
            result: None,
            live: true,
        }
    }

    /// The side `user` plays, if any.
    pub fn side_of(&self, user: UserId) -> Option<crate::engine::Side> {
        crate::engine::Side::ALL
            .into_iter()
            .find(|s| self.players[s.index()].is(user))
    }
}

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
    pub(super) fn game_changed(&self, channel: ChannelId) {
        // Nobody listening is fine: no page is open.
        let _ = self.games.send(channel);
    }
}

impl Table {
    /// Game number `id` of `channel`, live or finished, if `who` (a signed-in
    /// member, or `None` for anyone) may watch it ([`may_watch`]). A game
    /// they may not watch is refused exactly as one that does not exist.
    pub fn watch(&self, channel: ChannelId, id: u64, who: Option<UserId>) -> Result<Watched, TableError> {
        let watched = match self.game(channel)? {
            Some(view) if view.live.id == id => Some(Watched::of_live(view)),
            _ => match self.finished(id)? {
                Some(f) if f.channel == channel => Some(Watched {
                    id: f.id,
                    guild: f.guild,
                    channel: f.channel,
                    parent: f.parent,
                    rules: f.record.rules,
                    moves: f.record.moves.clone(),
                    game: f.game()?,
                    deadline_ms: None,
                    result: Some(f.result),
                    players: f.players,
                    live: false,
                }),
                _ => None,
            },
        };
        match watched {
            Some(w) if may_watch(w.guild, &w.players, who) => Ok(w),
            _ => Err(TableError::NoSuchGame(id)),
        }
    }

    /// The live game of `channel`, if `who` may watch it (for a page opened
    /// on a channel, as an Activity is).
    pub fn watch_channel(&self, channel: ChannelId, who: Option<UserId>) -> Result<Watched, TableError> {
        match self.game(channel)? {
            Some(view) if may_watch(view.live.guild, &view.live.players, who) => Ok(Watched::of_live(view)),
            _ => Err(TableError::NoGame),
        }
    }

    /// Every channel whose live game a commit of this process writes, as it
    /// commits (another process's commits come through
    /// [`crate::store::Store::game_changes`]).
    pub fn game_changes(&self) -> broadcast::Receiver<ChannelId> {
        self.changes.games.subscribe()
    }

    /// Hands a notice to the chat's front end (a move made on a page is
    /// shown in the chat where the game lives). Dropped when no chat front
    /// end runs (the terminal's offline page).
    pub fn relay(&self, notice: Notice) {
        if self.changes.taken.load(std::sync::atomic::Ordering::Acquire) {
            let _ = self.changes.notices.send(notice);
        }
    }

    /// The notices other front ends relay, for the chat's front end; `None`
    /// once taken.
    pub fn relayed(&self) -> Option<mpsc::UnboundedReceiver<Notice>> {
        let rx = self.changes.outbox.lock().expect("the outbox lock").take();
        if rx.is_some() {
            self.changes
                .taken
                .store(true, std::sync::atomic::Ordering::Release);
        }
        rx
    }
}
