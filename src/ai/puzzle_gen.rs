//! Finding puzzles: every position of a stream of games is scanned with the
//! only-move test, and each candidate is proven again by a deeper search
//! before it is kept (see `puzzle.rs`). Deterministic: node budgets only.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use serde::Serialize;

use crate::engine::{Move, Position, Rules, Side};

use super::puzzle::{
    found_at, hard_to_see, id_of, only_move, prove, rating_of, theme_of, Origin, Proof, Puzzle, PROOF_EXTRA,
    PROOF_FACTOR,
};
use super::{game_seed, play_game_from, Budget, Level, Player, Random};

/// A game to look for puzzles in: its moves from the setup, South first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceGame {
    /// The moves.
    pub moves: Vec<Move>,
    /// Who played it (people stay anonymous).
    pub origin: Origin,
}

/// The pairs of levels whose games are scanned, in turn: mixed strengths give
/// both sound play and the mistakes that make puzzles.
const PAIRS: [(Level, Level); 6] = [
    (Level::Easy, Level::Medium),
    (Level::Medium, Level::Hard),
    (Level::Greedy, Level::Medium),
    (Level::Hard, Level::Easy),
    (Level::Medium, Level::Medium),
    (Level::Random, Level::Hard),
];

/// Nodes a move of `hard` searches in these games (a node budget, so that
/// the games, and so the puzzles, repeat exactly for the same seed).
pub const HARD_NODES: u64 = 20_000;

/// The bot's own games between its levels, without end, reproducible from a
/// seed: game `i` opens with `i % 4` random plies, then the pair `i % 6` plays.
#[derive(Debug, Clone)]
pub struct SelfPlayGames {
    rules: Rules,
    seed: u64,
    next: u64,
}

impl SelfPlayGames {
    /// The games of `rules` (South first) seeded `seed`.
    pub fn new(rules: Rules, seed: u64) -> SelfPlayGames {
        SelfPlayGames {
            rules: Rules {
                first: Side::South,
                ..rules
            },
            seed,
            next: 0,
        }
    }
}

impl Iterator for SelfPlayGames {
    type Item = SourceGame;

    fn next(&mut self) -> Option<SourceGame> {
        loop {
            let i = self.next;
            self.next += 1;
            let (south, north) = PAIRS[(i % PAIRS.len() as u64) as usize];
            let budget = Budget::nodes(HARD_NODES);
            let mut s = south.player_with(game_seed(self.seed, i, 0), budget);
            let mut n = north.player_with(game_seed(self.seed, i, 1), budget);
            let mut random = Random::new(game_seed(self.seed, i, 2));
            let mut pos = Position::new(self.rules);
            let mut moves = Vec::new();
            for _ in 0..i % 4 {
                match random.choose_and_play(&mut pos) {
                    Some(m) => moves.push(m),
                    None => break,
                }
            }
            if !pos.has_legal_move() {
                continue;
            }
            let mut played = Vec::new();
            play_game_from(pos, s.as_mut(), n.as_mut(), &mut Vec::new(), Some(&mut played));
            moves.extend(played);
            return Some(SourceGame {
                moves,
                origin: Origin::SelfPlay {
                    south: south.name().into(),
                    north: north.name().into(),
                },
            });
        }
    }
}

/// How to look for puzzles.
#[derive(Debug, Clone, Copy)]
pub struct GenConfig {
    /// Puzzles wanted.
    pub count: usize,
    /// Nodes per search of the scan (the first, cheap only-move test); the
    /// proof searches [`PROOF_FACTOR`] times as many.
    pub scan_nodes: u64,
    /// Stop at this time even if fewer puzzles were found.
    pub deadline: Option<Instant>,
    /// Positions before this ply of a game are not scanned.
    pub first_ply: usize,
    /// Most puzzles taken from one game.
    pub per_game: usize,
}

impl Default for GenConfig {
    fn default() -> GenConfig {
        GenConfig {
            count: 500,
            scan_nodes: 50_000,
            deadline: None,
            first_ply: 2,
            per_game: 2,
        }
    }
}

impl GenConfig {
    /// Nodes per search of the proof, kept in each puzzle.
    pub fn proof_nodes(&self) -> u64 {
        self.scan_nodes.saturating_mul(PROOF_FACTOR)
    }
}

/// Two positions closer than this (seeds moved, both sides' pits compared
/// from the side to move) are near-copies: only the first is kept.
pub const NEAR_COPY: u32 = 8;

/// What a run of the generator did: the figures of docs/figures.md#puzzles.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct GenStats {
    /// Games read.
    pub games: u64,
    /// Positions scanned.
    pub positions: u64,
    /// Positions that passed the scan.
    pub candidates: u64,
    /// Candidates skipped as near-copies of a kept puzzle.
    pub near_copies: u64,
    /// Candidates the deeper proof did not confirm.
    pub unproven: u64,
    /// Of those, the candidates the scan saw as forced wins (another move
    /// also wins within the extra plies, the win is longer at depth, or the
    /// search could not prove it in budget); the rest were material puzzles
    /// whose lead fell under the margin at depth.
    pub unproven_wins: u64,
    /// Proven one-move puzzles dropped as easy to see.
    pub too_easy: u64,
    /// Puzzles kept.
    pub kept: u64,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Seconds spent.
    pub seconds: f64,
    /// Kept puzzles by theme.
    pub themes: BTreeMap<String, u64>,
    /// Kept puzzles by kind (`forced-win`, `material`).
    pub kinds: BTreeMap<String, u64>,
}

/// The board from the side to move's seat: his ring, then the opponent's.
fn board(pos: &Position) -> [u8; 32] {
    let me = pos.to_move();
    let mut b = [0u8; 32];
    b[..16].copy_from_slice(pos.ring(me));
    b[16..].copy_from_slice(pos.ring(me.opponent()));
    b
}

/// Seeds that differ between two boards.
fn distance(a: &[u8; 32], b: &[u8; 32]) -> u32 {
    a.iter().zip(b).map(|(&x, &y)| u32::from(x.abs_diff(y))).sum()
}

/// Looks for `cfg.count` puzzles in `games`, handing each to `keep` as soon as
/// it is proven (so an interrupted run keeps what it found).
pub fn generate<E>(
    cfg: &GenConfig,
    rules: Rules,
    games: impl Iterator<Item = SourceGame>,
    mut keep: impl FnMut(&Puzzle, &GenStats) -> Result<(), E>,
) -> Result<GenStats, E> {
    let started = Instant::now();
    let mut stats = GenStats::default();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut kept_boards: Vec<[u8; 32]> = Vec::new();
    let rules = Rules {
        first: Side::South,
        ..rules
    };
    'games: for game in games {
        stats.games += 1;
        let mut pos = Position::new(rules);
        let mut from_game = 0;
        for (ply, &mv) in game.moves.iter().enumerate() {
            if cfg.deadline.is_some_and(|d| Instant::now() >= d) || stats.kept as usize >= cfg.count {
                break 'games;
            }
            let here = pos;
            if pos.play_mut(mv).is_err() {
                continue 'games;
            }
            if ply < cfg.first_ply || from_game >= cfg.per_game || !seen.insert(here.hash64()) {
                continue;
            }
            stats.positions += 1;
            let (scan, spent) = only_move(&here, cfg.scan_nodes, 0);
            stats.nodes += spent;
            let Some(scan) = scan else {
                continue;
            };
            stats.candidates += 1;
            let b = board(&here);
            if kept_boards.iter().any(|k| distance(k, &b) < NEAR_COPY) {
                stats.near_copies += 1;
                continue;
            }
            let Some(line) = prove(&here, cfg.proof_nodes(), PROOF_EXTRA) else {
                stats.unproven += 1;
                stats.unproven_wins += u64::from(scan.score.is_win());
                continue;
            };
            stats.nodes += line.nodes;
            if line.solution.len() == 1 && !hard_to_see(&here, line.solution[0]) {
                stats.too_easy += 1;
                continue;
            }
            let needed = found_at(&here, line.solution[0]);
            let theme = theme_of(&here, &line);
            let kind_name = match line.kind {
                super::puzzle::Kind::ForcedWin { .. } => "forced-win",
                super::puzzle::Kind::Material { .. } => "material",
            };
            let puzzle = Puzzle {
                id: id_of(&here),
                variant: rules.variant,
                capture_from: rules.capture_from,
                after_capture: rules.after_capture,
                moves: game.moves[..ply].to_vec(),
                position: here.to_string(),
                rating: rating_of(needed, line.solution.len().div_ceil(2)),
                solution: line.solution.clone(),
                kind: line.kind,
                theme,
                proof: Proof {
                    scan: cfg.scan_nodes,
                    nodes: cfg.proof_nodes(),
                    searched: line.nodes,
                    best: line.first.score.to_string(),
                    second: line.first.second.to_string(),
                    depth: line.first.depth,
                    alt_depth: line.first.alt_depth,
                    found_at: needed,
                },
                origin: game.origin.clone(),
            };
            // The positions along the line are the same puzzle, later.
            let mut p = here;
            for &m in &line.solution {
                let _ = p.play_mut(m);
                seen.insert(p.hash64());
            }
            kept_boards.push(b);
            from_game += 1;
            stats.kept += 1;
            *stats.themes.entry(theme.name().into()).or_insert(0) += 1;
            *stats.kinds.entry(kind_name.into()).or_insert(0) += 1;
            stats.seconds = started.elapsed().as_secs_f64();
            keep(&puzzle, &stats)?;
        }
    }
    stats.seconds = started.elapsed().as_secs_f64();
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::puzzle::verify;
    use crate::engine::Variant;

    #[test]
    fn what_the_generator_keeps_proves_again() {
        let cfg = GenConfig {
            count: 2,
            scan_nodes: 2_000,
            ..GenConfig::default()
        };
        let rules = Rules::new(Variant::Women);
        let mut kept = Vec::new();
        let stats = generate(&cfg, rules, SelfPlayGames::new(rules, 7), |p, _| {
            kept.push(p.clone());
            Ok::<(), ()>(())
        })
        .expect("no write fails");
        assert_eq!((stats.kept, kept.len()), (2, 2));
        assert!(stats.positions >= stats.candidates && stats.candidates >= stats.kept);
        assert_ne!(kept[0].id, kept[1].id);
        for p in &kept {
            assert_eq!(p.proof.nodes, 20_000);
            verify(p).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
