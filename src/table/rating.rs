//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013),
//! computed by the `skillratings` crate; each game is its own rating period,
//! and the deviation grows with the time since the player's last rated game
//! by fractional periods, as Lichess does.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{decay_deviation, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The deviation of a new player, and the most inactivity can raise one to.
pub const MAX_DEVIATION: f64 = 350.0;

/// A rating whose deviation is above this is provisional: too unsure to
/// rank (Lichess marks these with "?").
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Rating periods per day without a rated game (Lichess's figure: a period
/// is about 4.7 days). A player at deviation 60 is provisional again after
/// about a year away.
pub const PERIODS_PER_DAY: f64 = 0.21436;

const DAY_MS: f64 = 24.0 * 3600.0 * 1000.0;

/// A player's Glicko-2 rating on the public scale (new players: 1500 ± 350).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Rating deviation: how unsure the rating is.
    pub deviation: f64,
    /// Volatility: how erratic the player's results are.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// A score of 1 (win), 0.5 (draw) or 0 (loss) as the crate's outcome.
fn outcome(score: f64) -> Outcomes {
    match score {
        s if s > 0.75 => Outcomes::WIN,
        s if s < 0.25 => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    }
}

impl Rating {
    /// The rating after one rating period: `games` against opponents (as
    /// rated before the period) with scores 1, 0.5 or 0.
    pub fn rate_period(self, games: &[(Rating, f64)]) -> Rating {
        let results: Vec<_> = games
            .iter()
            .map(|&(opponent, score)| (Glicko2Rating::from(opponent), outcome(score)))
            .collect();
        let mut next = Rating::from(glicko2_rating_period(
            &self.into(),
            &results,
            &Glicko2Config::new(),
        ));
        next.deviation = next.deviation.min(MAX_DEVIATION);
        next
    }

    /// The rating after one game against `opponent` with `score` 1 (win), 0.5 (draw) or 0 (loss).
    pub fn update(self, opponent: Rating, score: f64) -> Rating {
        self.rate_period(&[(opponent, score)])
    }

    /// The rating after `elapsed_ms` without a rated game: Glicko-2's step
    /// for a period without games (deviation² + volatility²) for each
    /// elapsed period, fractions included, up to [`MAX_DEVIATION`].
    pub fn after_inactivity(self, elapsed_ms: u64) -> Rating {
        if elapsed_ms == 0 {
            // Exactly as it was (the crate's round trip through its scale is not).
            return self;
        }
        let periods = elapsed_ms as f64 / DAY_MS * PERIODS_PER_DAY;
        // One crate step with the volatility scaled by √periods adds exactly
        // `periods` steps' worth of variance.
        let mut stretched = Glicko2Rating::from(self);
        stretched.volatility *= periods.sqrt();
        Rating {
            deviation: decay_deviation(&stretched).deviation.min(MAX_DEVIATION),
            ..self
        }
    }

    /// True when the rating is too unsure to rank ([`PROVISIONAL_DEVIATION`]).
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating the player is very likely above (rating - 2 × deviation):
    /// what the leaderboard ranks by, so one lucky win does not top it.
    pub fn conservative(&self) -> f64 {
        self.rating - 2.0 * self.deviation
    }
}

#[cfg(test)]
mod tests {
    use super::{Rating, MAX_DEVIATION, PERIODS_PER_DAY};

    const fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickman_published_example() {
        // "Example of the Glicko-2 system": 1500 ± 200 plays three games in
        // one period and ends at 1464.06 ± 151.52, volatility 0.05999.
        let after = r(1500.0, 200.0).rate_period(&[
            (r(1400.0, 30.0), 1.0),
            (r(1550.0, 100.0), 0.0),
            (r(1700.0, 300.0), 0.0),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn results_move_the_rating_the_right_way() {
        let (p, q) = (r(1500.0, 200.0), r(1400.0, 30.0));
        let (won, drew, lost) = (p.update(q, 1.0), p.update(q, 0.5), p.update(q, 0.0));
        assert!(lost.rating < drew.rating && drew.rating < won.rating);
        assert!(won.deviation < 200.0);
        let a = Rating::default();
        let (w, l) = (a.update(a, 1.0), a.update(a, 0.0));
        assert!(((w.rating - 1500.0) + (l.rating - 1500.0)).abs() < 1e-6);
        assert!(w.rating > 1600.0, "a first win moves a new player a lot: {w:?}");
    }

    #[test]
    fn deviation_grows_with_time_away_and_is_capped() {
        let day = 24 * 3600 * 1000;
        let settled = r(1700.0, 60.0);
        assert_eq!(settled.after_inactivity(0), settled);
        // One period is Glicko-2's step: φ' = √(φ² + σ²) on the internal scale.
        let one_period = (1.0 / PERIODS_PER_DAY * day as f64) as u64;
        let phi = 60.0 / 173.7178_f64;
        let want = (phi * phi + 0.06 * 0.06).sqrt() * 173.7178;
        assert!((settled.after_inactivity(one_period).deviation - want).abs() < 0.01);
        let month = settled.after_inactivity(30 * day);
        let year = settled.after_inactivity(400 * day);
        assert!(60.0 < month.deviation && month.deviation < year.deviation);
        assert!(!settled.is_provisional() && year.is_provisional(), "{year:?}");
        assert_eq!(
            (year.rating, year.volatility),
            (1700.0, 0.06),
            "only the deviation moves"
        );
        assert_eq!(settled.after_inactivity(100 * 365 * day).deviation, MAX_DEVIATION);
    }

    #[test]
    fn one_lucky_win_ranks_below_an_established_player() {
        let newcomer = Rating::default().update(Rating::default(), 1.0);
        let regular = r(1550.0, 50.0);
        assert!(newcomer.rating > regular.rating && newcomer.is_provisional());
        assert!(newcomer.conservative() < regular.conservative());
    }
}
