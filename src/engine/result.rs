//! The end of a game: who won ([`Outcome`]), why ([`Termination`]), both
//! ([`GameResult`]). Kept beneath `game.rs` and `position.rs`, which both
//! end games.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::types::Side;
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
