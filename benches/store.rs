//! Durable commits per second and commit latency of the store.
//!
//! `cargo bench --bench store` prints a latency table (p50/p99/max over
//! sequential commits, each durable before it returns) for sled and, when
//! PostgreSQL is there (`ISOLO_TEST_PG_URL`, else a throwaway server of its
//! own), PostgreSQL side by side, then runs the criterion benchmarks. With the throwaway server of `.ci/run`:
//! `.ci/run --with-postgres cargo bench --bench store`.
//!
//! Against PostgreSQL it also runs `pgbench` (from `PATH` or
//! `/usr/lib/postgresql/*/bin`) on the same server, in the same run, with
//! `benches/pgbench_upsert.sql` (one upsert a transaction), for 1, 4 and 16
//! clients, and prints the bot's commits per second as a share of it; then
//! with the bot's own move statement on arguments of pgbench's, which
//! shows how much of the gap is the server's work. Three
//! short rounds of each, in turn, and the median share.

#[path = "../tests/support/store.rs"]
mod common;
// What `common` finds beside it in the tests' support module.
#[path = "../tests/support/pg_bin.rs"]
mod pg_bin;
#[cfg(unix)]
#[path = "../tests/support/pg_server.rs"]
mod pg_server;

use std::time::{Duration, Instant};

use common::{pg_url, PgSchema};
use criterion::{criterion_group, Criterion, Throughput};
use isolo_bot::store::{
    keys, Batch, Expect, MemoryStore, SledStore, Space, StorageConfig, Store, StoreExt, Versioned,
};
use serde::{Deserialize, Serialize};

/// About the size of a live game mid-way: board plus move history.
#[derive(Serialize, Deserialize)]
struct Game {
    board: Vec<u8>,
    moves: Vec<u16>,
    clocks: [u64; 2],
}

impl Versioned for Game {
    const KIND: &'static str = "game";
    const FORMAT: u32 = 1;
}

fn game(turn: u16) -> Game {
    Game {
        board: vec![2; 32],
        moves: (0..120).map(|m| m * 7 + turn).collect(),
        clocks: [86_400_000, 86_400_000 - u64::from(turn)],
    }
}

fn open_sled(dir: &tempfile::TempDir, fsync: bool) -> SledStore {
    SledStore::open(&StorageConfig {
        path: dir.path().join("db"),
        fsync,
        ..StorageConfig::default()
    })
    .expect("open sled")
}

/// One move: CAS the game, push the deadline.
fn play_move(store: &dyn Store, channel: u64, version: u64, turn: u16) -> u64 {
    let mut batch = Batch::new();
    batch
        .put(
            Space::Games,
            &keys::id(channel),
            &game(turn),
            Expect::Version(version),
        )
        .expect("encode")
        .set_deadline(channel, Some(1_700_000_000_000 + u64::from(turn)));
    store.apply(&batch).expect("commit")
}

/// Throughput and latency of a run of commits.
struct RunStats {
    per_second: f64,
    p99: Duration,
}

/// `writers` threads each play `per_writer` sequential moves in their own
/// channel; prints throughput and latency percentiles of all commits.
fn latency_run(name: &str, store: &dyn Store, writers: u64, per_writer: usize) -> RunStats {
    let start = Instant::now();
    let mut lat: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..writers)
            .map(|channel| {
                scope.spawn(move || {
                    let mut v = store
                        .put_cas(Space::Games, &keys::id(channel), &game(0), Expect::Absent)
                        .expect("seed");
                    let mut lat = Vec::with_capacity(per_writer);
                    for turn in 0..per_writer {
                        let t = Instant::now();
                        v = play_move(store, channel, v, turn as u16);
                        lat.push(t.elapsed());
                    }
                    lat
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("writer"))
            .collect()
    });
    let total = start.elapsed();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    let stats = RunStats {
        per_second: lat.len() as f64 / total.as_secs_f64(),
        p99: pct(0.99),
    };
    println!(
        "{name:<20} {writers:>2} writer(s) x {per_writer:>5}: {:>6.0} commits/s, p50 {:>9.3?}, p99 {:>9.3?}, max {:>9.3?}",
        stats.per_second,
        pct(0.50),
        stats.p99,
        lat[lat.len() - 1],
    );
    stats
}

/// The `pgbench` binary: on `PATH`, else the newest PostgreSQL's.
fn pgbench() -> Option<std::path::PathBuf> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join("pgbench"))
        .find(|p| p.is_file());
    on_path.or_else(|| {
        let mut found: Vec<_> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| Some(e.ok()?.path().join("bin/pgbench")))
            .filter(|p| p.is_file())
            .collect();
        found.sort_by_key(|p| p.to_string_lossy().into_owned());
        found.pop()
    })
}

/// The shipped pgbench script: one upsert a transaction, the reference.
const UPSERT_SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/pgbench_upsert.sql");

/// pgbench's arguments of the bot's move statement, `$1` to `$9`: each
/// client moves the game of the bot's writer of its number (channels 0
/// up), a value the size of a live game, its deadline later with the clock
/// as a move's is.
const MOVE_ARGUMENTS: [&str; 9] = [
    "1::int2",
    "int8send(:client_id::int8)",
    "(SELECT version FROM isolo_entries WHERE space = 1 AND key = int8send(:client_id::int8))",
    "convert_to(repeat('m', 600), 'UTF8')",
    "('\\x63'::bytea || int8send(:client_id::int8))",
    "('\\x61'::bytea || int8send((extract(epoch FROM clock_timestamp()) * 1000)::int8) || int8send(:client_id::int8))",
    "convert_to('{\"kind\":\"deadline\",\"format\":1,\"data\":{\"at\":' || (extract(epoch FROM clock_timestamp()) * 1000)::int8 || ',\"channel\":' || :client_id || '}}', 'UTF8')",
    ":channel",
    ":client_id::text",
];

/// pgbench's move: the bot's own statement ([`isolo_bot::store::MOVE_SQL`])
/// on [`MOVE_ARGUMENTS`], in a file of its own.
fn move_script() -> tempfile::NamedTempFile {
    let mut statement = isolo_bot::store::MOVE_SQL.to_owned();
    for (n, argument) in MOVE_ARGUMENTS.iter().enumerate() {
        statement = statement.replace(&format!("${}", n + 1), argument);
    }
    let script = tempfile::NamedTempFile::new().expect("a temporary file");
    std::fs::write(script.path(), statement + ";\n").expect("writing pgbench's move");
    script
}

/// `pgbench`'s transactions per second with `clients` clients for `seconds`,
/// running `script` in `schema` (an isolo schema, so the same table and
/// index as the bot's commits).
fn pgbench_tps(
    bin: &std::path::Path,
    url: &str,
    schema: &str,
    script: &str,
    clients: u32,
    seconds: u32,
) -> Option<f64> {
    let out = std::process::Command::new(bin)
        .args(["-n", "-M", "prepared", "-f", script])
        .args(["-c", &clients.to_string(), "-j", &clients.min(4).to_string()])
        .args(["-T", &seconds.to_string()])
        .args(["-D", &format!("channel=isolo_deadlines_{schema}")])
        .arg(url)
        .env(
            "PGOPTIONS",
            // The bot's own session settings (see `PgStore`'s options).
            format!("-c search_path={schema} -c synchronous_commit=on -c plan_cache_mode=force_generic_plan"),
        )
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let tps = text
        .lines()
        .find(|l| l.starts_with("tps = "))
        .and_then(|l| l["tps = ".len()..].split_whitespace().next()?.parse().ok());
    if tps.is_none() {
        eprintln!("pgbench failed: {}{}", text, String::from_utf8_lossy(&out.stderr));
    }
    tps
}

/// A bot's history beside its live games, as a table in use holds: finished
/// games' records, and statistics for the planner. On a table of a few
/// pages the planner reads every row (dead ones too) rather than the key's
/// index for the moves' updates, which no store in use does, while the
/// upsert's conflict check always takes the index: the comparison would
/// measure the empty table, not the commit.
const SEED: &str = "INSERT INTO isolo_entries (space, key, version, value) \
     SELECT 3, int8send(g), nextval('isolo_versions'), \
         convert_to('{\"kind\":\"record\",\"format\":1,\"data\":\"' || repeat('r', 560) || '\"}', 'UTF8') \
     FROM generate_series(1, 10000) g; \
     ANALYZE isolo_entries";

/// Rounds of each comparison: the bot's moves, then pgbench's upsert, then
/// its move's call, each round short, so that a change in the disk's flush
/// time (a machine shared with builds) weighs on both sides of a round.
const ROUNDS: usize = 3;
/// pgbench's seconds a round.
const PGBENCH_SECONDS: u32 = 2;

/// The median of `values`.
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The bot's moves against `pgbench` on the same server, in turn, for
/// [`ROUNDS`] rounds; prints each round and the median shares.
fn pgbench_report(url: &str) {
    let Some(bin) = pgbench() else {
        println!("pgbench not found (PATH, /usr/lib/postgresql/*/bin): no reference run");
        return;
    };
    let moves = move_script();
    let move_path = moves.path().to_str().expect("a temporary path in UTF-8");
    for (writers, per_writer) in [(1u32, 2_000), (4, 1_000), (16, 300)] {
        let (mut of_upsert, mut of_call) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let schema = PgSchema::new(url);
            let store = schema.open();
            schema.sql(SEED);
            let ours = latency_run("postgres move", &store, u64::from(writers), per_writer);
            let run = |script| pgbench_tps(&bin, url, &schema.name, script, writers, PGBENCH_SECONDS);
            if let Some(tps) = run(UPSERT_SCRIPT) {
                let share = 100.0 * ours.per_second / tps;
                of_upsert.push(share);
                println!(
                    "pgbench one upsert   {writers:>2} client(s) for {PGBENCH_SECONDS} s: {tps:>6.0} tps; the bot's moves: {share:.0}% of it, p99 {:.2?}",
                    ours.p99,
                );
            }
            // The same server work without the bot's client: what is left of
            // the gap above is the server's work for a move.
            if let Some(tps) = run(move_path) {
                let share = 100.0 * ours.per_second / tps;
                of_call.push(share);
                println!(
                    "pgbench move's call  {writers:>2} client(s) for {PGBENCH_SECONDS} s: {tps:>6.0} tps; the bot's moves: {share:.0}% of it",
                );
            }
        }
        println!(
            "{writers:>2} writer(s), median of {ROUNDS} rounds: {:.0}% of pgbench's upsert, {:.0}% of its move's call",
            median(of_upsert),
            median(of_call),
        );
    }
}

fn latency_report() {
    for (fsync, name, one, four) in [
        (false, "sled flush", 5_000, 1_500),
        (true, "sled flush+fdatasync", 500, 200),
    ] {
        for (writers, per_writer) in [(1, one), (4, four)] {
            let dir = tempfile::tempdir().expect("tempdir");
            latency_run(name, &open_sled(&dir, fsync), writers, per_writer);
        }
    }
    if let Some(url) = pg_url() {
        pgbench_report(&url);
    }
}

fn bench_commits(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let sled = open_sled(&dir, false);
    let memory = MemoryStore::new();
    let pg = pg_url().map(|url| PgSchema::new(&url));
    let pg_store = pg.as_ref().map(PgSchema::open);
    let mut group = c.benchmark_group("durable_commit");
    group.throughput(Throughput::Elements(1));
    let mut stores = vec![
        ("sled_move", &sled as &dyn Store, 1),
        ("memory_move", &memory as &dyn Store, 1),
    ];
    if let Some(pg) = &pg_store {
        stores.push(("postgres_move", pg as &dyn Store, 1));
    }
    for (name, store, channel) in stores {
        let mut v = store
            .put_cas(Space::Games, &keys::id(channel), &game(0), Expect::Absent)
            .expect("seed");
        let mut turn = 0u16;
        group.bench_function(name, |b| {
            b.iter(|| {
                turn = turn.wrapping_add(1);
                v = play_move(store, channel, v, turn);
            })
        });
    }
    // Finishing a game: five writes in one atomic commit.
    let mut n = 0u64;
    group.bench_function("sled_finish_game", |b| {
        b.iter(|| {
            n += 1;
            let mut batch = Batch::new();
            batch
                .delete(Space::Games, &keys::id(n + 1000), Expect::Any)
                .put(Space::Records, &keys::id(n), &game(1), Expect::Absent)
                .and_then(|b| b.put(Space::Ratings, &keys::rating(1, 2), &game(2), Expect::Any))
                .and_then(|b| b.put(Space::Ratings, &keys::rating(1, 3), &game(3), Expect::Any))
                .expect("encode")
                .set_deadline(n + 1000, None);
            sled.apply(&batch).expect("commit")
        })
    });
    group.finish();
    // A read by key: PostgreSQL's is one round trip, so what its client adds shows.
    let mut group = c.benchmark_group("read");
    let mut stores = vec![("sled_get", &sled as &dyn Store)];
    if let Some(pg) = &pg_store {
        stores.push(("postgres_get", pg as &dyn Store));
    }
    for (name, store) in stores {
        group.bench_function(name, |b| {
            b.iter(|| {
                store
                    .get_raw(Space::Games, &keys::id(1))
                    .expect("read")
                    .expect("the game")
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(4));
    targets = bench_commits
}

fn main() {
    // Under `cargo test` criterion runs each benchmark once; skip the table.
    if std::env::args().any(|a| a == "--bench") {
        latency_report();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
