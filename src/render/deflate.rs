//! A zlib stream of a board picture's PNG scanlines, made for what the board
//! is: long runs of one colour, rows that repeat the row above, and cells
//! that repeat the cell beside them. Matches are looked for only at those
//! few distances (no hash chains), then coded with Huffman codes made for
//! this picture: several times faster than zlib's fastest level at about its
//! size.

/// Distances tried for a match, most fruitful first: the row above (a
/// scanline is the filter byte and the row), the previous pixel, the cell to
/// the left, antialiased edges one pixel off the row above. (One more, one
/// pixel off the other way or two rows up, saved 1% and cost a fifth of the
/// time.)
fn candidates(row: usize, cell: usize) -> [usize; 4] {
    [row, 1, cell, row - 1]
}

const MIN_MATCH: usize = 3;
/// A match this long is taken without trying the other distances: longer
/// ones rarely follow, and the search is most of a picture's time.
const GOOD_ENOUGH: usize = 8;
const MAX_MATCH: usize = 258;
const END_OF_BLOCK: usize = 256;
/// A token with this bit set is a match: length above bit 16, distance below.
const MATCH: u32 = 1 << 31;

/// First length of each length code 257..=285, and its extra bits.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
    227, 258,
];
const LENGTH_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// First distance of each distance code 0..=29, and its extra bits.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
    4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/// The order code-length code lengths are sent in.
const CL_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// The code of a length or distance: the last base not above `v`.
fn code_of(bases: &[u16], v: usize) -> usize {
    bases.partition_point(|&b| usize::from(b) <= v) - 1
}

/// Length and distance codes looked up rather than searched, as zlib does:
/// a length's code by the length, a distance's by the distance up to 256
/// and by the distance's 128s above that.
struct Codes {
    length: [u8; MAX_MATCH + 1],
    near: [u8; 257],
    far: [u8; 257],
}

impl Codes {
    fn get() -> &'static Codes {
        static CODES: std::sync::OnceLock<Codes> = std::sync::OnceLock::new();
        CODES.get_or_init(|| {
            let mut c = Codes {
                length: [0; MAX_MATCH + 1],
                near: [0; 257],
                far: [0; 257],
            };
            for len in MIN_MATCH..=MAX_MATCH {
                c.length[len] = code_of(&LENGTH_BASE, len) as u8;
            }
            for d in 1..=256 {
                c.near[d] = code_of(&DIST_BASE, d) as u8;
            }
            // Above 256 every code spans whole 128s, so (d - 1) / 128 decides it.
            for k in 2..257 {
                c.far[k] = code_of(&DIST_BASE, k * 128 + 1) as u8;
            }
            c
        })
    }

    #[inline]
    fn length(&self, len: usize) -> usize {
        usize::from(self.length[len])
    }

    #[inline]
    fn distance(&self, d: usize) -> usize {
        if d <= 256 {
            usize::from(self.near[d])
        } else {
            usize::from(self.far[(d - 1) >> 7])
        }
    }
}

/// How many bytes from `a` on equal those from `b` on (`b < a`), at most `max`.
fn match_len(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let mut n = 0;
    while n + 8 <= max {
        let x = u64::from_le_bytes(data[a + n..a + n + 8].try_into().unwrap_or([0; 8]));
        let y = u64::from_le_bytes(data[b + n..b + n + 8].try_into().unwrap_or([0; 8]));
        let diff = x ^ y;
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && data[a + n] == data[b + n] {
        n += 1;
    }
    n
}

/// The Adler-32 checksum zlib ends with (vectorised: a tenth of the
/// picture's time when summed byte by byte).
fn adler32(data: &[u8]) -> u32 {
    let mut sum = simd_adler32::Adler32::new();
    sum.write(data);
    sum.finish()
}

/// Code lengths of a Huffman code for `freq`, none above `limit` bits. Rare
/// symbols are made less rare until the code fits, as zlib's simplest
/// fallback does; every symbol used gets a code, and at least two do.
fn code_lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut freq = freq.to_vec();
    let used = freq.iter().filter(|&&f| f > 0).count();
    // A code of one symbol is not a complete code: give a second one a slot.
    for f in freq
        .iter_mut()
        .filter(|f| **f == 0)
        .take(2usize.saturating_sub(used))
    {
        *f = 1;
    }
    loop {
        let lengths = huffman(&freq);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        for f in freq.iter_mut().filter(|f| **f > 0) {
            *f = (*f >> 1).max(1);
        }
    }
}

/// Plain Huffman code lengths (zero for unused symbols).
fn huffman(freq: &[u32]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    // Nodes: leaves first, then inner nodes; parent links give the depths.
    let mut parent: Vec<usize> = vec![usize::MAX; freq.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = freq
        .iter()
        .enumerate()
        .filter(|(_, &f)| f > 0)
        .map(|(i, &f)| Reverse((u64::from(f), i)))
        .collect();
    while heap.len() > 1 {
        let (Some(Reverse((fa, a))), Some(Reverse((fb, b)))) = (heap.pop(), heap.pop()) else {
            break;
        };
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((fa + fb, node)));
    }
    let mut depth = vec![0u8; parent.len()];
    for node in (0..parent.len()).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]].saturating_add(1);
        }
    }
    (0..freq.len())
        .map(|i| if freq[i] > 0 { depth[i] } else { 0 })
        .collect()
}

/// Canonical codes for `lengths`, bit-reversed for an LSB-first stream.
fn canonical(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lengths.iter().filter(|&&l| l > 0) {
        count[usize::from(l)] += 1;
    }
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

/// Bits written least significant first, as deflate wants them.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    /// At most 32 bits at a time; whole 32-bit words go out together.
    #[inline]
    fn put(&mut self, value: u32, bits: u32) {
        self.acc |= u64::from(value) << self.n;
        self.n += bits;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
        self.out
    }
}

/// The code lengths of both codes, run-length coded with the code-length
/// alphabet: `(symbol, extra value)` pairs.
fn length_runs(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let run = lengths[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 11 {
            let n = run.min(138);
            runs.push((18, (n - 11) as u8));
            i += n;
        } else if l == 0 && run >= 3 {
            runs.push((17, (run.min(10) - 3) as u8));
            i += run.min(10);
        } else if l != 0 && run >= 4 {
            runs.push((l, 0));
            let n = (run - 1).min(6);
            runs.push((16, (n - 3) as u8));
            i += 1 + n;
        } else {
            runs.push((l, 0));
            i += 1;
        }
    }
    runs
}

/// A zlib stream of `indices` (`width` a row) as PNG scanlines without
/// filters; `cell` is the width of a repeating cell, another distance to try.
pub(crate) fn zlib_scanlines(indices: &[u8], width: usize, cell: usize) -> Vec<u8> {
    let row = width + 1;
    let mut data = Vec::with_capacity(indices.len() + indices.len() / width);
    for line in indices.chunks_exact(width) {
        data.push(0);
        data.extend_from_slice(line);
    }
    let tried = candidates(row, cell);
    let codes = Codes::get();
    let mut tokens: Vec<u32> = Vec::with_capacity(data.len() / 16);
    let mut lit_freq = [0u32; 286];
    let mut dist_freq = [0u32; 30];
    let mut i = 0;
    // Which of `tried` the last match used: tried first, as runs along a
    // row keep their distance.
    let mut last = 0;
    while i < data.len() {
        let max = (data.len() - i).min(MAX_MATCH);
        let (mut best, mut dist) = (0, 0);
        // The distances whose first byte matches, found without branching:
        // at an antialiased edge most positions match none.
        let c = data[i];
        let mut mask = 0u32;
        for (k, &d) in tried.iter().enumerate() {
            mask |= u32::from((d <= i) & (data[i.saturating_sub(d)] == c)) << k;
        }
        let mut rest = mask & !(1 << last);
        let next = |rest: &mut u32| {
            let k = rest.trailing_zeros() as usize;
            *rest &= rest.wrapping_sub(1);
            k
        };
        let mut k = if mask >> last & 1 == 1 {
            last
        } else {
            next(&mut rest)
        };
        while k < tried.len() {
            let d = tried[k];
            // A candidate can only do better if it also matches at `best`
            // (zlib's test): most are turned away by one byte.
            if best < max && data[i - d + best] == data[i + best] {
                let len = match_len(&data, i, i - d, max);
                if len > best {
                    (best, dist) = (len, k);
                    if len >= GOOD_ENOUGH {
                        break;
                    }
                }
            }
            k = next(&mut rest);
        }
        if best >= MIN_MATCH {
            last = dist;
            let dist = tried[dist];
            tokens.push(MATCH | (best as u32) << 16 | dist as u32);
            lit_freq[257 + codes.length(best)] += 1;
            dist_freq[codes.distance(dist)] += 1;
            i += best;
        } else {
            tokens.push(u32::from(data[i]));
            lit_freq[usize::from(data[i])] += 1;
            i += 1;
        }
    }
    lit_freq[END_OF_BLOCK] = 1;

    let lit_len = code_lengths(&lit_freq, 15);
    let dist_len = code_lengths(&dist_freq, 15);
    let (lit_code, dist_code) = (canonical(&lit_len), canonical(&dist_len));
    let hlit = lit_len
        .iter()
        .rposition(|&l| l > 0)
        .map_or(257, |p| (p + 1).max(257));
    let hdist = dist_len.iter().rposition(|&l| l > 0).map_or(1, |p| p + 1);
    let mut both = lit_len[..hlit].to_vec();
    both.extend_from_slice(&dist_len[..hdist]);
    let runs = length_runs(&both);
    let mut cl_freq = [0u32; 19];
    for &(sym, _) in &runs {
        cl_freq[usize::from(sym)] += 1;
    }
    let cl_len = code_lengths(&cl_freq, 7);
    let cl_code = canonical(&cl_len);
    let hclen = CL_ORDER
        .iter()
        .rposition(|&s| cl_len[s] > 0)
        .map_or(4, |p| (p + 1).max(4));

    let mut bits = Bits {
        out: Vec::with_capacity(64 * 1024),
        acc: 0,
        n: 0,
    };
    // zlib header: deflate, 32 KB window, no dictionary, fastest (0x78 0x01).
    bits.put(0x0178, 16);
    // One final block with dynamic codes.
    bits.put(1, 1);
    bits.put(2, 2);
    bits.put((hlit - 257) as u32, 5);
    bits.put((hdist - 1) as u32, 5);
    bits.put((hclen - 4) as u32, 4);
    for &s in &CL_ORDER[..hclen] {
        bits.put(u32::from(cl_len[s]), 3);
    }
    for &(sym, extra) in &runs {
        let s = usize::from(sym);
        bits.put(u32::from(cl_code[s]), u32::from(cl_len[s]));
        match sym {
            16 => bits.put(u32::from(extra), 2),
            17 => bits.put(u32::from(extra), 3),
            18 => bits.put(u32::from(extra), 7),
            _ => {}
        }
    }
    for &t in &tokens {
        if t & MATCH == 0 {
            let s = t as usize;
            bits.put(u32::from(lit_code[s]), u32::from(lit_len[s]));
            continue;
        }
        let (len, dist) = ((t >> 16 & 0x1ff) as usize, (t & 0xffff) as usize);
        let lc = codes.length(len);
        bits.put(u32::from(lit_code[257 + lc]), u32::from(lit_len[257 + lc]));
        bits.put(
            (len - usize::from(LENGTH_BASE[lc])) as u32,
            u32::from(LENGTH_EXTRA[lc]),
        );
        let dc = codes.distance(dist);
        bits.put(u32::from(dist_code[dc]), u32::from(dist_len[dc]));
        bits.put(
            (dist - usize::from(DIST_BASE[dc])) as u32,
            u32::from(DIST_EXTRA[dc]),
        );
    }
    bits.put(
        u32::from(lit_code[END_OF_BLOCK]),
        u32::from(lit_len[END_OF_BLOCK]),
    );
    let mut out = bits.finish();
    out.extend_from_slice(&adler32(&data).to_be_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::encode::{png, Deflate};
    use crate::render::Palette;

    #[test]
    fn pngs_decode_to_their_pixels() {
        // Runs, repeated rows, repeated cells, noise, and a lone colour.
        let (w, h) = (40, 12);
        let mut seed = 7u32;
        let pictures: Vec<Vec<u8>> = vec![
            vec![3; w * h],
            (0..w * h).map(|i| ((i % w) / 8) as u8).collect(),
            (0..w * h)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 25) as u8
                })
                .collect(),
            (0..w * h)
                .map(|i| if i % 97 == 0 { 90 } else { (i % 5) as u8 })
                .collect(),
        ];
        for picture in pictures {
            let file = png(&picture, w as u32, h as u32, Palette::Standard, Deflate::Fast).expect("encodes");
            let mut reader = ::png::Decoder::new(std::io::Cursor::new(file))
                .read_info()
                .expect("header");
            let mut got = vec![0u8; reader.output_buffer_size().expect("size")];
            reader.next_frame(&mut got).expect("pixels");
            assert_eq!(got, picture);
        }
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn looked_up_codes_are_the_searched_ones() {
        let codes = Codes::get();
        for len in MIN_MATCH..=MAX_MATCH {
            assert_eq!(codes.length(len), code_of(&LENGTH_BASE, len), "length {len}");
        }
        for d in 1..=32_768 {
            assert_eq!(codes.distance(d), code_of(&DIST_BASE, d), "distance {d}");
        }
    }
}
