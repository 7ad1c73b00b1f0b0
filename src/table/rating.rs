//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013).

use serde::{Deserialize, Serialize};

/// Glicko scale factor between the public and the internal scale.
const SCALE: f64 = 173.7178;
/// System constant: how much the volatility may change.
const TAU: f64 = 0.5;

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
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

impl Rating {
    /// The rating after one game against `opponent` with `score` 1 (win), 0.5 (draw) or 0 (loss).
    pub fn update(self, opponent: Rating, score: f64) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let mu_j = (opponent.rating - 1500.0) / SCALE;
        let phi_j = opponent.deviation / SCALE;
        let g_j = g(phi_j);
        let e = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
        let v = 1.0 / (g_j * g_j * e * (1.0 - e));
        let delta = v * g_j * (score - e);
        // New volatility by the Illinois algorithm (step 5 of the paper).
        let a = (self.volatility * self.volatility).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 100.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= 1e-6 {
                break;
            }
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
        }
        let sigma = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * g_j * (score - e);
        Rating {
            rating: mu_new * SCALE + 1500.0,
            deviation: (phi_new * SCALE).min(350.0),
            volatility: sigma,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rating;

    #[test]
    fn glickman_example_single_game() {
        // The paper's player (1500, 200, 0.06) beating a 1400 ± 30 player.
        let p = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let q = Rating {
            rating: 1400.0,
            deviation: 30.0,
            volatility: 0.06,
        };
        let won = p.update(q, 1.0);
        assert!(won.rating > 1500.0 && won.rating < 1600.0, "{won:?}");
        assert!(won.deviation < 200.0);
        let lost = p.update(q, 0.0);
        assert!(lost.rating < 1500.0);
        let drew = p.update(q, 0.5);
        assert!(drew.rating < won.rating && drew.rating > lost.rating);
        // Volatility stays near its start for an expected result.
        assert!((won.volatility - 0.06).abs() < 0.001);
    }

    #[test]
    fn equal_players_move_symmetrically() {
        let a = Rating::default();
        let (w, l) = (a.update(a, 1.0), a.update(a, 0.0));
        assert!(((w.rating - 1500.0) + (l.rating - 1500.0)).abs() < 1e-6);
        assert!(w.rating > 1600.0, "a first win moves a new player a lot: {w:?}");
    }
}
