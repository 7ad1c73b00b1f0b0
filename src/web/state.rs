//! The server's shared state ([`Web`]), what every handler asks of it
//! (the viewer of a request, who can see a channel as Discord says), a
//! game's address, and the table's answers as HTTP. Beneath the handlers
//! (`auth.rs`, `client.rs`, `live.rs` and the routes in `mod.rs`); above
//! the parts it holds.

use std::sync::Arc;

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;

use super::config::WebConfig;
use super::guard::{self, Cidr, Limits};
use super::hub::Hub;
use super::outbound::{Caller, Outbound};
use super::session::{Keys, Session};
use super::sight::{keep, kept, sees, Channel, Guild, Member, Sights};
use crate::table::{ChannelId, GuildId, Sight, Table, TableError, UserId};
use crate::words::Lang;

/// The server's shared state.
#[derive(Clone)]
pub(crate) struct Web {
    pub(super) table: Arc<Table>,
    pub(super) config: Arc<WebConfig>,
    pub(super) sessions: Arc<Keys>,
    pub(super) hub: Arc<Hub>,
    pub(super) limits: Arc<Limits>,
    pub(super) http: reqwest::Client,
    pub(super) bot_token: Option<Arc<str>>,
    pub(super) plays_bot: bool,
    pub(super) local_player: Option<(u64, Arc<str>)>,
    pub(super) trusted: Arc<[Cidr]>,
    pub(super) csp: axum::http::HeaderValue,
    pub(super) outbound: Arc<Outbound>,
    pub(super) sights: Arc<Sights>,
    /// The offline page's token: a change must carry it, so another site's
    /// page cannot drive the game.
    pub(super) local_csrf: Arc<str>,
}

/// A game's place, number and link key, from the path
/// (`/g/<channel>/<game>-<key>`).
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct GamePath {
    pub(super) channel: String,
    pub(super) game: String,
}

/// What a game's address must look like.
pub(crate) const GAME_PATH: &str = "a game's address is /g/<channel>/<game>-<key>, as its link gives it";

impl GamePath {
    /// The channel, game number and link key, or a clear refusal.
    pub(crate) fn ids(&self) -> Result<(ChannelId, u64, String), guard::Refused> {
        let (game, key) = self.game.split_once('-').ok_or(guard::Refused::Bad(GAME_PATH))?;
        let key_ok = !key.is_empty()
            && key.len() <= 64
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        match (self.channel.parse::<u64>(), game.parse::<u64>()) {
            (Ok(c), Ok(g)) if key_ok => Ok((c, g, key.to_owned())),
            _ => Err(guard::Refused::Bad(GAME_PATH)),
        }
    }
}

/// Runs a table call off the async threads.
pub(crate) async fn ask<T: Send + 'static>(
    table: &Arc<Table>,
    op: impl FnOnce(&Table) -> Result<T, TableError> + Send + 'static,
) -> Result<T, TableError> {
    let table = table.clone();
    tokio::task::spawn_blocking(move || op(&table))
        .await
        .unwrap_or_else(|_| Err(TableError::Storage("the request's task failed".into())))
}

/// A table refusal as an HTTP answer, worded in `lang`.
pub(crate) fn refusal(lang: Lang, e: &TableError) -> Response {
    let status = match e {
        TableError::NoGame | TableError::NoSuchGame(_) => StatusCode::NOT_FOUND,
        TableError::Storage(_) | TableError::Corrupt { .. } => StatusCode::SERVICE_UNAVAILABLE,
        TableError::Contended => StatusCode::CONFLICT,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    guard::error(status, &crate::words::refusal::refusal(lang, e))
}

impl Web {
    /// The signed-in member of this request, if any: a valid session that
    /// was not ended ([`Table::session_ended`]).
    pub(crate) async fn viewer(&self, headers: &HeaderMap) -> Option<Session> {
        if let Some((id, name)) = &self.local_player {
            return Some(Session::local(*id, name, &self.local_csrf));
        }
        let session = self.sessions.session(headers, self.table.now_ms())?;
        self.live_session(session).await
    }

    /// `session`, unless it was ended on the server (signed out, or its
    /// member forgotten). Asked of the store, then kept a few seconds.
    pub(crate) async fn live_session(&self, session: Session) -> Option<Session> {
        if self.sessions.known_live(&session.sid) {
            return Some(session);
        }
        let (user, sid, issued) = (session.user, session.sid.clone(), session.issued_ms);
        match ask(&self.table, move |t| t.session_ended(user, &sid, issued)).await {
            Ok(false) => {
                self.sessions.note_live(&session.sid);
                Some(session)
            }
            // Ended, or the store cannot say: signed out (fails closed).
            _ => None,
        }
    }

    /// Who can see `sealed`'s channel, where it matters for `who`.
    pub(crate) async fn sight_of(
        &self,
        sealed: &crate::table::Sealed,
        address: std::net::IpAddr,
        who: Option<u64>,
    ) -> Sight {
        if !sealed.needs_sight(who) {
            return Sight::Hidden;
        }
        let caller = Caller {
            address: Some(address),
            member: who,
        };
        self.sight(caller, sealed.guild(), sealed.place(), who).await
    }

    /// Whether `@everyone` can see the channel of `w` (a private chat's:
    /// never), as the hub and the pictures' caching need it.
    pub(crate) async fn sight_of_watched(
        &self,
        w: &crate::table::Watched,
        address: std::net::IpAddr,
    ) -> Sight {
        if w.guild == crate::table::PRIVATE_GUILD {
            return Sight::Hidden;
        }
        let caller = Caller {
            address: Some(address),
            member: None,
        };
        self.sight(caller, w.guild, w.parent.unwrap_or(w.channel), None)
            .await
    }
}

impl Web {
    /// GETs `path` of Discord's API with the bot token, for `caller`; `None`
    /// when refused, failed lately, or out of allowance. `Some(None)` is
    /// Discord's 404 (no such member).
    async fn discord_get<T: serde::de::DeserializeOwned>(
        &self,
        caller: Caller,
        path: &str,
    ) -> Option<Option<T>> {
        let token = self.bot_token.as_deref()?;
        if self.outbound.failed_lately("get", path) {
            return None;
        }
        self.outbound.spend(caller, 1).ok()?;
        let api = self.config.api_url.trim_end_matches('/');
        let answer = self
            .http
            .get(format!("{api}{path}"))
            .header(reqwest::header::AUTHORIZATION, format!("Bot {token}"))
            .send()
            .await;
        let answer = match answer {
            Ok(a) => a,
            Err(_) => {
                self.outbound.failed("get", path);
                return None;
            }
        };
        if answer.status() == reqwest::StatusCode::NOT_FOUND {
            return Some(None);
        }
        if !answer.status().is_success() {
            self.outbound.failed("get", path);
            return None;
        }
        match answer.json::<T>().await {
            Ok(v) => Some(Some(v)),
            Err(_) => {
                self.outbound.failed("get", path);
                None
            }
        }
    }

    /// Who can see `channel` of `guild` for `who`: [`Sight::Everyone`] when
    /// `@everyone` can; [`Sight::Viewer`] when not, but the signed-in
    /// member can; otherwise (or when Discord cannot say) [`Sight::Hidden`].
    pub(crate) async fn sight(
        &self,
        caller: Caller,
        guild: GuildId,
        channel: ChannelId,
        who: Option<UserId>,
    ) -> Sight {
        let Some(channel_info) = self.channel_info(caller, channel).await else {
            return Sight::Hidden;
        };
        let Some(guild_info) = self.guild_info(caller, guild).await else {
            return Sight::Hidden;
        };
        if sees(guild, &guild_info, &channel_info, None) {
            return Sight::Everyone;
        }
        let Some(user) = who else {
            return Sight::Hidden;
        };
        let member = match kept(&self.sights.members, &(guild, user)) {
            Some(m) => m,
            None => {
                let Some(m) = self
                    .discord_get::<Member>(caller, &format!("/guilds/{guild}/members/{user}"))
                    .await
                else {
                    return Sight::Hidden;
                };
                keep(&self.sights.members, (guild, user), m.clone());
                m
            }
        };
        match member {
            Some(m) if sees(guild, &guild_info, &channel_info, Some((user, &m))) => Sight::Viewer,
            _ => Sight::Hidden,
        }
    }

    async fn channel_info(&self, caller: Caller, channel: ChannelId) -> Option<Channel> {
        if let Some(c) = kept(&self.sights.channels, &channel) {
            return Some(c);
        }
        let c = self
            .discord_get::<Channel>(caller, &format!("/channels/{channel}"))
            .await??;
        keep(&self.sights.channels, channel, c.clone());
        Some(c)
    }

    /// A server's name, as Discord says (kept as its sight is).
    pub(crate) async fn guild_name(&self, caller: Caller, guild: GuildId) -> Option<String> {
        self.guild_info(caller, guild).await?.name
    }

    async fn guild_info(&self, caller: Caller, guild: GuildId) -> Option<Guild> {
        if let Some(g) = kept(&self.sights.guilds, &guild) {
            return Some(g);
        }
        let g = self
            .discord_get::<Guild>(caller, &format!("/guilds/{guild}"))
            .await??;
        keep(&self.sights.guilds, guild, g.clone());
        Some(g)
    }
}

/// A member's page address under `public_url` (`/p/<member>`), for
/// `/isolo stats`' link.
pub fn player_url(public_url: &str, member: u64) -> String {
    format!("{public_url}/p/{member}")
}

/// A game's page address under `public_url`, with its link key
/// ([`Table::link_key`]), for a board message's link.
pub fn game_url(public_url: &str, channel: ChannelId, game: u64, key: &str) -> String {
    format!("{public_url}/g/{channel}/{game}-{key}")
}

/// Whether `origin` is this site's: the host the request came to, the
/// configured `public_url`, or, for the Activity, the address Discord
/// serves it from (`https://<application id>.discordsays.com`).
pub(crate) fn own_origin(web: &Web, headers: &HeaderMap, origin: &str) -> bool {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let same_host = origin
        .split_once("://")
        .is_some_and(|(scheme, h)| matches!(scheme, "http" | "https") && !host.is_empty() && h == host);
    let activity = web
        .config
        .client_id
        .is_some_and(|id| origin == format!("https://{id}.discordsays.com"));
    same_host || activity || web.config.public_url.as_deref() == Some(origin)
}

/// The refusal of a change (a POST) that does not come from this site's
/// own page, if it does not: a change is JSON with its content type (a
/// form or `text/plain` post from another site's page is a "simple"
/// request that needs no preflight), and, where the browser says where it
/// comes from (`Sec-Fetch-Site`, `Origin`), from here.
pub(crate) fn refused_change(web: &Web, headers: &HeaderMap) -> Option<Response> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Some(guard::error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a change is sent as JSON (Content-Type: application/json)",
        ));
    }
    let site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let foreign_site = site.is_some_and(|s| !matches!(s, "same-origin" | "none"));
    let foreign_origin = headers
        .get(header::ORIGIN)
        .is_some_and(|o| !o.to_str().is_ok_and(|o| own_origin(web, headers, o)));
    (foreign_site || foreign_origin)
        .then(|| guard::error(StatusCode::FORBIDDEN, "a change from another site's page"))
}

/// The game of a request's path opened for its viewer: the link's key
/// checked by the table, who can see its channel asked of Discord where it
/// matters, and [`crate::table::may_watch`] applied; otherwise the answer
/// to send. Its store read waits in the work pool.
pub(crate) async fn watched(
    web: &Web,
    path: &GamePath,
    client: guard::Client,
    headers: &HeaderMap,
) -> Result<(crate::table::Watched, Lang, String), Response> {
    let lang = guard::language(headers);
    let (channel, id, key) = path.ids().map_err(|r| r.answer(lang))?;
    let who = web.viewer(headers).await.map(|w| w.user);
    let sealed = {
        let _work = web.limits.work().await.map_err(|r| r.answer(lang))?;
        let key = key.clone();
        ask(&web.table, move |t| t.watch(channel, id, &key))
            .await
            .map_err(|e| refusal(lang, &e))?
    };
    let sight = web.sight_of(&sealed, client.0, who).await;
    match sealed.open(who, sight) {
        Ok(w) => Ok((w, lang, key)),
        Err(e) => Err(refusal(lang, &e)),
    }
}
