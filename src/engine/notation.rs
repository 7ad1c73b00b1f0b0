//! The one-line position text (like chess FEN).
//!
//! `women 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 s -`
//!
//! Fields: the variant (with `+capture-pit` and `+captures-go-on` for those
//! house rules, in any order), the ranks 4
//! to 1 separated by `/` with columns a to h separated by `,`, the side to
//! move (`s` or `n`), and who is still in the overture (`-`, `S`, `N` or `SN`).

use std::fmt;
use std::str::FromStr;

use super::{AfterCapture, CaptureFrom, Pit, Position, Side, Variant};

/// Why a position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad position text: {0}")]
pub struct ParsePositionError(pub String);

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant().name())?;
        if self.capture_from() == CaptureFrom::CapturePit {
            f.write_str("+capture-pit")?;
        }
        if self.after_capture() == AfterCapture::Continue {
            f.write_str("+captures-go-on")?;
        }
        for rank in (1..=4).rev() {
            f.write_str(if rank == 4 { " " } else { "/" })?;
            for col in 0..8 {
                let pit = Pit::new(col, rank).expect("on the board");
                if col > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.seeds(pit))?;
            }
        }
        f.write_str(match self.to_move() {
            Side::South => " s ",
            Side::North => " n ",
        })?;
        f.write_str(
            match (self.in_overture(Side::South), self.in_overture(Side::North)) {
                (false, false) => "-",
                (true, false) => "S",
                (false, true) => "N",
                (true, true) => "SN",
            },
        )
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let err = |m: String| ParsePositionError(m);
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [variant, board, side, overture] = fields[..] else {
            return Err(err(format!(
                "expected 4 fields (variant, ranks, side to move, overture), found {}",
                fields.len()
            )));
        };
        let mut parts = variant.split('+');
        let variant = parts.next().unwrap_or_default();
        let (mut capture_from, mut after_capture) = (CaptureFrom::Origin, AfterCapture::End);
        for rule in parts {
            if let Ok(c) = rule.parse::<CaptureFrom>() {
                capture_from = c;
            } else if let Ok(a) = rule.parse::<AfterCapture>() {
                after_capture = a;
            } else {
                return Err(err(format!(
                    "`+{}` is not a house rule: say +capture-pit or +captures-go-on",
                    rule.chars().take(40).collect::<String>()
                )));
            }
        }
        let variant: Variant = variant
            .parse()
            .map_err(|e: super::ParseVariantError| err(e.to_string()))?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 4 {
            return Err(err(format!(
                "expected 4 ranks separated by /, found {}",
                ranks.len()
            )));
        }
        let mut rings = [[0u8; 16]; 2];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 4 - i as u8;
            let cells: Vec<&str> = rank_text.split(',').collect();
            if cells.len() != 8 {
                return Err(err(format!("rank {rank} has {} pits, not 8", cells.len())));
            }
            for (col, cell) in cells.iter().enumerate() {
                let n: u8 = cell.parse().ok().filter(|&n| n <= 64).ok_or_else(|| {
                    err(format!(
                        "`{}` is not a seed count (0 to 64)",
                        cell.chars().take(10).collect::<String>()
                    ))
                })?;
                let pit = Pit::new(col as u8, rank).expect("on the board");
                rings[pit.owner().index()][pit.ring()] = n;
            }
        }
        let to_move = match side {
            "s" | "S" => Side::South,
            "n" | "N" => Side::North,
            _ => return Err(err("the side to move must be s or n".into())),
        };
        let overture = match overture {
            "-" => [false, false],
            "S" => [true, false],
            "N" => [false, true],
            "SN" => [true, true],
            _ => return Err(err("the overture field must be -, S, N or SN".into())),
        };
        Position::from_parts(variant, (capture_from, after_capture), rings, overture, to_move).map_err(err)
    }
}
