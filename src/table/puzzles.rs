//! Puzzles in the chat: the shipped sets, a puzzle near a member's rating,
//! the daily puzzle of a server, attempts checked move by move, and the
//! members' puzzle ratings, streaks and solved counts. Everything a member
//! does is stored once per member and puzzle, with compare-and-swap.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::ai::puzzle::{parse_set, JudgeError, Judged};
use crate::ai::{Puzzle, Score};
use crate::engine::{Move, MoveReport, Pit, Variant};
use crate::store::{Batch, Expect, Space, StoreExt, Stored, Versioned};

use super::puzzle_rating::{puzzle_start, rate_attempt};
use super::{DailyRef, DailyTally, GuildId, PuzzleView, Rating, Table, TableError, Unreadable, UserId};

/// The shipped women's puzzles (`isolo-bot puzzles generate`, see docs/figures.md#puzzles).
const WOMEN: &str = include_str!("../../assets/puzzles/women.jsonl");
/// The shipped boys' puzzles.
const BOYS: &str = include_str!("../../assets/puzzles/boys.jsonl");

/// One variant's puzzles, with an index by id.
#[derive(Debug)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
}

impl PuzzleSet {
    /// A set from JSON Lines text (a line that is not a puzzle is an error).
    pub fn parse(text: &str) -> Result<PuzzleSet, crate::ai::puzzle::PuzzleError> {
        let puzzles = parse_set(text)?;
        let by_id = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        Ok(PuzzleSet { puzzles, by_id })
    }

    /// Every puzzle.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle with this id.
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.by_id.get(id).map(|&i| &self.puzzles[i])
    }
}

/// The shipped set of a variant, read once.
pub fn shipped(variant: Variant) -> &'static PuzzleSet {
    static SETS: OnceLock<[PuzzleSet; 2]> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        // The sets are checked by the tests: a broken one never ships.
        [WOMEN, BOYS].map(|t| PuzzleSet::parse(t).expect("the shipped puzzle sets are valid"))
    });
    &sets[usize::from(variant == Variant::Boys)]
}

/// A shipped puzzle by id, in either variant.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    Variant::ALL.into_iter().find_map(|v| shipped(v).get(id))
}

/// Where an attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttemptState {
    /// Moves are still expected.
    Open,
    /// Every solver move was right.
    Solved,
    /// A move was wrong; the solution was shown.
    Failed,
}

/// A member's attempt at one puzzle (one entry per member and puzzle).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Attempt {
    puzzle: String,
    /// Plies played so far (the length of `line`).
    plies: usize,
    /// The moves played from the puzzle position: the solution's, or others
    /// that win too and the search's replies to them.
    #[serde(default)]
    line: Vec<Move>,
    state: AttemptState,
    /// Whether this run changes the ratings: only the member's first.
    counted: bool,
    /// The daily puzzle this run answers, if any.
    daily: Option<DailyRef>,
}

impl Versioned for Attempt {
    const KIND: &'static str = "puzzle-attempt";
    // 2: the line played, which may leave the solution's.
    const FORMAT: u32 = 2;

    fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
        match format {
            // Format 1 followed the solution: `line` is filled from it when read.
            1 => serde_json::from_value(data).map_err(|e| e.to_string()),
            _ => Err(format!("no migration from format {format}")),
        }
    }
}

impl Attempt {
    /// The line played in `p` (a format-1 attempt followed the solution).
    fn line_in(&self, p: &Puzzle) -> Vec<Move> {
        if self.line.len() == self.plies {
            self.line.clone()
        } else {
            p.solution.iter().take(self.plies).copied().collect()
        }
    }
}

/// A member's puzzle record, for every server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PuzzleStats {
    /// Puzzle rating (Glicko-2).
    pub rating: Rating,
    /// Puzzles solved at the first try.
    pub solved: u32,
    /// Puzzles failed at the first try.
    pub failed: u32,
    /// Puzzles solved in a row (counted attempts).
    pub streak: u32,
    /// Longest streak.
    pub best_streak: u32,
}

impl Versioned for PuzzleStats {
    const KIND: &'static str = "puzzle-stats";
    const FORMAT: u32 = 1;
}

/// A puzzle's live rating, once someone tried it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
struct PuzzleRating(Rating);

impl Versioned for PuzzleRating {
    const KIND: &'static str = "puzzle-rating";
    const FORMAT: u32 = 1;
}

/// A meta-space key from its parts, joined by `:`.
pub(super) fn key(parts: &[&[u8]]) -> Vec<u8> {
    parts.join(&b':')
}

fn attempt_key(user: UserId, id: &str) -> Vec<u8> {
    key(&[b"puzzle-attempt", &user.to_be_bytes(), id.as_bytes()])
}

fn stats_key(user: UserId) -> Vec<u8> {
    key(&[b"puzzle-stats", &user.to_be_bytes()])
}

fn rating_key(id: &str) -> Vec<u8> {
    key(&[b"puzzle-rating", id.as_bytes()])
}

fn daily_key(d: DailyRef) -> Vec<u8> {
    key(&[b"puzzle-daily", &d.guild.to_be_bytes(), &d.day.to_be_bytes()])
}

/// What a rating did on a counted attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleRatingChange {
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
}

/// The answer to one move of an attempt.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleAnswer {
    /// Right. With `reply`, the opponent answered and the next move is
    /// expected in `next`; without, the puzzle is solved.
    Right {
        /// What the move did.
        report: MoveReport,
        /// The opponent's reply, if the line goes on.
        reply: Option<MoveReport>,
        /// The position to solve next (`None`: solved).
        next: Option<PuzzleView>,
        /// The listed move, when the member's was another that wins too
        /// (or keeps the material within a few seeds).
        also: Option<Move>,
        /// The member's rating change, when the solve counted.
        change: Option<PuzzleRatingChange>,
        /// The member's record now.
        stats: PuzzleStats,
    },
    /// Wrong: what the move gives away, and the solution.
    Wrong {
        /// What the move did.
        report: MoveReport,
        /// The position after it, for the solver (a search of the reply).
        after: Score,
        /// What the right move was worth.
        best: Score,
        /// The whole solution, from the puzzle position.
        solution: Vec<Move>,
        /// Solution plies that had been played before the wrong move.
        plies: usize,
        /// The member's rating change, when the attempt counted.
        change: Option<PuzzleRatingChange>,
        /// The member's record now.
        stats: PuzzleStats,
    },
}

/// The nearest puzzles by rating that a pick chooses among.
const NEAREST: usize = 8;

/// A well-mixed hash of two numbers.
fn mix(a: u64, b: u64) -> u64 {
    crate::ai::Rng::new(a ^ b.rotate_left(32)).next_u64()
}

impl Table {
    /// A member's puzzle record (new members: 1500, nothing solved).
    pub fn puzzle_stats(&self, user: UserId) -> Result<PuzzleStats, TableError> {
        Ok(self.meta::<PuzzleStats>(&stats_key(user))?.0)
    }

    fn puzzle_rating(&self, p: &Puzzle) -> Result<(Rating, Expect), TableError> {
        Ok(
            match self.store.get::<PuzzleRating>(Space::Meta, &rating_key(&p.id))? {
                Some(s) => (s.value.0, Expect::Version(s.version)),
                None => (puzzle_start(p.rating), Expect::Absent),
            },
        )
    }

    fn attempt(&self, user: UserId, id: &str) -> Result<Option<Stored<Attempt>>, TableError> {
        Ok(self.store.get::<Attempt>(Space::Meta, &attempt_key(user, id))?)
    }

    /// The view of `p` after `line`.
    fn view(
        &self,
        p: &'static Puzzle,
        line: &[Move],
        counted: bool,
        daily: Option<DailyRef>,
    ) -> Result<PuzzleView, TableError> {
        let position = p.position_after(line).map_err(broken)?;
        let daily = match daily {
            Some(d) => Some((d, self.daily_tally(d)?)),
            None => None,
        };
        Ok(PuzzleView {
            puzzle: p,
            position,
            plies: line.len(),
            on_line: p.solution.starts_with(line),
            moves: position.legal_moves().iter().collect(),
            rating: self.puzzle_rating(p)?.0,
            counted,
            daily,
        })
    }

    /// The next puzzle for a member: one of the [`NEAREST`] unattempted
    /// puzzles of `variant` closest to their puzzle rating, or the one they
    /// left unfinished. Starting it stores nothing: the first move does.
    pub fn next_puzzle(&self, user: UserId, variant: Variant) -> Result<PuzzleView, TableError> {
        let set = shipped(variant).puzzles();
        let prefix = key(&[b"puzzle-attempt", &user.to_be_bytes(), b""]);
        let mut tried = std::collections::HashSet::new();
        for (_, entry) in self.store.list::<Attempt>(Space::Meta, &prefix)? {
            // An unreadable attempt is skipped, not fatal: it only steers the choice.
            let Ok(a) = entry else { continue };
            if a.value.state == AttemptState::Open && a.value.daily.is_none() {
                if let Some(p) = set.iter().find(|p| p.id == a.value.puzzle) {
                    return self.view(p, &a.value.line_in(p), a.value.counted, None);
                }
            }
            tried.insert(a.value.puzzle);
        }
        let rating = self.puzzle_stats(user)?.rating.rating;
        let mut fresh: Vec<&'static Puzzle> = set.iter().filter(|p| !tried.contains(&p.id)).collect();
        if fresh.is_empty() {
            return Err(TableError::NoPuzzleLeft(variant));
        }
        fresh.sort_by(|a, b| {
            let d = |p: &Puzzle| (f64::from(p.rating) - rating).abs();
            d(a).total_cmp(&d(b)).then_with(|| a.id.cmp(&b.id))
        });
        let near = fresh.len().min(NEAREST);
        let pick = fresh[(mix(user, tried.len() as u64) % near as u64) as usize];
        self.view(pick, &[], true, None)
    }

    /// The daily puzzle of a server on `day` (unix days): the same for every
    /// member of the server that day, the variants taking turns by day.
    pub fn daily_puzzle(&self, guild: GuildId, day: u64) -> Result<PuzzleView, TableError> {
        let variant = Variant::ALL[(day % 2) as usize];
        let set = shipped(variant).puzzles();
        if set.is_empty() {
            return Err(TableError::NoPuzzleLeft(variant));
        }
        let p = &set[(mix(guild, day) % set.len() as u64) as usize];
        self.view(p, &[], true, Some(DailyRef { guild, day }))
    }

    /// How many members solved a server's daily puzzle so far.
    pub fn daily_tally(&self, daily: DailyRef) -> Result<DailyTally, TableError> {
        Ok(self.meta::<DailyTally>(&daily_key(daily))?.0)
    }

    /// A member's puzzle view of `id`, where their attempt stands (the
    /// start for a new one, or again once an attempt is over: practice).
    pub fn puzzle_view(&self, user: UserId, id: &str) -> Result<PuzzleView, TableError> {
        let p = find(id).ok_or_else(|| TableError::NoSuchPuzzle(id.into()))?;
        match self.attempt(user, id)? {
            Some(a) if a.value.state == AttemptState::Open => {
                self.view(p, &a.value.line_in(p), a.value.counted, a.value.daily)
            }
            Some(_) => self.view(p, &[], false, None),
            None => self.view(p, &[], true, None),
        }
    }

    /// Whether [`Table::puzzle_move`] of `pit` in the member's run of `id`
    /// will search (see [`Puzzle::needs_search`]); an unknown puzzle or pit
    /// does not, as it is refused at once.
    pub fn puzzle_needs_search(&self, user: UserId, id: &str, pit: &str) -> Result<bool, TableError> {
        let (Some(p), Ok(pit)) = (find(id), pit.parse::<Pit>()) else {
            return Ok(false);
        };
        let line = match self.attempt(user, id)? {
            Some(a) if a.value.state == AttemptState::Open => a.value.line_in(p),
            _ => Vec::new(),
        };
        Ok(p.needs_search(&line, Move(pit)))
    }

    /// A member's move in puzzle `id`, played on the board of solution ply
    /// `plies` (an older board is [`TableError::Stale`]). The first move
    /// starts the attempt; `daily` says it answers a server's daily puzzle.
    /// Only the member's first attempt at a puzzle changes the ratings; once
    /// it is over, a new run is practice.
    pub fn puzzle_move(
        &self,
        user: UserId,
        id: &str,
        plies: usize,
        pit: &str,
        daily: Option<DailyRef>,
    ) -> Result<PuzzleAnswer, TableError> {
        let p = find(id).ok_or_else(|| TableError::NoSuchPuzzle(id.into()))?;
        let mv = Move(pit.parse::<Pit>()?);
        self.retry(|| {
            let akey = attempt_key(user, id);
            let stored = self.attempt(user, id)?;
            let (mut attempt, expect) = match stored {
                Some(s) if s.value.state == AttemptState::Open => (s.value, Expect::Version(s.version)),
                Some(s) if plies == 0 => (
                    // The first attempt is over: this run is practice.
                    Attempt {
                        plies: 0,
                        line: Vec::new(),
                        state: AttemptState::Open,
                        counted: false,
                        daily: None,
                        ..s.value
                    },
                    Expect::Version(s.version),
                ),
                Some(_) => return Err(TableError::PuzzleOver),
                None => (
                    Attempt {
                        puzzle: id.into(),
                        plies: 0,
                        line: Vec::new(),
                        state: AttemptState::Open,
                        counted: true,
                        daily,
                    },
                    Expect::Absent,
                ),
            };
            if attempt.plies != plies {
                return Err(TableError::Stale);
            }
            let mut line = attempt.line_in(p);
            let judged = p.judge_line(&line, mv).map_err(|e| match e {
                JudgeError::Illegal(reason) => TableError::Illegal(reason),
                other => broken_judge(other),
            })?;
            let done = match &judged {
                Judged::Right { reply: None, .. } => Some(true),
                Judged::Right { reply: Some(r), .. } => {
                    line.extend([mv, r.mv]);
                    None
                }
                Judged::Wrong { .. } => Some(false),
            };
            let mut batch = Batch::new();
            let skey = stats_key(user);
            let (mut stats, sexpect) = self.meta::<PuzzleStats>(&skey)?;
            let mut change = None;
            match done {
                None => {
                    attempt.plies = line.len();
                    attempt.line = line.clone();
                }
                Some(solved) => {
                    attempt.state = if solved {
                        AttemptState::Solved
                    } else {
                        AttemptState::Failed
                    };
                    if attempt.counted {
                        change = Some(self.count_attempt(p, solved, &mut stats, &mut batch)?);
                        batch.put(Space::Meta, &skey, &stats, sexpect)?;
                        if let Some(d) = attempt.daily {
                            self.count_daily(d, solved, &mut batch)?;
                        }
                    }
                }
            }
            batch.put(Space::Meta, &akey, &attempt, expect)?;
            self.commit(&batch)?;
            Ok(match judged {
                Judged::Right { report, reply, also } => PuzzleAnswer::Right {
                    report,
                    next: match reply {
                        Some(_) => Some(self.view(p, &line, attempt.counted, attempt.daily)?),
                        None => None,
                    },
                    reply,
                    also,
                    change,
                    stats,
                },
                Judged::Wrong { report, after, best } => PuzzleAnswer::Wrong {
                    report,
                    after,
                    best,
                    solution: p.solution.clone(),
                    plies,
                    change,
                    stats,
                },
            })
        })
    }

    /// Counts a result into the member's record and puts the puzzle's new
    /// rating in `batch`.
    fn count_attempt(
        &self,
        p: &Puzzle,
        solved: bool,
        stats: &mut PuzzleStats,
        batch: &mut Batch,
    ) -> Result<PuzzleRatingChange, TableError> {
        let (puzzle, pexpect) = self.puzzle_rating(p)?;
        let before = stats.rating.rating;
        let (member, puzzle) = rate_attempt(stats.rating, puzzle, solved);
        stats.rating = member;
        if solved {
            stats.solved += 1;
            stats.streak += 1;
            stats.best_streak = stats.best_streak.max(stats.streak);
        } else {
            stats.failed += 1;
            stats.streak = 0;
        }
        batch.put(Space::Meta, &rating_key(&p.id), &PuzzleRating(puzzle), pexpect)?;
        Ok(PuzzleRatingChange {
            before,
            after: member.rating,
        })
    }

    /// Adds a daily answer to the server's tally in `batch`.
    fn count_daily(&self, d: DailyRef, solved: bool, batch: &mut Batch) -> Result<(), TableError> {
        let dkey = daily_key(d);
        let (mut tally, expect) = self.meta::<DailyTally>(&dkey)?;
        tally.tried += 1;
        tally.solvers += u32::from(solved);
        batch.put(Space::Meta, &dkey, &tally, expect)?;
        Ok(())
    }
}

fn broken(e: crate::ai::puzzle::PuzzleError) -> TableError {
    TableError::Corrupt {
        what: Unreadable::Puzzle,
        reason: e.to_string(),
    }
}

fn broken_judge(e: JudgeError) -> TableError {
    TableError::Corrupt {
        what: Unreadable::Puzzle,
        reason: e.to_string(),
    }
}
