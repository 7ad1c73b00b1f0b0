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
pub(crate) struct Canvas {
    pub pixmap: Pixmap,
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
        let mut pixmap = Pixmap::new(width, height).expect("non-zero canvas size");
        pixmap.fill(tiny_skia::Color::from_rgba8(bg.0, bg.1, bg.2, 255));
        Canvas { pixmap }
    }

    pub(crate) fn fill_path(&mut self, path: Option<Path>, c: Rgb) {
        if let Some(path) = path {
            self.pixmap
                .fill_path(&path, &paint(c), FillRule::Winding, Transform::identity(), None);
        }
    }

    pub(crate) fn stroke_path(&mut self, path: Option<Path>, c: Rgb, width: f32, dash: Option<(f32, f32)>) {
        if let Some(path) = path {
            let stroke = Stroke {
                width,
                dash: dash.and_then(|(on, off)| StrokeDash::new(vec![on, off], 0.0)),
                ..Stroke::default()
            };
            self.pixmap
                .stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
        }
    }

    /// A pixel-aligned rectangle, without antialiasing.
    pub(crate) fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
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
        let x0 = ((cx - r - 1.0).floor() as i32).max(0);
        let x1 = ((cx + r + 1.0).ceil() as i32).min(w);
        let y0 = ((cy - r - 1.0).floor() as i32).max(0);
        let y1 = ((cy + r + 1.0).ceil() as i32).min(h);
        let data = self.pixmap.data_mut();
        for y in y0..y1 {
            let dy = y as f32 + 0.5 - cy;
            for x in x0..x1 {
                let dx = x as f32 + 0.5 - cx;
                let cov = (r + 0.5 - (dx * dx + dy * dy).sqrt()).clamp(0.0, 1.0);
                if cov > 0.0 {
                    blend(data, (y as usize * w as usize + x as usize) * 4, c, cov);
                }
            }
        }
    }

    /// Copies the rectangle `(x, y, w, h)` from another canvas of the same size.
    pub(crate) fn copy_from(&mut self, other: &Canvas, rect: (usize, usize, usize, usize)) {
        let (x, y, w, h) = rect;
        let stride = self.pixmap.width() as usize * 4;
        let src = other.pixmap.data();
        let dst = self.pixmap.data_mut();
        for row in y..y + h {
            let a = row * stride + x * 4;
            dst[a..a + w * 4].copy_from_slice(&src[a..a + w * 4]);
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
        let data = self.pixmap.data_mut();
        for g in glyphs {
            // Glyphs sit on whole pixels so their rasters can be cached and reused.
            let gx = (x0 + g.position.x).round() as i32;
            let gy = y.round() as i32;
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
