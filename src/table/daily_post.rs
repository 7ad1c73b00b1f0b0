//! The daily puzzle the bot posts on its own: where and when a server wants
//! it, and whether today's went out. Its next time is a deadline in the
//! store's index, so exactly one process posts it, at its minute, and a bot
//! that was down posts the day's puzzle late rather than never.

use serde::{Deserialize, Serialize};

use crate::store::{Batch, Expect, Space, StoreExt, Versioned};

use super::puzzles::key;
use super::{ChannelId, DailyDue, GuildId, Notice, Table, TableError, UserId};

/// One day, in ms.
const DAY_MS: u64 = 86_400_000;

/// How soon a post that Discord did not take (down, slow) is tried again.
pub const DAILY_RETRY_MS: u64 = 5 * 60_000;

/// Deadline "channels" of daily posts: both top bits set, above real ids
/// (snowflakes stay below 2^62 until 2049) and apart from tournaments'
/// (the top bit and a small counter).
const DAILY_BITS: u64 = 0b11 << 62;

/// The deadline channel of a server's daily post.
pub fn daily_channel(guild: GuildId) -> ChannelId {
    DAILY_BITS | guild
}

/// True for a deadline channel naming a server's daily post.
pub(super) fn is_daily_deadline(channel: ChannelId) -> bool {
    channel & DAILY_BITS == DAILY_BITS
}

fn post_key(guild: GuildId) -> Vec<u8> {
    key(&[b"puzzle-post", &guild.to_be_bytes()])
}

/// Where and when a server's daily puzzle is posted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DailyPost {
    /// The channel (`None`: the bot does not post it).
    pub channel: Option<ChannelId>,
    /// Minutes after midnight UTC.
    pub minute: u16,
    /// The member who set it, told once if the bot cannot post there.
    pub set_by: Option<UserId>,
    /// Whether they were told already.
    pub warned: bool,
    /// The last day (days since 1970, UTC) whose post is done: went out, or
    /// was given up because the bot may not post there.
    #[serde(default)]
    pub done_day: Option<u64>,
}

impl Versioned for DailyPost {
    const KIND: &'static str = "puzzle-post";
    const FORMAT: u32 = 1;
}

impl DailyPost {
    /// When the next post is due, seen at `now` (unix ms): today's minute
    /// unless today's is done, else tomorrow's; a past time is due at once.
    pub fn next_due_ms(&self, now: u64) -> Option<u64> {
        self.channel?;
        let today = now / DAY_MS;
        let day = match self.done_day {
            Some(done) if done >= today => done + 1,
            _ => today,
        };
        Some(day * DAY_MS + u64::from(self.minute) * 60_000)
    }
}

impl Table {
    /// Today, in days since 1970-01-01 (UTC), by the table's clock: the day
    /// of the daily puzzle.
    pub fn today(&self) -> u64 {
        self.now_ms() / DAY_MS
    }

    /// Where and when a server's daily puzzle is posted.
    pub fn daily_post(&self, guild: GuildId) -> Result<DailyPost, TableError> {
        Ok(self.meta::<DailyPost>(&post_key(guild))?.0)
    }

    /// Sets (or with `None`, stops) the daily post of a server at `minute`
    /// after midnight UTC (0..1440), by `user`; a new setting is warned
    /// anew. A time already past today starts tomorrow.
    pub fn set_daily_post(
        &self,
        guild: GuildId,
        user: UserId,
        channel: Option<ChannelId>,
        minute: u16,
    ) -> Result<DailyPost, TableError> {
        if minute >= 1440 {
            return Err(TableError::BadMinute(minute));
        }
        let now = self.now_ms();
        let today = self.today();
        let past = now >= today * DAY_MS + u64::from(minute) * 60_000;
        self.retry(|| {
            let (old, expect) = self.meta::<DailyPost>(&post_key(guild))?;
            let post = DailyPost {
                channel,
                minute,
                set_by: Some(user),
                warned: false,
                done_day: old.done_day.max(past.then_some(today)),
            };
            let mut batch = Batch::new();
            batch.put(Space::Meta, &post_key(guild), &post, expect)?;
            batch.set_deadline(daily_channel(guild), post.next_due_ms(now));
            self.commit(&batch)?;
            Ok(post)
        })
    }

    /// A server's daily post came due (the scheduler, under its claim):
    /// the puzzle to post, with a retry set in case it does not go out.
    pub(super) fn daily_deadline(&self, channel: ChannelId) -> Result<Option<Notice>, TableError> {
        let guild = channel & !DAILY_BITS;
        let now = self.now_ms();
        let post = self.daily_post(guild)?;
        let (Some(target), Some(due)) = (post.channel, post.next_due_ms(now)) else {
            self.store.set_deadline(channel, None)?;
            return Ok(None);
        };
        if due > now {
            self.store.set_deadline(channel, Some(due))?;
            return Ok(None);
        }
        self.store.set_deadline(channel, Some(now + DAILY_RETRY_MS))?;
        let day = self.today();
        let view = self.daily_puzzle(guild, day)?;
        Ok(Some(Notice::DailyPuzzle(Box::new(DailyDue {
            guild,
            channel: target,
            day,
            view,
        }))))
    }

    /// Marks `day`'s post of a server done, due next on the following day.
    fn daily_done(&self, guild: GuildId, day: u64, warn: bool) -> Result<Option<UserId>, TableError> {
        self.retry(|| {
            let (mut post, expect) = self.meta::<DailyPost>(&post_key(guild))?;
            // A post whose setter was forgotten still runs: only none at all is skipped.
            if expect == Expect::Absent {
                return Ok(None);
            }
            post.done_day = post.done_day.max(Some(day));
            let tell = (warn && !post.warned).then_some(post.set_by).flatten();
            post.warned |= tell.is_some();
            let mut batch = Batch::new();
            batch.put(Space::Meta, &post_key(guild), &post, expect)?;
            batch.set_deadline(daily_channel(guild), post.next_due_ms(self.now_ms()));
            self.commit(&batch)?;
            Ok(tell)
        })
    }

    /// `day`'s daily puzzle went out: the next is due tomorrow.
    pub fn daily_posted(&self, guild: GuildId, day: u64) -> Result<(), TableError> {
        self.daily_done(guild, day, false).map(drop)
    }

    /// The bot may not post the daily puzzle where it was set: `day` is
    /// given up (tried again tomorrow), and the member to tell, the first
    /// time only (`None` once told, or when nobody set it).
    pub fn daily_post_failed(&self, guild: GuildId, day: u64) -> Result<Option<UserId>, TableError> {
        self.daily_done(guild, day, true)
    }
}
