//! The board picture: layout, what each pit shows, and drawing.
//!
//! A [`Scene`] is everything the picture shows, taken from a position (or from
//! the middle of a move, for the animation). Each pit is drawn inside its own
//! cell from a [`PitLook`], so the animation can repaint only the cells that
//! changed.

use crate::engine::{GameResult, Move, MoveReport, Outcome, Pit, Position, Side, Variant};

use super::canvas::{cap_height, has_glyph, rounded_rect, Align, Canvas};
use super::shape::{is_bidi_control, isolated};
use super::theme::{colors, Colors, Rgb};
use super::words::{BoardWords, HouseRule, Pill as PillWord};
use super::Style;

/// Picture width in pixels.
pub const WIDTH: u32 = 1000;
/// Picture height in pixels.
pub const HEIGHT: u32 = 560;

/// Height of each player's name band (one on top, the bottom side's at the bottom).
pub(crate) const BAND_H: f32 = 46.0;
/// Height of the column-label rows.
const LABEL_H: f32 = 28.0;
/// A pit's cell.
pub(crate) const CELL_W: f32 = 114.0;
pub(crate) const CELL_H: f32 = 98.0;
/// Space between the two halves.
const GAP: f32 = 20.0;
/// Left edge of column a (the rank labels sit left and right of the board).
const BOARD_X: f32 = 44.0;
/// Top of rank 4.
const BOARD_Y: f32 = BAND_H + LABEL_H;
/// Seeds drawn around a pit before the ring is full.
const SLOTS: usize = 16;

impl Style {
    /// The colours of the style's palette.
    pub(crate) fn colors(self) -> &'static Colors {
        colors(self.palette)
    }

    /// The top-left corner of a pit's cell. With South at the bottom, rank 4
    /// is the top row and column a the left; North at the bottom turns both.
    pub(crate) fn cell_origin(self, pit: Pit) -> (f32, f32) {
        let (col, row) = match self.bottom {
            Side::South => (pit.column(), 4 - pit.rank()),
            Side::North => (7 - pit.column(), pit.rank() - 1),
        };
        let x = BOARD_X + f32::from(col) * CELL_W;
        let y = BOARD_Y + f32::from(row) * CELL_H + if row >= 2 { GAP } else { 0.0 };
        (x, y)
    }

    /// A pit's cell as whole pixels `(x, y, w, h)`.
    pub(crate) fn cell_rect(self, pit: Pit) -> (usize, usize, usize, usize) {
        let (x, y) = self.cell_origin(pit);
        (x as usize, y as usize, CELL_W as usize, CELL_H as usize)
    }

    /// The centre of a pit.
    pub(crate) fn pit_center(self, pit: Pit) -> (f32, f32) {
        let (x, y) = self.cell_origin(pit);
        (x + CELL_W / 2.0, y + CELL_H / 2.0)
    }

    /// The y of a side's band: the bottom side's at the bottom.
    pub(crate) fn band_y(self, side: Side) -> f32 {
        if side == self.bottom {
            HEIGHT as f32 - BAND_H
        } else {
            0.0
        }
    }

    /// A side's band as whole pixels `(x, y, w, h)`.
    pub(crate) fn band_rect(self, side: Side) -> (usize, usize, usize, usize) {
        (0, self.band_y(side) as usize, WIDTH as usize, BAND_H as usize)
    }

    /// The panel (half of the board) of a side: `(x, y, w, h)`.
    fn panel_rect(self, side: Side) -> (f32, f32, f32, f32) {
        let pad = 5.0;
        let y = if side == self.bottom {
            BOARD_Y + 2.0 * CELL_H + GAP
        } else {
            BOARD_Y
        };
        (
            BOARD_X - pad,
            y - pad,
            8.0 * CELL_W + 2.0 * pad,
            2.0 * CELL_H + 2.0 * pad,
        )
    }

    /// The column letter drawn above and below the `i`th column from the left.
    fn column_label(self, i: u8) -> char {
        match self.bottom {
            Side::South => (b'a' + i) as char,
            Side::North => (b'h' - i) as char,
        }
    }
}

/// The last move, as the picture marks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LastMove {
    pub side: Side,
    pub from: Pit,
    pub end: Pit,
    /// Seeds captured from each opponent pit (board index).
    pub taken: [u8; 32],
    pub captured: u32,
}

impl LastMove {
    pub(crate) fn from_report(r: &MoveReport) -> LastMove {
        let mut taken = [0u8; 32];
        for t in r.captures() {
            let i = t.pit.index();
            taken[i] = taken[i].saturating_add(t.seeds);
        }
        LastMove {
            side: r.side,
            from: r.mv.pit(),
            end: r.last_pit(),
            taken,
            captured: r.captured(),
        }
    }
}

/// Everything the picture shows, and the caller's words for it.
#[derive(Debug, Clone)]
pub(crate) struct Scene<'a> {
    pub counts: [u8; 32],
    pub overture: [bool; 2],
    pub variant: Variant,
    /// `None` once the game is over.
    pub to_move: Option<Side>,
    pub result: Option<GameResult>,
    /// Display names, South then North.
    pub names: [String; 2],
    pub last: Option<LastMove>,
    /// The move being animated, shown in the mover's band.
    pub sowing: Option<Move>,
    /// The house rules that are not the defaults (none for most games).
    pub house: Vec<HouseRule>,
    /// The side at the bottom and the colours.
    pub style: Style,
    /// The words of the picture and its text versions.
    pub words: &'a dyn BoardWords,
}

impl<'a> Scene<'a> {
    pub(crate) fn new(
        position: &Position,
        last: Option<&MoveReport>,
        names: [Option<&str>; 2],
        result: Option<GameResult>,
        style: Style,
        words: &'a dyn BoardWords,
    ) -> Scene<'a> {
        let mut counts = [0u8; 32];
        for p in Pit::all() {
            counts[p.index()] = position.seeds(p);
        }
        Scene {
            counts,
            overture: [
                position.in_overture(Side::South),
                position.in_overture(Side::North),
            ],
            variant: position.variant(),
            to_move: result.is_none().then(|| position.to_move()),
            result,
            names: display_names(names, words),
            last: last.map(LastMove::from_report),
            sowing: None,
            house: super::words::house_rules(position.capture_from(), position.after_capture()),
            style,
            words,
        }
    }

    pub(crate) fn total(&self, side: Side) -> u32 {
        Pit::all()
            .filter(|p| p.owner() == side)
            .map(|p| u32::from(self.counts[p.index()]))
            .sum()
    }

    /// Whether a pit is out of play and safe from capture (its owner's overture).
    pub(crate) fn protected(&self, pit: Pit) -> bool {
        self.overture[pit.owner().index()] && matches!(pit.ring(), 7 | 8)
    }

    /// How a pit looks, without animation marks.
    pub(crate) fn look(&self, pit: Pit) -> PitLook {
        let i = pit.index();
        let mut look = PitLook {
            count: self.counts[i],
            protected: self.protected(pit),
            ..PitLook::default()
        };
        if let Some(l) = &self.last {
            look.from = l.from == pit;
            look.end = l.end == pit;
            look.taken = l.taken[i];
        }
        look
    }
}

/// Names as shown: the given name, or "South"/"North" when none is given or
/// it is blank. A name in any script is drawn (`shape.rs`); characters no
/// installed font has are drawn as stand-in boxes, never dropped.
pub(crate) fn display_names(names: [Option<&str>; 2], words: &dyn BoardWords) -> [String; 2] {
    let fix = |name: Option<&str>, side: Side| {
        let clean = drawable(name.unwrap_or(""));
        if clean.is_empty() {
            words.side(side)
        } else {
            clean
        }
    };
    [fix(names[0], Side::South), fix(names[1], Side::North)]
}

/// A name as drawn: at most 64 characters, without control characters or
/// explicit bidi controls (a name's own overrides could reorder what is
/// drawn around it), spaces tidied.
pub(crate) fn drawable(name: &str) -> String {
    name.chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .take(64)
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A transient mark of the animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Active {
    /// A seed just fell here.
    Sown,
    /// Seeds are lifted from here (start of the move or a relay).
    Lift,
    /// The last seed fell here and captures.
    Capture,
    /// Seeds are being taken from here.
    Taken,
}

/// What one pit shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct PitLook {
    pub count: u8,
    pub from: bool,
    pub end: bool,
    pub taken: u8,
    pub protected: bool,
    pub active: Option<Active>,
    /// Seeds in the mover's hand, shown beside the pit being sown.
    pub hand: Option<u8>,
}

/// Draws the whole board: the reference the layered pictures of `compose.rs`
/// are equal to, pixel for pixel.
pub(crate) fn draw(scene: &Scene) -> Canvas {
    let mut cv = draw_base(scene);
    for pit in Pit::all() {
        draw_pit(
            &mut cv,
            scene.style,
            pit,
            &scene.look(pit),
            scene.last.as_ref().map(|l| l.side),
        );
    }
    draw_banner(&mut cv, scene);
    cv
}

/// Everything but the pits and the result banner: background, bands, labels, halves.
pub(crate) fn draw_base(scene: &Scene) -> Canvas {
    let mut cv = Canvas::new(WIDTH, HEIGHT, scene.style.colors().bg);
    draw_static(&mut cv, scene.style, scene.to_move);
    for side in Side::ALL {
        draw_band(&mut cv, scene, side);
    }
    cv
}

/// What only the style and whose turn it is decide, drawn over the
/// background: the halves, the mover's frame, the column and rank labels.
/// Nothing of it lies in the bands or the pits' cells.
pub(crate) fn draw_static(cv: &mut Canvas, st: Style, to_move: Option<Side>) {
    let c = st.colors();
    for side in Side::ALL {
        let (x, y, w, h) = st.panel_rect(side);
        cv.round_rect(x, y, w, h, 14.0, c.panel[side.index()]);
        if to_move == Some(side) {
            // The mover's half is framed in his colour: whose turn it is, at a glance.
            cv.stroke_path(
                rounded_rect(x - 1.5, y - 1.5, w + 3.0, h + 3.0, 15.5),
                c.accent[side.index()],
                3.0,
                None,
            );
        }
    }
    let label_px = 26.0;
    for col in 0..8u8 {
        let cx = BOARD_X + (f32::from(col) + 0.5) * CELL_W;
        let s = st.column_label(col).to_string();
        let top = BAND_H + LABEL_H / 2.0 - 2.0;
        let bottom = HEIGHT as f32 - BAND_H - LABEL_H / 2.0 + 2.0;
        for cy in [top, bottom] {
            // Lower-case letters: centre the x-height, about 0.75 of the cap height.
            cv.text(
                &s,
                label_px,
                cx,
                cy + cap_height(label_px) * 0.75 / 2.0,
                Align::Center,
                c.label,
            );
        }
    }
    for rank in 1..=4u8 {
        let pit = Pit::new(0, rank).unwrap_or_else(|| unreachable!("rank 1..=4"));
        let (_, cy) = st.pit_center(pit);
        for cx in [BOARD_X / 2.0 - 2.0, WIDTH as f32 - BOARD_X / 2.0 + 2.0] {
            cv.text_centered(&rank.to_string(), label_px, cx, cy, c.label);
        }
    }
}

/// The shape of a ring around a pit: with the colour, it tells the marks apart
/// even for a reader who cannot tell the colours apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RingShape {
    /// The start pit (and a pit being lifted).
    Dashed,
    /// The end pit (and the pit that captures).
    Double,
    /// Captured pits (with their "-n" badge) and sown pits.
    Solid,
}

/// Draws one pit inside its cell. The cell must hold the base picture already.
pub(crate) fn draw_pit(cv: &mut Canvas, style: Style, pit: Pit, look: &PitLook, mover: Option<Side>) {
    let c = style.colors();
    let s = pit.owner().index();
    let (x0, y0) = style.cell_origin(pit);
    let (cx, cy) = style.pit_center(pit);
    let (px, py, pw, ph) = (x0 + 4.0, y0 + 5.0, CELL_W - 8.0, CELL_H - 10.0);
    let radius = 30.0;
    cv.round_rect(px, py, pw, ph, radius, c.pit[s]);

    let ring = |cv: &mut Canvas, inset: f32, col: Rgb, width: f32, dash: Option<(f32, f32)>| {
        let d = inset + width / 2.0;
        cv.stroke_path(
            rounded_rect(px + d, py + d, pw - 2.0 * d, ph - 2.0 * d, radius - d),
            col,
            width,
            dash,
        );
    };
    if look.protected {
        ring(cv, 1.0, c.guard, 2.5, Some((7.0, 5.0)));
    }
    let mut inset = 0.0;
    let mover_accent = c.accent[mover.unwrap_or(pit.owner()).index()];
    let active = match look.active {
        Some(Active::Sown) => Some((mover_accent, RingShape::Solid)),
        Some(Active::Lift) => Some((c.from, RingShape::Dashed)),
        Some(Active::Capture) => Some((c.end, RingShape::Double)),
        Some(Active::Taken) => Some((c.taken, RingShape::Solid)),
        None => None,
    };
    let mut drawn: Vec<Rgb> = Vec::with_capacity(4);
    for (on, (col, shape)) in [
        (look.from, (c.from, RingShape::Dashed)),
        (look.end, (c.end, RingShape::Double)),
        (look.taken > 0, (c.taken, RingShape::Solid)),
        (active.is_some(), active.unwrap_or((c.from, RingShape::Dashed))),
    ] {
        // One ring per colour: a lifted start pit is already ringed.
        if !on || drawn.contains(&col) {
            continue;
        }
        drawn.push(col);
        match shape {
            RingShape::Dashed => ring(cv, inset, col, 5.0, Some((11.0, 6.0))),
            RingShape::Solid => ring(cv, inset, col, 5.0, None),
            RingShape::Double => {
                ring(cv, inset, col, 3.0, None);
                ring(cv, inset + 5.0, col, 3.0, None);
                inset += 3.0;
            }
        }
        inset += 5.0;
    }

    // Seeds fill 16 slots clockwise from the top, like a gauge; the number says the rest.
    let shown = usize::from(look.count).min(SLOTS);
    for i in 0..shown {
        let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::TAU / SLOTS as f32;
        let (sx, sy) = (cx + 38.0 * a.cos(), cy + 28.0 * a.sin());
        cv.circle(sx, sy, 6.5, c.seed);
        cv.circle(sx - 2.0, sy - 2.0, 2.2, c.seed_hi);
    }
    let (num_col, num_px) = if look.count == 0 {
        (c.zero[s], 36.0)
    } else {
        (c.number, 40.0)
    };
    cv.text_centered(&look.count.to_string(), num_px, cx, cy, num_col);

    if look.taken > 0 {
        let minus = if has_glyph('−') { '−' } else { '-' };
        let label = format!("{minus}{}", look.taken);
        let w = Canvas::text_width(&label, 22.0) + 14.0;
        let (bx, by) = (x0 + CELL_W - w - 2.0, y0 + 1.0);
        cv.round_rect(bx, by, w, 26.0, 13.0, c.taken);
        cv.text_centered(&label, 22.0, bx + w / 2.0, by + 13.0, c.number);
    }
    if look.protected {
        draw_lock(cv, x0 + 15.0, y0 + 14.0, c.guard);
    }
    if let Some(n) = look.hand.filter(|&n| n > 0) {
        // The hand: seeds still to sow, in a seed-coloured bubble at the cell's corner.
        let label = n.to_string();
        let w = Canvas::text_width(&label, 22.0).max(12.0) + 14.0;
        let (bx, by) = (x0 + CELL_W - w - 2.0, y0 + CELL_H - 27.0);
        cv.round_rect(bx, by, w, 26.0, 13.0, mover_accent);
        cv.text_centered(&label, 22.0, bx + w / 2.0, by + 13.0, c.ink);
    }
}

/// A small padlock centred on `(cx, cy)`: the pit is out of play and safe.
fn draw_lock(cv: &mut Canvas, cx: f32, cy: f32, col: Rgb) {
    let mut pb = tiny_skia::PathBuilder::new();
    pb.move_to(cx - 4.5, cy);
    pb.line_to(cx - 4.5, cy - 4.0);
    pb.cubic_to(cx - 4.5, cy - 10.0, cx + 4.5, cy - 10.0, cx + 4.5, cy - 4.0);
    pb.line_to(cx + 4.5, cy);
    cv.stroke_path(pb.finish(), col, 2.5, None);
    cv.round_rect(cx - 7.5, cy - 1.0, 15.0, 11.0, 2.5, col);
}

/// Text of a pill, and its colours (background, text).
struct Pill {
    text: String,
    bg: Rgb,
    fg: Rgb,
}

/// Draws a pill whose right edge is at `right`; returns its left edge.
fn draw_pill(cv: &mut Canvas, pill: &Pill, right: f32, cy: f32) -> f32 {
    let px = 18.0;
    let w = Canvas::text_width(&pill.text, px) + 22.0;
    let x = right - w;
    cv.round_rect(x, cy - 14.0, w, 28.0, 14.0, pill.bg);
    cv.text_centered(&pill.text, px, x + w / 2.0, cy, pill.fg);
    x
}

/// Shortens `text` with an ellipsis until it fits `max` pixels.
pub(crate) fn fit(text: &str, px: f32, max: f32) -> String {
    if Canvas::text_width(text, px) <= max {
        return text.to_string();
    }
    let ell = if has_glyph('…') { "…" } else { "..." };
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        // A joiner left at the end would join to the ellipsis.
        while chars.last() == Some(&'\u{200D}') {
            chars.pop();
        }
        let s: String = chars.iter().collect::<String>().trim_end().to_string() + ell;
        if Canvas::text_width(&s, px) <= max {
            return s;
        }
    }
    ell.to_string()
}

/// The band of a side: name, seed total, overture, last move, turn or result.
pub(crate) fn draw_band(cv: &mut Canvas, scene: &Scene, side: Side) {
    let c = scene.style.colors();
    let s = side.index();
    let y0 = scene.style.band_y(side);
    cv.fill_rect(0.0, y0, WIDTH as f32, BAND_H, c.bg);
    let cy = y0 + BAND_H / 2.0;
    cv.circle(22.0, cy, 9.0, c.accent[s]);

    // Right side first: pills, then the last-move summary, so the name gets what is left.
    let mut right = WIDTH as f32 - 14.0;
    let winner = scene.result.and_then(|r| r.outcome.winner());
    let pill = if winner == Some(side) {
        Some((PillWord::Winner, c.banner))
    } else if scene.result.is_some_and(|r| r.outcome == Outcome::Draw) {
        Some((PillWord::Draw, c.guard))
    } else if let Some(m) = scene.sowing.filter(|m| m.pit().owner() == side) {
        Some((PillWord::Playing(m), c.accent[s]))
    } else if scene.to_move == Some(side) {
        Some((PillWord::ToMove, c.accent[s]))
    } else {
        None
    }
    .map(|(word, bg)| Pill {
        text: scene.words.pill(word),
        bg,
        fg: c.ink,
    });
    if let Some(p) = pill {
        right = draw_pill(cv, &p, right, cy) - 16.0;
    }
    if let Some(l) = scene.last.as_ref().filter(|l| l.side == side) {
        let mut parts = coloured_pits(
            &scene.words.played(l.from, l.end),
            [(l.from, c.from), (l.end, c.end)],
            c.dim,
        );
        if l.captured > 0 {
            parts.push(("  ".into(), c.dim));
            parts.push((scene.words.took(l.captured), c.taken));
        }
        let px = 22.0;
        let total: f32 = parts.iter().map(|(t, _)| Canvas::text_width(t, px)).sum();
        let mut x = right - total;
        right = x - 16.0;
        let base = cy + cap_height(px) / 2.0;
        for (t, col) in &parts {
            x += cv.text(t, px, x, base, Align::Left, *col);
        }
    }

    let mut x = 40.0;
    let name_px = 28.0;
    let seeds = scene.words.seeds(scene.total(side));
    let seeds_w = Canvas::text_width(&seeds, 22.0);
    let overture = (scene.variant == Variant::Boys).then(|| scene.words.overture(scene.overture[s]));
    let overture_w = overture
        .as_deref()
        .map_or(0.0, |t| Canvas::text_width(t, 18.0) + 22.0 + 14.0);

    // The top band names the house rules, so every picture of such a game
    // shows them; shortened if need be, so that the name keeps some room.
    let house = (!scene.house.is_empty() && side != scene.style.bottom)
        .then(|| scene.words.house_rules(&scene.house, false));
    if let Some(h) = house {
        let px = 18.0;
        let name_w = Canvas::text_width(&scene.names[s], name_px).min(100.0);
        let room = right - (x + name_w + 14.0 + seeds_w + 14.0 + overture_w + 16.0);
        let h = fit(&h, px, room);
        let nx = right - Canvas::text_width(&h, px);
        cv.text(&h, px, nx, cy + cap_height(px) / 2.0, Align::Left, c.guard);
        right = nx - 16.0;
    }

    let name_max = (right - x - seeds_w - 14.0 - overture_w).max(60.0);
    let name = fit(&scene.names[s], name_px, name_max);
    x += cv.text(
        &name,
        name_px,
        x,
        cy + cap_height(name_px) / 2.0,
        Align::Left,
        c.text,
    ) + 14.0;
    x += cv.text(&seeds, 22.0, x, cy + cap_height(22.0) / 2.0, Align::Left, c.dim) + 14.0;
    if let Some(t) = overture.as_deref() {
        let w = Canvas::text_width(t, 18.0) + 22.0;
        if scene.overture[s] {
            // Still protected: an outlined pill with the lock, like the pits.
            cv.stroke_path(
                rounded_rect(x + 1.0, cy - 13.0, w + 16.0, 26.0, 13.0),
                c.guard,
                2.0,
                None,
            );
            draw_lock(cv, x + 16.0, cy + 1.0, c.guard);
            cv.text(
                t,
                18.0,
                x + 28.0,
                cy + cap_height(18.0) / 2.0,
                Align::Left,
                c.guard,
            );
        } else {
            cv.text(t, 18.0, x, cy + cap_height(18.0) / 2.0, Align::Left, c.dim);
        }
    }
}

/// `text` in `base` colour, with the first of each pit's name after the
/// one before in that pit's colour (the words put the pits where their
/// language wants them).
fn coloured_pits(text: &str, pits: [(Pit, Rgb); 2], base: Rgb) -> Vec<(String, Rgb)> {
    let mut parts = Vec::new();
    let mut rest = text;
    for (pit, col) in pits {
        let name = pit.to_string();
        if let Some(at) = rest.find(&name) {
            parts.push((rest[..at].to_string(), base));
            parts.push((name.clone(), col));
            rest = &rest[at + name.len()..];
        }
    }
    parts.push((rest.to_string(), base));
    parts.retain(|(t, _)| !t.is_empty());
    parts
}

/// The result banner's text at its size, its width, and its centre line.
fn banner_layout(scene: &Scene) -> Option<(String, f32, f32, f32)> {
    let r = scene.result?;
    let px = 24.0;
    let names = [isolated(&scene.names[0]), isolated(&scene.names[1])];
    let text = fit(&scene.words.result(&r, &names), px, 760.0);
    let w = Canvas::text_width(&text, px) + 48.0;
    Some((text, px, w, BOARD_Y + 2.0 * CELL_H + GAP / 2.0))
}

/// The pixels the result banner may touch `(x, y, w, h)`, if there is one.
pub(crate) fn banner_rect(scene: &Scene) -> Option<(usize, usize, usize, usize)> {
    let (_, _, w, cy) = banner_layout(scene)?;
    // The outline's box, widened by a pixel for antialiasing.
    let x = ((WIDTH as f32 - w) / 2.0 - 4.0).floor().max(0.0);
    let y = (cy - 26.0).floor();
    let right = ((WIDTH as f32 + w) / 2.0 + 4.0).ceil().min(WIDTH as f32);
    Some((x as usize, y as usize, (right - x) as usize, 52))
}

/// The result banner across the middle of the board.
pub(crate) fn draw_banner(cv: &mut Canvas, scene: &Scene) {
    let Some((text, px, w, cy)) = banner_layout(scene) else {
        return;
    };
    let c = scene.style.colors();
    let x = (WIDTH as f32 - w) / 2.0;
    cv.round_rect(x - 3.0, cy - 25.0, w + 6.0, 50.0, 25.0, c.bg);
    cv.round_rect(x, cy - 22.0, w, 44.0, 22.0, c.banner);
    cv.text_centered(&text, px, WIDTH as f32 / 2.0, cy, c.ink);
}
