//! Signed sessions: the cookie a sign-in sets ([`Session`]), the key that
//! signs it and what is remembered about sessions and Activity instances
//! ([`Keys`]). Beneath the handlers that sign players in (`auth.rs`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};
use serde::{Deserialize, Serialize};

/// The session cookie.
pub const SESSION_COOKIE: &str = "isolo_session";
/// The sign-in's state cookie (ten minutes).
pub(super) const STATE_COOKIE: &str = "isolo_oauth";
pub(super) const STATE_MS: u64 = 10 * 60 * 1000;
/// A checked Activity instance is trusted this long before it is asked again.
pub(super) const INSTANCE_FRESH: Duration = Duration::from_secs(60);
/// A session found not ended is trusted this long before the store is asked
/// again (a sign-out on another process takes effect within it).
const LIVE_FRESH: Duration = Duration::from_secs(5);
/// Sessions remembered as not ended, at most.
const LIVE_KEPT: usize = 50_000;

/// What a session says, signed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Session {
    /// The member, as text.
    #[serde(rename = "u")]
    pub(super) user_text: String,
    /// Their name when they signed in.
    #[serde(rename = "n")]
    pub(crate) name: String,
    /// Expiry (unix ms).
    #[serde(rename = "e")]
    pub(super) expires_ms: u64,
    /// The CSRF token the page sends back with every change.
    #[serde(rename = "c")]
    pub(crate) csrf: String,
    /// The Activity instance it was made for, if any.
    #[serde(rename = "i", default, skip_serializing_if = "Option::is_none")]
    pub(crate) instance: Option<String>,
    /// Its own id, by which the server ends it.
    #[serde(rename = "s")]
    pub(crate) sid: String,
    /// When it was issued (unix ms).
    #[serde(rename = "t")]
    pub(crate) issued_ms: u64,
    /// The member's id.
    #[serde(skip)]
    pub(crate) user: u64,
}

impl Session {
    /// The terminal's offline page: its one player, no sign-in, and the
    /// page's own token (`csrf`) on every change.
    pub(crate) fn local(user: u64, name: &str, csrf: &str) -> Session {
        Session {
            user_text: user.to_string(),
            name: name.into(),
            expires_ms: u64::MAX,
            csrf: csrf.into(),
            instance: None,
            sid: String::new(),
            issued_ms: 0,
            user,
        }
    }
}

/// The signing key and the Activity instances checked lately.
pub(crate) struct Keys {
    key: hmac::Key,
    random: SystemRandom,
    pub(super) instances: Mutex<HashMap<String, (Instance, Instant)>>,
    live: Mutex<HashMap<String, Instant>>,
}

/// 32 random hex digits.
pub(crate) fn random_token() -> String {
    let mut bytes = [0u8; 16];
    SystemRandom::new()
        .fill(&mut bytes)
        .expect("the system's random numbers");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An Activity instance as Discord describes it.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct Instance {
    pub(super) location: Location,
    #[serde(default)]
    pub(super) users: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct Location {
    pub(super) channel_id: String,
}

impl Keys {
    pub(crate) fn new(secret: Option<&str>) -> Keys {
        let random = SystemRandom::new();
        let key = match secret {
            Some(s) => hmac::Key::new(hmac::HMAC_SHA256, s.as_bytes()),
            None => hmac::Key::generate(hmac::HMAC_SHA256, &random).expect("the system's random numbers"),
        };
        Keys {
            key,
            random,
            instances: Mutex::default(),
            live: Mutex::default(),
        }
    }

    pub(super) fn token(&self) -> String {
        let mut bytes = [0u8; 16];
        self.random.fill(&mut bytes).expect("the system's random numbers");
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Whether session `sid` was found not ended within [`LIVE_FRESH`]
    /// (the offline page's, which has none, always is).
    pub(crate) fn known_live(&self, sid: &str) -> bool {
        sid.is_empty()
            || self
                .live
                .lock()
                .expect("the sessions lock")
                .get(sid)
                .is_some_and(|at| at.elapsed() < LIVE_FRESH)
    }

    /// Notes that session `sid` was found not ended.
    pub(crate) fn note_live(&self, sid: &str) {
        let mut live = self.live.lock().expect("the sessions lock");
        if live.len() >= LIVE_KEPT {
            live.retain(|_, at| at.elapsed() < LIVE_FRESH);
            if live.len() >= LIVE_KEPT {
                return;
            }
        }
        live.insert(sid.to_owned(), Instant::now());
    }

    /// Forgets that session `sid` was live (it was just ended here).
    pub(super) fn forget_live(&self, sid: &str) {
        self.live.lock().expect("the sessions lock").remove(sid);
    }

    pub(super) fn sign(&self, payload: &[u8]) -> String {
        let body = URL_SAFE_NO_PAD.encode(payload);
        let tag = hmac::sign(&self.key, body.as_bytes());
        format!("{body}.{}", URL_SAFE_NO_PAD.encode(tag.as_ref()))
    }

    pub(super) fn open(&self, signed: &str) -> Option<Vec<u8>> {
        let (body, tag) = signed.split_once('.')?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        hmac::verify(&self.key, body.as_bytes(), &tag).ok()?;
        URL_SAFE_NO_PAD.decode(body).ok()
    }

    pub(super) fn issue(
        &self,
        user: u64,
        name: &str,
        hours: u64,
        now_ms: u64,
        instance: Option<String>,
    ) -> (Session, String) {
        let session = Session {
            user_text: user.to_string(),
            name: name.chars().take(100).collect(),
            expires_ms: now_ms + hours * 3_600_000,
            csrf: self.token(),
            instance,
            sid: self.token(),
            issued_ms: now_ms,
            user,
        };
        let signed = self.sign(&serde_json::to_vec(&session).expect("a session serializes"));
        (session, signed)
    }

    /// The valid, unexpired session a request carries: the cookie, or
    /// `Authorization: Bearer` (the Activity's frame has no cookies).
    pub(crate) fn session(&self, headers: &HeaderMap, now_ms: u64) -> Option<Session> {
        let bearer = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        let from_cookie = cookie(headers, SESSION_COOKIE);
        let signed = bearer.map(str::to_owned).or(from_cookie)?;
        self.read(&signed, now_ms)
    }

    /// A signed session token's session, if valid and unexpired.
    pub(crate) fn read(&self, signed: &str, now_ms: u64) -> Option<Session> {
        let mut s: Session = serde_json::from_slice(&self.open(signed)?).ok()?;
        s.user = s.user_text.parse().ok()?;
        (s.expires_ms > now_ms).then_some(s)
    }

    /// Whether a change carries the session's own CSRF token.
    pub(crate) fn csrf_ok(&self, session: &Session, headers: &HeaderMap) -> bool {
        let sent = headers
            .get("x-isolo-csrf")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        same(sent.as_bytes(), session.csrf.as_bytes())
    }
}

/// Compares two secrets in time that depends on their length only.
pub(super) fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The value of cookie `name`.
pub(super) fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
}
