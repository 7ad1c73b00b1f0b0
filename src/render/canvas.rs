//! A thin drawing layer over tiny-skia: filled and stroked shapes, and text
//! rasterized with ab_glyph from the embedded font.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use ab_glyph::{point, Font, FontRef, Glyph, GlyphId, PxScale, ScaleFont};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform};

use super::theme::Rgb;

/// Inter Bold (SIL Open Font License 1.1, see `assets/fonts/Inter-LICENSE.txt`).
static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/Inter-Bold.otf");

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    // The font is compiled in and checked by a test, so parsing cannot fail at run time.
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// Horizontal anchor of a text run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
}

/// An opaque RGBA canvas. Everything is drawn over an opaque background, so the
/// premultiplied pixels tiny-skia keeps are plain RGB with alpha 255.
///
/// A canvas may hold only a window of the picture, whose top-left corner is
/// `origin`: shapes are still given (and computed) in picture coordinates,
/// so a window holds exactly the pixels the whole picture has there.
pub(crate) struct Canvas {
    pub pixmap: Pixmap,
    /// Picture coordinates of the pixmap's top-left pixel.
    pub origin: (i32, i32),
}

fn paint(c: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0, c.1, c.2, 255);
    p.anti_alias = true;
    p
}

/// A rectangle with rounded corners (tiny-skia 0.11 has no such builder).
pub(crate) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    // Control-point distance that makes a cubic close to a quarter circle.
    let k = r * 0.552_284_8;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

impl Canvas {
    /// A canvas filled with `bg`.
    pub(crate) fn new(width: u32, height: u32, bg: Rgb) -> Canvas {
        // The board's size is a constant, so the pixmap always exists.
        Canvas::window((0, 0, width as usize, height as usize), bg)
    }

    /// The window `(x, y, w, h)` of a picture, filled with `bg`.
    pub(crate) fn window(rect: (usize, usize, usize, usize), bg: Rgb) -> Canvas {
        let (x, y, w, h) = rect;
        // Windows lie inside the picture, whose size is a constant: never empty.
        let mut pixmap = Pixmap::new(w as u32, h as u32).expect("non-zero canvas size");
        pixmap.fill(tiny_skia::Color::from_rgba8(bg.0, bg.1, bg.2, 255));
        Canvas {
            pixmap,
            origin: (x as i32, y as i32),
        }
    }

    /// From picture to pixmap coordinates: a whole-pixel shift, exact for
    /// every coordinate of the picture.
    fn shift(&self) -> Transform {
        match self.origin {
            (0, 0) => Transform::identity(),
            (x, y) => Transform::from_translate(-x as f32, -y as f32),
        }
    }

    pub(crate) fn fill_path(&mut self, path: Option<Path>, c: Rgb) {
        if let Some(path) = path {
            let shift = self.shift();
            self.pixmap
                .fill_path(&path, &paint(c), FillRule::Winding, shift, None);
        }
    }

    pub(crate) fn stroke_path(&mut self, path: Option<Path>, c: Rgb, width: f32, dash: Option<(f32, f32)>) {
        if let Some(path) = path {
            let stroke = Stroke {
                width,
                dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
                ..Stroke::default()
            };
            let shift = self.shift();
            self.pixmap.stroke_path(&path, &paint(c), &stroke, shift, None);
        }
    }

    /// A pixel-aligned rectangle, without antialiasing.
    pub(crate) fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
        let (ox, oy) = (self.origin.0 as f32, self.origin.1 as f32);
        if let Some(r) = Rect::from_xywh(x - ox, y - oy, w, h) {
            let mut p = paint(c);
            p.anti_alias = false;
            self.pixmap.fill_rect(r, &p, Transform::identity(), None);
        }
    }

    pub(crate) fn round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb) {
        self.fill_path(rounded_rect(x, y, w, h, r), c);
    }

    /// A filled disc with analytic antialiasing: seeds are drawn by the
    /// hundred, and this is far cheaper than a path fill for small circles.
    pub(crate) fn circle(&mut self, cx: f32, cy: f32, r: f32, c: Rgb) {
        let (w, h) = (self.pixmap.width() as i32, self.pixmap.height() as i32);
        let (ox, oy) = self.origin;
        let x0 = ((cx - r - 1.0).floor() as i32).max(ox);
        let x1 = ((cx + r + 1.0).ceil() as i32).min(ox + w);
        let y0 = ((cy - r - 1.0).floor() as i32).max(oy);
        let y1 = ((cy + r + 1.0).ceil() as i32).min(oy + h);
        let data = self.pixmap.data_mut();
        for y in y0..y1 {
            let dy = y as f32 + 0.5 - cy;
            for x in x0..x1 {
                let dx = x as f32 + 0.5 - cx;
                let cov = (r + 0.5 - (dx * dx + dy * dy).sqrt()).clamp(0.0, 1.0);
                if cov > 0.0 {
                    let i = ((y - oy) as usize * w as usize + (x - ox) as usize) * 4;
                    blend(data, i, c, cov);
                }
            }
        }
    }

    /// Width in pixels of `text` at size `px`.
    pub(crate) fn text_width(text: &str, px: f32) -> f32 {
        layout(text, px, 0.0, 0.0).1
    }

    /// Draws `text` with its baseline at `y`, anchored at `x`; returns its width.
    pub(crate) fn text(&mut self, text: &str, px: f32, x: f32, y: f32, align: Align, c: Rgb) -> f32 {
        let (glyphs, w) = layout(text, px, 0.0, 0.0);
        let x0 = match align {
            Align::Left => x,
            Align::Center => x - w / 2.0,
        };
        let width = self.pixmap.width() as i32;
        let height = self.pixmap.height() as i32;
        let (ox, oy) = self.origin;
        let data = self.pixmap.data_mut();
        for g in glyphs {
            // Glyphs sit on whole pixels so their rasters can be cached and reused.
            let gx = (x0 + g.position.x).round() as i32 - ox;
            let gy = y.round() as i32 - oy;
            let Some(mask) = glyph_mask(g.id, px) else {
                continue;
            };
            for row in 0..mask.h {
                let py = gy + mask.y0 + row as i32;
                if py < 0 || py >= height {
                    continue;
                }
                for col in 0..mask.w {
                    let px_ = gx + mask.x0 + col as i32;
                    let cov = mask.cov[row * mask.w + col];
                    if px_ < 0 || px_ >= width || cov == 0 {
                        continue;
                    }
                    let i = (py as usize * width as usize + px_ as usize) * 4;
                    blend(data, i, c, f32::from(cov) / 255.0);
                }
            }
        }
        w
    }

    /// Draws `text` centred on `(cx, cy)`: the cap height is centred, so
    /// digits and capitals sit in the middle whatever their shapes.
    pub(crate) fn text_centered(&mut self, text: &str, px: f32, cx: f32, cy: f32, c: Rgb) -> f32 {
        self.text(text, px, cx, cy + cap_height(px) / 2.0, Align::Center, c)
    }
}

/// Moves the opaque pixel at byte `i` toward `c` by coverage `a` (0..=1).
#[inline]
fn blend(data: &mut [u8], i: usize, c: Rgb, a: f32) {
    for (ch, src) in [c.0, c.1, c.2].into_iter().enumerate() {
        let d = f32::from(data[i + ch]);
        data[i + ch] = (d + (f32::from(src) - d) * a).round() as u8;
    }
}

/// A glyph's coverage raster, placed relative to its origin on the baseline.
struct GlyphMask {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    cov: Vec<u8>,
}

/// Rasters by glyph and size (`f32` bits); `None` for glyphs without outline.
type GlyphCache = HashMap<(u16, u32), Option<Rc<GlyphMask>>>;

/// The raster of a glyph at size `px`, cached per thread: a board shows the
/// same few digits and letters over and over.
fn glyph_mask(id: GlyphId, px: f32) -> Option<Rc<GlyphMask>> {
    thread_local! {
        static CACHE: RefCell<GlyphCache> = RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry((id.0, px.to_bits()))
            .or_insert_with(|| {
                let og =
                    font().outline_glyph(id.with_scale_and_position(PxScale::from(px), point(0.0, 0.0)))?;
                let b = og.px_bounds();
                let (w, h) = (b.width() as usize, b.height() as usize);
                let mut cov = vec![0u8; w * h];
                og.draw(|x, y, c| {
                    if let Some(v) = cov.get_mut(y as usize * w + x as usize) {
                        *v = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                    }
                });
                Some(Rc::new(GlyphMask {
                    x0: b.min.x as i32,
                    y0: b.min.y as i32,
                    w,
                    h,
                    cov,
                }))
            })
            .clone()
    })
}

/// Height of capitals and digits at size `px`.
pub(crate) fn cap_height(px: f32) -> f32 {
    static RATIO: OnceLock<f32> = OnceLock::new();
    // ab_glyph's scale is the font's ascent - descent; measure 'H' against it once.
    let ratio = RATIO.get_or_init(|| {
        let f = font();
        f.outline(f.glyph_id('H')).map_or(0.6, |o| {
            (o.bounds.max.y - o.bounds.min.y).abs() / f.height_unscaled()
        })
    });
    px * ratio
}

/// Whether the font can draw `c` (names may hold emoji or scripts Inter lacks).
pub(crate) fn has_glyph(c: char) -> bool {
    font().glyph_id(c) != GlyphId(0)
}

/// Positions the glyphs of `text` (kerned) starting at the baseline point `(x, y)`.
fn layout(text: &str, px: f32, x: f32, y: f32) -> (Vec<Glyph>, f32) {
    let f = font().as_scaled(PxScale::from(px));
    let mut glyphs = Vec::with_capacity(text.len());
    let mut caret = x;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = match f.glyph_id(ch) {
            GlyphId(0) => f.glyph_id('?'),
            id => id,
        };
        if let Some(p) = prev {
            caret += f.kern(p, id);
        }
        glyphs.push(id.with_scale_and_position(PxScale::from(px), point(caret, y)));
        caret += f.h_advance(id);
        prev = Some(id);
    }
    (glyphs, caret - x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_parses_and_draws_digits_and_labels() {
        for c in "0123456789abcdefgh?".chars() {
            assert!(has_glyph(c), "{c}");
        }
        let mut cv = Canvas::new(60, 40, Rgb(0, 0, 0));
        let w = cv.text_centered("17", 30.0, 30.0, 20.0, Rgb(255, 255, 255));
        assert!(w > 10.0);
        assert!(cv.pixmap.data().chunks(4).any(|p| p[0] > 200));
    }
}
