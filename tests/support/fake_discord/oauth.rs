//! Discord's OAuth2 as a browser and the bot's web server meet it: the
//! authorize page (which signs in whoever the browser says it is, as a
//! logged-in Discord client would), the code exchange, `/users/@me` with a
//! Bearer token, and the Activity instances the bot checks with its token.

use std::collections::HashMap;

use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde_json::{json, Value};

use super::{AppState, APPLICATION_ID, TOKEN};

/// The application's client secret the fake accepts.
pub const CLIENT_SECRET: &str = "fake-client-secret";
/// The cookie a browser carries on the fake to say who it is.
const WHO: &str = "fake_discord_user";

/// Codes, tokens, users and Activity instances.
#[derive(Debug, Default)]
pub(super) struct OAuth {
    users: HashMap<u64, String>,
    codes: HashMap<String, u64>,
    tokens: HashMap<String, u64>,
    /// instance id -> (channel, guild, users)
    instances: HashMap<String, (u64, Option<u64>, Vec<u64>)>,
    /// Instance ids the bot asked about, in order.
    pub(super) checks: Vec<String>,
    /// Code exchanges asked for, good or not.
    pub(super) token_requests: usize,
    next: u64,
}

impl OAuth {
    /// Whether `id` is a member the fake knows (signed in through it).
    pub(super) fn knows(&self, id: u64) -> bool {
        self.users.contains_key(&id)
    }

    pub(super) fn add_user(&mut self, id: u64, name: &str) {
        self.users.insert(id, name.to_owned());
    }

    /// A fresh authorization code for `user` (what the SDK's AUTHORIZE gives).
    pub(super) fn code(&mut self, user: u64) -> String {
        self.next += 1;
        let code = format!("code-{}", self.next);
        self.codes.insert(code.clone(), user);
        code
    }

    pub(super) fn add_instance(&mut self, instance: &str, channel: u64, guild: Option<u64>, users: Vec<u64>) {
        self.instances
            .insert(instance.to_owned(), (channel, guild, users));
    }

    /// The access token the code exchange gave `user` last, if any.
    pub(super) fn token_of(&self, user: u64) -> Option<String> {
        self.tokens
            .iter()
            .find(|(_, &u)| u == user)
            .map(|(t, _)| t.clone())
    }
}

fn who(headers: &HeaderMap) -> Option<u64> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == WHO)
        .and_then(|(_, v)| v.parse().ok())
}

fn oauth_error(status: StatusCode, error: &str) -> Response {
    (status, Json(json!({ "error": error }))).into_response()
}

/// `GET /test/login/{user}`: the browser is that Discord member from now on.
pub(super) async fn login(State(app): State<AppState>, Path(user): Path<u64>) -> Response {
    let known = app.shared.lock().oauth.users.contains_key(&user);
    if !known {
        return oauth_error(StatusCode::NOT_FOUND, "no such test user");
    }
    (
        [(header::SET_COOKIE, format!("{WHO}={user}; Path=/"))],
        format!("signed in to the fake Discord as {user}"),
    )
        .into_response()
}

/// `GET /test/code`: a code for the browser's member (the test parent
/// frame answers the SDK's AUTHORIZE with it).
pub(super) async fn test_code(State(app): State<AppState>, headers: HeaderMap) -> Response {
    let Some(user) = who(&headers) else {
        return oauth_error(StatusCode::UNAUTHORIZED, "not signed in to the fake Discord");
    };
    let code = app.shared.update(|st| st.oauth.code(user));
    Json(json!({ "code": code })).into_response()
}

/// `GET /oauth2/authorize`: checks the request as Discord does and sends
/// the browser back with a code, as a signed-in member who already
/// authorized the app.
pub(super) async fn authorize(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let problem = |p: String| {
        app.shared.update(|st| st.problem(p.clone()));
        oauth_error(StatusCode::BAD_REQUEST, &p)
    };
    if q.get("client_id").map(String::as_str) != Some(&APPLICATION_ID.to_string()) {
        return problem(format!("authorize: client_id is {:?}", q.get("client_id")));
    }
    if q.get("response_type").map(String::as_str) != Some("code") {
        return problem("authorize: response_type is not code".into());
    }
    let (Some(redirect), Some(state)) = (q.get("redirect_uri"), q.get("state")) else {
        return problem("authorize: no redirect_uri or state".into());
    };
    if !q
        .get("scope")
        .is_some_and(|s| s.split([' ', '+']).any(|s| s == "identify"))
    {
        return problem("authorize: the identify scope is not asked".into());
    }
    let Some(user) = who(&headers) else {
        return oauth_error(StatusCode::UNAUTHORIZED, "not signed in to the fake Discord");
    };
    let code = app.shared.update(|st| st.oauth.code(user));
    Redirect::to(&format!("{redirect}?code={code}&state={state}")).into_response()
}

/// `POST /api/v10/oauth2/token`: the code exchange, client authenticated
/// with HTTP Basic (or the form's client_secret).
pub(super) async fn token(
    State(app): State<AppState>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let form: HashMap<String, String> = url_form(&body);
    app.shared.update(|st| st.oauth.token_requests += 1);
    let basic = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Basic "))
        .and_then(|b| base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b).ok())
        .and_then(|b| String::from_utf8(b).ok());
    let client_ok = match basic {
        Some(b) => b == format!("{APPLICATION_ID}:{CLIENT_SECRET}"),
        None => form.get("client_secret").map(String::as_str) == Some(CLIENT_SECRET),
    };
    if !client_ok {
        return oauth_error(StatusCode::UNAUTHORIZED, "invalid_client");
    }
    if form.get("grant_type").map(String::as_str) != Some("authorization_code") {
        return oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type");
    }
    let code = form.get("code").cloned().unwrap_or_default();
    let issued = app.shared.update(|st| {
        let user = st.oauth.codes.remove(&code)?;
        st.oauth.next += 1;
        let token = format!("access-{}", st.oauth.next);
        st.oauth.tokens.insert(token.clone(), user);
        Some(token)
    });
    match issued {
        Some(t) => Json(json!({
            "access_token": t,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": "unused",
            "scope": "identify",
        }))
        .into_response(),
        None => oauth_error(StatusCode::BAD_REQUEST, "invalid_grant"),
    }
}

fn url_form(body: &[u8]) -> HashMap<String, String> {
    let text = String::from_utf8_lossy(body);
    let decode = |s: &str| {
        let s = s.replace('+', " ");
        let bytes = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' && i + 2 < bytes.len() {
                if let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                    out.push(b);
                    i += 3;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    text.split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

/// `GET /api/v10/users/@me`: with a Bearer token, its member; with the
/// bot's token, the bot (the REST fake answers that).
pub(super) async fn me(State(app): State<AppState>, request: Request) -> Response {
    let bearer = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    let Some(token) = bearer else {
        return super::rest::handle(State(app), request).await;
    };
    let st = app.shared.lock();
    match st
        .oauth
        .tokens
        .get(&token)
        .and_then(|u| st.oauth.users.get(u).map(|n| (*u, n.clone())))
    {
        Some((id, name)) => Json(json!({
            "id": id.to_string(),
            "username": name.to_lowercase().replace(' ', "_"),
            "global_name": name,
            "discriminator": "0",
            "avatar": null,
            "public_flags": 0,
        }))
        .into_response(),
        None => (
            StatusCode::UNAUTHORIZED,
            Json(json!({ "message": "401: Unauthorized", "code": 0 })),
        )
            .into_response(),
    }
}

/// `GET /api/v10/applications/{app}/activity-instances/{instance}`, with
/// the bot's token.
pub(super) async fn instance(
    State(app): State<AppState>,
    headers: HeaderMap,
    Path((application, instance)): Path<(u64, String)>,
) -> Response {
    let bot =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) == Some(&format!("Bot {TOKEN}"));
    if !bot {
        app.shared
            .update(|st| st.problem("activity-instances asked without the bot token".into()));
        return (
            StatusCode::UNAUTHORIZED,
            Json(json!({ "message": "401: Unauthorized", "code": 0 })),
        )
            .into_response();
    }
    let mut st = app.shared.lock();
    st.oauth.checks.push(instance.clone());
    match st.oauth.instances.get(&instance) {
        Some((channel, guild, users)) if application == APPLICATION_ID => {
            let location: Value = json!({
                "id": format!("gc-{channel}"),
                "kind": if guild.is_some() { "gc" } else { "pc" },
                "channel_id": channel.to_string(),
                "guild_id": guild.map(|g| g.to_string()),
            });
            Json(json!({
                "application_id": APPLICATION_ID.to_string(),
                "instance_id": instance,
                "launch_id": "1",
                "location": location,
                "users": users.iter().map(u64::to_string).collect::<Vec<_>>(),
            }))
            .into_response()
        }
        _ => (
            StatusCode::NOT_FOUND,
            Json(json!({ "message": "Unknown Application Activity Instance", "code": 10_000 })),
        )
            .into_response(),
    }
}
