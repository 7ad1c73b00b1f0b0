//! The REST API under `/api/v10`: routing, decoding (JSON and multipart),
//! recording, and answers shaped like Discord's.

use std::collections::HashSet;
use std::time::Instant;

use axum::extract::{FromRequest, Multipart};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use serenity::all::{
    BotGateway, Channel, Command, CurrentApplicationInfo, CurrentUser, Gateway, Member, Message, PartialGuild,
};
use serenity::model::Permissions;

use super::limits::Verdict;
use super::payloads::{self, id};
use super::{
    AppState, FakeUser, Request, Route, State, UploadedFile, APPLICATION_ID, CHANNEL_ID, DM_CHANNEL_ID,
    GUILD_ID, TOKEN,
};

/// Discord's upload limit, also sent as `attachment_size_limit`.
const ATTACHMENT_SIZE_LIMIT: usize = 10_485_760;
/// Message flag of a deferred response's "thinking" message.
const LOADING: u64 = 128;

/// An error answer: status and Discord's JSON error body.
type Answer = (u16, Value);

/// Every request that is not the gateway WebSocket lands here.
pub(super) async fn handle(
    axum::extract::State(app): axum::extract::State<AppState>,
    req: axum::extract::Request,
) -> Response {
    let at = Instant::now();
    let method = req.method().as_str().to_owned();
    let uri = req.uri().clone();
    let auth = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .map(str::to_owned);
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|h| h.to_str().ok())
        .is_some_and(|c| c.starts_with("multipart/form-data"));
    let (body, files, decode_error) = decode_body(req, multipart).await;

    let (path, route) = match uri.path().strip_prefix("/api/v10") {
        Some(p) => (p.to_owned(), parse_route(&method, p)),
        None => (uri.path().to_owned(), Route::Unknown),
    };
    // serenity writes `?&k=v`: skip empty pieces.
    let query = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (k.to_owned(), v.to_owned())
        })
        .collect();

    if matches!(route, Route::CreateThread { .. }) {
        let delay = app.shared.lock().thread_delay;
        tokio::time::sleep(delay).await;
    }
    let buckets = app.shared.opts.buckets;
    let (status, response, headers) = app.shared.update(|st| {
        if auth.as_deref() != Some(&format!("Bot {TOKEN}")) {
            st.problem(format!("{method} {path}: Authorization header is {auth:?}"));
        }
        if let Some(e) = decode_error {
            st.problem(format!("{method} {path}: {e}"));
        }
        let verdict = st.rate_limits.check(&route, &method, &path, buckets);
        let failure = st.failures.iter().position(|(matches, _)| matches(&route));
        let (status, response, headers) = match (verdict, failure) {
            (Verdict::Limited(headers, body, problem), _) => {
                if let Some(p) = problem {
                    st.problem(p);
                }
                (429, body, headers)
            }
            (Verdict::Pass(headers), Some(i)) => {
                let (_, status) = st.failures.remove(i);
                (status, json!({ "message": "fake failure", "code": 0 }), headers)
            }
            (Verdict::Pass(headers), None) => {
                let (status, response) =
                    answer(st, &route, &body, &files, &app.shared.ws_url).unwrap_or_else(|err| err);
                match st.swallows.iter().position(|matches| matches(&route)) {
                    Some(i) => {
                        st.swallows.remove(i);
                        (0, Value::Null, headers)
                    }
                    None => (status, response, headers),
                }
            }
        };
        if route == Route::Unknown {
            st.problem(format!("unexpected request: {method} {}", uri));
        }
        st.requests.push(Request {
            index: st.requests.len(),
            at,
            method: method.clone(),
            path,
            query,
            route,
            body,
            files,
            status,
            response: response.clone(),
        });
        (status, response, headers)
    });

    if status == 0 {
        // Swallowed: the bot's client must give up on its own.
        return std::future::pending().await;
    }
    let status = StatusCode::from_u16(status).expect("valid status");
    let mut answer = if status == StatusCode::NO_CONTENT {
        status.into_response()
    } else {
        (status, axum::Json(response)).into_response()
    };
    for (name, value) in headers {
        answer
            .headers_mut()
            .insert(name, value.parse().expect("a header value"));
    }
    answer
}

/// The JSON body (or multipart `payload_json`) and the uploaded files.
async fn decode_body(
    req: axum::extract::Request,
    multipart: bool,
) -> (Value, Vec<UploadedFile>, Option<String>) {
    if !multipart {
        let bytes = match axum::body::to_bytes(req.into_body(), usize::MAX).await {
            Ok(b) => b,
            Err(e) => return (Value::Null, Vec::new(), Some(format!("unreadable body: {e}"))),
        };
        if bytes.is_empty() {
            return (Value::Null, Vec::new(), None);
        }
        return match serde_json::from_slice(&bytes) {
            Ok(v) => (v, Vec::new(), None),
            Err(e) => (Value::Null, Vec::new(), Some(format!("body is not JSON: {e}"))),
        };
    }
    let mut form = match Multipart::from_request(req, &()).await {
        Ok(f) => f,
        Err(e) => return (Value::Null, Vec::new(), Some(format!("bad multipart body: {e}"))),
    };
    let (mut json, mut files, mut error) = (Value::Null, Vec::new(), None);
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => {
                error = Some(format!("bad multipart body: {e}"));
                break;
            }
        };
        let name = field.name().unwrap_or("").to_owned();
        let filename = field.file_name().map(str::to_owned);
        let content_type = field.content_type().map(str::to_owned);
        let data = match field.bytes().await {
            Ok(d) => d.to_vec(),
            Err(e) => {
                error = Some(format!("bad multipart field {name}: {e}"));
                break;
            }
        };
        if name == "payload_json" {
            match serde_json::from_slice(&data) {
                Ok(v) => json = v,
                Err(e) => error = Some(format!("payload_json is not JSON: {e}")),
            }
        } else {
            files.push(UploadedFile {
                field: name,
                filename,
                content_type,
                data,
            });
        }
    }
    (json, files, error)
}

fn parse_route(method: &str, path: &str) -> Route {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let n = |s: &str| s.parse::<u64>().ok();
    let app_ok = |a: &str| n(a) == Some(APPLICATION_ID);
    let token = |t: &str| t.to_owned();
    match (method, segs.as_slice()) {
        ("GET", ["gateway"]) => Route::GetGateway,
        ("GET", ["gateway", "bot"]) => Route::GetGatewayBot,
        ("GET", ["oauth2", "applications", "@me"]) => Route::GetApplication,
        ("GET", ["users", "@me"]) => Route::GetCurrentUser,
        ("POST", ["users", "@me", "channels"]) => Route::CreateDm,
        ("PUT", ["applications", a, "commands"]) if app_ok(a) => Route::PutCommands { guild_id: None },
        ("GET", ["applications", a, "commands"]) if app_ok(a) => Route::GetCommands { guild_id: None },
        ("PUT", ["applications", a, "guilds", g, "commands"]) if app_ok(a) && n(g).is_some() => {
            Route::PutCommands { guild_id: n(g) }
        }
        ("GET", ["applications", a, "guilds", g, "commands"]) if app_ok(a) && n(g).is_some() => {
            Route::GetCommands { guild_id: n(g) }
        }
        ("POST", ["interactions", i, t, "callback"]) if n(i).is_some() => Route::InteractionCallback {
            interaction_id: n(i).unwrap_or(0),
            token: token(t),
        },
        ("POST", ["webhooks", a, t]) if app_ok(a) => Route::CreateFollowup { token: token(t) },
        (m, ["webhooks", a, t, "messages", "@original"]) if app_ok(a) => match m {
            "GET" => Route::GetOriginal { token: token(t) },
            "PATCH" => Route::EditOriginal { token: token(t) },
            "DELETE" => Route::DeleteOriginal { token: token(t) },
            _ => Route::Unknown,
        },
        (m, ["webhooks", a, t, "messages", msg]) if app_ok(a) => match (m, n(msg)) {
            ("GET", Some(message_id)) => Route::GetFollowup {
                token: token(t),
                message_id,
            },
            ("PATCH", Some(message_id)) => Route::EditFollowup {
                token: token(t),
                message_id,
            },
            ("DELETE", Some(message_id)) => Route::DeleteFollowup {
                token: token(t),
                message_id,
            },
            _ => Route::Unknown,
        },
        ("POST", ["channels", c, "messages"]) => match n(c) {
            Some(channel_id) => Route::CreateMessage { channel_id },
            None => Route::Unknown,
        },
        (m, ["channels", c, "messages", msg]) => match (m, n(c), n(msg)) {
            ("GET", Some(channel_id), Some(message_id)) => Route::GetMessage {
                channel_id,
                message_id,
            },
            ("PATCH", Some(channel_id), Some(message_id)) => Route::EditMessage {
                channel_id,
                message_id,
            },
            ("DELETE", Some(channel_id), Some(message_id)) => Route::DeleteMessage {
                channel_id,
                message_id,
            },
            _ => Route::Unknown,
        },
        ("POST", ["channels", c, "threads"]) => match n(c) {
            Some(channel_id) => Route::CreateThread {
                channel_id,
                message_id: None,
            },
            None => Route::Unknown,
        },
        ("POST", ["channels", c, "messages", msg, "threads"]) => match (n(c), n(msg)) {
            (Some(channel_id), Some(message_id)) => Route::CreateThread {
                channel_id,
                message_id: Some(message_id),
            },
            _ => Route::Unknown,
        },
        ("GET", ["channels", c]) => match n(c) {
            Some(channel_id) => Route::GetChannel { channel_id },
            None => Route::Unknown,
        },
        ("GET", ["guilds", g]) => match n(g) {
            Some(guild_id) => Route::GetGuild { guild_id },
            None => Route::Unknown,
        },
        ("GET", ["guilds", g, "members", u]) => match (n(g), n(u)) {
            (Some(guild_id), Some(user_id)) => Route::GetMember { guild_id, user_id },
            _ => Route::Unknown,
        },
        ("DELETE", ["channels", c]) => match n(c) {
            Some(channel_id) => Route::DeleteChannel { channel_id },
            None => Route::Unknown,
        },
        ("PATCH", ["channels", c]) => match n(c) {
            Some(channel_id) => Route::EditChannel { channel_id },
            None => Route::Unknown,
        },
        _ => Route::Unknown,
    }
}

/// Record a problem and answer with Discord's error body.
fn error(st: &mut State, status: u16, code: u64, message: &str, problem: String) -> Answer {
    st.problem(problem);
    (status, json!({"code": code, "message": message}))
}

fn ok(v: Value) -> Result<Answer, Answer> {
    Ok((200, v))
}

fn answer(
    st: &mut State,
    route: &Route,
    body: &Value,
    files: &[UploadedFile],
    ws_url: &str,
) -> Result<Answer, Answer> {
    if let Some(refused) = refused_by_place(st, route) {
        return Err(refused);
    }
    match route {
        Route::GetGateway => {
            let v = payloads::gateway(ws_url);
            st.validate::<Gateway>("gateway info", &v);
            ok(v)
        }
        Route::GetGatewayBot => {
            let v = payloads::gateway_bot(ws_url);
            st.validate::<BotGateway>("bot gateway info", &v);
            ok(v)
        }
        Route::GetApplication => {
            let v = payloads::application_info();
            st.validate::<CurrentApplicationInfo>("application info", &v);
            ok(v)
        }
        Route::GetCurrentUser => {
            let v = payloads::bot_user();
            st.validate::<CurrentUser>("current user", &v);
            ok(v)
        }
        Route::PutCommands { guild_id } => {
            if guild_id.is_some_and(|g| g != GUILD_ID) {
                return Err(error(
                    st,
                    403,
                    50001,
                    "Missing Access",
                    format!("commands PUT for unknown guild {guild_id:?}"),
                ));
            }
            // An app with an Activity has an Entry Point command (type 4):
            // a bulk overwrite of the global commands must keep it.
            let is_entry = |c: &Value| c["type"].as_u64() == Some(4);
            let had_entry = guild_id.is_none()
                && st
                    .commands
                    .get(&None)
                    .and_then(Value::as_array)
                    .is_some_and(|cs| cs.iter().any(is_entry));
            let keeps_entry = body.as_array().is_some_and(|cs| cs.iter().any(is_entry));
            if had_entry && !keeps_entry {
                return Err(error(
                    st,
                    400,
                    50240,
                    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
                    "a bulk overwrite dropped the Entry Point command".into(),
                ));
            }
            let count = body.as_array().map_or(0, Vec::len);
            let ids: Vec<u64> = (0..count).map(|_| st.next_id()).collect();
            let v = payloads::registered_commands(body, *guild_id, &ids);
            st.validate::<Vec<Command>>("registered commands", &v);
            st.commands.insert(*guild_id, v.clone());
            ok(v)
        }
        Route::GetCommands { guild_id } => {
            ok(st.commands.get(guild_id).cloned().unwrap_or_else(|| json!([])))
        }
        Route::InteractionCallback {
            interaction_id,
            token,
        } => callback(st, *interaction_id, token, body, files),
        Route::CreateFollowup { token } => {
            let inter = acked_interaction(st, token)?;
            check_message(st, body, files)?;
            let original = inter.original.filter(|_| inter.deferred_pending);
            let msg = match original {
                // The first followup after a deferral fills the "thinking"
                // message, which keeps the deferral's ephemerality.
                Some(original) => {
                    let flags = st.messages.get(&original).and_then(|m| m["flags"].as_u64());
                    let flags = flags.unwrap_or(0) & !LOADING;
                    let mut body = body.clone();
                    body["flags"] = json!(flags);
                    edit_message(st, original, &body, files)?
                }
                None => create_message(st, inter.channel_id, body, files, true)?,
            };
            if let Some(i) = st.interactions.get_mut(token.as_str()) {
                i.deferred_pending = false;
            }
            ok(msg)
        }
        Route::GetOriginal { token } => {
            let original = original_of(st, token)?;
            ok(st.messages[&original].clone())
        }
        Route::EditOriginal { token } => {
            let original = original_of(st, token)?;
            check_message(st, body, files)?;
            let msg = edit_message(st, original, body, files)?;
            if let Some(i) = st.interactions.get_mut(token.as_str()) {
                i.deferred_pending = false;
            }
            ok(msg)
        }
        Route::DeleteOriginal { token } => {
            let original = original_of(st, token)?;
            st.messages.remove(&original);
            Ok((204, Value::Null))
        }
        Route::GetFollowup { token, message_id } => {
            acked_interaction(st, token)?;
            ok(existing_message(st, *message_id)?)
        }
        Route::EditFollowup { token, message_id } => {
            acked_interaction(st, token)?;
            check_message(st, body, files)?;
            ok(edit_message(st, *message_id, body, files)?)
        }
        Route::DeleteFollowup { token, message_id } => {
            acked_interaction(st, token)?;
            existing_message(st, *message_id)?;
            st.messages.remove(message_id);
            Ok((204, Value::Null))
        }
        Route::DeleteMessage {
            channel_id,
            message_id,
        } => {
            message_in(st, *channel_id, *message_id)?;
            st.messages.remove(message_id);
            Ok((204, Value::Null))
        }
        Route::CreateMessage { channel_id } => {
            known_channel(st, *channel_id)?;
            let needs = match st.threads.contains_key(channel_id) {
                true => Permissions::SEND_MESSAGES_IN_THREADS,
                false => Permissions::SEND_MESSAGES,
            };
            if !st.may(*channel_id, needs) {
                return Err(missing_permissions());
            }
            check_message(st, body, files)?;
            ok(create_message(st, *channel_id, body, files, false)?)
        }
        Route::GetMessage {
            channel_id,
            message_id,
        } => ok(message_in(st, *channel_id, *message_id)?),
        Route::EditMessage {
            channel_id,
            message_id,
        } => {
            message_in(st, *channel_id, *message_id)?;
            check_message(st, body, files)?;
            ok(edit_message(st, *message_id, body, files)?)
        }
        Route::CreateThread {
            channel_id,
            message_id,
        } => {
            known_channel(st, *channel_id)?;
            if !st.may(*channel_id, Permissions::CREATE_PUBLIC_THREADS) {
                return Err(missing_permissions());
            }
            let name = body["name"].as_str().unwrap_or("thread");
            let minutes = body["auto_archive_duration"].as_u64().unwrap_or(1440);
            // A thread started from a message has the message's id; without
            // one, Discord's default is a private thread.
            let (thread_id, kind) = match message_id {
                Some(m) => {
                    existing_message(st, *m)?;
                    (*m, 11)
                }
                None => (st.next_id(), body["type"].as_u64().unwrap_or(12)),
            };
            let v = payloads::thread(thread_id, *channel_id, name, kind, minutes);
            st.validate::<Channel>("thread", &v);
            st.threads.insert(thread_id, v.clone());
            Ok((201, v))
        }
        Route::GetChannel { channel_id } => {
            let v = match *channel_id {
                CHANNEL_ID => payloads::text_channel(CHANNEL_ID),
                DM_CHANNEL_ID => payloads::dm_channel(DM_CHANNEL_ID, &super::FakeUser::alice()),
                other if st.channels.contains(&other) => payloads::text_channel(other),
                other => match st.threads.get(&other) {
                    Some(t) => t.clone(),
                    None => return Err(unknown_channel(st, other)),
                },
            };
            let mut v = v;
            if let Some(members) = st.hidden.get(channel_id) {
                v["permission_overwrites"] = payloads::hidden_overwrites(*channel_id, members);
            }
            st.validate::<Channel>("channel", &v);
            ok(v)
        }
        Route::GetGuild { guild_id } => {
            let v = payloads::guild(*guild_id);
            st.validate::<PartialGuild>("guild", &v);
            ok(v)
        }
        Route::GetMember { guild_id, user_id } => {
            let known = [FakeUser::alice(), FakeUser::bob(), FakeUser::carol()]
                .iter()
                .any(|u| u.id == *user_id)
                || st.oauth.knows(*user_id);
            if !known {
                return Err((404, json!({"code": 10007, "message": "Unknown Member"})));
            }
            let v = payloads::guild_member(*guild_id, &FakeUser::new(*user_id, "member"));
            st.validate::<Member>("guild member", &v);
            ok(v)
        }
        Route::CreateDm => {
            let recipient = body["recipient_id"]
                .as_str()
                .and_then(|r| r.parse().ok())
                .or_else(|| body["recipient_id"].as_u64())
                .unwrap_or_default();
            let v = payloads::dm_channel(DM_CHANNEL_ID, &super::FakeUser::new(recipient, "member"));
            st.validate::<Channel>("DM channel", &v);
            ok(v)
        }
        Route::EditChannel { channel_id } if st.threads.contains_key(channel_id) => {
            // Locking a thread needs Manage Threads; its creator may archive it.
            if body["locked"] == json!(true) && !st.manage_threads {
                return Err(missing_permissions());
            }
            let thread = st.threads.get_mut(channel_id).expect("checked");
            for field in ["archived", "locked"] {
                if let Some(v) = body.get(field).and_then(Value::as_bool) {
                    thread["thread_metadata"][field] = json!(v);
                }
            }
            ok(thread.clone())
        }
        Route::EditChannel { channel_id } => Err(error(
            st,
            403,
            50013,
            "Missing Permissions",
            format!("the bot tried to edit channel {channel_id}, which is not its thread"),
        )),
        Route::DeleteChannel { channel_id } if st.threads.contains_key(channel_id) && !st.manage_threads => {
            Err(missing_permissions())
        }
        Route::DeleteChannel { channel_id } => match st.threads.remove(channel_id) {
            Some(thread) => ok(thread),
            None => Err(error(
                st,
                403,
                50013,
                "Missing Permissions",
                format!("the bot tried to delete channel {channel_id}, which is not its thread"),
            )),
        },
        Route::Unknown => Err((404, json!({"code": 0, "message": "404: Not Found"}))),
    }
}

/// Discord's answer to an action the bot has no permission for (a
/// configured condition of the test, so not a problem of the bot's).
fn missing_permissions() -> Answer {
    (403, json!({"code": 50013, "message": "Missing Permissions"}))
}

fn unknown_channel(st: &mut State, channel_id: u64) -> Answer {
    error(
        st,
        404,
        10003,
        "Unknown Channel",
        format!("request for unknown channel {channel_id}"),
    )
}

/// Discord's refusals where the bot is not a member, and of interaction
/// tokens past their time: a channel call where the bot is not a member
/// (403, and a problem: the bot must only answer there), a webhook call with
/// an expired token (401), a sixth followup where the app is not installed
/// (400, and a problem). Counts the followups it lets through.
fn refused_by_place(st: &mut State, route: &Route) -> Option<Answer> {
    if let Some(channel) = route.channel().filter(|c| st.places.contains_key(c)) {
        return Some(error(
            st,
            403,
            50001,
            "Missing Access",
            format!("{route:?}: the bot is not a member of channel {channel}, it can only answer interactions there"),
        ));
    }
    let token = route.token()?.to_owned();
    let inter = st.interactions.get(&token)?.clone();
    if inter.expired {
        let (status, code, message) = match route {
            Route::InteractionCallback { .. } => (404, 10062, "Unknown interaction"),
            _ => (401, 50027, "Invalid Webhook Token"),
        };
        return Some((status, json!({"code": code, "message": message})));
    }
    if matches!(route, Route::CreateFollowup { .. }) && st.places.contains_key(&inter.channel_id) {
        if inter.followups >= super::MAX_FOLLOWUPS {
            return Some(error(
                st,
                400,
                40094,
                "This interaction has hit the maximum number of follow up messages",
                format!("a sixth followup for interaction {token} where the app is not installed"),
            ));
        }
        if let Some(i) = st.interactions.get_mut(&token) {
            i.followups += 1;
        }
    }
    None
}

fn known_channel(st: &mut State, channel_id: u64) -> Result<(), Answer> {
    if channel_id == CHANNEL_ID
        || channel_id == DM_CHANNEL_ID
        || st.channels.contains(&channel_id)
        || st.threads.contains_key(&channel_id)
    {
        Ok(())
    } else {
        Err(unknown_channel(st, channel_id))
    }
}

fn existing_message(st: &mut State, message_id: u64) -> Result<Value, Answer> {
    match st.messages.get(&message_id) {
        Some(m) => Ok(m.clone()),
        None => Err(error(
            st,
            404,
            10008,
            "Unknown Message",
            format!("request for unknown message {message_id}"),
        )),
    }
}

/// A message addressed through a channel route: it must be in that channel
/// (Discord answers 404 Unknown Message otherwise).
fn message_in(st: &mut State, channel_id: u64, message_id: u64) -> Result<Value, Answer> {
    let msg = existing_message(st, message_id)?;
    if msg["channel_id"] == id(channel_id) {
        return Ok(msg);
    }
    Err(error(
        st,
        404,
        10008,
        "Unknown Message",
        format!(
            "message {message_id} addressed in channel {channel_id}, but it is in {}",
            msg["channel_id"]
        ),
    ))
}

/// The interaction a webhook token belongs to, which must be acknowledged.
fn acked_interaction(st: &mut State, token: &str) -> Result<super::InteractionState, Answer> {
    match st.interactions.get(token) {
        Some(i) if i.acked => Ok(i.clone()),
        Some(_) => Err(error(
            st,
            404,
            10015,
            "Unknown Webhook",
            format!("webhook call for interaction {token} before its callback"),
        )),
        None => Err(error(
            st,
            404,
            10015,
            "Unknown Webhook",
            format!("webhook call with unknown token {token}"),
        )),
    }
}

/// The message `@original` refers to.
fn original_of(st: &mut State, token: &str) -> Result<u64, Answer> {
    let inter = acked_interaction(st, token)?;
    match inter.original.filter(|m| st.messages.contains_key(m)) {
        Some(m) => Ok(m),
        None => Err(error(
            st,
            404,
            10008,
            "Unknown Message",
            format!("@original of {token}, which has no message"),
        )),
    }
}

/// `POST /interactions/{id}/{token}/callback`.
fn callback(
    st: &mut State,
    interaction_id: u64,
    token: &str,
    body: &Value,
    files: &[UploadedFile],
) -> Result<Answer, Answer> {
    use super::kind::{AUTOCOMPLETE, COMMAND, COMPONENT};
    let unknown = |st: &mut State, why: String| error(st, 404, 10062, "Unknown interaction", why);
    let Some(inter) = st.interactions.get(token).cloned() else {
        return Err(unknown(st, format!("callback with unknown token {token}")));
    };
    if inter.id != interaction_id {
        return Err(unknown(
            st,
            format!("callback for {interaction_id} with the token of {}", inter.id),
        ));
    }
    if st.answer_window {
        const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
        let created = (interaction_id >> 22) + DISCORD_EPOCH_MS;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        if now.saturating_sub(created) > 3000 {
            return Err(unknown(
                st,
                format!(
                    "interaction {interaction_id} answered {} ms after its creation (Discord allows 3 s)",
                    now - created
                ),
            ));
        }
    }
    if inter.acked {
        return Err(error(
            st,
            400,
            40060,
            "Interaction has already been acknowledged.",
            format!("interaction {interaction_id} acknowledged twice"),
        ));
    }
    let kind = body["type"].as_u64().unwrap_or(0);
    let data = &body["data"];
    let allowed = match kind {
        4 | 5 | 9 => inter.kind == COMMAND || inter.kind == COMPONENT,
        // LAUNCH_ACTIVITY: only for an app with Activities enabled.
        12 => (inter.kind == COMMAND || inter.kind == COMPONENT) && st.activity,
        6 | 7 => inter.kind == COMPONENT,
        8 => inter.kind == AUTOCOMPLETE,
        _ => false,
    };
    if !allowed {
        return Err(error(
            st,
            400,
            50035,
            "Invalid Form Body",
            format!("callback type {kind} for interaction type {}", inter.kind),
        ));
    }
    let mut original = inter.original;
    let mut deferred_pending = false;
    match kind {
        4 => {
            check_message(st, data, files)?;
            let msg = create_message(st, inter.channel_id, data, files, true)?;
            original = msg["id"].as_str().and_then(|i| i.parse().ok());
        }
        5 => {
            let flags = data["flags"].as_u64().unwrap_or(0) | LOADING;
            let msg = create_message(st, inter.channel_id, &json!({"flags": flags}), &[], true)?;
            original = msg["id"].as_str().and_then(|i| i.parse().ok());
            deferred_pending = true;
        }
        7 => {
            check_message(st, data, files)?;
            let source = original.expect("component interactions know their message");
            edit_message(st, source, data, files)?;
        }
        8 => {
            let choices = data["choices"].as_array().map_or(0, Vec::len);
            if choices > 25 {
                return Err(error(
                    st,
                    400,
                    50035,
                    "Invalid Form Body",
                    format!("{choices} autocomplete choices (max 25)"),
                ));
            }
        }
        _ => {}
    }
    let i = st.interactions.get_mut(token).expect("looked up above");
    i.acked = true;
    i.original = original;
    i.deferred_pending = deferred_pending;
    Ok((204, Value::Null))
}

/// Discord's limits on a message body, answered 400 like Discord when broken.
fn check_message(st: &mut State, body: &Value, files: &[UploadedFile]) -> Result<(), Answer> {
    let mut broken = Vec::new();
    let content = body["content"].as_str().unwrap_or("");
    if content.chars().count() > 2000 {
        broken.push(format!(
            "content has {} characters (max 2000)",
            content.chars().count()
        ));
    }
    let rows = body["components"].as_array().cloned().unwrap_or_default();
    if rows.len() > 5 {
        broken.push(format!("{} action rows (max 5)", rows.len()));
    }
    for row in &rows {
        let items = row["components"].as_array().cloned().unwrap_or_default();
        let selects = items.iter().filter(|c| c["type"].as_u64() != Some(2)).count();
        if items.is_empty() || items.len() > 5 || (selects > 0 && items.len() > 1) {
            broken.push(format!(
                "action row with {} components, {selects} selects",
                items.len()
            ));
        }
        for c in &items {
            let options = c["options"].as_array().map_or(0, Vec::len);
            if options > 25 {
                broken.push(format!("select with {options} options (max 25)"));
            }
            if c["label"].as_str().is_some_and(|l| l.chars().count() > 80) {
                broken.push("button label over 80 characters".into());
            }
        }
    }
    let ids = super::custom_ids(&body["components"]);
    if ids.iter().any(|i| i.is_empty() || i.chars().count() > 100) {
        broken.push("custom_id empty or over 100 characters".into());
    }
    if ids.iter().collect::<HashSet<_>>().len() != ids.len() {
        broken.push(format!("duplicate custom_ids in {ids:?}"));
    }
    for a in body["attachments"].as_array().into_iter().flatten() {
        if a["description"]
            .as_str()
            .is_some_and(|d| d.chars().count() > 1024)
        {
            broken.push("attachment description over 1024 characters".into());
        }
    }
    if body["embeds"].as_array().is_some_and(|e| e.len() > 10) {
        broken.push("more than 10 embeds".into());
    }
    if broken.is_empty() {
        if let Some(f) = files.iter().find(|f| f.data.len() > ATTACHMENT_SIZE_LIMIT) {
            let why = format!(
                "file {:?} is {} bytes (max {ATTACHMENT_SIZE_LIMIT})",
                f.filename,
                f.data.len()
            );
            return Err(error(st, 413, 40005, "Request entity too large", why));
        }
        return Ok(());
    }
    let why = format!("Discord would reject this message: {}", broken.join("; "));
    Err(error(st, 400, 50035, "Invalid Form Body", why))
}

/// The attachments of a created or edited message: those listed in
/// `attachments` (kept by id, or new uploads by file index), then any
/// upload not listed. Without `attachments`, `existing` are kept.
fn attachments(st: &mut State, body: &Value, files: &[UploadedFile], existing: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    let mut used = HashSet::new();
    let new = |st: &mut State, f: &UploadedFile, listed: &Value| {
        let filename = listed["filename"]
            .as_str()
            .or(f.filename.as_deref())
            .unwrap_or("file");
        let attachment_id = st.next_id();
        payloads::attachment(
            attachment_id,
            filename,
            f.data.len(),
            f.content_type.as_deref(),
            listed["description"].as_str(),
        )
    };
    match body["attachments"].as_array() {
        Some(listed) => {
            for a in listed {
                let aid = a["id"]
                    .as_u64()
                    .or_else(|| a["id"].as_str().and_then(|s| s.parse().ok()));
                if let Some(e) = existing.iter().find(|e| e["id"] == id(aid.unwrap_or(0))) {
                    out.push(e.clone());
                } else if let Some(f) = files.iter().find(|f| f.index().is_some() && f.index() == aid) {
                    used.insert(f.field.clone());
                    out.push(new(st, f, a));
                } else {
                    st.problem(format!(
                        "attachment {a} matches no upload and no existing attachment"
                    ));
                }
            }
        }
        None => out.extend(existing.iter().cloned()),
    }
    for f in files.iter().filter(|f| !used.contains(&f.field)) {
        out.push(new(st, f, &Value::Null));
    }
    out
}

fn create_message(
    st: &mut State,
    channel_id: u64,
    body: &Value,
    files: &[UploadedFile],
    webhook: bool,
) -> Result<Value, Answer> {
    let attachments = attachments(st, body, files, &[]);
    let message_id = st.next_id();
    let msg = payloads::message(message_id, channel_id, body, attachments, webhook);
    st.validate::<Message>("message", &msg);
    st.messages.insert(message_id, msg.clone());
    Ok(msg)
}

/// Apply the fields `body` has to a stored message.
fn edit_message(
    st: &mut State,
    message_id: u64,
    body: &Value,
    files: &[UploadedFile],
) -> Result<Value, Answer> {
    let mut msg = existing_message(st, message_id)?;
    for (key, cleared) in [
        ("content", json!("")),
        ("embeds", json!([])),
        ("components", json!([])),
        ("flags", json!(0)),
    ] {
        match body.get(key) {
            Some(Value::Null) => msg[key] = cleared,
            Some(v) => msg[key] = v.clone(),
            None => {}
        }
    }
    if body.get("attachments").is_some() || !files.is_empty() {
        let existing = msg["attachments"].as_array().cloned().unwrap_or_default();
        msg["attachments"] = Value::Array(attachments(st, body, files, &existing));
    }
    msg["edited_timestamp"] = payloads::now();
    st.validate::<Message>("edited message", &msg);
    st.messages.insert(message_id, msg.clone());
    Ok(msg)
}
