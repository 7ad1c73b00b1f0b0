//! Signing in: Discord's OAuth2 authorization code flow for the page, the
//! Embedded App SDK's code for the Activity, and the signed session both
//! end in. A session is bound to one Discord member, expires, carries its
//! own CSRF token, and is signed with the server's key; the client secret
//! and the bot token never leave the server.

use std::time::Instant;

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Extension;
use axum::Json;
use serde::Deserialize;

use super::guard;
use super::outbound::Caller;
use super::session::{
    cookie, same, Instance, Session, INSTANCE_FRESH, SESSION_COOKIE, STATE_COOKIE, STATE_MS,
};
use super::state::{ask, refused_change, Web};
use crate::table::{ChannelId, Sight};

fn set_cookie(web: &Web, name: &str, value: &str, max_age_secs: u64) -> HeaderValue {
    let secure = if web
        .config
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"))
    {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("isolo_invalid=1"))
}

/// A page of this server (`/g/1/2-key`), never another site: a path that
/// starts with one `/` and holds only what a path of ours holds (no
/// backslash, no whitespace or control character a browser would drop,
/// no escapes that decode to them), else `/`.
pub(crate) fn local_path(next: Option<&str>) -> String {
    let ok = |n: &str| {
        n.starts_with('/')
            && !n.starts_with("//")
            && n.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"/-._~?=&".contains(&b))
    };
    match next {
        Some(n) if ok(n) => n.to_owned(),
        _ => "/".to_owned(),
    }
}

fn base_url(web: &Web, headers: &HeaderMap) -> String {
    web.config.public_url.clone().unwrap_or_else(|| {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("127.0.0.1");
        format!("http://{host}")
    })
}

/// The query of `/auth/login`.
#[derive(Debug, Deserialize)]
pub(crate) struct Login {
    next: Option<String>,
}

/// `GET /auth/login?next=/g/..`: to Discord's authorize page.
pub(crate) async fn login(State(web): State<Web>, headers: HeaderMap, Query(q): Query<Login>) -> Response {
    let (Some(client_id), true) = (web.config.client_id, web.config.sign_in()) else {
        return guard::error(
            StatusCode::NOT_FOUND,
            "signing in is not set up on this server ([web] client_id, client_secret)",
        );
    };
    let state = web.sessions.token();
    let next = local_path(q.next.as_deref());
    let expires = web.table.now_ms() + STATE_MS;
    let signed = web.sessions.sign(format!("{state}|{expires}|{next}").as_bytes());
    let redirect = format!("{}/auth/callback", base_url(&web, &headers));
    let url = format!(
        "{}?client_id={client_id}&response_type=code&scope=identify&state={state}&redirect_uri={}",
        web.config.authorize_url,
        encode(&redirect)
    );
    let mut r = Redirect::to(&url).into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        set_cookie(&web, STATE_COOKIE, &signed, STATE_MS / 1000),
    );
    r
}

/// Percent-encodes a query value.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The query Discord sends back.
#[derive(Debug, Deserialize)]
pub(crate) struct Callback {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

#[derive(Debug, Deserialize)]
struct TokenAnswer {
    access_token: String,
}

#[derive(Debug, Deserialize)]
struct Me {
    id: String,
    username: String,
    global_name: Option<String>,
}

/// Exchanges an authorization code for the member it signs in:
/// (access token, id, name). `redirect` for the page's flow; the SDK's has
/// none. Two calls to Discord, within `caller`'s allowance; a code that
/// failed is not sent again (codes are used once: a repeat is junk).
async fn exchange(
    web: &Web,
    caller: Caller,
    code: &str,
    redirect: Option<&str>,
) -> Result<(String, u64, String), Response> {
    let (Some(id), Some(secret)) = (web.config.client_id, web.config.client_secret.as_deref()) else {
        return Err(guard::error(StatusCode::NOT_FOUND, "signing in is not set up"));
    };
    let lang = crate::words::Lang::ENGLISH;
    if web.outbound.failed_lately("code", code) {
        return Err(guard::error(
            StatusCode::BAD_GATEWAY,
            "Discord refused this sign-in: try again",
        ));
    }
    web.outbound.spend(caller, 2).map_err(|r| r.answer(lang))?;
    let failed = |why: String| {
        web.outbound.failed("code", code);
        guard::error(StatusCode::BAD_GATEWAY, &why)
    };
    let api = web.config.api_url.trim_end_matches('/');
    let id_text = id.to_string();
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("client_id", id_text.as_str()),
    ];
    if let Some(r) = redirect {
        form.push(("redirect_uri", r));
    }
    // Failures are told without the secret or the code: only the status.
    let answer = web
        .http
        .post(format!("{api}/oauth2/token"))
        .basic_auth(id, Some(secret))
        .form(&form)
        .send()
        .await
        .map_err(|e| failed(format!("Discord could not be reached: {}", e.without_url())))?;
    if !answer.status().is_success() {
        return Err(failed(format!(
            "Discord refused the sign-in ({})",
            answer.status()
        )));
    }
    let token: TokenAnswer = answer
        .json()
        .await
        .map_err(|_| failed("Discord's answer was not understood".to_string()))?;
    let me = web
        .http
        .get(format!("{api}/users/@me"))
        .bearer_auth(&token.access_token)
        .send()
        .await
        .map_err(|e| failed(format!("Discord could not be reached: {}", e.without_url())))?;
    if !me.status().is_success() {
        return Err(failed(format!(
            "Discord did not say who signed in ({})",
            me.status()
        )));
    }
    let me: Me = me
        .json()
        .await
        .map_err(|_| failed("Discord's answer was not understood".to_string()))?;
    let user = me
        .id
        .parse()
        .map_err(|_| failed("Discord sent no member id".to_string()))?;
    Ok((token.access_token, user, me.global_name.unwrap_or(me.username)))
}

/// `GET /auth/callback`: checks the state, exchanges the code, signs in.
pub(crate) async fn callback(
    State(web): State<Web>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
    Query(q): Query<Callback>,
) -> Response {
    if let Some(e) = q.error {
        let e: String = e.chars().filter(char::is_ascii_alphanumeric).take(40).collect();
        return guard::error(
            StatusCode::BAD_REQUEST,
            &format!("Discord did not sign you in: {e}"),
        );
    }
    let now = web.table.now_ms();
    let saved = cookie(&headers, STATE_COOKIE)
        .and_then(|c| web.sessions.open(&c))
        .and_then(|b| String::from_utf8(b).ok());
    let Some((state, rest)) = saved.as_deref().and_then(|s| s.split_once('|')) else {
        return guard::error(
            StatusCode::BAD_REQUEST,
            "this sign-in was not started here, or took too long: try again",
        );
    };
    let Some((expires, next)) = rest.split_once('|') else {
        return guard::error(StatusCode::BAD_REQUEST, "a broken sign-in state: try again");
    };
    let fresh = expires.parse::<u64>().is_ok_and(|e| e > now);
    let matches = q
        .state
        .as_deref()
        .is_some_and(|s| same(s.as_bytes(), state.as_bytes()));
    if !fresh || !matches {
        return guard::error(
            StatusCode::BAD_REQUEST,
            "this sign-in was not started here, or took too long: try again",
        );
    }
    let Some(code) = q.code.filter(|c| !c.is_empty() && c.len() < 512) else {
        return guard::error(StatusCode::BAD_REQUEST, "Discord sent no code");
    };
    let redirect = format!("{}/auth/callback", base_url(&web, &headers));
    let caller = Caller {
        address: Some(client.0),
        member: None,
    };
    let (_, user, name) = match exchange(&web, caller, &code, Some(&redirect)).await {
        Ok(who) => who,
        Err(r) => return r,
    };
    let (_, signed) = web
        .sessions
        .issue(user, &name, web.config.session_hours, now, None);
    let mut r = Redirect::to(&local_path(Some(next))).into_response();
    let h = r.headers_mut();
    h.append(
        header::SET_COOKIE,
        set_cookie(&web, SESSION_COOKIE, &signed, web.config.session_hours * 3600),
    );
    h.append(header::SET_COOKIE, set_cookie(&web, STATE_COOKIE, "", 0));
    r
}

/// `POST /auth/logout`: ends the session on the server (every process
/// refuses it from then on), not only its cookie.
pub(crate) async fn logout(State(web): State<Web>, headers: HeaderMap) -> Response {
    if let Some(r) = refused_change(&web, &headers) {
        return r;
    }
    if let Some(s) = web.sessions.session(&headers, web.table.now_ms()) {
        if !web.sessions.csrf_ok(&s, &headers) {
            return guard::error(
                StatusCode::FORBIDDEN,
                "signing out needs the page's own token (X-Isolo-Csrf)",
            );
        }
        let (sid, until) = (s.sid.clone(), s.expires_ms);
        web.sessions.forget_live(&sid);
        if let Err(e) = ask(&web.table, move |t| t.end_session(&sid, until)).await {
            return super::state::refusal(guard::language(&headers), &e);
        }
    }
    let mut r = Json(serde_json::json!({ "ok": true })).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&web, SESSION_COOKIE, "", 0));
    r
}

/// `GET /api/me`: who is signed in (`user` null for nobody), and the token
/// changes carry.
pub(crate) async fn me(State(web): State<Web>, headers: HeaderMap) -> Response {
    match web.viewer(&headers).await {
        Some(s) => Json(serde_json::json!({
            "user": s.user.to_string(),
            "name": s.name,
            "csrf": s.csrf,
            "sign_in": web.config.sign_in(),
        }))
        .into_response(),
        // Nobody signed in is an answer, not a failure: no error in a
        // visitor's console.
        None => Json(serde_json::json!({ "user": null, "sign_in": web.config.sign_in() })).into_response(),
    }
}

/// The Activity's code, from the SDK's `authorize`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActivityCode {
    code: String,
    instance_id: String,
}

/// `POST /api/activity/token`: exchanges the SDK's code (on this server,
/// with the secret); answers the access token the SDK's `authenticate`
/// needs and a session bound to the member and the instance.
pub(crate) async fn activity_token(
    State(web): State<Web>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(r) = refused_change(&web, &headers) {
        return r;
    }
    let Ok(q) = serde_json::from_slice::<ActivityCode>(&body) else {
        return guard::error(
            StatusCode::BAD_REQUEST,
            "expected {\"code\": \"...\", \"instance_id\": \"...\"}",
        );
    };
    if q.code.is_empty() || q.code.len() > 512 || q.instance_id.is_empty() || q.instance_id.len() > 128 {
        return guard::error(StatusCode::BAD_REQUEST, "a code and an instance id are needed");
    }
    let caller = Caller {
        address: Some(client.0),
        member: None,
    };
    let (access_token, user, name) = match exchange(&web, caller, &q.code, None).await {
        Ok(who) => who,
        Err(r) => return r,
    };
    let now = web.table.now_ms();
    let (session, signed) =
        web.sessions
            .issue(user, &name, web.config.session_hours, now, Some(q.instance_id));
    Json(serde_json::json!({
        "access_token": access_token,
        "session": signed,
        "csrf": session.csrf,
        "user": user.to_string(),
        "name": session.name,
    }))
    .into_response()
}

/// The query of `/api/activity/game`.
#[derive(Debug, Deserialize)]
pub(crate) struct ActivityGame {
    channel_id: String,
}

impl Web {
    /// Whether `session`'s Activity instance is running in `channel` with
    /// its member in it, as Discord says when asked with the bot token
    /// (`GET /applications/{id}/activity-instances/{instance}`), kept for
    /// [`INSTANCE_FRESH`]; an instance Discord did not know is not asked
    /// again for a while, and asking spends the member's and the address's
    /// allowances. A session from outside an Activity passes.
    pub(crate) async fn instance_ok(
        &self,
        session: &Session,
        channel: ChannelId,
        address: std::net::IpAddr,
    ) -> bool {
        let Some(instance_id) = session.instance.as_deref() else {
            return true;
        };
        let cached = {
            let cache = self.sessions.instances.lock().expect("the instances lock");
            cache
                .get(instance_id)
                .filter(|(_, at)| at.elapsed() < INSTANCE_FRESH)
                .map(|(i, _)| i.clone())
        };
        let instance = match cached {
            Some(i) => i,
            None => {
                let (Some(app), Some(token)) = (self.config.client_id, self.bot_token.as_deref()) else {
                    return false;
                };
                if self.outbound.failed_lately("instance", instance_id) {
                    return false;
                }
                let caller = Caller {
                    address: Some(address),
                    member: Some(session.user),
                };
                if self.outbound.spend(caller, 1).is_err() {
                    return false;
                }
                let api = self.config.api_url.trim_end_matches('/');
                let asked = self
                    .http
                    .get(format!(
                        "{api}/applications/{app}/activity-instances/{}",
                        encode(instance_id)
                    ))
                    .header(header::AUTHORIZATION, format!("Bot {token}"))
                    .send()
                    .await;
                let found = match asked {
                    Ok(answer) if answer.status().is_success() => answer.json::<Instance>().await.ok(),
                    _ => None,
                };
                let Some(i) = found else {
                    self.outbound.failed("instance", instance_id);
                    return false;
                };
                let mut cache = self.sessions.instances.lock().expect("the instances lock");
                if cache.len() > 10_000 {
                    cache.retain(|_, (_, at)| at.elapsed() < INSTANCE_FRESH);
                }
                cache.insert(instance_id.to_owned(), (i.clone(), Instant::now()));
                i
            }
        };
        instance.location.channel_id == channel.to_string() && instance.users.contains(&session.user_text)
    }
}

/// `GET /api/activity/game?channel_id=`: the game of the channel the
/// Activity was launched in, once its instance is checked (Discord then
/// vouches that the member is in that channel).
pub(crate) async fn activity_game(
    State(web): State<Web>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
    Query(q): Query<ActivityGame>,
) -> Response {
    let lang = guard::language(&headers);
    let Some(session) = web.viewer(&headers).await else {
        return guard::error(StatusCode::UNAUTHORIZED, "sign in through the Activity first");
    };
    let Ok(channel) = q.channel_id.parse::<u64>() else {
        return guard::error(StatusCode::BAD_REQUEST, "channel_id must be a number");
    };
    if session.instance.is_none() || !web.instance_ok(&session, channel, client.0).await {
        return guard::error(
            StatusCode::FORBIDDEN,
            "Discord does not know this Activity in this channel with you in it",
        );
    }
    let user = session.user;
    let found = ask(&web.table, move |t| {
        let sealed = t.watch_channel(channel)?;
        let key = t.link_key(channel, sealed.id())?;
        Ok((sealed.open(Some(user), Sight::Viewer)?, key))
    })
    .await;
    match found {
        Ok((w, key)) => Json(serde_json::json!({
            "channel": w.channel.to_string(),
            "game": format!("{}-{key}", w.id),
        }))
        .into_response(),
        Err(e) => super::state::refusal(lang, &e),
    }
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn sign_in_returns_only_to_a_page_of_this_site() {
        for ok in ["/", "/g/1/2-abc_DEF", "/.proxy/g/1/2-k", "/?lang=fr"] {
            assert_eq!(local_path(Some(ok)), ok);
        }
        // The known ways out: a second slash, a backslash, whitespace or a
        // control character a browser drops, an absolute URL, a scheme.
        for bad in [
            "//evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r/evil.example",
            "/ /evil.example",
            "/\\evil.example",
            "\\/evil.example",
            "/\u{0}/evil.example",
            "/\u{b}/evil.example",
            "/\u{a0}/evil.example",
            "https://evil.example",
            "javascript:alert(1)",
            "evil.example",
            "/%2F/evil.example",
            "/@evil.example",
            "",
        ] {
            assert_eq!(local_path(Some(bad)), "/", "{bad:?}");
        }
        assert_eq!(local_path(None), "/");
    }
}
