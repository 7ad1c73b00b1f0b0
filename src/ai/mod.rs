//! Computer opponents built on the engine.
//!
//! Every opponent is a [`Player`]: given a position, it chooses a legal move.
//! [`Random`] and [`Greedy`] are the baselines.

mod rng;
mod selfplay;

pub use rng::Rng;
pub use selfplay::{play_game, play_match, GameSummary, MatchStats};

use std::fmt;
use std::str::FromStr;

use crate::engine::{Move, Position};

/// A computer player.
pub trait Player: Send {
    /// A legal move of the side to move, or `None` when it has none (it has lost).
    fn choose(&mut self, pos: &Position) -> Option<Move>;

    /// Chooses a move and plays it on `pos` (the self-play loop). Players whose
    /// choice already simulates the move override this to play it only once.
    fn choose_and_play(&mut self, pos: &mut Position) -> Option<Move> {
        let mv = self.choose(pos)?;
        pos.play_mut(mv).ok()?;
        Some(mv)
    }
}

/// Plays a uniformly random legal move (seeded, reproducible).
#[derive(Debug, Clone)]
pub struct Random {
    rng: Rng,
}

impl Random {
    /// A random player with its own seed.
    pub fn new(seed: u64) -> Random {
        Random { rng: Rng::new(seed) }
    }
}

impl Player for Random {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.choose_and_play(&mut pos.clone())
    }

    fn choose_and_play(&mut self, pos: &mut Position) -> Option<Move> {
        // Draw among the candidates and play the one drawn: never-ending moves
        // are rare (and refused without changing `pos`), and dropping them
        // keeps the draw uniform over the legal moves.
        let mut mask = pos.candidate_mask();
        while mask != 0 {
            let k = self.rng.pick_bit(mask);
            let mv = pos.ring_move(k);
            if pos.play_ring(k).is_ok() {
                return Some(mv);
            }
            mask &= !(1 << k);
        }
        None
    }
}

/// Plays the legal move that captures the most seeds this move; ties are
/// broken at random (seeded).
#[derive(Debug, Clone)]
pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    /// A greedy player with its own seed for tie-breaks.
    pub fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }
}

impl Player for Greedy {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        let mut best = (-1i32, 0u16);
        let mut mask = pos.candidate_mask();
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if let Ok(p) = pos.clone().play_ring(k) {
                let c = i32::from(p.captured);
                if c > best.0 {
                    best = (c, 0);
                }
                if c == best.0 {
                    best.1 |= 1 << k;
                }
            }
        }
        (best.1 != 0).then(|| pos.ring_move(self.rng.pick_bit(best.1)))
    }
}

/// The kinds of computer player, by name (`random`, `greedy`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// Most seeds captured this move.
    Greedy,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 2] = [Level::Random, Level::Greedy];

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
        }
    }

    /// A player of this level, seeded.
    pub fn player(self, seed: u64) -> Box<dyn Player> {
        match self {
            Level::Random => Box::new(Random::new(seed)),
            Level::Greedy => Box::new(Greedy::new(seed)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for an unknown level name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a computer player: choose one of random, greedy")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let s = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| ParseLevelError(s.chars().take(40).collect()))
    }
}
