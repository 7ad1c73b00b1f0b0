//! A small seeded random number generator (xoshiro256**), so that games are
//! reproducible from a seed on every platform and crate version.

/// xoshiro256** seeded through SplitMix64.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth mentioning (Lemire's method).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        ((u64::from(self.next_u64() as u32) * u64::from(n)) >> 32) as u32
    }

    /// A uniformly chosen set bit of a non-zero mask.
    #[inline]
    pub fn pick_bit(&mut self, mask: u16) -> usize {
        let mut m = mask;
        for _ in 0..self.below(mask.count_ones()) {
            m &= m - 1;
        }
        m.trailing_zeros() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_stream_and_bits_are_fair() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
        let mut counts = [0u32; 16];
        let mut r = Rng::new(1);
        for _ in 0..16_000 {
            counts[r.pick_bit(0b1010_0000_0000_0101)] += 1;
        }
        for k in [0, 2, 13, 15] {
            assert!((3_600..4_400).contains(&counts[k]), "bit {k}: {}", counts[k]);
        }
        assert_eq!(counts.iter().sum::<u32>(), 16_000);
    }
}
