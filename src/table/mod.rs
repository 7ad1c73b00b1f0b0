//! Hosting games in a chat, independent of Discord: challenges, turns, draw
//! offers, clocks, results and ratings.
//!
//! Ids are plain numbers and answers are data, so the Discord adapter, the
//! terminal mode and the tests all drive this one layer. Every operation reads
//! what it needs from the [`Store`], decides, and writes back with
//! compare-and-swap: two players acting at the same moment cannot both win,
//! and a refusal changes nothing.

mod clock;
mod model;
pub mod narrate;
mod rating;
pub mod scheduler;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use clock::{date_of, Clock, ManualClock, SystemClock};
pub use model::{
    Challenge, ChannelId, FinishedGame, FirstMove, GameSettings, GuildId, LiveGame, PlayerStats,
    RatingChange, Seat, Tally, UserId,
};
pub use rating::Rating;

use crate::ai::{AiConfig, Budget, Level, Review};
use crate::engine::{
    Game, GameResult, IllegalMove, Move, MoveReport, Outcome, ParsePitError, Pit, Position, Rules, Side,
    Termination,
};
use crate::store::{keys, Batch, Expect, Space, Store, StoreError, StoreExt, Stored};
use model::{GameCounter, LastGame};

/// Why the table refused something: what happened, with the names and
/// numbers involved. `Display` gives a short neutral sentence (for logs and
/// the terminal); each front end words refusals for its players itself.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TableError {
    /// No game in this channel.
    #[error("there is no game in this channel")]
    NoGame,
    /// No pending challenge in this channel.
    #[error("there is no open challenge in this channel")]
    NoChallenge,
    /// The channel already hosts a game.
    #[error("this channel already has a game in progress (game #{id}, {south} vs {north})")]
    Busy {
        /// The game's number.
        id: u64,
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// A challenge is already waiting in the channel.
    #[error("{challenger} has already challenged {opponent} here: it must be answered or withdrawn first")]
    ChallengePending {
        /// Who challenged.
        challenger: String,
        /// Who was challenged.
        opponent: String,
    },
    /// A player challenged himself.
    #[error("you cannot challenge yourself: challenge a friend, or the bot for a game against the computer")]
    SelfChallenge,
    /// Another bot account was challenged.
    #[error("{0} is a bot account: challenge a person, or me for a game against the computer")]
    BotOpponent(String),
    /// Only the challenged player may answer.
    #[error("only {0} can answer this challenge")]
    NotTheOpponent(String),
    /// Only the challenger may withdraw.
    #[error("only {0}, who made the challenge, can withdraw it")]
    NotTheChallenger(String),
    /// The user does not play in this game.
    #[error("you are not playing in this game ({south} vs {north})")]
    NotAPlayer {
        /// South's name.
        south: String,
        /// North's name.
        north: String,
    },
    /// It is the other player's turn.
    #[error("it is not your turn: {0} is to move")]
    NotYourTurn(String),
    /// The pit text names no pit.
    #[error("{0}")]
    BadPit(#[from] ParsePitError),
    /// The move breaks the rules.
    #[error("{0}")]
    Illegal(IllegalMove),
    /// Only moderators may do this.
    #[error("only moderators can abort a game")]
    NotModerator,
    /// Hints are only for games against the bot here.
    #[error("hints are only available in games against the bot")]
    HintsNotAllowed,
    /// Nothing to rematch.
    #[error("there is no finished game in this channel to rematch")]
    NoLastGame,
    /// Nothing to review.
    #[error("there is no finished game in this channel to review: games are reviewed once they are over")]
    NothingToReview,
    /// No time has run out: the opponent has not been flagged.
    #[error("there is no time to claim: your opponent has not run out of time")]
    NothingToClaim,
    /// The opponent is still within the time to move.
    #[error("{player} still has {} to move", clock::duration_text(*.left_ms))]
    StillHasTime {
        /// The player to move.
        player: String,
        /// Time left, in milliseconds.
        left_ms: u64,
    },
    /// A stored entry cannot be read; only this channel is affected.
    #[error("the saved {what} cannot be read ({reason})")]
    Corrupt {
        /// What could not be read.
        what: String,
        /// Why.
        reason: String,
    },
    /// A move menu under an old board was used.
    #[error("this board is out of date")]
    Stale,
    /// Too many people acted at once; nothing was changed.
    #[error("the game changed while your command was handled; nothing was done, please try again")]
    Contended,
    /// The storage failed.
    #[error("the game could not be saved or loaded ({0}); nothing was changed, please try again")]
    Storage(String),
}

impl TableError {
    /// The same refusal with every text that may come from players (names,
    /// a pit as typed, stored text quoted in a reason) passed through
    /// `escape`: a front end with markup neutralises them with it.
    pub fn escaped(&self, escape: impl Fn(&str) -> String) -> TableError {
        use TableError as E;
        match self {
            E::Busy { id, south, north } => E::Busy {
                id: *id,
                south: escape(south),
                north: escape(north),
            },
            E::ChallengePending { challenger, opponent } => E::ChallengePending {
                challenger: escape(challenger),
                opponent: escape(opponent),
            },
            E::BotOpponent(name) => E::BotOpponent(escape(name)),
            E::NotTheOpponent(name) => E::NotTheOpponent(escape(name)),
            E::NotTheChallenger(name) => E::NotTheChallenger(escape(name)),
            E::NotAPlayer { south, north } => E::NotAPlayer {
                south: escape(south),
                north: escape(north),
            },
            E::NotYourTurn(name) => E::NotYourTurn(escape(name)),
            E::BadPit(ParsePitError(text)) => E::BadPit(ParsePitError(escape(text))),
            E::StillHasTime { player, left_ms } => E::StillHasTime {
                player: escape(player),
                left_ms: *left_ms,
            },
            E::Corrupt { what, reason } => E::Corrupt {
                what: what.clone(),
                reason: escape(reason),
            },
            E::Storage(reason) => E::Storage(escape(reason)),
            other => other.clone(),
        }
    }
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        match e {
            StoreError::Corrupt { space, reason, .. } | StoreError::Encode { space, reason, .. } => {
                TableError::Corrupt {
                    what: space.name().trim_end_matches('s').to_string(),
                    reason,
                }
            }
            StoreError::UnsupportedFormat {
                space, kind, format, ..
            } => TableError::Corrupt {
                what: format!("{} ({kind} format {format})", space.name().trim_end_matches('s')),
                reason: "it was written by a newer version of the bot".into(),
            },
            other => TableError::Storage(other.to_string()),
        }
    }
}

/// What happens when a player's time runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeoutPolicy {
    /// The opponent wins at once.
    #[default]
    AutoWin,
    /// The opponent may claim the win (`claim`); until then the game goes on.
    Claim,
}

/// Settings of the hosting layer (the `[games]` table of the config file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableConfig {
    /// Seconds before an unanswered challenge expires.
    pub challenge_ttl_secs: u64,
    /// What a timeout does.
    pub timeout: TimeoutPolicy,
    /// Allow hints in games between people too.
    pub hints_in_human_games: bool,
}

impl Default for TableConfig {
    fn default() -> TableConfig {
        TableConfig {
            challenge_ttl_secs: 24 * 3600,
            timeout: TimeoutPolicy::AutoWin,
            hints_in_human_games: false,
        }
    }
}

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

/// The answer to a challenge: waiting, or (against the bot) started at once.
#[derive(Debug, Clone)]
pub enum ChallengeOutcome {
    /// Waiting for the opponent.
    Pending(Challenge),
    /// The game started.
    Started(GameView),
}

/// What an accepted move did.
#[derive(Debug, Clone)]
pub struct MoveOutcome {
    /// The position before the move (for animation).
    pub before: Position,
    /// The move, lap by lap.
    pub report: MoveReport,
    /// The game after the move.
    pub view: GameView,
    /// The finished game, if the move ended it.
    pub finished: Option<FinishedGame>,
}

/// The answer to a draw offer.
#[derive(Debug, Clone)]
pub enum DrawOutcome {
    /// The offer waits for the opponent.
    Offered(GameView),
    /// The opponent had offered too: the game is drawn.
    Agreed(FinishedGame),
}

/// Something the clock did, for the front end to announce.
#[derive(Debug, Clone)]
pub enum Notice {
    /// A player is reminded of their turn.
    Reminder {
        /// The game's channel.
        channel: ChannelId,
        /// The player to move.
        user: UserId,
        /// The game number.
        game: u64,
        /// When the time runs out (unix ms).
        deadline_ms: u64,
    },
    /// A player ran out of time and the opponent may claim the win.
    Flagged {
        /// The game's channel.
        channel: ChannelId,
        /// Who may claim.
        claimant: UserId,
        /// Who ran out of time.
        flagged: UserId,
    },
    /// A game ended on time.
    TimedOut(FinishedGame),
    /// A challenge expired unanswered.
    ChallengeExpired(Challenge),
    /// A stored entry could not be read; its deadline was dropped.
    Unreadable {
        /// The channel.
        channel: ChannelId,
        /// What went wrong.
        reason: String,
    },
}

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

fn not_a_player(players: &[Seat; 2]) -> TableError {
    TableError::NotAPlayer {
        south: players[0].name(),
        north: players[1].name(),
    }
}

impl Table {
    /// A table over a store, with a clock.
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>, config: TableConfig) -> Table {
        Table {
            store,
            clock,
            config,
            deadlines_changed: Arc::new(tokio::sync::Notify::new()),
            ai: AiConfig::default(),
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

    /// The configuration.
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The store underneath.
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Now, by the table's clock (unix ms).
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Runs `op` again while it loses compare-and-swap races.
    fn retry<T>(&self, mut op: impl FnMut() -> Result<T, TableError>) -> Result<T, TableError> {
        for _ in 0..RETRIES {
            match op() {
                Err(TableError::Storage(_)) | Err(TableError::Contended) => {}
                other => return other,
            }
        }
        op()
    }

    /// Maps a lost race to a retry and other store errors to table errors.
    fn commit(&self, batch: &Batch) -> Result<u64, TableError> {
        let version = self.store.apply(batch).map_err(|e| match e {
            StoreError::Conflict { .. } => TableError::Contended,
            other => other.into(),
        })?;
        if batch
            .ops()
            .iter()
            .any(|op| matches!(op, crate::store::Op::SetDeadline { .. }))
        {
            self.deadlines_changed.notify_one();
        }
        Ok(version)
    }

    fn load_game(&self, channel: ChannelId) -> Result<Option<Stored<LiveGame>>, TableError> {
        Ok(self.store.get::<LiveGame>(Space::Games, &game_key(channel))?)
    }

    fn load_challenge(&self, channel: ChannelId) -> Result<Option<Stored<Challenge>>, TableError> {
        Ok(self
            .store
            .get::<Challenge>(Space::Challenges, &game_key(channel))?)
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

    /// The pending challenge in a channel, if any.
    pub fn challenge_in(&self, channel: ChannelId) -> Result<Option<Challenge>, TableError> {
        Ok(self.load_challenge(channel)?.map(|s| s.value))
    }

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
        self.post_challenge(challenge)
    }

    fn post_challenge(&self, challenge: Challenge) -> Result<ChallengeOutcome, TableError> {
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
                return self
                    .start(None, challenge.clone(), channel)
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
            let c = self.load_challenge(channel)?.ok_or(TableError::NoChallenge)?;
            if !c.value.opponent.is(user) {
                return Err(TableError::NotTheOpponent(c.value.opponent.name()));
            }
            let host = host.unwrap_or(channel);
            self.busy(host)?;
            self.start(Some(c.version), c.value, host)
        })
    }

    /// The challenged player declines.
    pub fn decline(&self, channel: ChannelId, user: UserId) -> Result<Challenge, TableError> {
        self.retry(|| {
            let c = self.load_challenge(channel)?.ok_or(TableError::NoChallenge)?;
            if !c.value.opponent.is(user) {
                return Err(TableError::NotTheOpponent(c.value.opponent.name()));
            }
            self.drop_challenge(channel, c)
        })
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

    fn drop_challenge(&self, channel: ChannelId, c: Stored<Challenge>) -> Result<Challenge, TableError> {
        let mut batch = Batch::new();
        batch.delete(Space::Challenges, &game_key(channel), Expect::Version(c.version));
        batch.set_deadline(channel, None);
        self.commit(&batch)?;
        Ok(c.value)
    }

    /// The legal moves of `user` with each pit's seeds, if it is their turn
    /// (for autocomplete and select menus); empty otherwise.
    pub fn moves_for(&self, channel: ChannelId, user: UserId) -> Result<Vec<(Move, u8)>, TableError> {
        let Some(view) = self.game(channel)? else {
            return Ok(Vec::new());
        };
        if view.to_move().is_none_or(|s| !s.is(user)) {
            return Ok(Vec::new());
        }
        let p = view.game.position();
        Ok(view
            .game
            .legal_moves()
            .iter()
            .map(|m| (m, p.seeds(m.pit())))
            .collect())
    }

    /// The game in a channel, the side `user` plays in it, and its replayed state.
    fn player_game(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<(Stored<LiveGame>, Side, Game), TableError> {
        let stored = self.load_game(channel)?.ok_or(TableError::NoGame)?;
        let side = stored
            .value
            .side_of(user)
            .ok_or_else(|| not_a_player(&stored.value.players))?;
        let game = stored.value.game()?;
        Ok((stored, side, game))
    }

    /// Checks that `user` may move now, returning the stored game and its state.
    fn turn_of(&self, channel: ChannelId, user: UserId) -> Result<(Stored<LiveGame>, Game), TableError> {
        let (stored, side, game) = self.player_game(channel, user)?;
        let live = &stored.value;
        let to_move = game.position().to_move();
        if to_move != side {
            return Err(TableError::NotYourTurn(live.seat(to_move).name()));
        }
        Ok((stored, game))
    }

    /// `user` plays the pit named by `pit` (any text: it is parsed here).
    pub fn play(&self, channel: ChannelId, user: UserId, pit: &str) -> Result<MoveOutcome, TableError> {
        self.retry(|| {
            let (stored, game) = self.turn_of(channel, user)?;
            let mv: Move = pit.parse::<Pit>().map(Move)?;
            self.apply_move(stored, game, mv)
        })
    }

    /// Plays the bot's move if it is the bot's turn (searching on this thread:
    /// call it from a blocking task). `None` when it is not the bot's turn.
    pub fn bot_move(&self, channel: ChannelId) -> Result<Option<MoveOutcome>, TableError> {
        self.retry(|| {
            let Some(stored) = self.load_game(channel)? else {
                return Ok(None);
            };
            let game = stored.value.game()?;
            let Some(side) = game.to_move() else {
                return Ok(None);
            };
            let Seat::Bot { level } = *stored.value.seat(side) else {
                return Ok(None);
            };
            let seed = stored.value.id.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ game.ply() as u64;
            let Some(mv) = level.player_with(seed, self.ai.budget()).choose(game.position()) else {
                return Err(TableError::Illegal(IllegalMove::GameOver));
            };
            self.apply_move(stored, game, mv).map(Some)
        })
    }

    fn apply_move(
        &self,
        stored: Stored<LiveGame>,
        mut game: Game,
        mv: Move,
    ) -> Result<MoveOutcome, TableError> {
        let before = *game.position();
        let report = game.play(mv).map_err(TableError::Illegal)?;
        let mut live = stored.value.clone();
        live.moves.push(mv);
        live.turn_started_ms = self.now_ms();
        live.reminders = 0;
        live.flagged = false;
        live.draw_offer = None;
        if let Some(result) = report.result {
            let finished = self.finish(stored.version, live.clone(), &game, result)?;
            return Ok(MoveOutcome {
                before,
                report,
                view: GameView { live, game },
                finished: Some(finished),
            });
        }
        self.save(stored.version, &live)?;
        Ok(MoveOutcome {
            before,
            report,
            view: GameView { live, game },
            finished: None,
        })
    }

    fn save(&self, version: u64, live: &LiveGame) -> Result<(), TableError> {
        let mut batch = Batch::new();
        batch.put(
            Space::Games,
            &game_key(live.channel),
            live,
            Expect::Version(version),
        )?;
        batch.set_deadline(live.channel, live.next_event_ms());
        self.commit(&batch).map(drop)
    }

    /// Ends a game: removes it from its channel, keeps the record, updates the
    /// ratings: all in one commit.
    fn finish(
        &self,
        version: u64,
        live: LiveGame,
        game: &Game,
        result: GameResult,
    ) -> Result<FinishedGame, TableError> {
        let now = self.now_ms();
        let mut batch = Batch::new();
        let mut rating_changes = Vec::new();
        let humans = (live.players[0].user(), live.players[1].user());
        if let (Some(s), Some(n), true, false) = (
            humans.0,
            humans.1,
            live.settings.rated,
            result.termination == Termination::Aborted,
        ) {
            let load = |user: UserId, seat: &Seat| -> Result<(PlayerStats, Expect), TableError> {
                let key = keys::rating(live.guild, user);
                Ok(match self.store.get::<PlayerStats>(Space::Ratings, &key)? {
                    Some(st) => {
                        let mut v = st.value;
                        v.name = seat.name();
                        (v, Expect::Version(st.version))
                    }
                    None => (PlayerStats::new(user, seat.name()), Expect::Absent),
                })
            };
            let (mut south, es) = load(s, &live.players[0])?;
            let (mut north, en) = load(n, &live.players[1])?;
            let score = match result.outcome {
                Outcome::Win(Side::South) => 1.0,
                Outcome::Win(Side::North) => 0.0,
                Outcome::Draw => 0.5,
            };
            let (s0, n0) = (south.clone(), north.clone());
            south.record(&n0, score);
            north.record(&s0, 1.0 - score);
            rating_changes.push(RatingChange {
                user: s,
                before: s0.rating.rating,
                after: south.rating.rating,
            });
            rating_changes.push(RatingChange {
                user: n,
                before: n0.rating.rating,
                after: north.rating.rating,
            });
            batch.put(Space::Ratings, &keys::rating(live.guild, s), &south, es)?;
            batch.put(Space::Ratings, &keys::rating(live.guild, n), &north, en)?;
        }
        let finished = FinishedGame {
            id: live.id,
            guild: live.guild,
            channel: live.channel,
            players: live.players.clone(),
            settings: live.settings,
            result,
            record: live.record(game, Some(result)).to_string(),
            finished_ms: now,
            rating_changes,
        };
        batch.delete(Space::Games, &game_key(live.channel), Expect::Version(version));
        batch.set_deadline(live.channel, None);
        batch.put(Space::Records, &keys::id(live.id), &finished, Expect::Absent)?;
        batch.put(
            Space::Meta,
            &last_key(live.channel),
            &LastGame { id: live.id },
            Expect::Any,
        )?;
        self.commit(&batch)?;
        Ok(finished)
    }

    /// A player resigns (at any time, not only on their turn).
    pub fn resign(&self, channel: ChannelId, user: UserId) -> Result<FinishedGame, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let live = stored.value.clone();
            let result = GameResult {
                outcome: Outcome::Win(side.opponent()),
                termination: Termination::Resignation,
            };
            self.finish(stored.version, live, &game, result)
        })
    }

    /// A player offers a draw, or accepts the opponent's offer. Against the bot
    /// the offer is declined unless the bot is clearly not ahead.
    pub fn offer_draw(&self, channel: ChannelId, user: UserId) -> Result<DrawOutcome, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let mut live = stored.value.clone();
            let other = side.opponent();
            let bot_agrees = matches!(live.seat(other), Seat::Bot { .. })
                && game.position().total(other) <= game.position().total(side);
            if live.draw_offer == Some(other) || bot_agrees {
                let result = GameResult {
                    outcome: Outcome::Draw,
                    termination: Termination::Agreement,
                };
                return self
                    .finish(stored.version, live, &game, result)
                    .map(DrawOutcome::Agreed);
            }
            live.draw_offer = Some(side);
            self.save(stored.version, &live)?;
            Ok(DrawOutcome::Offered(GameView { live, game }))
        })
    }

    /// A moderator aborts the game in a channel: no result, no rating change.
    /// A game whose stored entry is unreadable is removed too.
    pub fn abort(&self, channel: ChannelId, is_moderator: bool) -> Result<Option<FinishedGame>, TableError> {
        if !is_moderator {
            return Err(TableError::NotModerator);
        }
        self.retry(|| {
            let stored = match self.store.get::<LiveGame>(Space::Games, &game_key(channel)) {
                Ok(Some(s)) => s,
                Ok(None) => return Err(TableError::NoGame),
                Err(StoreError::Corrupt { .. } | StoreError::UnsupportedFormat { .. }) => {
                    let mut batch = Batch::new();
                    batch
                        .delete(Space::Games, &game_key(channel), Expect::Any)
                        .set_deadline(channel, None);
                    self.commit(&batch)?;
                    return Ok(None);
                }
                Err(e) => return Err(e.into()),
            };
            let live = stored.value.clone();
            let game = live.game().unwrap_or_else(|_| Game::new(live.rules));
            let result = GameResult {
                outcome: Outcome::Draw,
                termination: Termination::Aborted,
            };
            self.finish(stored.version, live, &game, result).map(Some)
        })
    }

    /// The last finished game of a channel.
    pub fn last_game(&self, channel: ChannelId) -> Result<Option<FinishedGame>, TableError> {
        let Some(last) = self.store.get::<LastGame>(Space::Meta, &last_key(channel))? else {
            return Ok(None);
        };
        Ok(self
            .store
            .get::<FinishedGame>(Space::Records, &keys::id(last.value.id))?
            .map(|s| s.value))
    }

    /// A finished game by number.
    pub fn finished(&self, id: u64) -> Result<Option<FinishedGame>, TableError> {
        Ok(self
            .store
            .get::<FinishedGame>(Space::Records, &keys::id(id))?
            .map(|s| s.value))
    }

    /// Asks for a rematch of the channel's last game with colours swapped (the
    /// first player alternates). If the other player already asked, or is the
    /// bot, the game starts.
    pub fn rematch(&self, channel: ChannelId, user: UserId) -> Result<ChallengeOutcome, TableError> {
        let last = self.last_game(channel)?.ok_or(TableError::NoLastGame)?;
        let Some(side) = Side::ALL.into_iter().find(|&s| last.players[s.index()].is(user)) else {
            return Err(TableError::NotAPlayer {
                south: last.players[0].name(),
                north: last.players[1].name(),
            });
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
        let first_side = last
            .record
            .parse::<crate::engine::Record>()
            .map_or(Side::South, |r| r.rules.first);
        let mut settings = last.settings;
        settings.first = if seats[first_side.index()] == me {
            FirstMove::Challenger
        } else {
            FirstMove::Opponent
        };
        let now = self.now_ms();
        self.post_challenge(Challenge {
            guild: last.guild,
            channel,
            challenger: me,
            opponent: other,
            settings,
            seats: Some(seats.clone()),
            created_ms: now,
            expires_ms: now + self.config.challenge_ttl_secs * 1000,
        })
    }

    /// The player to move may ask the bot for a hint: in games against the bot,
    /// or everywhere if the configuration allows. Returns the move the strongest
    /// level would play (searching on this thread) and the seeds it captures.
    pub fn hint(&self, channel: ChannelId, user: UserId) -> Result<(Move, u32), TableError> {
        let (stored, game) = self.turn_of(channel, user)?;
        let vs_bot = stored.value.players.iter().any(|p| matches!(p, Seat::Bot { .. }));
        if !vs_bot && !self.config.hints_in_human_games {
            return Err(TableError::HintsNotAllowed);
        }
        let hint = crate::ai::hint(game.position(), self.ai.budget())
            .ok_or(TableError::Illegal(IllegalMove::GameOver))?;
        Ok((hint.mv, hint.captured))
    }

    /// The channel's last finished game, reviewed by the search with `budget`
    /// per search (see [`crate::ai::review`]). Seconds of CPU for a long
    /// game: call it off the async threads.
    pub fn review(&self, channel: ChannelId, budget: Budget) -> Result<(FinishedGame, Review), TableError> {
        let f = self.last_game(channel)?.ok_or(TableError::NothingToReview)?;
        let game = f
            .record
            .parse::<crate::engine::Record>()
            .map_err(|e| e.to_string())
            .and_then(|r| r.to_game().map_err(|e| e.to_string()))
            .map_err(|reason| TableError::Corrupt {
                what: format!("record of game #{}", f.id),
                reason,
            })?;
        let review = crate::ai::review(&game, budget);
        Ok((f, review))
    }

    /// After a timeout under [`TimeoutPolicy::Claim`], the waiting player claims the win.
    pub fn claim(&self, channel: ChannelId, user: UserId) -> Result<FinishedGame, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let live = stored.value.clone();
            let late = game.position().to_move();
            if !live.flagged || late == side {
                return Err(match live.deadline_ms() {
                    Some(d) if late != side => TableError::StillHasTime {
                        player: live.seat(late).name(),
                        left_ms: d.saturating_sub(self.clock.now_ms()),
                    },
                    _ => TableError::NothingToClaim,
                });
            }
            let result = GameResult {
                outcome: Outcome::Win(side),
                termination: Termination::Timeout,
            };
            self.finish(stored.version, live, &game, result)
        })
    }

    /// A player's statistics in a server.
    pub fn stats(&self, guild: GuildId, user: UserId) -> Result<Option<PlayerStats>, TableError> {
        Ok(self
            .store
            .get::<PlayerStats>(Space::Ratings, &keys::rating(guild, user))?
            .map(|s| s.value))
    }

    /// The server's players by rating, best first (unreadable entries skipped).
    pub fn leaderboard(&self, guild: GuildId, limit: usize) -> Result<Vec<PlayerStats>, TableError> {
        let mut all: Vec<PlayerStats> = self
            .store
            .list::<PlayerStats>(Space::Ratings, &keys::id(guild))?
            .into_iter()
            .filter_map(|(_, r)| r.ok().map(|s| s.value))
            .collect();
        all.sort_by(|a, b| {
            b.rating
                .rating
                .total_cmp(&a.rating.rating)
                .then(a.user.cmp(&b.user))
        });
        all.truncate(limit);
        Ok(all)
    }

    /// The record of the channel's game in progress, or else of its last game.
    pub fn record_text(&self, channel: ChannelId) -> Result<String, TableError> {
        if let Some(view) = self.game(channel)? {
            return Ok(view.live.record(&view.game, None).to_string());
        }
        self.last_game(channel)?
            .map(|f| f.record)
            .ok_or(TableError::NoGame)
    }

    /// The earliest clock deadline of any channel (unix ms).
    pub fn next_deadline(&self) -> Result<Option<u64>, TableError> {
        Ok(self.store.next_deadline()?.map(|d| d.at))
    }

    /// Handles every deadline that is due: expired challenges, reminders,
    /// timeouts. Reads only the deadline index, never every game.
    pub fn tick(&self) -> Result<Vec<Notice>, TableError> {
        let now = self.now_ms();
        let mut notices = Vec::new();
        for d in self.store.due_deadlines(now, 256)? {
            match self.handle_deadline(d.channel, now) {
                Ok(Some(n)) => notices.push(n),
                Ok(None) => {}
                Err(e) => {
                    // Drop the deadline so one bad entry cannot spin the scheduler.
                    self.store.set_deadline(d.channel, None)?;
                    notices.push(Notice::Unreadable {
                        channel: d.channel,
                        reason: e.to_string(),
                    });
                }
            }
        }
        Ok(notices)
    }

    fn handle_deadline(&self, channel: ChannelId, now: u64) -> Result<Option<Notice>, TableError> {
        self.retry(|| {
            if let Some(c) = self.load_challenge(channel)? {
                if c.value.expires_ms <= now {
                    return self
                        .drop_challenge(channel, c)
                        .map(|c| Some(Notice::ChallengeExpired(c)));
                }
            }
            let Some(stored) = self.load_game(channel)? else {
                // Nothing left here: clear a stale index entry.
                if self.load_challenge(channel)?.is_none() {
                    self.store.set_deadline(channel, None)?;
                }
                return Ok(None);
            };
            let mut live = stored.value.clone();
            let Some(at) = live.next_event_ms().filter(|&at| at <= now) else {
                self.store.set_deadline(channel, live.next_event_ms())?;
                return Ok(None);
            };
            let game = live.game()?;
            let late = game.position().to_move();
            let deadline = live.deadline_ms().unwrap_or(at);
            if live.reminders < 2 {
                live.reminders += 1;
                self.save(stored.version, &live)?;
                return Ok(live.seat(late).user().map(|user| Notice::Reminder {
                    channel,
                    user,
                    game: live.id,
                    deadline_ms: deadline,
                }));
            }
            let winner = late.opponent();
            let claimant = live.seat(winner).user();
            if self.config.timeout == TimeoutPolicy::Claim && claimant.is_some() {
                live.flagged = true;
                self.save(stored.version, &live)?;
                return Ok(Some(Notice::Flagged {
                    channel,
                    claimant: claimant.unwrap_or_default(),
                    flagged: live.seat(late).user().unwrap_or_default(),
                }));
            }
            let result = GameResult {
                outcome: Outcome::Win(winner),
                termination: Termination::Timeout,
            };
            self.finish(stored.version, live, &game, result)
                .map(|f| Some(Notice::TimedOut(f)))
        })
    }
}
