//! A tournament as stored: its settings, entrants, rounds and what the
//! front end has posted; and the rules that move it on (pure: no store).

use serde::{Deserialize, Serialize};

use super::pairing::{self, Board, Player, Round, Score};
use super::tiebreak::{self, Standing};
use crate::engine::{GameResult, Outcome, Side, Termination};
use crate::store::Versioned;
use crate::table::{ChannelId, GameSettings, GuildId, TournamentGame, UserId};

/// Fewest players a tournament starts with.
pub const MIN_PLAYERS: usize = 3;
/// Most players of a Swiss tournament.
pub const MAX_SWISS_PLAYERS: usize = 64;
/// Most players of a round robin (a double one of 16 plays 240 games).
pub const MAX_ROUND_ROBIN_PLAYERS: usize = 16;
/// Most rounds of a Swiss tournament.
pub const MAX_SWISS_ROUNDS: u32 = 10;
/// Tournaments open or running at once in one server.
pub const MAX_LIVE_PER_SERVER: usize = 5;
/// How long a front end's claim on a message to post holds.
pub const POST_LEASE_MS: u64 = 60_000;

/// How players are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Everyone meets everyone once (FIDE Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours turned the second time.
    DoubleRoundRobin,
    /// A fixed number of rounds paired by score (Dutch system).
    Swiss,
}

impl Format {
    /// Most players of this format.
    pub fn max_players(self) -> usize {
        match self {
            Format::Swiss => MAX_SWISS_PLAYERS,
            _ => MAX_ROUND_ROBIN_PLAYERS,
        }
    }

    /// True for both kinds of round robin.
    pub fn is_round_robin(self) -> bool {
        self != Format::Swiss
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Taking entries.
    Open,
    /// Rounds are being played.
    Running,
    /// Every round is over.
    Finished,
    /// Cancelled (by its creator, a moderator, or too few entries at the deadline).
    Cancelled,
}

/// A player in a tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// Their id.
    pub user: UserId,
    /// Their display name when they joined.
    pub name: String,
    /// Their rating in the server when the tournament started (seeding).
    #[serde(default)]
    pub rating: Option<f64>,
    /// The round during which they left (their remaining games are
    /// forfeited); `None` while they play.
    #[serde(default)]
    pub left_in: Option<u32>,
}

/// A message the tournament's channel gets once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "post", rename_all = "kebab-case")]
pub enum Post {
    /// A round's pairings (from 1).
    Round {
        /// The round.
        round: u32,
    },
    /// The final standings and the winner.
    Final,
    /// The tournament was cancelled.
    Cancelled,
    /// A board of `round` cannot start: the channel already hosts a game
    /// and the bot lacks `missing` to give it a thread.
    Blocked {
        /// The round.
        round: u32,
        /// What the bot lacks in the channel.
        missing: ChannelRight,
    },
}

/// A right the bot needs in a tournament's channel: to post there, to open
/// a thread for each game, and to speak in those threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChannelRight {
    /// Posting in the channel (round pairings, final standings).
    SendMessages,
    /// Opening a game's thread.
    CreatePublicThreads,
    /// Posting a game's boards in its thread.
    SendMessagesInThreads,
}

/// A claim by a front end on a message it is posting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostClaim {
    /// The message.
    pub post: Post,
    /// When others may take it over (unix ms).
    pub until_ms: u64,
}

/// A tournament in a server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// The server.
    pub guild: GuildId,
    /// Its number in the server, from 1.
    pub number: u64,
    /// Unique across servers (names its entry deadline).
    pub id: u64,
    /// The channel it was created in: round messages go there, and game
    /// threads hang from it.
    pub channel: ChannelId,
    /// Who created it.
    pub creator: UserId,
    /// How players are paired.
    pub format: Format,
    /// Every game's settings (a clock is required).
    pub settings: GameSettings,
    /// Swiss rounds asked for (`None`: ceil(log2 players) + 1).
    pub rounds_wanted: Option<u32>,
    /// Rounds to play, fixed at the start.
    #[serde(default)]
    pub total_rounds: u32,
    /// When it starts on its own (unix ms).
    pub entry_deadline_ms: Option<u64>,
    /// When it was created (unix ms).
    pub created_ms: u64,
    /// When it started, finished or was cancelled (unix ms).
    #[serde(default)]
    pub started_ms: Option<u64>,
    /// When it finished or was cancelled (unix ms).
    #[serde(default)]
    pub ended_ms: Option<u64>,
    /// Where it stands.
    pub status: Status,
    /// The players: in joining order until the start, then in seed order
    /// (their index is their number in the pairings).
    pub entrants: Vec<Entrant>,
    /// The rounds paired so far (a round robin's whole schedule from the start).
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Rounds whose games may be played (the current one is the last).
    #[serde(default)]
    pub released: u32,
    /// Messages the front end has posted.
    #[serde(default)]
    pub posted: Vec<Post>,
    /// Messages being posted.
    #[serde(default)]
    pub posting: Vec<PostClaim>,
    /// Notices the front end asked to post ([`Post::Blocked`]), one a round.
    #[serde(default)]
    pub notices: Vec<Post>,
    /// Whether players' vacations stop its games' clocks (off by default:
    /// a round never waits beyond its clock).
    #[serde(default)]
    pub vacation: bool,
}

impl Versioned for Tournament {
    const KIND: &'static str = "tournament";
    const FORMAT: u32 = 1;
}

/// Something the front end must do for a tournament, each exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// Post a message in the tournament's channel ([`crate::table::Table::claim_post`]
    /// first, [`crate::table::Table::posted`] after).
    Post(Post),
    /// Start a board's game in a new thread of the tournament's channel
    /// ([`crate::table::Table::start_board`]), pinging both players there.
    StartGame {
        /// The round, from 1.
        round: u32,
        /// The board, from 1.
        board: u32,
        /// Moves first.
        white: UserId,
        /// Moves second.
        black: UserId,
    },
}

impl Post {
    /// A short id for the message (Discord's `nonce` with `enforce_nonce`
    /// turns a repeated post of it within minutes into the same message).
    pub fn nonce(self, tournament_id: u64) -> String {
        match self {
            Post::Round { round } => format!("t{tournament_id}r{round}"),
            Post::Final => format!("t{tournament_id}f"),
            Post::Cancelled => format!("t{tournament_id}c"),
            Post::Blocked { round, .. } => format!("t{tournament_id}b{round}"),
        }
    }
}

/// The score of a hosted game's result for its board (white is South).
pub fn score_of(result: GameResult) -> Score {
    match (result.termination, result.outcome) {
        (Termination::Aborted, _) => Score::DoubleForfeit,
        (_, Outcome::Win(Side::South)) => Score::White,
        (_, Outcome::Win(Side::North)) => Score::Black,
        (_, Outcome::Draw) => Score::Draw,
    }
}

/// Swiss rounds for `players` when none were asked for: ceil(log2 n) + 1.
pub fn default_rounds(players: usize) -> u32 {
    (usize::BITS - players.saturating_sub(1).leading_zeros()) + 1
}

impl Tournament {
    /// The entrant index of a user.
    pub fn seat_of(&self, user: UserId) -> Option<Player> {
        self.entrants
            .iter()
            .position(|e| e.user == user)
            .map(|i| i as Player)
    }

    /// True while open or running.
    pub fn is_live(&self) -> bool {
        matches!(self.status, Status::Open | Status::Running)
    }

    /// Who still plays: not withdrawn.
    pub fn active(&self) -> Vec<bool> {
        self.entrants.iter().map(|e| e.left_in.is_none()).collect()
    }

    /// The rounds released so far (results so far).
    pub fn played(&self) -> &[Round] {
        &self.rounds[..(self.released as usize).min(self.rounds.len())]
    }

    /// The current standings, best first.
    pub fn standings(&self) -> Vec<Standing> {
        tiebreak::standings(self.entrants.len(), self.played())
    }

    /// The board of a hosted game, if it is still waiting for its result.
    pub(crate) fn open_board(&mut self, g: &TournamentGame) -> Option<&mut Board> {
        if self.status != Status::Running || g.round != self.released {
            return None;
        }
        let board = self
            .rounds
            .get_mut(g.round as usize - 1)?
            .boards
            .get_mut(g.board.checked_sub(1)? as usize)?;
        board.score.is_none().then_some(board)
    }

    /// Records a hosted game's score on its board and moves on; false when
    /// the board no longer waits for it (the tournament was cancelled).
    pub(crate) fn record(&mut self, g: &TournamentGame, score: Score, now: u64) -> bool {
        let Some(board) = self.open_board(g) else {
            return false;
        };
        board.score = Some(score);
        self.advance(now);
        true
    }

    /// Starts play with the entrants in seed order: pairs the first round
    /// (a round robin's whole schedule).
    pub(crate) fn begin(&mut self, now: u64) {
        let n = self.entrants.len();
        self.status = Status::Running;
        self.started_ms = Some(now);
        self.rounds = match self.format {
            Format::Swiss => Vec::new(),
            f => pairing::round_robin(n, f == Format::DoubleRoundRobin),
        };
        self.total_rounds = match self.format {
            Format::Swiss => self
                .rounds_wanted
                .unwrap_or_else(|| default_rounds(n))
                .clamp(1, (n as u32 - 1).min(MAX_SWISS_ROUNDS)),
            _ => self.rounds.len() as u32,
        };
        self.released = 0;
        self.advance(now);
    }

    /// Moves on while the current round is complete: the next round is
    /// released (Swiss: paired), or the tournament finishes. A round whose
    /// boards are all forfeits completes at once.
    pub(crate) fn advance(&mut self, now: u64) {
        while self.status == Status::Running {
            let current_done = self
                .released
                .checked_sub(1)
                .and_then(|r| self.rounds.get(r as usize))
                .is_none_or(Round::complete);
            if !current_done {
                return;
            }
            let active = self.active();
            let next = match self.format {
                _ if self.released >= self.total_rounds => None,
                Format::Swiss => pairing::swiss(self.entrants.len(), &active, &self.rounds),
                _ => self.rounds.get(self.released as usize).cloned(),
            };
            let Some(mut round) = next.filter(|_| active.iter().filter(|&&a| a).count() >= 2) else {
                self.status = Status::Finished;
                self.ended_ms = Some(now);
                return;
            };
            for b in &mut round.boards {
                let (w, bl) = (active[usize::from(b.white)], active[usize::from(b.black)]);
                b.score = match (w, bl) {
                    (true, true) => None,
                    (false, false) => Some(Score::DoubleForfeit),
                    (false, true) => Some(Score::forfeit(true)),
                    (true, false) => Some(Score::forfeit(false)),
                };
            }
            // A round robin's bye of a withdrawn player is no point for them.
            if round.bye.is_some_and(|p| !active[usize::from(p)]) {
                round.bye = None;
            }
            match self.format {
                Format::Swiss => self.rounds.push(round),
                _ => self.rounds[self.released as usize] = round,
            }
            self.released += 1;
        }
    }

    /// What the front end has still to do, in order: messages first.
    pub fn work(&self) -> Vec<Work> {
        // A cancelled tournament's rounds are not announced any more.
        let announced = match self.status {
            Status::Cancelled => 0,
            _ => self.released,
        };
        let mut work: Vec<Work> = (1..=announced)
            .map(|round| Post::Round { round })
            .chain(match self.status {
                Status::Finished => Some(Post::Final),
                Status::Cancelled => Some(Post::Cancelled),
                _ => None,
            })
            .chain(self.notices.iter().copied().filter(|n| self.notice_due(n)))
            .filter(|p| !self.posted.contains(p))
            .map(Work::Post)
            .collect();
        if self.status == Status::Running {
            if let Some(round) = self
                .released
                .checked_sub(1)
                .and_then(|r| self.rounds.get(r as usize))
            {
                for (i, b) in round.boards.iter().enumerate() {
                    if b.score.is_none() && b.game.is_none() {
                        work.push(Work::StartGame {
                            round: self.released,
                            board: i as u32 + 1,
                            white: self.entrants[usize::from(b.white)].user,
                            black: self.entrants[usize::from(b.black)].user,
                        });
                    }
                }
            }
        }
        work
    }

    /// True for a notice about the round being played: a later round's
    /// games, or the end, make it moot.
    fn notice_due(&self, notice: &Post) -> bool {
        matches!(notice, Post::Blocked { round, .. }
            if self.status == Status::Running && *round == self.released)
    }

    /// Asks for a notice that a board of the current round cannot start
    /// for want of `missing`; false when the round has one already (it is
    /// told once) or is no longer being played.
    pub(crate) fn block(&mut self, round: u32, missing: ChannelRight) -> bool {
        let notice = Post::Blocked { round, missing };
        let told = self
            .notices
            .iter()
            .any(|n| matches!(n, Post::Blocked { round: r, .. } if *r == round));
        if told || !self.notice_due(&notice) {
            return false;
        }
        self.notices.push(notice);
        true
    }

    /// True when nothing is left to post: the tournament leaves the index.
    pub(crate) fn settled(&self) -> bool {
        !self.is_live() && self.work().is_empty()
    }
}

impl Tournament {
    /// For a round robin, the cross-table in the order of `lines` (the
    /// standings): each cell holds row's games against column, one mark a
    /// game of the schedule ("·" until played). `None` for Swiss.
    pub fn cross_table(&self, lines: &[Standing]) -> Option<Vec<Vec<Vec<crate::render::standings::Mark>>>> {
        use crate::render::standings::Mark;
        if !self.format.is_round_robin() {
            return None;
        }
        let at: Vec<usize> = {
            let mut at = vec![0; self.entrants.len()];
            for (i, l) in lines.iter().enumerate() {
                at[usize::from(l.player)] = i;
            }
            at
        };
        let n = lines.len();
        let mut cross = vec![vec![Vec::new(); n]; n];
        for (r, round) in self.rounds.iter().enumerate() {
            for b in &round.boards {
                let score = b.score.filter(|_| (r as u32) < self.released);
                for (p, o, white) in [(b.white, b.black, true), (b.black, b.white, false)] {
                    let mark = match score {
                        None => Mark::Pending,
                        Some(s) => match (s.played(), s.halves(white)) {
                            (true, 2) => Mark::Win,
                            (true, 1) => Mark::Draw,
                            (true, _) => Mark::Loss,
                            (false, 2) => Mark::ForfeitWin,
                            (false, _) => Mark::ForfeitLoss,
                        },
                    };
                    cross[at[usize::from(p)]][at[usize::from(o)]].push(mark);
                }
            }
        }
        Some(cross)
    }

    /// The standings as the picture's rows (names borrowed from the entrants).
    pub fn picture_rows(&self, lines: &[Standing]) -> Vec<crate::render::standings::Row<'_>> {
        lines
            .iter()
            .map(|l| {
                let e = &self.entrants[usize::from(l.player)];
                crate::render::standings::Row {
                    rank: l.rank,
                    name: &e.name,
                    halves: l.halves,
                    buchholz: l.buchholz,
                    sonneborn: l.sonneborn,
                    direct: l.direct,
                    wins: l.wins,
                    withdrawn: e.left_in.is_some(),
                }
            })
            .collect()
    }
}

/// A tournament after an operation, and what the front end must do next.
#[derive(Debug, Clone)]
pub struct TournamentUpdate {
    /// The tournament as stored.
    pub tournament: Tournament,
    /// What is left to do for it (see [`Tournament::work`]).
    pub work: Vec<Work>,
}

impl TournamentUpdate {
    pub(crate) fn of(tournament: Tournament) -> TournamentUpdate {
        TournamentUpdate {
            work: tournament.work(),
            tournament,
        }
    }
}
