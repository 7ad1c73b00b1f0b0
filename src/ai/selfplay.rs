//! Engine-only games between computer players, for measuring speed and strength.

use crate::engine::{GameResult, Move, Outcome, Position, Rules, Side, Termination, MAX_PLIES};

use super::Player;

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
/// of [`Game`] (no legal move, third repetition, ply limit). `seen` is scratch
/// space for position hashes, reused between games to avoid allocating.
pub fn play_game(
    rules: Rules,
    south: &mut dyn Player,
    north: &mut dyn Player,
    seen: &mut Vec<u64>,
    moves: Option<&mut Vec<Move>>,
) -> (GameResult, usize) {
    let mut pos = Position::new(rules);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Greedy, Random};
    use crate::engine::Game;
    use crate::engine::Variant;

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
