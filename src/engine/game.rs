//! A whole game: position, history, repetition and the end of the game.

use super::position::{IllegalMove, PlayError};
use super::result::{GameResult, Outcome, Termination};
use super::{Move, MoveReport, Position, Rules, Side};

/// Plies after which a game without a result is drawn (rules.md section 2).
pub const MAX_PLIES: usize = 2_000;

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
