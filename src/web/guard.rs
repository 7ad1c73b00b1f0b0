//! What stands in front of every request: the client's address (through
//! trusted proxies only), limits per address and per member, the security
//! headers, errors as JSON, and the viewer's language.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::words::Lang;

/// Requests an address may make in a burst, then [`REFILL_PER_SEC`] a second.
const ADDRESS_BURST: f64 = 60.0;
/// Requests (moves included) a member may make in a burst.
const MEMBER_BURST: f64 = 20.0;
/// Tokens regained a second, per address and per member.
const REFILL_PER_SEC: f64 = 10.0;
/// Buckets kept at most: past it, idle ones are dropped, and a new address
/// waits until some are (the map never grows without bound).
pub(crate) const MAX_BUCKETS: usize = 50_000;
/// The idle buckets are looked for at most this often when the map is full,
/// so a flood of new addresses does not sweep under the lock on every request.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// A token bucket.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket of `burst`.
    fn full(burst: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: burst,
            at: now,
        }
    }

    /// Refills at `per_sec` up to `burst`, then takes one token if there is one.
    fn take(&mut self, burst: f64, per_sec: f64, now: Instant) -> bool {
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * per_sec).min(burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether it has refilled completely (forgetting it changes nothing).
    fn idle(&self, burst: f64, per_sec: f64, now: Instant) -> bool {
        self.tokens + now.duration_since(self.at).as_secs_f64() * per_sec >= burst
    }
}

/// Token buckets by key, at most `cap` of them.
pub(crate) struct Buckets<K> {
    map: HashMap<K, Bucket>,
    swept: Option<Instant>,
    cap: usize,
}

impl<K: std::hash::Hash + Eq> Buckets<K> {
    /// No buckets yet; never more than `cap`.
    pub(crate) fn new(cap: usize) -> Buckets<K> {
        Buckets {
            map: HashMap::new(),
            swept: None,
            cap,
        }
    }

    /// Takes a token of `key`'s bucket (`burst`, refilled at `per_sec`).
    /// A key new to a full map is refused until idle buckets are dropped:
    /// failing closed keeps the map's memory and the sweep's work bounded.
    pub(crate) fn take(&mut self, key: K, burst: f64, per_sec: f64) -> bool {
        let now = Instant::now();
        if let Some(b) = self.map.get_mut(&key) {
            return b.take(burst, per_sec, now);
        }
        if self.map.len() >= self.cap {
            if self.swept.is_some_and(|at| now.duration_since(at) < SWEEP_EVERY) {
                return false;
            }
            self.swept = Some(now);
            self.map.retain(|_, b| !b.idle(burst, per_sec, now));
            if self.map.len() >= self.cap {
                return false;
            }
        }
        self.map
            .entry(key)
            .or_insert(Bucket::full(burst, now))
            .take(burst, per_sec, now)
    }

    /// How many buckets are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}

/// The key of an address for the limits: an IPv6 client is one /64 (one
/// home or host gets a whole /64, so its single addresses are free to it).
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
        v4 => v4,
    }
}

/// Limits per address and per member, open sockets per address, and the
/// pool heavy work (store reads for a page, pictures) waits in.
pub(crate) struct Limits {
    buckets: Mutex<Buckets<Key>>,
    sockets: Mutex<HashMap<IpAddr, usize>>,
    sockets_per_address: usize,
    sockets_total: usize,
    work: tokio::sync::Semaphore,
}

/// Page reads and pictures run at once at most; more wait, and past
/// [`WORK_WAIT`] they are answered 503.
const WORK_AT_ONCE: usize = 4;
/// Longest a request waits for a place in the work pool.
const WORK_WAIT: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Address(IpAddr),
    Member(u64),
}

impl Limits {
    /// `sockets_per_address` sockets for each address, `sockets_total` in all.
    pub(crate) fn new(sockets_per_address: usize, sockets_total: usize) -> Limits {
        Limits {
            buckets: Mutex::new(Buckets::new(MAX_BUCKETS)),
            sockets: Mutex::default(),
            sockets_per_address,
            sockets_total,
            work: tokio::sync::Semaphore::new(WORK_AT_ONCE),
        }
    }

    fn take(&self, key: Key, burst: f64) -> bool {
        self.buckets
            .lock()
            .expect("the limits lock")
            .take(key, burst, REFILL_PER_SEC)
    }

    /// Counts one request of `address` (and of `member`, signed in);
    /// refused with 429 past the limit.
    pub(crate) fn request(&self, address: IpAddr, member: Option<u64>) -> Result<(), Refused> {
        let ok = self.take(Key::Address(address_key(address)), ADDRESS_BURST)
            && member.is_none_or(|m| self.take(Key::Member(m), MEMBER_BURST));
        if ok {
            Ok(())
        } else {
            Err(Refused::TooMany)
        }
    }

    /// Counts one request of a signed-in member only (its address was
    /// counted in front of every request).
    pub(crate) fn member(&self, member: u64) -> Result<(), Refused> {
        if self.take(Key::Member(member), MEMBER_BURST) {
            Ok(())
        } else {
            Err(Refused::TooMany)
        }
    }

    /// A place in the work pool (store reads, pictures), or `Busy` when it
    /// stays full: a flood of page loads queues here, not on the store.
    pub(crate) async fn work(&self) -> Result<tokio::sync::SemaphorePermit<'_>, Refused> {
        match tokio::time::timeout(WORK_WAIT, self.work.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(Refused::Busy),
        }
    }

    /// Opens a socket for `address`, if it holds fewer than its share; the
    /// guard closes it.
    pub(crate) fn socket(self: &std::sync::Arc<Self>, address: IpAddr) -> Option<SocketSlot> {
        let address = address_key(address);
        let mut open = self.sockets.lock().expect("the sockets lock");
        if open.values().sum::<usize>() >= self.sockets_total {
            return None;
        }
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
    /// The server's shared allowance is spent for now: 503, try again soon.
    Busy,
    /// A malformed request: 400 with what is expected.
    Bad(&'static str),
}

impl Refused {
    /// The answer, worded in `lang` where a player reads it (a malformed
    /// request is a program's mistake: its reason stays as written).
    pub(crate) fn answer(self, lang: Lang) -> Response {
        match self {
            Refused::TooMany => too_many(lang),
            Refused::Busy => {
                let mut r = error(StatusCode::SERVICE_UNAVAILABLE, &crate::tr!(lang, "web-too-many"));
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
                r
            }
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

/// An address block of `[web] trusted_proxies`: `10.0.0.1` or `10.0.0.0/8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    net: IpAddr,
    bits: u8,
}

impl std::str::FromStr for Cidr {
    type Err = String;

    fn from_str(s: &str) -> Result<Cidr, String> {
        let (addr, bits) = match s.trim().split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (s.trim(), None),
        };
        let net: IpAddr = addr.parse().map_err(|_| format!("{s:?} is not an address"))?;
        let max = if net.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            Some(b) => b
                .parse::<u8>()
                .ok()
                .filter(|b| *b <= max)
                .ok_or_else(|| format!("{s:?}: the prefix must be 0 to {max}"))?,
            None => max,
        };
        Ok(Cidr { net, bits })
    }
}

impl Cidr {
    /// Whether `ip` is in this block (an IPv4-mapped IPv6 address as its IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        let (a, b, width) = match (self.net, ip) {
            (IpAddr::V4(n), IpAddr::V4(i)) => (u32::from(n) as u128, u32::from(i) as u128, 32),
            (IpAddr::V6(n), IpAddr::V6(i)) => (u128::from(n), u128::from(i), 128),
            _ => return false,
        };
        let shift = width - u32::from(self.bits);
        shift >= width || (a >> shift) == (b >> shift)
    }
}

/// The client's address: the peer's, unless the peer is a trusted proxy;
/// then the nearest address in `Forwarded` (or else `X-Forwarded-For`) that
/// is not itself a trusted proxy. An untrusted peer's headers are ignored,
/// so nobody picks their own address; a hop that is not an address stops
/// the walk at the last trusted one.
pub(crate) fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|c| c.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let hops = forwarded_hops(headers);
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop {
            Some(ip) => {
                client = *ip;
                if !is_trusted(*ip) {
                    return client;
                }
            }
            None => return client,
        }
    }
    client
}

/// The addresses a request passed through, nearest last: `Forwarded`'s
/// `for=` when the header is there, else `X-Forwarded-For`. `None` for a
/// hop that is not an address (`unknown`, an obfuscated name, junk).
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .map(|v| v.to_str().map(str::to_owned).unwrap_or_default())
            .collect()
    };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|v| v.split(','))
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.trim().split_once('='))
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, v)| node_address(v.trim().trim_matches('"')))
            })
            .collect();
    }
    values("x-forwarded-for")
        .iter()
        .flat_map(|v| v.split(','))
        .map(|hop| node_address(hop.trim()))
        .collect()
}

/// An address of a forwarding header: `1.2.3.4`, `1.2.3.4:80`, `[::1]`,
/// `[::1]:80` or a bare IPv6 address.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Ok(ip) = node.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sa) = node.parse::<SocketAddr>() {
        return Some(sa.ip());
    }
    node.strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .and_then(|n| n.parse().ok())
}

/// The client's address, as the router's first layer found it for this request.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Client(pub(crate) IpAddr);

/// The Content-Security-Policy of every answer: only this server's
/// scripts, styles, images and sockets; framed only by Discord's client and
/// the configured ancestors. An error when the configured ancestors make it
/// unsendable: the server then does not start without it.
pub(crate) fn policy(frame_ancestors: &[String]) -> Result<HeaderValue, String> {
    let ancestors = frame_ancestors.join(" ");
    let csp = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: https://cdn.discordapp.com; \
         connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self' {ancestors}"
    );
    HeaderValue::from_str(&csp).map_err(|_| format!("the Content-Security-Policy cannot be sent: {csp:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn blocks_contain_their_addresses_only() {
        let b: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(b.contains(ip("10.1.200.3")));
        assert!(!b.contains(ip("10.2.0.1")));
        assert!(b.contains(ip("::ffff:10.1.0.9")));
        let one: Cidr = "fd00::1".parse().unwrap();
        assert!(one.contains(ip("fd00::1")) && !one.contains(ip("fd00::2")));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.7")) && !all.contains(ip("::1")));
        for bad in ["10.0.0.0/33", "nginx", "10.0.0/8", "::/129", ""] {
            assert!(bad.parse::<Cidr>().is_err(), "{bad}");
        }
    }

    #[test]
    fn only_a_trusted_peer_says_who_the_client_is() {
        let trusted: Vec<Cidr> = vec!["127.0.0.1".parse().unwrap(), "10.0.0.0/8".parse().unwrap()];
        let h = headers(&[("x-forwarded-for", "198.51.100.9, 203.0.113.5")]);
        // A stranger's header is ignored.
        assert_eq!(client_address(ip("192.0.2.1"), &h, &trusted), ip("192.0.2.1"));
        // Behind the proxy: the nearest untrusted hop, not the spoofable first one.
        assert_eq!(client_address(ip("127.0.0.1"), &h, &trusted), ip("203.0.113.5"));
        let chain = headers(&[("x-forwarded-for", "203.0.113.5, 10.0.0.7")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &chain, &trusted),
            ip("203.0.113.5")
        );
        let fwd = headers(&[
            (
                "forwarded",
                "for=198.51.100.1;proto=https, for=\"[2001:db8::7]:4711\"",
            ),
            ("x-forwarded-for", "192.0.2.200"),
        ]);
        assert_eq!(client_address(ip("127.0.0.1"), &fwd, &trusted), ip("2001:db8::7"));
        let junk = headers(&[("x-forwarded-for", "203.0.113.5, unknown")]);
        assert_eq!(client_address(ip("127.0.0.1"), &junk, &trusted), ip("127.0.0.1"));
        assert_eq!(
            client_address(ip("127.0.0.1"), &HeaderMap::new(), &trusted),
            ip("127.0.0.1")
        );
        assert_eq!(client_address(ip("127.0.0.1"), &h, &[]), ip("127.0.0.1"));
    }

    #[test]
    fn the_buckets_stay_bounded_and_keep_counting_known_keys() {
        let mut b = Buckets::new(100);
        for k in 0..100u32 {
            assert!(b.take(k, 2.0, 0.001));
        }
        // Every bucket is in use: a new key waits, a known one still counts.
        assert!(!b.take(1000, 2.0, 0.001));
        assert!(b.take(5, 2.0, 0.001));
        assert!(!b.take(5, 2.0, 0.001));
        assert_eq!(b.len(), 100);
        for k in 0..10_000u32 {
            b.take(k + 5000, 2.0, 0.001);
        }
        assert_eq!(b.len(), 100);
    }

    #[test]
    fn an_ipv6_client_is_one_slash_64() {
        assert_eq!(
            address_key(ip("2001:db8:1:2:aa::1")),
            address_key(ip("2001:db8:1:2:bb::9"))
        );
        assert_ne!(
            address_key(ip("2001:db8:1:2::1")),
            address_key(ip("2001:db8:1:3::1"))
        );
        assert_eq!(address_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
    }

    #[test]
    fn ancestors_that_would_break_the_policy_stop_the_server() {
        assert!(policy(&["https://discord.com".into()]).is_ok());
        assert!(policy(&["https://x.example\n".into()]).is_err());
    }
}
