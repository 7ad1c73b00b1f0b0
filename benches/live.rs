//! The live board under a crowd: one process holds 1,000, then 10,000 open
//! spectator WebSockets on one game, and every move is pushed to all of them.
//!
//! `cargo bench --bench live` prints, for a series of moves: p50 and p99
//! (over moves) of the time from the move's commit to the last spectator
//! receiving it, the server's memory per connection (resident memory before
//! and after the sockets open, over their number) and the server's CPU per
//! pushed move. Beside each, in the same run, the baseline: a bare
//! tokio-tungstenite server that sends a frame of the same size to the same
//! number of sockets, all subscribed to one broadcast. Each server runs in a
//! process of its own and its spectators in another (this binary again), so
//! every figure is that server's own. `ISOLO_BENCH_SOCKETS` (a list, e.g.
//! `1000,10000`) and `ISOLO_BENCH_MOVES` (20) change the counts.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use isolo_bot::store::MemoryStore;
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, Opponent, SystemClock, Table, TableConfig,
};
use isolo_bot::web::{WebConfig, WebParts};

const CHANNEL: u64 = 7_000;
const GUILD: u64 = 9_000;
const SOUTH: u64 = 1;
const NORTH: u64 = 2;

fn now_ns() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Lets this process hold as many sockets as the system allows.
fn raise_open_files() {
    // SAFETY: getrlimit/setrlimit only read and write the process's own limits.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// Resident memory of this process, in bytes.
fn rss() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// CPU time of this process so far (user + system).
fn cpu() -> Duration {
    // SAFETY: getrusage writes only the struct it is given.
    unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        let t = |v: libc::timeval| Duration::new(v.tv_sec as u64, v.tv_usec as u32 * 1000);
        t(u.ru_utime) + t(u.ru_stime)
    }
}

/// The spectators: `n` sockets on `url`; after the first state each, says
/// "ready"; then for each later push, the time the last socket received it.
async fn spectators(url: String, n: usize, moves: usize) {
    let mut tasks = Vec::with_capacity(n);
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(usize, u128, usize)>();
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
    let server: std::net::SocketAddr = url
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .and_then(|a| a.parse().ok())
        .expect("the server's address");
    for i in 0..n {
        let (url, tx, ready) = (url.clone(), tx.clone(), ready_tx.clone());
        // A crowd comes from many addresses: 50 spectators an address of
        // 127/8 (all loopback on Linux), within the per-address limits.
        let a = i / 50;
        let from = std::net::Ipv4Addr::new(127, 1, (a / 250) as u8, (a % 250 + 1) as u8);
        tasks.push(tokio::spawn(async move {
            let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
            socket
                .bind(std::net::SocketAddr::from((from, 0)))
                .expect("a loopback address");
            let stream = socket.connect(server).await.expect("connects");
            let (mut socket, _) = match tokio_tungstenite::client_async(&url, stream).await {
                Ok(s) => s,
                Err(e) => panic!("a spectator cannot connect: {e}"),
            };
            let mut seen = 0;
            while let Some(Ok(m)) = socket.next().await {
                if !m.is_text() {
                    continue;
                }
                if seen == 0 {
                    let _ = ready.send(());
                } else {
                    let _ = tx.send((seen, now_ns(), m.len()));
                }
                seen += 1;
                if seen > moves {
                    return;
                }
            }
        }));
        // Connections opened gently: the listen backlog is finite.
        tokio::task::yield_now().await;
    }
    for _ in 0..n {
        ready_rx.recv().await.expect("every spectator gets the game");
    }
    println!("ready");
    let mut last = vec![(0usize, 0u128); moves + 1];
    let mut got = 0;
    while got < n * moves {
        let Some((k, at, len)) = rx.recv().await else {
            break;
        };
        last[k].0 += 1;
        last[k].1 = last[k].1.max(at);
        got += 1;
        if last[k].0 == n {
            println!("move {k} {} {len}", last[k].1);
        }
    }
}

/// What a server measured.
struct Figures {
    latencies: Vec<Duration>,
    per_socket: f64,
    cpu_per_move: Duration,
    /// The push's size, in bytes (the last move's).
    len: usize,
}

/// Starts the spectators on `url`, waits for them, then makes `moves` moves
/// with `make` (move `k`, from 1) and times each from its commit (when
/// `make` returns) to the last spectator receiving it. `make` answers
/// whether there is a next move.
fn measure(
    url: &str,
    sockets: usize,
    moves: usize,
    rss_before: u64,
    mut make: impl FnMut(usize) -> bool,
) -> Figures {
    let exe = std::env::current_exe().expect("this binary");
    let mut child = Command::new(exe)
        .env("ISOLO_BENCH_SPECTATE", url)
        .env("ISOLO_BENCH_SOCKETS", sockets.to_string())
        .env("ISOLO_BENCH_MOVES", moves.to_string())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the spectators' process");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    assert_eq!(
        lines.next().and_then(Result::ok).as_deref(),
        Some("ready"),
        "the spectators connect"
    );
    let per_socket = (rss().saturating_sub(rss_before)) as f64 / sockets as f64;
    let mut latencies = Vec::new();
    let mut len = 0;
    let cpu_before = cpu();
    for k in 1..=moves {
        let more = make(k);
        let committed = now_ns();
        let line = lines
            .next()
            .and_then(Result::ok)
            .expect("the spectators report the move");
        let mut words = line.split(' ').skip(2);
        let last: u128 = words.next().and_then(|v| v.parse().ok()).expect("a time");
        len = words.next().and_then(|v| v.parse().ok()).expect("a length");
        assert!(line.starts_with(&format!("move {k} ")), "{line}");
        latencies.push(Duration::from_nanos(last.saturating_sub(committed) as u64));
        if !more {
            break;
        }
    }
    let cpu_per_move = (cpu() - cpu_before) / latencies.len().max(1) as u32;
    let _ = child.kill();
    let _ = child.wait();
    latencies.sort();
    Figures {
        latencies,
        per_socket,
        cpu_per_move,
        len,
    }
}

impl Figures {
    /// One line: `name`'s figures for `sockets` spectators.
    fn print(&self, name: &str, sockets: usize) {
        let lat = &self.latencies;
        let pick = |q: f64| lat[((lat.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
        println!(
            "{name:<8} {sockets:>6} sockets, {} moves of {} bytes: commit to last spectator p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; CPU {:.1} ms a move ({:.2} µs a socket); {:.1} KiB a connection",
            lat.len(),
            self.len,
            pick(0.5),
            pick(0.99),
            pick(1.0),
            self.cpu_per_move.as_secs_f64() * 1e3,
            self.cpu_per_move.as_secs_f64() * 1e6 / sockets as f64,
            self.per_socket / 1024.0
        );
        let _ = std::io::stdout().flush();
    }
}

/// The bot's live board: one game, `sockets` spectators, `moves` moves.
fn serve_bot(runtime: &tokio::runtime::Runtime, sockets: usize, moves: usize) -> Figures {
    let table = Arc::new(Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(SystemClock),
        TableConfig::default(),
    ));
    let req = ChallengeRequest {
        guild: GUILD,
        channel: CHANNEL,
        challenger: SOUTH,
        challenger_name: "South".into(),
        opponent: Opponent::User {
            id: NORTH,
            name: "North".into(),
        },
        settings: GameSettings {
            move_secs: None,
            rated: false,
            ..GameSettings::default()
        },
    };
    let game = match table.challenge(req).expect("a challenge") {
        ChallengeOutcome::Started(v) => v.live.id,
        ChallengeOutcome::Pending(_) => table.accept(CHANNEL, NORTH, None).expect("accepted").live.id,
    };
    let (addr, rss_before) = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        let parts = WebParts {
            table: table.clone(),
            config: WebConfig {
                sockets_per_address: sockets + 10,
                connections_per_address: sockets + 10,
                max_connections: sockets + 100,
                ..WebConfig::default()
            },
            bot_token: None,
            plays_bot: false,
            // Every socket is South's: the game is theirs to watch with no
            // Discord to ask who can see its channel.
            local_player: Some((SOUTH, "South".to_owned())),
        };
        tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
        (addr, rss())
    });
    let key = table.link_key(CHANNEL, game).expect("a link key");
    let url = format!("ws://{addr}/api/g/{CHANNEL}/{game}-{key}/ws");
    measure(&url, sockets, moves, rss_before, |_| {
        let view = table.game(CHANNEL).expect("reads").expect("the game");
        let pit = view.game.legal_moves().iter().next().expect("a legal move");
        let mover = if view.game.position().to_move() == isolo_bot::engine::Side::South {
            SOUTH
        } else {
            NORTH
        };
        table.play(CHANNEL, mover, &pit.to_string()).expect("a move");
        table
            .game(CHANNEL)
            .expect("reads")
            .is_some_and(|v| !v.game.legal_moves().is_empty())
    })
}

/// The baseline: a bare tokio-tungstenite server (the tungstenite the
/// board uses) whose sockets all wait on one broadcast and send each frame
/// they get, `len` bytes of text shared by all.
fn serve_baseline(runtime: &tokio::runtime::Runtime, sockets: usize, moves: usize, len: usize) -> Figures {
    use tokio_tungstenite_axum::tungstenite::{Message, Utf8Bytes};
    let (frames, _) = tokio::sync::broadcast::channel::<Utf8Bytes>(8);
    let (addr, rss_before) = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        let frames = frames.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let mut rx = frames.subscribe();
                tokio::spawn(async move {
                    let Ok(mut socket) = tokio_tungstenite_axum::accept_async(stream).await else {
                        return;
                    };
                    if socket.send(Message::text("{}")).await.is_err() {
                        return;
                    }
                    while let Ok(frame) = rx.recv().await {
                        if socket.send(Message::Text(frame)).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        (addr, rss())
    });
    let frame = Utf8Bytes::from("x".repeat(len.max(1)));
    measure(&format!("ws://{addr}/"), sockets, moves, rss_before, |_| {
        let _ = frames.send(frame.clone());
        true
    })
}

fn main() {
    raise_open_files();
    let moves = env_or("ISOLO_BENCH_MOVES", 20);
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    if let Ok(url) = std::env::var("ISOLO_BENCH_SPECTATE") {
        runtime.block_on(spectators(url, env_or("ISOLO_BENCH_SOCKETS", 0), moves));
        return;
    }
    if let Ok(server) = std::env::var("ISOLO_BENCH_SERVE") {
        let sockets = env_or("ISOLO_BENCH_SOCKETS", 0);
        let figures = if server == "bot" {
            serve_bot(&runtime, sockets, moves)
        } else {
            serve_baseline(&runtime, sockets, moves, env_or("ISOLO_BENCH_LEN", 1))
        };
        figures.print(&server, sockets);
        // The push's size, for the baseline to send as much.
        println!("len {}", figures.len);
        return;
    }
    // Criterion's own arguments (`--bench`) are accepted and ignored.
    drop(runtime);
    let counts = std::env::var("ISOLO_BENCH_SOCKETS").unwrap_or_else(|_| "1000,10000".into());
    let exe = std::env::current_exe().expect("this binary");
    for sockets in counts.split(',').filter_map(|c| c.trim().parse::<usize>().ok()) {
        let mut len = 0;
        for server in ["bot", "baseline"] {
            // A process a server, so each one's memory and CPU are its own.
            let out = Command::new(&exe)
                .env("ISOLO_BENCH_SERVE", server)
                .env("ISOLO_BENCH_SOCKETS", sockets.to_string())
                .env("ISOLO_BENCH_MOVES", moves.to_string())
                .env("ISOLO_BENCH_LEN", len.to_string())
                .stderr(Stdio::inherit())
                .output()
                .expect("a server process");
            let text = String::from_utf8_lossy(&out.stdout);
            for line in text.lines() {
                match line.strip_prefix("len ") {
                    Some(n) => len = n.parse().unwrap_or(len),
                    None => println!("{line}"),
                }
            }
        }
    }
}
