//! The typed vocabulary of the rules: sides, pits, moves, variants, house rules.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the two players. South sits at the bottom of the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Owns ranks 1 and 2, drawn at the bottom.
    South,
    /// Owns ranks 3 and 4, drawn at the top.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name, as used in notation and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for text that names no side.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a side: say south or north")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "south" | "s" => Ok(Side::South),
            "north" | "n" => Ok(Side::North),
            _ => Err(ParseSideError(s.chars().take(40).collect())),
        }
    }
}

/// A pit of the board, named by column `a..h` and rank `1..4` (`a1`..`h4`).
///
/// Internally `(rank - 1) * 8 + column`, so `a1` is 0 and `h4` is 31.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// Number of pits on the board.
    pub const COUNT: usize = 32;

    /// The pit at `column` (0 = a .. 7 = h) and `rank` (1..=4), if on the board.
    pub const fn new(column: u8, rank: u8) -> Option<Pit> {
        if column < 8 && rank >= 1 && rank <= 4 {
            Some(Pit((rank - 1) * 8 + column))
        } else {
            None
        }
    }

    /// The pit with board index `i` (0..32), if on the board.
    pub const fn from_index(i: usize) -> Option<Pit> {
        if i < 32 {
            Some(Pit(i as u8))
        } else {
            None
        }
    }

    /// Board index 0..32 (`a1` = 0, `h1` = 7, `a2` = 8, ..., `h4` = 31).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (a..h), West to East.
    #[inline]
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// Rank 1..=4, from South's edge to North's edge.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 8 + 1
    }

    /// The player who owns this pit.
    #[inline]
    pub const fn owner(self) -> Side {
        if self.0 < 16 {
            Side::South
        } else {
            Side::North
        }
    }

    /// True for the inner rows (ranks 2 and 3), where captures happen.
    #[inline]
    pub const fn is_inner(self) -> bool {
        let r = self.rank();
        r == 2 || r == 3
    }

    /// The owner's ring index `k` (0..16) of this pit, see rules.md section 1.
    #[inline]
    pub const fn ring(self) -> usize {
        let c = self.column() as usize;
        match self.rank() {
            1 => c,
            2 => 15 - c,
            3 => 8 + c,
            _ => 7 - c,
        }
    }

    /// The pit of `side`'s ring index `k` (0..16).
    #[inline]
    pub const fn from_ring(side: Side, k: usize) -> Pit {
        let k = k & 15;
        let (col, rank) = match side {
            Side::South if k < 8 => (k, 1),
            Side::South => (15 - k, 2),
            Side::North if k < 8 => (7 - k, 4),
            Side::North => (k - 8, 3),
        };
        Pit((rank - 1) as u8 * 8 + col as u8)
    }

    /// All 32 pits, `a1` first, in board-index order.
    pub fn all() -> impl Iterator<Item = Pit> {
        (0..32u8).map(Pit)
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.rank())
    }
}

/// Error for text that names no pit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a pit: name one by column a-h and rank 1-4, like b2")]
pub struct ParsePitError(pub String);

impl FromStr for Pit {
    type Err = ParsePitError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParsePitError(s.chars().take(40).collect());
        let mut chars = s.chars().filter(|c| !c.is_whitespace());
        let (Some(c), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(err());
        };
        let c = c.to_ascii_lowercase();
        if !('a'..='h').contains(&c) || !('1'..='4').contains(&r) {
            return Err(err());
        }
        Pit::new(c as u8 - b'a', r as u8 - b'0').ok_or_else(err)
    }
}

impl Serialize for Pit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A move: the pit the mover empties. Notation is the pit's name (`b2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Move(pub Pit);

impl Move {
    /// The pit the move starts from.
    #[inline]
    pub const fn pit(self) -> Pit {
        self.0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Move {
    type Err = ParsePitError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Move)
    }
}

impl From<Pit> for Move {
    fn from(p: Pit) -> Move {
        Move(p)
    }
}

/// The variant of Isolo being played (rules.md sections 3-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The women's game: 2 seeds a pit, section 2 exactly.
    Women,
    /// The boys' game: the ng'hana setup and the overture.
    Boys,
}

impl Variant {
    /// Both playable variants.
    pub const ALL: [Variant; 2] = [Variant::Women, Variant::Boys];

    /// Lower-case name used in notation, records and commands.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Women => "women",
            Variant::Boys => "boys",
        }
    }

    /// The starting ring of each player (both players start alike).
    pub const fn setup(self) -> [u8; 16] {
        match self {
            Variant::Women => [2; 16],
            Variant::Boys => [2, 0, 2, 0, 2, 0, 2, 17, 0, 1, 2, 0, 2, 0, 2, 0],
        }
    }

    /// Whether players start in the overture (rightmost column out of play).
    pub const fn has_overture(self) -> bool {
        matches!(self, Variant::Boys)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for text that names no playable variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseVariantError {
    /// The men's game is known to exist but its rules are not (rules.md section 5).
    #[error("the men's game is not available: its rules are not described in any source we could reach; play women or boys")]
    Men,
    /// Anything else.
    #[error("`{0}` is not a variant: say women or boys")]
    Unknown(String),
}

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().trim_end_matches("'s") {
            "women" | "woman" | "w" => Ok(Variant::Women),
            "boys" | "boy" | "b" => Ok(Variant::Boys),
            "men" | "man" | "m" => Err(ParseVariantError::Men),
            _ => Err(ParseVariantError::Unknown(s.chars().take(40).collect())),
        }
    }
}

/// Where captured seeds are sown from (rules.md sections 2 and 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureFrom {
    /// From the origin of the capturing lap (the default rule).
    #[default]
    Origin,
    /// House rule: from the pit where the capturing seed was dropped.
    CapturePit,
}

impl CaptureFrom {
    /// Name used in notation and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureFrom::Origin => "origin",
            CaptureFrom::CapturePit => "capture-pit",
        }
    }
}

impl fmt::Display for CaptureFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for text that names no capture rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a capture rule: say origin or capture-pit")]
pub struct ParseCaptureFromError(pub String);

impl FromStr for CaptureFrom {
    type Err = ParseCaptureFromError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "origin" => Ok(CaptureFrom::Origin),
            "capture-pit" | "capturepit" | "capturing-pit" => Ok(CaptureFrom::CapturePit),
            _ => Err(ParseCaptureFromError(s.chars().take(40).collect())),
        }
    }
}

/// What happens once captured seeds are sown (rules.md sections 2 and 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AfterCapture {
    /// The move ends when the last captured seed is dropped (rule book version 2).
    #[default]
    End,
    /// House rule "captures go on": the lap of captured seeds ends by the usual
    /// rules (rule book version 1, and every game set up before version 2).
    Continue,
}

impl AfterCapture {
    /// Name used in records and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            AfterCapture::End => "end",
            AfterCapture::Continue => "continue",
        }
    }
}

impl fmt::Display for AfterCapture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for text that names no after-capture rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an after-capture rule: say end or continue")]
pub struct ParseAfterCaptureError(pub String);

impl FromStr for AfterCapture {
    type Err = ParseAfterCaptureError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "end" | "ends" | "end-move" => Ok(AfterCapture::End),
            "continue" | "captures-go-on" | "go-on" => Ok(AfterCapture::Continue),
            _ => Err(ParseAfterCaptureError(s.chars().take(40).collect())),
        }
    }
}

/// The rules a game is set up with: variant, house rules and first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Which variant.
    pub variant: Variant,
    /// Where captured seeds are sown from.
    #[serde(default)]
    pub capture_from: CaptureFrom,
    /// What happens after a capture. Values stored before rule book version 2
    /// lack it and are migrated to [`AfterCapture::Continue`] by their readers.
    pub after_capture: AfterCapture,
    /// Who moves first.
    pub first: Side,
}

impl Rules {
    /// Default rules of a variant: capture sowing from the origin, the move
    /// ending after a capture, South first.
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            capture_from: CaptureFrom::Origin,
            after_capture: AfterCapture::End,
            first: Side::South,
        }
    }

    /// True when both house-rule switches are at their defaults.
    pub fn default_house_rules(&self) -> bool {
        self.capture_from == CaptureFrom::Origin && self.after_capture == AfterCapture::End
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Variant::Women)
    }
}
