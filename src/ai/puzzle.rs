//! Puzzles: positions where the side to move has one move that wins, or wins
//! clearly more than any other, proven by the search (Lichess's puzzler method,
//! for Isolo). This file holds the puzzle as data, the only-move test, the
//! proof of a whole line and the check of a solver's move; `puzzle_gen.rs`
//! finds puzzles in games.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::{
    AfterCapture, CaptureFrom, Game, LapEnd, Move, MoveReport, Position, Rules, Side, Variant,
};

use super::search::{Searcher, MAX_DEPTH};
use super::{hint, Budget, Score, SearchResult, REVIEW_NODES};

/// Nodes `isolo-bot analyse` searches by default; every forced-win puzzle is
/// checked to agree with it after its first move.
pub const ANALYSE_NODES: u64 = 1_000_000;

/// Smallest lead, as a seed difference (the solver's seeds minus the
/// opponent's), the best move of a material puzzle must keep.
pub const MIN_BEST: f64 = 0.0;

/// Smallest margin, in seed difference, of a material puzzle's best move over
/// the second-best (a 5-seed capture moves the difference by 10).
pub const MIN_MARGIN: f64 = 10.0;

/// Most solver moves in a material line (a forced win runs to the end).
pub const MAX_MATERIAL_MOVES: usize = 3;

/// Plies beyond a forced win's length to which the other moves are searched
/// in the proof (the deeper re-proof; the scan uses 0): no other move may win
/// within this many plies more than the listed one.
pub const PROOF_EXTRA: u32 = 6;

/// The proof searches this many times the nodes of the scan that found the
/// puzzle.
pub const PROOF_FACTOR: u64 = 10;

/// Longest forced win kept, in plies.
pub const MAX_WIN_PLIES: i32 = 15;

/// How far below the best move's seed difference a move of a material
/// puzzle may score and still be accepted ("a few seeds").
pub const MATERIAL_SLACK: f64 = 4.0;

/// Nodes the search of a solver's own move may take to find that it keeps
/// the win (one root move: it reaches deeper than the review's search).
pub const JUDGE_NODES: u64 = 4 * REVIEW_NODES;

/// Longest line, in plies, a solver who keeps a forced win by other moves
/// than the listed ones plays before the puzzle counts as solved.
pub const MAX_LINE_PLIES: usize = 2 * MAX_WIN_PLIES as usize;

/// What a puzzle asks for. In data files it is flat beside the other fields:
/// `"kind":"forced-win","plies":9` or `"kind":"material","margin":8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Kind {
    /// Win the game: the solution forces it in `plies` plies against best defence.
    ForcedWin {
        /// Plies from the puzzle position to the end of the game.
        plies: u32,
    },
    /// Win material: the first move scores `margin` (seed difference) more
    /// than every other move, and each later solver move passes the same test.
    Material {
        /// The best move's lead over the second-best, in seed difference.
        margin: i32,
    },
}

/// What a puzzle is about, for choosing and for the player's statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The solution plays the ng'hana, ending the overture (boys').
    Nghana,
    /// Solved while still in the overture, with the rightmost column out of play (boys').
    Overture,
    /// The solution captures the opponent's last seeds.
    WipeOut,
    /// Every other move loses by force or badly: the only move that holds.
    Defence,
    /// Two or more solver moves in a row capture.
    CaptureChain,
    /// The first move captures after relaying twice or more.
    RelayCapture,
    /// The first move captures nothing, and wins.
    QuietMove,
    /// The opponent is left without a legal move (only singletons).
    Starvation,
    /// A plain capture that wins.
    Capture,
}

impl Theme {
    /// Every theme, in the order they are tried.
    pub const ALL: [Theme; 9] = [
        Theme::Nghana,
        Theme::Overture,
        Theme::WipeOut,
        Theme::Defence,
        Theme::CaptureChain,
        Theme::RelayCapture,
        Theme::QuietMove,
        Theme::Starvation,
        Theme::Capture,
    ];

    /// The theme's name in data files.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Nghana => "nghana",
            Theme::Overture => "overture",
            Theme::WipeOut => "wipe-out",
            Theme::Defence => "defence",
            Theme::CaptureChain => "capture-chain",
            Theme::RelayCapture => "relay-capture",
            Theme::QuietMove => "quiet-move",
            Theme::Starvation => "starvation",
            Theme::Capture => "capture",
        }
    }
}

/// Where a puzzle's position came from. Games between people keep nothing
/// of the players: no names, no ids, no game number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Origin {
    /// A game between two of the bot's levels.
    SelfPlay {
        /// South's level.
        south: String,
        /// North's level.
        north: String,
    },
    /// A finished game between people, kept anonymous.
    People,
}

/// The search figures that proved a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proof {
    /// Node budget of each search of the scan that found the puzzle.
    pub scan: u64,
    /// Node budget of each proving search (the deeper re-proof):
    /// [`PROOF_FACTOR`] times `scan`.
    pub nodes: u64,
    /// Nodes searched by the whole proof.
    pub searched: u64,
    /// The first move's score, as the search prints it (`win in 9`, `+12.0`).
    pub best: String,
    /// The best other first move's score.
    pub second: String,
    /// Depth of the search that chose the first move.
    pub depth: u32,
    /// Depth to which every other first move was searched.
    pub alt_depth: u32,
    /// Nodes a search needed to choose the first move (the rating's basis).
    pub found_at: u64,
}

/// One puzzle, one line of a JSON Lines file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable id: the variant's letter and the position's hash.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Where captured seeds are sown from.
    pub capture_from: CaptureFrom,
    /// What happens after a capture.
    pub after_capture: AfterCapture,
    /// The moves from the setup (South first) that reach the puzzle position.
    pub moves: Vec<Move>,
    /// The position as one line of text, for reading.
    pub position: String,
    /// The solver's and the opponent's moves, alternating, the solver's first.
    pub solution: Vec<Move>,
    /// What the puzzle asks for, with its figure.
    #[serde(flatten)]
    pub kind: Kind,
    /// What it is about.
    pub theme: Theme,
    /// Its starting rating (Glicko-2 scale).
    pub rating: u32,
    /// The figures that proved it.
    pub proof: Proof,
    /// Where the position came from.
    pub origin: Origin,
}

/// Why a stored puzzle is not what it claims.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A line is not a puzzle.
    #[error("line {line}: {reason}")]
    Unreadable {
        /// 1-based line number.
        line: usize,
        /// Why.
        reason: String,
    },
    /// The moves do not reach a position with a game on.
    #[error("puzzle {id}: {reason}")]
    Broken {
        /// The puzzle.
        id: String,
        /// Why.
        reason: String,
    },
}

/// Reads a JSON Lines puzzle set (empty lines are skipped).
pub fn parse_set(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| PuzzleError::Unreadable {
                line: i + 1,
                reason: e.to_string(),
            })
        })
        .collect()
}

/// A solver's move judged against a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Judged {
    /// A right move; the opponent answers with `reply` (`None`: solved).
    Right {
        /// What the move did.
        report: MoveReport,
        /// The opponent's answer and what it did, if the line goes on.
        reply: Option<MoveReport>,
        /// The listed (fastest, or best) move, when the solver found another
        /// that wins too, or keeps the material within [`MATERIAL_SLACK`].
        also: Option<Move>,
    },
    /// A legal move that gives the win or the material away.
    Wrong {
        /// What the move did.
        report: MoveReport,
        /// How the game stands after it for the solver (a search of the reply).
        after: Score,
        /// What the right move was worth.
        best: Score,
    },
}

impl Puzzle {
    /// The rules of the puzzle (South first, as the moves are given).
    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            capture_from: self.capture_from,
            after_capture: self.after_capture,
            first: Side::South,
        }
    }

    /// The game from the setup to the puzzle position; refused if a move is
    /// illegal or the game is over there.
    pub fn game(&self) -> Result<Game, PuzzleError> {
        let broken = |reason: String| PuzzleError::Broken {
            id: self.id.clone(),
            reason,
        };
        let game = Game::replay(Position::new(self.rules()), &self.moves)
            .map_err(|(i, e)| broken(format!("move {} ({}) is illegal: {e}", i + 1, self.moves[i])))?;
        if game.result().is_some() {
            return Err(broken("the game is over at the puzzle position".into()));
        }
        Ok(game)
    }

    /// The puzzle position.
    pub fn start(&self) -> Result<Position, PuzzleError> {
        Ok(*self.game()?.position())
    }

    /// The side that solves.
    pub fn solver(&self) -> Side {
        if self.moves.len().is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        }
    }

    /// Solver moves in the solution.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// The position after the first `plies` moves of the solution.
    pub fn position_at(&self, plies: usize) -> Result<Position, PuzzleError> {
        self.position_after(&self.solution[..plies.min(self.solution.len())])
    }

    /// The position after `line`, the moves played from the puzzle position
    /// (the solution's, or others a solver found).
    pub fn position_after(&self, line: &[Move]) -> Result<Position, PuzzleError> {
        let mut pos = self.start()?;
        for &m in line {
            pos.play_mut(m).map_err(|e| PuzzleError::Broken {
                id: self.id.clone(),
                reason: format!("move {m} of the line is illegal: {e}"),
            })?;
        }
        Ok(pos)
    }

    /// The move the solution lists after `line`, while `line` follows it.
    fn listed(&self, line: &[Move]) -> Option<Move> {
        self.solution
            .starts_with(line)
            .then(|| self.solution.get(line.len()).copied())
            .flatten()
    }

    /// Whether [`Puzzle::judge_line`] of `mv` after `line` searches: only
    /// for a legal move that is neither the listed one nor a win at once.
    pub fn needs_search(&self, line: &[Move], mv: Move) -> bool {
        let Ok(pos) = self.position_after(line) else {
            return false;
        };
        if self.listed(line) == Some(mv) {
            return false;
        }
        matches!(pos.play(mv), Ok((_, report)) if report.result.is_none())
    }

    /// Judges the solver's move `mv` at solution ply `plies`, on the listed
    /// line (see [`Puzzle::judge_line`]).
    pub fn judge(&self, plies: usize, mv: Move) -> Result<Judged, JudgeError> {
        let line = self.solution.get(..plies).ok_or(JudgeError::NotSolversTurn)?;
        self.judge_line(line, mv)
    }

    /// Judges the solver's move `mv` after `line` (an even number of plies
    /// from the puzzle position). The listed move is right, and so is any
    /// move that wins at once. Any other move is searched: in a forced win it
    /// is right if the win is still forced after it, in a material puzzle if
    /// it scores within [`MATERIAL_SLACK`] of the best move at the same
    /// depth (or wins). After a right move off the listed line the opponent
    /// answers with the search's best defence, and the line ends when the
    /// game does (a forced win, or after [`MAX_LINE_PLIES`]) or after as
    /// many solver moves as the solution has (material). `Err` carries the
    /// engine's reason for an illegal move.
    pub fn judge_line(&self, line: &[Move], mv: Move) -> Result<Judged, JudgeError> {
        let pos = self.position_after(line).map_err(JudgeError::Broken)?;
        if !line.len().is_multiple_of(2) || self.line_over(line) {
            return Err(JudgeError::NotSolversTurn);
        }
        let (after, report) = pos.play(mv).map_err(|e| JudgeError::Illegal(e.reason))?;
        let listed = self.listed(line);
        if report.result.is_some() {
            return Ok(Judged::Right {
                report,
                reply: None,
                also: None,
            });
        }
        let mut played = line.to_vec();
        played.push(mv);
        if listed == Some(mv) {
            let reply = match self.solution.get(played.len()) {
                Some(&r) => Some(after.play(r).map_err(|e| JudgeError::Illegal(e.reason))?.1),
                None => None,
            };
            return Ok(Judged::Right {
                report,
                reply,
                also: None,
            });
        }
        // Both sides of the comparison searched to the same depth.
        let best = search_within(&pos, REVIEW_NODES, u16::MAX, MAX_DEPTH);
        // A forced win is looked for as deep as the budget goes; material is
        // compared at the best move's depth.
        let depth = match self.kind {
            Kind::ForcedWin { .. } => MAX_DEPTH,
            Kind::Material { .. } => best.depth.max(1),
        };
        let mine = search_within(&pos, JUDGE_NODES, 1 << mv.pit().ring(), depth);
        let keeps = match self.kind {
            Kind::ForcedWin { .. } => mine.score.is_win(),
            Kind::Material { .. } => {
                mine.score.is_win()
                    || (!mine.score.is_loss()
                        && !best.score.is_win()
                        && mine.score.seeds() >= best.score.seeds() - MATERIAL_SLACK)
            }
        };
        if !keeps {
            let defence = hint(&after, Budget::nodes(REVIEW_NODES));
            return Ok(Judged::Wrong {
                report,
                after: defence.map_or(mine.score, |h| h.score.flip()),
                best: best.score,
            });
        }
        let also = listed.or(best.best).filter(|&b| b != mv);
        if self.line_over(&played) {
            return Ok(Judged::Right {
                report,
                reply: None,
                also,
            });
        }
        let reply = match hint(&after, Budget::nodes(REVIEW_NODES)) {
            Some(h) => after.play(h.mv).map_err(|e| JudgeError::Illegal(e.reason))?.1,
            None => {
                return Ok(Judged::Right {
                    report,
                    reply: None,
                    also,
                })
            }
        };
        if reply.result.is_some() {
            // The defence ended the game: the move did not keep what it had.
            return Ok(Judged::Wrong {
                report,
                after: mine.score,
                best: best.score,
            });
        }
        Ok(Judged::Right {
            report,
            reply: Some(reply),
            also,
        })
    }

    /// Whether the puzzle is over after `line` (its last move the solver's):
    /// the listed line is played out, a material puzzle has had as many
    /// solver moves as its solution, or a forced win ran [`MAX_LINE_PLIES`].
    pub fn line_over(&self, line: &[Move]) -> bool {
        if line.len().is_multiple_of(2) {
            return false;
        }
        if self.solution.starts_with(line) {
            return line.len() >= self.solution.len();
        }
        match self.kind {
            Kind::ForcedWin { .. } => line.len() >= MAX_LINE_PLIES,
            Kind::Material { .. } => line.len().div_ceil(2) >= self.solver_moves(),
        }
    }
}

/// Why a move could not be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    /// The puzzle itself is broken.
    #[error("{0}")]
    Broken(PuzzleError),
    /// The puzzle is over, or it is the opponent's turn.
    #[error("it is not the solver's turn")]
    NotSolversTurn,
    /// The move breaks the rules.
    #[error("{0}")]
    Illegal(crate::engine::IllegalMove),
}

/// A search without jitter over the root moves in `allowed`.
fn search_within(pos: &Position, nodes: u64, allowed: u16, max_depth: u32) -> SearchResult {
    Searcher::new(Budget::nodes(nodes), 0, 0).search(pos, allowed, max_depth, None)
}

/// The only-move test at one solver position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// The move that passes.
    pub best: Move,
    /// Its score.
    pub score: Score,
    /// The best score of every other move.
    pub second: Score,
    /// Depth of the search that chose `best`.
    pub depth: u32,
    /// Depth to which the other moves were searched.
    pub alt_depth: u32,
}

/// Ring mask of every candidate of the side to move except `mv`.
fn others(pos: &Position, mv: Move) -> u16 {
    pos.candidate_mask() & !(1u16 << mv.pit().ring())
}

/// The only-move test with `nodes` per search: the best move is a forced win
/// (in at most [`MAX_WIN_PLIES`]) and no other move forces a win within its
/// plies plus `extra`, or it is no forced result and leads every other move
/// by [`MIN_MARGIN`] searched to the same depth. `None` when the position
/// fails (or the searches ran out of budget before proving it).
pub fn only_move(pos: &Position, nodes: u64, extra: u32) -> (Option<Step>, u64) {
    let mut spent = 0;
    let step = test_only_move(pos, nodes, extra, &mut spent);
    (step, spent)
}

/// [`only_move`], adding the nodes it searches to `spent`.
fn test_only_move(pos: &Position, nodes: u64, extra: u32, spent: &mut u64) -> Option<Step> {
    let r = search_within(pos, nodes, u16::MAX, MAX_DEPTH);
    *spent += r.nodes;
    let best = r.best?;
    let mask = others(pos, best);
    if r.score.is_win() {
        let plies = r.score.forced_in()?;
        if plies > MAX_WIN_PLIES {
            return None;
        }
        let target = (plies as u32 + extra).min(MAX_DEPTH);
        let alt = search_within(pos, nodes * 4, mask, target);
        *spent += alt.nodes;
        alt.best?;
        let proven = alt.score.is_loss() || alt.depth >= target;
        return (!alt.score.is_win() && proven).then_some(Step {
            best,
            score: r.score,
            second: alt.score,
            depth: r.depth,
            alt_depth: alt.depth,
        });
    }
    if r.score.is_loss() || r.depth < 2 {
        return None;
    }
    // Both sides of the comparison at the same completed depth.
    let depth = r.depth;
    let mine = search_within(pos, nodes * 4, 1 << best.pit().ring(), depth);
    let alt = search_within(pos, nodes * 4, mask, depth);
    *spent += mine.nodes + alt.nodes;
    alt.best?;
    let done = |s: &SearchResult| s.depth >= depth || s.score.forced_in().is_some();
    if !done(&mine) || !done(&alt) || mine.score.is_win() {
        return None;
    }
    let margin = mine.score.seeds() - alt.score.seeds();
    (mine.score.seeds() >= MIN_BEST && margin >= MIN_MARGIN).then_some(Step {
        best,
        score: mine.score,
        second: alt.score,
        depth,
        alt_depth: alt.depth,
    })
}

/// A proven line: the solution, what it asks, and its figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Solver and opponent moves, alternating.
    pub solution: Vec<Move>,
    /// What it asks.
    pub kind: Kind,
    /// The test at the first move.
    pub first: Step,
    /// What each move of the solution did.
    pub reports: Vec<MoveReport>,
    /// Nodes searched in all.
    pub nodes: u64,
}

/// Builds and proves the line from `start` with `nodes` per search: every
/// solver move passes [`only_move`], the last of a forced win too, the opponent answers with the search's best defence. A
/// material line stops at the first solver move that fails the test.
pub fn prove(start: &Position, nodes: u64, extra: u32) -> Option<Line> {
    let mut total = 0;
    let first = test_only_move(start, nodes, extra, &mut total)?;
    let kind = match first.score.forced_in() {
        Some(p) => Kind::ForcedWin { plies: p as u32 },
        None => Kind::Material {
            margin: (first.score.seeds() - first.second.seeds()).round() as i32,
        },
    };
    let mut pos = *start;
    let mut solution = vec![first.best];
    let mut reports = Vec::new();
    loop {
        let (next, report) = pos.play(*solution.last()?).ok()?;
        let over = report.result.is_some();
        reports.push(report);
        pos = next;
        if over || (matches!(kind, Kind::Material { .. }) && solution.len() >= 2 * MAX_MATERIAL_MOVES - 1) {
            break;
        }
        let defence = search_within(&pos, nodes, u16::MAX, MAX_DEPTH);
        total += defence.nodes;
        let reply = defence.best?;
        let (after, reply_report) = pos.play(reply).ok()?;
        if reply_report.result.is_some() {
            // The opponent cannot lose the game by moving: a line never ends on his move.
            break;
        }
        let step = match kind {
            Kind::ForcedWin { plies } => {
                let left = plies as i32 - solution.len() as i32 - 1;
                let r = search_within(&after, nodes, u16::MAX, MAX_DEPTH);
                total += r.nodes;
                if r.score.forced_in() != Some(left) {
                    return None;
                }
                let s = test_only_move(&after, nodes, extra, &mut total)?;
                if s.score.forced_in() != Some(left) {
                    return None;
                }
                s.best
            }
            Kind::Material { .. } => match test_only_move(&after, nodes, extra, &mut total) {
                Some(s) if s.score.forced_in().is_none() => s.best,
                _ => break,
            },
        };
        solution.push(reply);
        reports.push(reply_report);
        solution.push(step);
        pos = after;
    }
    if let Kind::ForcedWin { plies } = kind {
        if solution.len() != plies as usize || !agrees_with_analyse(start, first.best, plies) {
            return None;
        }
    }
    Some(Line {
        solution,
        kind,
        first,
        reports,
        nodes: total,
    })
}

/// Whether `isolo-bot analyse` after the first move finds the opponent's
/// forced loss in the plies left (or that he has no move at all).
pub fn agrees_with_analyse(start: &Position, first: Move, plies: u32) -> bool {
    let Ok((after, _)) = start.play(first) else {
        return false;
    };
    match hint(&after, Budget::nodes(ANALYSE_NODES)) {
        None => plies == 1,
        Some(h) => h.score.forced_in() == Some(1 - plies as i32),
    }
}

/// The theme of a proven line from `start`.
pub fn theme_of(start: &Position, line: &Line) -> Theme {
    let solver = start.to_move();
    let mine: Vec<&MoveReport> = line.reports.iter().step_by(2).collect();
    let first = mine[0];
    let wiped = line
        .reports
        .last()
        .is_some_and(|r| r.laps.iter().any(|l| matches!(l.end, LapEnd::WipeOut { .. })));
    let material = matches!(line.kind, Kind::Material { .. });
    if mine.iter().any(|r| r.ended_overture) {
        Theme::Nghana
    } else if start.in_overture(solver) {
        Theme::Overture
    } else if wiped {
        Theme::WipeOut
    } else if material && (line.first.second.is_loss() || line.first.score.seeds() <= 4.0) {
        Theme::Defence
    } else if mine.iter().take_while(|r| r.captured() > 0).count() >= 2 {
        Theme::CaptureChain
    } else if first.captured() > 0 && first.laps.len() >= 4 {
        Theme::RelayCapture
    } else if first.captured() == 0 {
        Theme::QuietMove
    } else if !material {
        Theme::Starvation
    } else {
        Theme::Capture
    }
}

/// Whether a one-move solution is hard to see: a greedy player (most seeds
/// now) would not choose it, or it relays through four laps or more.
pub fn hard_to_see(start: &Position, mv: Move) -> bool {
    let captured = |m: Move| start.play(m).map_or(0, |(_, r)| r.captured());
    let mine = captured(mv);
    let laps = start.play(mv).map_or(0, |(_, r)| r.laps.len());
    laps >= 4 || start.legal_moves().iter().any(|m| m != mv && captured(m) >= mine)
}

/// Node budgets tried, smallest first, to see how much search the first move
/// needs: the starting rating grows with it.
pub const RATING_LADDER: [u64; 8] = [30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000];

/// The smallest budget of [`RATING_LADDER`] whose search chooses `mv`
/// (the ladder's last step times ten if none does).
pub fn found_at(start: &Position, mv: Move) -> u64 {
    RATING_LADDER
        .into_iter()
        .find(|&n| search_within(start, n, u16::MAX, MAX_DEPTH).best == Some(mv))
        .unwrap_or(RATING_LADDER[RATING_LADDER.len() - 1] * 10)
}

/// A starting rating from the search needed to find the first move and the
/// number of solver moves: 800 for a move the smallest search sees, 150 more
/// a step of the ladder, 100 more for each further solver move.
pub fn rating_of(found_at: u64, solver_moves: usize) -> u32 {
    let step = RATING_LADDER.iter().take_while(|&&n| n < found_at).count() as u32;
    800 + 150 * step + 100 * (solver_moves.max(1) as u32 - 1)
}

/// The stable id of a puzzle at `pos`.
pub fn id_of(pos: &Position) -> String {
    let letter = match pos.variant() {
        Variant::Women => 'w',
        Variant::Boys => 'b',
    };
    format!("{letter}{:012x}", pos.hash64() >> 16)
}

/// Re-proves a stored puzzle with its own node budget (at least
/// [`PROOF_FACTOR`] times the scan's): the moves reach its position, every
/// solver move of the solution passes the only-move test
/// again (the last of a forced win too), each
/// defence keeps the win exactly as long as claimed, and a forced win agrees
/// with `analyse`. It checks the stored line, not that the search would
/// choose the same defences, so a later change to the search's move order
/// does not break a sound puzzle.
pub fn verify(p: &Puzzle) -> Result<(), PuzzleError> {
    let broken = |reason: String| PuzzleError::Broken {
        id: p.id.clone(),
        reason,
    };
    if p.proof.nodes < PROOF_FACTOR.saturating_mul(p.proof.scan) || p.proof.scan == 0 {
        return Err(broken(format!(
            "proven at {} nodes, less than {PROOF_FACTOR} times the scan's {}",
            p.proof.nodes, p.proof.scan
        )));
    }
    let start = p.start()?;
    if start.to_string() != p.position {
        return Err(broken(format!("the moves reach {start}, not {}", p.position)));
    }
    let win = match p.kind {
        Kind::ForcedWin { plies } => Some(plies as i32),
        Kind::Material { .. } => None,
    };
    let first = *p
        .solution
        .first()
        .ok_or_else(|| broken("the solution is empty".into()))?;
    if let Some(plies) = win {
        if p.solution.len() != plies as usize || !agrees_with_analyse(&start, first, plies as u32) {
            return Err(broken(format!("analyse does not find the win in {plies} plies")));
        }
    }
    let mut pos = start;
    for (i, &mv) in p.solution.iter().enumerate() {
        if i % 2 == 0 {
            let left = win.map(|n| n - i as i32);
            let proven = only_move(&pos, p.proof.nodes, PROOF_EXTRA)
                .0
                .is_some_and(|s| s.best == mv && s.score.forced_in() == left);
            if !proven {
                return Err(broken(format!(
                    "solution move {} ({mv}) fails the only-move test",
                    i + 1
                )));
            }
        }
        pos.play_mut(mv)
            .map_err(|e| broken(format!("solution move {} ({mv}) is illegal: {e}", i + 1)))?;
    }
    if win.is_some() && pos.has_legal_move() {
        return Err(broken("the line does not end the game".into()));
    }
    Ok(())
}

/// How many puzzles of each theme.
pub fn theme_counts<'a>(puzzles: impl IntoIterator<Item = &'a Puzzle>) -> BTreeMap<Theme, usize> {
    let mut counts = BTreeMap::new();
    for p in puzzles {
        *counts.entry(p.theme).or_insert(0) += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A forced win in one (a2) where, as an old generator let through, every
    /// other move also wins, only later.
    const EVERY_MOVE_WINS: &str = r#"{"id":"we48f4dcf5fc4","variant":"women","capture_from":"origin","after_capture":"end","moves":["f1","a3","g2","e3","b1","c4","h1","d4","a2","a3","e2","c3","h2","e3","d2","h3","h1","f4","a2","b4","f1","a3","h2","a4","f2","d3","g2","a3","e2","e3","f2","g3","b2","h4","b1","f3","d1","g4","a1","c4"],"position":"women 1,2,0,0,0,1,0,1/0,2,0,0,0,0,1,1/4,0,3,10,5,5,3,5/0,1,5,1,0,6,2,5 s -","solution":["a2"],"kind":"forced-win","plies":1,"theme":"relay-capture","rating":800,"proof":{"scan":40000,"nodes":400000,"searched":203,"best":"win in 1","second":"+56.0","depth":1,"alt_depth":3,"found_at":30},"origin":{"type":"self-play","south":"hard","north":"easy"}}"#;

    fn puzzle(json: &str) -> Puzzle {
        serde_json::from_str(json).expect("a puzzle")
    }

    #[test]
    fn a_puzzle_where_another_move_wins_fails_the_proof() {
        let p = puzzle(EVERY_MOVE_WINS);
        let err = verify(&p).expect_err("another move wins within six plies more");
        assert!(err.to_string().contains("only-move"), "{err}");
        let start = p.start().expect("reaches its position");
        assert!(prove(&start, p.proof.nodes, PROOF_EXTRA).is_none());
    }

    #[test]
    fn a_proof_below_ten_times_the_scan_is_refused() {
        let mut p = puzzle(EVERY_MOVE_WINS);
        p.proof.scan = p.proof.nodes;
        let err = verify(&p).expect_err("proven at the scan's own budget");
        assert!(err.to_string().contains("times the scan"), "{err}");
    }

    #[test]
    fn another_winning_move_is_right_and_the_line_plays_on_to_the_win() {
        let p = puzzle(EVERY_MOVE_WINS);
        let start = p.start().expect("reaches its position");
        let listed = p.solution[0];
        let mut accepted = 0;
        for mv in start.legal_moves().iter().filter(|&m| m != listed) {
            let Judged::Right { report, reply, also } = p.judge_line(&[], mv).expect("legal") else {
                panic!("{mv} keeps the forced win: it is not wrong");
            };
            if report.result.is_some() {
                assert_eq!((reply, also), (None, None), "a win at once needs no other word");
                continue;
            }
            accepted += 1;
            assert_eq!(also, Some(listed), "the answer names the fastest move");
            // Play on from where the move led, with the search's best each
            // time, until the game is won.
            let mut line = vec![mv, reply.expect("the line goes on").mv];
            loop {
                let pos = p.position_after(&line).expect("a legal line");
                let best = search_within(&pos, REVIEW_NODES, u16::MAX, MAX_DEPTH)
                    .best
                    .expect("a move");
                match p.judge_line(&line, best).expect("legal") {
                    Judged::Right { reply: Some(r), .. } => line.extend([best, r.mv]),
                    Judged::Right {
                        reply: None, report, ..
                    } => {
                        assert!(report.result.is_some(), "a forced win ends with the game");
                        break;
                    }
                    wrong => panic!("the search's best keeps the win: {wrong:?}"),
                }
                assert!(line.len() < MAX_LINE_PLIES, "the line ends");
            }
        }
        assert!(accepted > 0, "some other move wins later");
    }
}
