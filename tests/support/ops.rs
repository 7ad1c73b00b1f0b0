//! Helpers for tests of what an operator sees: free ports, the metrics page.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A port of 127.0.0.1 that nothing listens on (just freed by the OS).
pub fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

/// `GET path` on 127.0.0.1:`port`: the status code and the body.
pub async fn get(port: u16, path: &str) -> std::io::Result<(u16, String)> {
    let mut s = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await?;
    let mut out = String::new();
    s.read_to_string(&mut out).await?;
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = out.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_owned();
    Ok((status, body))
}

/// The value of the sample `line` (name and labels) on a metrics page.
pub fn sample(page: &str, line: &str) -> Option<f64> {
    page.lines()
        .find_map(|l| l.strip_prefix(line)?.strip_prefix(' ')?.parse().ok())
}

/// Polls `check` every 100 ms until it gives a value, for at most `within`.
pub async fn eventually<T>(within: Duration, what: &str, mut check: impl AsyncFnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = check().await {
            return v;
        }
        assert!(
            start.elapsed() < within,
            "{what} did not happen within {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
