//! The live board: an HTTP and WebSocket front end beside Discord. A page
//! per game (`/g/<channel>/<game>`) draws the board the server sends,
//! animates each move from the engine's lap report, replays the game, and
//! lets a signed-in player move by tapping a pit; the same page runs inside
//! Discord as an Activity. It asks the table, as the Discord adapter does:
//! who may watch or play is decided there ([`crate::table::may_watch`],
//! [`Table::play_on`]), never here, and it never touches storage.
//!
//! `game.rs` builds what a page is sent, `live.rs` pushes it as moves are
//! committed, `auth.rs` signs players in (OAuth2, sessions, the Activity),
//! `guard.rs` holds the limits and headers, `client.rs` serves the page.

mod auth;
mod client;
mod game;
mod guard;
mod live;
mod outbound;
mod server;
mod sight;
mod takeback;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Extension;
use axum::{Json, Router};
use serde::Deserialize;

use crate::table::{BoardRef, ChannelId, Notice, Sight, Table, TableError};
use crate::words::Lang;

pub use auth::SESSION_COOKIE;
pub use client::LOCAL_CHANNEL;
pub use game::{GameState, PlyState, PIT_ORDER};
pub use guard::Cidr;

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
    fn trusted(&self) -> Arc<[Cidr]> {
        self.trusted_proxies
            .iter()
            .filter_map(|p| p.parse().ok())
            .collect()
    }
}

/// What the page's server needs besides its config.
pub struct WebParts {
    /// The games.
    pub table: Arc<Table>,
    /// The config (`[discord] api_proxy` already folded into `api_url`).
    pub config: WebConfig,
    /// The bot token, for the Activity's instance check (never sent out).
    pub bot_token: Option<String>,
    /// The page plays the computer's moves itself (the terminal's offline
    /// page; with Discord running, the chat front end does).
    pub plays_bot: bool,
    /// Sign-in for the offline page: every visitor is this member.
    pub local_player: Option<(u64, String)>,
}

/// The server's shared state.
#[derive(Clone)]
pub(crate) struct Web {
    table: Arc<Table>,
    config: Arc<WebConfig>,
    sessions: Arc<auth::Keys>,
    hub: Arc<live::Hub>,
    limits: Arc<guard::Limits>,
    http: reqwest::Client,
    bot_token: Option<Arc<str>>,
    plays_bot: bool,
    local_player: Option<(u64, Arc<str>)>,
    trusted: Arc<[Cidr]>,
    csp: axum::http::HeaderValue,
    outbound: Arc<outbound::Outbound>,
    sights: Arc<sight::Sights>,
    /// The offline page's token: a change must carry it, so another site's
    /// page cannot drive the game.
    local_csrf: Arc<str>,
}

/// Longest a request may take, its body included, before it is answered 503.
const REQUEST_WITHIN: std::time::Duration = std::time::Duration::from_secs(30);

/// Serves the live board on `listener` until `shutdown` completes. A
/// config that [`WebConfig::problem`] refuses is an error here too: the
/// server never starts with a policy it cannot send.
pub async fn serve(
    listener: tokio::net::TcpListener,
    parts: WebParts,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    if let Some((key, why)) = parts.config.problem() {
        return Err(std::io::Error::other(format!("{key} {why}")));
    }
    let csp = guard::policy(&parts.config.frame_ancestors).map_err(std::io::Error::other)?;
    let bounds = server::Bounds {
        total: parts.config.max_connections,
        per_address: parts.config.connections_per_address,
        headers: std::time::Duration::from_secs(parts.config.header_timeout_secs),
        idle: std::time::Duration::from_secs(parts.config.idle_timeout_secs),
    };
    let trusted = parts.config.trusted();
    let web = Web {
        csp,
        trusted: trusted.clone(),
        outbound: Arc::new(outbound::Outbound::new()),
        sights: Arc::default(),
        local_csrf: Arc::from(auth::random_token()),
        sessions: Arc::new(auth::Keys::new(parts.config.session_secret.as_deref())),
        hub: live::Hub::new(parts.table.clone()),
        limits: Arc::new(guard::Limits::new(
            parts.config.sockets_per_address,
            parts.config.max_connections,
        )),
        http: reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(std::io::Error::other)?,
        table: parts.table,
        config: Arc::new(parts.config),
        bot_token: parts.bot_token.map(Arc::from),
        plays_bot: parts.plays_bot,
        local_player: parts.local_player.map(|(id, name)| (id, Arc::from(name))),
    };
    web.hub.run(web.clone());
    server::run(listener, router(web), bounds, trusted, shutdown).await
}

fn routes() -> Router<Web> {
    Router::new()
        .route("/", get(client::home))
        .route("/g/{channel}/{game}", get(client::game_page))
        .route("/g/{channel}/{game}/board.png", get(board_png))
        .route("/activity", get(client::activity_page))
        .route("/client/{file}", get(client::asset))
        .route("/api/g/{channel}/{game}", get(game_json))
        .route("/api/g/{channel}/{game}/ws", get(live::upgrade))
        .route("/api/g/{channel}/{game}/move", post(play))
        .route("/api/g/{channel}/{game}/takeback", post(takeback))
        .route("/api/me", get(auth::me))
        .route("/auth/login", get(auth::login))
        .route("/auth/callback", get(auth::callback))
        .route("/auth/logout", post(auth::logout))
        .route("/api/activity/token", post(auth::activity_token))
        .route("/api/activity/game", get(auth::activity_game))
        .route("/api/local/new", post(client::local_new))
}

fn router(web: Web) -> Router {
    // Inside Discord every request comes through the URL mapping's /.proxy.
    Router::new()
        .merge(routes())
        .nest("/.proxy", routes())
        .fallback(|| async { guard::error(StatusCode::NOT_FOUND, "no such page") })
        .layer(axum::middleware::from_fn(within))
        .layer(axum::middleware::from_fn_with_state(web.clone(), guard::client))
        .layer(axum::middleware::from_fn_with_state(web.clone(), guard::headers))
        .with_state(web)
}

/// Answers 503 a request not answered within [`REQUEST_WITHIN`] (a body
/// sent a byte at a time included).
async fn within(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    match tokio::time::timeout(REQUEST_WITHIN, next.run(request)).await {
        Ok(r) => r,
        Err(_) => guard::error(StatusCode::SERVICE_UNAVAILABLE, "the request took too long"),
    }
}

/// A game's place, number and link key, from the path
/// (`/g/<channel>/<game>-<key>`).
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct GamePath {
    channel: String,
    game: String,
}

/// What a game's address must look like.
const GAME_PATH: &str = "a game's address is /g/<channel>/<game>-<key>, as its link gives it";

impl GamePath {
    /// The channel, game number and link key, or a clear refusal.
    fn ids(&self) -> Result<(ChannelId, u64, String), guard::Refused> {
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

/// The game of a request's path opened for its viewer: the link's key
/// checked by the table, who can see its channel asked of Discord where it
/// matters, and [`crate::table::may_watch`] applied; otherwise the answer
/// to send. Its store read waits in the work pool.
async fn watched(
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

async fn game_json(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
) -> Response {
    match watched(&web, &path, client, &headers).await {
        Ok((w, lang, key)) => {
            let mut state = game::state(&w, lang, web.table.now_ms());
            state.key = key;
            Json(state).into_response()
        }
        Err(r) => r,
    }
}

async fn board_png(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
) -> Response {
    let (watched, lang, _) = match watched(&web, &path, client, &headers).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    // Anyone's picture may be kept by a shared cache only if anyone may see it.
    let public = crate::table::may_watch(
        watched.guild,
        &watched.players,
        None,
        web.sight_of_watched(&watched, client.0).await,
    );
    let Ok(_work) = web.limits.work().await else {
        return guard::Refused::Busy.answer(lang);
    };
    match tokio::task::spawn_blocking(move || game::png(&watched, lang)).await {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (
                    header::CACHE_CONTROL,
                    if public { "no-cache" } else { "no-store, private" },
                ),
            ],
            png,
        )
            .into_response(),
        Err(_) => guard::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the picture could not be drawn",
        ),
    }
}

/// A move from the page: the pit and the ply of the board it was made on.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    pit: String,
    ply: usize,
}

/// A change a page asks of its game (a move, a takeback): its signed-in
/// member, its body read as `T` (`shape` says what it must look like), and
/// the game, once every check a change passes is passed; otherwise the
/// answer to send.
async fn change<T: serde::de::DeserializeOwned>(
    web: &Web,
    path: &GamePath,
    client: guard::Client,
    headers: &HeaderMap,
    body: &[u8],
    shape: &str,
) -> Result<(auth::Session, T, crate::table::Watched), Response> {
    let lang = guard::language(headers);
    if let Some(r) = guard::refused_change(web, headers) {
        return Err(r);
    }
    let Some(who) = web.viewer(headers).await else {
        return Err(guard::error(
            StatusCode::UNAUTHORIZED,
            &crate::tr!(lang, "web-sign-in-to-play"),
        ));
    };
    web.limits.member(who.user).map_err(|r| r.answer(lang))?;
    if !web.sessions.csrf_ok(&who, headers) {
        return Err(guard::error(
            StatusCode::FORBIDDEN,
            "a change needs the page's own token (X-Isolo-Csrf)",
        ));
    }
    let request: T = serde_json::from_slice(body)
        .map_err(|e| guard::error(StatusCode::BAD_REQUEST, &format!("{shape}: {e}")))?;
    let (watched, _, _) = watched(web, path, client, headers).await?;
    if !web.instance_ok(&who, watched.channel, client.0).await {
        return Err(guard::error(
            StatusCode::FORBIDDEN,
            "Discord does not know this Activity in this channel with you in it",
        ));
    }
    Ok((who, request, watched))
}

async fn play(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let lang = guard::language(&headers);
    let shape = "a move is {\"pit\":\"b2\",\"ply\":N}";
    let (who, request, watched) =
        match change::<MoveRequest>(&web, &path, client, &headers, &body, shape).await {
            Ok(c) => c,
            Err(r) => return r,
        };
    let (channel, id) = (watched.channel, watched.id);
    // At the offline page's one screen, whoever is to move moves.
    let user = match web.local_player {
        Some(_) => watched
            .game
            .to_move()
            .and_then(|side| watched.players[side.index()].user())
            .unwrap_or(who.user),
        None => who.user,
    };
    let board = BoardRef {
        game: id,
        ply: request.ply,
    };
    let pit = request.pit;
    // Exactly the path of /isolo move: the same checks, compare-and-swap,
    // clocks and ratings; a stale board is refused.
    // A finished game's page is answered for that game, not the channel's
    // next one.
    let over = !watched.live;
    let outcome = ask(&web.table, move |t| {
        if over {
            return Err(TableError::Illegal(crate::engine::IllegalMove::GameOver));
        }
        t.play_on(channel, user, &pit, Some(board))
    })
    .await;
    match outcome {
        Ok(out) => {
            let bot_next = out.finished.is_none() && out.view.live.bot_to_move();
            web.table.relay(Notice::Moved(Box::new(out)));
            if bot_next && web.plays_bot {
                let table = web.table.clone();
                tokio::task::spawn_blocking(move || {
                    if let Err(e) = table.bot_move(channel) {
                        tracing::warn!("the computer could not move in {channel}: {e}");
                    }
                });
            }
            Json(serde_json::json!({ "ok": true })).into_response()
        }
        Err(e) => refusal(lang, &e),
    }
}

/// `POST .../takeback`: the page's player asks to take back their last
/// move, or answers the opponent's request ([`takeback::TakebackRequest`]).
async fn takeback(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let lang = guard::language(&headers);
    let (who, request, watched) = match change::<takeback::TakebackRequest>(
        &web,
        &path,
        client,
        &headers,
        &body,
        takeback::SHAPE,
    )
    .await
    {
        Ok(c) => c,
        Err(r) => return r,
    };
    let (channel, live, user) = (watched.channel, watched.live, who.user);
    // A finished game's page is answered for that game, not the channel's next one.
    let outcome = ask(&web.table, move |t| match live {
        true => request.apply(t, channel, user),
        false => Err(TableError::Illegal(crate::engine::IllegalMove::GameOver)),
    })
    .await;
    match outcome {
        Ok(out) => {
            web.table.relay(Notice::Takeback(Box::new(out)));
            Json(serde_json::json!({ "ok": true })).into_response()
        }
        Err(e) => refusal(lang, &e),
    }
}

impl Web {
    /// The signed-in member of this request, if any: a valid session that
    /// was not ended ([`Table::session_ended`]).
    async fn viewer(&self, headers: &HeaderMap) -> Option<auth::Session> {
        if let Some((id, name)) = &self.local_player {
            return Some(auth::Session::local(*id, name, &self.local_csrf));
        }
        let session = self.sessions.session(headers, self.table.now_ms())?;
        self.live_session(session).await
    }

    /// `session`, unless it was ended on the server (signed out, or its
    /// member forgotten). Asked of the store, then kept a few seconds.
    pub(crate) async fn live_session(&self, session: auth::Session) -> Option<auth::Session> {
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
    async fn sight_of(
        &self,
        sealed: &crate::table::Sealed,
        address: std::net::IpAddr,
        who: Option<u64>,
    ) -> Sight {
        if !sealed.needs_sight(who) {
            return Sight::Hidden;
        }
        let caller = outbound::Caller {
            address: Some(address),
            member: who,
        };
        self.sight(caller, sealed.guild(), sealed.place(), who).await
    }

    /// Whether `@everyone` can see the channel of `w` (a private chat's:
    /// never), as the hub and the pictures' caching need it.
    async fn sight_of_watched(&self, w: &crate::table::Watched, address: std::net::IpAddr) -> Sight {
        if w.guild == crate::table::PRIVATE_GUILD {
            return Sight::Hidden;
        }
        let caller = outbound::Caller {
            address: Some(address),
            member: None,
        };
        self.sight(caller, w.guild, w.parent.unwrap_or(w.channel), None)
            .await
    }
}

/// A game's page address under `public_url`, with its link key
/// ([`Table::link_key`]), for a board message's link.
pub fn game_url(public_url: &str, channel: ChannelId, game: u64, key: &str) -> String {
    format!("{public_url}/g/{channel}/{game}-{key}")
}
