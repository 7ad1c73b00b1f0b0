//! Analysis for a game's page: the review's figures (the same search and
//! budget as `/isolo review`, computed once and kept), the engine's best
//! line at a position, and variations tried from any ply, which never
//! touch the game. Who may watch is [`super::may_watch`]'s; here, when
//! the engine may help at all ([`may_analyse`]).

use std::sync::Arc;

use crate::ai::{Budget, Review, Score, REVIEW_NODES};
use crate::engine::{Game, Move, MoveReport, Position};

use super::watch::Watched;
use super::{Seat, Table, TableError};

/// Nodes per search of the page's analysis: the review's own budget, so the
/// graph's figures are exactly those of `/isolo review`.
pub const ANALYSIS_NODES: u64 = REVIEW_NODES;

/// Plies of the engine's best line.
pub const LINE_PLIES: usize = 6;

/// Most moves a variation may hold: well past any line worth reading, and
/// a bound on the work one request can ask for.
pub const MAX_VARIATION: usize = 40;

/// Whether the engine may help on `w`'s page: a finished game, or a game
/// against the computer. A game between people in progress gets no
/// engine help from anyone, its players or not: a player could otherwise
/// sign out and ask as a spectator.
pub fn may_analyse(w: &Watched) -> Result<(), TableError> {
    let vs_bot = w.players.iter().any(|p| matches!(p, Seat::Bot { .. }));
    if w.live && !vs_bot {
        return Err(TableError::EngineLater);
    }
    Ok(())
}

/// The engine's best line from a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The position's value for the side to move (`None`: the game is over).
    pub score: Option<Score>,
    /// The moves, best first (empty when the game is over).
    pub moves: Vec<Move>,
}

/// A variation tried from a ply of a game: where it leads and what the
/// engine would answer. The game itself is not touched.
#[derive(Debug, Clone)]
pub struct Variation {
    /// The ply of the game it starts from.
    pub ply: usize,
    /// The position it starts from.
    pub start: Position,
    /// Each move of the variation, lap by lap, with the position after it.
    pub moves: Vec<(MoveReport, Position)>,
    /// The game at the end of the variation (its result, if it ended).
    pub game: Game,
    /// The engine's best line from there: its first move is its answer.
    pub line: Line,
}

impl Variation {
    /// The moves the side to move may play at the end of the variation.
    pub fn legal(&self) -> Vec<Move> {
        self.game.legal_moves().iter().collect()
    }
}

/// The engine's best line from `game`'s position, [`LINE_PLIES`] long at
/// most, each move searched with `budget` (its first move and value are the
/// review's for that position).
pub fn best_line(game: &Game, budget: Budget) -> Line {
    let mut g = game.clone();
    let mut moves = Vec::with_capacity(LINE_PLIES);
    let mut score = None;
    while moves.len() < LINE_PLIES && g.result().is_none() {
        let Some(hint) = crate::ai::hint(g.position(), budget) else {
            break;
        };
        score.get_or_insert(hint.score);
        if g.play(hint.mv).is_err() {
            break;
        }
        moves.push(hint.mv);
    }
    Line { score, moves }
}

impl Table {
    /// The review of `w` (every ply so far), searched with the review's
    /// budget, if the engine may help on it ([`may_analyse`]). Kept with
    /// `/isolo review`'s (the last [`super::REVIEWS_KEPT`]): a finished
    /// game is reviewed once, and a game against the computer only for its
    /// new moves.
    pub fn analysis(&self, w: &Watched) -> Result<Arc<Review>, TableError> {
        may_analyse(w)?;
        Ok(self.reviewed(w.id, &w.game, Budget::nodes(ANALYSIS_NODES)))
    }

    /// The review of game `id` (`game`) with `budget`, from the cache or
    /// continued from a shorter one of the same game.
    pub(super) fn reviewed(&self, id: u64, game: &Game, budget: Budget) -> Arc<Review> {
        let plies = game.moves().len();
        let (exact, earlier) = {
            let reviews = self.reviews.lock().expect("review cache");
            let mine = |(k, _): &&(super::host::ReviewKey, Arc<Review>)| k.0 == id && k.2 == budget;
            let exact = reviews.iter().filter(mine).find(|(k, _)| k.1 == plies);
            let earlier = reviews
                .iter()
                .filter(mine)
                .filter(|(k, _)| k.1 < plies)
                .max_by_key(|(k, _)| k.1);
            (exact.map(|(_, r)| r.clone()), earlier.map(|(_, r)| r.clone()))
        };
        if let Some(review) = exact {
            return review;
        }
        let review = Arc::new(crate::ai::review_continued(game, budget, earlier.as_deref()));
        let mut reviews = self.reviews.lock().expect("review cache");
        // A game's shorter reviews are of no more use.
        reviews.retain(|(k, _)| !(k.0 == id && k.2 == budget && k.1 < plies));
        if reviews.len() >= super::REVIEWS_KEPT {
            reviews.pop_front();
        }
        reviews.push_back(((id, plies, budget), review.clone()));
        review
    }

    /// The variation `moves` (pits, as `b2`) tried from ply `ply` of `w`,
    /// played by the engine's rules, and the engine's answer from where it
    /// leads; refused where the engine may not help ([`may_analyse`]), and
    /// for a ply the game has not reached, too many moves, or a move that is
    /// no pit or breaks the rules (named by its place in the variation).
    pub fn variation(&self, w: &Watched, ply: usize, moves: &[String]) -> Result<Variation, TableError> {
        may_analyse(w)?;
        let plies = w.game.moves().len();
        if ply > plies {
            return Err(TableError::VariationPly { ply, plies });
        }
        if moves.len() > MAX_VARIATION {
            return Err(TableError::VariationLength { max: MAX_VARIATION });
        }
        let mut game = Game::replay(*w.game.start(), &w.game.moves()[..ply])
            .map_err(|(_, reason)| TableError::Illegal(reason))?;
        let start = *game.position();
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let bad_pit = || TableError::ConditionalBadPit {
                ply: i + 1,
                text: text.chars().take(16).collect(),
            };
            let pit = text.trim().parse().map_err(|_| bad_pit())?;
            let report = game
                .play(Move(pit))
                .map_err(|reason| TableError::ConditionalIllegal {
                    ply: i + 1,
                    mv: text.trim().to_owned(),
                    reason,
                })?;
            played.push((report, *game.position()));
        }
        let line = best_line(&game, Budget::nodes(ANALYSIS_NODES));
        Ok(Variation {
            ply,
            start,
            moves: played,
            game,
            line,
        })
    }
}
