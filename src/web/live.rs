//! Moves pushed to open pages: each page holds a WebSocket; a commit of a
//! live game (by this process, or another sharing the store) makes the hub
//! read the game once per room and send it to every socket in the room.
//! A room is a game in one language; a private game's room is its player's
//! own, and their right to watch is checked again on every push.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::Response;
use axum::Extension;
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::{ask, game, guard, refusal, GamePath, Web};
use crate::table::{ChannelId, Sight, Table, UserId};
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

/// How far a state has come: its takebacks (after which the plies may be
/// fewer), its plies, then whether it has ended. A room never sends a state
/// behind the last it sent, so two pushes of one commit racing each other
/// cannot step a page back.
type Mark = (u32, usize, bool);

/// A room's sockets, and how far its last push went.
struct Room {
    tx: broadcast::Sender<Arc<str>>,
    pushed: Mark,
}

impl Hub {
    /// A hub for `table`'s games, fed once [`Hub::run`] starts: by the
    /// table's commits and by other processes' (through the store's
    /// announcements). When either stream loses changes (this process's
    /// fell behind, or the store's overflowed or dropped), every open room
    /// is read again.
    pub(crate) fn new(table: Arc<Table>) -> Arc<Hub> {
        Arc::new(Hub {
            table,
            rooms: Mutex::default(),
        })
    }

    /// Starts feeding the rooms of `web`'s server.
    pub(crate) fn run(self: &Arc<Self>, web: Web) {
        let hub = self.clone();
        let (local, local_web) = (hub.clone(), web.clone());
        let mut changes = hub.table.game_changes();
        tokio::spawn(async move {
            loop {
                match changes.recv().await {
                    Ok(channel) => local.changed(&local_web, channel).await,
                    // Fell behind: every open room is read again.
                    Err(broadcast::error::RecvError::Lagged(_)) => local.changed_all(&local_web).await,
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
        let remote = hub.clone();
        tokio::spawn(async move {
            let mut resubscribed = false;
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
                if resubscribed {
                    // Listening again: whatever happened meanwhile is read again.
                    remote.changed_all(&web).await;
                }
                while let Some(channel) = rx.recv().await {
                    remote.changed(&web, channel).await;
                }
                resubscribed = true;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        });
    }

    /// Joins room `key`.
    fn subscribe(&self, key: RoomKey) -> broadcast::Receiver<Arc<str>> {
        let mut rooms = self.rooms.lock().expect("the rooms lock");
        rooms.retain(|_, r| r.tx.receiver_count() > 0);
        rooms
            .entry(key)
            .or_insert_with(|| Room {
                tx: broadcast::channel(ROOM_BACKLOG).0,
                pushed: (0, 0, false),
            })
            .tx
            .subscribe()
    }

    /// Notes that a socket of room `key` was sent a state as far as `mark`.
    fn sent(&self, key: &RoomKey, mark: Mark) {
        if let Some(room) = self.rooms.lock().expect("the rooms lock").get_mut(key) {
            room.pushed = room.pushed.max(mark);
        }
    }

    async fn changed_all(&self, web: &Web) {
        let mut channels: Vec<ChannelId> = {
            let rooms = self.rooms.lock().expect("the rooms lock");
            rooms.keys().map(|k| k.0).collect()
        };
        channels.sort_unstable();
        channels.dedup();
        for c in channels {
            self.changed(web, c).await;
        }
    }

    /// Reads the game of the open rooms of `channel` once (a room per
    /// language shares the read) and sends each room what changed since its
    /// last push: one message, shared by every socket of the room, and
    /// never one behind what the room was sent.
    async fn changed(&self, web: &Web, channel: ChannelId) {
        let keys: Vec<RoomKey> = {
            let rooms = self.rooms.lock().expect("the rooms lock");
            rooms
                .iter()
                .filter(|(k, r)| k.0 == channel && r.tx.receiver_count() > 0)
                .map(|(k, _)| *k)
                .collect()
        };
        let mut reads: HashMap<u64, Result<crate::table::Sealed, crate::table::TableError>> = HashMap::new();
        let now = self.table.now_ms();
        for key in keys {
            let (channel, id, tag, who) = key;
            let lang = Lang::from_tag(tag).unwrap_or(Lang::ENGLISH);
            let read = match reads.get(&id) {
                Some(r) => r.clone(),
                None => {
                    let r = ask(&self.table, move |t| t.sealed(channel, id)).await;
                    reads.insert(id, r.clone());
                    r
                }
            };
            // The right to watch is checked again on every push.
            let opened = match read {
                Ok(sealed) => {
                    let sight = web.room_sight(&sealed, who).await;
                    sealed.open(who, sight)
                }
                Err(e) => Err(e),
            };
            let mut rooms = self.rooms.lock().expect("the rooms lock");
            let Some(room) = rooms.get_mut(&key) else { continue };
            let text: Arc<str> = match opened {
                Ok(w) => {
                    let state = game::state(&w, lang, now);
                    let mark = mark(&state);
                    if mark < room.pushed {
                        // An older read than one already sent: nothing new.
                        continue;
                    }
                    // After a takeback the page reads the whole history.
                    let from = if mark.0 == room.pushed.0 { room.pushed.1 } else { 0 };
                    room.pushed = mark;
                    match serde_json::to_string(&state.update(from)) {
                        Ok(json) => json.into(),
                        Err(_) => continue,
                    }
                }
                // Gone, or no longer theirs to watch: the page is told so.
                Err(e) => serde_json::json!({ "error": crate::words::refusal::refusal(lang, &e) })
                    .to_string()
                    .into(),
            };
            let _ = room.tx.send(text);
        }
    }
}

/// How far `state` has come.
fn mark(state: &game::GameState) -> Mark {
    (state.takebacks, state.plies.len(), !state.live)
}

impl Web {
    /// Who can see a room's game's channel: a room of everyone (`who`
    /// `None`) asks whether `@everyone` can; a member's room, whether they can.
    async fn room_sight(&self, sealed: &crate::table::Sealed, who: Option<UserId>) -> crate::table::Sight {
        if !sealed.needs_sight(who) {
            return crate::table::Sight::Hidden;
        }
        // The server's own look-up: only the budget of the whole server.
        let caller = super::outbound::Caller {
            address: None,
            member: None,
        };
        self.sight(caller, sealed.guild(), sealed.place(), who).await
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
    let Some(origin) = headers.get(header::ORIGIN) else {
        // Not a browser: it has no cookie of ours to abuse.
        return true;
    };
    origin.to_str().is_ok_and(|o| guard::own_origin(web, headers, o))
}

/// How long a socket that sends its session in its first message has to send it.
const AUTH_WITHIN: Duration = Duration::from_secs(10);

/// The session a socket sends first (`{"session": "<token>"}`).
#[derive(Debug, serde::Deserialize)]
struct Hello {
    session: Option<String>,
}

/// The game for a socket of `who`, and the room it joins: everyone's when
/// `@everyone` can watch it, else the member's own.
async fn open_for(
    web: &Web,
    game: (ChannelId, u64, String),
    who: Option<UserId>,
    address: std::net::IpAddr,
) -> Result<(crate::table::Watched, Option<UserId>), crate::table::TableError> {
    let (channel, id, link) = game;
    let sealed = ask(&web.table, move |t| t.watch(channel, id, &link)).await?;
    let everyone = web.sight_of(&sealed, address, None).await;
    if everyone == Sight::Everyone {
        return Ok((sealed.open(who, everyone)?, None));
    }
    let sight = web.sight_of(&sealed, address, who).await;
    Ok((sealed.open(who, sight)?, who))
}

/// The whole game for a socket of `who`, as text, with its link key.
async fn whole(
    web: &Web,
    game: &(ChannelId, u64, String),
    who: Option<UserId>,
    address: std::net::IpAddr,
    lang: Lang,
) -> (String, Option<Mark>) {
    match open_for(web, game.clone(), who, address).await {
        Ok((w, _)) => {
            let mut state = game::state(&w, lang, web.table.now_ms());
            state.key = game.2.clone();
            let m = mark(&state);
            (serde_json::to_string(&state).unwrap_or_default(), Some(m))
        }
        Err(e) => (
            serde_json::json!({ "error": crate::words::refusal::refusal(lang, &e) }).to_string(),
            None,
        ),
    }
}

/// `GET /api/g/<channel>/<game>-<key>/ws`: a socket that receives the
/// game's state at once and again after every change. Its session is the
/// cookie, or (`?auth=message`, the Activity's frame, which has no cookies)
/// the socket's first message: never the URL, which proxies log.
pub(crate) async fn upgrade(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    mut request: Request,
) -> Response {
    let headers = request.headers().clone();
    let lang = guard::language(&headers);
    let Some(key) = handshake_key(request.method(), &headers) else {
        return guard::error(StatusCode::BAD_REQUEST, "a WebSocket handshake is expected here");
    };
    if !same_origin(&web, &headers) {
        return guard::error(StatusCode::FORBIDDEN, "a socket from another site's page");
    }
    let game = match path.ids() {
        Ok(ids) => ids,
        Err(r) => return r.answer(lang),
    };
    let by_message = request
        .uri()
        .query()
        .is_some_and(|q| q.split('&').any(|kv| kv == "auth=message"));
    let cookie_who = if by_message {
        None
    } else {
        let who = web.viewer(&headers).await.map(|s| s.user);
        // Refused before the upgrade: the page gets a plain status.
        if let Err(e) = open_for(&web, game.clone(), who, client.0).await {
            return refusal(lang, &e);
        }
        who
    };
    let Some(slot) = web.limits.socket(client.0) else {
        return guard::too_many(lang);
    };
    let Some(on_upgrade) = request.extensions_mut().remove::<OnUpgrade>() else {
        return guard::error(StatusCode::UPGRADE_REQUIRED, "this connection cannot be upgraded");
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
        let who = if by_message {
            let hello = tokio::time::timeout(AUTH_WITHIN, incoming.next()).await;
            let token = match hello {
                Ok(Some(Ok(Message::Text(t)))) => {
                    serde_json::from_str::<Hello>(&t).ok().and_then(|h| h.session)
                }
                _ => None,
            };
            match token.and_then(|t| web.sessions.read(&t, web.table.now_ms())) {
                Some(s) => web.live_session(s).await.map(|s| s.user),
                None => None,
            }
        } else {
            cookie_who
        };
        let room_user = match open_for(&web, game.clone(), who, client.0).await {
            Ok((_, room)) => room,
            Err(e) => {
                let refused = serde_json::json!({ "error": crate::words::refusal::refusal(lang, &e) });
                let _ = out.send(Message::Text(refused.to_string())).await;
                let _ = out.send(Message::Close(None)).await;
                return;
            }
        };
        // Joined before the game is read: a commit after the read is pushed.
        let room = (game.0, game.1, lang.tag(), room_user);
        let mut rx = web.hub.subscribe(room);
        let (first, sent) = whole(&web, &game, who, client.0, lang).await;
        if let Some(m) = sent {
            web.hub.sent(&room, m);
        }
        if out.send(Message::Text(first)).await.is_err() || sent.is_none() {
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
                    // Missed pushes: the page is sent the whole game again.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let (text, ok) = whole(&web, &game, who, client.0, lang).await;
                        if out.send(Message::Text(text)).await.is_err() || ok.is_none() {
                            return;
                        }
                    }
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
