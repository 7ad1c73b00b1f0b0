//! Which gateway shards this process runs (`[discord] shards`), and what
//! follows from it: who registers the commands, and when to identify.
//!
//! ```toml
//! shards = "auto"                              # one process, Discord's count
//! shards = { total = 4, first = 0, last = 1 }  # this process: shards 0 and 1 of 4
//! ```
//!
//! Discord routes a guild's events to shard `(guild_id >> 22) % total`.

use std::time::Duration;

pub use crate::config::ShardsConfig;

/// Discord lets a bot identify once per 5 s per rate-limit bucket
/// (`max_concurrency` is 1 for all but very large bots).
pub const IDENTIFY_INTERVAL: Duration = Duration::from_secs(5);

/// The shards of this process, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardPlan {
    /// Shards of the whole bot.
    pub total: u32,
    /// This process's first shard.
    pub first: u32,
    /// This process's last shard (inclusive).
    pub last: u32,
}

/// Why a shard range cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardsError {
    /// `total` is 0 or beyond what any bot needs.
    #[error("total must be between 1 and 1024, not {0}")]
    Total(u32),
    /// The range is empty or leaves the total.
    #[error("first ({first}) and last ({last}) must satisfy first <= last < total ({total})")]
    Range {
        /// First shard.
        first: u32,
        /// Last shard.
        last: u32,
        /// Total.
        total: u32,
    },
}

impl ShardsConfig {
    /// The plan, with `recommended` (Discord's count, asked only for `auto`).
    pub fn plan(self, recommended: impl FnOnce() -> u32) -> Result<ShardPlan, ShardsError> {
        let (total, first, last) = match self {
            ShardsConfig::Auto => {
                let total = recommended().max(1);
                (total, 0, total - 1)
            }
            ShardsConfig::Range { total, first, last } => (total, first, last),
        };
        if !(1..=1024).contains(&total) {
            return Err(ShardsError::Total(total));
        }
        if first > last || last >= total {
            return Err(ShardsError::Range { first, last, total });
        }
        Ok(ShardPlan { total, first, last })
    }
}

impl ShardPlan {
    /// One process with one shard: the default.
    pub const SINGLE: ShardPlan = ShardPlan {
        total: 1,
        first: 0,
        last: 0,
    };

    /// The process that runs shard 0 registers the commands, so exactly one does.
    pub fn registers_commands(&self) -> bool {
        self.first == 0
    }

    /// The shard a guild's events arrive on.
    pub fn shard_of(&self, guild_id: u64) -> u32 {
        ((guild_id >> 22) % u64::from(self.total)) as u32
    }

    /// Whether this process runs the shard of `guild_id`.
    pub fn owns(&self, guild_id: u64) -> bool {
        (self.first..=self.last).contains(&self.shard_of(guild_id))
    }

    /// How long to wait before connecting, so that processes started together
    /// identify one at a time: each shard has its own 5 s slot, and serenity
    /// spaces the shards within this process by the same interval.
    pub fn identify_delay(&self) -> Duration {
        IDENTIFY_INTERVAL * self.first
    }

    /// This process's shard ids.
    pub fn ids(&self) -> std::ops::RangeInclusive<u32> {
        self.first..=self.last
    }

    /// The range as serenity's `start_shard_range` takes it: its end is
    /// inclusive, despite the `Range` type.
    pub fn serenity_range(&self) -> std::ops::Range<u32> {
        self.first..self.last
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Deserialize)]
    struct Holder {
        shards: ShardsConfig,
    }

    fn parse(text: &str) -> Result<ShardsConfig, toml::de::Error> {
        toml::from_str::<Holder>(text).map(|h| h.shards)
    }

    #[test]
    fn auto_and_ranges_parse_and_are_checked() {
        let auto = parse("shards = \"auto\"").unwrap();
        assert_eq!(
            auto.plan(|| 3).unwrap(),
            ShardPlan {
                total: 3,
                first: 0,
                last: 2
            }
        );
        let second = parse("shards = { total = 2, first = 1, last = 1 }").unwrap();
        let plan = second.plan(|| unreachable!("a fixed range asks nobody")).unwrap();
        assert!(!plan.registers_commands());
        assert_eq!(plan.identify_delay(), Duration::from_secs(5));
        assert_eq!(plan.serenity_range(), 1..1, "serenity's end is inclusive");
        assert!(parse("shards = \"some\"").is_err());
        let missing = parse("shards = { total = 2, first = 0 }")
            .unwrap_err()
            .to_string();
        assert!(missing.contains("total, first and last"), "{missing}");
        let typo = parse("shards = { total = 2, frist = 0, last = 0 }")
            .unwrap_err()
            .to_string();
        assert!(typo.contains("frist"), "{typo}");
        assert!(parse("shards = 2").is_err());
        for (total, first, last) in [(0, 0, 0), (2, 1, 0), (2, 0, 2), (5000, 0, 1)] {
            assert!(ShardsConfig::Range { total, first, last }.plan(|| 1).is_err());
        }
    }

    #[test]
    fn guilds_go_to_the_shard_discord_sends_them_to() {
        let plan = ShardPlan {
            total: 2,
            first: 1,
            last: 1,
        };
        let guild_on = |shard: u64| (shard << 22) | 12345;
        assert_eq!(plan.shard_of(guild_on(0)), 0);
        assert!(!plan.owns(guild_on(0)));
        assert!(plan.owns(guild_on(1)));
        assert!(plan.owns(guild_on(3)));
        assert!(ShardPlan::SINGLE.owns(guild_on(7)));
        assert!(ShardPlan::SINGLE.registers_commands());
    }
}
