//! The configuration file (`config.toml`); `config.example.toml` documents every key.

use std::path::Path;

use serde::Deserialize;

use crate::ai::AiConfig;
use crate::store::StorageConfig;
use crate::table::TableConfig;

/// The whole configuration.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `[discord]`: the connection.
    pub discord: DiscordConfig,
    /// `[storage]`: where games are kept.
    pub storage: StorageConfig,
    /// `[games]`: how games are hosted.
    pub games: TableConfig,
    /// `[ai]`: the computer opponent.
    pub ai: AiConfig,
}

/// `[discord]`.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token; `DISCORD_TOKEN` in the environment overrides it.
    pub token: Option<String>,
    /// Register commands in this server at once instead of globally.
    pub guild_id: Option<u64>,
    /// Send REST calls through this proxy (e.g. twilight-http-proxy); the
    /// gateway URL is fetched through it too.
    pub api_proxy: Option<String>,
    /// Open a thread for each accepted game when the bot may.
    pub use_threads: bool,
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: None,
            guild_id: None,
            api_proxy: None,
            use_threads: true,
        }
    }
}

impl std::fmt::Debug for DiscordConfig {
    // Never print the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &self.token.as_ref().map(|_| "<hidden>"))
            .field("guild_id", &self.guild_id)
            .field("api_proxy", &self.api_proxy)
            .field("use_threads", &self.use_threads)
            .finish()
    }
}

impl Config {
    /// Reads a config file. A missing file at the default path gives the
    /// defaults; a missing file that was asked for by name is an error.
    pub fn load(path: &Path, required: bool) -> anyhow::Result<Config> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => String::new(),
            Err(e) => anyhow::bail!("cannot read the config file {}: {e}", path.display()),
        };
        let mut config: Config =
            toml::from_str(&text).map_err(|e| anyhow::anyhow!("config file {}: {e}", path.display()))?;
        if let Ok(token) = std::env::var("DISCORD_TOKEN") {
            if !token.trim().is_empty() {
                config.discord.token = Some(token.trim().to_string());
            }
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::Config;

    #[test]
    fn the_example_config_parses_and_hides_the_token() {
        let c: Config = toml::from_str(include_str!("../config.example.toml")).unwrap();
        assert_eq!(c.storage.path, std::path::PathBuf::from("data/isolo.sled"));
        assert!(c.discord.use_threads);
        assert!(!format!("{c:?}").contains("YOUR_BOT_TOKEN"));
        assert!(
            toml::from_str::<Config>("[discord]\ntokn = \"x\"").is_err(),
            "typos are errors"
        );
    }
}
