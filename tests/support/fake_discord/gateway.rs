//! The WebSocket gateway: HELLO, IDENTIFY -> READY, heartbeats, RESUME,
//! dispatches and the close handshake.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::Value;
use serenity::model::event::{Event, GatewayEvent};
use tokio::sync::mpsc;

use super::{payloads, AppState, Connection, GatewayLog, Outbound, Session, Shared, State, TOKEN};

/// `GET /ws`: upgrade, then run the connection in a task the fake can abort.
pub(super) async fn upgrade(
    axum::extract::State(app): axum::extract::State<AppState>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.on_upgrade(move |socket| async move {
        let task = tokio::spawn(run(app.shared, socket));
        app.tasks.lock().unwrap().push(task);
    })
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
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(text))) => {
                    shared.update(|st| on_frame(st, conn, &tx, text.as_str(), &shared.ws_url, &shared.opts.guilds));
                }
                Some(Ok(Message::Close(frame))) => {
                    // Keep reading: the next recv flushes tungstenite's
                    // answering Close frame, which the bot waits for.
                    shared.update(|st| {
                        set_ready(st, conn, false);
                        st.gateway_log.push(GatewayLog::BotClosed { conn, code: frame.map(|f| f.code) });
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
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Some(Outbound::Close(code)) => {
                    shared.update(|st| {
                        set_ready(st, conn, false);
                        st.gateway_log.push(GatewayLog::FakeClosed { conn, code });
                    });
                    let frame = CloseFrame { code, reason: "closed by the fake".into() };
                    let _ = socket.send(Message::Close(Some(frame))).await;
                    // Give the bot a moment to answer the Close, then drop the socket.
                    let _ = tokio::time::timeout(Duration::from_secs(2), async {
                        while let Some(Ok(m)) = socket.recv().await {
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
