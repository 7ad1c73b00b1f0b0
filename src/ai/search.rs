//! Alpha-beta search: negamax with principal-variation search, iterative
//! deepening and a transposition table, on the engine's allocation-free fast path.
//!
//! A node is one call of [`Position::play_ring`]: the sowing kernel is where the
//! time goes, so counting its calls makes the node budget a faithful measure of work.

use std::fmt;
use std::time::{Duration, Instant};

use crate::engine::{Move, Position};

use super::Rng;

/// How long a search may run: a wall-clock time, a number of nodes, or both
/// (whichever runs out first). Neither means "until a depth limit".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    /// Milliseconds of thinking per move.
    pub think_ms: Option<u64>,
    /// Nodes (moves simulated) per move: reproducible, unlike time.
    pub nodes: Option<u64>,
}

impl Budget {
    /// A time budget.
    pub const fn time(think_ms: u64) -> Budget {
        Budget {
            think_ms: Some(think_ms),
            nodes: None,
        }
    }

    /// A node budget.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            think_ms: None,
            nodes: Some(nodes),
        }
    }

    /// Fields set in `other` replace those of `self`.
    pub fn or(self, other: Budget) -> Budget {
        Budget {
            think_ms: other.think_ms.or(self.think_ms),
            nodes: other.nodes.or(self.nodes),
        }
    }

    /// True when the budget sets no limit at all.
    pub fn is_unlimited(&self) -> bool {
        self.think_ms.is_none() && self.nodes.is_none()
    }
}

/// A search score from the point of view of the side to move: the seed
/// difference in hundredths of a seed, or a forced result. A forced win in `n`
/// plies is `30_000 - n`, a forced loss `-(30_000 - n)`; serialized as that
/// raw number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Score(pub i32);

/// One seed in score units.
pub const SEED: i32 = 100;
/// The score of a won game (minus the plies it takes).
const WIN: i32 = 30_000;
/// Scores beyond this are forced wins or losses.
const WIN_BOUND: i32 = WIN - 1_000;
const INF: i32 = WIN + 1;

impl Score {
    /// Plies to the end of the game if the score is a forced result (positive:
    /// the side to move wins; negative: it loses).
    pub fn forced_in(self) -> Option<i32> {
        if self.0 > WIN_BOUND {
            Some(WIN - self.0)
        } else if self.0 < -WIN_BOUND {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }

    /// True for a forced win of the side to move.
    pub fn is_win(self) -> bool {
        self.0 > WIN_BOUND
    }

    /// True for a forced loss of the side to move.
    pub fn is_loss(self) -> bool {
        self.0 < -WIN_BOUND
    }

    /// The score in seeds (forced results count as the whole board, 64 seeds).
    pub fn seeds(self) -> f64 {
        match self.forced_in() {
            Some(n) if n >= 0 => 64.0,
            Some(_) => -64.0,
            None => f64::from(self.0) / f64::from(SEED),
        }
    }

    /// The same score seen by the other player.
    pub fn flip(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+3.5` (seeds ahead, roughly), `win in 7`, `loss in 4` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.forced_in() {
            Some(n) if n >= 0 => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {}", -n),
            None => write!(f, "{:+.1}", f64::from(self.0) / f64::from(SEED)),
        }
    }
}

/// What a finished search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move found (`None`: the side to move has no legal move).
    pub best: Option<Move>,
    /// Its score, from the side to move's point of view.
    pub score: Score,
    /// Depth of the deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Random jitter added to leaf scores in search players, `0..JITTER` score
/// units (under a tenth of a seed): it varies the choice among near-equal
/// moves from seed to seed without changing what the search sees.
pub(crate) const JITTER: i32 = 8;

const EXACT: u64 = 0;
const LOWER: u64 = 1;
const UPPER: u64 = 2;

/// A table entry unpacked: score, depth, bound kind and best ring index.
#[derive(Clone, Copy)]
struct Entry {
    score: i32,
    depth: u32,
    bound: u64,
    best: Option<usize>,
}

/// The transposition table: one entry per slot, depth-preferred replacement.
/// Keys and packed data live in two zero-initialised vectors, so a large table
/// costs nothing until its pages are touched.
struct Table {
    keys: Vec<u64>,
    data: Vec<u64>,
    mask: usize,
}

impl Table {
    fn with_capacity(entries: usize) -> Table {
        let n = entries.next_power_of_two().max(1024);
        Table {
            keys: vec![0; n],
            data: vec![0; n],
            mask: n - 1,
        }
    }

    // Data layout: score (16 bits, two's complement) | depth (8) | bound (2) | best + 1 (5).
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        if self.keys[i] != key {
            return None;
        }
        let d = self.data[i];
        Some(Entry {
            score: i32::from(d as u16 as i16),
            depth: ((d >> 16) & 0xff) as u32,
            bound: (d >> 24) & 3,
            best: ((d >> 26) & 31).checked_sub(1).map(|k| k as usize),
        })
    }

    #[inline]
    fn store(&mut self, key: u64, depth: u32, bound: u64, score: i32, best: usize) {
        let i = key as usize & self.mask;
        // Keep a much deeper result of another position; always refresh this one.
        if self.keys[i] != key && ((self.data[i] >> 16) & 0xff) as u32 > depth + 2 {
            return;
        }
        self.keys[i] = key;
        self.data[i] = u64::from(score as i16 as u16)
            | u64::from(depth.min(255)) << 16
            | bound << 24
            | (best as u64 + 1) << 26;
    }
}

/// Mate scores are stored relative to the node so they stay valid elsewhere in the tree.
#[inline]
fn to_tt(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A child of a node: the ring index played, the position after it, and an ordering key.
#[derive(Clone, Copy)]
struct Child {
    k: u8,
    order: i32,
    pos: Position,
    wiped_out: bool,
}

/// The most table entries a search allocates.
const MAX_TABLE: u64 = 1 << 18;
/// Nodes a millisecond, generously: sizes the table of a time-limited search.
const NODES_PER_MS: u64 = 4_000;

/// Maximum search depth (plies); iterative deepening stops there.
pub(crate) const MAX_DEPTH: u32 = 64;

/// One search: budget, counters, table and the seeded jitter.
pub(crate) struct Searcher {
    table: Table,
    jitter: i32,
    salt: u64,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// History heuristic: how often a ring index caused a cut-off, by depth.
    history: [i32; 16],
}

impl Searcher {
    /// A searcher for one move. The table is sized from the budget, at most
    /// 2^18 entries (4 MB): a larger table saves a few percent of the nodes but
    /// costs more in cache misses and page faults than it saves, and freeing it
    /// would eat into a short time budget.
    pub(crate) fn new(budget: Budget, jitter: i32, salt: u64) -> Searcher {
        let start = Instant::now();
        let entries = budget
            .nodes
            .unwrap_or(u64::MAX)
            .min(
                budget
                    .think_ms
                    .map_or(u64::MAX, |ms| ms.saturating_mul(NODES_PER_MS)),
            )
            .min(MAX_TABLE) as usize;
        Searcher {
            table: Table::with_capacity(entries),
            jitter,
            salt,
            nodes: 0,
            node_limit: budget.nodes.unwrap_or(u64::MAX),
            deadline: budget.think_ms.map(|ms| start + Duration::from_millis(ms)),
            stopped: false,
            history: [0; 16],
        }
    }

    /// Asks for one more node (one move simulated): false, and the search stops,
    /// once the budget has run out. The clock is read every 256 nodes: a node
    /// takes at most a few microseconds, so the overshoot stays well under a
    /// millisecond.
    #[inline]
    fn count(&mut self) -> bool {
        if self.stopped || self.nodes >= self.node_limit {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
        }
        true
    }

    /// The static evaluation, from the side to move's point of view: the seed
    /// difference. Mobility, seeds exposed to capture and a tempo bonus were
    /// tried and made no measurable difference at equal nodes: games are
    /// decided by tactics the search sees, not by slow positional factors.
    #[inline]
    fn evaluate(&self, pos: &Position) -> i32 {
        let me = pos.to_move();
        let material = 2 * pos.total(me) as i32 - 64;
        let mut score = material * SEED;
        if self.jitter > 0 {
            // A hash of position and salt: the same position always gets the same jitter.
            let h = (pos.hash64() ^ self.salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            score += ((h >> 40) % self.jitter as u64) as i32;
        }
        score
    }

    /// Plays the candidate moves of `pos` in `mask` into `out`, best first by
    /// seeds captured and history, returning how many are legal. A wipe-out
    /// comes first and ends the generation: nothing beats it.
    #[inline]
    fn children(&mut self, pos: &Position, mut mask: u16, out: &mut [Child; 16]) -> usize {
        let mut n = 0;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if !self.count() {
                return 0;
            }
            let mut next = *pos;
            if let Ok(p) = next.play_ring(k) {
                let child = Child {
                    k: k as u8,
                    order: (i32::from(p.captured) << 20) + self.history[k].min((1 << 20) - 1),
                    pos: next,
                    wiped_out: p.wiped_out,
                };
                if p.wiped_out {
                    out[0] = child;
                    return 1;
                }
                out[n] = child;
                n += 1;
            }
        }
        // Insertion sort, best first: at most 16 entries.
        for i in 1..n {
            let mut j = i;
            while j > 0 && out[j - 1].order < out[j].order {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        n
    }

    /// Negamax with alpha-beta and principal-variation search. The table's move
    /// is played and searched before the other moves are even generated: when it
    /// cuts off, they never cost a node.
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.stopped {
            return 0;
        }
        let mut mask = pos.candidate_mask();
        if mask == 0 {
            return -WIN + ply as i32;
        }
        if depth == 0 {
            return self.evaluate(pos);
        }
        let key = pos.hash64();
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.best.filter(|&k| mask & (1 << k) != 0);
            if e.depth >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_k = 0;
        if let Some(k) = tt_move {
            mask &= !(1 << k);
            if !self.count() {
                return 0;
            }
            let mut next = *pos;
            if let Ok(p) = next.play_ring(k) {
                let score = if p.wiped_out {
                    WIN - ply as i32 - 1
                } else {
                    -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1)
                };
                if self.stopped {
                    return 0;
                }
                best = score;
                best_k = k;
                alpha = alpha.max(score);
                if alpha >= beta {
                    self.history[k] = self.history[k].saturating_add((depth * depth) as i32);
                    self.table.store(key, depth, LOWER, to_tt(best, ply), best_k);
                    return best;
                }
            }
        }
        let mut kids = [Child {
            k: 0,
            order: 0,
            pos: *pos,
            wiped_out: false,
        }; 16];
        let n = self.children(pos, mask, &mut kids);
        if self.stopped {
            return 0;
        }
        if n == 0 && best == -INF {
            // Every candidate never ends: no legal move, a loss.
            return -WIN + ply as i32;
        }
        for c in &kids[..n] {
            let score = if c.wiped_out {
                WIN - ply as i32 - 1
            } else if best == -INF {
                -self.negamax(&c.pos, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(&c.pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta {
                    -self.negamax(&c.pos, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_k = c.k as usize;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.history[best_k] = self.history[best_k].saturating_add((depth * depth) as i32);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.table.store(key, depth, bound, to_tt(best, ply), best_k);
        best
    }

    /// Iterative deepening at the root over the ring indices in `allowed`,
    /// first ordered by `rng` (the seeded tie-break), up to `max_depth`.
    pub(crate) fn search(
        &mut self,
        pos: &Position,
        allowed: u16,
        max_depth: u32,
        rng: Option<&mut Rng>,
    ) -> SearchResult {
        let mut roots: Vec<(usize, Position, bool, i32)> = Vec::with_capacity(16);
        let mut mask = pos.candidate_mask() & allowed;
        while mask != 0 {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            // The root's own moves are always simulated, whatever the budget.
            self.nodes += 1;
            let mut next = *pos;
            if let Ok(p) = next.play_ring(k) {
                roots.push((k, next, p.wiped_out, i32::from(p.captured)));
            }
        }
        let mut result = SearchResult {
            best: None,
            score: Score(-WIN),
            depth: 0,
            nodes: self.nodes,
        };
        if roots.is_empty() {
            return result;
        }
        if let Some(rng) = rng {
            // Shuffle, then order by captures (a stable sort keeps the shuffle among equals).
            for i in (1..roots.len()).rev() {
                roots.swap(i, rng.below(i as u32 + 1) as usize);
            }
        }
        roots.sort_by_key(|r| -r.3);
        if let Some(r) = roots.iter().find(|r| r.2) {
            // A wipe-out wins at once: no need to look further.
            result.best = Some(pos.ring_move(r.0));
            result.score = Score(WIN - 1);
            result.depth = 1;
            return result;
        }
        result.best = Some(pos.ring_move(roots[0].0));
        result.score = Score(self.evaluate(&roots[0].1).wrapping_neg());
        for depth in 1..=max_depth {
            let mut alpha = -INF;
            let mut best_i = None;
            for (i, root) in roots.iter().enumerate() {
                let child = root.1;
                let score = if i == 0 {
                    -self.negamax(&child, depth - 1, -INF, -alpha, 1)
                } else {
                    let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                    if s > alpha && !self.stopped {
                        -self.negamax(&child, depth - 1, -INF, -alpha, 1)
                    } else {
                        s
                    }
                };
                if self.stopped {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    best_i = Some(i);
                }
            }
            if let Some(i) = best_i {
                // Either the iteration completed, or it was cut short after fully
                // searching this move, which is at least as good as the previous best.
                result.best = Some(pos.ring_move(roots[i].0));
                result.score = Score(alpha);
                if !self.stopped {
                    result.depth = depth;
                }
                let r = roots.remove(i);
                roots.insert(0, r);
            }
            if self.stopped || Score(alpha).forced_in().is_some() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }
}

/// Searches `pos` within `budget` with the default evaluation and no jitter.
pub fn search(pos: &Position, budget: Budget) -> SearchResult {
    let mut s = Searcher::new(budget, 0, 0);
    let max = if budget.is_unlimited() { 8 } else { MAX_DEPTH };
    s.search(pos, u16::MAX, max, None)
}
