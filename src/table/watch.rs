//! Games as a page shows them: one game by its place and number, to whoever
//! may watch it (the rule is [`may_watch`]), and the stream of changes that
//! tells a page to look again.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ring::hmac;
use ring::rand::SecureRandom;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, mpsc};

use super::access::{may_watch, Sight};
use super::{ChannelId, GameView, GuildId, Notice, Seat, Table, TableError, UserId};
use crate::engine::{Game, GameResult, Move, Rules};
use crate::store::{Batch, Expect, Space, StoreExt, Versioned};

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
    /// The side asking to take back a move, in a live game.
    pub takeback: Option<crate::engine::Side>,
    /// Takebacks made so far.
    pub takebacks: u32,
    /// Whether its players may ask to take back a move.
    pub takeback_allowed: bool,
}

impl Watched {
    fn of_live(view: GameView) -> Watched {
        // A clock held by a vacation has no deadline to count down to.
        let deadline_ms = view.deadline_ms().filter(|_| view.live.paused.is_none());
        let live = view.live;
        let takeback_allowed = super::takeback::allowed(&live);
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
            takeback: live.takeback,
            takebacks: live.takebacks,
            takeback_allowed,
        }
    }

    /// The side `user` plays, if any.
    pub fn side_of(&self, user: UserId) -> Option<crate::engine::Side> {
        crate::engine::Side::ALL
            .into_iter()
            .find(|s| self.players[s.index()].is(user))
    }
}

/// A game found by its place, number and link key, not yet shown to
/// anyone: [`Sealed::open`] applies [`may_watch`].
#[derive(Debug, Clone)]
pub struct Sealed(Watched);

impl Sealed {
    /// The server it belongs to.
    pub fn guild(&self) -> GuildId {
        self.0.guild
    }

    /// Its number.
    pub fn id(&self) -> u64 {
        self.0.id
    }

    /// The channel whose visibility decides who watches: a thread's parent,
    /// else the game's own channel.
    pub fn place(&self) -> ChannelId {
        self.0.parent.unwrap_or(self.0.channel)
    }

    /// Whether who can see its channel matters for `who`: not for its
    /// players, nor in a private chat (only its players watch there).
    pub fn needs_sight(&self, who: Option<UserId>) -> bool {
        self.0.guild != super::PRIVATE_GUILD && who.is_none_or(|u| self.0.side_of(u).is_none())
    }

    /// The game, if `who` may watch it given `sight` ([`may_watch`]); one
    /// they may not is refused exactly as one that does not exist.
    pub fn open(self, who: Option<UserId>, sight: Sight) -> Result<Watched, TableError> {
        if may_watch(self.0.guild, &self.0.players, who, sight) {
            Ok(self.0)
        } else {
            Err(TableError::NoSuchGame(self.0.id))
        }
    }
}

/// The secret game links are keyed with, kept in the store so that every
/// process and every restart gives a game the same link.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct LinkSecret {
    /// 32 random bytes, base64url.
    secret: String,
}

impl Versioned for LinkSecret {
    const KIND: &'static str = "link-secret";
    const FORMAT: u32 = 1;
}

/// Where the link secret is stored.
const LINK_SECRET_KEY: &[u8] = b"link-secret";

impl Table {
    /// The key of the link to game `id` of `channel`: unguessable without
    /// the store's secret, so a page cannot be found by counting numbers.
    pub fn link_key(&self, channel: ChannelId, id: u64) -> Result<String, TableError> {
        let key = self.link_secret()?;
        let tag = hmac::sign(key, format!("{channel}/{id}").as_bytes());
        Ok(URL_SAFE_NO_PAD.encode(&tag.as_ref()[..12]))
    }

    fn link_secret(&self) -> Result<&hmac::Key, TableError> {
        if let Some(k) = self.links.0.get() {
            return Ok(k);
        }
        let secret = loop {
            if let Some(s) = self.store.get::<LinkSecret>(Space::Meta, LINK_SECRET_KEY)? {
                break URL_SAFE_NO_PAD
                    .decode(s.value.secret.as_bytes())
                    .map_err(|_| TableError::Storage("the stored link secret is damaged".into()))?;
            }
            let mut fresh = [0u8; 32];
            ring::rand::SystemRandom::new()
                .fill(&mut fresh)
                .map_err(|_| TableError::Storage("no random numbers for the link secret".into()))?;
            let mut batch = Batch::new();
            batch.put(
                Space::Meta,
                LINK_SECRET_KEY,
                &LinkSecret {
                    secret: URL_SAFE_NO_PAD.encode(fresh),
                },
                Expect::Absent,
            )?;
            match self.store.commit(batch.ops()) {
                Ok(_) => break fresh.to_vec(),
                // Another process made it first: theirs is read.
                Err(crate::store::StoreError::Conflict { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        };
        Ok(self
            .links
            .0
            .get_or_init(|| hmac::Key::new(hmac::HMAC_SHA256, &secret)))
    }

    /// Game number `id` of `channel`, live or finished, opened by the link
    /// key `key` ([`Table::link_key`]); who may see it is then
    /// [`Sealed::open`]'s to decide. A wrong key is refused exactly as a
    /// game that does not exist.
    pub fn watch(&self, channel: ChannelId, id: u64, key: &str) -> Result<Sealed, TableError> {
        let expected = self.link_key(channel, id)?;
        let same = expected.len() == key.len()
            && expected
                .bytes()
                .zip(key.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
        if !same {
            return Err(TableError::NoSuchGame(id));
        }
        self.sealed(channel, id)
    }

    /// Game number `id` of `channel`, live or finished, without its key: for
    /// a page that already holds it open (its pushes).
    pub fn sealed(&self, channel: ChannelId, id: u64) -> Result<Sealed, TableError> {
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
                    takeback: None,
                    takebacks: 0,
                    takeback_allowed: false,
                }),
                _ => None,
            },
        };
        watched.map(Sealed).ok_or(TableError::NoSuchGame(id))
    }

    /// The live game of `channel` (for a page opened on a channel, as an
    /// Activity is), to be opened by [`Sealed::open`].
    pub fn watch_channel(&self, channel: ChannelId) -> Result<Sealed, TableError> {
        match self.game(channel)? {
            Some(view) => Ok(Sealed(Watched::of_live(view))),
            None => Err(TableError::NoGame),
        }
    }

    /// Every channel whose live game a commit of this process writes, as it
    /// commits (another process's commits come through
    /// [`crate::store::Store::game_changes`]).
    pub fn game_changes(&self) -> broadcast::Receiver<ChannelId> {
        self.changes.subscribe()
    }

    /// Hands a notice to the chat's front end (a move made on a page is
    /// shown in the chat where the game lives). Dropped when no chat front
    /// end runs (the terminal's offline page).
    pub fn relay(&self, notice: Notice) {
        self.changes.relay(notice);
    }

    /// The notices other front ends relay, for the chat's front end; `None`
    /// once taken.
    pub fn relayed(&self) -> Option<mpsc::UnboundedReceiver<Notice>> {
        self.changes.relayed()
    }
}
