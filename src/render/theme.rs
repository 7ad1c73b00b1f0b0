//! Colours of the board and the fixed palette every picture is quantized to.
//!
//! The pictures are drawn in full colour with antialiasing, then mapped to a
//! palette of at most 255 colours: an indexed PNG is several times smaller than
//! an RGB one, and a GIF needs a palette anyway. The palette is designed, not
//! learned: every flat colour of the theme is in it exactly, plus blend ramps
//! between the colour pairs that meet at an antialiased edge (seed on pit, text
//! on panel, ...), so edges stay smooth after quantization.

use std::sync::OnceLock;

use super::Palette;

/// An opaque colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `self` moved toward `other` by `t` (0 = self, 1 = other).
    pub(crate) fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

const fn hex(v: u32) -> Rgb {
    Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The board's colours. One theme, opaque with its own dark background, so the
/// picture reads the same on Discord's dark and light themes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Colors {
    /// Behind everything: the table.
    pub bg: Rgb,
    /// Names and numbers in the bands.
    pub text: Rgb,
    /// Secondary text (seed totals, captions).
    pub dim: Rgb,
    /// Column and rank labels.
    pub label: Rgb,
    /// Each half of the board: South, North.
    pub panel: [Rgb; 2],
    /// The pits of each half.
    pub pit: [Rgb; 2],
    /// Each player's accent (name dot, "to move", turn frame).
    pub accent: [Rgb; 2],
    /// Dark text on accent pills.
    pub ink: Rgb,
    /// Seeds and their highlight.
    pub seed: Rgb,
    pub seed_hi: Rgb,
    /// Seed counts.
    pub number: Rgb,
    /// The count of an empty pit: faint, so the pit looks empty.
    pub zero: [Rgb; 2],
    /// Last move: start pit (dashed ring), end pit (double ring), captured
    /// pits (solid ring and a "-n" badge): shapes tell them apart, not only hues.
    pub from: Rgb,
    pub end: Rgb,
    pub taken: Rgb,
    /// Overture protection outline and lock.
    pub guard: Rgb,
    /// The result banner.
    pub banner: Rgb,
}

pub(crate) const COLORS: Colors = Colors {
    bg: hex(0x221d1a),
    text: hex(0xf4efe6),
    dim: hex(0xb5a999),
    label: hex(0xddd3c4),
    panel: [hex(0x7a532f), hex(0x30506e)],
    pit: [hex(0x402a17), hex(0x172a3d)],
    accent: [hex(0xffb13b), hex(0x74c2ff)],
    ink: hex(0x1a1512),
    seed: hex(0xeee0c0),
    seed_hi: hex(0xfffbf2),
    number: hex(0xffffff),
    zero: [hex(0x6f5a47), hex(0x4a5f73)],
    from: hex(0xffd93b),
    end: hex(0x52e07a),
    taken: hex(0xff5252),
    guard: hex(0xcfc8bc),
    banner: hex(0xffd93b),
};

/// The colour-blind-safe set: the standard board with its highlights taken
/// from the Okabe-Ito palette (yellow, sky blue, vermillion), so that no mark
/// depends on telling red from green. The halves stay brown and blue.
pub(crate) const SAFE_COLORS: Colors = Colors {
    from: hex(0xf0e442),
    end: hex(0x56b4e9),
    taken: hex(0xd55e00),
    ..COLORS
};

/// The colours of a palette.
pub(crate) fn colors(p: Palette) -> &'static Colors {
    match p {
        Palette::Standard => &COLORS,
        Palette::ColourBlindSafe => &SAFE_COLORS,
    }
}

/// Blend steps between the two colours of a pair.
const RAMP: usize = 4;

/// Index that is never a colour: transparent in GIF frames ("unchanged").
pub(crate) const TRANSPARENT: u8 = 255;

/// The palette: at most 255 colours (index 255 is kept for transparency).
pub(crate) fn palette(p: Palette) -> &'static [Rgb] {
    static PALETTES: [OnceLock<Vec<Rgb>>; 2] = [OnceLock::new(), OnceLock::new()];
    PALETTES[p as usize].get_or_init(|| build_palette(colors(p)))
}

fn build_palette(c: &Colors) -> Vec<Rgb> {
    let mut bases = vec![
        c.bg, c.text, c.dim, c.label, c.ink, c.seed, c.seed_hi, c.number, c.from, c.end, c.taken, c.guard,
        c.banner,
    ];
    for s in 0..2 {
        bases.extend([c.panel[s], c.pit[s], c.accent[s], c.zero[s]]);
    }
    // Pairs that meet at antialiased edges; (background, foreground).
    let mut pairs = vec![
        (c.bg, c.text),
        (c.bg, c.dim),
        (c.bg, c.label),
        (c.bg, c.from),
        (c.bg, c.end),
        (c.bg, c.taken),
        (c.bg, c.guard),
        (c.bg, c.banner),
        (c.banner, c.ink),
        (c.taken, c.number),
        (c.seed, c.seed_hi),
        (c.guard, c.ink),
    ];
    for s in 0..2 {
        let (panel, pit) = (c.panel[s], c.pit[s]);
        pairs.extend([
            (c.bg, panel),
            (c.bg, c.accent[s]),
            (c.accent[s], c.ink),
            (c.accent[s], panel),
            (panel, pit),
            (panel, c.from),
            (panel, c.end),
            (panel, c.taken),
            (panel, c.guard),
            (panel, c.banner),
            (panel, c.seed),
            (pit, c.seed),
            (pit, c.number),
            (pit, c.zero[s]),
            (pit, c.from),
            (pit, c.end),
            (pit, c.taken),
            (pit, c.guard),
            (pit, c.accent[s]),
        ]);
    }
    let mut out: Vec<Rgb> = Vec::with_capacity(255);
    let push = |out: &mut Vec<Rgb>, col: Rgb| {
        if out.len() < 255 && !out.contains(&col) {
            out.push(col);
        }
    };
    for b in bases {
        push(&mut out, b);
    }
    // Four blend steps per pair keep antialiased edges smooth within 255 colours.
    for (a, b) in pairs {
        for i in 1..=RAMP {
            push(&mut out, a.mix(b, i as f32 / (RAMP + 1) as f32));
        }
    }
    out
}

/// Maps colours to palette indices: nearest palette colour, remembered in a
/// direct-mapped table, since a picture has a few thousand distinct colours
/// among half a million pixels.
pub(crate) struct Quantizer {
    kind: Palette,
    palette: &'static [Rgb],
    /// `(colour + 1, index)` per slot; 0 marks an empty slot.
    cache: Vec<(u32, u8)>,
    last: (u32, u8),
}

/// Slots of the colour cache (a power of two).
const CACHE_SLOTS: usize = 1 << 14;

/// A colour cache per palette.
type Caches = [Option<Vec<(u32, u8)>>; 2];

thread_local! {
    /// The colour caches of the last quantizers of this thread, one per palette.
    static CACHE: std::cell::RefCell<Caches> = const { std::cell::RefCell::new([None, None]) };
}

impl Drop for Quantizer {
    fn drop(&mut self) {
        let table = std::mem::take(&mut self.cache);
        CACHE.with(|c| c.borrow_mut()[self.kind as usize] = Some(table));
    }
}

impl Quantizer {
    pub(crate) fn new(kind: Palette) -> Quantizer {
        let palette = palette(kind);
        let first = palette[0];
        // The table is kept per thread between pictures: looking up a new
        // colour costs a scan of the palette, and most colours recur.
        let cache = CACHE
            .with(|c| c.borrow_mut()[kind as usize].take())
            .filter(|t: &Vec<(u32, u8)>| t.len() == CACHE_SLOTS)
            .unwrap_or_else(|| vec![(0, 0); CACHE_SLOTS]);
        Quantizer {
            kind,
            palette,
            cache,
            last: (pack(first), 0),
        }
    }

    /// The palette index of an opaque RGBA pixel.
    #[cfg(test)]
    pub(crate) fn index(&mut self, px: &[u8]) -> u8 {
        let key = u32::from(px[0]) << 16 | u32::from(px[1]) << 8 | u32::from(px[2]);
        self.index_of(key)
    }

    /// The palette index of a packed `0xRRGGBB` colour; runs of one colour skip the lookup.
    #[inline]
    fn index_of(&mut self, key: u32) -> u8 {
        if key == self.last.0 {
            return self.last.1;
        }
        // Fibonacci hashing spreads neighbouring colours over the table.
        let slot = (key.wrapping_mul(0x9e37_79b1) >> (32 - 14)) as usize;
        let (k, i) = self.cache[slot];
        let i = if k == key + 1 {
            i
        } else {
            let i = nearest(self.palette, Rgb((key >> 16) as u8, (key >> 8) as u8, key as u8));
            self.cache[slot] = (key + 1, i);
            i
        };
        self.last = (key, i);
        i
    }

    /// Quantizes the rectangle `(x, y, w, h)` of an RGBA buffer `stride` pixels
    /// wide into `out` (same geometry, one byte a pixel).
    pub(crate) fn rect(
        &mut self,
        rgba: &[u8],
        stride: usize,
        rect: (usize, usize, usize, usize),
        out: &mut [u8],
    ) {
        let (x, y, w, h) = rect;
        for row in y..y + h {
            let src = &rgba[(row * stride + x) * 4..(row * stride + x + w) * 4];
            self.row(src, &mut out[row * stride + x..row * stride + x + w]);
        }
    }

    /// Quantizes one row of RGBA pixels.
    #[inline]
    pub(crate) fn row(&mut self, src: &[u8], dst: &mut [u8]) {
        // The last raw pixel and its index stay in registers: most pixels
        // repeat their left neighbour, so four at a time are compared with it.
        const SPLAT: u128 = 0x0000_0001_0000_0001_0000_0001_0000_0001;
        let (mut last_raw, mut last_idx) = (u32::MAX, 0u8);
        let mut four = u128::from(last_raw) * SPLAT;
        for (d, s) in dst.chunks_mut(4).zip(src.chunks(16)) {
            if s.len() == 16 && u128::from_le_bytes(s.try_into().unwrap_or([0; 16])) == four {
                d.fill(last_idx);
                continue;
            }
            for (d, s) in d.iter_mut().zip(s.chunks_exact(4)) {
                let v = u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
                if v != last_raw {
                    last_raw = v;
                    last_idx = self.index_of(key_of(v));
                }
                *d = last_idx;
            }
            four = u128::from(last_raw) * SPLAT;
        }
    }
}

/// The packed `0xRRGGBB` colour of an opaque RGBA pixel read little-endian
/// (alpha is always 255: the low three bytes are the colour).
#[inline]
fn key_of(v: u32) -> u32 {
    (v & 0xff) << 16 | (v & 0xff00) | (v >> 16 & 0xff)
}

fn pack(c: Rgb) -> u32 {
    u32::from(c.0) << 16 | u32::from(c.1) << 8 | u32::from(c.2)
}

/// Nearest palette entry, weighting green most as the eye does.
fn nearest(palette: &[Rgb], c: Rgb) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (i, p) in palette.iter().enumerate() {
        let d = |a: u8, b: u8| {
            let x = i32::from(a) - i32::from(b);
            (x * x) as u32
        };
        let dist = 3 * d(c.0, p.0) + 4 * d(c.1, p.1) + 2 * d(c.2, p.2);
        if dist < best.0 {
            best = (dist, i as u8);
        }
    }
    best.1
}

/// The palette as `r, g, b` bytes, padded to 256 entries (for PNG and GIF).
pub(crate) fn palette_bytes(p: Palette) -> Vec<u8> {
    let mut out = Vec::with_capacity(768);
    for c in palette(p) {
        out.extend([c.0, c.1, c.2]);
    }
    out.resize(768, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_fits_and_holds_every_flat_colour_exactly() {
        for kind in [Palette::Standard, Palette::ColourBlindSafe] {
            let p = palette(kind);
            let k = colors(kind);
            assert!(p.len() <= 255, "{} colours", p.len());
            let mut q = Quantizer::new(kind);
            for c in [k.bg, k.seed, k.from, k.end, k.taken, k.panel[0], k.pit[1]] {
                let i = q.index(&[c.0, c.1, c.2, 255]);
                assert_eq!(p[i as usize], c);
            }
        }
    }
}
