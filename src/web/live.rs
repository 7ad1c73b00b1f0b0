//! Moves pushed to open pages: each page holds a WebSocket; a commit of a
//! live game (by this process, or another sharing the store) makes the hub
//! read the game once per room and send it to every socket in the room.
//! A room is a game in one language; a private game's room is its player's
//! own, and their right to watch is checked again on every push.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::{ask, game, guard, refusal, GamePath, Web};
use crate::table::{may_watch, ChannelId, Table, UserId};
use crate::words::Lang;

/// States a socket may fall behind by; a lagging one skips to the newest.
const ROOM_BACKLOG: usize = 8;
/// A ping this often keeps proxies from closing a quiet socket.
const PING_EVERY: Duration = Duration::from_secs(30);
/// Largest message a page may send (it sends only pings).
const MAX_INCOMING: usize = 1024;
/// Messages a socket may send a minute before it is closed.
const INCOMING_PER_MINUTE: u32 = 120;

/// A room: one game, in one language, for anyone (`None`) or one player of
/// a private game.
type RoomKey = (ChannelId, u64, &'static str, Option<UserId>);

/// The rooms and what feeds them.
pub(crate) struct Hub {
    table: Arc<Table>,
    rooms: Mutex<HashMap<RoomKey, Room>>,
}

/// A room's sockets, and the plies its last push held.
struct Room {
    tx: broadcast::Sender<Arc<str>>,
    pushed: usize,
}

impl Hub {
    /// A hub fed by `table`'s commits and by other processes' (through the
    /// store's announcements).
    pub(crate) fn start(table: Arc<Table>) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            table: table.clone(),
            rooms: Mutex::default(),
        });
        let local = hub.clone();
        let mut changes = table.game_changes();
        tokio::spawn(async move {
            loop {
                match changes.recv().await {
                    Ok(channel) => local.changed(channel).await,
                    // Fell behind: every open room is read again.
                    Err(broadcast::error::RecvError::Lagged(_)) => local.changed_all().await,
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
        let remote = hub.clone();
        tokio::spawn(async move {
            loop {
                let store = remote.table.store().clone();
                let subscribed = tokio::task::spawn_blocking(move || store.game_changes()).await;
                let mut rx = match subscribed {
                    Ok(Ok(Some(rx))) => rx,
                    // Nobody else writes this store.
                    Ok(Ok(None)) | Err(_) => return,
                    Ok(Err(e)) => {
                        tracing::warn!("cannot listen for other processes' moves: {e}");
                        tokio::time::sleep(Duration::from_secs(5)).await;
                        continue;
                    }
                };
                while let Some(channel) = rx.recv().await {
                    remote.changed(channel).await;
                }
                // The subscription was lost: whatever happened meanwhile is read again.
                remote.changed_all().await;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
        hub
    }

    /// Joins room `key`, whose newest state holds `plies` plies.
    fn subscribe(&self, key: RoomKey, plies: usize) -> broadcast::Receiver<Arc<str>> {
        let mut rooms = self.rooms.lock().expect("the rooms lock");
        rooms.retain(|_, r| r.tx.receiver_count() > 0);
        rooms
            .entry(key)
            .or_insert_with(|| Room {
                tx: broadcast::channel(ROOM_BACKLOG).0,
                pushed: plies,
            })
            .tx
            .subscribe()
    }

    async fn changed_all(&self) {
        let channels: Vec<ChannelId> = {
            let rooms = self.rooms.lock().expect("the rooms lock");
            rooms.keys().map(|k| k.0).collect()
        };
        for c in channels {
            self.changed(c).await;
        }
    }

    /// Reads the game of the open rooms of `channel` once (a room per
    /// language shares the read) and sends each room what changed since its
    /// last push: one message, shared by every socket of the room.
    async fn changed(&self, channel: ChannelId) {
        let keys: Vec<(RoomKey, broadcast::Sender<Arc<str>>, usize)> = {
            let rooms = self.rooms.lock().expect("the rooms lock");
            rooms
                .iter()
                .filter(|(k, r)| k.0 == channel && r.tx.receiver_count() > 0)
                .map(|(k, r)| (*k, r.tx.clone(), r.pushed))
                .collect()
        };
        let mut reads: HashMap<
            (u64, Option<UserId>),
            Result<crate::table::Watched, crate::table::TableError>,
        > = HashMap::new();
        let now = self.table.now_ms();
        for (key, tx, pushed) in keys {
            let (channel, id, tag, who) = key;
            let lang = Lang::from_tag(tag).unwrap_or(Lang::ENGLISH);
            let read = match reads.get(&(id, who)) {
                Some(r) => r.clone(),
                None => {
                    let r = ask(&self.table, move |t| t.watch(channel, id, who)).await;
                    reads.insert((id, who), r.clone());
                    r
                }
            };
            let text: Arc<str> = match read {
                Ok(w) => {
                    let state = game::state(&w, lang, now);
                    if let Some(room) = self.rooms.lock().expect("the rooms lock").get_mut(&key) {
                        room.pushed = state.plies.len();
                    }
                    match serde_json::to_string(&state.update(pushed)) {
                        Ok(json) => json.into(),
                        Err(_) => continue,
                    }
                }
                // Gone, or no longer theirs to watch: the page is told so.
                Err(e) => serde_json::json!({ "error": crate::words::refusal::refusal(lang, &e) })
                    .to_string()
                    .into(),
            };
            let _ = tx.send(text);
        }
    }
}

/// The opening handshake's key, if the request is a WebSocket upgrade.
fn handshake_key(method: &Method, headers: &HeaderMap) -> Option<String> {
    let has = |name: header::HeaderName, token: &str| {
        headers.get_all(name).iter().any(|v| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
        })
    };
    let version = headers
        .get(header::SEC_WEBSOCKET_VERSION)
        .and_then(|v| v.to_str().ok());
    (method == Method::GET
        && has(header::CONNECTION, "upgrade")
        && has(header::UPGRADE, "websocket")
        && version == Some("13"))
    .then(|| {
        headers
            .get(header::SEC_WEBSOCKET_KEY)?
            .to_str()
            .ok()
            .map(str::to_owned)
    })
    .flatten()
}

/// Whether the socket comes from this server's own page: a browser always
/// sends `Origin`, and another site's page must not ride on the viewer's
/// cookie (cross-site WebSocket hijacking).
fn same_origin(web: &Web, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        // Not a browser: it has no cookie of ours to abuse.
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let own = |o: &str| o.split_once("://").is_some_and(|(_, h)| h == host);
    own(origin) || web.config.public_url.as_deref() == Some(origin)
}

/// `GET /api/g/<channel>/<game>/ws`: a socket that receives the game's
/// state at once and again after every change.
pub(crate) async fn upgrade(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    mut request: Request,
) -> Response {
    let headers = request.headers().clone();
    let lang = guard::language(&headers);
    if let Err(r) = web.limits.request(addr.ip(), None) {
        return r.answer(lang);
    }
    let Some(key) = handshake_key(request.method(), &headers) else {
        return guard::error(StatusCode::BAD_REQUEST, "a WebSocket handshake is expected here");
    };
    if !same_origin(&web, &headers) {
        return guard::error(StatusCode::FORBIDDEN, "a socket from another site's page");
    }
    let (channel, id) = match path.ids() {
        Ok(ids) => ids,
        Err(r) => return r.answer(lang),
    };
    // The Activity's frame has no cookies, and a browser's socket no
    // headers of its own: its session comes in the query.
    let from_query = request
        .uri()
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("s=")))
        .and_then(|s| web.sessions.read(&percent_decode(s), web.table.now_ms()));
    let who = from_query.or_else(|| web.viewer(&headers)).map(|s| s.user);
    let watched = match ask(&web.table, move |t| t.watch(channel, id, who)).await {
        Ok(w) => w,
        Err(e) => return refusal(lang, &e),
    };
    let Some(slot) = web.limits.socket(addr.ip()) else {
        return guard::too_many(lang);
    };
    let Some(on_upgrade) = request.extensions_mut().remove::<OnUpgrade>() else {
        return guard::error(StatusCode::UPGRADE_REQUIRED, "this connection cannot be upgraded");
    };
    // A public game's room is everyone's; a private one is the player's own.
    let room_user = if may_watch(watched.guild, &watched.players, None) {
        None
    } else {
        who
    };
    let mut rx = web
        .hub
        .subscribe((channel, id, lang.tag(), room_user), watched.moves.len());
    let first: Arc<str> = match serde_json::to_string(&game::state(&watched, lang, web.table.now_ms())) {
        Ok(json) => json.into(),
        Err(_) => return guard::error(StatusCode::INTERNAL_SERVER_ERROR, "the game could not be written"),
    };
    tokio::spawn(async move {
        let _slot = slot;
        let Ok(upgraded) = on_upgrade.await else {
            return;
        };
        let config = WebSocketConfig {
            max_message_size: Some(MAX_INCOMING),
            max_frame_size: Some(MAX_INCOMING),
            ..WebSocketConfig::default()
        };
        let socket =
            WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config)).await;
        let (mut out, mut incoming) = socket.split();
        if out.send(Message::Text(String::from(&*first))).await.is_err() {
            return;
        }
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        let mut minute = tokio::time::Instant::now();
        let mut heard = 0u32;
        loop {
            tokio::select! {
                state = rx.recv() => match state {
                    Ok(text) => {
                        if out.send(Message::Text(text.to_string())).await.is_err() {
                            return;
                        }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                message = incoming.next() => match message {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => {
                        if minute.elapsed() >= Duration::from_secs(60) {
                            minute = tokio::time::Instant::now();
                            heard = 0;
                        }
                        heard += 1;
                        if heard > INCOMING_PER_MINUTE {
                            let _ = out.send(Message::Close(None)).await;
                            return;
                        }
                    }
                },
                _ = ping.tick() => {
                    if out.send(Message::Ping(Vec::new())).await.is_err() {
                        return;
                    }
                }
            }
        }
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(header::SEC_WEBSOCKET_ACCEPT, derive_accept_key(key.as_bytes()))
        .body(Body::empty())
        .unwrap_or_else(|_| guard::error(StatusCode::INTERNAL_SERVER_ERROR, "no upgrade"))
}

/// Decodes `%XX` escapes (a session token is base64url and a dot, so only
/// what a browser's `encodeURIComponent` may add).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
