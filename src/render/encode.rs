//! PNG encoding: the picture quantized to the theme's palette, as an 8-bit
//! indexed PNG (a third of the bytes of RGB before compression, and flat
//! colour runs compress very well).

use super::canvas::Canvas;
use super::theme::{palette, palette_bytes, Quantizer};
use super::Palette;

/// Quantizes the whole canvas to palette indices.
pub(crate) fn indices(cv: &Canvas, kind: Palette) -> Vec<u8> {
    let (w, h) = (cv.pixmap.width() as usize, cv.pixmap.height() as usize);
    let mut out = vec![0u8; w * h];
    Quantizer::new(kind).rect(cv.pixmap.data(), w, (0, 0, w, h), &mut out);
    out
}

/// How the PNG's pixels are deflated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Deflate {
    /// What the bot sends: `deflate.rs`, made for board pictures.
    Fast,
    /// zlib level 1 without filters, as before layers (for the benchmark).
    Level1,
}

/// Encodes palette indices as an indexed PNG.
pub(crate) fn png(
    indices: &[u8],
    width: u32,
    height: u32,
    kind: Palette,
    deflate: Deflate,
) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(48 * 1024);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    let used = palette(kind).len();
    let mut pal = palette_bytes(kind);
    pal.truncate(used * 3);
    enc.set_palette(pal);
    if deflate == Deflate::Fast {
        let mut writer = enc.write_header()?;
        let idat = super::deflate::zlib_scanlines(indices, width as usize, super::board::CELL_W as usize);
        writer.write_chunk(png::chunk::IDAT, &idat)?;
        writer.finish()?;
        return Ok(out);
    }
    // Measured on typical boards: level 1 without filters takes about 2 ms for
    // 20-40 KB; level 6 saves a third of the bytes but takes three times as
    // long, and filters do not help palette images.
    enc.set_deflate_compression(png::DeflateCompression::Level(1));
    enc.set_filter(png::Filter::NoFilter);
    let mut writer = enc.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}
