//! Tournaments in a server: round robin (FIDE Berger tables) and Swiss
//! (Dutch system), every board a normal hosted game.
//!
//! A tournament is one stored value (`Meta`, `tournament:<guild><number>`)
//! changed only by compare-and-swap, in the same commit as the game that
//! moves it on: a game's end records its result and, when it completes the
//! round, pairs the next one. What the front end must do (post a round's
//! pairings, start a board in a thread, post the final standings) is
//! derived from the stored state ([`Tournament::work`]), so it survives a
//! restart at any point; each message is claimed before it is posted and
//! marked posted after, and each board's game is started by a
//! compare-and-swap on its board, so nothing happens twice.

mod model;
pub mod pairing;
pub mod tiebreak;

use serde::{Deserialize, Serialize};

pub use model::{
    default_rounds, score_of, ChannelRight, Entrant, Format, Post, PostClaim, Status, Tournament,
    TournamentUpdate, Work, MAX_LIVE_PER_SERVER, MAX_ROUND_ROBIN_PLAYERS, MAX_SWISS_PLAYERS,
    MAX_SWISS_ROUNDS, MIN_PLAYERS, POST_LEASE_MS,
};
pub use pairing::GameLink;
pub use tiebreak::Standing;

use crate::engine::{GameResult, Outcome, Side, Termination};
use crate::store::{Batch, Expect, Space, StoreExt, Stored, Versioned};

use super::{
    Challenge, ChannelId, FinishedGame, FirstMove, GameSettings, GameView, GuildId, Seat, Table, TableError,
    TournamentGame, UserId,
};

/// A tournament as asked for by its creator.
#[derive(Debug, Clone)]
pub struct TournamentRequest {
    /// The server.
    pub guild: GuildId,
    /// The channel it is created in (round messages, game threads).
    pub channel: ChannelId,
    /// Who creates it.
    pub creator: UserId,
    /// How players are paired.
    pub format: Format,
    /// Every game's settings; `move_secs` is required and above zero
    /// (`first` is ignored: the pairing gives the colours).
    pub settings: GameSettings,
    /// Swiss rounds (`None`: ceil(log2 players) + 1); refused for round robin.
    pub rounds: Option<u32>,
    /// When it starts on its own (unix ms), if at all.
    pub entry_deadline_ms: Option<u64>,
    /// Whether players' vacations stop its games' clocks (see
    /// [`Tournament::vacation`]).
    pub vacation: bool,
}

/// What a member's `leave` did.
#[derive(Debug, Clone)]
pub struct Left {
    /// The tournament after it.
    pub update: TournamentUpdate,
    /// The game they were playing, ended by their resignation.
    pub resigned: Option<FinishedGame>,
}

/// A claim on a message to post, to be confirmed with [`Table::posted`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostTicket {
    /// The server.
    pub guild: GuildId,
    /// The tournament's number.
    pub number: u64,
    /// The message.
    pub post: Post,
    /// Its nonce (see [`Post::nonce`]).
    pub tournament_id: u64,
}

/// The server's tournament numbers and the last one handed out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
struct Counter {
    last: u64,
}

impl Versioned for Counter {
    const KIND: &'static str = "tournament-counter";
    const FORMAT: u32 = 1;
}

/// Marks a tournament that is live or has messages left to post.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct LiveRef {
    guild: GuildId,
    number: u64,
}

impl Versioned for LiveRef {
    const KIND: &'static str = "tournament-live";
    const FORMAT: u32 = 1;
}

/// Where tournaments are kept in the meta space (guild, number).
pub(super) const TOURNAMENT: &[u8] = b"tournament:";
const LIVE: &[u8] = b"tournament-live:";
const NUMBERS: &[u8] = b"tournament-numbers:";
const IDS: &[u8] = b"tournament-ids";
const BY_ID: &[u8] = b"tournament-by-id:";

/// The deadline "channel" of a tournament's entry deadline: real channel
/// ids (snowflakes) stay below 2^63.
const DEADLINE_BIT: u64 = 1 << 63;

fn key(prefix: &[u8], parts: &[u64]) -> Vec<u8> {
    let mut k = prefix.to_vec();
    for p in parts {
        k.extend_from_slice(&p.to_be_bytes());
    }
    k
}

/// The deadline channel of tournament `id`.
pub fn deadline_channel(id: u64) -> ChannelId {
    DEADLINE_BIT | id
}

/// True for a deadline channel naming a tournament.
pub(super) fn is_tournament_deadline(channel: ChannelId) -> bool {
    channel & DEADLINE_BIT != 0
}

/// Whom an operation concerns, to find the tournament when no number is given.
#[derive(Debug, Clone, Copy)]
enum Concern {
    /// Open for entries and not joined.
    Joinable(UserId),
    /// Live, with the member playing.
    Playing(UserId),
    /// Open, created by the member (any for a moderator).
    Startable(UserId, bool),
    /// Live, created by the member (any for a moderator).
    Cancellable(UserId, bool),
    /// Any live one the member plays in, or else any live one.
    Watching(UserId),
}

impl Concern {
    fn fits(self, t: &Tournament) -> bool {
        let plays = |u| t.entrants.iter().any(|e| e.user == u && e.left_in.is_none());
        match self {
            Concern::Joinable(u) => t.status == Status::Open && !plays(u),
            Concern::Playing(u) => t.is_live() && plays(u),
            Concern::Startable(u, m) => t.status == Status::Open && (m || t.creator == u),
            Concern::Cancellable(u, m) => t.is_live() && (m || t.creator == u),
            Concern::Watching(u) => plays(u),
        }
    }
}

impl Table {
    fn load_tournament(&self, guild: GuildId, number: u64) -> Result<Option<Stored<Tournament>>, TableError> {
        Ok(self
            .store
            .get::<Tournament>(Space::Meta, &key(TOURNAMENT, &[guild, number]))?)
    }

    /// Puts `t` into `batch` (compare-and-swap on `version`), keeping the
    /// live index in step.
    fn put_tournament(&self, batch: &mut Batch, version: u64, t: &Tournament) -> Result<(), TableError> {
        batch.put(
            Space::Meta,
            &key(TOURNAMENT, &[t.guild, t.number]),
            t,
            Expect::Version(version),
        )?;
        if t.settled() {
            batch.delete(Space::Meta, &key(LIVE, &[t.guild, t.number]), Expect::Any);
        }
        if t.status != Status::Open {
            batch.set_deadline(deadline_channel(t.id), None);
        }
        Ok(())
    }

    /// Saves `t` (compare-and-swap on `version`) and answers with it.
    fn saved(&self, version: u64, t: Tournament) -> Result<TournamentUpdate, TableError> {
        self.save_tournament(version, &t)?;
        Ok(TournamentUpdate::of(t))
    }

    fn save_tournament(&self, version: u64, t: &Tournament) -> Result<(), TableError> {
        let mut batch = Batch::new();
        self.put_tournament(&mut batch, version, t)?;
        self.commit(&batch).map(drop)
    }

    /// The latest tournament made in `channel`, finished or not.
    fn latest_tournament_in(
        &self,
        guild: GuildId,
        channel: ChannelId,
    ) -> Result<Option<Tournament>, TableError> {
        Ok(self
            .store
            .list::<Tournament>(Space::Meta, &key(TOURNAMENT, &[guild]))?
            .into_iter()
            .rev()
            .filter_map(|(_, t)| t.ok().map(|t| t.value))
            .find(|t| t.channel == channel))
    }

    /// A server's tournaments that are live or have messages to post, by number.
    pub fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, TableError> {
        self.live_tournaments(&key(LIVE, &[guild]))
    }

    fn live_tournaments(&self, prefix: &[u8]) -> Result<Vec<Tournament>, TableError> {
        let mut all = Vec::new();
        for (_, r) in self.store.list::<LiveRef>(Space::Meta, prefix)? {
            let Ok(r) = r else { continue };
            if let Some(t) = self.load_tournament(r.value.guild, r.value.number)? {
                all.push(t.value);
            }
        }
        Ok(all)
    }

    /// A tournament by number (finished ones too).
    pub fn tournament(&self, guild: GuildId, number: u64) -> Result<Tournament, TableError> {
        self.load_tournament(guild, number)?
            .map(|s| s.value)
            .ok_or(TableError::NoSuchTournament(number))
    }

    /// Everything every tournament still needs done, in every server: for
    /// the front end at start-up (and after a restart at any point).
    pub fn tournament_work(&self) -> Result<Vec<TournamentUpdate>, TableError> {
        Ok(self
            .live_tournaments(LIVE)?
            .into_iter()
            .map(TournamentUpdate::of)
            .filter(|u| !u.work.is_empty())
            .collect())
    }

    /// The tournament `number`, or the only one `concern` picks.
    fn resolve(
        &self,
        guild: GuildId,
        number: Option<u64>,
        concern: Concern,
    ) -> Result<Stored<Tournament>, TableError> {
        if let Some(n) = number {
            return self
                .load_tournament(guild, n)?
                .ok_or(TableError::NoSuchTournament(n));
        }
        let live = self.tournaments(guild)?;
        let mut picked: Vec<&Tournament> = live.iter().filter(|t| concern.fits(t)).collect();
        if picked.is_empty() && matches!(concern, Concern::Watching(_)) {
            picked = live.iter().filter(|t| t.is_live()).collect();
        }
        match picked[..] {
            [one] => self
                .load_tournament(guild, one.number)?
                .ok_or(TableError::NoSuchTournament(one.number)),
            [] => Err(TableError::NoTournament),
            _ => Err(TableError::WhichTournament(
                picked.iter().map(|t| t.number).collect(),
            )),
        }
    }

    /// The tournament an organizer's command concerns, if the member is its
    /// creator or a moderator.
    fn organized(
        &self,
        guild: GuildId,
        number: Option<u64>,
        concern: Concern,
    ) -> Result<Stored<Tournament>, TableError> {
        let stored = self.resolve(guild, number, concern)?;
        match concern {
            Concern::Startable(user, false) | Concern::Cancellable(user, false)
                if stored.value.creator != user =>
            {
                Err(TableError::NotOrganizer(stored.value.number))
            }
            _ => Ok(stored),
        }
    }

    /// Creates a tournament (its creator does not join by it). Refused
    /// without a clock, with rounds for a round robin or out of range, an
    /// entry deadline already past, or too many live tournaments here.
    pub fn create_tournament(&self, req: TournamentRequest) -> Result<TournamentUpdate, TableError> {
        if req.settings.move_secs.is_none_or(|s| s == 0) {
            return Err(TableError::ClockRequired);
        }
        match (req.format, req.rounds) {
            (Format::Swiss, Some(r)) if r == 0 || r > MAX_SWISS_ROUNDS => {
                return Err(TableError::BadRounds {
                    max: MAX_SWISS_ROUNDS,
                })
            }
            (f, Some(_)) if f.is_round_robin() => return Err(TableError::RoundsOfRoundRobin),
            _ => {}
        }
        let now = self.now_ms();
        if req.entry_deadline_ms.is_some_and(|d| d <= now) {
            return Err(TableError::DeadlinePassed);
        }
        self.retry(|| {
            let live = self
                .tournaments(req.guild)?
                .iter()
                .filter(|t| t.is_live())
                .count();
            if live >= MAX_LIVE_PER_SERVER {
                return Err(TableError::TooManyTournaments {
                    max: MAX_LIVE_PER_SERVER,
                });
            }
            let numbers_key = key(NUMBERS, &[req.guild]);
            let numbers = self.store.get::<Counter>(Space::Meta, &numbers_key)?;
            let ids = self.store.get::<Counter>(Space::Meta, IDS)?;
            let number = numbers.as_ref().map_or(0, |c| c.value.last) + 1;
            let id = ids.as_ref().map_or(0, |c| c.value.last) + 1;
            let expect = |s: &Option<Stored<Counter>>| {
                s.as_ref().map_or(Expect::Absent, |s| Expect::Version(s.version))
            };
            let mut settings = req.settings;
            settings.first = FirstMove::Challenger;
            settings.idle_secs = self.config.idle_expiry_secs;
            let t = Tournament {
                guild: req.guild,
                number,
                id,
                channel: req.channel,
                creator: req.creator,
                format: req.format,
                settings,
                rounds_wanted: req.rounds,
                total_rounds: 0,
                entry_deadline_ms: req.entry_deadline_ms,
                created_ms: now,
                started_ms: None,
                ended_ms: None,
                status: Status::Open,
                entrants: Vec::new(),
                rounds: Vec::new(),
                released: 0,
                posted: Vec::new(),
                posting: Vec::new(),
                notices: Vec::new(),
                vacation: req.vacation,
            };
            let mut batch = Batch::new();
            batch.put(
                Space::Meta,
                &numbers_key,
                &Counter { last: number },
                expect(&numbers),
            )?;
            batch.put(Space::Meta, IDS, &Counter { last: id }, expect(&ids))?;
            batch.put(
                Space::Meta,
                &key(TOURNAMENT, &[req.guild, number]),
                &t,
                Expect::Absent,
            )?;
            let live = LiveRef {
                guild: req.guild,
                number,
            };
            batch.put(
                Space::Meta,
                &key(LIVE, &[req.guild, number]),
                &live,
                Expect::Absent,
            )?;
            batch.put(Space::Meta, &key(BY_ID, &[id]), &live, Expect::Absent)?;
            if let Some(at) = req.entry_deadline_ms {
                batch.set_deadline(deadline_channel(id), Some(at));
            }
            self.commit(&batch)?;
            Ok(TournamentUpdate::of(t))
        })
    }

    /// A member joins an open tournament (`number`, or the only one open
    /// that they have not joined).
    pub fn join_tournament(
        &self,
        guild: GuildId,
        number: Option<u64>,
        user: UserId,
        name: &str,
    ) -> Result<TournamentUpdate, TableError> {
        self.retry(|| {
            let stored = self.resolve(guild, number, Concern::Joinable(user))?;
            let mut t = stored.value;
            match t.status {
                Status::Open => {}
                Status::Running => return Err(TableError::TournamentStarted(t.number)),
                _ => return Err(TableError::TournamentOver(t.number)),
            }
            if t.seat_of(user).is_some() {
                return Err(TableError::AlreadyJoined(t.number));
            }
            if t.entry_deadline_ms.is_some_and(|d| d <= self.now_ms()) {
                return Err(TableError::DeadlinePassed);
            }
            let max = t.format.max_players();
            if t.entrants.len() >= max {
                return Err(TableError::TournamentFull {
                    number: t.number,
                    max,
                });
            }
            t.entrants.push(Entrant {
                user,
                name: name.to_owned(),
                rating: None,
                left_in: None,
            });
            self.saved(stored.version, t)
        })
    }

    /// A member leaves: before the start they are simply off the list;
    /// during it they withdraw, their game in progress is resigned and
    /// their remaining games are forfeited.
    pub fn leave_tournament(
        &self,
        guild: GuildId,
        number: Option<u64>,
        user: UserId,
    ) -> Result<Left, TableError> {
        self.retry(|| {
            let stored = self.resolve(guild, number, Concern::Playing(user))?;
            let mut t = stored.value;
            let Some(p) = t
                .seat_of(user)
                .filter(|&p| t.entrants[usize::from(p)].left_in.is_none())
            else {
                return Err(TableError::NotJoined(t.number));
            };
            match t.status {
                Status::Open => {
                    t.entrants.remove(usize::from(p));
                    return Ok(Left {
                        update: self.saved(stored.version, t)?,
                        resigned: None,
                    });
                }
                Status::Running => {}
                _ => return Err(TableError::TournamentOver(t.number)),
            }
            t.entrants[usize::from(p)].left_in = Some(t.released);
            let now = self.now_ms();
            let current = t.released as usize - 1;
            let board = t.rounds[current]
                .boards
                .iter()
                .position(|b| b.has(p) && b.score.is_none());
            let mut playing = None;
            if let Some(i) = board {
                let b = &mut t.rounds[current].boards[i];
                match b.game {
                    Some(link) => playing = Some(link),
                    None => b.score = Some(pairing::Score::forfeit(b.white == p)),
                }
            }
            if let Some(link) = playing {
                if let Some(game) = self.load_game(link.thread)?.filter(|g| g.value.id == link.game) {
                    let live = game.value.clone();
                    let side = live.side_of(user).unwrap_or(Side::South);
                    let result = GameResult {
                        outcome: Outcome::Win(side.opponent()),
                        termination: Termination::Resignation,
                    };
                    let replayed = live.game()?;
                    let mut batch = Batch::new();
                    let finished = self.finish_into(&mut batch, game.version, live, &replayed, result)?;
                    if let Some(g) = &finished.tournament {
                        t.record(g, model::score_of(result), now);
                    }
                    self.put_tournament(&mut batch, stored.version, &t)?;
                    self.commit(&batch)?;
                    return Ok(Left {
                        update: TournamentUpdate::of(t),
                        resigned: Some(finished),
                    });
                }
                // The game is gone (ended meanwhile): its end recorded the result.
            }
            t.advance(now);
            Ok(Left {
                update: self.saved(stored.version, t)?,
                resigned: None,
            })
        })
    }

    /// Starts an open tournament: its creator or a moderator, with at least
    /// [`MIN_PLAYERS`]. Seeds by rating in the server (Swiss) or by lot
    /// (round robin, as FIDE draws the Berger numbers), and pairs round 1.
    pub fn start_tournament(
        &self,
        guild: GuildId,
        number: Option<u64>,
        user: UserId,
        is_moderator: bool,
    ) -> Result<TournamentUpdate, TableError> {
        self.retry(|| {
            let stored = self.organized(guild, number, Concern::Startable(user, is_moderator))?;
            let t = self.begin(stored.value)?;
            self.saved(stored.version, t)
        })
    }

    /// Seeds and pairs an open tournament (not saved).
    fn begin(&self, mut t: Tournament) -> Result<Tournament, TableError> {
        match t.status {
            Status::Open => {}
            Status::Running => return Err(TableError::TournamentStarted(t.number)),
            _ => return Err(TableError::TournamentOver(t.number)),
        }
        if t.entrants.len() < MIN_PLAYERS {
            return Err(TableError::NotEnoughPlayers {
                number: t.number,
                have: t.entrants.len(),
                need: MIN_PLAYERS,
            });
        }
        let now = self.now_ms();
        for e in &mut t.entrants {
            e.rating = self.stats(t.guild, e.user)?.map(|s| s.rating.rating);
        }
        match t.format {
            Format::Swiss => {
                // Stable: equal ratings keep the joining order.
                let default = crate::table::Rating::default().rating;
                t.entrants.sort_by(|a, b| {
                    b.rating
                        .unwrap_or(default)
                        .total_cmp(&a.rating.unwrap_or(default))
                });
            }
            _ => {
                let mut rng = crate::ai::Rng::new(now ^ t.id.rotate_left(32));
                for i in (1..t.entrants.len()).rev() {
                    t.entrants.swap(i, rng.below(i as u32 + 1) as usize);
                }
            }
        }
        t.begin(now);
        Ok(t)
    }

    /// Cancels a live tournament: its creator or a moderator. Games in
    /// progress go on as ordinary games; their results no longer count.
    pub fn cancel_tournament(
        &self,
        guild: GuildId,
        number: Option<u64>,
        user: UserId,
        is_moderator: bool,
    ) -> Result<TournamentUpdate, TableError> {
        self.retry(|| {
            let stored = self.organized(guild, number, Concern::Cancellable(user, is_moderator))?;
            let mut t = stored.value;
            if !t.is_live() {
                return Err(TableError::TournamentOver(t.number));
            }
            t.status = Status::Cancelled;
            t.ended_ms = Some(self.now_ms());
            self.saved(stored.version, t)
        })
    }

    /// The standings of `number`, or of the only live tournament the member
    /// plays in (else the only live one).
    pub fn tournament_standings(
        &self,
        guild: GuildId,
        channel: ChannelId,
        number: Option<u64>,
        user: UserId,
    ) -> Result<(Tournament, Vec<Standing>), TableError> {
        let here = match number {
            Some(_) => None,
            None => self.latest_tournament_in(guild, channel)?,
        };
        let t = match here {
            Some(t) => t,
            None => self.resolve(guild, number, Concern::Watching(user))?.value,
        };
        let lines = t.standings();
        Ok((t, lines))
    }

    /// Starts a board's game in `thread` (a thread the front end made under
    /// the tournament's channel). Refused when the board already has its
    /// game (another process, or a retry after a restart, was first: the
    /// front end deletes its thread) or is no longer waiting.
    pub fn start_board(
        &self,
        guild: GuildId,
        number: u64,
        round: u32,
        board: u32,
        thread: ChannelId,
    ) -> Result<GameView, TableError> {
        self.retry(|| {
            let stored = self
                .load_tournament(guild, number)?
                .ok_or(TableError::NoSuchTournament(number))?;
            let mut t = stored.value;
            let g = TournamentGame { number, round, board };
            let channel = t.channel;
            let settings = t.settings;
            let Some(b) = t.open_board(&g) else {
                return Err(TableError::NoSuchBoard { number, round, board });
            };
            if let Some(link) = b.game {
                return Err(TableError::BoardStarted {
                    game: link.game,
                    thread: link.thread,
                });
            }
            let (white, black) = (b.white, b.black);
            let seat = |p: pairing::Player| {
                let e = &t.entrants[usize::from(p)];
                Seat::Human {
                    id: e.user,
                    name: e.name.clone(),
                }
            };
            let (white, black) = (seat(white), seat(black));
            let challenge = Challenge {
                guild,
                channel,
                seats: Some([white.clone(), black.clone()]),
                challenger: white,
                opponent: black,
                settings,
                created_ms: self.now_ms(),
                expires_ms: self.now_ms(),
            };
            self.busy(thread)?;
            let (live, mut batch) = self.new_game(&challenge, thread, Some(g), None)?;
            if let Some(b) = t.open_board(&g) {
                b.game = Some(GameLink {
                    game: live.id,
                    thread,
                });
            }
            self.put_tournament(&mut batch, stored.version, &t)?;
            self.commit(&batch)?;
            Ok(GameView {
                game: live.game()?,
                live,
            })
        })
    }

    /// A board of `round` cannot start: its channel hosts a game already
    /// and the bot lacks `missing` to give it a thread. Records a notice for
    /// the channel, one a round (the first board's reason), and answers
    /// with it while it is still to be posted ([`Table::claim_post`] it).
    pub fn board_blocked(
        &self,
        guild: GuildId,
        number: u64,
        round: u32,
        missing: ChannelRight,
    ) -> Result<Option<Post>, TableError> {
        self.retry(|| {
            let stored = self
                .load_tournament(guild, number)?
                .ok_or(TableError::NoSuchTournament(number))?;
            let mut t = stored.value;
            if t.block(round, missing) {
                self.save_tournament(stored.version, &t)?;
            }
            let due = t.work().into_iter().find_map(|w| match w {
                Work::Post(p @ Post::Blocked { round: r, .. }) if r == round => Some(p),
                _ => None,
            });
            Ok(due)
        })
    }

    /// Claims a message to post for a tournament: `None` when it is posted
    /// already or another front end holds a live claim on it. Post it (with
    /// its nonce), then confirm with [`Table::posted`]; a claim never
    /// confirmed lapses after [`POST_LEASE_MS`].
    pub fn claim_post(
        &self,
        guild: GuildId,
        number: u64,
        post: Post,
    ) -> Result<Option<PostTicket>, TableError> {
        self.retry(|| {
            let stored = self
                .load_tournament(guild, number)?
                .ok_or(TableError::NoSuchTournament(number))?;
            let mut t = stored.value;
            let now = self.now_ms();
            if t.posted.contains(&post) || !t.work().contains(&Work::Post(post)) {
                return Ok(None);
            }
            if t.posting.iter().any(|c| c.post == post && c.until_ms > now) {
                return Ok(None);
            }
            t.posting.retain(|c| c.post != post && c.until_ms > now);
            t.posting.push(PostClaim {
                post,
                until_ms: now + POST_LEASE_MS,
            });
            self.save_tournament(stored.version, &t)?;
            Ok(Some(PostTicket {
                guild,
                number,
                post,
                tournament_id: t.id,
            }))
        })
    }

    /// Confirms a claimed message posted: it is never asked for again.
    pub fn posted(&self, ticket: PostTicket) -> Result<TournamentUpdate, TableError> {
        self.retry(|| {
            let stored = self
                .load_tournament(ticket.guild, ticket.number)?
                .ok_or(TableError::NoSuchTournament(ticket.number))?;
            let mut t = stored.value;
            t.posting.retain(|c| c.post != ticket.post);
            if !t.posted.contains(&ticket.post) {
                t.posted.push(ticket.post);
            }
            self.saved(stored.version, t)
        })
    }

    /// Records a hosted tournament game's result into its tournament (in
    /// the game's commit), pairing the next round when it completes one.
    pub(super) fn record_into(
        &self,
        batch: &mut Batch,
        guild: GuildId,
        g: &TournamentGame,
        result: GameResult,
    ) -> Result<(), TableError> {
        let Some(stored) = self.load_tournament(guild, g.number)? else {
            return Ok(());
        };
        let mut t = stored.value;
        if t.record(g, model::score_of(result), self.now_ms()) {
            self.put_tournament(batch, stored.version, &t)?;
        }
        Ok(())
    }

    /// A tournament's entry deadline: it starts, or with too few players is
    /// cancelled. `None` when there was nothing to do (started meanwhile).
    pub(super) fn tournament_deadline(
        &self,
        channel: ChannelId,
    ) -> Result<Option<TournamentUpdate>, TableError> {
        self.retry(|| {
            let id = channel & !DEADLINE_BIT;
            let found = self.store.get::<LiveRef>(Space::Meta, &key(BY_ID, &[id]))?;
            let stored = match found {
                Some(r) => self.load_tournament(r.value.guild, r.value.number)?,
                None => None,
            };
            let Some(stored) = stored.filter(|s| s.value.status == Status::Open) else {
                self.store.set_deadline(channel, None)?;
                return Ok(None);
            };
            let mut t = stored.value;
            if t.entry_deadline_ms.is_some_and(|d| d > self.now_ms()) {
                self.store.set_deadline(channel, t.entry_deadline_ms)?;
                return Ok(None);
            }
            if t.entrants.len() < MIN_PLAYERS {
                t.status = Status::Cancelled;
                t.ended_ms = Some(self.now_ms());
            } else {
                t = self.begin(t)?;
            }
            self.saved(stored.version, t).map(Some)
        })
    }
}
