//! The hosting layer's settings (the `[games]` table of the config file).

use serde::{Deserialize, Serialize};

/// What happens when a player's time runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TimeoutPolicy {
    /// The opponent wins at once.
    #[default]
    AutoWin,
    /// The opponent may claim the win (`claim`); until then the game goes
    /// on, for [`TableConfig::claim_window_secs`] at most: then the clock
    /// records the win on time itself. Tournament games always end at once
    /// (a round never waits on a claim).
    Claim,
}

/// Settings of the hosting layer (the `[games]` table of the config file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TableConfig {
    /// Seconds before an unanswered challenge expires.
    pub challenge_ttl_secs: u64,
    /// What a timeout does.
    pub timeout: TimeoutPolicy,
    /// Allow hints in games between people too.
    pub hints_in_human_games: bool,
    /// Seconds without a move after which a game without a clock ends as an
    /// unrated draw.
    pub idle_expiry_secs: u64,
    /// Under [`TimeoutPolicy::Claim`]: seconds after the timeout during
    /// which the winner may claim; unclaimed, the game then ends as a win
    /// on time all the same, so it never blocks its channel forever.
    pub claim_window_secs: u64,
}

/// The default claim window: a day.
pub const DEFAULT_CLAIM_WINDOW_SECS: u64 = 24 * 3600;

/// The default idle time of games without a clock: 14 days.
pub const DEFAULT_IDLE_SECS: u64 = 14 * 24 * 3600;

impl Default for TableConfig {
    fn default() -> TableConfig {
        TableConfig {
            challenge_ttl_secs: 24 * 3600,
            timeout: TimeoutPolicy::AutoWin,
            hints_in_human_games: false,
            idle_expiry_secs: DEFAULT_IDLE_SECS,
            claim_window_secs: DEFAULT_CLAIM_WINDOW_SECS,
        }
    }
}
