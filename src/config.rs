//! The configuration file (`config.toml`); `config.example.toml` documents every key.

use std::ops::RangeInclusive;
use std::path::Path;

use serde::Deserialize;

use crate::ai::AiConfig;
use crate::store::StorageConfig;
use crate::table::{TableConfig, VacationConfig};

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
    /// `[metrics]`: the operator's HTTP page.
    pub metrics: MetricsConfig,
    /// `[vacation]`: every member's bank of vacation days.
    pub vacation: VacationConfig,
    /// `[web]`: the live board's server.
    pub web: crate::web::WebConfig,
    /// What the file says in a way an earlier release accepted and this one
    /// still reads (a key in its old place): log these at start-up.
    #[serde(skip)]
    pub warnings: Vec<String>,
}

/// Keys an earlier release read in another section: (old section, key, new
/// section). Still accepted in the old place, with a warning.
const MOVED_KEYS: [(&str, &str, &str); 1] = [("games", "use_threads", "discord")];

/// `[metrics]`: where to serve Prometheus `/metrics` and `/healthz`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// The address to listen on, e.g. `127.0.0.1:9184`; unset serves nothing.
    /// Anyone who can reach it can read the counters (no secrets, but the
    /// bot's load): keep it on loopback or a private network.
    pub listen: Option<std::net::SocketAddr>,
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
    /// gateway URL is fetched through it too. The bot still obeys Discord's
    /// rate limits itself unless `proxy_enforces_rate_limits` says otherwise.
    pub api_proxy: Option<String>,
    /// The proxy (such as twilight-http-proxy) queues requests by Discord's
    /// rate limits itself, so the bot's own limiter is turned off.
    pub proxy_enforces_rate_limits: bool,
    /// Open a thread for each accepted game when the bot may.
    pub use_threads: bool,
    /// The gateway shards this process runs; unset: one shard, one process.
    pub shards: Option<ShardsConfig>,
    /// Seconds a REST request to Discord (or the proxy) may take in full
    /// before it is given up, so one that is never answered cannot hold
    /// back the requests behind it.
    pub request_timeout_secs: u64,
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: None,
            guild_id: None,
            api_proxy: None,
            proxy_enforces_rate_limits: false,
            use_threads: true,
            shards: None,
            request_timeout_secs: DEFAULT_REQUEST_TIMEOUT_SECS,
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
            .field("proxy_enforces_rate_limits", &self.proxy_enforces_rate_limits)
            .field("use_threads", &self.use_threads)
            .field("shards", &self.shards)
            .field("request_timeout_secs", &self.request_timeout_secs)
            .finish()
    }
}

/// The largest config file read: a real one is a few hundred bytes.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// What is wrong with a config file. No variant ever holds a value from the
/// file, only key names and positions, so printing one cannot leak the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read (or is not UTF-8).
    #[error("cannot read the config file: {0}")]
    Read(String),
    /// The file is larger than [`MAX_CONFIG_BYTES`].
    #[error("the config file is larger than {MAX_CONFIG_BYTES} bytes")]
    TooLarge,
    /// Not valid TOML, or a value of the wrong type.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The parser's message with every quoted value hidden.
        message: String,
    },
    /// A key no section knows (a typo is an error, not a default); a key that
    /// looks like a token is shown as `<hidden>`.
    #[error("unknown key `{key}` in [{section}]")]
    UnknownKey {
        /// The section (table) it is in.
        section: String,
        /// The key as written.
        key: String,
    },
    /// A value out of its bounds.
    #[error("{key}: {reason}")]
    Invalid {
        /// `section.key`.
        key: &'static str,
        /// What is allowed.
        reason: String,
    },
}

/// `[games] challenge_ttl_secs`: a second to 30 days (millisecond deadlines
/// stay far from overflowing).
pub const CHALLENGE_TTL_SECS: RangeInclusive<u64> = 1..=30 * 24 * 3600;
/// `[games] idle_expiry_secs`: an hour to a year.
pub const IDLE_EXPIRY_SECS: RangeInclusive<u64> = 3600..=366 * 24 * 3600;
/// `[games] claim_window_secs`: a minute to 30 days.
pub const CLAIM_WINDOW_SECS: RangeInclusive<u64> = 60..=30 * 24 * 3600;
/// `[vacation] start_days`, `monthly_days` and `cap_days`: up to a year.
pub const VACATION_DAYS: RangeInclusive<u64> = 0..=366;
/// `[ai] think_ms`: a millisecond to a minute per move.
pub const THINK_MS: RangeInclusive<u64> = 1..=60_000;
/// `[discord] request_timeout_secs` by default: longer than Discord takes to
/// take an upload of a board's pictures, well short of an interaction
/// token's 15 minutes.
pub const DEFAULT_REQUEST_TIMEOUT_SECS: u64 = 15;
/// `[discord] request_timeout_secs`: a second to five minutes.
pub const REQUEST_TIMEOUT_SECS: RangeInclusive<u64> = 1..=300;
/// `[discord] guild_id`: a Discord snowflake (0 is none; they fit in an i64).
pub const GUILD_ID: RangeInclusive<u64> = 1..=i64::MAX as u64;

impl Config {
    /// Reads a config file. A missing file at the default path gives the
    /// defaults; a missing file that was asked for by name is an error.
    /// `DISCORD_TOKEN` in the environment overrides the file's token.
    pub fn load(path: &Path, required: bool) -> anyhow::Result<Config> {
        let text = match read_limited(path) {
            Err(ConfigError::Read(_)) if !required && !path.exists() => String::new(),
            other => other.map_err(|e| anyhow::anyhow!("config file {}: {e}", path.display()))?,
        };
        let mut config =
            Config::parse(&text).map_err(|e| anyhow::anyhow!("config file {}: {e}", path.display()))?;
        if let Ok(token) = std::env::var("DISCORD_TOKEN") {
            if !token.trim().is_empty() {
                config.discord.token = Some(token.trim().to_string());
            }
        }
        config
            .validate()
            .map_err(|e| anyhow::anyhow!("config file {} (or DISCORD_TOKEN): {e}", path.display()))?;
        Ok(config)
    }

    /// Parses and checks the text of a config file: TOML, no unknown key in
    /// any section, every value within bounds. A leading byte-order mark is
    /// accepted.
    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut doc: toml::Table = toml::from_str(text).map_err(|e| syntax_error(text, &e))?;
        let mut config: Config = toml::from_str(text).map_err(|e| syntax_error(text, &e))?;
        config.read_moved_keys(&mut doc)?;
        config.check_keys(&doc)?;
        config.validate()?;
        Ok(config)
    }

    /// Reads each [`MOVED_KEYS`] key found in its old section (the new place
    /// wins when both are given), takes it out of `doc` and adds a warning
    /// naming the new place.
    fn read_moved_keys(&mut self, doc: &mut toml::Table) -> Result<(), ConfigError> {
        for (old, key, new) in MOVED_KEYS {
            let Some(value) = doc
                .get_mut(old)
                .and_then(toml::Value::as_table_mut)
                .and_then(|t| t.remove(key))
            else {
                continue;
            };
            let in_new = doc
                .get(new)
                .and_then(toml::Value::as_table)
                .is_some_and(|t| t.contains_key(key));
            match (key, value) {
                ("use_threads", toml::Value::Boolean(b)) if !in_new => self.discord.use_threads = b,
                ("use_threads", toml::Value::Boolean(_)) => {}
                _ => {
                    return Err(ConfigError::Invalid {
                        key: "games.use_threads",
                        reason: "must be true or false (and belongs in [discord])".into(),
                    })
                }
            }
            self.warnings.push(match in_new {
                false => format!("`{key}` belongs in [{new}] now, not [{old}]: move it there"),
                true => format!(
                    "`{key}` is set in [{new}] and in [{old}]: [{new}] wins; delete the one in [{old}]"
                ),
            });
        }
        Ok(())
    }

    /// Checks the bounds of every value (the parser checks only types).
    pub fn validate(&self) -> Result<(), ConfigError> {
        let d = &self.discord;
        if let Some(token) = &d.token {
            if token.is_empty() || !token.chars().all(|c| c.is_ascii_graphic()) {
                return Err(invalid(
                    "discord.token",
                    "must be the token alone: no spaces, quotes inside or line breaks",
                ));
            }
        }
        if let Some(id) = d.guild_id {
            in_range("discord.guild_id", id, GUILD_ID)?;
        }
        if let Some(proxy) = &d.api_proxy {
            let scheme_ok = proxy.starts_with("http://") || proxy.starts_with("https://");
            if !scheme_ok || proxy.chars().any(|c| c.is_whitespace() || c.is_control()) {
                return Err(invalid("discord.api_proxy", "must be an http:// or https:// URL"));
            }
        }
        if let Some(shards @ ShardsConfig::Range { .. }) = d.shards {
            // `auto` is checked once Discord has said how many shards to run.
            if let Err(e) = shards.plan(|| 1) {
                return Err(ConfigError::Invalid {
                    key: "discord.shards",
                    reason: e.to_string(),
                });
            }
        }
        in_range(
            "discord.request_timeout_secs",
            d.request_timeout_secs,
            REQUEST_TIMEOUT_SECS,
        )?;
        if let Some(addr) = self.metrics.listen {
            if addr.port() == 0 {
                return Err(invalid(
                    "metrics.listen",
                    "needs a fixed port (e.g. 127.0.0.1:9184), not 0",
                ));
            }
        }
        if self.storage.path.as_os_str().to_string_lossy().trim().is_empty() {
            return Err(invalid("storage.path", "must not be empty"));
        }
        in_range(
            "games.challenge_ttl_secs",
            self.games.challenge_ttl_secs,
            CHALLENGE_TTL_SECS,
        )?;
        in_range(
            "games.idle_expiry_secs",
            self.games.idle_expiry_secs,
            IDLE_EXPIRY_SECS,
        )?;
        in_range(
            "games.claim_window_secs",
            self.games.claim_window_secs,
            CLAIM_WINDOW_SECS,
        )?;
        in_range("ai.think_ms", self.ai.think_ms, THINK_MS)?;
        let v = self.vacation;
        in_range("vacation.start_days", v.start_days.into(), VACATION_DAYS)?;
        in_range("vacation.monthly_days", v.monthly_days.into(), VACATION_DAYS)?;
        in_range("vacation.cap_days", v.cap_days.into(), VACATION_DAYS)?;
        if v.start_days > v.cap_days {
            return Err(invalid("vacation.start_days", "must not be above cap_days"));
        }
        if let Some((key, reason)) = self.web.problem() {
            return Err(ConfigError::Invalid { key, reason });
        }
        Ok(())
    }

    /// Refuses keys that a section's struct ignored. The sections are
    /// compared with what they serialize to, so a section type without
    /// `deny_unknown_fields` cannot swallow a typo either.
    fn check_keys(&self, doc: &toml::Table) -> Result<(), ConfigError> {
        let known = [
            ("storage", toml::Value::try_from(&self.storage)),
            ("games", toml::Value::try_from(&self.games)),
            ("ai", toml::Value::try_from(self.ai)),
            ("web", toml::Value::try_from(&self.web)),
        ];
        for (section, fields) in known {
            let given = doc.get(section).and_then(toml::Value::as_table);
            // A section that does not serialize to a table is left to serde.
            let (Some(given), Ok(toml::Value::Table(fields))) = (given, fields) else {
                continue;
            };
            if let Some(key) = given.keys().find(|k| !fields.contains_key(*k)) {
                return Err(ConfigError::UnknownKey {
                    section: section.to_string(),
                    key: shown_name(key).to_string(),
                });
            }
        }
        Ok(())
    }
}

fn invalid(key: &'static str, reason: &str) -> ConfigError {
    ConfigError::Invalid {
        key,
        reason: reason.to_string(),
    }
}

fn in_range(key: &'static str, value: u64, range: RangeInclusive<u64>) -> Result<(), ConfigError> {
    if range.contains(&value) {
        return Ok(());
    }
    Err(ConfigError::Invalid {
        key,
        reason: format!("{value} is out of range {}..={}", range.start(), range.end()),
    })
}

/// Reads at most [`MAX_CONFIG_BYTES`] (a FIFO or a huge file is not slurped).
fn read_limited(path: &Path) -> Result<String, ConfigError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| ConfigError::Read(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ConfigError::Read(e.to_string()))?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(ConfigError::TooLarge);
    }
    String::from_utf8(bytes)
        .map_err(|e| ConfigError::Read(format!("not UTF-8 (byte {})", e.utf8_error().valid_up_to())))
}

/// A TOML error without the quoted line (which would show a token in full):
/// the position and the message with its quoted values hidden.
fn syntax_error(text: &str, e: &toml::de::Error) -> ConfigError {
    let start = e.span().map_or(0, |s| s.start).min(text.len());
    let before = text.get(..start).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    ConfigError::Syntax {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
        // One line: toml's messages continue on a second line ("expected ...").
        message: hide_values(&e.message().trim().replace('\n', "; ")),
    }
}

const HIDDEN: &str = "<hidden>";

/// A key name as written if it is short and lower case like every real key,
/// else hidden: a long mixed-case "key" may be a pasted token.
fn shown_name(name: &str) -> &str {
    let plain = name.len() <= 32 && !name.chars().any(|c| c.is_ascii_uppercase() || c.is_control());
    if plain {
        name
    } else {
        HIDDEN
    }
}

/// Hides what a message quotes: every `"string"`, and every `` `name` `` that
/// is not a short key or punctuation (serde quotes unknown keys, which could
/// be a pasted token).
fn hide_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest.as_bytes()[open] as char;
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let Some(close) = rest.find(quote) else {
            // An unclosed quote: hide everything after it.
            out.push_str(HIDDEN);
            return out;
        };
        let inner = &rest[..close];
        out.push_str(if quote == '`' { shown_name(inner) } else { HIDDEN });
        out.push(quote);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `[discord] shards`: the word `"auto"` or a table `{ total, first, last }`.
/// Read by hand so that a typo gets an error naming it (serde's untagged
/// enums only say "did not match any variant").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardsConfig {
    /// `"auto"`: this process runs every shard, as many as Discord recommends.
    Auto,
    /// A range of a fixed total, for one of several processes.
    Range {
        /// Shards of the whole bot.
        total: u32,
        /// This process's first shard.
        first: u32,
        /// This process's last shard (inclusive).
        last: u32,
    },
}

const EXPECTED: &str = "`auto` or { total = N, first = N, last = N }";

impl<'de> Deserialize<'de> for ShardsConfig {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ShardsVisitor)
    }
}

struct ShardsVisitor;

impl<'de> serde::de::Visitor<'de> for ShardsVisitor {
    type Value = ShardsConfig;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(EXPECTED)
    }

    fn visit_str<E: serde::de::Error>(self, word: &str) -> Result<ShardsConfig, E> {
        if word == "auto" {
            Ok(ShardsConfig::Auto)
        } else {
            Err(E::custom(format!("shards must be {EXPECTED}")))
        }
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<ShardsConfig, A::Error> {
        use serde::de::Error as _;
        let (mut total, mut first, mut last) = (None, None, None);
        while let Some(key) = map.next_key::<String>()? {
            let slot = match key.as_str() {
                "total" => &mut total,
                "first" => &mut first,
                "last" => &mut last,
                _ => return Err(A::Error::unknown_field(&key, &["total", "first", "last"])),
            };
            *slot = Some(map.next_value::<u32>()?);
        }
        match (total, first, last) {
            (Some(total), Some(first), Some(last)) => Ok(ShardsConfig::Range { total, first, last }),
            _ => Err(A::Error::custom(format!(
                "shards needs all of total, first and last: {EXPECTED}"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{hide_values, Config, ShardsConfig};

    #[test]
    fn the_example_config_parses_and_hides_the_token() {
        let c = Config::parse(include_str!("../config.example.toml")).unwrap();
        assert_eq!(c.storage.path, std::path::PathBuf::from("data/isolo.sled"));
        assert!(c.discord.use_threads);
        assert!(!format!("{c:?}").contains("YOUR_BOT_TOKEN"));
    }

    #[test]
    fn shards_and_metrics_are_read_and_checked() {
        let c = Config::parse(
            "[discord]\nshards = { total = 2, first = 1, last = 1 }\n[metrics]\nlisten = \"127.0.0.1:9184\"",
        )
        .unwrap();
        assert_eq!(
            c.discord.shards,
            Some(ShardsConfig::Range {
                total: 2,
                first: 1,
                last: 1
            })
        );
        assert_eq!(c.metrics.listen, Some("127.0.0.1:9184".parse().unwrap()));
        let c = Config::parse("[discord]\nshards = \"auto\"").unwrap();
        assert_eq!(c.discord.shards, Some(ShardsConfig::Auto));
        assert_eq!(Config::default().metrics.listen, None, "off by default");
        for (text, needle) in [
            (
                "[discord]\nshards = { total = 2, first = 2, last = 2 }",
                "discord.shards: first (2)",
            ),
            (
                "[discord]\nshards = { total = 0, first = 0, last = 0 }",
                "total must be between",
            ),
            ("[discord]\nshards = { total = 2, frist = 0, last = 0 }", "frist"),
            ("[discord]\nshards = \"many\"", "`auto` or { total"),
            ("[metrics]\nlisten = \"localhost\"", "line 2"),
            (
                "[metrics]\nlisten = \"127.0.0.1:0\"",
                "metrics.listen: needs a fixed port",
            ),
            ("[metrics]\nlisen = \"127.0.0.1:1\"", "lisen"),
        ] {
            let err = Config::parse(text).expect_err(text).to_string();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }

    #[test]
    fn the_request_timeout_is_read_and_checked() {
        assert_eq!(Config::default().discord.request_timeout_secs, 15);
        let c = Config::parse("[discord]\nrequest_timeout_secs = 30").unwrap();
        assert_eq!(c.discord.request_timeout_secs, 30);
        for text in [
            "[discord]\nrequest_timeout_secs = 0",
            "[discord]\nrequest_timeout_secs = 301",
        ] {
            let err = Config::parse(text).expect_err(text).to_string();
            assert!(err.contains("discord.request_timeout_secs: "), "{text:?}: {err}");
        }
    }

    #[test]
    fn the_deploy_configs_name_their_shards() {
        for (n, text) in [
            (0, include_str!("../deploy/shard0.toml")),
            (1, include_str!("../deploy/shard1.toml")),
        ] {
            let c = Config::parse(text).unwrap();
            let want = ShardsConfig::Range {
                total: 2,
                first: n,
                last: n,
            };
            assert_eq!(c.discord.shards, Some(want));
            assert!(c.metrics.listen.is_some());
        }
    }

    #[test]
    fn quoted_values_are_hidden_and_key_names_kept() {
        assert_eq!(
            hide_values(r#"invalid type: string "s3cr3t", expected u64"#),
            r#"invalid type: string "<hidden>", expected u64"#
        );
        assert_eq!(
            hide_values("unknown field `tokn`, expected one of `token`, `guild_id`"),
            "unknown field `tokn`, expected one of `token`, `guild_id`"
        );
        assert_eq!(
            hide_values("unknown field `MTA5ODc2NTQzMjEwOTg3NjU0.GhJkLm.abcdefghij`"),
            "unknown field `<hidden>`"
        );
        assert_eq!(hide_values("unterminated \"abc"), "unterminated \"<hidden>");
    }
}
