//! Challenges: made, answered, withdrawn, and the games they start.

use crate::ai::Level;
use crate::engine::{Rules, Side};
use crate::store::{Batch, Expect, Space, StoreExt, Stored};

use super::model::not_a_player;
use super::model::{GameCounter, Roster};
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
// Made once per challenge and never stored: boxing the game saves nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum ChallengeOutcome {
    /// Waiting for the opponent.
    Pending(Challenge),
    /// The game started.
    Started(GameView),
}

/// The store key of the pending challenge between two members in a channel:
/// one per pair at a time, whoever challenged. (Challenges stored before
/// several could wait in a channel are keyed by the channel alone.)
fn challenge_key(channel: ChannelId, a: UserId, b: UserId) -> Vec<u8> {
    let mut k = channel.to_be_bytes().to_vec();
    k.extend_from_slice(&a.min(b).to_be_bytes());
    k.extend_from_slice(&a.max(b).to_be_bytes());
    k
}

fn roster_key(channel: ChannelId) -> Vec<u8> {
    let mut k = b"challenges:".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

/// A pending challenge with its key and version.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    key: Vec<u8>,
    stored: Stored<Challenge>,
}

/// A channel's pending challenges as read for a change: the change commits
/// only if none changed meanwhile (the roster's compare-and-swap).
pub(super) struct Challenges {
    channel: ChannelId,
    list: Vec<Pending>,
    roster: Roster,
    roster_expect: Expect,
}

impl Challenges {
    /// Finishes `batch`: removes `taken` (keys of challenges answered,
    /// withdrawn, expired or cancelled) and bumps the roster. With
    /// `game_next`, it also sets the channel's deadline, recomputed from
    /// everything still there: the earliest expiry left, counting `added`
    /// (a challenge put in the same batch), and the next clock event of the
    /// game played in the channel (`Some(None)`: no game, or one without
    /// an event). `None` leaves the deadline to the caller: a game started
    /// in the same batch sets it.
    fn commit_into(
        &self,
        batch: &mut Batch,
        taken: &[&[u8]],
        added: Option<&Challenge>,
        game_next: Option<Option<u64>>,
    ) -> Result<(), TableError> {
        for p in self.list.iter().filter(|p| taken.contains(&p.key.as_slice())) {
            batch.delete(Space::Challenges, &p.key, Expect::Version(p.stored.version));
        }
        let roster = Roster {
            changes: self.roster.changes + 1,
        };
        batch.put(
            Space::Meta,
            &roster_key(self.channel),
            &roster,
            self.roster_expect,
        )?;
        if let Some(game_next) = game_next {
            let left = self.earliest_expiry(taken, added);
            batch.set_deadline(self.channel, earliest(left, game_next));
        }
        Ok(())
    }

    /// The earliest expiry of the challenges not `taken`, and of `added`.
    fn earliest_expiry(&self, taken: &[&[u8]], added: Option<&Challenge>) -> Option<u64> {
        self.list
            .iter()
            .filter(|p| !taken.contains(&p.key.as_slice()))
            .map(|p| &p.stored.value)
            .chain(added)
            .map(|c| c.expires_ms)
            .min()
    }

    /// Every pending challenge, oldest first.
    pub(super) fn values(&self) -> impl Iterator<Item = &Challenge> {
        self.list.iter().map(|p| &p.stored.value)
    }

    /// The one challenge that `pick` selects, or why there is none or several.
    fn one(
        &self,
        pick: impl Fn(&Challenge) -> bool,
        none: impl FnOnce(Option<&Challenge>) -> TableError,
        other_name: impl Fn(&Challenge) -> String,
    ) -> Result<&Pending, TableError> {
        let picked: Vec<&Pending> = self.list.iter().filter(|p| pick(&p.stored.value)).collect();
        match picked[..] {
            [one] => Ok(one),
            [] => Err(none(self.values().next())),
            _ => Err(TableError::WhichChallenge(
                picked.iter().map(|p| other_name(&p.stored.value)).collect(),
            )),
        }
    }
}

/// The earlier of two optional times.
pub(super) fn earliest(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Table {
    /// The next clock event of the game played in `channel` (`None`: no
    /// game, or no event), with a check in `batch` that the game stays as
    /// read: a channel's deadline is computed from the game and its
    /// challenges together, so neither may change unseen meanwhile.
    fn game_next_into(&self, batch: &mut Batch, channel: ChannelId) -> Result<Option<u64>, TableError> {
        let game = self.load_game(channel)?;
        let expect = game
            .as_ref()
            .map_or(Expect::Absent, |g| Expect::Version(g.version));
        batch.check(Space::Games, &game_key(channel), expect);
        Ok(game.and_then(|g| g.value.next_event_ms()))
    }

    /// The earliest expiry of the challenges waiting in `channel`, with a
    /// check in `batch` that they stay as read (for a batch that sets the
    /// deadline of a game ending there, and does not change challenges).
    pub(super) fn challenges_expiry_into(
        &self,
        batch: &mut Batch,
        channel: ChannelId,
    ) -> Result<Option<u64>, TableError> {
        let all = self.challenges(channel)?;
        batch.check(Space::Meta, &roster_key(channel), all.roster_expect);
        Ok(all.earliest_expiry(&[], None))
    }

    /// Sets a channel's deadline again from its game and the challenges
    /// waiting there (after a change that set only the game's).
    pub(super) fn refresh_deadline(&self, channel: ChannelId) -> Result<(), TableError> {
        self.retry(|| {
            let all = self.challenges(channel)?;
            let mut batch = Batch::new();
            let next = self.game_next_into(&mut batch, channel)?;
            all.commit_into(&mut batch, &[], None, Some(next))?;
            self.commit(&batch).map(drop)
        })
    }

    /// A channel's pending challenges, for a change to them.
    pub(super) fn challenges(&self, channel: ChannelId) -> Result<Challenges, TableError> {
        let roster = self.store.get::<Roster>(Space::Meta, &roster_key(channel))?;
        let mut list = Vec::new();
        for (key, entry) in self
            .store
            .list::<Challenge>(Space::Challenges, &channel.to_be_bytes())?
        {
            list.push(Pending { key, stored: entry? });
        }
        list.sort_by_key(|p| p.stored.value.created_ms);
        Ok(Challenges {
            channel,
            list,
            roster_expect: roster
                .as_ref()
                .map_or(Expect::Absent, |r| Expect::Version(r.version)),
            roster: roster.map(|r| r.value).unwrap_or_default(),
        })
    }

    /// The pending challenges in a channel, oldest first.
    pub fn challenges_in(&self, channel: ChannelId) -> Result<Vec<Challenge>, TableError> {
        Ok(self.challenges(channel)?.values().cloned().collect())
    }

    /// The challenge in `channel` that `user` may answer: the one from
    /// `from` when given, else the only one to `user` there.
    pub fn challenge_for(
        &self,
        channel: ChannelId,
        user: UserId,
        from: Option<UserId>,
    ) -> Result<Challenge, TableError> {
        let all = self.challenges(channel)?;
        Ok(Self::to_user(&all, user, from)?.stored.value.clone())
    }

    fn to_user(all: &Challenges, user: UserId, from: Option<UserId>) -> Result<&Pending, TableError> {
        all.one(
            |c| c.opponent.is(user) && from.is_none_or(|f| c.challenger.is(f)),
            |any| match any {
                Some(c) if from.is_none() => TableError::NotTheOpponent(c.opponent.name()),
                _ => TableError::NoChallenge,
            },
            |c| c.challenger.name(),
        )
    }

    pub(super) fn busy(&self, channel: ChannelId) -> Result<(), TableError> {
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
        let challenge = self.challenge_of(req)?;
        self.post_challenge(challenge, host)
    }

    /// Whether [`Table::challenge`] would take `req` now, without posting it:
    /// the same refusals, read only (a front end decides with it before
    /// opening a thread for a game that would not start).
    pub fn check_challenge(&self, req: &ChallengeRequest) -> Result<(), TableError> {
        let challenge = self.challenge_of(req.clone())?;
        self.open_to(&challenge).map(drop)
    }

    /// The challenge `req` asks for, as stored.
    fn challenge_of(&self, req: ChallengeRequest) -> Result<Challenge, TableError> {
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
        Ok(Challenge {
            guild: req.guild,
            channel: req.channel,
            challenger,
            opponent,
            settings: req.settings,
            seats: None,
            created_ms: now,
            expires_ms: now + self.config.challenge_ttl_secs * 1000,
        })
    }

    /// The channel's challenges, if `challenge` may join them: the channel
    /// is not taken by a game, and the pair has no challenge pending there.
    fn open_to(&self, challenge: &Challenge) -> Result<Challenges, TableError> {
        let channel = challenge.channel;
        self.busy(channel)?;
        let all = self.challenges(channel)?;
        let (a, b) = (challenge.challenger.user(), challenge.opponent.user());
        if let Some(c) = all
            .values()
            .find(|c| [a, b].contains(&c.challenger.user()) && [a, b].contains(&c.opponent.user()))
        {
            return Err(TableError::ChallengePending {
                challenger: c.challenger.name(),
                opponent: c.opponent.name(),
            });
        }
        Ok(all)
    }

    fn post_challenge(
        &self,
        mut challenge: Challenge,
        host: Option<ChannelId>,
    ) -> Result<ChallengeOutcome, TableError> {
        challenge.settings.idle_secs = self.config.idle_expiry_secs;
        let channel = challenge.channel;
        self.retry(|| {
            let all = self.open_to(&challenge)?;
            let (a, b) = (challenge.challenger.user(), challenge.opponent.user());
            if matches!(challenge.opponent, Seat::Bot { .. }) {
                let host = host.unwrap_or(channel);
                self.busy(host)?;
                return self
                    .start(&all, None, challenge.clone(), host)
                    .map(ChallengeOutcome::Started);
            }
            let key = challenge_key(channel, a.unwrap_or_default(), b.unwrap_or_default());
            let mut batch = Batch::new();
            batch.put(Space::Challenges, &key, &challenge, Expect::Absent)?;
            batch.check(Space::Games, &game_key(channel), Expect::Absent);
            all.commit_into(&mut batch, &[], Some(&challenge), Some(None))?;
            self.commit(&batch)?;
            Ok(ChallengeOutcome::Pending(challenge.clone()))
        })
    }

    /// Starts the game of a challenge in `host` (the challenge's channel, or a
    /// thread made for the game), removing the stored challenge if there is
    /// one (`taken` from the channel's `all`). A game accepted in the
    /// channel itself occupies it: the other challenges waiting there are
    /// cancelled. A game against the bot leaves them waiting, and the
    /// channel's deadline is the earliest of its clock and their expiries.
    fn start(
        &self,
        all: &Challenges,
        taken: Option<&Pending>,
        ch: Challenge,
        host: ChannelId,
    ) -> Result<GameView, TableError> {
        let here = host == ch.channel;
        let waiting = match (here, taken) {
            (true, None) => all.earliest_expiry(&[], None),
            _ => None,
        };
        let (live, mut batch) = self.new_game(&ch, host, None, waiting)?;
        match (here, taken) {
            (true, Some(_)) => {
                let cancelled: Vec<&[u8]> = all.list.iter().map(|p| p.key.as_slice()).collect();
                all.commit_into(&mut batch, &cancelled, None, None)?;
            }
            // The new game's deadline counts them: they must not change unseen.
            (true, None) => {
                batch.check(Space::Meta, &roster_key(all.channel), all.roster_expect);
            }
            (false, Some(p)) => {
                let next = self.game_next_into(&mut batch, ch.channel)?;
                all.commit_into(&mut batch, &[p.key.as_slice()], None, Some(next))?;
            }
            (false, None) => {}
        }
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

    /// A new game of a challenge hosted in `host` (of tournament board
    /// `tournament`, if any), and the batch that starts it: its number, the
    /// game, its deadline and its players' lists. `waiting` is the earliest
    /// expiry of challenges left waiting in `host`: the host's deadline is
    /// whichever comes first.
    pub(super) fn new_game(
        &self,
        ch: &Challenge,
        host: ChannelId,
        tournament: Option<super::TournamentGame>,
        waiting: Option<u64>,
    ) -> Result<(LiveGame, Batch), TableError> {
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
            claim_closes_ms: None,
            parent: (host != ch.channel).then_some(ch.channel),
            tournament,
            conditional: Vec::new(),
            conditional_plies: Vec::new(),
            takeback: None,
            takebacks: 0,
            paused: None,
        };
        let mut batch = Batch::new();
        batch.put(
            Space::Meta,
            COUNTER_KEY,
            &GameCounter { last: id },
            counter.map_or(Expect::Absent, |c| Expect::Version(c.version)),
        )?;
        batch.put(Space::Games, &game_key(host), &live, Expect::Absent)?;
        batch.set_deadline(host, earliest(live.next_event_ms(), waiting));
        self.index_playing(&mut batch, &live)?;
        Ok((live, batch))
    }

    /// The challenged player accepts. The game is hosted in `host` (a thread
    /// made for it) or, when `None`, in the challenge's channel.
    pub fn accept(
        &self,
        channel: ChannelId,
        user: UserId,
        host: Option<ChannelId>,
    ) -> Result<GameView, TableError> {
        self.accept_from(channel, user, None, host)
    }

    /// [`Table::accept`] the challenge from `from` (needed when several
    /// members challenged `user` in the channel).
    pub fn accept_from(
        &self,
        channel: ChannelId,
        user: UserId,
        from: Option<UserId>,
        host: Option<ChannelId>,
    ) -> Result<GameView, TableError> {
        self.retry(|| {
            let all = self.challenges(channel)?;
            let p = Self::to_user(&all, user, from)?;
            if p.stored.value.expires_ms <= self.now_ms() {
                // Expired, not yet cleared: the clock clears and announces it.
                return Err(TableError::NoChallenge);
            }
            let host = host.unwrap_or(channel);
            self.busy(host)?;
            self.start(&all, Some(p), p.stored.value.clone(), host)
        })
    }

    /// The challenged player declines.
    pub fn decline(&self, channel: ChannelId, user: UserId) -> Result<Challenge, TableError> {
        self.decline_from(channel, user, None)
    }

    /// [`Table::decline`] the challenge from `from`.
    pub fn decline_from(
        &self,
        channel: ChannelId,
        user: UserId,
        from: Option<UserId>,
    ) -> Result<Challenge, TableError> {
        self.retry(|| {
            let all = self.challenges(channel)?;
            let p = Self::to_user(&all, user, from)?;
            self.drop_challenge(&all, p)
        })
    }

    /// The challenger withdraws.
    pub fn withdraw(&self, channel: ChannelId, user: UserId) -> Result<Challenge, TableError> {
        self.withdraw_to(channel, user, None)
    }

    /// [`Table::withdraw`] the challenge to `to` (needed when `user`
    /// challenged several members in the channel).
    pub fn withdraw_to(
        &self,
        channel: ChannelId,
        user: UserId,
        to: Option<UserId>,
    ) -> Result<Challenge, TableError> {
        self.retry(|| {
            let all = self.challenges(channel)?;
            let p = all.one(
                |c| c.challenger.is(user) && to.is_none_or(|t| c.opponent.is(t)),
                |any| match any {
                    Some(c) if to.is_none() => TableError::NotTheChallenger(c.challenger.name()),
                    _ => TableError::NoChallenge,
                },
                |c| c.opponent.name(),
            )?;
            self.drop_challenge(&all, p)
        })
    }

    /// Removes one pending challenge of a channel.
    pub(super) fn drop_challenge(&self, all: &Challenges, p: &Pending) -> Result<Challenge, TableError> {
        let mut batch = Batch::new();
        let next = self.game_next_into(&mut batch, all.channel)?;
        all.commit_into(&mut batch, &[p.key.as_slice()], None, Some(next))?;
        self.commit(&batch)?;
        Ok(p.stored.value.clone())
    }

    /// Withdraws every challenge waiting in a channel (a moderator's abort).
    pub(super) fn withdraw_all(&self, channel: ChannelId) -> Result<Vec<Challenge>, TableError> {
        let all = self.challenges(channel)?;
        if all.list.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<&[u8]> = all.list.iter().map(|p| p.key.as_slice()).collect();
        let mut batch = Batch::new();
        let next = self.game_next_into(&mut batch, channel)?;
        all.commit_into(&mut batch, &keys, None, Some(next))?;
        self.commit(&batch)?;
        Ok(all.values().cloned().collect())
    }

    /// Removes the challenges of a channel that expired by `now`. The
    /// channel's deadline is then that of what is still there: the other
    /// challenges and the game played there, if any.
    pub(super) fn expire_challenges(
        &self,
        channel: ChannelId,
        now: u64,
    ) -> Result<Vec<Challenge>, TableError> {
        self.retry(|| {
            let all = self.challenges(channel)?;
            let mut batch = Batch::new();
            let next = self.game_next_into(&mut batch, channel)?;
            if all.list.is_empty() {
                // A stale index entry: no challenge waits here.
                batch.set_deadline(channel, next);
                self.commit(&batch)?;
                return Ok(Vec::new());
            }
            let due: Vec<&Pending> = all
                .list
                .iter()
                .filter(|p| p.stored.value.expires_ms <= now)
                .collect();
            let keys: Vec<&[u8]> = due.iter().map(|p| p.key.as_slice()).collect();
            all.commit_into(&mut batch, &keys, None, Some(next))?;
            self.commit(&batch)?;
            Ok(due.iter().map(|p| p.stored.value.clone()).collect())
        })
    }

    /// Asks for a rematch of the channel's last game with colours swapped (the
    /// first player alternates). If the other player already asked, or is the
    /// bot, the game starts.
    pub fn rematch(&self, channel: ChannelId, user: UserId) -> Result<ChallengeOutcome, TableError> {
        self.rematch_of(channel, user, None)
    }

    /// [`Table::rematch`] from the button under game number `game`'s end:
    /// refused as [`TableError::Stale`] once another game ended here since.
    pub fn rematch_of(
        &self,
        channel: ChannelId,
        user: UserId,
        game: Option<u64>,
    ) -> Result<ChallengeOutcome, TableError> {
        let last = self.last_game(channel)?.ok_or(TableError::NoLastGame)?;
        if game.is_some_and(|id| id != last.id) {
            return Err(TableError::Stale);
        }
        let Some(side) = Side::ALL.into_iter().find(|&s| last.players[s.index()].is(user)) else {
            return Err(not_a_player(&last.players));
        };
        let me = last.players[side.index()].clone();
        let other = last.players[side.opponent().index()].clone();
        if other == Seat::Former {
            return Err(TableError::FormerMember);
        }
        let asked = self
            .challenges_in(channel)?
            .into_iter()
            .any(|c| c.opponent.is(user) && c.seats.is_some() && c.challenger == other);
        if asked {
            return self
                .accept_from(channel, user, other.user(), None)
                .map(ChallengeOutcome::Started);
        }
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
