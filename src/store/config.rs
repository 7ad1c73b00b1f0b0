//! Where the store lives: the `[storage]` table of the config file.

use std::fmt;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// Storage settings: the `[storage]` table of the config file.
///
/// `url` (or, when it is unset, the `DATABASE_URL` environment variable)
/// selects PostgreSQL; otherwise `path` selects the embedded sled database.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StorageConfig {
    /// Directory of the sled database.
    pub path: PathBuf,
    /// Also `fdatasync` after every commit. sled's own flush uses
    /// `sync_file_range` on Linux, which survives a process crash but not
    /// necessarily power loss on disks with a volatile write cache.
    pub fsync: bool,
    /// PostgreSQL connection URL, `postgres://user:password@host:port/db`
    /// (a unix socket: `postgres://user@%2Frun%2Fpostgresql/db`).
    pub url: Option<String>,
    /// PostgreSQL schema to keep the tables in (created if missing), so
    /// several bots or test runs can share one database. Default: `public`.
    pub schema: Option<String>,
}

impl Default for StorageConfig {
    fn default() -> Self {
        Self {
            path: PathBuf::from("data/isolo.sled"),
            fsync: false,
            url: None,
            schema: None,
        }
    }
}

/// Environment variable naming the PostgreSQL database when `[storage] url` is unset.
pub const DATABASE_URL_ENV: &str = "DATABASE_URL";

impl StorageConfig {
    /// The PostgreSQL URL to use: `url`, else `DATABASE_URL`, else none
    /// (sled). An empty `url` selects sled even when `DATABASE_URL` is set.
    pub fn postgres_url(&self) -> Option<String> {
        self.url
            .clone()
            .or_else(|| std::env::var(DATABASE_URL_ENV).ok())
            .filter(|u| !u.trim().is_empty())
    }

    /// Where the data lives, for messages: never shows a password.
    pub fn describe(&self) -> String {
        match self.postgres_url() {
            Some(url) => format!("PostgreSQL {}", redact_url(&url)),
            None => format!("sled database {}", self.path.display()),
        }
    }
}

// By hand, so a password in `url` never reaches a log.
impl fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StorageConfig")
            .field("path", &self.path)
            .field("fsync", &self.fsync)
            .field("url", &self.url.as_deref().map(redact_url))
            .field("schema", &self.schema)
            .finish()
    }
}

/// `url` with any password replaced by `***`.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        // Key-value form: hide a `password=` value.
        return url
            .split_whitespace()
            .map(|kv| match kv.split_once('=') {
                Some(("password", _)) => "password=***".to_owned(),
                _ => kv.to_owned(),
            })
            .collect::<Vec<_>>()
            .join(" ");
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => {
            let shown = match userinfo.split_once(':') {
                Some((name, _)) => format!("{name}:***"),
                None => userinfo.to_owned(),
            };
            format!("{scheme}://{shown}@{host}{tail}")
        }
        None => url.to_owned(),
    }
}
