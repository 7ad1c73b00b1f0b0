//! The board picture's words, its text board's and its alt text's
//! (`locales/*/picture.ftl`): a language words the board, so a view is
//! `BoardView::new(position, &lang)`.

use super::narrate;
use super::{list, Lang};
use crate::engine::{GameResult, Outcome, Pit, Side, Variant};
use crate::render::{BoardWords, HouseRule, Pill, Place, TextMark};
use crate::tr;

impl BoardWords for Lang {
    fn side(&self, side: Side) -> String {
        narrate::side(*self, side)
    }

    fn who(&self, side: Side, name: &str) -> String {
        tr!(*self, "board-who", side = self.side(side), name = name)
    }

    fn seeds(&self, seeds: u32) -> String {
        tr!(*self, "picture-seeds", seeds = seeds)
    }

    fn pill(&self, pill: Pill) -> String {
        let (key, pit) = match pill {
            Pill::Winner => ("winner", String::new()),
            Pill::Draw => ("draw", String::new()),
            Pill::ToMove => ("to-move", String::new()),
            Pill::Playing(m) => ("playing", m.to_string()),
        };
        tr!(*self, "picture-pill", pill = key, pit = pit)
    }

    fn played(&self, from: Pit, end: Pit) -> String {
        tr!(
            *self,
            "picture-played",
            from = from.to_string(),
            end = end.to_string()
        )
    }

    fn took(&self, seeds: u32) -> String {
        tr!(*self, "picture-took", seeds = seeds)
    }

    fn overture(&self, in_overture: bool) -> String {
        tr!(
            *self,
            "picture-overture",
            overture = if in_overture { "in" } else { "over" }
        )
    }

    fn result(&self, result: &GameResult, names: &[String; 2]) -> String {
        let (outcome, winner, loser) = match result.outcome {
            Outcome::Win(s) => (
                "win",
                names[s.index()].as_str(),
                names[s.opponent().index()].as_str(),
            ),
            Outcome::Draw => ("draw", "", ""),
        };
        tr!(
            *self,
            "picture-result",
            outcome = outcome,
            winner = winner,
            loser = loser,
            reason = result.termination.name()
        )
    }

    fn house_rules(&self, rules: &[HouseRule], sentence: bool) -> String {
        let rules: Vec<String> = rules
            .iter()
            .map(|r| match r {
                HouseRule::CapturesGoOn => tr!(*self, "house-rule-captures-go-on"),
                HouseRule::SownFromCapturingPit => tr!(*self, "house-rule-capturing-pit"),
            })
            .collect();
        let rules = rules.join(&tr!(*self, "list-separator"));
        match sentence {
            true => tr!(*self, "board-house-rules", rules = rules),
            false => tr!(*self, "house-rules", rules = rules),
        }
    }

    fn at_the_bottom(&self, who: &str) -> String {
        tr!(*self, "board-at-the-bottom", who = who)
    }

    fn text_band(&self, who: &str, seeds: u32, overture: Option<bool>, to_move: bool) -> String {
        tr!(
            *self,
            "board-band",
            who = who,
            seeds = seeds,
            overture = overture_key(overture),
            turn = if to_move { "yes" } else { "no" }
        )
    }

    fn text_last(&self, side: Side, from: Pit, end: Pit, captured: u32, taken: &[(Pit, u8)]) -> String {
        let taken: Vec<String> = taken.iter().map(|(p, n)| format!("{p} {n}")).collect();
        tr!(
            *self,
            "board-last",
            side = self.side(side),
            from = from.to_string(),
            end = end.to_string(),
            captured = captured,
            taken = taken.join(&tr!(*self, "list-separator"))
        )
    }

    fn text_marks(&self, marks: &[(char, TextMark)]) -> String {
        let marks: Vec<String> = marks
            .iter()
            .map(|(symbol, mark)| {
                let key = match mark {
                    TextMark::From => "from",
                    TextMark::End => "end",
                    TextMark::Taken => "taken",
                    TextMark::Protected => "protected",
                };
                tr!(*self, "board-mark", symbol = symbol.to_string(), mark = key)
            })
            .collect();
        // Two spaces: the legend is read in a monospace block.
        tr!(*self, "board-marks", marks = marks.join("  "))
    }

    fn text_result(&self, result: &str, notation: &str) -> String {
        tr!(*self, "board-result", result = result, notation = notation)
    }

    fn alt_intro(&self, variant: Variant, at_the_bottom: &str) -> String {
        tr!(
            *self,
            "alt-intro",
            variant = narrate::variant(*self, variant),
            bottom = at_the_bottom
        )
    }

    fn alt_side(
        &self,
        who: &str,
        ranks: [u8; 2],
        place: Place,
        seeds: u32,
        overture: Option<(bool, Pit)>,
    ) -> String {
        tr!(
            *self,
            "alt-side",
            who = who,
            first = ranks[0],
            second = ranks[1],
            place = match place {
                Place::Top => "top",
                Place::Bottom => "bottom",
            },
            seeds = seeds,
            overture = overture_key(overture.map(|(on, _)| on)),
            nghana = overture.map_or(String::new(), |(_, p)| p.to_string())
        )
    }

    fn alt_seeds(&self, columns: [char; 2], ranks: &[(u8, String)]) -> String {
        let ranks: Vec<String> = ranks
            .iter()
            .map(|(rank, seeds)| tr!(*self, "alt-rank", rank = *rank, seeds = seeds.as_str()))
            .collect();
        tr!(
            *self,
            "alt-seeds",
            first = columns[0].to_string(),
            last = columns[1].to_string(),
            ranks = ranks.join("; ")
        )
    }

    fn alt_last(&self, side: Side, from: Pit, end: Pit, captures: &[(Pit, u8)]) -> String {
        let parts: Vec<String> = captures
            .iter()
            .map(|(p, n)| tr!(*self, "move-capture-part", seeds = *n, pit = p.to_string()))
            .collect();
        tr!(
            *self,
            "alt-last",
            side = self.side(side),
            from = from.to_string(),
            end = end.to_string(),
            captured = captures.iter().map(|(_, n)| u32::from(*n)).sum::<u32>(),
            captures = list(*self, &parts)
        )
    }

    fn alt_over(&self, result: &str) -> String {
        tr!(*self, "alt-over", result = result)
    }

    fn alt_to_move(&self, side: Side) -> String {
        tr!(*self, "alt-to-move", side = self.side(side))
    }
}

/// The boys' overture as a selector: `in`, `over`, or `none` in the women's game.
fn overture_key(overture: Option<bool>) -> &'static str {
    match overture {
        Some(true) => "in",
        Some(false) => "over",
        None => "none",
    }
}
