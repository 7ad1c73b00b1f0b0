//! `[web]` of the config file: where the live board listens, its public
//! address, sign-in and the limits it keeps.

use std::net::SocketAddr;
use std::sync::Arc;

use serde::Deserialize;

use super::guard::{self, Cidr};

/// `[web]`: the live board's server. Off unless `listen` is set.
#[derive(Clone, Deserialize, serde::Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// The address to listen on, e.g. `127.0.0.1:8080` behind a proxy that
    /// terminates TLS; unset serves nothing.
    pub listen: Option<SocketAddr>,
    /// The address players open, e.g. `https://isolo.example.org`: board
    /// messages link to their game there, and sign-in returns to it.
    pub public_url: Option<String>,
    /// The application's OAuth2 client id (its application id).
    pub client_id: Option<u64>,
    /// The application's OAuth2 client secret (Developer Portal > OAuth2).
    /// A password: never sent to a page or written to a log.
    pub client_secret: Option<String>,
    /// The key sessions are signed with, at least 32 characters; every
    /// process serving pages must share it. Unset: a random key per start
    /// (everyone signs in again after a restart).
    pub session_secret: Option<String>,
    /// Hours a sign-in lasts.
    pub session_hours: u64,
    /// Where the browser is sent to sign in (Discord's authorize page).
    pub authorize_url: String,
    /// The Discord API used for the code exchange, `/users/@me` and the
    /// Activity's instance check (`[discord] api_proxy` wins when set).
    pub api_url: String,
    /// The application has the Activity set up (Developer Portal >
    /// Activities, with the URL mapping to `public_url`): "Play live"
    /// launches it; otherwise the page's link is given.
    pub activity: bool,
    /// Pages that may frame the board (the Activity runs in Discord's frame).
    pub frame_ancestors: Vec<String>,
    /// Open WebSockets one address may hold.
    pub sockets_per_address: usize,
    /// The reverse proxies in front of this server (addresses or blocks,
    /// `127.0.0.1`, `10.0.0.0/8`): only their `Forwarded` and
    /// `X-Forwarded-For` headers say who the client is. Empty: every
    /// client is the address that connected.
    pub trusted_proxies: Vec<String>,
    /// Open connections in all (sockets included); more are closed at once.
    pub max_connections: usize,
    /// Open connections of one address (a trusted proxy's count only in all).
    pub connections_per_address: usize,
    /// Seconds a client may take to send a request's headers.
    pub header_timeout_secs: u64,
    /// Seconds a connection may stay silent before it is closed (a page's
    /// socket is pinged every 30 seconds, so it stays).
    pub idle_timeout_secs: u64,
}

impl std::fmt::Debug for WebConfig {
    // Never print the secrets.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebConfig")
            .field("listen", &self.listen)
            .field("public_url", &self.public_url)
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "<hidden>"))
            .field(
                "session_secret",
                &self.session_secret.as_ref().map(|_| "<hidden>"),
            )
            .field("session_hours", &self.session_hours)
            .field("authorize_url", &self.authorize_url)
            .field("api_url", &self.api_url)
            .field("activity", &self.activity)
            .field("frame_ancestors", &self.frame_ancestors)
            .field("sockets_per_address", &self.sockets_per_address)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("max_connections", &self.max_connections)
            .field("connections_per_address", &self.connections_per_address)
            .field("header_timeout_secs", &self.header_timeout_secs)
            .field("idle_timeout_secs", &self.idle_timeout_secs)
            .finish()
    }
}

/// Discord's OAuth2 authorize page.
pub const DISCORD_AUTHORIZE: &str = "https://discord.com/oauth2/authorize";
/// Discord's API.
pub const DISCORD_API: &str = "https://discord.com/api/v10";

impl Default for WebConfig {
    /// Nothing served; a week's sign-in; Discord's own addresses.
    fn default() -> WebConfig {
        WebConfig {
            listen: None,
            public_url: None,
            client_id: None,
            client_secret: None,
            session_secret: None,
            session_hours: 24 * 7,
            authorize_url: DISCORD_AUTHORIZE.into(),
            api_url: DISCORD_API.into(),
            activity: false,
            frame_ancestors: vec!["https://discord.com".into(), "https://*.discord.com".into()],
            sockets_per_address: 64,
            trusted_proxies: Vec::new(),
            max_connections: 1024,
            connections_per_address: 96,
            header_timeout_secs: 10,
            idle_timeout_secs: 75,
        }
    }
}

impl WebConfig {
    /// What is wrong with it, if anything: (key, reason).
    pub fn problem(&self) -> Option<(&'static str, String)> {
        let url_ok = |u: &str| {
            (u.starts_with("http://") || u.starts_with("https://"))
                && !u.chars().any(|c| c.is_whitespace() || c.is_control())
        };
        if let Some(u) = &self.public_url {
            if !url_ok(u) || u.ends_with('/') {
                return Some((
                    "web.public_url",
                    "must be an http:// or https:// address without a trailing /".into(),
                ));
            }
        }
        if !url_ok(&self.authorize_url) {
            return Some(("web.authorize_url", "must be an http:// or https:// URL".into()));
        }
        if !url_ok(&self.api_url) {
            return Some(("web.api_url", "must be an http:// or https:// URL".into()));
        }
        if let Some(s) = &self.session_secret {
            if s.len() < 32 {
                return Some(("web.session_secret", "must be at least 32 characters".into()));
            }
        }
        if let Some(s) = &self.client_secret {
            if s.is_empty() || !s.chars().all(|c| c.is_ascii_graphic()) {
                return Some(("web.client_secret", "must be the secret alone".into()));
            }
        }
        if !(1..=24 * 90).contains(&self.session_hours) {
            return Some(("web.session_hours", "must be 1 to 2160".into()));
        }
        if !(1..=1_000_000).contains(&self.sockets_per_address) {
            return Some(("web.sockets_per_address", "must be 1 to 1000000".into()));
        }
        if self
            .frame_ancestors
            .iter()
            .any(|a| a.contains([';', ',', '\'']) || a.trim().is_empty())
        {
            return Some((
                "web.frame_ancestors",
                "must be origins like https://discord.com".into(),
            ));
        }
        if let Some(bad) = self.trusted_proxies.iter().find_map(|p| p.parse::<Cidr>().err()) {
            return Some((
                "web.trusted_proxies",
                format!("{bad}: addresses or blocks like 10.0.0.0/8"),
            ));
        }
        if !(1..=1_000_000).contains(&self.max_connections) {
            return Some(("web.max_connections", "must be 1 to 1000000".into()));
        }
        if !(1..=self.max_connections).contains(&self.connections_per_address) {
            return Some((
                "web.connections_per_address",
                "must be 1 to max_connections".into(),
            ));
        }
        if !(1..=300).contains(&self.header_timeout_secs) {
            return Some(("web.header_timeout_secs", "must be 1 to 300".into()));
        }
        if !(1..=3600).contains(&self.idle_timeout_secs) {
            return Some(("web.idle_timeout_secs", "must be 1 to 3600".into()));
        }
        if let Err(why) = guard::policy(&self.frame_ancestors) {
            return Some(("web.frame_ancestors", why));
        }
        if self.listen.is_some() && self.client_secret.is_some() && self.client_id.is_none() {
            return Some(("web.client_id", "is needed with client_secret".into()));
        }
        None
    }

    /// Whether players can sign in here.
    pub fn sign_in(&self) -> bool {
        self.client_id.is_some() && self.client_secret.is_some()
    }

    /// The trusted proxies, parsed (those that do not parse are left out:
    /// [`WebConfig::problem`] refuses them first).
    pub(super) fn trusted(&self) -> Arc<[Cidr]> {
        self.trusted_proxies
            .iter()
            .filter_map(|p| p.parse().ok())
            .collect()
    }
}
