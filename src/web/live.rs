//! Moves pushed to open pages: each page holds a WebSocket; a commit of a
//! live game (by this process, or another sharing the store) makes the hub
//! read the game once per room and send it to every socket in the room.
//! A room is a game in one language; a private game's room is its player's
//! own, and their right to watch is checked again on every push.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{
    rejection::WebSocketUpgradeRejection, Message, Utf8Bytes, WebSocket, WebSocketUpgrade,
};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::Response;
use axum::Extension;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast;

use super::hub::{Hub, Mark, RoomKey};
use super::state::{ask, own_origin, refusal, GamePath, Web};
use super::{game, guard};
use crate::table::{ChannelId, Sight, UserId};
use crate::words::Lang;

/// A ping this often keeps proxies from closing a quiet socket.
const PING_EVERY: Duration = Duration::from_secs(30);
/// Largest message a page may send (it sends only pings).
const MAX_INCOMING: usize = 1024;
/// A socket's read buffer, filled (so resident) by its first read: a page
/// sends little (its session, pongs), and 10,000 sockets of tungstenite's
/// default (128 KiB) would hold 1.3 GB. A larger message grows its own
/// socket's buffer, up to [`MAX_INCOMING`].
const READ_BUFFER: usize = 256;
/// Messages a socket may send a minute before it is closed.
const INCOMING_PER_MINUTE: u32 = 120;

impl Hub {
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
            // Serialized once for the room: every socket sends these bytes.
            let text: Utf8Bytes = match opened {
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
                Err(e) => refused(lang, &e).into(),
            };
            let _ = room.tx.send(text);
        }
    }
}

/// The message telling a page it may not (or no longer) watch.
fn refused(lang: Lang, e: &crate::table::TableError) -> String {
    serde_json::json!({ "error": crate::words::refusal::refusal(lang, e) }).to_string()
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
    origin.to_str().is_ok_and(|o| own_origin(web, headers, o))
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
        Err(e) => (refused(lang, &e), None),
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
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    request: Request,
) -> Response {
    let headers = request.headers();
    let lang = guard::language(headers);
    if handshake_key(request.method(), headers).is_none() {
        return guard::error(StatusCode::BAD_REQUEST, "a WebSocket handshake is expected here");
    }
    if !same_origin(&web, headers) {
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
        let who = web.viewer(headers).await.map(|s| s.user);
        // Refused before the upgrade: the page gets a plain status.
        if let Err(e) = open_for(&web, game.clone(), who, client.0).await {
            return refusal(lang, &e);
        }
        who
    };
    let Some(slot) = web.limits.socket(client.0) else {
        return guard::too_many(lang);
    };
    let Ok(ws) = ws else {
        return guard::error(StatusCode::UPGRADE_REQUIRED, "this connection cannot be upgraded");
    };
    ws.max_message_size(MAX_INCOMING)
        .max_frame_size(MAX_INCOMING)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| async move {
            let _slot = slot;
            serve(web, socket, game, cookie_who, by_message, lang, client.0).await;
        })
}

/// Who a socket is (from its first message, with `by_message`), the room it
/// joins and the whole game sent to it: its receiver, viewer and whether
/// they play the game; `None`: the socket is done.
async fn join(
    web: &Web,
    socket: &mut WebSocket,
    game: &(ChannelId, u64, String),
    cookie_who: Option<UserId>,
    by_message: bool,
    lang: Lang,
    address: std::net::IpAddr,
) -> Option<(broadcast::Receiver<Utf8Bytes>, Option<UserId>, bool)> {
    let who = if by_message {
        let hello = tokio::time::timeout(AUTH_WITHIN, socket.next()).await;
        let token = match hello {
            Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str::<Hello>(t.as_str())
                .ok()
                .and_then(|h| h.session),
            _ => None,
        };
        match token.and_then(|t| web.sessions.read(&t, web.table.now_ms())) {
            Some(s) => web.live_session(s).await.map(|s| s.user),
            None => None,
        }
    } else {
        cookie_who
    };
    let (room_user, player) = match open_for(web, game.clone(), who, address).await {
        Ok((w, room)) => (room, who.is_some_and(|u| w.side_of(u).is_some())),
        Err(e) => {
            let _ = socket.send(Message::Text(refused(lang, &e).into())).await;
            let _ = socket.send(Message::Close(None)).await;
            return None;
        }
    };
    // Joined before the game is read: a commit after the read is pushed.
    let room = (game.0, game.1, lang.tag(), room_user);
    let rx = web.hub.subscribe(room);
    let (first, sent) = whole(web, game, who, address, lang).await;
    if let Some(m) = sent {
        web.hub.sent(&room, m);
    }
    if socket.send(Message::Text(first.into())).await.is_err() || sent.is_none() {
        return None;
    }
    Some((rx, who, player))
}

/// One socket, from its session (if sent as its first message) to its end.
async fn serve(
    web: Web,
    mut socket: WebSocket,
    game: (ChannelId, u64, String),
    cookie_who: Option<UserId>,
    by_message: bool,
    lang: Lang,
    address: std::net::IpAddr,
) {
    // Boxed, as is every rare step: a socket's task keeps the size of its
    // largest step for its whole life, and a crowd has many sockets.
    let joined = Box::pin(join(
        &web,
        &mut socket,
        &game,
        cookie_who,
        by_message,
        lang,
        address,
    ))
    .await;
    let Some((mut rx, who, player)) = joined else {
        return;
    };
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut minute = tokio::time::Instant::now();
    let mut heard = 0u32;
    loop {
        tokio::select! {
            state = rx.recv() => match state {
                Ok(text) => match push(&mut socket, &mut rx, text, player).await {
                    Ok(false) => {}
                    Ok(true) => {
                        if !Box::pin(resend(&web, &mut socket, &game, who, address, lang)).await {
                            return;
                        }
                    }
                    Err(_) => return,
                },
                // Missed pushes: the page is sent the whole game again.
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    if !Box::pin(resend(&web, &mut socket, &game, who, address, lang)).await {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            message = socket.next() => match message {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {
                    if minute.elapsed() >= Duration::from_secs(60) {
                        minute = tokio::time::Instant::now();
                        heard = 0;
                    }
                    heard += 1;
                    if heard > INCOMING_PER_MINUTE {
                        let _ = socket.send(Message::Close(None)).await;
                        return;
                    }
                }
            },
            _ = ping.tick() => {
                if socket.send(Message::Ping(Bytes::new())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Sends a socket that missed pushes the whole game again; `false`: the
/// socket is done (gone, or the game no longer theirs to watch).
async fn resend(
    web: &Web,
    socket: &mut WebSocket,
    game: &(ChannelId, u64, String),
    who: Option<UserId>,
    address: std::net::IpAddr,
    lang: Lang,
) -> bool {
    let (text, ok) = whole(web, game, who, address, lang).await;
    socket.send(Message::Text(text.into())).await.is_ok() && ok.is_some()
}

/// Sends a room's push: the room's own bytes, not a copy. A player's socket
/// is flushed at once; a spectator's takes every push already queued behind
/// this one and flushes them together, one write for the batch. `true`:
/// the socket fell behind meanwhile and needs the whole game.
async fn push(
    socket: &mut WebSocket,
    rx: &mut broadcast::Receiver<Utf8Bytes>,
    text: Utf8Bytes,
    player: bool,
) -> Result<bool, axum::Error> {
    if player {
        return socket.send(Message::Text(text)).await.map(|()| false);
    }
    socket.feed(Message::Text(text)).await?;
    let lagged = loop {
        match rx.try_recv() {
            Ok(next) => socket.feed(Message::Text(next)).await?,
            Err(broadcast::error::TryRecvError::Lagged(_)) => break true,
            // Empty, or closed: the next `recv` sees the close again.
            Err(_) => break false,
        }
    };
    socket.flush().await?;
    Ok(lagged)
}
