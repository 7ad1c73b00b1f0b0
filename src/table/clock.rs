//! Time, behind a trait so that tests can move it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// A source of the current time in unix milliseconds.
pub trait Clock: Send + Sync {
    /// Now, in unix milliseconds.
    fn now_ms(&self) -> u64;
}

/// The system's wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

/// A clock that only moves when told: for tests and replays.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    /// A clock showing `ms`.
    pub fn new(ms: u64) -> ManualClock {
        ManualClock(AtomicU64::new(ms))
    }
    /// Moves the clock forward.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
    /// Sets the clock.
    pub fn set(&self, ms: u64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// `YYYY.MM.DD` of a unix time in milliseconds (UTC), for game records.
pub fn date_of(ms: u64) -> String {
    // Civil-from-days (Howard Hinnant's algorithm).
    let days = (ms / 86_400_000) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A span of time in words, to the minute: `2 days 3 hours`, `5 hours 20 minutes`.
pub fn duration_text(ms: u64) -> String {
    let minutes = ms / 60_000;
    let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let unit = |n: u64, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    match (days, hours, minutes) {
        (0, 0, 0) => "less than a minute".into(),
        (0, 0, m) => unit(m, "minute"),
        (0, h, 0) => unit(h, "hour"),
        (0, h, m) => format!("{} {}", unit(h, "hour"), unit(m, "minute")),
        (d, 0, _) => unit(d, "day"),
        (d, h, _) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn durations() {
        use super::duration_text as d;
        assert_eq!(d(59_999), "less than a minute");
        assert_eq!(d(60_000), "1 minute");
        assert_eq!(d(3_600_000), "1 hour");
        assert_eq!(d(2 * 3_600_000 + 5 * 60_000), "2 hours 5 minutes");
        assert_eq!(d(86_400_000 + 59 * 60_000), "1 day");
        assert_eq!(d(3 * 86_400_000 + 4 * 3_600_000), "3 days 4 hours");
    }

    #[test]
    fn dates() {
        assert_eq!(super::date_of(0), "1970.01.01");
        assert_eq!(super::date_of(1_796_083_200_000), "2026.12.01");
        assert_eq!(super::date_of(951_782_400_000), "2000.02.29");
    }
}
