//! Engine-only games between computer players, for measuring speed and strength.

use std::collections::HashSet;

use crate::engine::{GameResult, Move, Outcome, Position, Rules, Side, Termination, MAX_PLIES};

use super::{search, Budget, Player, Random, Rng};

/// How one game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    /// The result.
    pub result: GameResult,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

/// Totals over a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct MatchStats {
    /// Games played.
    pub games: u64,
    /// Games South won.
    pub south_wins: u64,
    /// Games North won.
    pub north_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Plies played in all.
    pub plies: u64,
}

/// Plays one game to its end with the fast path, applying every end-of-game rule
/// of [`Game`](crate::engine::Game) (no legal move, third repetition, ply limit).
/// `seen` is scratch space for position hashes, reused between games to avoid allocating.
pub fn play_game(
    rules: Rules,
    south: &mut dyn Player,
    north: &mut dyn Player,
    seen: &mut Vec<u64>,
    moves: Option<&mut Vec<Move>>,
) -> (GameResult, usize) {
    play_game_from(Position::new(rules), south, north, seen, moves)
}

/// [`play_game`] from any start position (plies are counted from it).
pub fn play_game_from(
    start: Position,
    south: &mut dyn Player,
    north: &mut dyn Player,
    seen: &mut Vec<u64>,
    moves: Option<&mut Vec<Move>>,
) -> (GameResult, usize) {
    let mut pos = start;
    seen.clear();
    seen.push(pos.hash64());
    let mut record = moves;
    let mut ply = 0;
    loop {
        let side = pos.to_move();
        let player: &mut dyn Player = if side == Side::South {
            &mut *south
        } else {
            &mut *north
        };
        let Some(mv) = player.choose_and_play(&mut pos) else {
            let outcome = Outcome::Win(side.opponent());
            return (
                GameResult {
                    outcome,
                    termination: Termination::NoLegalMove,
                },
                ply,
            );
        };
        ply += 1;
        if let Some(m) = record.as_deref_mut() {
            m.push(mv);
        }
        let h = pos.hash64();
        if seen.iter().filter(|&&x| x == h).count() >= 2 {
            // Only a draw if the next player can move; otherwise the mover won.
            if pos.has_legal_move() {
                return (
                    GameResult {
                        outcome: Outcome::Draw,
                        termination: Termination::Repetition,
                    },
                    ply,
                );
            }
        } else if ply >= MAX_PLIES && pos.has_legal_move() {
            return (
                GameResult {
                    outcome: Outcome::Draw,
                    termination: Termination::PlyLimit,
                },
                ply,
            );
        }
        seen.push(h);
    }
}

/// Plays `games` games between two players with fixed sides and sums them up.
pub fn play_match(rules: Rules, south: &mut dyn Player, north: &mut dyn Player, games: u64) -> MatchStats {
    let mut stats = MatchStats::default();
    let mut seen = Vec::with_capacity(256);
    for _ in 0..games {
        let (result, plies) = play_game(rules, south, north, &mut seen, None);
        stats.games += 1;
        stats.plies += plies as u64;
        match result.outcome {
            Outcome::Win(Side::South) => stats.south_wins += 1,
            Outcome::Win(Side::North) => stats.north_wins += 1,
            Outcome::Draw => stats.draws += 1,
        }
    }
    stats
}

/// Totals of a match between two players who swap seats every game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct PairingStats {
    /// Games played.
    pub games: u64,
    /// Games the first player (`a`) won.
    pub a_wins: u64,
    /// Games the second player (`b`) won.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games `a` won when it moved first.
    pub a_wins_moving_first: u64,
    /// Games `b` won when it moved first.
    pub b_wins_moving_first: u64,
    /// Plies played in all (openings not included).
    pub plies: u64,
    /// Games that differ from every other game of the match (start or moves).
    pub distinct_games: u64,
}

impl PairingStats {
    /// `a`'s score as a fraction: wins plus half the draws, over games.
    pub fn a_score(&self) -> f64 {
        (self.a_wins as f64 + 0.5 * self.draws as f64) / (self.games.max(1) as f64)
    }

    /// Games won by whoever moved first.
    pub fn first_mover_wins(&self) -> u64 {
        self.a_wins_moving_first + self.b_wins_moving_first
    }
}

/// How the games of a pairing start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Openings {
    /// Random plies played from the rules' start before each pair of games
    /// (0: every game starts from the setup).
    pub plies: u32,
    /// Keep only openings in which a search of this many nodes finds no forced
    /// result, so that the game is still open (a research aid: many positions
    /// are forced wins for the side to move).
    pub undecided_nodes: Option<u64>,
    /// Seed of the random openings.
    pub seed: u64,
}

impl Openings {
    /// Every game from the setup.
    pub const SETUP: Openings = Openings {
        plies: 0,
        undecided_nodes: None,
        seed: 0,
    };
}

/// Most openings drawn before one that fits is given up on (the last is used).
const OPENING_TRIES: u32 = 1_000;

/// A random opening of `plies` legal plies from the rules' start that leaves
/// the side to move a legal move and, with `undecided_nodes`, is not solved by
/// a search of that size. Gives up after 1,000 draws and returns
/// the last one that left a legal move (or the setup).
pub fn random_opening(rules: Rules, plies: u32, undecided_nodes: Option<u64>, rng: &mut Rng) -> Position {
    let start = Position::new(rules);
    let mut fallback = start;
    for _ in 0..OPENING_TRIES {
        let mut random = Random::new(rng.next_u64());
        let mut pos = start;
        let complete = (0..plies).all(|_| match random.choose(&pos) {
            Some(mv) => pos.play_mut(mv).is_ok(),
            None => false,
        });
        if !complete || !pos.has_legal_move() {
            continue;
        }
        fallback = pos;
        match undecided_nodes {
            Some(n) if search(&pos, Budget::nodes(n)).score.forced_in().is_some() => {}
            _ => return pos,
        }
    }
    fallback
}

/// The seed of game `game` of a match seeded `seed`, for the player seated
/// `seat` (0 or 1): distinct for every game and seat of the match.
pub fn game_seed(seed: u64, game: u64, seat: u64) -> u64 {
    Rng::new(seed ^ (game << 1 | seat & 1)).next_u64()
}

/// Plays `games` games between `a` and `b`, swapping seats every game (`a` is
/// South in the even games), so each player moves first in half of them.
/// Each pair of games starts from the same position (see [`Openings`]), once
/// with each seating. Before every game both players are reseeded with
/// [`game_seed`]`(openings.seed, game, 0 or 1)`: from the setup the games then
/// differ by the players' seeded tie-breaks alone (no artificial opening),
/// and any one game can be replayed from its number.
pub fn play_pairing(
    rules: Rules,
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: u64,
    openings: Openings,
) -> PairingStats {
    let mut stats = PairingStats::default();
    let mut seen = Vec::with_capacity(256);
    let mut moves = Vec::with_capacity(256);
    let mut distinct = HashSet::new();
    let mut rng = Rng::new(openings.seed);
    let mut start = Position::new(rules);
    for i in 0..games {
        let a_south = i % 2 == 0;
        if a_south && openings.plies > 0 {
            start = random_opening(rules, openings.plies, openings.undecided_nodes, &mut rng);
        }
        a.reseed(game_seed(openings.seed, i, 0));
        b.reseed(game_seed(openings.seed, i, 1));
        moves.clear();
        let (result, plies) = if a_south {
            play_game_from(start, a, b, &mut seen, Some(&mut moves))
        } else {
            play_game_from(start, b, a, &mut seen, Some(&mut moves))
        };
        distinct.insert((start.hash64(), moves.clone()));
        stats.games += 1;
        stats.plies += plies as u64;
        match result.outcome {
            Outcome::Win(side) => {
                let first = side == start.to_move();
                if (side == Side::South) == a_south {
                    stats.a_wins += 1;
                    stats.a_wins_moving_first += u64::from(first);
                } else {
                    stats.b_wins += 1;
                    stats.b_wins_moving_first += u64::from(first);
                }
            }
            Outcome::Draw => stats.draws += 1,
        }
    }
    stats.distinct_games = distinct.len() as u64;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Greedy, Random};
    use crate::engine::{Game, Variant};

    #[test]
    fn fast_selfplay_agrees_with_the_checked_game() {
        let mut seen = Vec::new();
        for variant in Variant::ALL {
            for seed in 0..200 {
                let rules = Rules::new(variant);
                let (mut s, mut n) = (Random::new(seed), Greedy::new(seed + 1000));
                let mut moves = Vec::new();
                let (result, plies) = play_game(rules, &mut s, &mut n, &mut seen, Some(&mut moves));
                assert_eq!(plies, moves.len());
                let game = Game::replay(Position::new(rules), &moves).expect("every move legal");
                assert_eq!(game.result(), Some(result), "{variant} seed {seed}");
            }
        }
    }
}
