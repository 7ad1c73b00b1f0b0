//! Why the table refuses: what happened, as data.

use crate::engine::{IllegalMove, ParsePitError};
use crate::store::{Space, StoreError};

use super::clock;

/// Why the table refused something: what happened, with the names and
/// numbers involved. `Display` gives a short neutral sentence (for logs and
/// the terminal); each front end words refusals for its players itself.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TableError {
    /// No game in this channel.
    #[error("there is no game in this channel")]
    NoGame,
    /// No finished game with this number in this server.
    #[error("there is no finished game #{0} in this server")]
    NoSuchGame(u64),
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
    /// Several pending challenges here concern the member: which one?
    #[error("several challenges here concern you ({}): name the other player with the command's option", .0.join(", "))]
    WhichChallenge(Vec<String>),
    /// A challenge between the same two members is already waiting in the channel.
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
    /// The engine helps nobody in a game between people until it is over.
    #[error("the engine's analysis opens once the game is over")]
    EngineLater,
    /// A variation starts from a ply the game has not reached.
    #[error("the game has {plies} moves: there is no move {ply} to start from")]
    VariationPly {
        /// The ply asked for.
        ply: usize,
        /// The game's plies.
        plies: usize,
    },
    /// A variation holds too many moves.
    #[error("a variation holds at most {max} moves")]
    VariationLength {
        /// The most moves.
        max: usize,
    },
    /// Takebacks are only for friendly games: unrated, outside tournaments.
    #[error("moves can only be taken back in unrated games outside tournaments")]
    TakebackNotAllowed,
    /// The player has made no move to take back.
    #[error("you have made no move to take back")]
    NothingToTakeBack,
    /// The opponent has not asked to take a move back.
    #[error("your opponent has not asked to take back a move")]
    NoTakebackRequest,
    /// A member asked to be forgotten still sits in live games or pending challenges.
    #[error("still playing: {} game(s) in progress and {challenges} open challenge(s) must end first", .games.len())]
    StillPlaying {
        /// The numbers of their games in progress.
        games: Vec<u64>,
        /// Their pending challenges (made or received).
        challenges: usize,
    },
    /// The other player of the game to rematch has been forgotten.
    #[error("the other player is no longer a member")]
    FormerMember,
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
    /// No live tournament here concerns the member.
    #[error("no tournament here concerns you")]
    NoTournament,
    /// No tournament with this number in this server.
    #[error("there is no tournament #{0} in this server")]
    NoSuchTournament(u64),
    /// Several tournaments concern the member: which one?
    #[error("several tournaments concern you: {0:?}")]
    WhichTournament(Vec<u64>),
    /// A tournament needs a clock above zero.
    #[error("a tournament needs a clock (seconds per move above zero)")]
    ClockRequired,
    /// Swiss rounds out of range.
    #[error("rounds must be between 1 and {max}")]
    BadRounds {
        /// The most rounds.
        max: u32,
    },
    /// Rounds were given for a round robin (its players fix them).
    #[error("a round robin's rounds follow from its players")]
    RoundsOfRoundRobin,
    /// The entry deadline is not in the future.
    #[error("the entry deadline has passed")]
    DeadlinePassed,
    /// The server has as many live tournaments as allowed.
    #[error("this server already has {max} tournaments open or running")]
    TooManyTournaments {
        /// The limit.
        max: usize,
    },
    /// The member is already in the tournament.
    #[error("already in tournament #{0}")]
    AlreadyJoined(u64),
    /// The member is not (or no longer) in the tournament.
    #[error("not in tournament #{0}")]
    NotJoined(u64),
    /// The tournament has as many players as allowed.
    #[error("tournament #{number} is full ({max} players)")]
    TournamentFull {
        /// The tournament.
        number: u64,
        /// The limit.
        max: usize,
    },
    /// The tournament has started: no more entries (or a second start).
    #[error("tournament #{0} has started")]
    TournamentStarted(u64),
    /// The tournament is finished or cancelled.
    #[error("tournament #{0} is over")]
    TournamentOver(u64),
    /// Too few players to start.
    #[error("tournament #{number} has {have} players; it needs {need}")]
    NotEnoughPlayers {
        /// The tournament.
        number: u64,
        /// Players so far.
        have: usize,
        /// Players needed.
        need: usize,
    },
    /// Only the tournament's creator or a moderator may do this.
    #[error("only the creator of tournament #{0} or a moderator can do this")]
    NotOrganizer(u64),
    /// No board waiting for its game there.
    #[error("tournament #{number} has no board {board} waiting in round {round}")]
    NoSuchBoard {
        /// The tournament.
        number: u64,
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// The board's game was started already (by another process or an
    /// earlier attempt): the new thread is not needed.
    #[error("this board is already played as game #{game}")]
    BoardStarted {
        /// Its game.
        game: u64,
        /// Its thread.
        thread: u64,
    },
    /// No shipped puzzle has this id.
    #[error("there is no puzzle {0}")]
    NoSuchPuzzle(String),
    /// The member has tried every puzzle of the variant.
    #[error("you have tried every {0} puzzle")]
    NoPuzzleLeft(crate::engine::Variant),
    /// The attempt is over (the solution was shown): later answers do not count.
    #[error("this puzzle is over: start it again from its first move to practise")]
    PuzzleOver,
    /// A time of day out of range.
    #[error("{0} is not a minute of the day (0 to 1439)")]
    BadMinute(u16),
    /// No lesson has this number.
    #[error("there is no lesson {0}")]
    NoSuchLesson(usize),
    /// Conditional moves are entered while the opponent is to move.
    #[error("conditional moves are entered while your opponent is to move")]
    ConditionalNotNow,
    /// A conditional line is pairs of moves, at most `max` plies.
    #[error("a conditional line is pairs of moves (theirs, then yours), at most {max}")]
    ConditionalLength {
        /// The most plies.
        max: usize,
    },
    /// The player keeps as many lines as allowed.
    #[error("you already have {max} conditional lines in this game")]
    ConditionalFull {
        /// The most lines.
        max: usize,
    },
    /// A line answers the same moves differently from an earlier line.
    #[error("this line answers the same moves differently from your line {line}")]
    ConditionalConflict {
        /// The earlier line (1-based, as listed).
        line: usize,
    },
    /// A ply of a line names no pit.
    #[error("move {ply} of the line: {text} is not a pit")]
    ConditionalBadPit {
        /// The ply (1-based).
        ply: usize,
        /// The text as typed.
        text: String,
    },
    /// A ply of a line breaks the rules from the position it is played in.
    #[error("move {ply} of the line ({mv}): {reason}")]
    ConditionalIllegal {
        /// The ply (1-based).
        ply: usize,
        /// The move.
        mv: String,
        /// Why the engine refuses it.
        reason: IllegalMove,
    },
    /// The member is on vacation already.
    #[error("you are on vacation already")]
    OnVacation,
    /// The member is not on vacation.
    #[error("you are not on vacation")]
    NotOnVacation,
    /// The member's vacation bank is empty.
    #[error("you have no vacation time left")]
    NoVacationLeft,
    /// A vacation would stop no clock: the member has no clocked game
    /// against a person with time left (the bank is kept).
    #[error("none of your games has a clock a vacation could stop")]
    NothingToHold,
    /// A stored entry cannot be read; only this channel is affected.
    #[error("the saved {what} cannot be read ({reason})")]
    Corrupt {
        /// What could not be read.
        what: Unreadable,
        /// Why, for the operator's log (players are told `what` only).
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

/// What stored thing cannot be read: a refusal names it, in the player's
/// language; `TableError::Corrupt`'s reason is for the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// A game in progress, by number.
    Game(u64),
    /// A finished game's record, by number.
    Record(u64),
    /// A lesson of the course, by its id.
    Lesson(String),
    /// A puzzle of the shipped sets.
    Puzzle,
    /// An entry written by a newer version of the bot.
    Newer(Space),
    /// Another stored entry.
    Entry(Space),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::Game(id) => write!(f, "game #{id}"),
            Unreadable::Record(id) => write!(f, "record of game #{id}"),
            Unreadable::Lesson(n) => write!(f, "lesson {n}"),
            Unreadable::Puzzle => write!(f, "puzzle"),
            Unreadable::Newer(space) | Unreadable::Entry(space) => {
                write!(f, "{}", space.name().trim_end_matches('s'))
            }
        }
    }
}

impl TableError {
    /// The same refusal with every text that may come from players (names,
    /// a pit as typed) passed through `escape`: a front end with markup
    /// neutralises them with it. Reasons are for the log, never shown.
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
            E::WhichChallenge(names) => E::WhichChallenge(names.iter().map(|n| escape(n)).collect()),
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
            E::NoSuchPuzzle(id) => E::NoSuchPuzzle(escape(id)),
            E::ConditionalBadPit { ply, text } => E::ConditionalBadPit {
                ply: *ply,
                text: escape(text),
            },
            other => other.clone(),
        }
    }
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        match e {
            // A value that cannot be written (too large) is a failed save,
            // not damage: the stored entry is still whole.
            StoreError::Encode { .. } => TableError::Storage(e.to_string()),
            StoreError::Corrupt { space, reason, .. } => TableError::Corrupt {
                what: Unreadable::Entry(space),
                reason,
            },
            StoreError::UnsupportedFormat {
                space, kind, format, ..
            } => TableError::Corrupt {
                what: Unreadable::Newer(space),
                reason: format!("{kind} format {format}, written by a newer version of the bot"),
            },
            other => TableError::Storage(other.to_string()),
        }
    }
}
