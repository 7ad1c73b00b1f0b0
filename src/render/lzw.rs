//! GIF's LZW, code for code what the `gif` crate writes (greedy matching,
//! the same code-size steps and clear codes), made faster for board
//! frames: pairs are looked up in a small hash table rather than a tree,
//! and a run of one colour (most of a frame, and every transparent stretch
//! of a later one) is taken in one step, as long as the codes for runs of
//! that colour reach, instead of pixel by pixel.

/// Codes at most 12 bits wide; the table is cleared once it would need more.
const MAX_CODE_SIZE: u8 = 12;
const MAX_ENTRIES: u16 = 1 << MAX_CODE_SIZE;
/// Hash slots (a power of two, at least twice the entries).
const SLOTS: usize = 1 << 13;
const EMPTY: u32 = u32::MAX;
/// weezl keeps up to this many continuations of a string in a short list;
/// the one after is lost as the list becomes a full table (the code is
/// used up, the string never matched). Done here too, so the bytes are the
/// same as the `gif` crate's.
const SHORT: u8 = 16;

/// The frame's pixels (palette indices) as GIF image data: the minimum code
/// size byte, then the LZW codes, ready for
/// [`gif::Encoder::write_lzw_pre_encoded_frame`].
pub(crate) fn encode(data: &[u8]) -> Vec<u8> {
    // The code size the `gif` crate chooses: enough for the highest index
    // (every index once one is above 127), at least 2 bits.
    let mut max_byte = 0u8;
    for &b in data {
        if b > max_byte {
            max_byte = b;
            if b > 127 {
                break;
            }
        }
    }
    let min = (u32::from(max_byte) + 1)
        .max(4)
        .next_power_of_two()
        .trailing_zeros() as u8;
    let mut e = Lzw::new(min, data.len());
    e.run(data);
    e.finish()
}

/// How many of the first `max` bytes of `data` are `c`, 8 at a time.
#[inline]
fn run_len(data: &[u8], c: u8, max: usize) -> usize {
    let max = max.min(data.len());
    let all = u64::from_ne_bytes([c; 8]);
    let mut n = 0;
    while n + 8 <= max {
        let word = u64::from_le_bytes(data[n..n + 8].try_into().unwrap_or([!c; 8]));
        let diff = word ^ all;
        if diff != 0 {
            return n + (diff.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && data[n] == c {
        n += 1;
    }
    n
}

struct Lzw {
    min: u8,
    clear: u16,
    /// The code the next new string gets.
    next: u16,
    size: u8,
    /// `(prefix code << 8 | byte) << 12 | code`, or [`EMPTY`].
    slots: Vec<u32>,
    /// The codes of runs of each colour, from two pixels up: `runs[c][k - 2]`
    /// is the code of `k` pixels of colour `c`.
    runs: Vec<Vec<u16>>,
    /// Continuations given to each string so far (see [`SHORT`]).
    continued: Vec<u8>,
    out: Vec<u8>,
    acc: u64,
    bits: u32,
}

impl Lzw {
    fn new(min: u8, len: usize) -> Lzw {
        let clear = 1u16 << min;
        let mut e = Lzw {
            min,
            clear,
            next: clear + 2,
            size: min + 1,
            slots: vec![EMPTY; SLOTS],
            runs: vec![Vec::new(); usize::from(clear)],
            continued: vec![0; usize::from(MAX_ENTRIES)],
            out: Vec::with_capacity(len / 8 + 16),
            acc: 0,
            bits: 0,
        };
        e.out.push(min);
        e.put(clear);
        e
    }

    #[inline]
    fn put(&mut self, code: u16) {
        self.acc |= u64::from(code) << self.bits;
        self.bits += u32::from(self.size);
        if self.bits >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.bits -= 32;
        }
    }

    /// Whether the string `prefix` continued by one pixel gets its code in
    /// the table (the code is used up either way).
    #[inline]
    fn kept(&mut self, prefix: u16) -> bool {
        let n = &mut self.continued[usize::from(prefix)];
        let kept = *n != SHORT;
        *n = n.saturating_add(1);
        kept && self.next < MAX_ENTRIES
    }

    #[inline]
    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> (32 - 13)) as usize
    }

    #[inline]
    fn find(&self, key: u32) -> Option<u16> {
        let mut s = Self::slot(key);
        loop {
            let v = self.slots[s];
            if v == EMPTY {
                return None;
            }
            if v >> 12 == key {
                return Some((v & 0xfff) as u16);
            }
            s = (s + 1) & (SLOTS - 1);
        }
    }

    /// `code` goes out; the string that did not match got the next code
    /// (already recorded by the caller). Widens the codes and clears the
    /// table when the `gif` crate would.
    #[inline]
    fn emit(&mut self, code: u16) {
        self.next += 1;
        self.put(code);
        if self.next > 1 << self.size && self.size < MAX_CODE_SIZE {
            self.size += 1;
        }
        if self.next > MAX_ENTRIES {
            self.put(self.clear);
            self.slots.fill(EMPTY);
            for r in &mut self.runs {
                r.clear();
            }
            self.continued.fill(0);
            self.next = self.clear + 2;
            self.size = self.min + 1;
        }
    }

    fn run(&mut self, data: &[u8]) {
        let Some(&first) = data.first() else { return };
        // The string matched so far, and whether it is a run: (colour, length).
        let mut w = u16::from(first);
        let mut run = Some((first, 1usize));
        let mut i = 1;
        while i < data.len() {
            let b = data[i];
            if let Some((c, k)) = run.filter(|&(c, _)| c == b) {
                let runs = &self.runs[usize::from(c)];
                let known = runs.len() + 1;
                // Counted only as far as the known runs reach, and one more.
                let same = run_len(&data[i..], c, known + 1 - k);
                if k + same <= known {
                    let total = k + same;
                    w = runs[total - 2];
                    run = Some((c, total));
                    i += same;
                    continue;
                }
                // The longest known run, then one more pixel of it: a new code.
                i += known - k;
                let longest = if known == 1 { u16::from(c) } else { runs[known - 2] };
                if self.kept(longest) {
                    self.runs[usize::from(c)].push(self.next);
                }
                self.emit(longest);
                w = u16::from(c);
                run = Some((c, 1));
                i += 1;
                continue;
            }
            let key = u32::from(w) << 8 | u32::from(b);
            if let Some(code) = self.find(key) {
                w = code;
                run = None;
            } else {
                if self.kept(w) {
                    let mut s = Self::slot(key);
                    while self.slots[s] != EMPTY {
                        s = (s + 1) & (SLOTS - 1);
                    }
                    self.slots[s] = key << 12 | u32::from(self.next);
                }
                self.emit(w);
                w = u16::from(b);
                run = Some((b, 1));
            }
            i += 1;
        }
        // The last string, widening first if the decoder's table will have grown.
        self.put(w);
        if self.next >= 1 << self.size && self.size < MAX_CODE_SIZE {
            self.size += 1;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        self.put(self.clear + 1);
        while self.bits > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.bits = self.bits.saturating_sub(8);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the `gif` crate's own encoder makes of `data`.
    fn reference(data: &[u8]) -> Vec<u8> {
        let mut frame = gif::Frame {
            width: data.len() as u16,
            height: 1,
            buffer: std::borrow::Cow::Borrowed(data),
            ..gif::Frame::default()
        };
        frame.make_lzw_pre_encoded();
        frame.buffer.into_owned()
    }

    #[test]
    fn codes_are_the_gif_crates() {
        let mut seed = 11u32;
        let mut rand = move || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            seed >> 16
        };
        let mut cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![7],
            vec![0; 60_000],
            vec![255; 60_000],
            (0..60_000).map(|i| (i % 3) as u8).collect(),
            (0..60_000).map(|_| (rand() % 256) as u8).collect(),
            (0..60_000).map(|_| (rand() % 5) as u8).collect(),
            (0..60_000).map(|i| (i / 7 % 2) as u8 * 200).collect(),
        ];
        // Runs of every length, of a few colours, with noise between: the
        // run codes grow, are cut short, and outlive clears.
        let mut mixed = Vec::new();
        while mixed.len() < 200_000 {
            let c = [0u8, 255, 3, 17][(rand() % 4) as usize];
            let len = (rand() % 700) as usize;
            mixed.extend(std::iter::repeat_n(c, len));
            for _ in 0..rand() % 6 {
                mixed.push((rand() % 256) as u8);
            }
        }
        cases.push(mixed);
        for len in 1..40 {
            cases.push((0..len).map(|i| [1u8, 1, 2][i % 3]).collect());
            cases.push(vec![9; len]);
        }
        for data in &cases {
            let (ours, theirs) = (encode(data), reference(data));
            let first = ours.iter().zip(&theirs).position(|(a, b)| a != b);
            assert!(
                ours == theirs,
                "{} pixels: {} against {} bytes, first difference at {first:?}",
                data.len(),
                ours.len(),
                theirs.len()
            );
        }
    }
}
