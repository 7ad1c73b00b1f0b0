//! Discord's rate limits, as its docs describe them (topics/rate-limits):
//! every answer carries `X-RateLimit-*` headers of its bucket, a bucket that
//! is used up answers 429, and a test can send a 429 of any scope on demand.
//! A request that arrives while a 429 told the bot to wait is a problem.

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use super::Route;

/// Which limit a 429 is about (`X-RateLimit-Scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The bot's own per-route limit (`user`).
    User,
    /// A limit shared by everybody using the resource (`shared`): it does not
    /// count against the bot, but it must wait all the same.
    Shared,
    /// The bot's global limit (`global`, with `X-RateLimit-Global: true`):
    /// every request but interaction responses must wait.
    Global,
}

impl Scope {
    fn header(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Shared => "shared",
            Scope::Global => "global",
        }
    }
}

/// A 429 to send on demand: to the next request whose route matches.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    /// Which requests.
    pub matches: fn(&Route) -> bool,
    /// Its scope.
    pub scope: Scope,
    /// How long the bot must wait (`retry_after`).
    pub retry_after: Duration,
}

/// Each bucket's requests per window; Discord's vary by route, a few per
/// second for most. Generous enough that a bot that obeys never waits long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Buckets {
    /// Requests per window.
    pub limit: u32,
    /// The window.
    pub per: Duration,
}

impl Default for Buckets {
    fn default() -> Self {
        Buckets {
            limit: 50,
            per: Duration::from_secs(1),
        }
    }
}

/// One bucket's fixed window.
#[derive(Clone, Copy, Debug)]
struct Window {
    started: Instant,
    used: u32,
}

/// A 429 that told the bot to wait until `until`.
#[derive(Clone, Debug)]
struct Wait {
    bucket: Option<String>,
    until: Instant,
    what: String,
}

/// The fake's rate-limit state.
#[derive(Debug, Default)]
pub(super) struct RateLimits {
    windows: HashMap<String, Window>,
    waits: Vec<Wait>,
    pending: Vec<Limit>,
    /// Every 429 sent, with its scope.
    pub(super) sent: Vec<(Scope, Instant)>,
}

/// What the limiter says of a request: answer it (with these headers) or 429.
pub(super) enum Verdict {
    /// Handle it; add these headers to the answer.
    Pass(Vec<(&'static str, String)>),
    /// Answer 429 with these headers and this body; the string is a problem
    /// to record when the bot should have known to wait.
    Limited(Vec<(&'static str, String)>, Value, Option<String>),
}

/// Whether a route is an interaction response or followup: exempt from the
/// global limit, as on Discord.
fn is_interaction(route: &Route) -> bool {
    route.token().is_some()
}

/// A route's bucket: its kind and its major parameter (channel, or the
/// interaction's token), like Discord's per-route buckets.
fn bucket_of(route: &Route) -> Option<String> {
    let kind = format!("{route:?}");
    let kind = kind.split([' ', '{', '(']).next().unwrap_or_default().to_owned();
    let major = match route {
        Route::Unknown | Route::GetGateway | Route::GetGatewayBot => return None,
        other => match other.channel() {
            Some(channel) => channel.to_string(),
            None => other.token().unwrap_or_default().to_owned(),
        },
    };
    Some(format!("{kind}:{major}"))
}

fn unix_secs(at: Instant) -> f64 {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let ahead = at.saturating_duration_since(Instant::now());
    (now + ahead).as_secs_f64()
}

impl RateLimits {
    /// Queues a 429 for the next request that `limit.matches`.
    pub(super) fn push(&mut self, limit: Limit) {
        self.pending.push(limit);
    }

    /// Decides a request's fate and keeps count.
    pub(super) fn check(&mut self, route: &Route, method: &str, path: &str, buckets: Buckets) -> Verdict {
        let now = Instant::now();
        self.waits.retain(|w| w.until > now);
        let bucket = bucket_of(route);
        let what = format!("{method} {path}");
        // A request while a 429 says wait: the bot ignored retry_after.
        let early = self.waits.iter().find(|w| match &w.bucket {
            None => !is_interaction(route),
            Some(b) => bucket.as_ref() == Some(b),
        });
        if let Some(w) = early.cloned() {
            let left = w.until - now;
            let problem = format!(
                "{what}: sent {left:?} before the retry_after of a 429 on {}",
                w.what
            );
            return self.limited(Scope::User, bucket, left, &what, Some(problem), buckets);
        }
        if let Some(i) = self.pending.iter().position(|l| (l.matches)(route)) {
            let l = self.pending.remove(i);
            let bucket = if l.scope == Scope::Global { None } else { bucket };
            return self.limited(l.scope, bucket, l.retry_after, &what, None, buckets);
        }
        let Some(key) = bucket else {
            return Verdict::Pass(Vec::new());
        };
        let window = self.windows.entry(key.clone()).or_insert(Window {
            started: now,
            used: 0,
        });
        if now - window.started >= buckets.per {
            *window = Window {
                started: now,
                used: 0,
            };
        }
        let reset = window.started + buckets.per;
        if window.used >= buckets.limit {
            let problem = format!("{what}: bucket {key} used up, X-RateLimit-Remaining was 0");
            return self.limited(Scope::User, Some(key), reset - now, &what, Some(problem), buckets);
        }
        window.used += 1;
        let remaining = buckets.limit - window.used;
        Verdict::Pass(headers(&key, buckets.limit, remaining, reset, now))
    }

    fn limited(
        &mut self,
        scope: Scope,
        bucket: Option<String>,
        wait: Duration,
        what: &str,
        problem: Option<String>,
        buckets: Buckets,
    ) -> Verdict {
        let now = Instant::now();
        let until = now + wait;
        self.waits.push(Wait {
            bucket: if scope == Scope::Global {
                None
            } else {
                bucket.clone()
            },
            until,
            what: what.to_owned(),
        });
        self.sent.push((scope, now));
        let key = bucket.unwrap_or_else(|| "global".to_owned());
        let mut h = headers(&key, buckets.limit, 0, until, now);
        // Whole seconds, rounded up, as Discord sends it; the body is exact.
        h.push(("retry-after", wait.as_secs_f64().ceil().max(1.0).to_string()));
        h.push(("x-ratelimit-scope", scope.header().to_owned()));
        if scope == Scope::Global {
            h.push(("x-ratelimit-global", "true".to_owned()));
        }
        let body = json!({
            "message": "You are being rate limited.",
            "retry_after": (wait.as_secs_f64() * 1000.0).ceil() / 1000.0,
            "global": scope == Scope::Global,
        });
        Verdict::Limited(h, body, problem)
    }
}

fn headers(
    bucket: &str,
    limit: u32,
    remaining: u32,
    reset: Instant,
    now: Instant,
) -> Vec<(&'static str, String)> {
    vec![
        ("x-ratelimit-limit", limit.to_string()),
        ("x-ratelimit-remaining", remaining.to_string()),
        ("x-ratelimit-reset", format!("{:.3}", unix_secs(reset))),
        (
            "x-ratelimit-reset-after",
            format!("{:.3}", (reset - now).as_secs_f64()),
        ),
        ("x-ratelimit-bucket", format!("{:016x}", fxhash(bucket))),
    ]
}

/// A stable opaque bucket id (Discord's are opaque hashes too).
fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}
