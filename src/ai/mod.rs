//! Computer opponents built on the engine.
//!
//! Every opponent is a [`Player`]: given a position, it chooses a legal move.
//! [`Random`] and [`Greedy`] are the baselines; [`Searching`] is the alpha-beta
//! searcher behind the levels `easy`, `medium` and `hard` (see [`Level`]).
//! [`hint`] suggests a move and [`review`] annotates a finished game;
//! [`puzzle`] finds and proves puzzles ([`generate`] scans games for them).

mod analysis;
pub mod puzzle;
mod puzzle_gen;
mod rng;
mod search;
mod selfplay;

pub use analysis::{hint, review, review_continued, Hint, Judgement, PlyReview, Review, REVIEW_NODES};
pub use puzzle::{Puzzle, ANALYSE_NODES};
pub use puzzle_gen::{generate, GenConfig, GenStats, SelfPlayGames, SourceGame, HARD_NODES, NEAR_COPY};
pub use rng::Rng;
pub use search::{search, Budget, Score, SearchResult, SEED};
pub use selfplay::{
    game_seed, play_game, play_game_from, play_match, play_pairing, random_opening, GameSummary, MatchStats,
    Openings, PairingStats,
};

use search::{Searcher, JITTER, MAX_DEPTH};

use std::fmt;
use std::str::FromStr;

use crate::engine::{Move, Position};

/// A computer player.
pub trait Player: Send {
    /// A legal move of the side to move, or `None` when it has none (it has lost).
    fn choose(&mut self, pos: &Position) -> Option<Move>;

    /// Restarts the player's random choices from `seed`: a match reseeds both
    /// players before every game, so each game is reproducible on its own.
    /// A player without random choices has nothing to restart.
    fn reseed(&mut self, _seed: u64) {}

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

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
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

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

/// Plays the best move an alpha-beta search finds within its budget. Ties and
/// the small evaluation jitter come from its seed, so games vary from seed to
/// seed but repeat exactly for the same seed and a node budget.
#[derive(Debug, Clone)]
pub struct Searching {
    rng: Rng,
    budget: Budget,
}

impl Searching {
    /// A searcher with this seed and budget per move (an unlimited budget is
    /// replaced by [`AiConfig::default`]'s time).
    pub fn new(seed: u64, budget: Budget) -> Searching {
        let budget = if budget.is_unlimited() {
            AiConfig::default().budget()
        } else {
            budget
        };
        Searching {
            rng: Rng::new(seed),
            budget,
        }
    }

    /// The budget per move.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Searches `pos` and returns the whole result (move, score, depth, nodes).
    pub fn analyse(&mut self, pos: &Position) -> SearchResult {
        let salt = self.rng.next_u64();
        let mut s = Searcher::new(self.budget, JITTER, salt);
        s.search(pos, u16::MAX, MAX_DEPTH, Some(&mut self.rng))
    }
}

impl Player for Searching {
    fn choose(&mut self, pos: &Position) -> Option<Move> {
        self.analyse(pos).best
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

/// The `[ai]` section of the configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AiConfig {
    /// Thinking time per move of the `hard` level, in milliseconds (`easy`
    /// and `medium` are limited by nodes and usually need far less).
    pub think_ms: u64,
}

impl Default for AiConfig {
    fn default() -> AiConfig {
        AiConfig { think_ms: 1_000 }
    }
}

impl AiConfig {
    /// The time budget this configuration gives.
    pub fn budget(&self) -> Budget {
        Budget::time(self.think_ms)
    }
}

/// `easy`'s nodes per move. The caps are small because Isolo is so tactical:
/// a few thousand nodes already solve most women's positions, and the caps are
/// set where each level still beats the one below in 70% or more of the games
/// from open positions (see [`play_pairing`] with [`Openings`]).
pub const EASY_NODES: u64 = 300;
/// `medium`'s nodes per move.
pub const MEDIUM_NODES: u64 = 2_000;

/// The kinds of computer player, by name (`random`, `greedy`, `easy`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// Most seeds captured this move.
    Greedy,
    /// A short search: 300 nodes a move.
    Easy,
    /// A medium search: 2,000 nodes a move.
    Medium,
    /// A full search, limited by time ([`AiConfig::think_ms`]) or by the nodes given.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
    ];

    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The most nodes a move of this level may search, if the level is defined
    /// by a node cap (its strength then does not depend on the machine).
    pub fn node_cap(self) -> Option<u64> {
        match self {
            Level::Easy => Some(EASY_NODES),
            Level::Medium => Some(MEDIUM_NODES),
            Level::Random | Level::Greedy | Level::Hard => None,
        }
    }

    /// A player of this level, seeded, with the default budget (`hard` thinks
    /// for [`AiConfig::default`]'s time).
    pub fn player(self, seed: u64) -> Box<dyn Player> {
        self.player_with(seed, Budget::default())
    }

    /// A player of this level with a budget per move. A level with a node cap
    /// never searches more than its cap (a smaller `budget.nodes` lowers it);
    /// `budget.think_ms` bounds every searching level's time. `hard` with no
    /// budget at all thinks for [`AiConfig::default`]'s time. The baselines
    /// ignore the budget.
    pub fn player_with(self, seed: u64, budget: Budget) -> Box<dyn Player> {
        match self {
            Level::Random => Box::new(Random::new(seed)),
            Level::Greedy => Box::new(Greedy::new(seed)),
            Level::Easy | Level::Medium | Level::Hard => Box::new(self.searcher(seed, budget)),
        }
    }

    /// The effective budget of a searching level given `budget` (see [`Level::player_with`]).
    pub fn budget(self, budget: Budget) -> Budget {
        match self.node_cap() {
            Some(cap) => Budget {
                think_ms: budget.think_ms,
                nodes: Some(budget.nodes.map_or(cap, |n| n.min(cap))),
            },
            None if budget.is_unlimited() => AiConfig::default().budget(),
            None => budget,
        }
    }

    /// The searching player of this level (the baselines get `hard`'s search
    /// with `budget`, which is rarely what you want: use [`Level::player_with`]).
    pub fn searcher(self, seed: u64, budget: Budget) -> Searching {
        Searching::new(seed, self.budget(budget))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for an unknown level name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a computer player: choose one of random, greedy, easy, medium, hard")]
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
