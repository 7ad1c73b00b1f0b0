//! A whole game: position, history, repetition and the end of the game.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::position::{IllegalMove, PlayError};
use super::{Move, MoveReport, Position, Rules, Side};

/// Plies after which a game without a result is drawn (rules.md section 2).
pub const MAX_PLIES: usize = 2_000;

/// Who won, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }

    /// Result notation: `1-0` (South won), `0-1` (North won), `1/2-1/2`.
    pub fn notation(self) -> &'static str {
        match self {
            Outcome::Win(Side::South) => "1-0",
            Outcome::Win(Side::North) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// Parses result notation (`1-0`, `0-1`, `1/2-1/2`); `*` and anything else give `None`.
    pub fn from_notation(s: &str) -> Option<Outcome> {
        match s {
            "1-0" => Some(Outcome::Win(Side::South)),
            "0-1" => Some(Outcome::Win(Side::North)),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// `"south"`, `"north"` or `"draw"`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win(s) => s.name(),
            Outcome::Draw => "draw",
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The side to move had no legal move (this includes being wiped out).
    NoLegalMove,
    /// The same position occurred for the third time.
    Repetition,
    /// 2,000 plies without a result.
    PlyLimit,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// A player ran out of time.
    Timeout,
    /// A moderator aborted the game.
    Aborted,
    /// Nobody moved for the server's idle time: drawn, unrated.
    Abandoned,
}

impl Termination {
    /// Every termination, for parsing.
    pub const ALL: [Termination; 8] = [
        Termination::NoLegalMove,
        Termination::Repetition,
        Termination::PlyLimit,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Timeout,
        Termination::Aborted,
        Termination::Abandoned,
    ];

    /// Name used in records (`no-legal-move`, `repetition`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Termination::NoLegalMove => "no-legal-move",
            Termination::Repetition => "repetition",
            Termination::PlyLimit => "ply-limit",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Timeout => "timeout",
            Termination::Aborted => "aborted",
            Termination::Abandoned => "abandoned",
        }
    }

    /// Parses [`Termination::name`].
    pub fn from_name(s: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.name() == s)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game: who won and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why the game ended.
    pub termination: Termination,
}

/// A game: the start, the moves, the current position and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hash of every position so far, for the repetition rule.
    seen: Vec<u64>,
    result: Option<GameResult>,
}

impl Game {
    /// A new game from the rules' starting position.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A new game from any position (the result is set at once if the side to move cannot move).
    pub fn from_position(start: Position) -> Game {
        let rules = Rules {
            variant: start.variant(),
            capture_from: start.capture_from(),
            after_capture: start.after_capture(),
            first: start.to_move(),
        };
        let result = (!start.has_legal_move()).then(|| GameResult {
            outcome: Outcome::Win(start.to_move().opponent()),
            termination: Termination::NoLegalMove,
        });
        Game {
            rules,
            start,
            position: start,
            moves: Vec::new(),
            seen: vec![start.hash64()],
            result,
        }
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The starting position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plies played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Side> {
        self.result.is_none().then(|| self.position.to_move())
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> super::MoveList {
        if self.result.is_some() {
            super::MoveList::default()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays a move, applying every end-of-game rule. On error the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        if self.result.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let (next, mut report) = self
            .position
            .play(mv)
            .map_err(|e: PlayError<Position>| e.reason)?;
        let h = next.hash64();
        let repeats = self.seen.iter().filter(|&&x| x == h).count();
        self.position = next;
        self.moves.push(mv);
        self.seen.push(h);
        if report.result.is_none() {
            if repeats >= 2 {
                report.result = Some(GameResult {
                    outcome: Outcome::Draw,
                    termination: Termination::Repetition,
                });
            } else if self.moves.len() >= MAX_PLIES {
                report.result = Some(GameResult {
                    outcome: Outcome::Draw,
                    termination: Termination::PlyLimit,
                });
            }
        }
        self.result = report.result;
        Ok(report)
    }

    /// Ends the game for a reason outside the board (resignation, agreement,
    /// timeout, abort). Refused if the game is already over.
    pub fn end(&mut self, result: GameResult) -> Result<(), IllegalMove> {
        if self.result.is_some() {
            return Err(IllegalMove::GameOver);
        }
        self.result = Some(result);
        Ok(())
    }

    /// Replays moves from a start position, stopping at the first illegal one
    /// (its index and reason are returned).
    pub fn replay(start: Position, moves: &[Move]) -> Result<Game, (usize, IllegalMove)> {
        let mut g = Game::from_position(start);
        for (i, &m) in moves.iter().enumerate() {
            g.play(m).map_err(|e| (i, e))?;
        }
        Ok(g)
    }
}
