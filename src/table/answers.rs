//! What the table answers with that several concerns share: a game as the
//! front ends see it, a move's outcome, the clock's notices, a puzzle to
//! solve. Data only, kept beneath the files that make them.

use serde::{Deserialize, Serialize};

use super::model::{Challenge, ChannelId, FinishedGame, GuildId, LiveGame, Seat, UserId};
use super::rating::Rating;
use super::tournament::TournamentUpdate;
use crate::ai::Puzzle;
use crate::engine::{Game, Move, MoveReport, Position, Rules, Side};
use crate::store::Versioned;

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

/// A legal move and the seeds it would sow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Seeds in its pit.
    pub seeds: u8,
}

/// The board a move menu was shown under: which game, at which ply. A
/// click on it plays only while that game is still at that ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRef {
    /// The game's number ([`LiveGame::id`]).
    pub game: u64,
    /// The plies played when the board was drawn.
    pub ply: usize,
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
    /// The answer the other player's conditional line played at once, in
    /// the same commit (its `view` is the game after both moves).
    pub answer: Option<Box<MoveOutcome>>,
}

impl MoveOutcome {
    /// The last move of this outcome: the conditional answer if one was
    /// played, else the move itself.
    pub fn last(&self) -> &MoveOutcome {
        self.answer.as_deref().unwrap_or(self)
    }
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
    /// A game without a clock has waited a day for a move.
    Idle {
        /// The game's channel.
        channel: ChannelId,
        /// The player to move.
        user: UserId,
        /// The game number.
        game: u64,
        /// When the game ends as a draw if nobody moves (unix ms).
        closes_ms: u64,
    },
    /// A player ran out of time and the opponent may claim the win.
    Flagged {
        /// The game's channel.
        channel: ChannelId,
        /// Who may claim.
        claimant: UserId,
        /// Who ran out of time.
        flagged: UserId,
        /// When the claim window closes (unix ms): unclaimed, the win is
        /// then recorded on time all the same ([`Notice::TimedOut`]).
        closes_ms: u64,
    },
    /// A game ended on time: at the timeout, or at the close of a claim
    /// window nobody used (a win on time for the one who could claim).
    TimedOut(FinishedGame),
    /// A challenge expired unanswered.
    ChallengeExpired(Challenge),
    /// A move that no answer showed: the bot's own, played by the clock
    /// (the answer that should have carried it was lost, or the bot
    /// restarted meanwhile), or a player's, saved but whose answer Discord
    /// did not take.
    Moved(Box<MoveOutcome>),
    /// A takeback asked, made or declined on a page: the chat is told
    /// (a request there gets its buttons, a takeback its new board).
    Takeback(Box<TakebackOutcome>),
    /// A tournament's entry deadline started it (or, with too few
    /// players, cancelled it): its work is for the front end.
    Tournament(Box<TournamentUpdate>),
    /// A server's daily puzzle is due in its channel.
    DailyPuzzle(Box<DailyDue>),
    /// A member's daily digest of the games waiting for them.
    Digest(Box<Digest>),
    /// A player's vacation stopped or restarted a game's clock: the
    /// opponent is told in the game's place.
    Vacation {
        /// The game's channel.
        channel: ChannelId,
        /// The game number.
        game: u64,
        /// The player on vacation.
        user: UserId,
        /// Their opponent, if a person.
        opponent: Option<UserId>,
        /// What happened.
        change: VacationChange,
    },
    /// A stored entry could not be read: it was set aside (kept for the
    /// operator) and its deadline dropped, once.
    Unreadable {
        /// The channel.
        channel: ChannelId,
        /// What went wrong.
        reason: String,
    },
}

impl Notice {
    /// The channel it happened in.
    pub fn channel(&self) -> ChannelId {
        match self {
            Notice::Reminder { channel, .. }
            | Notice::Idle { channel, .. }
            | Notice::Flagged { channel, .. }
            | Notice::Vacation { channel, .. }
            | Notice::Unreadable { channel, .. } => *channel,
            Notice::TimedOut(f) => f.channel,
            Notice::ChallengeExpired(c) => c.channel,
            Notice::Moved(out) => out.view.live.channel,
            Notice::Takeback(t) => t.view().live.channel,
            // A tournament's work is posted where the tournament was made.
            Notice::Tournament(update) => update.tournament.channel,
            Notice::DailyPuzzle(due) => due.channel,
            // Sent as a direct message: its place is the digest's deadline.
            Notice::Digest(d) => digest_channel(d.user),
        }
    }
}

/// What happened to a game's clock, for its opponent to be told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "kebab-case")]
pub enum VacationChange {
    /// The player went on vacation: the clock stopped until `until_ms` at most.
    Started {
        /// When their bank runs out (unix ms).
        until_ms: u64,
    },
    /// The player came back: the clock runs again (unless the other
    /// player is away too).
    Ended,
    /// The player's bank ran out: the clock runs again.
    RanOut,
}

/// A daily puzzle due to be posted: the front end posts it, then says
/// [`Table::daily_posted`](super::Table::daily_posted) or
/// [`Table::daily_post_failed`](super::Table::daily_post_failed).
#[derive(Debug, Clone)]
pub struct DailyDue {
    /// The server.
    pub guild: GuildId,
    /// Where it goes.
    pub channel: ChannelId,
    /// The day (days since 1970, UTC).
    pub day: u64,
    /// The puzzle, with its solvers so far.
    pub view: PuzzleView,
}

/// A puzzle as a front end shows it: the position to solve now.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleView {
    /// The puzzle.
    pub puzzle: &'static Puzzle,
    /// The position the solver moves in now.
    pub position: Position,
    /// Plies played so far (the menu's move belongs to this ply).
    pub plies: usize,
    /// Whether the moves so far are the solution's (a solver who found
    /// another win plays on from where it led).
    pub on_line: bool,
    /// The solver's legal moves, for the menu.
    pub moves: Vec<Move>,
    /// The puzzle's live rating.
    pub rating: Rating,
    /// Whether this run counts for the member's rating.
    pub counted: bool,
    /// The daily puzzle shown, if it is one, with its solvers so far.
    pub daily: Option<(DailyRef, DailyTally)>,
}

/// The daily puzzle a member answers: the server and the day (unix days).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DailyRef {
    /// The server.
    pub guild: GuildId,
    /// Days since 1970-01-01 (UTC).
    pub day: u64,
}

/// The daily puzzle's count of solvers in one server.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DailyTally {
    /// Members who solved it at their first try.
    pub solvers: u32,
    /// Members who answered at all.
    pub tried: u32,
}

impl Versioned for DailyTally {
    const KIND: &'static str = "puzzle-daily";
    const FORMAT: u32 = 1;
}

/// What a takeback request or answer did.
#[derive(Debug, Clone)]
pub enum TakebackOutcome {
    /// The request of `by` waits for the opponent's answer.
    Asked {
        /// The game, with the request.
        view: GameView,
        /// The side that asked.
        by: Side,
    },
    /// The moves were taken back (the bot always agrees at once).
    Taken(Takeback),
    /// The opponent, `by`, declined; the game goes on as it was.
    Declined {
        /// The game, without the request.
        view: GameView,
        /// The side that declined.
        by: Side,
    },
}

impl TakebackOutcome {
    /// The game after the request or answer.
    pub fn view(&self) -> &GameView {
        match self {
            TakebackOutcome::Asked { view, .. } | TakebackOutcome::Declined { view, .. } => view,
            TakebackOutcome::Taken(t) => &t.view,
        }
    }
}

/// A takeback that was made.
#[derive(Debug, Clone)]
pub struct Takeback {
    /// The game after it.
    pub view: GameView,
    /// The side whose move was taken back.
    pub by: Side,
    /// Plies taken back: 1, or 2 when the opponent had already answered
    /// the move (their answer goes too).
    pub plies: usize,
}

/// The top two bits of a deadline channel naming a member's digest
/// (tournaments have the top bit, daily posts both).
pub(super) const DIGEST_BITS: u64 = 0b01 << 62;
pub(super) const HIGH_BITS: u64 = 0b11 << 62;

/// The deadline channel of a member's digest.
pub fn digest_channel(user: UserId) -> ChannelId {
    DIGEST_BITS | (user & !HIGH_BITS)
}

/// A member's digest: the games waiting for their move, longest waiting first.
#[derive(Debug, Clone)]
pub struct Digest {
    /// The member.
    pub user: UserId,
    /// Their games where it is their move (never empty).
    pub games: Vec<GameView>,
    /// When it was made (unix ms): the time left is counted from it.
    pub now_ms: u64,
}
