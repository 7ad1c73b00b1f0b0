//! The live page's words that hold a number the page counts itself
//! (`locales/*/web.ftl`). The page has no Fluent, and a number agrees with
//! its noun only in a message that takes it, so such words are sent worded
//! for every number the page can show.

use super::Lang;
use crate::tr;

/// The most seeds a side can hold: every seed of the game (a position
/// holds 64).
pub const MOST_SEEDS: u32 = 64;

/// A side's seed total as the page shows it beside the player's name
/// ("1 seed", "kete 24"), for every total from 0 to [`MOST_SEEDS`]: the
/// total is the index.
pub fn seed_counts(lang: Lang) -> Vec<String> {
    (0..=MOST_SEEDS)
        .map(|seeds| tr!(lang, "web-seeds", seeds = seeds))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    #[test]
    fn every_seed_of_either_variant_fits() {
        for variant in Variant::ALL {
            let all: u32 = variant.setup().iter().map(|&n| u32::from(n)).sum::<u32>() * 2;
            assert_eq!(all, MOST_SEEDS, "{variant}");
        }
    }

    #[test]
    fn each_count_is_worded_with_its_number() {
        let counts = seed_counts(Lang::ENGLISH);
        assert_eq!(counts.len(), MOST_SEEDS as usize + 1);
        assert_eq!(counts[1], "1 seed");
        assert_eq!(counts[24], "24 seeds");
    }
}
