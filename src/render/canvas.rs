//! A thin drawing layer over tiny-skia: filled and stroked shapes, and text
//! (laid out by `shape.rs`) rasterized with ab_glyph, emoji from their bitmaps.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use ab_glyph::{point, Font, GlyphId, PxScale};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform};

use super::fonts::{self, FaceId, INTER};
use super::shape::{self, Ink};
use super::theme::Rgb;

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
        shape::line(text, px).width
    }

    /// Draws `text` with its baseline at `y`, anchored at `x`; returns its
    /// width. Any script: see `shape.rs` for how a line is laid out.
    pub(crate) fn text(&mut self, text: &str, px: f32, x: f32, y: f32, align: Align, c: Rgb) -> f32 {
        let line = shape::line(text, px);
        let x0 = match align {
            Align::Left => x,
            Align::Center => x - line.width / 2.0,
        };
        for g in &line.glyphs {
            match g.ink {
                Ink::Glyph { face, id } => {
                    // Glyphs sit on whole pixels so their rasters can be cached and reused.
                    let gx = (x0 + g.x).round() as i32 - self.origin.0;
                    let gy = (y - g.rise).round() as i32 - self.origin.1;
                    if let Some(mask) = glyph_mask(face, id, px) {
                        self.blit(&mask, gx, gy, c);
                    }
                }
                Ink::Missing => self.stand_in((x0 + g.x).round(), y.round(), px, g.advance, c),
            }
        }
        line.width
    }

    /// Draws a glyph's raster with its origin at pixmap pixel `(gx, gy)`.
    fn blit(&mut self, mask: &GlyphMask, gx: i32, gy: i32, c: Rgb) {
        let width = self.pixmap.width() as i32;
        let height = self.pixmap.height() as i32;
        let data = self.pixmap.data_mut();
        for row in 0..mask.h {
            let py = gy + mask.y0 + row as i32;
            if py < 0 || py >= height {
                continue;
            }
            for col in 0..mask.w {
                let px_ = gx + mask.x0 + col as i32;
                let k = row * mask.w + col;
                let cov = mask.cov[k];
                if px_ < 0 || px_ >= width || cov == 0 {
                    continue;
                }
                let i = (py as usize * width as usize + px_ as usize) * 4;
                // Colour glyphs (emoji) bring their own colour; outlines take the text's.
                let ink = mask.colour.as_ref().map_or(c, |rgb| rgb[k]);
                blend(data, i, ink, f32::from(cov) / 255.0);
            }
        }
    }

    /// The stand-in for a character no font has: a hollow box as tall as
    /// the capitals, in the text's colour, at pen position `x` on baseline `y`.
    fn stand_in(&mut self, x: f32, y: f32, px: f32, advance: f32, c: Rgb) {
        let h = cap_height(px).round();
        let line = (px / 14.0).round().max(2.0);
        let (left, w) = (x + line, (advance - 2.0 * line).max(2.0 * line + 2.0));
        let top = y - h;
        self.fill_rect(left, top, w, line, c);
        self.fill_rect(left, y - line, w, line, c);
        self.fill_rect(left, top, line, h, c);
        self.fill_rect(left + w - line, top, line, h, c);
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
        // `round` without a call to libm per pixel: for a value from 0 to
        // 255, adding a half is exact in f64, and truncating then rounds
        // halves up just as `round` does.
        data[i + ch] = (f64::from(d + (f32::from(src) - d) * a) + 0.5) as u8;
    }
}

/// A glyph's coverage raster, placed relative to its origin on the baseline.
struct GlyphMask {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    cov: Vec<u8>,
    /// Each pixel's own colour, for colour glyphs (emoji bitmaps).
    colour: Option<Vec<Rgb>>,
}

/// Rasters by font, glyph and size (`f32` bits); `None` for glyphs without outline.
type GlyphCache = HashMap<(FaceId, u16, u32), Option<Rc<GlyphMask>>>;

/// The raster of glyph `id` of font `face` at size `px`, cached per thread:
/// a board shows the same few digits and letters over and over.
fn glyph_mask(face: FaceId, id: u16, px: f32) -> Option<Rc<GlyphMask>> {
    thread_local! {
        static CACHE: RefCell<GlyphCache> = RefCell::new(HashMap::new());
    }
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry((face, id, px.to_bits()))
            .or_insert_with(|| {
                let f = fonts::face(face)?;
                if f.bitmap {
                    return bitmap_mask(f, id, fonts::em_px(px)).map(Rc::new);
                }
                // Inter at the size as given, so its pixels are what they always were.
                let scale = if face == INTER {
                    px
                } else {
                    f.ab_scale(fonts::em_px(px))
                };
                let og = f.ab.outline_glyph(
                    GlyphId(id).with_scale_and_position(PxScale::from(scale), point(0.0, 0.0)),
                )?;
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
                    colour: None,
                }))
            })
            .clone()
    })
}

/// A colour bitmap glyph (an emoji's PNG) scaled to an em of `em` pixels,
/// each output pixel the average of the source pixels it covers.
fn bitmap_mask(f: &fonts::Face, id: u16, em: f32) -> Option<GlyphMask> {
    let img =
        f.hb.glyph_raster_image(rustybuzz::ttf_parser::GlyphId(id), u16::MAX)?;
    if img.format != rustybuzz::ttf_parser::RasterImageFormat::PNG {
        return None;
    }
    let mut dec = png::Decoder::new(std::io::Cursor::new(img.data));
    dec.set_transformations(png::Transformations::normalize_to_color8() | png::Transformations::ALPHA);
    let mut reader = dec.read_info().ok()?;
    let mut buf = vec![0u8; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    let (sw, sh) = (info.width as usize, info.height as usize);
    let channels = info.color_type.samples();
    if channels < 4 || sw == 0 || sh == 0 {
        return None;
    }
    let scale = em / f32::from(img.pixels_per_em.max(1));
    let (w, h) = (
        (sw as f32 * scale).ceil() as usize,
        (sh as f32 * scale).ceil() as usize,
    );
    let mut cov = vec![0u8; w * h];
    let mut colour = vec![Rgb(0, 0, 0); w * h];
    for dy in 0..h {
        for dx in 0..w {
            // Sum of premultiplied colour and alpha over the covered source pixels.
            let (mut sum, mut n) = ([0f32; 4], 0f32);
            let sy0 = (dy as f32 / scale) as usize;
            let sy1 = (((dy + 1) as f32 / scale).ceil() as usize).clamp(sy0 + 1, sh);
            let sx0 = (dx as f32 / scale) as usize;
            let sx1 = (((dx + 1) as f32 / scale).ceil() as usize).clamp(sx0 + 1, sw);
            for sy in sy0.min(sh - 1)..sy1 {
                for sx in sx0.min(sw - 1)..sx1 {
                    let p = &buf[(sy * sw + sx) * channels..][..4];
                    let a = f32::from(p[3]) / 255.0;
                    for ch in 0..3 {
                        sum[ch] += f32::from(p[ch]) * a;
                    }
                    sum[3] += a;
                    n += 1.0;
                }
            }
            let k = dy * w + dx;
            if sum[3] > 0.0 {
                let c = |v: f32| (v / sum[3]).round().clamp(0.0, 255.0) as u8;
                colour[k] = Rgb(c(sum[0]), c(sum[1]), c(sum[2]));
                cov[k] = (sum[3] / n.max(1.0) * 255.0).round() as u8;
            }
        }
    }
    Some(GlyphMask {
        x0: (f32::from(img.x) * scale).round() as i32,
        // The image's offset is to its bottom edge, upward from the baseline.
        y0: -((f32::from(img.y) * scale).round() as i32) - h as i32,
        w,
        h,
        cov,
        colour: Some(colour),
    })
}

/// Height of capitals and digits at size `px`.
pub(crate) fn cap_height(px: f32) -> f32 {
    static RATIO: OnceLock<f32> = OnceLock::new();
    // ab_glyph's scale is the font's ascent - descent; measure 'H' against it once.
    let ratio = RATIO.get_or_init(|| {
        let f = &fonts::inter().ab;
        f.outline(f.glyph_id('H')).map_or(0.6, |o| {
            (o.bounds.max.y - o.bounds.min.y).abs() / f.height_unscaled()
        })
    });
    px * ratio
}

/// Whether the font can draw `c` (names may hold emoji or scripts Inter lacks).
pub(crate) fn has_glyph(c: char) -> bool {
    fonts::inter_has(c)
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
