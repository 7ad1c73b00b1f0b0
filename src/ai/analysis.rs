//! Hints for a player to move and reviews of finished games, both from the
//! search without jitter (the same budget in nodes always gives the same answer).

use std::fmt;

use crate::engine::{Game, GameResult, Move, Position, Side};

use super::search::{Searcher, MAX_DEPTH};
use super::{Budget, Score, SearchResult};

/// A suggested move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// Its score, from the point of view of the player to move.
    pub score: Score,
    /// Seeds the move captures.
    pub captured: u32,
    /// Depth of the search, in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.mv, self.score)?;
        match self.captured {
            0 => Ok(()),
            1 => f.write_str(", captures 1 seed"),
            n => write!(f, ", captures {n} seeds"),
        }
    }
}

/// Searches with no jitter, over the ring indices in `allowed`.
fn analyse(pos: &Position, budget: Budget, allowed: u16) -> SearchResult {
    let max = if budget.is_unlimited() { 8 } else { MAX_DEPTH };
    Searcher::new(budget, 0, 0).search(pos, allowed, max, None)
}

/// Seeds a legal move captures (0 for an illegal one).
fn captured_by(pos: &Position, mv: Move) -> u32 {
    pos.play(mv).map_or(0, |(_, report)| report.captured())
}

/// The best move for the side to move within `budget`, or `None` when it has
/// no legal move. An unlimited budget searches 8 plies deep.
pub fn hint(pos: &Position, budget: Budget) -> Option<Hint> {
    let r = analyse(pos, budget, u16::MAX);
    let mv = r.best?;
    Some(Hint {
        mv,
        score: r.score,
        captured: captured_by(pos, mv),
        depth: r.depth,
        nodes: r.nodes,
    })
}

/// How bad a move was, by the seeds it gave away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// Gave away at least 1 seed.
    Inaccuracy,
    /// Gave away at least 3 seeds.
    Mistake,
    /// Gave away at least 8 seeds, or a won game.
    Blunder,
}

impl Judgement {
    /// The judgement of a move that gave away `loss` seeds, if any.
    pub fn of(loss: f64) -> Option<Judgement> {
        if loss >= 8.0 {
            Some(Judgement::Blunder)
        } else if loss >= 3.0 {
            Some(Judgement::Mistake)
        } else if loss >= 1.0 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    /// All three, worst first.
    pub const ALL: [Judgement; 3] = [Judgement::Blunder, Judgement::Mistake, Judgement::Inaccuracy];
}

/// One ply of a reviewed game. Scores are from the mover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct PlyReview {
    /// 1-based ply number.
    pub ply: usize,
    /// Who moved.
    pub side: Side,
    /// The move played.
    pub played: Move,
    /// The move the search prefers.
    pub best: Move,
    /// The position's value before the move (the value of the best move).
    pub before: Score,
    /// The value of the move played.
    pub after: Score,
    /// Seeds the move played captured.
    pub captured: u32,
    /// Seeds the player gave away by this move: `before - after`, at least 0,
    /// counting a forced result as the whole board (64 seeds).
    pub loss: f64,
}

impl PlyReview {
    /// The judgement of the move, if it gave anything away.
    pub fn judgement(&self) -> Option<Judgement> {
        Judgement::of(self.loss)
    }
}

/// A reviewed game: every ply, and the turning points.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Review {
    /// Every ply, in order.
    pub plies: Vec<PlyReview>,
    /// Indices into `plies` of the moves that gave away the most (at least one
    /// seed each, at most five, in game order).
    pub turning_points: Vec<usize>,
    /// The game's result, if it is over.
    pub result: Option<GameResult>,
    /// Nodes searched in all.
    pub nodes: u64,
}

impl Review {
    /// How many moves of `side` earned each judgement, worst first.
    pub fn tally(&self, side: Side) -> [(Judgement, usize); 3] {
        Judgement::ALL.map(|j| {
            let n = self
                .plies
                .iter()
                .filter(|p| p.side == side && p.judgement() == Some(j));
            (j, n.count())
        })
    }

    /// Total seeds `side` gave away, and the number of moves it made.
    pub fn total_loss(&self, side: Side) -> (f64, usize) {
        self.plies
            .iter()
            .filter(|p| p.side == side)
            .fold((0.0, 0), |(l, n), p| (l + p.loss, n + 1))
    }
}

/// The review of `played`, the move of ply `ply` from `pos`, and the nodes searched.
fn review_ply(pos: &Position, budget: Budget, ply: usize, played: Move) -> (PlyReview, u64) {
    let side = pos.to_move();
    let best = analyse(pos, budget, u16::MAX);
    let mut nodes = best.nodes;
    let (best_mv, before) = match best.best {
        Some(m) => (m, best.score),
        None => (played, best.score),
    };
    let after = if best_mv == played {
        before
    } else {
        // The played move alone, searched as deep as the root search goes.
        let only = 1u16 << played.pit().ring();
        let r = analyse(pos, budget, only);
        nodes += r.nodes;
        r.score
    };
    let loss = (before.seeds() - after.seeds()).max(0.0);
    let review = PlyReview {
        ply,
        side,
        played,
        best: best_mv,
        before,
        after,
        captured: captured_by(pos, played),
        loss,
    };
    (review, nodes)
}

/// Nodes per search of a review when no other budget is asked for: deep
/// enough to judge mid-game moves; a game of 70 plies takes about 0.4 s of
/// one core here. `isolo-bot review` and `/isolo review` both use it.
pub const REVIEW_NODES: u64 = 100_000;

/// Most turning points reported.
const TURNING_POINTS: usize = 5;

/// Reviews every ply of `game` with `budget` per search (two searches for a
/// move that differs from the search's choice, one otherwise).
pub fn review(game: &Game, budget: Budget) -> Review {
    review_continued(game, budget, None)
}

/// [`review`] of `game`, reusing the plies of `earlier` (a review of the
/// same game with the same budget, fewer moves in): every ply is searched
/// alone from its position, so the answer is exactly [`review`]'s, and a
/// game in progress is reviewed one new move at a time.
pub fn review_continued(game: &Game, budget: Budget, earlier: Option<&Review>) -> Review {
    // Only a review of the same first moves is reused, whole: its nodes count.
    let moves = game.moves();
    let earlier = earlier
        .filter(|r| r.plies.len() <= moves.len() && r.plies.iter().zip(moves).all(|(p, &m)| p.played == m));
    let mut plies = earlier.map_or_else(Vec::new, |r| r.plies.clone());
    let mut nodes = earlier.map_or(0, |r| r.nodes);
    let mut pos = *game.start();
    for (i, &played) in moves.iter().enumerate() {
        if i >= plies.len() {
            let (ply, spent) = review_ply(&pos, budget, i + 1, played);
            nodes += spent;
            plies.push(ply);
        }
        if pos.play_mut(played).is_err() {
            // A Game holds legal moves only; stop rather than review nonsense.
            break;
        }
    }
    let mut order: Vec<usize> = (0..plies.len()).filter(|&i| plies[i].loss >= 1.0).collect();
    order.sort_by(|&a, &b| plies[b].loss.total_cmp(&plies[a].loss).then(a.cmp(&b)));
    order.truncate(TURNING_POINTS);
    order.sort_unstable();
    Review {
        plies,
        turning_points: order,
        result: game.result(),
        nodes,
    }
}
