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
mod view;
mod words;

use crate::engine::{Pit, Side};

pub use anim::render_gif;
pub use board::{HEIGHT, WIDTH};
pub use text::{alt_text, render_text, ALT_TEXT_MAX};
pub use view::{BoardView, Palette, Style};
pub use words::{BoardWords, HouseRule, Pill, Place, TextMark};

/// The board as a PNG of [`WIDTH`] x [`HEIGHT`] pixels (8-bit indexed, about 30 KB).
pub fn render_png(view: &BoardView) -> Vec<u8> {
    let idx = compose::board(&board::Scene::of(view));
    // Encoding a buffer of the right size into memory cannot fail.
    encode::png(&idx, WIDTH, HEIGHT, view.style.palette, encode::Deflate::Fast)
        .expect("in-memory PNG encoding")
}

/// How [`render_png`] made the picture before layers (the whole board drawn
/// and quantized, then deflated at zlib level 1): the same pixels, for the
/// render benchmark to time side by side. Not for the bot.
#[doc(hidden)]
pub fn render_png_drawn_whole(view: &BoardView) -> Vec<u8> {
    let idx = encode::indices(&board::draw(&board::Scene::of(view)), view.style.palette);
    encode::png(&idx, WIDTH, HEIGHT, view.style.palette, encode::Deflate::Level1)
        .expect("in-memory PNG encoding")
}

/// The board as RGBA pixels (row-major, [`WIDTH`] x [`HEIGHT`]), exactly the
/// colours of [`render_png`]: for embedding in other pictures and for tests.
pub fn render_rgba(view: &BoardView) -> Vec<u8> {
    let pal = theme::palette(view.style.palette);
    compose::board(&board::Scene::of(view))
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
