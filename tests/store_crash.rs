//! Crash safety: SIGKILL a process in the middle of writing, many times; on
//! reopen every acknowledged write must be there, every batch whole, and the
//! store usable.
//!
//! Runs without the test harness: the binary re-executes itself with
//! `CHILD_ENV` set to become the writer, which prints each write it got an
//! acknowledgement for (`<channel> <seq>`) before doing the next.
//!
//! Runs against sled, then against PostgreSQL when there is one
//! (`ISOLO_TEST_PG_URL`, else a throwaway server of its own; the writer's
//! connection dies with the writer, the server lives on).

mod support;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use isolo_bot::store::{keys, Batch, Expect, PgStore, SledStore, Space, Store, StoreExt, Versioned};
use serde::{Deserialize, Serialize};
use support::store::{pg_url, PgSchema, PG_URL_ENV};

const CHILD_ENV: &str = "ISOLO_STORE_CRASH_CHILD";
const BASE_ENV: &str = "ISOLO_STORE_CRASH_BASE";
const CYCLES: u64 = 24;
const CHANNELS: u64 = 8;
/// Sequence numbers of cycle `c` are `c * SPAN ..`.
const SPAN: u64 = 1_000_000;
/// For the whole run, both backends.
const TIME_LIMIT: Duration = Duration::from_secs(240);

#[derive(Debug, Serialize, Deserialize)]
struct Mark {
    seq: u64,
}

impl Versioned for Mark {
    const KIND: &'static str = "mark";
    const FORMAT: u32 = 1;
}

/// The store under test, as `CHILD_ENV` names it: `sled:<dir>` or `pg:<schema>`.
fn open(spec: &str) -> Box<dyn Store> {
    match spec.split_once(':') {
        Some(("sled", path)) => {
            Box::new(SledStore::open_path(path).unwrap_or_else(|e| panic!("open {spec}: {e}")))
        }
        Some(("pg", schema)) => {
            // The child is handed the URL; the parent may be running the server.
            let url = pg_url().expect("a pg spec comes with a server");
            Box::new(PgStore::open(&url, Some(schema)).unwrap_or_else(|e| panic!("open {spec}: {e}")))
        }
        _ => panic!("bad store spec {spec:?}"),
    }
}

fn main() {
    if let Ok(spec) = std::env::var(CHILD_ENV) {
        let base = std::env::var(BASE_ENV)
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(0);
        writer(&spec, base);
        return;
    }
    // Bound the whole run even if a child stops talking.
    std::thread::spawn(|| {
        std::thread::sleep(TIME_LIMIT);
        eprintln!("store_crash: over {TIME_LIMIT:?}, giving up");
        std::process::exit(1);
    });
    let dir = tempfile::tempdir().expect("tempdir");
    let sled = format!("sled:{}", dir.path().join("db").display());
    let pg = pg_url().map(|url| PgSchema::new(&url));
    let specs = [Some(sled), pg.as_ref().map(|s| format!("pg:{}", s.name))];
    for spec in specs.iter().flatten() {
        let start = Instant::now();
        let acked = crash_cycles(spec);
        println!(
            "store_crash {spec}: {CYCLES} SIGKILL cycles, {acked} acknowledged writes verified in {:?}",
            start.elapsed()
        );
    }
}

/// Child: each commit updates a channel's game, a rating and the deadline,
/// all carrying one sequence number, CAS on the game's version.
fn writer(spec: &str, base: u64) {
    let store = open(spec);
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    for i in 0..SPAN {
        if started.elapsed() > TIME_LIMIT {
            break;
        }
        let (channel, seq) = (i % CHANNELS, base + i);
        let key = keys::id(channel);
        let expect = match store.get::<Mark>(Space::Games, &key).expect("child: read") {
            Some(cur) => Expect::Version(cur.version),
            None => Expect::Absent,
        };
        let mut batch = Batch::new();
        batch
            .put(Space::Games, &key, &Mark { seq }, expect)
            .and_then(|b| {
                b.put(
                    Space::Ratings,
                    &keys::rating(1, channel),
                    &Mark { seq },
                    Expect::Any,
                )
            })
            .expect("child: encode")
            .set_deadline(channel, Some(seq));
        store.apply(&batch).expect("child: commit");
        // Acknowledged: only now may the parent count on it.
        writeln!(out, "{channel} {seq}").expect("child: stdout");
        out.flush().expect("child: stdout");
    }
}

/// xorshift: enough to vary kill points without a dependency.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn crash_cycles(spec: &str) -> usize {
    let exe = std::env::current_exe().expect("current_exe");
    let mut rng = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x9e37_79b9, |d| d.as_nanos() as u64)
        | 1;
    println!("store_crash: seed {rng}");
    let mut acked: HashMap<u64, u64> = HashMap::new();
    let mut total = 0;
    for cycle in 0..CYCLES {
        let mut child = Command::new(&exe);
        if spec.starts_with("pg:") {
            // The server may be this process's own: tell the child where it is.
            child.env(PG_URL_ENV, pg_url().expect("a pg spec comes with a server"));
        }
        let mut child = child
            .env(CHILD_ENV, spec)
            .env(BASE_ENV, (cycle * SPAN).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn writer");
        let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let mut record = |line: &str| {
            let mut parts = line.split(' ').map(|p| p.parse::<u64>());
            let (Some(Ok(ch)), Some(Ok(seq))) = (parts.next(), parts.next()) else {
                panic!("cycle {cycle}: bad line {line:?}");
            };
            acked.insert(ch, seq);
            total += 1;
        };
        let kill_after = 1 + next_random(&mut rng) % 120;
        for _ in 0..kill_after {
            match lines.next() {
                Some(Ok(line)) => record(&line),
                other => panic!(
                    "cycle {cycle}: writer stopped early ({other:?}, {:?})",
                    child.wait()
                ),
            }
        }
        // Land the kill at varying points inside the next commit.
        let spin = Duration::from_micros(next_random(&mut rng) % 1500);
        let until = Instant::now() + spin;
        while Instant::now() < until {
            std::hint::spin_loop();
        }
        child.kill().expect("SIGKILL writer");
        // Lines already written before death were acknowledged too.
        for line in lines.map_while(Result::ok) {
            record(&line);
        }
        let status = child.wait().expect("wait writer");
        assert!(!status.success(), "cycle {cycle}: writer exited by itself");
        verify(spec, cycle, &acked);
    }
    total
}

fn verify(spec: &str, cycle: u64, acked: &HashMap<u64, u64>) {
    let store = open(spec);
    let limit = (cycle + 1) * SPAN;
    for (&channel, &seq) in acked {
        let game = store
            .get::<Mark>(Space::Games, &keys::id(channel))
            .unwrap_or_else(|e| panic!("cycle {cycle}: game {channel}: {e}"))
            .unwrap_or_else(|| panic!("cycle {cycle}: acknowledged game {channel} lost"));
        assert!(
            game.value.seq >= seq && game.value.seq < limit,
            "cycle {cycle}: channel {channel} holds seq {}, acknowledged {seq}",
            game.value.seq
        );
        // The batch is whole: rating and deadline carry the game's seq.
        let rating = store
            .get::<Mark>(Space::Ratings, &keys::rating(1, channel))
            .unwrap()
            .unwrap();
        assert_eq!(rating.value.seq, game.value.seq, "cycle {cycle}: torn batch");
        assert_eq!(rating.version, game.version, "cycle {cycle}: torn batch");
        assert_eq!(
            store.deadline_of(channel).unwrap(),
            Some(game.value.seq),
            "cycle {cycle}: torn batch"
        );
    }
    // The time index holds exactly one entry per stored game, matching it.
    let games = store.list::<Mark>(Space::Games, &[]).unwrap();
    let index = store.due_deadlines(u64::MAX, 1000).unwrap();
    assert!(games.len() >= acked.len());
    assert_eq!(index.len(), games.len(), "cycle {cycle}: stale index entries");
    for d in index {
        let game = store
            .get::<Mark>(Space::Games, &keys::id(d.channel))
            .unwrap()
            .unwrap();
        assert_eq!(d.at, game.value.seq, "cycle {cycle}: index disagrees");
    }
    // And the store takes new writes.
    store
        .put_cas(Space::Meta, b"verified", &Mark { seq: cycle }, Expect::Any)
        .unwrap_or_else(|e| panic!("cycle {cycle}: write after reopen failed: {e}"));
}
