//! The measurement behind the choice of alpha-beta over Monte Carlo tree
//! search: a plain UCT player (random playouts, exploration 1.4) against
//! `Searching` at equal time per move, from open positions (4 random plies a
//! 100,000-node search cannot solve), seats alternating.
//!
//! `cargo run --release --example uct_vs_alphabeta -- [ms per move] [games]`
use isolo_bot::ai::*;
use isolo_bot::engine::*;
use std::time::{Duration, Instant};

/// A node of the UCT tree.
struct Node {
    pos: Position,
    mv: Option<Move>,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: f64,
    wins: f64,
    terminal: bool,
}

/// The UCT player.
struct Mcts {
    rng: Rng,
    ms: u64,
}

impl Mcts {
    fn playout(&mut self, mut pos: Position) -> Side {
        // Returns the winner: the side to move with no legal move loses.
        for _ in 0..400 {
            let mut mask = pos.candidate_mask();
            let mut moved = false;
            while mask != 0 {
                let k = self.rng.pick_bit(mask);
                let mut next = pos;
                if next.play_ring(k).is_ok() {
                    pos = next;
                    moved = true;
                    break;
                }
                mask &= !(1 << k);
            }
            if !moved {
                return pos.to_move().opponent();
            }
        }
        // Ply cap: call it for whoever has more seeds.
        if pos.total(Side::South) >= 32 {
            Side::South
        } else {
            Side::North
        }
    }
}

impl Player for Mcts {
    fn choose(&mut self, root: &Position) -> Option<Move> {
        let legal: Vec<Move> = root.legal_moves().iter().collect();
        if legal.is_empty() {
            return None;
        }
        let deadline = Instant::now() + Duration::from_millis(self.ms);
        let mut tree = vec![Node {
            pos: *root,
            mv: None,
            children: vec![],
            untried: legal,
            visits: 0.0,
            wins: 0.0,
            terminal: false,
        }];
        let mut iters = 0u64;
        while iters & 63 != 0 || Instant::now() < deadline {
            iters += 1;
            let mut path = vec![0usize];
            let mut cur = 0;
            // Select.
            while tree[cur].untried.is_empty() && !tree[cur].children.is_empty() {
                let ln = tree[cur].visits.ln();
                let best = *tree[cur]
                    .children
                    .iter()
                    .max_by(|&&a, &&b| {
                        let ua = tree[a].wins / tree[a].visits + 1.4 * (ln / tree[a].visits).sqrt();
                        let ub = tree[b].wins / tree[b].visits + 1.4 * (ln / tree[b].visits).sqrt();
                        ua.total_cmp(&ub)
                    })
                    .unwrap();
                cur = best;
                path.push(cur);
            }
            // Expand.
            if !tree[cur].untried.is_empty() {
                let i = self.rng.below(tree[cur].untried.len() as u32) as usize;
                let mv = tree[cur].untried.swap_remove(i);
                let mut p = tree[cur].pos;
                p.play_mut(mv).unwrap();
                let untried: Vec<Move> = p.legal_moves().iter().collect();
                let terminal = untried.is_empty();
                tree.push(Node {
                    pos: p,
                    mv: Some(mv),
                    children: vec![],
                    untried,
                    visits: 0.0,
                    wins: 0.0,
                    terminal,
                });
                let id = tree.len() - 1;
                tree[cur].children.push(id);
                cur = id;
                path.push(cur);
            }
            // Simulate.
            let winner = if tree[cur].terminal {
                tree[cur].pos.to_move().opponent()
            } else {
                self.playout(tree[cur].pos)
            };
            // Back up: a node's wins count for the player who moved into it.
            for &n in &path {
                tree[n].visits += 1.0;
                if tree[n].pos.to_move().opponent() == winner {
                    tree[n].wins += 1.0;
                }
            }
        }
        let best = *tree[0]
            .children
            .iter()
            .max_by(|&&a, &&b| tree[a].visits.total_cmp(&tree[b].visits))
            .unwrap();
        tree[best].mv
    }
}

fn main() {
    let ms: u64 = std::env::args().nth(1).map_or(50, |x| x.parse().unwrap());
    let games: u64 = std::env::args().nth(2).map_or(100, |x| x.parse().unwrap());
    for variant in Variant::ALL {
        let mut ab = Searching::new(1, Budget::time(ms));
        let mut mc = Mcts { rng: Rng::new(2), ms };
        let st = play_pairing(
            Rules::new(variant),
            &mut ab,
            &mut mc,
            games,
            Openings {
                plies: 4,
                undecided_nodes: Some(100_000),
                seed: 5,
            },
        );
        println!(
            "{variant}, {ms} ms a move: alpha-beta {:.1}% (W {} L {} D {}) against UCT",
            100.0 * st.a_score(),
            st.a_wins,
            st.b_wins,
            st.draws
        );
    }
}
