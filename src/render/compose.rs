//! The board picture from layers, as palette indices: pixel for pixel what
//! quantizing [`board::draw`] gives, without drawing the whole picture.
//!
//! - The static board (background, halves, the mover's frame, the labels) is
//!   drawn once per style and turn and kept as indices.
//! - Each pit's cell is drawn in a window of the picture at its own place
//!   (shapes keep their picture coordinates, so the pixels are the same) and
//!   kept, by place and look, in a bounded cache: boards share most cells.
//! - The bands (names, seed totals, the last move, pills) are drawn for each
//!   picture in windows of their own; a name is one call in `draw_band`, so
//!   how names are drawn can change without touching the rest.
//! - The result banner is drawn in a window holding everything under it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::engine::{Pit, Side};

use super::board::{self, PitLook, Scene, HEIGHT, WIDTH};
use super::canvas::Canvas;
use super::theme::{Quantizer, Rgb};
use super::{Palette, Style};

/// A rectangle of the picture `(x, y, w, h)` in pixels.
pub(crate) type Rect = (usize, usize, usize, usize);

/// The static board of a style and turn, as indices, and the colour each
/// cell holds there (`None` if a cell is not one flat colour).
pub(crate) struct StaticLayer {
    pub indices: Vec<u8>,
    cell_bg: [Option<Rgb>; 32],
    style: Style,
    to_move: Option<Side>,
}

/// The static layer of `style` with `to_move`'s half framed, drawn on first use.
pub(crate) fn static_layer(style: Style, to_move: Option<Side>) -> Arc<StaticLayer> {
    type Layers = Mutex<HashMap<(Style, Option<Side>), Arc<StaticLayer>>>;
    static LAYERS: OnceLock<Layers> = OnceLock::new();
    let layers = LAYERS.get_or_init(Default::default);
    let found = layers
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&(style, to_move))
        .cloned();
    if let Some(layer) = found {
        return layer;
    }
    // Drawn outside the lock; two threads racing draw the same picture.
    let layer = Arc::new(draw_static_layer(style, to_move));
    layers
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry((style, to_move))
        .or_insert(layer)
        .clone()
}

fn draw_static_layer(style: Style, to_move: Option<Side>) -> StaticLayer {
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    let mut cv = Canvas::new(WIDTH, HEIGHT, style.colors().bg);
    board::draw_static(&mut cv, style, to_move);
    let mut indices = vec![0u8; w * h];
    Quantizer::new(style.palette).rect(cv.pixmap.data(), w, (0, 0, w, h), &mut indices);
    let data = cv.pixmap.data();
    let mut cell_bg = [None; 32];
    for pit in Pit::all() {
        let (x, y, cw, ch) = style.cell_rect(pit);
        let first = &data[(y * w + x) * 4..(y * w + x) * 4 + 4];
        let flat = (y..y + ch).all(|row| {
            data[(row * w + x) * 4..(row * w + x + cw) * 4]
                .chunks_exact(4)
                .all(|p| p == first)
        });
        cell_bg[pit.index()] = flat.then(|| Rgb(first[0], first[1], first[2]));
    }
    StaticLayer {
        indices,
        cell_bg,
        style,
        to_move,
    }
}

/// How far past what is used a window of the static board is drawn:
/// tiny-skia antialiases a shape cut by the window's edge differently near
/// that edge, so the edge is kept away from the pixels taken.
const MARGIN: usize = 16;

/// A window of the picture holding exactly the static board's pixels in
/// `rect` (and, in a margin around it, pixels that may differ).
fn static_window(layer: &StaticLayer, rect: Rect) -> Canvas {
    let (x, y) = (rect.0.saturating_sub(MARGIN), rect.1.saturating_sub(MARGIN));
    let right = (rect.0 + rect.2 + MARGIN).min(WIDTH as usize);
    let bottom = (rect.1 + rect.3 + MARGIN).min(HEIGHT as usize);
    let mut cv = Canvas::window((x, y, right - x, bottom - y), layer.style.colors().bg);
    board::draw_static(&mut cv, layer.style, layer.to_move);
    cv
}

/// What decides a cell's pixels: its place, its colours and its look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct CellKey {
    palette: Palette,
    bottom: Side,
    pit: Pit,
    look: PitLook,
    /// Only for the marks drawn in the mover's colour.
    mover: Option<Side>,
}

/// Cells kept at most (about 11 KB each): two generations, the older
/// dropped when the newer fills, so what boards keep showing stays.
const CELLS_KEPT: usize = 1024;

#[derive(Default)]
struct CellCache {
    now: HashMap<CellKey, Arc<[u8]>>,
    before: HashMap<CellKey, Arc<[u8]>>,
}

impl CellCache {
    fn get(&mut self, key: &CellKey) -> Option<Arc<[u8]>> {
        if let Some(cell) = self.now.get(key) {
            return Some(cell.clone());
        }
        let cell = self.before.remove(key)?;
        self.put(*key, cell.clone());
        Some(cell)
    }

    fn put(&mut self, key: CellKey, cell: Arc<[u8]>) {
        if self.now.len() >= CELLS_KEPT / 2 {
            self.before = std::mem::take(&mut self.now);
        }
        self.now.insert(key, cell);
    }
}

fn cells() -> &'static Mutex<CellCache> {
    static CELLS: OnceLock<Mutex<CellCache>> = OnceLock::new();
    CELLS.get_or_init(Default::default)
}

/// The indices of a pit's cell (`style.cell_rect(pit)`, row by row).
pub(crate) fn cell(
    layer: &StaticLayer,
    quant: &mut Quantizer,
    pit: Pit,
    look: &PitLook,
    mover: Option<Side>,
) -> Arc<[u8]> {
    let style = layer.style;
    // The mover's colour only shows on a sown pit and the hand.
    let moving = look.active == Some(board::Active::Sown) || look.hand.is_some_and(|n| n > 0);
    let key = CellKey {
        palette: style.palette,
        bottom: style.bottom,
        pit,
        look: *look,
        mover: moving.then(|| mover.unwrap_or(pit.owner())),
    };
    // Marks of the animation rarely recur: keep only what boards show.
    let keep = look.active.is_none() && look.hand.is_none();
    let bg = layer.cell_bg[pit.index()];
    if keep && bg.is_some() {
        let found = cells().lock().unwrap_or_else(PoisonError::into_inner).get(&key);
        if let Some(cell) = found {
            return cell;
        }
    }
    let rect = style.cell_rect(pit);
    let mut cv = match bg {
        Some(bg) => Canvas::window(rect, bg),
        None => static_window(layer, rect),
    };
    board::draw_pit(&mut cv, style, pit, look, key.mover);
    let mut out = vec![0u8; rect.2 * rect.3];
    quantize_into(quant, &cv, rect, &mut out, rect.2, (0, 0));
    let cell: Arc<[u8]> = out.into();
    if keep && bg.is_some() {
        cells()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .put(key, cell.clone());
    }
    cell
}

/// Copies a rectangle of indices (`rect`'s size, row by row) into the picture.
pub(crate) fn blit(out: &mut [u8], rect: Rect, pixels: &[u8]) {
    let (x, y, w, _) = rect;
    let stride = WIDTH as usize;
    for (row, src) in pixels.chunks_exact(w).enumerate() {
        let a = (y + row) * stride + x;
        out[a..a + w].copy_from_slice(src);
    }
}

/// Whether two rectangles share a pixel.
pub(crate) fn overlap(a: Rect, b: Rect) -> bool {
    a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
}

/// A window of the picture with the static board and the pits under it, as
/// `looks` (by board index) and `mover` draw them: to draw an overlay on.
/// Exact in the rectangle returned: `rect` and every cell it touches, whole
/// (tiny-skia's antialiasing of a shape cut by the window's edge differs).
pub(crate) fn window_under(
    layer: &StaticLayer,
    rect: Rect,
    looks: &[PitLook; 32],
    mover: Option<Side>,
) -> (Canvas, Rect) {
    let style = layer.style;
    let under: Vec<Pit> = Pit::all()
        .filter(|&p| overlap(style.cell_rect(p), rect))
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (rect.0, rect.1, rect.0 + rect.2, rect.1 + rect.3);
    for &pit in &under {
        let (x, y, w, h) = style.cell_rect(pit);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + w), y1.max(y + h));
    }
    let exact = (x0, y0, x1 - x0, y1 - y0);
    let mut cv = static_window(layer, exact);
    for pit in under {
        board::draw_pit(&mut cv, style, pit, &looks[pit.index()], mover);
    }
    (cv, exact)
}

/// Quantizes `rect` of the picture, held by the window `cv`, into `out`
/// (`stride` pixels a row) with its top-left corner at `at`.
fn quantize_into(
    quant: &mut Quantizer,
    cv: &Canvas,
    rect: Rect,
    out: &mut [u8],
    stride: usize,
    at: (usize, usize),
) {
    let (x, y, w, h) = rect;
    let (ox, oy) = (cv.origin.0 as usize, cv.origin.1 as usize);
    let cw = cv.pixmap.width() as usize;
    let data = cv.pixmap.data();
    for row in 0..h {
        let s = ((y - oy + row) * cw + (x - ox)) * 4;
        let d = (at.1 + row) * stride + at.0;
        quant.row(&data[s..s + w * 4], &mut out[d..d + w]);
    }
}

/// Quantizes `rect` of the picture, held by the window `cv`, into the picture.
pub(crate) fn put_rect(out: &mut [u8], quant: &mut Quantizer, cv: &Canvas, rect: Rect) {
    quantize_into(quant, cv, rect, out, WIDTH as usize, (rect.0, rect.1));
}

/// The whole picture of `scene` as palette indices, exactly those of
/// quantizing [`board::draw`]`(scene)`.
pub(crate) fn board(scene: &Scene) -> Vec<u8> {
    let style = scene.style;
    let layer = static_layer(style, scene.to_move);
    let mut out = layer.indices.clone();
    let mut quant = Quantizer::new(style.palette);
    for side in Side::ALL {
        let rect = style.band_rect(side);
        let mut band = Canvas::window(rect, style.colors().bg);
        board::draw_band(&mut band, scene, side);
        put_rect(&mut out, &mut quant, &band, rect);
    }
    let mover = scene.last.as_ref().map(|l| l.side);
    let mut looks = [PitLook::default(); 32];
    for pit in Pit::all() {
        looks[pit.index()] = scene.look(pit);
        let cell = cell(&layer, &mut quant, pit, &looks[pit.index()], mover);
        blit(&mut out, style.cell_rect(pit), &cell);
    }
    if let Some(rect) = board::banner_rect(scene) {
        let (mut cv, exact) = window_under(&layer, rect, &looks, mover);
        board::draw_banner(&mut cv, scene);
        put_rect(&mut out, &mut quant, &cv, exact);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, GameResult, Move, Outcome, Rules, Termination, Variant};
    use crate::render::encode;
    use crate::words::Lang;

    /// The layered picture against the whole one, index for index.
    fn same(scene: &Scene) {
        let whole = encode::indices(&board::draw(scene), scene.style.palette);
        let layered = board(scene);
        let differ = whole.iter().zip(&layered).filter(|(a, b)| a != b).count();
        let first = whole.iter().zip(&layered).position(|(a, b)| a != b).unwrap_or(0);
        let (x, y) = (first % WIDTH as usize, first / WIDTH as usize);
        assert_eq!(
            differ, 0,
            "{differ} pixels differ, the first at ({x}, {y}): {scene:?}"
        );
    }

    #[test]
    fn layers_make_the_whole_picture() {
        let mut game = Game::new(Rules::new(Variant::Boys));
        for ply in 0..3 {
            let moves: Vec<Move> = game.legal_moves().iter().collect();
            let report = game.play(moves[moves.len() / 2]).expect("legal");
            for bottom in Side::ALL {
                for palette in [Palette::Standard, Palette::ColourBlindSafe] {
                    let style = Style { bottom, palette };
                    let result = (ply == 2).then_some(GameResult {
                        outcome: Outcome::Win(Side::North),
                        termination: Termination::Timeout,
                    });
                    let names = [Some("alice"), Some("bob")];
                    let scene = Scene::new(
                        game.position(),
                        Some(&report),
                        names,
                        result,
                        style,
                        &Lang::ENGLISH,
                    );
                    same(&scene);
                    // Twice: the second picture comes from the kept cells.
                    same(&scene);
                }
            }
        }
    }
}
