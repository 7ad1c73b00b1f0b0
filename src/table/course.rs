//! The course for newcomers: short lessons, each a position, a task and its
//! solution, read from `assets/course.json`. Words are message ids with
//! arguments, which each front end words itself; the learner's progress is
//! stored per member.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::{Move, MoveReport, Pit, Position};
use crate::store::{Batch, Space, Versioned};

use super::{Table, TableError, Unreadable, UserId};

/// The course, in order.
const COURSE: &str = include_str!("../../assets/course.json");

/// A message for a front end to word: its id and named arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    /// The message id, like `lesson-sowing-intro`.
    pub id: String,
    /// Named arguments, like `pit = c2`.
    #[serde(default)]
    pub args: BTreeMap<String, String>,
}

/// What a lesson asks of the learner's (last) move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Task {
    /// The move's last seed lands in `pit`.
    LastSeedIn {
        /// Where it must land.
        pit: Pit,
    },
    /// The move sows at least `laps` laps (relays).
    Laps {
        /// Fewest laps.
        laps: usize,
    },
    /// The move captures at least `seeds` seeds.
    Capture {
        /// Fewest seeds.
        seeds: u32,
    },
    /// The move plays the ng'hana and ends the overture.
    EndOverture,
    /// The move wins the game.
    Win,
}

impl Task {
    /// Whether a move that did `report` does what the task asks.
    pub fn met_by(&self, report: &MoveReport) -> bool {
        match *self {
            Task::LastSeedIn { pit } => report.last_pit() == pit,
            Task::Laps { laps } => report.laps.len() >= laps,
            Task::Capture { seeds } => report.captured() >= seeds,
            Task::EndOverture => report.ended_overture,
            Task::Win => report.result.is_some(),
        }
    }
}

/// One lesson of the course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    /// Short stable name, like `sowing`.
    pub id: String,
    /// The position, as one line of text; the learner is the side to move.
    pub position: String,
    /// What the learner must do.
    pub task: Task,
    /// The learner's and the opponent's moves, alternating; the last is the
    /// learner's and meets the task.
    pub solution: Vec<Move>,
    /// A legal first move that does not meet the task (the tests play it).
    pub wrong: Move,
    /// What the lesson teaches, shown before the task.
    pub intro: Text,
    /// Shown after a wrong move, one more each time.
    pub hints: Vec<Text>,
    /// Shown once the task is met.
    pub done: Text,
}

impl Lesson {
    /// The lesson's position (checked by the tests for every lesson).
    pub fn start(&self) -> Result<Position, TableError> {
        self.position
            .parse()
            .map_err(|e: crate::engine::ParsePositionError| TableError::Corrupt {
                what: Unreadable::Lesson(self.id.clone()),
                reason: e.to_string(),
            })
    }

    /// The position after `plies` moves of the solution.
    pub fn position_at(&self, plies: usize) -> Result<Position, TableError> {
        let mut pos = self.start()?;
        for &m in self.solution.iter().take(plies) {
            pos.play_mut(m).map_err(TableError::Illegal)?;
        }
        Ok(pos)
    }
}

/// The course, read once.
pub fn course() -> &'static [Lesson] {
    static LESSONS: OnceLock<Vec<Lesson>> = OnceLock::new();
    // The course is checked by the tests: a broken one never ships.
    LESSONS.get_or_init(|| serde_json::from_str(COURSE).expect("assets/course.json is valid"))
}

/// A member's progress through the course.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CourseProgress {
    /// Ids of the lessons done.
    pub done: Vec<String>,
}

impl Versioned for CourseProgress {
    const KIND: &'static str = "course-progress";
    const FORMAT: u32 = 1;
}

impl CourseProgress {
    /// Whether lesson `id` is done.
    pub fn has_done(&self, id: &str) -> bool {
        self.done.iter().any(|d| d == id)
    }

    /// The first lesson not done (the course's length when all are).
    pub fn next(&self) -> usize {
        course()
            .iter()
            .position(|l| !self.has_done(&l.id))
            .unwrap_or(course().len())
    }
}

/// A lesson as a front end shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonView {
    /// Its number in the course, from 0.
    pub index: usize,
    /// The lesson.
    pub lesson: &'static Lesson,
    /// The position to move in now.
    pub position: Position,
    /// Solution plies played so far.
    pub plies: usize,
    /// The learner's legal moves, for the menu.
    pub moves: Vec<Move>,
    /// Lessons done, of how many.
    pub done: (usize, usize),
}

/// The answer to a learner's move.
#[derive(Debug, Clone, PartialEq)]
pub enum LessonAnswer {
    /// Right: with `next`, the opponent replied and the next move is
    /// expected; without, the lesson is done.
    Right {
        /// What the move did, lap by lap.
        report: MoveReport,
        /// The opponent's reply.
        reply: Option<MoveReport>,
        /// The next step (`None`: the lesson is done).
        next: Option<LessonView>,
    },
    /// Not what the task asks: what the move did, and a hint.
    Wrong {
        /// What the move did, lap by lap.
        report: MoveReport,
        /// The hint to show.
        hint: &'static Text,
    },
}

fn progress_key(user: UserId) -> Vec<u8> {
    super::puzzles::key(&[b"course-progress", &user.to_be_bytes()])
}

impl Table {
    /// A member's course progress.
    pub fn course_progress(&self, user: UserId) -> Result<CourseProgress, TableError> {
        Ok(self.meta::<CourseProgress>(&progress_key(user))?.0)
    }

    /// Lesson `index` (`None`: the member's next one; after the last, the
    /// first again) at solution ply `plies`.
    pub fn lesson(&self, user: UserId, index: Option<usize>, plies: usize) -> Result<LessonView, TableError> {
        let progress = self.course_progress(user)?;
        let index = index.unwrap_or_else(|| progress.next() % course().len().max(1));
        let lesson = course().get(index).ok_or(TableError::NoSuchLesson(index))?;
        if plies % 2 == 1 || plies >= lesson.solution.len() {
            return Err(TableError::Stale);
        }
        let position = lesson.position_at(plies)?;
        Ok(LessonView {
            index,
            lesson,
            position,
            plies,
            moves: position.legal_moves().iter().collect(),
            done: (
                course().iter().filter(|l| progress.has_done(&l.id)).count(),
                course().len(),
            ),
        })
    }

    /// The learner's move in lesson `index` at solution ply `plies`; the
    /// `tries`-th wrong move (from 0) gets the matching hint (the last one
    /// again after that). The lesson is stored as done when its task is met.
    pub fn lesson_move(
        &self,
        user: UserId,
        index: usize,
        plies: usize,
        pit: &str,
        tries: usize,
    ) -> Result<LessonAnswer, TableError> {
        let view = self.lesson(user, Some(index), plies)?;
        let lesson = view.lesson;
        let mv = Move(pit.parse::<Pit>()?);
        let (after, report) = view
            .position
            .play(mv)
            .map_err(|e| TableError::Illegal(e.reason))?;
        let last = plies + 1 == lesson.solution.len();
        let right = if last {
            lesson.task.met_by(&report)
        } else {
            mv == lesson.solution[plies] || report.result.is_some()
        };
        if !right {
            let hint = lesson
                .hints
                .get(tries)
                .or(lesson.hints.last())
                .unwrap_or(&lesson.intro);
            return Ok(LessonAnswer::Wrong { report, hint });
        }
        if last || report.result.is_some() {
            self.finish_lesson(user, &lesson.id)?;
            return Ok(LessonAnswer::Right {
                report,
                reply: None,
                next: None,
            });
        }
        let (_, reply) = after
            .play(lesson.solution[plies + 1])
            .map_err(|e| TableError::Illegal(e.reason))?;
        Ok(LessonAnswer::Right {
            report,
            reply: Some(reply),
            next: Some(self.lesson(user, Some(index), plies + 2)?),
        })
    }

    /// Marks lesson `id` done for the member.
    fn finish_lesson(&self, user: UserId, id: &str) -> Result<(), TableError> {
        self.retry(|| {
            let key = progress_key(user);
            let (mut progress, expect) = self.meta::<CourseProgress>(&key)?;
            if progress.has_done(id) {
                return Ok(());
            }
            progress.done.push(id.into());
            let mut batch = Batch::new();
            batch.put(Space::Meta, &key, &progress, expect)?;
            self.commit(&batch)?;
            Ok(())
        })
    }
}
