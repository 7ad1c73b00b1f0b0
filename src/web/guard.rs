//! What stands in front of every request: limits per address and per
//! member, the security headers, errors as JSON, and the viewer's language.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::Web;
use crate::words::Lang;

/// Requests an address may make in a burst, then [`REFILL_PER_SEC`] a second.
const ADDRESS_BURST: f64 = 60.0;
/// Requests (moves included) a member may make in a burst.
const MEMBER_BURST: f64 = 20.0;
/// Tokens regained a second, per address and per member.
const REFILL_PER_SEC: f64 = 10.0;
/// Buckets kept before idle ones are dropped.
const MAX_BUCKETS: usize = 100_000;

/// A token bucket.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Limits per address and per member, and open sockets per address.
pub(crate) struct Limits {
    buckets: Mutex<HashMap<Key, Bucket>>,
    sockets: Mutex<HashMap<IpAddr, usize>>,
    sockets_per_address: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Address(IpAddr),
    Member(u64),
}

impl Limits {
    pub(crate) fn new(sockets_per_address: usize) -> Limits {
        Limits {
            buckets: Mutex::default(),
            sockets: Mutex::default(),
            sockets_per_address,
        }
    }

    fn take(&self, key: Key, burst: f64) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("the limits lock");
        if buckets.len() >= MAX_BUCKETS {
            buckets.retain(|_, b| now.duration_since(b.at).as_secs_f64() * REFILL_PER_SEC < burst);
        }
        let b = buckets.entry(key).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        b.tokens = (b.tokens + now.duration_since(b.at).as_secs_f64() * REFILL_PER_SEC).min(burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Counts one request of `address` (and of `member`, signed in);
    /// refused with 429 past the limit.
    pub(crate) fn request(&self, address: IpAddr, member: Option<u64>) -> Result<(), Refused> {
        let ok = self.take(Key::Address(address), ADDRESS_BURST)
            && member.is_none_or(|m| self.take(Key::Member(m), MEMBER_BURST));
        if ok {
            Ok(())
        } else {
            Err(Refused::TooMany)
        }
    }

    /// Opens a socket for `address`, if it holds fewer than its share; the
    /// guard closes it.
    pub(crate) fn socket(self: &std::sync::Arc<Self>, address: IpAddr) -> Option<SocketSlot> {
        let mut open = self.sockets.lock().expect("the sockets lock");
        let n = open.entry(address).or_insert(0);
        if *n >= self.sockets_per_address {
            return None;
        }
        *n += 1;
        Some(SocketSlot {
            limits: self.clone(),
            address,
        })
    }
}

/// One open socket of an address, given back when dropped.
pub(crate) struct SocketSlot {
    limits: std::sync::Arc<Limits>,
    address: IpAddr,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self.limits.sockets.lock().expect("the sockets lock");
        if let Some(n) = open.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// A request refused before it reaches the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Past the limits: 429, try again in a second.
    TooMany,
    /// A malformed request: 400 with what is expected.
    Bad(&'static str),
}

impl Refused {
    /// The answer, worded in `lang` where a player reads it (a malformed
    /// request is a program's mistake: its reason stays as written).
    pub(crate) fn answer(self, lang: Lang) -> Response {
        match self {
            Refused::TooMany => too_many(lang),
            Refused::Bad(what) => error(StatusCode::BAD_REQUEST, what),
        }
    }
}

/// 429 with `Retry-After`, worded in `lang`.
pub(crate) fn too_many(lang: Lang) -> Response {
    let mut r = error(StatusCode::TOO_MANY_REQUESTS, &crate::tr!(lang, "web-too-many"));
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    r
}

/// An error as the page reads it: `{"error": "..."}` with `status`.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

/// The viewer's language: `?lang=` is handled by the page; here the
/// browser's `Accept-Language`, first supported tag wins.
pub(crate) fn language(headers: &HeaderMap) -> Lang {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .into_iter()
        .flat_map(|v| v.split(','))
        .filter_map(|part| Lang::from_tag(part.split(';').next().unwrap_or("").trim()))
        .next()
        .unwrap_or(Lang::ENGLISH)
}

/// The usual security headers on every answer: a strict Content-Security-
/// Policy (only this server's scripts, styles, images and sockets; framed
/// only by Discord's client and the configured ancestors), no sniffing, no
/// referrer beyond this origin, no caching of what is personal.
pub(crate) async fn headers(State(web): State<Web>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let ancestors = web.config.frame_ancestors.join(" ");
    let csp = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https://cdn.discordapp.com; \
         connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self' {ancestors}"
    );
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
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
