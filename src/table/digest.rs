//! The daily digest: one direct message a day listing every game waiting
//! for a member's move, for members who chose it instead of a message on
//! every turn ([`MemberSettings::digest`]). Its time is a deadline of its
//! own (a channel with the digest bits), so it is claimed like any other
//! (one process sends it) and survives restarts.

use crate::store::StoreExt;

use super::answers::{DIGEST_BITS, HIGH_BITS};
use super::{ChannelId, GameView, MemberSettings, Notice, Table, TableError};

pub use super::answers::{digest_channel, Digest};

/// How often a digest comes: a day after the member chose it, then daily
/// at that time of day.
pub const DIGEST_EVERY_MS: u64 = 24 * 3600 * 1000;

/// True for a deadline channel naming a member's digest.
pub(super) fn is_digest_deadline(channel: ChannelId) -> bool {
    channel & HIGH_BITS == DIGEST_BITS
}

/// When the digest after one due at `due` comes, seen at `now`: a day on,
/// at the same time of day, skipping the days a stopped clock missed.
fn next_digest(due: u64, now: u64) -> u64 {
    let missed = now.saturating_sub(due) / DIGEST_EVERY_MS;
    due.saturating_add((missed + 1).saturating_mul(DIGEST_EVERY_MS))
}

/// The digest deadline after a change from `before` to `after`: set when it
/// was turned on, dropped when turned off, else left (`None`).
pub(super) fn digest_change(
    before: &MemberSettings,
    after: &MemberSettings,
    now: u64,
) -> Option<Option<u64>> {
    match (before.digest, after.digest) {
        (false, true) => Some(Some(now.saturating_add(DIGEST_EVERY_MS))),
        (true, false) => Some(None),
        _ => None,
    }
}

impl Table {
    /// A member's digest came due (the scheduler, under its claim): the
    /// games waiting for them, if any, and the next one set a day on.
    pub(super) fn digest_deadline(&self, channel: ChannelId, now: u64) -> Result<Option<Notice>, TableError> {
        let user = channel & !HIGH_BITS;
        if !self.member_settings(user)?.digest {
            // Turned off (or the member forgotten) meanwhile.
            self.store.set_deadline(channel, None)?;
            return Ok(None);
        }
        let due = self.store.deadline_of(channel)?.unwrap_or(now);
        let mut games: Vec<GameView> = self
            .games_everywhere(user)?
            .into_iter()
            .filter(|g| g.to_move().is_some_and(|s| s.is(user)))
            .collect();
        games.sort_by_key(|g| (g.live.turn_started_ms, g.live.id));
        self.store.set_deadline(channel, Some(next_digest(due, now)))?;
        Ok((!games.is_empty()).then(|| {
            Notice::Digest(Box::new(Digest {
                user,
                games,
                now_ms: now,
            }))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_digest_keeps_its_time_of_day_and_skips_missed_days() {
        let day = DIGEST_EVERY_MS;
        assert_eq!(next_digest(5 * day + 7, 5 * day + 7), 6 * day + 7);
        assert_eq!(next_digest(5 * day + 7, 8 * day + 9), 9 * day + 7);
        assert!(is_digest_deadline(digest_channel(42)));
        assert!(!is_digest_deadline(42));
        assert!(!is_digest_deadline(super::super::daily_channel(42)));
    }
}
