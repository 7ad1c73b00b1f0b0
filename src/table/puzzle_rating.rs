//! Puzzle ratings: a solved puzzle is a win against the puzzle, a failed one a
//! loss, and both ratings move (Glicko-2, as for games).

use super::Rating;

/// Deviation a shipped puzzle starts with: its starting rating is an
/// estimate from the search, surer than a new player's.
pub const PUZZLE_DEVIATION: f64 = 200.0;

/// A puzzle's rating before anyone tried it.
pub fn puzzle_start(rating: u32) -> Rating {
    Rating {
        rating: f64::from(rating),
        deviation: PUZZLE_DEVIATION,
        ..Rating::default()
    }
}

/// The member's and the puzzle's ratings after one counted attempt.
pub fn rate_attempt(member: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { 1.0 } else { 0.0 };
    (member.update(puzzle, score), puzzle.update(member, 1.0 - score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_member_and_lowers_the_puzzle() {
        let (m, p) = rate_attempt(Rating::default(), puzzle_start(1700), true);
        assert!(m.rating > 1500.0 && p.rating < 1700.0, "{m:?} {p:?}");
        let (m, p) = rate_attempt(Rating::default(), puzzle_start(1200), false);
        assert!(m.rating < 1500.0 && p.rating > 1200.0, "{m:?} {p:?}");
    }
}
