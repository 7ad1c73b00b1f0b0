//! What happened during a move, lap by lap: for pictures, animation and text.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{GameResult, Move, Pit, Side};

/// Seeds taken from one opponent pit by a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    /// The opponent pit emptied.
    pub pit: Pit,
    /// How many seeds it held.
    pub seeds: u8,
}

/// Where the seeds of a lap came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LapSource {
    /// Lifted from the pit the move started from.
    Move {
        /// The pit emptied.
        pit: Pit,
    },
    /// Lifted from the pit where the previous lap ended (a relay).
    Relay {
        /// The pit emptied.
        pit: Pit,
    },
    /// Seeds captured by the previous lap.
    Capture,
}

/// How a lap ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LapEnd {
    /// The last seed fell into an empty pit: the move is over.
    Empty {
        /// Where the last seed fell.
        pit: Pit,
    },
    /// The last seed fell into a non-empty inner pit with seeds opposite: they are taken.
    Capture {
        /// Where the capturing seed fell.
        pit: Pit,
        /// The opposite pits emptied (one or two entries; empty pits are listed too).
        taken: Vec<Taken>,
    },
    /// The last seed fell into a non-empty pit with nothing to capture: its seeds go on.
    Relay {
        /// The pit lifted.
        pit: Pit,
        /// Seeds lifted from it.
        seeds: u8,
    },
    /// The captured seeds of a capture that left the opponent with nothing were sown: the move is over.
    WipeOut {
        /// Where the last seed fell.
        pit: Pit,
    },
    /// Captured seeds were sown, which ends the move (the default rules; under
    /// the house rule "captures go on" such a lap ends like any other).
    Sown {
        /// Where the last seed fell.
        pit: Pit,
    },
}

impl LapEnd {
    /// The pit where the lap's last seed fell.
    pub fn pit(&self) -> Pit {
        match *self {
            LapEnd::Empty { pit }
            | LapEnd::Capture { pit, .. }
            | LapEnd::Relay { pit, .. }
            | LapEnd::WipeOut { pit }
            | LapEnd::Sown { pit } => pit,
        }
    }

    /// Seeds captured by this lap's end.
    pub fn captured(&self) -> u8 {
        match self {
            LapEnd::Capture { taken, .. } => taken.iter().map(|t| t.seeds).sum(),
            _ => 0,
        }
    }
}

/// One lap of a move: a handful of seeds sown one by one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lap {
    /// Where the seeds came from.
    pub source: LapSource,
    /// The lap origin (the move's pit or the last relay pit); captures re-sow from it.
    pub origin: Pit,
    /// The pits that received a seed, in order (a pit may appear twice in a long lap).
    pub sown: Vec<Pit>,
    /// How the lap ended.
    pub end: LapEnd,
}

impl fmt::Display for Lap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.source {
            LapSource::Move { pit } | LapSource::Relay { pit } => write!(f, "{pit} x{}:", self.sown.len())?,
            LapSource::Capture => write!(f, "capture x{} from {}:", self.sown.len(), self.origin)?,
        }
        for p in &self.sown {
            write!(f, " {p}")?;
        }
        match &self.end {
            LapEnd::Empty { .. } | LapEnd::Sown { .. } => f.write_str(" | end"),
            LapEnd::Relay { .. } => f.write_str(" | relay"),
            LapEnd::WipeOut { .. } => f.write_str(" | wipe-out"),
            LapEnd::Capture { taken, .. } => {
                f.write_str(" | capture")?;
                for t in taken {
                    write!(f, " {}={}", t.pit, t.seeds)?;
                }
                Ok(())
            }
        }
    }
}

/// The full account of one move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReport {
    /// Who moved.
    pub side: Side,
    /// The move played.
    pub mv: Move,
    /// True when the move played the ng'hana and so ended the mover's overture.
    pub ended_overture: bool,
    /// Every lap, in order.
    pub laps: Vec<Lap>,
    /// The game's result after this move, if it ended the game.
    pub result: Option<GameResult>,
}

impl MoveReport {
    /// Total seeds captured during the move.
    pub fn captured(&self) -> u32 {
        self.laps.iter().map(|l| u32::from(l.end.captured())).sum()
    }

    /// Every opponent pit captured from, with the seeds taken (empty pits left out).
    pub fn captures(&self) -> impl Iterator<Item = Taken> + '_ {
        self.laps.iter().flat_map(|l| match &l.end {
            LapEnd::Capture { taken, .. } => taken.iter().copied().filter(|t| t.seeds > 0).collect(),
            _ => Vec::new(),
        })
    }

    /// The pit where the move's last seed fell.
    pub fn last_pit(&self) -> Pit {
        self.laps.last().map_or(self.mv.pit(), |l| l.end.pit())
    }
}
