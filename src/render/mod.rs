//! Pictures of the board: the PNG posted after each turn, the sowing animation
//! (GIF), and text versions for alt text and `/isolo board text`.
//!
//! - [`BoardView`]: what to show (position, last move, names, result), how
//!   ([`Style`]: the side at the bottom, the highlight [`Palette`]), and in
//!   which words ([`BoardWords`], from the caller: render holds no sentence).
//! - [`render_png`]: the board as a 1000 x 560 PNG, opaque with its own dark
//!   background so it reads the same on Discord's dark and light themes.
//! - [`render_gif`]: a move, lap by lap, ending on the position after it.
//! - [`render_text`]: a monospace grid for a code block; [`alt_text`]: a
//!   description of at most [`ALT_TEXT_MAX`] characters.
//!
//! Pictures are drawn with tiny-skia and the embedded Inter Bold font (names
//! in other scripts shaped from the system's fonts: `shape.rs`), then
//! quantized to one fixed palette (`theme.rs`), which keeps the PNG small and
//! gives the GIF its global palette. `board.rs` draws a whole picture;
//! `compose.rs` makes the same picture from layers drawn once and kept.

mod anim;
mod board;
mod canvas;
pub mod chart;
mod compose;
mod deflate;
mod encode;
mod fonts;
mod lzw;
#[cfg(test)]
mod script_tests;
mod shape;
pub mod standings;
#[cfg(test)]
mod tests;
mod text;
mod theme;
mod words;

use crate::engine::{Game, GameResult, MoveReport, Pit, Position, Side};

pub use anim::render_gif;
pub use board::{HEIGHT, WIDTH};
pub use text::{alt_text, render_text, ALT_TEXT_MAX};
pub use words::{BoardWords, HouseRule, Pill, Place, TextMark};

/// The colours of the last move's marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Palette {
    /// Gold start, green end, red captures.
    #[default]
    Standard,
    /// Okabe-Ito yellow start, sky-blue end, vermillion captures: no red
    /// against green. (The marks differ by shape in both palettes.)
    ColourBlindSafe,
}

/// How a board is drawn, whatever it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Style {
    /// The side whose rows, band and labels are drawn at the bottom; the
    /// picture is turned half a circle for North, text kept upright.
    pub bottom: Side,
    /// The highlight colours.
    pub palette: Palette,
}

impl Default for Style {
    /// South at the bottom, standard colours.
    fn default() -> Style {
        Style {
            bottom: Side::South,
            palette: Palette::Standard,
        }
    }
}

/// What a board picture shows, and its words. Build with [`BoardView::new`]
/// and the setters.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position to draw.
    pub position: &'a Position,
    /// The move that led to it, marked on the board (start, end, captures).
    pub last: Option<&'a MoveReport>,
    /// Player names, South then North; `None` shows the side's name.
    pub names: [Option<&'a str>; 2],
    /// The result, once the game is over (shown instead of whose turn it is).
    pub result: Option<GameResult>,
    /// How it is drawn (South at the bottom and standard colours by default).
    pub style: Style,
    /// The words of the picture, the text board and the alt text.
    pub words: &'a dyn BoardWords,
}

impl<'a> BoardView<'a> {
    /// A view of a position in `words` (a language: `&Lang::ENGLISH`), with
    /// no last move, no names and no result.
    pub fn new(position: &'a Position, words: &'a dyn BoardWords) -> BoardView<'a> {
        BoardView {
            position,
            last: None,
            names: [None, None],
            result: None,
            style: Style::default(),
            words,
        }
    }

    /// A view of a game's current position and result, in `words`.
    pub fn of_game(game: &'a Game, words: &'a dyn BoardWords) -> BoardView<'a> {
        BoardView::new(game.position(), words).result(game.result())
    }

    /// Marks the move that led to the position.
    pub fn last_move(mut self, report: Option<&'a MoveReport>) -> BoardView<'a> {
        self.last = report;
        self
    }

    /// Sets the players' names (South, North).
    pub fn names(mut self, south: Option<&'a str>, north: Option<&'a str>) -> BoardView<'a> {
        self.names = [south, north];
        self
    }

    /// Sets the result.
    pub fn result(mut self, result: Option<GameResult>) -> BoardView<'a> {
        self.result = result;
        self
    }

    /// Draws the board with `side`'s rows at the bottom.
    pub fn bottom(mut self, side: Side) -> BoardView<'a> {
        self.style.bottom = side;
        self
    }

    /// Draws the last move's marks in `palette`'s colours.
    pub fn palette(mut self, palette: Palette) -> BoardView<'a> {
        self.style.palette = palette;
        self
    }

    /// Sets the whole style.
    pub fn style(mut self, style: Style) -> BoardView<'a> {
        self.style = style;
        self
    }

    fn scene(&self) -> board::Scene<'a> {
        board::Scene::new(
            self.position,
            self.last,
            self.names,
            self.result,
            self.style,
            self.words,
        )
    }
}

/// The board as a PNG of [`WIDTH`] x [`HEIGHT`] pixels (8-bit indexed, about 30 KB).
pub fn render_png(view: &BoardView) -> Vec<u8> {
    let idx = compose::board(&view.scene());
    // Encoding a buffer of the right size into memory cannot fail.
    encode::png(&idx, WIDTH, HEIGHT, view.style.palette, encode::Deflate::Fast)
        .expect("in-memory PNG encoding")
}

/// How [`render_png`] made the picture before layers (the whole board drawn
/// and quantized, then deflated at zlib level 1): the same pixels, for the
/// render benchmark to time side by side. Not for the bot.
#[doc(hidden)]
pub fn render_png_drawn_whole(view: &BoardView) -> Vec<u8> {
    let idx = encode::indices(&board::draw(&view.scene()), view.style.palette);
    encode::png(&idx, WIDTH, HEIGHT, view.style.palette, encode::Deflate::Level1)
        .expect("in-memory PNG encoding")
}

/// The board as RGBA pixels (row-major, [`WIDTH`] x [`HEIGHT`]), exactly the
/// colours of [`render_png`]: for embedding in other pictures and for tests.
pub fn render_rgba(view: &BoardView) -> Vec<u8> {
    let pal = theme::palette(view.style.palette);
    compose::board(&view.scene())
        .into_iter()
        .flat_map(|i| {
            let c = pal[usize::from(i)];
            [c.0, c.1, c.2, 255]
        })
        .collect()
}

/// Where a pit is drawn in a picture with `bottom`'s rows at the bottom: its
/// cell as `(x, y, width, height)` in pixels (the pit, its seeds, count and
/// marks all lie inside).
pub fn pit_bounds(pit: Pit, bottom: Side) -> (u32, u32, u32, u32) {
    let style = Style {
        bottom,
        ..Style::default()
    };
    let (x, y, w, h) = style.cell_rect(pit);
    (x as u32, y as u32, w as u32, h as u32)
}
