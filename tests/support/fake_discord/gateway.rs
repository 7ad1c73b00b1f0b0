//! The WebSocket gateway: HELLO, IDENTIFY -> READY, heartbeats, RESUME,
//! dispatches and the close handshake.
//!
//! The upgrade is done here rather than by axum's `ws` feature, so that the
//! socket is serenity's own tokio-tungstenite (0.21) and the dependency tree
//! holds one tungstenite.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderName, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use serenity::model::event::{Event, GatewayEvent};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use super::{payloads, AppState, Connection, GatewayLog, Outbound, Session, Shared, State, TOKEN};

/// The server side of one gateway connection.
type WebSocket = WebSocketStream<TokioIo<hyper::upgrade::Upgraded>>;

/// `GET /ws`: check the opening handshake (RFC 6455, section 4.2.1), answer
/// 101, then run the connection in a task the fake can abort.
pub(super) async fn upgrade(
    axum::extract::State(app): axum::extract::State<AppState>,
    mut req: axum::extract::Request,
) -> Response {
    let key = match handshake_key(req.method(), req.headers()) {
        Ok(key) => key,
        Err(why) => {
            app.shared
                .update(|st| st.problem(format!("a bad gateway handshake: {why}")));
            return (StatusCode::BAD_REQUEST, why).into_response();
        }
    };
    // hyper leaves this on requests of a connection that can be upgraded.
    let Some(on_upgrade) = req.extensions_mut().remove::<OnUpgrade>() else {
        return (StatusCode::UPGRADE_REQUIRED, "this connection cannot be upgraded").into_response();
    };
    let shared = app.shared.clone();
    let task = tokio::spawn(async move {
        // Fails only if the bot hung up before the 101 arrived.
        let Ok(upgraded) = on_upgrade.await else {
            return;
        };
        let socket = WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, None).await;
        run(shared, socket).await;
    });
    app.tasks.lock().unwrap().push(task);
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, "upgrade")
        .header(header::UPGRADE, "websocket")
        .header(header::SEC_WEBSOCKET_ACCEPT, derive_accept_key(key.as_bytes()))
        .body(Body::empty())
        .expect("a 101 of valid headers")
}

/// The `Sec-WebSocket-Key` of a valid opening handshake, or what is wrong.
fn handshake_key(method: &Method, headers: &HeaderMap) -> Result<String, &'static str> {
    let has = |name: HeaderName, token: &str| {
        headers.get_all(name).iter().any(|v| {
            v.to_str()
                .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
        })
    };
    if method != Method::GET {
        return Err("the method is not GET");
    }
    if !has(header::CONNECTION, "upgrade") {
        return Err("`Connection` does not list `upgrade`");
    }
    if !has(header::UPGRADE, "websocket") {
        return Err("`Upgrade` is not `websocket`");
    }
    if !has(header::SEC_WEBSOCKET_VERSION, "13") {
        return Err("`Sec-WebSocket-Version` is not 13");
    }
    headers
        .get(header::SEC_WEBSOCKET_KEY)
        .and_then(|k| k.to_str().ok())
        .map(str::to_owned)
        .ok_or("`Sec-WebSocket-Key` is missing")
}

async fn run(shared: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn = shared.update(|st| {
        st.connections += 1;
        let id = st.connections;
        // A reconnecting bot opens the new socket before the old one is gone:
        // with one shard, the newest connection is the live one. With
        // several, a connection replaces its shard's when it identifies.
        if st.shard_total <= 1 {
            st.conns.iter_mut().for_each(|c| c.ready = false);
        }
        st.conns.push(Connection {
            id,
            tx: tx.clone(),
            ready: false,
            shard: 0,
        });
        st.gateway_log.push(GatewayLog::Connected { conn: id });
        id
    });
    let interval = shared.opts.heartbeat_interval.as_millis() as u64;
    let _ = tx.send(Outbound::Text(payloads::hello(interval).to_string()));
    loop {
        tokio::select! {
            msg = socket.next() => match msg {
                Some(Ok(Message::Text(text))) => {
                    shared.update(|st| on_frame(st, conn, &tx, &text, &shared.ws_url, &shared.opts.guilds));
                }
                Some(Ok(Message::Close(frame))) => {
                    // Keep reading: the next read flushes tungstenite's
                    // answering Close frame, which the bot waits for.
                    shared.update(|st| {
                        set_ready(st, conn, false);
                        st.gateway_log.push(GatewayLog::BotClosed { conn, code: frame.map(|f| u16::from(f.code)) });
                    });
                }
                Some(Ok(Message::Binary(_))) => {
                    shared.update(|st| st.problem("the bot sent a binary gateway frame".into()));
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            },
            out = rx.recv() => match out {
                Some(Outbound::Text(text)) => {
                    if socket.send(Message::Text(text)).await.is_err() {
                        break;
                    }
                }
                Some(Outbound::Close(code)) => {
                    shared.update(|st| {
                        set_ready(st, conn, false);
                        st.gateway_log.push(GatewayLog::FakeClosed { conn, code });
                    });
                    let frame = CloseFrame { code: CloseCode::from(code), reason: "closed by the fake".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    // Give the bot a moment to answer the Close, then drop the socket.
                    let _ = tokio::time::timeout(Duration::from_secs(2), async {
                        while let Some(Ok(m)) = socket.next().await {
                            if matches!(m, Message::Close(_)) {
                                break;
                            }
                        }
                    })
                    .await;
                    break;
                }
                Some(Outbound::Reset) => {
                    shared.update(|st| set_ready(st, conn, false));
                    break;
                }
                None => break,
            },
        }
    }
    shared.update(|st| {
        st.conns.retain(|c| c.id != conn);
        st.gateway_log.push(GatewayLog::Disconnected { conn });
    });
}

fn set_ready(st: &mut State, conn: u64, ready: bool) {
    if let Some(c) = st.conns.iter_mut().find(|c| c.id == conn) {
        c.ready = ready;
    }
}

/// Makes `conn` the live connection of `shard`: older ones get no more dispatches.
fn take_shard(st: &mut State, conn: u64, shard: u32) {
    for c in &mut st.conns {
        if c.id == conn {
            c.shard = shard;
            c.ready = true;
        } else if c.shard == shard {
            c.ready = false;
        }
    }
}

/// The shard Discord sends a guild's events to.
fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// One frame from the bot.
fn on_frame(
    st: &mut State,
    conn: u64,
    tx: &mpsc::UnboundedSender<Outbound>,
    text: &str,
    ws_url: &str,
    guilds: &[u64],
) {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        st.problem(format!("the bot sent a non-JSON gateway frame: {text}"));
        return;
    };
    let d = &v["d"];
    let send = |v: Value| {
        let _ = tx.send(Outbound::Text(v.to_string()));
    };
    match v["op"].as_u64() {
        Some(1) => {
            st.gateway_log.push(GatewayLog::Heartbeat { conn });
            send(payloads::heartbeat_ack());
        }
        Some(2) => {
            let token = d["token"].as_str().unwrap_or("");
            if token != TOKEN && token != format!("Bot {TOKEN}") {
                st.problem(format!("IDENTIFY with a wrong token: {token:?}"));
                // 4004: authentication failed; serenity gives up.
                let _ = tx.send(Outbound::Close(4004));
                return;
            }
            let shard = d["shard"].as_array().map_or([0, 1], |a| {
                let n = |i: usize| a.get(i).and_then(Value::as_u64).unwrap_or(0) as u32;
                [n(0), n(1).max(1)]
            });
            if shard[0] >= shard[1] {
                st.problem(format!("IDENTIFY with shard {shard:?}"));
            }
            st.shard_total = shard[1];
            st.identified.push(shard);
            let session_id = format!("session-{}", st.next_id());
            // READY lists only the guilds of this shard, as Discord's does.
            let own: Vec<u64> = guilds
                .iter()
                .copied()
                .filter(|g| shard_of(*g, shard[1]) == shard[0])
                .collect();
            let ready = payloads::ready_on_shard(&session_id, ws_url, &own, shard);
            st.sessions.insert(
                shard[0],
                Session {
                    id: session_id,
                    seq: 0,
                    sent: Vec::new(),
                },
            );
            take_shard(st, conn, shard[0]);
            st.gateway_log.push(GatewayLog::Identified {
                conn,
                intents: d["intents"].as_u64().unwrap_or(0),
            });
            dispatch_to(st, shard[0], "READY", ready);
        }
        Some(6) => {
            let seq = d["seq"].as_u64().unwrap_or(0);
            let known = st
                .sessions
                .iter()
                .find(|(_, s)| Some(s.id.as_str()) == d["session_id"].as_str())
                .map(|(shard, _)| *shard);
            let Some(shard) = known else {
                st.gateway_log.push(GatewayLog::ResumeRejected { conn });
                send(payloads::invalid_session(false));
                return;
            };
            take_shard(st, conn, shard);
            st.gateway_log.push(GatewayLog::Resumed { conn, seq });
            // Replay what the bot missed, then RESUMED, as Discord does.
            let missed: Vec<String> = st.sessions.get(&shard).map_or_else(Vec::new, |s| {
                s.sent
                    .iter()
                    .filter(|(n, _)| *n > seq)
                    .map(|(_, t)| t.clone())
                    .collect()
            });
            for text in missed {
                let _ = tx.send(Outbound::Text(text));
            }
            dispatch_to(st, shard, "RESUMED", payloads::resumed());
        }
        // Presence updates, voice state, member requests: nothing to answer.
        Some(3 | 4 | 8 | 31) => {}
        _ => st.problem(format!("unexpected gateway frame from the bot: {text}")),
    }
}

/// Write event `t` to the live, ready connection of the shard its guild is
/// on (shard 0 for events of no guild) with the next sequence number;
/// returns it and when the event was queued, or None if there is no such
/// connection.
pub(super) fn dispatch(st: &mut State, t: &str, d: Value) -> Option<(u64, Instant)> {
    let guild = d["guild_id"].as_str().and_then(|g| g.parse().ok());
    let shard = guild.map_or(0, |g| shard_of(g, st.shard_total));
    dispatch_to(st, shard, t, d)
}

fn dispatch_to(st: &mut State, shard: u32, t: &str, d: Value) -> Option<(u64, Instant)> {
    let conn = st.conns.iter().rev().find(|c| c.ready && c.shard == shard)?;
    let tx = conn.tx.clone();
    let session = st.sessions.get_mut(&shard)?;
    session.seq += 1;
    let seq = session.seq;
    let text = payloads::dispatch(seq, t, d).to_string();
    session.sent.push((seq, text.clone()));
    // serenity drops a dispatch it cannot read without any error: check here.
    match serde_json::from_str::<GatewayEvent>(&text) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(_))) => {
            st.problem(format!(
                "serenity reads the fake's {t} as an unknown event: {text}"
            ));
        }
        Ok(_) => {}
        Err(e) => st.problem(format!("serenity cannot read the fake's {t}: {e}: {text}")),
    }
    let queued = Instant::now();
    tx.send(Outbound::Text(text)).ok()?;
    Some((seq, queued))
}
