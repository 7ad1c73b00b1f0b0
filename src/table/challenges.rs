//! Challenges: made, answered, withdrawn, and the games they start.

use crate::ai::Level;
use crate::engine::{Rules, Side};
use crate::store::{Batch, Expect, Space, StoreExt, Stored};

use super::error::not_a_player;
use super::model::GameCounter;
use super::{
    game_key, Challenge, ChannelId, FirstMove, GameSettings, GameView, GuildId, LiveGame, Seat, Table,
    TableError, UserId, COUNTER_KEY,
};

/// Who is challenged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opponent {
    /// A person.
    User {
        /// Their id.
        id: UserId,
        /// Their display name.
        name: String,
    },
    /// The bot, at a level.
    Bot(Level),
}

/// A challenge as asked for.
#[derive(Debug, Clone)]
pub struct ChallengeRequest {
    /// The server.
    pub guild: GuildId,
    /// The channel.
    pub channel: ChannelId,
    /// Who challenges.
    pub challenger: UserId,
    /// Their display name.
    pub challenger_name: String,
    /// Who is challenged.
    pub opponent: Opponent,
    /// The game's settings.
    pub settings: GameSettings,
}

/// The answer to a challenge: waiting, or (against the bot) started at once.
#[derive(Debug, Clone)]
pub enum ChallengeOutcome {
    /// Waiting for the opponent.
    Pending(Challenge),
    /// The game started.
    Started(GameView),
}

impl Table {
    fn busy(&self, channel: ChannelId) -> Result<(), TableError> {
        if let Some(g) = self.load_game(channel)? {
            return Err(TableError::Busy {
                id: g.value.id,
                south: g.value.players[0].name(),
                north: g.value.players[1].name(),
            });
        }
        Ok(())
    }

    /// Challenges a person or the bot. A challenge to the bot starts the game at once.
    pub fn challenge(&self, req: ChallengeRequest) -> Result<ChallengeOutcome, TableError> {
        self.challenge_hosted(req, None)
    }

    /// [`Table::challenge`], with a game against the bot hosted in `host`
    /// (a thread made for it) instead of the challenge's channel. A
    /// challenge of a person gets its host when it is accepted.
    pub fn challenge_hosted(
        &self,
        req: ChallengeRequest,
        host: Option<ChannelId>,
    ) -> Result<ChallengeOutcome, TableError> {
        let challenger = Seat::Human {
            id: req.challenger,
            name: req.challenger_name.clone(),
        };
        let opponent = match &req.opponent {
            Opponent::User { id, .. } if *id == req.challenger => return Err(TableError::SelfChallenge),
            Opponent::User { id, name } => Seat::Human {
                id: *id,
                name: name.clone(),
            },
            Opponent::Bot(level) => Seat::Bot { level: *level },
        };
        let now = self.now_ms();
        let challenge = Challenge {
            guild: req.guild,
            channel: req.channel,
            challenger,
            opponent,
            settings: req.settings,
            seats: None,
            created_ms: now,
            expires_ms: now + self.config.challenge_ttl_secs * 1000,
        };
        self.post_challenge(challenge, host)
    }

    fn post_challenge(
        &self,
        mut challenge: Challenge,
        host: Option<ChannelId>,
    ) -> Result<ChallengeOutcome, TableError> {
        challenge.settings.idle_secs = self.config.idle_expiry_secs;
        let channel = challenge.channel;
        self.retry(|| {
            self.busy(channel)?;
            if let Some(c) = self.load_challenge(channel)? {
                return Err(TableError::ChallengePending {
                    challenger: c.value.challenger.name(),
                    opponent: c.value.opponent.name(),
                });
            }
            if matches!(challenge.opponent, Seat::Bot { .. }) {
                let host = host.unwrap_or(channel);
                self.busy(host)?;
                return self
                    .start(None, challenge.clone(), host)
                    .map(ChallengeOutcome::Started);
            }
            let mut batch = Batch::new();
            batch.put(Space::Challenges, &game_key(channel), &challenge, Expect::Absent)?;
            batch.check(Space::Games, &game_key(channel), Expect::Absent);
            batch.set_deadline(channel, Some(challenge.expires_ms));
            self.commit(&batch)?;
            Ok(ChallengeOutcome::Pending(challenge.clone()))
        })
    }

    /// Starts the game of a challenge in `host` (the challenge's channel, or a
    /// thread made for the game), removing the stored challenge if there is one.
    fn start(&self, stored: Option<u64>, ch: Challenge, host: ChannelId) -> Result<GameView, TableError> {
        let now = self.now_ms();
        let players = ch
            .seats
            .clone()
            .unwrap_or_else(|| [ch.challenger.clone(), ch.opponent.clone()]);
        let first = match ch.settings.first {
            FirstMove::Challenger => players.iter().position(|p| *p == ch.challenger),
            FirstMove::Opponent => players.iter().position(|p| *p == ch.opponent),
            FirstMove::Random => Some((crate::ai::Rng::new(now ^ ch.channel).next_u64() & 1) as usize),
        };
        let first = if first == Some(1) {
            Side::North
        } else {
            Side::South
        };
        let rules = Rules {
            variant: ch.settings.variant,
            capture_from: ch.settings.capture_from,
            after_capture: ch.settings.after_capture,
            first,
        };
        let counter = self.store.get::<GameCounter>(Space::Meta, COUNTER_KEY)?;
        let id = counter.as_ref().map_or(1, |c| c.value.last + 1);
        let live = LiveGame {
            id,
            guild: ch.guild,
            channel: host,
            players,
            rules,
            moves: Vec::new(),
            settings: ch.settings,
            started_ms: now,
            turn_started_ms: now,
            reminders: 0,
            draw_offer: None,
            flagged: false,
            parent: (host != ch.channel).then_some(ch.channel),
        };
        let mut batch = Batch::new();
        batch.put(
            Space::Meta,
            COUNTER_KEY,
            &GameCounter { last: id },
            counter.map_or(Expect::Absent, |c| Expect::Version(c.version)),
        )?;
        if let Some(v) = stored {
            batch.delete(Space::Challenges, &game_key(ch.channel), Expect::Version(v));
            batch.set_deadline(ch.channel, None);
        }
        batch.put(Space::Games, &game_key(host), &live, Expect::Absent)?;
        batch.set_deadline(host, live.next_event_ms());
        self.index_playing(&mut batch, &live)?;
        self.commit(&batch).map_err(|e| match e {
            // The host channel got a game meanwhile: report it as busy.
            TableError::Contended => self.busy(host).err().unwrap_or(TableError::Contended),
            other => other,
        })?;
        Ok(GameView {
            game: live.game()?,
            live,
        })
    }

    /// The challenged player accepts. The game is hosted in `host` (a thread
    /// made for it) or, when `None`, in the challenge's channel.
    pub fn accept(
        &self,
        channel: ChannelId,
        user: UserId,
        host: Option<ChannelId>,
    ) -> Result<GameView, TableError> {
        self.retry(|| {
            let c = self.challenge_to(channel, user)?;
            let host = host.unwrap_or(channel);
            self.busy(host)?;
            self.start(Some(c.version), c.value, host)
        })
    }

    /// The challenged player declines.
    pub fn decline(&self, channel: ChannelId, user: UserId) -> Result<Challenge, TableError> {
        self.retry(|| self.drop_challenge(channel, self.challenge_to(channel, user)?))
    }

    /// The challenge in `channel`, if it is `user`'s to answer.
    fn challenge_to(&self, channel: ChannelId, user: UserId) -> Result<Stored<Challenge>, TableError> {
        let c = self.load_challenge(channel)?.ok_or(TableError::NoChallenge)?;
        if !c.value.opponent.is(user) {
            return Err(TableError::NotTheOpponent(c.value.opponent.name()));
        }
        Ok(c)
    }

    /// The challenger withdraws.
    pub fn withdraw(&self, channel: ChannelId, user: UserId) -> Result<Challenge, TableError> {
        self.retry(|| {
            let c = self.load_challenge(channel)?.ok_or(TableError::NoChallenge)?;
            if !c.value.challenger.is(user) {
                return Err(TableError::NotTheChallenger(c.value.challenger.name()));
            }
            self.drop_challenge(channel, c)
        })
    }

    pub(super) fn drop_challenge(
        &self,
        channel: ChannelId,
        c: Stored<Challenge>,
    ) -> Result<Challenge, TableError> {
        let mut batch = Batch::new();
        batch.delete(Space::Challenges, &game_key(channel), Expect::Version(c.version));
        batch.set_deadline(channel, None);
        self.commit(&batch)?;
        Ok(c.value)
    }

    /// Asks for a rematch of the channel's last game with colours swapped (the
    /// first player alternates). If the other player already asked, or is the
    /// bot, the game starts.
    pub fn rematch(&self, channel: ChannelId, user: UserId) -> Result<ChallengeOutcome, TableError> {
        let last = self.last_game(channel)?.ok_or(TableError::NoLastGame)?;
        let Some(side) = Side::ALL.into_iter().find(|&s| last.players[s.index()].is(user)) else {
            return Err(not_a_player(&last.players));
        };
        if let Some(c) = self.challenge_in(channel)? {
            if c.opponent.is(user) && c.seats.is_some() {
                return self.accept(channel, user, None).map(ChallengeOutcome::Started);
            }
        }
        let me = last.players[side.index()].clone();
        let other = last.players[side.opponent().index()].clone();
        let seats = [last.players[1].clone(), last.players[0].clone()];
        // The same side starts, so the other person does: the first player alternates.
        let first_side = last.record.rules.first;
        let mut settings = last.settings;
        settings.first = if seats[first_side.index()] == me {
            FirstMove::Challenger
        } else {
            FirstMove::Opponent
        };
        let now = self.now_ms();
        self.post_challenge(
            Challenge {
                guild: last.guild,
                channel,
                challenger: me,
                opponent: other,
                settings,
                seats: Some(seats.clone()),
                created_ms: now,
                expires_ms: now + self.config.challenge_ttl_secs * 1000,
            },
            None,
        )
    }
}
