//! Computer opponents built on the engine.
//!
//! Every opponent is a [`Player`]: given a position, it chooses a legal move.
//! [`Random`] and [`Greedy`] are the baselines; [`Searching`] is the alpha-beta
//! searcher behind the levels `easy`, `medium` and `hard` (see [`Level`]).
//! [`hint`] suggests a move and [`review`] annotates a finished game;
//! [`puzzle`] finds and proves puzzles ([`generate`] scans games for them).

mod analysis;
mod players;
pub mod puzzle;
mod puzzle_gen;
mod rng;
mod search;
mod selfplay;

pub use analysis::{hint, review, review_continued, Hint, Judgement, PlyReview, Review, REVIEW_NODES};
pub use players::{
    AiConfig, Greedy, Level, ParseLevelError, Player, Random, Searching, EASY_NODES, MEDIUM_NODES,
};
pub use puzzle::{Puzzle, ANALYSE_NODES};
pub use puzzle_gen::{generate, GenConfig, GenStats, SelfPlayGames, SourceGame, HARD_NODES, NEAR_COPY};
pub use rng::Rng;
pub use search::{search, Budget, Score, SearchResult, SEED};
pub use selfplay::{
    game_seed, play_game, play_game_from, play_match, play_pairing, random_opening, GameSummary, MatchStats,
    Openings, PairingStats,
};
