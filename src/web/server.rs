//! The accept loop: every connection is bounded before a byte of it is
//! read. A cap on connections in all and per address keeps slow clients
//! from taking the file descriptors Discord and PostgreSQL need; headers
//! must arrive within a deadline, an idle connection is closed, and a
//! request is answered within a bound.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tower::ServiceExt;

use super::guard::{address_key, Cidr};

/// Bounds on connections, from `[web]`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    /// Open connections in all (sockets included).
    pub(crate) total: usize,
    /// Open connections of one address that is not a trusted proxy.
    pub(crate) per_address: usize,
    /// Longest a client may take to send a request's headers.
    pub(crate) headers: Duration,
    /// Longest a connection may send and receive nothing.
    pub(crate) idle: Duration,
}

/// Open connections, in all and by address.
struct Open {
    by_address: Mutex<(usize, HashMap<IpAddr, usize>)>,
    bounds: Bounds,
    trusted: Arc<[Cidr]>,
}

/// One open connection, given back when dropped.
pub(crate) struct Slot {
    open: Arc<Open>,
    address: Option<IpAddr>,
}

impl Open {
    /// A slot for a connection from `peer`, if the caps allow it. A trusted
    /// proxy's connections count only towards the total: it carries everyone.
    fn take(self: &Arc<Self>, peer: IpAddr) -> Option<Slot> {
        let mut open = self.by_address.lock().expect("the connections lock");
        if open.0 >= self.bounds.total {
            return None;
        }
        let address = (!self.trusted.iter().any(|c| c.contains(peer))).then(|| address_key(peer));
        if let Some(a) = address {
            let n = open.1.entry(a).or_insert(0);
            if *n >= self.bounds.per_address {
                return None;
            }
            *n += 1;
        }
        open.0 += 1;
        Some(Slot {
            open: self.clone(),
            address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.by_address.lock().expect("the connections lock");
        open.0 -= 1;
        if let Some(a) = self.address {
            if let Some(n) = open.1.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    open.1.remove(&a);
                }
            }
        }
    }
}

/// A connection that notes when it last moved a byte.
struct Noted<T> {
    inner: T,
    last: Arc<AtomicU64>,
    start: Instant,
}

impl<T> Noted<T> {
    fn note(&self) {
        self.last
            .store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Noted<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let r = Pin::new(&mut this.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.note();
        }
        r
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Noted<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            this.note();
        }
        r
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// Serves `app` on `listener` within `bounds` until `shutdown` completes;
/// open connections are then asked to finish and given a few seconds.
pub(crate) async fn run(
    listener: tokio::net::TcpListener,
    app: Router,
    bounds: Bounds,
    trusted: Arc<[Cidr]>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Open {
        by_address: Mutex::new((0, HashMap::new())),
        bounds,
        trusted,
    });
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors, most likely: give the others a moment.
                    tracing::warn!("the live board could not accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let Some(slot) = open.take(peer.ip()) else {
            // Over a cap: closed at once, before anything is read.
            drop(tcp);
            continue;
        };
        let _ = tcp.set_nodelay(true);
        tokio::spawn(connection(tcp, peer, app.clone(), slot, bounds, stop_rx.clone()));
    }
    let _ = stop_tx.send(true);
    Ok(())
}

/// One connection: HTTP/1.1 with upgrades, closed when idle past its bound
/// or when the server stops.
async fn connection(
    tcp: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    slot: Slot,
    bounds: Bounds,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let last = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let io = TokioIo::new(Noted {
        inner: tcp,
        last: last.clone(),
        start,
    });
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        app.clone().oneshot(request.map(axum::body::Body::new))
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(bounds.headers)
        .max_buf_size(64 * 1024)
        .serve_connection(io, service)
        .with_upgrades();
    let mut conn = std::pin::pin!(conn);
    let mut tick = tokio::time::interval((bounds.idle / 4).max(Duration::from_millis(50)));
    // When the connection was asked to finish; past `idle` more, it is dropped.
    let mut closing: Option<Instant> = None;
    loop {
        tokio::select! {
            _ = &mut conn => break,
            _ = tick.tick() => {
                if closing.is_some_and(|at| at.elapsed() >= bounds.idle) {
                    break;
                }
                let quiet = start.elapsed().saturating_sub(Duration::from_millis(last.load(Ordering::Relaxed)));
                if quiet >= bounds.idle && closing.is_none() {
                    conn.as_mut().graceful_shutdown();
                    closing = Some(Instant::now());
                }
            }
            _ = stop.changed(), if closing.is_none() => {
                conn.as_mut().graceful_shutdown();
                closing = Some(Instant::now());
            }
        }
    }
    drop(slot);
}
