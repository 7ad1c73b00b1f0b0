//! What the hosting layer stores: challenges, live games, finished games and
//! player statistics. Each is a [`Versioned`] value in its own store space.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::rating::Rating;
use super::{TableError, Unreadable};
use crate::ai::Level;
use crate::engine::{
    AfterCapture, CaptureFrom, Game, GameResult, Move, Outcome, Record, Rules, Side, Termination, Variant,
};
use crate::store::Versioned;

/// A chat user id (a Discord snowflake, but any number works).
pub type UserId = u64;
/// A channel id; a thread is a channel too.
pub type ChannelId = u64;
/// A server id; ratings are per server.
pub type GuildId = u64;

/// Who sits on one side of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Seat {
    /// A person in the chat.
    Human {
        /// Their id.
        id: UserId,
        /// Their display name when the game started.
        name: String,
    },
    /// The bot itself, playing at a level.
    Bot {
        /// The computer player's level.
        level: Level,
    },
    /// A member who asked to be forgotten ([`Table::forget_member`](super::Table::forget_member)):
    /// no id, no name. Only in finished games; front ends word it (e.g. "a
    /// former member").
    Former,
}

/// The name a [`Seat::Former`] has in records and plain text: `?`, as a
/// game record writes an unknown player.
pub const FORMER_NAME: &str = "?";

/// The user id a forgotten member's rating changes carry: no member has it
/// (Discord ids are never 0).
pub const FORMER_ID: UserId = 0;

impl Seat {
    /// The user id of a human seat.
    pub fn user(&self) -> Option<UserId> {
        match self {
            Seat::Human { id, .. } => Some(*id),
            Seat::Bot { .. } | Seat::Former => None,
        }
    }

    /// True if this seat is the user `id`.
    pub fn is(&self, id: UserId) -> bool {
        self.user() == Some(id)
    }

    /// A display name.
    pub fn name(&self) -> String {
        match self {
            Seat::Human { name, .. } => name.clone(),
            Seat::Bot { level } => format!("isolo-bot ({level})"),
            Seat::Former => FORMER_NAME.to_owned(),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Who moves first, chosen in a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstMove {
    /// The challenger starts.
    #[default]
    Challenger,
    /// The challenged player starts.
    Opponent,
    /// Decided at random when the game starts.
    Random,
}

/// How a game is set up: chosen by the challenger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameSettings {
    /// The variant.
    pub variant: Variant,
    /// Where captured seeds are sown from (house rule).
    pub capture_from: CaptureFrom,
    /// Whether a capture ends the move (house rule).
    pub after_capture: AfterCapture,
    /// Who starts.
    pub first: FirstMove,
    /// Time allowed for each move, in seconds; `None` for no clock.
    pub move_secs: Option<u64>,
    /// Whether the result changes ratings (only between two people).
    pub rated: bool,
    /// Without a clock: seconds without a move after which the game ends as
    /// an unrated draw (a reminder comes first). Set by the table from its
    /// configuration when the challenge is made.
    #[serde(default = "default_idle_secs")]
    pub idle_secs: u64,
}

/// The idle time of games stored before it was configurable.
fn default_idle_secs() -> u64 {
    super::DEFAULT_IDLE_SECS
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            variant: Variant::Women,
            capture_from: CaptureFrom::Origin,
            after_capture: AfterCapture::End,
            first: FirstMove::Challenger,
            move_secs: None,
            rated: true,
            idle_secs: super::DEFAULT_IDLE_SECS,
        }
    }
}

/// Reads a value of format 1, stored under rule book version 1: its game
/// was set up (or agreed) with captures going on, so it keeps that rule.
fn from_rules_v1<T: serde::de::DeserializeOwned>(
    format: u32,
    mut data: serde_json::Value,
) -> Result<T, String> {
    if format != 1 {
        return Err(format!("unknown format {format}"));
    }
    for field in ["settings", "rules"] {
        if let Some(obj) = data.get_mut(field).and_then(serde_json::Value::as_object_mut) {
            obj.entry("after_capture")
                .or_insert_with(|| AfterCapture::Continue.name().into());
        }
    }
    serde_json::from_value(data).map_err(|e| e.to_string())
}

/// A challenge waiting for an answer in a channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The server.
    pub guild: GuildId,
    /// The channel the challenge was made in.
    pub channel: ChannelId,
    /// Who challenged (always a person).
    pub challenger: Seat,
    /// Who is challenged.
    pub opponent: Seat,
    /// The game's settings.
    pub settings: GameSettings,
    /// Seat order of a rematch (`[south, north]`), instead of challenger = South.
    #[serde(default)]
    pub seats: Option<[Seat; 2]>,
    /// When it was made (unix ms).
    pub created_ms: u64,
    /// When it expires unanswered (unix ms).
    pub expires_ms: u64,
}

impl Versioned for Challenge {
    const KIND: &'static str = "challenge";
    const FORMAT: u32 = 2;

    fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
        from_rules_v1(format, data)
    }
}

/// How long after its turn began the clock plays the bot's move itself, in
/// case the front end did not (long enough for an answer and its picture).
pub const BOT_MOVE_GRACE_MS: u64 = 8_000;

/// Silence after which a game without a clock reminds the player to move.
pub const IDLE_REMINDER_MS: u64 = 24 * 3600 * 1000;

/// A game in progress in a channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// Unique game number.
    pub id: u64,
    /// The server.
    pub guild: GuildId,
    /// The channel (or thread) hosting it.
    pub channel: ChannelId,
    /// South, then North.
    pub players: [Seat; 2],
    /// Variant, house rule and first player.
    pub rules: Rules,
    /// Moves so far.
    pub moves: Vec<Move>,
    /// Settings it was started with.
    pub settings: GameSettings,
    /// When it started (unix ms).
    pub started_ms: u64,
    /// When the current turn began (unix ms).
    pub turn_started_ms: u64,
    /// Reminder times passed in the current turn (of
    /// [`Reminders::every_slot`], or 0 and 1 without a clock).
    pub reminders: u8,
    /// A pending draw offer, by this side.
    pub draw_offer: Option<Side>,
    /// When the side to move ran out of time and the opponent may claim the win.
    #[serde(default)]
    pub flagged: bool,
    /// When a flagged game's claim window closes (unix ms): if nobody
    /// claimed by then, the clock records the win on time itself. `None`
    /// for games flagged before the window existed (the clock gives them
    /// one when it next sees them).
    #[serde(default)]
    pub claim_closes_ms: Option<u64>,
    /// The channel whose thread hosts the game (`None`: hosted in the channel itself).
    #[serde(default)]
    pub parent: Option<ChannelId>,
    /// The tournament board it plays, if any.
    #[serde(default)]
    pub tournament: Option<TournamentGame>,
    /// Conditional lines the players entered ([`Table::add_conditional`](super::Table::add_conditional)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional: Vec<ConditionalLine>,
    /// The plies (0-based) that were played from a conditional line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional_plies: Vec<usize>,
    /// The clock stopped by players' vacations, if it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<Paused>,
    /// A pending request to take back a move, by this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<Side>,
    /// Takebacks accepted so far: a page's history may shrink only when
    /// this grows, so a push after a takeback is never taken for an old one.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub takebacks: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A line of conditional moves: the opponent's move, the owner's answer,
/// and so on, from the position it was entered in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionalLine {
    /// The side whose player entered it (and whose answers it plays).
    pub side: Side,
    /// Its plies, the opponent's first.
    pub moves: Vec<Move>,
}

/// A game's clock, stopped while players are on vacation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paused {
    /// When the clock stopped (unix ms); a move while it is stopped starts
    /// the new turn stopped too, so it moves this on.
    pub since_ms: u64,
    /// The players on vacation, each with when their bank runs out.
    pub by: Vec<VacationHold>,
    /// The latest end of a vacation taken off while others still held
    /// the clock (unix ms): the clock runs again from the last end.
    #[serde(default)]
    pub ended_ms: u64,
}

/// One player's vacation holding a game's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationHold {
    /// The player.
    pub user: UserId,
    /// When their vacation bank runs out (unix ms).
    pub until_ms: u64,
}

impl Versioned for LiveGame {
    const KIND: &'static str = "game";
    const FORMAT: u32 = 2;

    fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
        from_rules_v1(format, data)
    }
}

impl LiveGame {
    /// Replays the moves into an engine game. A stored game whose moves are
    /// not legal is corrupt.
    pub fn game(&self) -> Result<Game, TableError> {
        Game::replay(crate::engine::Position::new(self.rules), &self.moves).map_err(|(i, e)| {
            TableError::Corrupt {
                what: Unreadable::Game(self.id),
                reason: format!("stored move {} ({}) is illegal: {e}", i + 1, self.moves[i]),
            }
        })
    }

    /// The seat of a side.
    pub fn seat(&self, side: Side) -> &Seat {
        &self.players[side.index()]
    }

    /// The side a user plays, if any.
    pub fn side_of(&self, user: UserId) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.seat(s).is(user))
    }

    /// When the current turn's time runs out (unix ms), if there is a clock.
    pub fn deadline_ms(&self) -> Option<u64> {
        self.settings.move_secs.map(|s| self.turn_started_ms + s * 1000)
    }

    /// The side to move, by the count of moves (sides alternate every move;
    /// a finished game is never a live one).
    pub fn side_to_move(&self) -> Side {
        let first = crate::engine::Position::new(self.rules).to_move();
        match self.moves.len() % 2 {
            0 => first,
            _ => first.opponent(),
        }
    }

    /// True when the bot is to move.
    pub fn bot_to_move(&self) -> bool {
        matches!(self.seat(self.side_to_move()), Seat::Bot { .. })
    }

    /// The next event of the current turn. When the bot is to move, its move
    /// is due [`BOT_MOVE_GRACE_MS`] after the turn began: the front end
    /// normally plays it at once, and the clock plays it when that answer was
    /// lost (a failed message, a restart). With a clock: a reminder at half
    /// time, another with a tenth of the time left, then the timeout.
    /// Without one: a reminder after a day of silence (sooner for a short
    /// idle time), then the end as an unrated draw after the idle time.
    /// Flagged (under the claim policy): the close of the claim window, or
    /// at once for a game flagged before windows existed.
    pub fn next_event_ms(&self) -> Option<u64> {
        // A stopped clock waits for the first vacation to run out.
        if let Some(p) = &self.paused {
            return p.by.iter().map(|h| h.until_ms).min();
        }
        if self.bot_to_move() {
            return Some(self.turn_started_ms + BOT_MOVE_GRACE_MS);
        }
        let Some(secs) = self.settings.move_secs else {
            let idle = self.settings.idle_secs.saturating_mul(1000);
            let after = match self.reminders {
                0 => IDLE_REMINDER_MS.min(idle / 2),
                _ => idle,
            };
            return Some(self.turn_started_ms.saturating_add(after));
        };
        let limit = secs * 1000;
        let at = match Reminders::every_slot(limit).get(usize::from(self.reminders)) {
            Some(&at) => at,
            None if self.flagged => return self.claim_closes_ms.or(self.deadline_ms()),
            None => limit,
        };
        Some(self.turn_started_ms + at)
    }

    /// The game record, with names and date.
    pub fn record(&self, game: &Game, result: Option<GameResult>) -> Record {
        let mut rec = Record::from_game(game);
        rec.south = Some(self.players[0].name());
        rec.north = Some(self.players[1].name());
        rec.date = Some(super::clock::date_of(self.started_ms));
        rec.extra.push(("GameId".into(), self.id.to_string()));
        if !self.conditional_plies.is_empty() {
            let plies: Vec<String> = self
                .conditional_plies
                .iter()
                .map(|p| (p + 1).to_string())
                .collect();
            rec.extra.push((CONDITIONAL_TAG.into(), plies.join(" ")));
        }
        if let Some(r) = result {
            // Aborted games have no result in the record.
            rec.outcome = (r.termination != Termination::Aborted).then_some(r.outcome);
            rec.termination = Some(r.termination);
        }
        rec
    }
}

/// The record tag listing the plies (1-based, space-separated) that were
/// played from a conditional line.
pub const CONDITIONAL_TAG: &str = "Conditional";

/// The plies (0-based) a record marks as played from a conditional line.
pub fn conditional_plies(record: &Record) -> Vec<usize> {
    record
        .extra
        .iter()
        .filter(|(k, _)| k == CONDITIONAL_TAG)
        .flat_map(|(_, v)| {
            v.split_whitespace()
                .filter_map(|n| n.parse::<usize>().ok()?.checked_sub(1))
        })
        .collect()
}

/// One player's rating change from a game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The player.
    pub user: UserId,
    /// Rating before.
    pub before: f64,
    /// Rating after.
    pub after: f64,
}

/// A finished game, kept for history, export and rematches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// Game number.
    pub id: u64,
    /// The server.
    pub guild: GuildId,
    /// The channel it was played in.
    pub channel: ChannelId,
    /// South, then North.
    pub players: [Seat; 2],
    /// Settings it was played with.
    pub settings: GameSettings,
    /// Who won and why.
    pub result: GameResult,
    /// The game record (kept as its text in the store).
    #[serde(with = "record_text")]
    pub record: Record,
    /// When it ended (unix ms).
    pub finished_ms: u64,
    /// Rating changes (empty for unrated games).
    pub rating_changes: Vec<RatingChange>,
    /// The channel whose thread hosted the game (`None`: the channel itself).
    #[serde(default)]
    pub parent: Option<ChannelId>,
    /// The tournament board it played, if any.
    #[serde(default)]
    pub tournament: Option<TournamentGame>,
}

impl Versioned for FinishedGame {
    const KIND: &'static str = "finished";
    const FORMAT: u32 = 2;

    fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
        from_rules_v1(format, data)
    }
}

impl FinishedGame {
    /// The game replayed from its record: its moves, positions and result.
    pub fn game(&self) -> Result<Game, TableError> {
        self.record.to_game().map_err(|e| TableError::Corrupt {
            what: Unreadable::Record(self.id),
            reason: e.to_string(),
        })
    }

    /// The winner's seat, if any.
    pub fn winner(&self) -> Option<&Seat> {
        match (self.result.termination, self.result.outcome) {
            (Termination::Aborted, _) | (_, Outcome::Draw) => None,
            (_, Outcome::Win(s)) => Some(&self.players[s.index()]),
        }
    }
}

/// A record kept as its text: readable in exports, and the same format
/// players download.
mod record_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use crate::engine::Record;

    pub fn serialize<S: Serializer>(record: &Record, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(record)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

/// Win, loss and draw counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Games in all.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// Opponents a player's head-to-head results are kept for: the most played.
pub const MAX_HEAD_TO_HEAD: usize = 100;

/// A player's rating and record in one server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// The player.
    pub user: UserId,
    /// Latest display name.
    pub name: String,
    /// Glicko-2 rating.
    pub rating: Rating,
    /// Rated results.
    pub tally: Tally,
    /// Current streak: positive for wins in a row, negative for losses.
    pub streak: i32,
    /// Longest winning streak.
    pub best_streak: i32,
    /// Results against each opponent (at most [`MAX_HEAD_TO_HEAD`]).
    pub head_to_head: BTreeMap<UserId, Tally>,
    /// When the deviation was last brought up to date (unix ms): the last
    /// rated game, or the start-up that stamped a rating of format 1.
    /// `None` until then: such a rating does not grow unsure.
    #[serde(default)]
    pub rated_ms: Option<u64>,
}

impl Versioned for PlayerStats {
    const KIND: &'static str = "player";
    /// 2: `rated_ms`, for deviation that grows with inactivity.
    const FORMAT: u32 = 2;

    fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
        match format {
            // `rated_ms` is absent and stays unknown until start-up stamps it.
            1 => serde_json::from_value(data).map_err(|e| e.to_string()),
            _ => Err(format!("unknown format {format}")),
        }
    }
}

impl PlayerStats {
    /// A new player.
    pub fn new(user: UserId, name: String) -> PlayerStats {
        PlayerStats {
            user,
            name,
            rating: Rating::default(),
            tally: Tally::default(),
            streak: 0,
            best_streak: 0,
            head_to_head: BTreeMap::new(),
            rated_ms: None,
        }
    }

    /// The rating at `now_ms`: its deviation grown by the time since
    /// [`PlayerStats::rated_ms`].
    pub fn rating_at(&self, now_ms: u64) -> Rating {
        match self.rated_ms {
            Some(at) => self.rating.after_inactivity(now_ms.saturating_sub(at)),
            None => self.rating,
        }
    }

    /// These statistics as they stand at `now_ms` (see [`PlayerStats::rating_at`]).
    pub fn at(mut self, now_ms: u64) -> PlayerStats {
        self.rating = self.rating_at(now_ms);
        self.rated_ms = self.rated_ms.map(|at| at.max(now_ms));
        self
    }

    /// Records a rated result (`score` 1, 0.5 or 0) against `opponent`, both
    /// as they stand at `now_ms` (see [`PlayerStats::at`]).
    pub(crate) fn record(&mut self, opponent: &PlayerStats, score: f64, now_ms: u64) {
        self.rating = self.rating.update(opponent.rating, score);
        self.rated_ms = Some(now_ms);
        if !self.head_to_head.contains_key(&opponent.user) && self.head_to_head.len() >= MAX_HEAD_TO_HEAD {
            // Forget the opponent played least (the lowest id among equals),
            // so the stored value stays small however many people one meets.
            let least = self
                .head_to_head
                .iter()
                .min_by_key(|(_, t)| t.games())
                .map(|(&id, _)| id);
            if let Some(id) = least {
                self.head_to_head.remove(&id);
            }
        }
        let h2h = self.head_to_head.entry(opponent.user).or_default();
        if score > 0.75 {
            self.tally.wins += 1;
            h2h.wins += 1;
            self.streak = self.streak.max(0) + 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else if score < 0.25 {
            self.tally.losses += 1;
            h2h.losses += 1;
            self.streak = self.streak.min(0) - 1;
        } else {
            self.tally.draws += 1;
            h2h.draws += 1;
            self.streak = 0;
        }
    }
}

/// The last game of a channel, for `rematch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastGame {
    /// Its number.
    pub id: u64,
}

impl Versioned for LastGame {
    const KIND: &'static str = "last-game";
    const FORMAT: u32 = 1;
}

/// The counter that numbers games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameCounter {
    /// The last number handed out.
    pub last: u64,
}

impl Versioned for GameCounter {
    const KIND: &'static str = "counter";
    const FORMAT: u32 = 1;
}

/// A damaged entry taken out of its channel so the channel can be used
/// again, kept whole for an operator to inspect (`isolo-bot export`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetAside {
    /// The space it was in.
    pub space: String,
    /// Its key there, in hex.
    pub key: String,
    /// The version it had.
    pub version: u64,
    /// Why it could not be read.
    pub reason: String,
    /// When it was set aside (unix ms).
    pub at_ms: u64,
    /// The stored value: JSON when it parses, else its text (lossy UTF-8).
    pub value: serde_json::Value,
}

impl Versioned for SetAside {
    const KIND: &'static str = "set-aside";
    const FORMAT: u32 = 1;
}

/// A member's game in the index behind `/isolo games`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRef {
    /// The game number.
    pub id: u64,
    /// Where it is (or was) played.
    pub channel: ChannelId,
}

impl Versioned for GameRef {
    const KIND: &'static str = "game-ref";
    const FORMAT: u32 = 1;
}

/// Which side a member's board pictures are drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardSide {
    /// The side of the player to move (both players see their own rows at
    /// the bottom when they must move).
    #[default]
    Mover,
    /// Always South at the bottom.
    South,
}

/// A member's own settings (`/isolo settings`), the same in every server.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MemberSettings {
    /// A direct message when it is their move (off by default).
    pub dm_on_turn: bool,
    /// Which side their boards are drawn from.
    pub board: BoardSide,
    /// Highlights in colour-blind-safe colours.
    pub colour_blind: bool,
    /// The language they chose, as a tag (`sw`); `None` follows their
    /// Discord app's language.
    pub language: Option<String>,
    /// When they are reminded of their move in a game with a clock.
    pub reminders: Reminders,
    /// One direct message a day listing every game waiting for their move,
    /// instead of one on every turn.
    pub digest: bool,
}

/// When a player is reminded of their move in a game with a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reminders {
    /// Never.
    Off,
    /// At half their time, and again with a tenth of it left.
    #[default]
    HalfTime,
    /// 24 hours, 4 hours and 1 hour before the deadline (those that fall
    /// within the turn).
    BeforeDeadline,
}

/// Hours before the deadline of [`Reminders::BeforeDeadline`].
const BEFORE_DEADLINE_HOURS: [u64; 3] = [24, 4, 1];

impl Reminders {
    /// When this plan reminds a player, in ms after their turn began, for a
    /// clock of `limit` ms: in order, each strictly inside the turn.
    pub fn slots(self, limit: u64) -> Vec<u64> {
        let mut at: Vec<u64> = match self {
            Reminders::Off => Vec::new(),
            Reminders::HalfTime => vec![limit / 2, limit - limit / 10],
            Reminders::BeforeDeadline => BEFORE_DEADLINE_HOURS
                .iter()
                .filter_map(|h| limit.checked_sub(h * 3600 * 1000))
                .collect(),
        };
        at.retain(|&t| t > 0 && t < limit);
        at.sort_unstable();
        at.dedup();
        at
    }

    /// Every plan's slots together: the clock wakes at each, and reminds
    /// the player to move if their own plan has it. Stored games count
    /// these in [`LiveGame::reminders`].
    pub fn every_slot(limit: u64) -> Vec<u64> {
        let mut at: Vec<u64> = [Reminders::HalfTime, Reminders::BeforeDeadline]
            .iter()
            .flat_map(|r| r.slots(limit))
            .collect();
        at.sort_unstable();
        at.dedup();
        at
    }
}

/// A server's settings, chosen by its moderators.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ServerSettings {
    /// The language of public messages, as a tag; `None` follows the
    /// server's own language in Discord.
    pub language: Option<String>,
    /// Only moderators may create tournaments (else any member may).
    pub tournaments_by_moderators: bool,
}

impl Versioned for ServerSettings {
    const KIND: &'static str = "server-settings";
    const FORMAT: u32 = 1;
}

impl Versioned for MemberSettings {
    const KIND: &'static str = "member-settings";
    const FORMAT: u32 = 1;
}

/// A channel's count of changes to its pending challenges: every change
/// writes it with compare-and-swap, so changes to one channel's challenges
/// happen one after another and its deadline is always computed from the
/// whole list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Roster {
    /// Changes so far.
    pub changes: u64,
}

impl Versioned for Roster {
    const KIND: &'static str = "challenge-roster";
    const FORMAT: u32 = 1;
}

/// The refusal of a user who plays neither of `players`.
pub(super) fn not_a_player(players: &[Seat; 2]) -> TableError {
    TableError::NotAPlayer {
        south: players[0].name(),
        north: players[1].name(),
    }
}

/// Which tournament board a hosted game plays (stored in the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TournamentGame {
    /// The tournament's number in its server.
    pub number: u64,
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
}
