//! The words of the pictures, the text board and the alt text, from the
//! caller: render draws and lays out, the caller words (in the player's
//! language; `words::picture` for the bot's Fluent files). Every method gets
//! data (sides, pits, numbers, names) and answers with the text to show.

use crate::engine::{AfterCapture, CaptureFrom, GameResult, Move, Pit, Side, Variant};

/// The pill at the right end of a side's band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pill {
    /// The game is over and this side won.
    Winner,
    /// The game is over, drawn.
    Draw,
    /// It is this side's turn.
    ToMove,
    /// The animation is sowing this move of this side.
    Playing(Move),
}

/// A house rule that differs from the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HouseRule {
    /// Capturing goes on after a capture (`AfterCapture::Continue`).
    CapturesGoOn,
    /// Captured seeds are sown from the capturing pit (`CaptureFrom::CapturePit`).
    SownFromCapturingPit,
}

/// The house rules a game is played under, none for the default rules (so
/// that only unusual games carry a note).
pub(crate) fn house_rules(capture_from: CaptureFrom, after_capture: AfterCapture) -> Vec<HouseRule> {
    let mut rules = Vec::new();
    if after_capture == AfterCapture::Continue {
        rules.push(HouseRule::CapturesGoOn);
    }
    if capture_from == CaptureFrom::CapturePit {
        rules.push(HouseRule::SownFromCapturingPit);
    }
    rules
}

/// A mark of the text board's grid, explained under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextMark {
    /// The last move's start pit.
    From,
    /// Where its last seed fell.
    End,
    /// A pit it captured from.
    Taken,
    /// A pit out of play in its owner's overture.
    Protected,
}

/// Where a side's half is in the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The top half.
    Top,
    /// The bottom half.
    Bottom,
}

/// Every word a board picture, [`render_text`](super::render_text) and
/// [`alt_text`](super::alt_text) show. Names come already cleaned for where
/// they go; pits are written `a1`-`h4` by their `Display`.
pub trait BoardWords: std::fmt::Debug {
    /// A side's name ("South"): also a player's name when none is given.
    fn side(&self, side: Side) -> String;
    /// A side with its player's name ("South (alice)").
    fn who(&self, side: Side, name: &str) -> String;
    /// A side's seed total in its band ("36 seeds").
    fn seeds(&self, seeds: u32) -> String;
    /// A band's pill ("TO MOVE", "PLAYING b2").
    fn pill(&self, pill: Pill) -> String;
    /// The last move in the mover's band ("played b2 → h4"); the picture
    /// colours the pits' names where it finds them.
    fn played(&self, from: Pit, end: Pit) -> String;
    /// What it captured, after it ("took 4").
    fn took(&self, seeds: u32) -> String;
    /// The boys' game: whether a side is still in its overture.
    fn overture(&self, in_overture: bool) -> String;
    /// The result line ("alice wins · bob resigned"), with `names` South then North.
    fn result(&self, result: &GameResult, names: &[String; 2]) -> String;
    /// The house rules a game is played under; `sentence` when the words
    /// begin a sentence (text board, alt text) rather than a band's corner.
    fn house_rules(&self, rules: &[HouseRule], sentence: bool) -> String;
    /// The first line of the text and alt text: who is at the bottom.
    fn at_the_bottom(&self, who: &str) -> String;
    /// A side's line of the text board: seeds, the boys' overture (`None`
    /// in the women's game), whose turn.
    fn text_band(&self, who: &str, seeds: u32, overture: Option<bool>, to_move: bool) -> String;
    /// The text board's last move, with the seeds taken from each pit.
    fn text_last(&self, side: Side, from: Pit, end: Pit, captured: u32, taken: &[(Pit, u8)]) -> String;
    /// The legend of the marks the grid shows, each with its symbol.
    fn text_marks(&self, marks: &[(char, TextMark)]) -> String;
    /// The text board's result line, with the result's notation ("1-0").
    fn text_result(&self, result: &str, notation: &str) -> String;
    /// The alt text's first sentence: the variant and who is at the bottom.
    fn alt_intro(&self, variant: Variant, at_the_bottom: &str) -> String;
    /// A sentence on one side's half: its ranks (as drawn, top first), where
    /// it is, its seeds, and in the boys' game its overture and ng'hana.
    fn alt_side(
        &self,
        who: &str,
        ranks: [u8; 2],
        place: Place,
        seeds: u32,
        overture: Option<(bool, Pit)>,
    ) -> String;
    /// Every rank's seed counts, top to bottom, columns left to right.
    fn alt_seeds(&self, columns: [char; 2], ranks: &[(u8, String)]) -> String;
    /// The last move, with the seeds it captured from each pit.
    fn alt_last(&self, side: Side, from: Pit, end: Pit, captures: &[(Pit, u8)]) -> String;
    /// The alt text's last sentence once the game is over.
    fn alt_over(&self, result: &str) -> String;
    /// The alt text's last sentence while it goes on.
    fn alt_to_move(&self, side: Side) -> String;
}
