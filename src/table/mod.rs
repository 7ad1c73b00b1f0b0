//! Hosting games in a chat, independent of Discord: challenges, turns, draw
//! offers, clocks, results and ratings.
//!
//! Ids are plain numbers and answers are data, so the Discord adapter, the
//! terminal mode and the tests all drive this one layer. Every operation reads
//! what it needs from the [`Store`](crate::store::Store), decides, and writes back with
//! compare-and-swap: two players acting at the same moment cannot both win,
//! and a refusal changes nothing.

mod access;
mod analysis;
mod answers;
mod challenges;
mod claims;
mod clock;
mod conditional;
mod config;
pub mod course;
mod daily_post;
mod damage;
mod deadlines;
mod digest;
mod endings;
mod error;
mod explorer;
mod forget;
mod history;
mod host;
mod listing;
mod members;
mod model;
mod private;
mod puzzle_rating;
pub mod puzzles;
mod rating;
pub mod scheduler;
mod sessions;
pub mod takeback;
pub mod tournament;
mod turns;
mod vacation;
mod watch;

pub use access::{everyone_sees, may_watch, Sight, Viewer, ADMINISTRATOR, PRIVATE_GUILD, VIEW_CHANNEL};
pub use analysis::{best_line, may_analyse, Line, Variation, ANALYSIS_NODES, LINE_PLIES, MAX_VARIATION};
pub use answers::{
    last_move, BoardRef, Choice, DailyDue, DailyRef, DailyTally, GameView, MoveOutcome, Notice, PuzzleView,
    VacationChange,
};
pub use challenges::{ChallengeOutcome, ChallengeRequest, Opponent};
pub use clock::{date_of, duration_text, Clock, ManualClock, SystemClock};
pub use conditional::{MAX_LINES as MAX_CONDITIONAL_LINES, MAX_PLIES as MAX_CONDITIONAL_PLIES};
pub use config::{TableConfig, TimeoutPolicy, VacationConfig, DEFAULT_CLAIM_WINDOW_SECS, DEFAULT_IDLE_SECS};
pub use course::{course, CourseProgress, Lesson, LessonAnswer, LessonView, Task, Text};
pub use daily_post::{daily_channel, DailyPost, DAILY_RETRY_MS};
pub use damage::{RestoreError, SetAsideEntry};
pub use deadlines::NEWER_RETRY_MS;
pub use digest::{digest_channel, Digest, DIGEST_EVERY_MS};
pub use endings::{Aborted, DrawOutcome, Reviewed, REVIEWS_KEPT};
pub use error::{TableError, Unreadable};
pub use explorer::{ExplorerMove, MoveTally, EXPLORER_PLIES};
pub use forget::Forgotten;
pub use history::{
    Profile, ProfileGame, RatingPoint, SealedProfile, ServerHistory, MEMBER_GAMES_KEPT, POINTS_SHOWN,
};
pub use host::Table;
pub use listing::FINISHED_LISTED;
pub use model::{
    conditional_plies, BoardSide, Challenge, ChannelId, ConditionalLine, FinishedGame, FirstMove,
    GameSettings, GuildId, LiveGame, MemberSettings, Paused, PlayerStats, RatingChange, Reminders, Seat,
    ServerSettings, SetAside, Tally, TournamentGame, UserId, VacationHold, BOT_MOVE_GRACE_MS,
    CONDITIONAL_TAG, FORMER_ID, FORMER_NAME, IDLE_REMINDER_MS, MAX_HEAD_TO_HEAD,
};
pub use private::{Held, MAX_HELD};
pub use puzzle_rating::{puzzle_start, rate_attempt, PUZZLE_DEVIATION};
pub use puzzles::{AttemptState, PuzzleAnswer, PuzzleRatingChange, PuzzleStats};
pub use rating::{Rating, MAX_DEVIATION, PERIODS_PER_DAY, PROVISIONAL_DEVIATION};
pub use scheduler::CatchUp;
pub use tournament::{
    ChannelRight, Entrant, Format, GameLink, Left, Post, PostTicket, Standing, Status, Tournament,
    TournamentRequest, TournamentUpdate, Work,
};
pub use vacation::{OnVacation, VacationView, MONTH_MS};
pub use watch::{Sealed, Watched};

use host::{game_key, last_key, COUNTER_KEY, PAGE};
