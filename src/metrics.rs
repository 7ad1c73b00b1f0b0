//! What an operator watches: counters the bot keeps while it runs, served as
//! Prometheus text on `/metrics`, and `/healthz` (shards connected, storage
//! reachable) on a local address of the operator's choice.
//!
//! Every label takes values from a closed set (command names, outcomes, shard
//! numbers), so no member can grow the page.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// How an interaction ended, for the `outcome` label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Answered as asked.
    Ok,
    /// Refused with a reason (an illegal move, not your turn...).
    Refused,
    /// Failed (storage or Discord trouble).
    Error,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Error => "error",
        }
    }
}

/// A histogram with fixed buckets, in seconds.
#[derive(Debug)]
pub struct Histogram {
    bounds: &'static [f64],
    counts: Vec<AtomicU64>,
    sum_micros: AtomicU64,
    count: AtomicU64,
}

/// Buckets for answer latency and timer lag, in seconds.
const SECONDS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 60.0,
];

impl Histogram {
    fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: bounds.iter().map(|_| AtomicU64::new(0)).collect(),
            sum_micros: AtomicU64::new(0),
            count: AtomicU64::new(0),
        }
    }

    /// Records one observation.
    pub fn observe(&self, d: Duration) {
        let secs = d.as_secs_f64();
        if let Some(i) = self.bounds.iter().position(|&b| secs <= b) {
            self.counts[i].fetch_add(1, Ordering::Relaxed);
        }
        let micros = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    /// Observations so far.
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    fn write(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut cumulative = 0;
        for (b, c) in self.bounds.iter().zip(&self.counts) {
            cumulative += c.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{b}\"}} {cumulative}");
        }
        let count = self.count();
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let sum = self.sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {count}");
    }
}

/// The state of one gateway shard.
#[derive(Debug, Clone, Copy, Default)]
struct Shard {
    connected: bool,
    latency: Option<Duration>,
}

/// The bot's counters; share one behind an `Arc`.
#[derive(Debug)]
pub struct Metrics {
    interactions: Mutex<BTreeMap<(String, Outcome), u64>>,
    /// Time from an interaction's arrival to its first answer.
    pub answer_latency: Histogram,
    /// How late clock events (reminders, timeouts, expiries) fired.
    pub timer_lag: Histogram,
    commit_conflicts: AtomicU64,
    live_games: AtomicI64,
    shards: Mutex<BTreeMap<u32, Shard>>,
}

impl Metrics {
    /// Counters for a process that runs these gateway shards.
    pub fn new(shards: impl IntoIterator<Item = u32>) -> Metrics {
        Metrics {
            interactions: Mutex::new(BTreeMap::new()),
            answer_latency: Histogram::new(SECONDS),
            timer_lag: Histogram::new(SECONDS),
            commit_conflicts: AtomicU64::new(0),
            live_games: AtomicI64::new(0),
            shards: Mutex::new(shards.into_iter().map(|s| (s, Shard::default())).collect()),
        }
    }

    /// Counts an interaction. `command` must come from the bot's own command
    /// list, never from member input, so the labels stay a closed set.
    pub fn interaction(&self, command: &str, outcome: Outcome, answered_in: Duration) {
        *self
            .interactions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry((command.to_owned(), outcome))
            .or_default() += 1;
        self.answer_latency.observe(answered_in);
    }

    /// Counts a compare-and-swap conflict in the store (a concurrent writer won).
    pub fn commit_conflict(&self) {
        self.commit_conflicts.fetch_add(1, Ordering::Relaxed);
    }

    /// Sets the number of live games.
    pub fn set_live_games(&self, n: u64) {
        self.live_games
            .store(i64::try_from(n).unwrap_or(i64::MAX), Ordering::Relaxed);
    }

    /// Sets the shards this process runs (known once the plan is made);
    /// `/healthz` wants all of them connected.
    pub fn set_shards(&self, ids: impl IntoIterator<Item = u32>) {
        let mut shards = self.shards.lock().unwrap_or_else(PoisonError::into_inner);
        let old = std::mem::take(&mut *shards);
        *shards = ids
            .into_iter()
            .map(|id| (id, old.get(&id).copied().unwrap_or_default()))
            .collect();
    }

    /// Interactions counted so far with this command label and outcome.
    pub fn interactions(&self, command: &str, outcome: Outcome) -> u64 {
        self.interactions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(command.to_owned(), outcome))
            .copied()
            .unwrap_or(0)
    }

    /// Records a shard's connection state and, when known, its heartbeat latency.
    pub fn shard(&self, id: u32, connected: bool, latency: Option<Duration>) {
        let mut shards = self.shards.lock().unwrap_or_else(PoisonError::into_inner);
        let s = shards.entry(id).or_default();
        s.connected = connected;
        if latency.is_some() {
            s.latency = latency;
        }
    }

    /// Shards connected, of this process's shards.
    pub fn shards_connected(&self) -> (usize, usize) {
        let shards = self.shards.lock().unwrap_or_else(PoisonError::into_inner);
        (shards.values().filter(|s| s.connected).count(), shards.len())
    }

    /// The page in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        out.push_str("# HELP isolo_interactions_total Interactions answered, by command and outcome.\n");
        out.push_str("# TYPE isolo_interactions_total counter\n");
        for ((command, outcome), n) in self
            .interactions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
        {
            let _ = writeln!(
                out,
                "isolo_interactions_total{{command=\"{command}\",outcome=\"{}\"}} {n}",
                outcome.label()
            );
        }
        self.answer_latency.write(
            &mut out,
            "isolo_answer_latency_seconds",
            "Time from an interaction's arrival to its first answer.",
        );
        self.timer_lag.write(
            &mut out,
            "isolo_timer_lag_seconds",
            "How late clock events fired.",
        );
        let _ = writeln!(
            out,
            "# HELP isolo_store_commit_conflicts_total Store writes that lost a compare-and-swap race.\n\
             # TYPE isolo_store_commit_conflicts_total counter\n\
             isolo_store_commit_conflicts_total {}",
            self.commit_conflicts.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            out,
            "# HELP isolo_live_games Games in progress.\n# TYPE isolo_live_games gauge\nisolo_live_games {}",
            self.live_games.load(Ordering::Relaxed)
        );
        let shards = self.shards.lock().unwrap_or_else(PoisonError::into_inner);
        out.push_str("# HELP isolo_shard_connected Whether a gateway shard is connected.\n");
        out.push_str("# TYPE isolo_shard_connected gauge\n");
        for (id, s) in shards.iter() {
            let _ = writeln!(
                out,
                "isolo_shard_connected{{shard=\"{id}\"}} {}",
                u8::from(s.connected)
            );
        }
        out.push_str("# HELP isolo_gateway_latency_seconds Heartbeat round trip per shard.\n");
        out.push_str("# TYPE isolo_gateway_latency_seconds gauge\n");
        for (id, s) in shards.iter() {
            if let Some(l) = s.latency {
                let _ = writeln!(
                    out,
                    "isolo_gateway_latency_seconds{{shard=\"{id}\"}} {}",
                    l.as_secs_f64()
                );
            }
        }
        out
    }
}

/// Whether the storage answers; called on every `/healthz`.
pub type StoreCheck = Arc<dyn Fn() -> bool + Send + Sync>;

#[derive(Clone)]
struct Served {
    metrics: Arc<Metrics>,
    store_ok: StoreCheck,
}

async fn metrics_page(State(s): State<Served>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        s.metrics.render(),
    )
}

async fn health(State(s): State<Served>) -> impl IntoResponse {
    let (up, total) = s.metrics.shards_connected();
    let check = s.store_ok.clone();
    let store_ok = tokio::task::spawn_blocking(move || check())
        .await
        .unwrap_or(false);
    // No shard yet (Discord unreachable) is not "every shard connected".
    let ok = total > 0 && up == total && store_ok;
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = format!(
        "{{\"ok\":{ok},\"shards_connected\":{up},\"shards\":{total},\"store\":{}}}\n",
        if store_ok { "\"ok\"" } else { "\"unreachable\"" }
    );
    (status, [(header::CONTENT_TYPE, "application/json")], body)
}

/// Serves `/metrics` and `/healthz` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    metrics: Arc<Metrics>,
    store_ok: StoreCheck,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = Router::new()
        .route("/metrics", get(metrics_page))
        .route("/healthz", get(health))
        .with_state(Served { metrics, store_ok });
    axum::serve(listener, app).with_graceful_shutdown(shutdown).await
}

/// The largest `/healthz` answer [`probe`] reads.
const PROBE_MAX_BYTES: u64 = 64 * 1024;

/// Asks `/healthz` of the server on `listen` (an unspecified address such
/// as `0.0.0.0` is asked on loopback), waiting at most `timeout` for each
/// step: the HTTP status and the body. Blocking: for the `healthcheck`
/// command, which has no runtime.
pub fn probe(listen: std::net::SocketAddr, timeout: Duration) -> std::io::Result<(u16, String)> {
    use std::io::{Read, Write};
    let mut addr = listen;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            std::net::SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            std::net::SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    let mut stream = std::net::TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    // One write: a server may answer (and close) once it has the request line.
    let request = format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes())?;
    let mut answer = Vec::new();
    stream.take(PROBE_MAX_BYTES).read_to_end(&mut answer)?;
    let answer = String::from_utf8_lossy(&answer);
    let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP answer");
    let status = answer
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| answer.strip_prefix("HTTP/1.0 "))
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .ok_or_else(bad)?;
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Ok((status, body.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn get(addr: std::net::SocketAddr, path: &str) -> String {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        s.write_all(req.as_bytes()).await.unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).await.unwrap();
        out
    }

    #[tokio::test]
    async fn the_page_is_scraped_and_health_follows_shards_and_storage() {
        let metrics = Arc::new(Metrics::new([0, 1]));
        metrics.interaction("move", Outcome::Ok, Duration::from_millis(20));
        metrics.interaction("move", Outcome::Refused, Duration::from_millis(3));
        metrics.interaction("board", Outcome::Ok, Duration::from_millis(70));
        metrics.timer_lag.observe(Duration::from_millis(400));
        metrics.commit_conflict();
        metrics.set_live_games(7);
        metrics.shard(0, true, Some(Duration::from_millis(42)));
        let store_up = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let flag = store_up.clone();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve(
            listener,
            metrics.clone(),
            Arc::new(move || flag.load(Ordering::Relaxed)),
            async move {
                let _ = stopped.await;
            },
        ));

        let page = get(addr, "/metrics").await;
        assert!(page.starts_with("HTTP/1.1 200"), "{page}");
        for line in [
            "isolo_interactions_total{command=\"move\",outcome=\"ok\"} 1",
            "isolo_interactions_total{command=\"move\",outcome=\"refused\"} 1",
            "isolo_interactions_total{command=\"board\",outcome=\"ok\"} 1",
            "isolo_answer_latency_seconds_bucket{le=\"0.025\"} 2",
            "isolo_answer_latency_seconds_bucket{le=\"+Inf\"} 3",
            "isolo_answer_latency_seconds_count 3",
            "isolo_timer_lag_seconds_bucket{le=\"0.5\"} 1",
            "isolo_store_commit_conflicts_total 1",
            "isolo_live_games 7",
            "isolo_shard_connected{shard=\"0\"} 1",
            "isolo_shard_connected{shard=\"1\"} 0",
            "isolo_gateway_latency_seconds{shard=\"0\"} 0.042",
        ] {
            assert!(page.contains(line), "missing {line} in\n{page}");
        }

        let h = get(addr, "/healthz").await;
        assert!(h.starts_with("HTTP/1.1 503"), "shard 1 is down: {h}");
        metrics.shard(1, true, None);
        let h = get(addr, "/healthz").await;
        assert!(
            h.starts_with("HTTP/1.1 200") && h.contains("\"shards_connected\":2"),
            "{h}"
        );
        store_up.store(false, Ordering::Relaxed);
        let h = get(addr, "/healthz").await;
        assert!(h.starts_with("HTTP/1.1 503") && h.contains("unreachable"), "{h}");
        let probed = tokio::task::spawn_blocking(move || probe(addr, Duration::from_secs(5)));
        let (status, body) = probed.await.unwrap().unwrap();
        assert_eq!(status, 503);
        assert!(
            body.starts_with("{\"ok\":false") && body.contains("unreachable"),
            "{body}"
        );
        store_up.store(true, Ordering::Relaxed);
        let unspecified = std::net::SocketAddr::from(([0, 0, 0, 0], addr.port()));
        let probed = tokio::task::spawn_blocking(move || probe(unspecified, Duration::from_secs(5)));
        assert_eq!(
            probed.await.unwrap().unwrap().0,
            200,
            "0.0.0.0 is asked on loopback"
        );
        assert!(get(addr, "/other").await.starts_with("HTTP/1.1 404"));

        stop.send(()).unwrap();
        server.await.unwrap().unwrap();
    }

    #[tokio::test]
    async fn a_process_with_no_shard_started_is_not_healthy() {
        // Before Discord answers, the shard plan is unknown: no shard at all.
        let metrics = Arc::new(Metrics::new([]));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve(listener, metrics.clone(), Arc::new(|| true), async move {
            let _ = stopped.await;
        }));
        let h = get(addr, "/healthz").await;
        assert!(
            h.starts_with("HTTP/1.1 503") && h.contains("\"ok\":false,\"shards_connected\":0,\"shards\":0"),
            "{h}"
        );
        metrics.set_shards([0]);
        metrics.shard(0, true, None);
        assert!(get(addr, "/healthz").await.starts_with("HTTP/1.1 200"));
        stop.send(()).unwrap();
        server.await.unwrap().unwrap();
    }
}
