//! The pseudo-random walks through games that the picture tests share.
#![allow(dead_code)] // each test binary uses a different subset

use isolo_bot::engine::{AfterCapture, CaptureFrom, Rules, Side, Variant};

/// A fixed xorshift sequence: `next(n)` picks one of `n`.
pub fn picker() -> impl FnMut(usize) -> usize {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

/// Both variants, and the boys' game with both house rules changed.
pub fn rule_sets() -> [Rules; 3] {
    [
        Rules::new(Variant::Women),
        Rules::new(Variant::Boys),
        Rules {
            variant: Variant::Boys,
            capture_from: CaptureFrom::CapturePit,
            after_capture: AfterCapture::Continue,
            first: Side::North,
        },
    ]
}
