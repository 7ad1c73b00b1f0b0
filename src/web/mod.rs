//! The live board: an HTTP and WebSocket front end beside Discord. A page
//! per game (`/g/<channel>/<game>`) draws the board the server sends,
//! animates each move from the engine's lap report, replays the game, and
//! lets a signed-in player move by tapping a pit; the same page runs inside
//! Discord as an Activity. It asks the table, as the Discord adapter does:
//! who may watch or play is decided there ([`crate::table::may_watch`],
//! [`Table::play_on`]), never here, and it never touches storage.
//!
//! One way down: this file (the routes and their layers) and the handlers
//! (`client.rs` the page, `auth.rs` sign-in, `live.rs` the sockets) use
//! `state.rs` (the shared `Web` and what every handler asks of it), which
//! holds the parts beneath: `config.rs`, `session.rs` (signed sessions),
//! `hub.rs` (the sockets' rooms), `guard.rs` (addresses, limits, errors),
//! `outbound.rs`, `sight.rs`; `game.rs` builds what a page is sent.

mod analysis;
mod auth;
mod client;
mod config;
mod game;
mod guard;
mod hub;
mod live;
mod outbound;
mod players;
mod server;
mod session;
mod sight;
mod state;
mod takeback;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Extension;
use axum::{Json, Router};
use serde::Deserialize;

use crate::table::{BoardRef, Notice, Table, TableError};

pub use client::LOCAL_CHANNEL;
pub use config::{WebConfig, DISCORD_API, DISCORD_AUTHORIZE};
pub use game::{GameState, PlyState, PIT_ORDER};
pub use guard::Cidr;
pub use session::SESSION_COOKIE;
pub use state::{game_url, player_url};

use state::{ask, refusal, refused_change, watched, GamePath, Web};

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
        local_csrf: Arc::from(session::random_token()),
        sessions: Arc::new(session::Keys::new(parts.config.session_secret.as_deref())),
        hub: hub::Hub::new(parts.table.clone()),
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
        .route("/api/g/{channel}/{game}/explorer", get(players::explorer))
        .route("/p/{member}", get(players::page))
        .route("/api/p/{member}", get(players::state))
        .route("/api/g/{channel}/{game}/analysis", get(analysis::get_analysis))
        .route(
            "/api/g/{channel}/{game}/variation",
            post(analysis::post_variation),
        )
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
        .layer(axum::middleware::from_fn_with_state(web.clone(), find_client))
        .layer(axum::middleware::from_fn_with_state(
            web.clone(),
            security_headers,
        ))
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
) -> Result<(session::Session, T, crate::table::Watched), Response> {
    let lang = guard::language(headers);
    if let Some(r) = refused_change(web, headers) {
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

/// In front of every request: finds the client's address (behind trusted
/// proxies too) and counts the request against that address's allowance.
async fn find_client(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let ip = guard::client_address(peer.ip(), request.headers(), &web.trusted);
    if let Err(r) = web.limits.request(ip, None) {
        return r.answer(guard::language(request.headers()));
    }
    request.extensions_mut().insert(guard::Client(ip));
    next.run(request).await
}

/// The usual security headers on every answer: the Content-Security-Policy
/// ([`guard::policy`]), no sniffing, no referrer beyond this origin, no caching of
/// what is personal.
async fn security_headers(State(web): State<Web>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let h = response.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, web.csp.clone());
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin-allow-popups"),
    );
    h.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
    );
    if web
        .config
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"))
    {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}
