//! The rules of Isolo (`docs/rules.md`, rule book version 2): pure, no I/O, fast.
//!
//! - [`Side`], [`Pit`], [`Move`], [`Variant`], [`Rules`]: the vocabulary.
//! - [`Position`]: the board; [`Position::play`] returns a [`MoveReport`] lap by
//!   lap, [`Position::play_mut`] / [`Position::play_ring`] are the
//!   allocation-free fast path for search.
//! - [`Game`]: history, repetition and the end of the game.
//! - Position text ([`Position`]'s `Display`/`FromStr`) and [`Record`]s.

mod game;
mod notation;
mod position;
mod record;
mod report;
mod result;
mod types;

pub use game::{Game, MAX_PLIES};
pub use notation::ParsePositionError;
pub use position::{IllegalMove, MoveList, PlayError, Played, Position, MAX_LAPS};
pub use record::{Record, RecordError};
pub use report::{Lap, LapEnd, LapSource, MoveReport, Taken};
pub use result::{GameResult, Outcome, Termination};
pub use types::{
    AfterCapture, CaptureFrom, Move, ParseAfterCaptureError, ParseCaptureFromError, ParsePitError,
    ParseSideError, ParseVariantError, Pit, Rules, Side, Variant,
};
