//! Two `isolo-bot run` processes, shards 0 and 1 of 2, against the fake
//! Discord (which sends each guild's events to the shard
//! `(guild_id >> 22) % 2`) and one PostgreSQL database: games in guilds of
//! both shards are played by both processes, an expiring challenge is
//! announced exactly once, and when one process is killed with SIGKILL its
//! acknowledged moves stay and its pending deadline is fired by the other.
//! Uses `ISOLO_TEST_PG_URL`, else its own throwaway server; reported as
//! ignored, with the reason, without PostgreSQL.

#![cfg(unix)]

use crate::support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use isolo_bot::discord::shards::ShardPlan;
use isolo_bot::engine::Variant;
use support::bot::{board_text, prepare_environment, BotProcess, Duel, Via, T};
use support::fake_discord::{
    FakeDiscord, FakeOptions, FakeUser, Route, SlashCommand, CHANNEL_ID, GUILD_ID, TOKEN,
};
use support::ops::{eventually, free_port, get, sample};
use support::store::{pg_url, PgSchema, PG_MISSING};

/// Seconds before an unanswered challenge expires: the clock under test.
const TTL_SECS: u64 = 4;
/// A guild on shard 0 of 2 ([`GUILD_ID`] is on shard 1).
const GUILD_0: u64 = GUILD_ID + (1 << 22);
/// Game channels: one in each guild.
const GAME_0: u64 = CHANNEL_ID + 1_000;
const GAME_1: u64 = CHANNEL_ID;
/// Channels where challenges are left to expire.
const EXPIRE_0: u64 = CHANNEL_ID + 2_000;
const EXPIRE_1: u64 = CHANNEL_ID + 3_000;

/// The config of a process running `shards` (`None`: the only process) on
/// the schema, serving its metrics on `metrics_port`.
fn config(fake: &FakeDiscord, schema: &PgSchema, shards: Option<u32>, metrics_port: u16) -> String {
    let proxy = toml::Value::String(fake.base_url().to_owned());
    let url = toml::Value::String(schema.url.clone());
    let shards = shards.map_or(String::new(), |s| {
        format!("shards = {{ total = 2, first = {s}, last = {s} }}\n")
    });
    format!(
        "[discord]\ntoken = \"{TOKEN}\"\nguild_id = {GUILD_ID}\napi_proxy = {proxy}\nuse_threads = false\n{shards}\n\
         [storage]\nurl = {url}\nschema = \"{}\"\n\n[games]\nchallenge_ttl_secs = {TTL_SECS}\n\n\
         [metrics]\nlisten = \"127.0.0.1:{metrics_port}\"\n",
        schema.name
    )
}

/// The fake Discord with both guilds and their channels.
async fn two_guild_discord() -> FakeDiscord {
    let plan = ShardPlan {
        total: 2,
        first: 0,
        last: 1,
    };
    assert_eq!((plan.shard_of(GUILD_0), plan.shard_of(GUILD_ID)), (0, 1));
    let fake = FakeDiscord::start(FakeOptions {
        guilds: vec![GUILD_ID, GUILD_0],
        ..FakeOptions::default()
    })
    .await;
    for (channel, guild) in [(GAME_0, GUILD_0), (EXPIRE_0, GUILD_0), (EXPIRE_1, GUILD_ID)] {
        fake.add_channel_in_guild(channel, guild);
    }
    fake
}

/// A value on the metrics page of the process serving `port` (0 if absent).
async fn metric(port: u16, line: &str) -> f64 {
    let (_, page) = get(port, "/metrics").await.expect("the metrics page");
    sample(&page, line).unwrap_or(0.0)
}

/// Carol challenges Bob in `channel` and nobody answers.
async fn unanswered_challenge(fake: &FakeDiscord, channel: u64) {
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &FakeUser::bob())
        .by(&FakeUser::carol())
        .in_channel(channel);
    let sent = fake.send_command(&cmd).await;
    let cb = fake
        .wait_for_callback(&sent, T)
        .await
        .expect("the challenge is posted");
    assert!(!cb.message.is_ephemeral(), "{:?}", cb.message.content);
}

/// Waits until the challenge in `channel` has been announced as expired,
/// then a while longer, and returns how many times it was.
async fn expiry_announcements(fake: &FakeDiscord, channel: u64) -> usize {
    let expired = |r: &support::fake_discord::Request| {
        r.route == Route::CreateMessage { channel_id: channel }
            && r.message()
                .content
                .is_some_and(|c| c.contains("expired unanswered"))
    };
    fake.wait_for(expired, Duration::from_secs(TTL_SECS + 10))
        .await
        .unwrap_or_else(|e| panic!("no expiry in {channel}: {e}"));
    // Long enough for a second process to have fired it too, were it able to.
    tokio::time::sleep(Duration::from_secs(2)).await;
    fake.count_requests(expired)
}

#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn two_processes_share_one_bot_and_its_clocks() {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    // The schema is dropped (with blocking SQL) outside this runtime.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(two_processes(&schema));
}

async fn two_processes(schema: &PgSchema) {
    prepare_environment();
    let fake = two_guild_discord().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let ports = [free_port(), free_port()];
    let mut a = BotProcess::spawn(dir.path(), &config(&fake, schema, Some(0), ports[0]), "a");
    let mut b = BotProcess::spawn(dir.path(), &config(&fake, schema, Some(1), ports[1]), "b");
    // Shard 1 identifies 5 s after shard 0.
    let started = fake.wait_shards_ready(2, Duration::from_secs(30)).await;
    started.unwrap_or_else(|e| panic!("{e}\na:\n{}\nb:\n{}", a.output(), b.output()));
    assert_eq!(fake.identified_shards(), [[0, 2], [1, 2]]);
    let registrations = fake.count_requests(|r| matches!(r.route, Route::PutCommands { .. }));
    assert_eq!(registrations, 1, "only the process on shard 0 registers");

    // A game in each guild, each played by the process of its shard.
    let mut games = [
        Duel::alice_and_bob(&fake, GAME_0, Variant::Boys, 12).await,
        Duel::alice_and_bob(&fake, GAME_1, Variant::Boys, 12).await,
    ];
    for via in [Via::Command, Via::Menu, Via::Command] {
        for duel in &mut games {
            let mv = duel.choose();
            duel.play(&fake, mv, via).await;
        }
    }
    // Counted as each command completes, just after its answer.
    for port in ports {
        for (command, n) in [("isolo move", 2.0), ("isolo accept", 1.0)] {
            let line = format!("isolo_interactions_total{{command=\"{command}\",outcome=\"ok\"}}");
            eventually(T, "each process counts its own game's commands", async || {
                (metric(port, &line).await == n).then_some(())
            })
            .await;
        }
    }

    // Live games are counted in the shared database (every 10 s).
    eventually(Duration::from_secs(15), "both games counted", async || {
        (metric(ports[0], "isolo_live_games").await == 2.0).then_some(())
    })
    .await;

    // A clock both processes see, fired once.
    unanswered_challenge(&fake, EXPIRE_0).await;
    assert_eq!(expiry_announcements(&fake, EXPIRE_0).await, 1);
    let lag = "isolo_timer_lag_seconds_count";
    let handled = metric(ports[0], lag).await + metric(ports[1], lag).await;
    assert_eq!(handled, 1.0, "one process did the work");

    // Shard 1's process dies with a challenge pending and a game going on.
    let before = board_text(&fake, GAME_1).await;
    let handled_by_a = metric(ports[0], lag).await;
    unanswered_challenge(&fake, EXPIRE_1).await;
    b.signal(libc::SIGKILL);
    b.wait_exit(T).await;
    assert_eq!(
        expiry_announcements(&fake, EXPIRE_1).await,
        1,
        "the survivor fires the dead process's deadline\na:\n{}",
        a.output()
    );
    assert_eq!(metric(ports[0], lag).await, handled_by_a + 1.0, "by the survivor");

    // Shard 1 again, in a new process: the game is as it was acknowledged.
    let mut b2 = BotProcess::spawn(dir.path(), &config(&fake, schema, Some(1), ports[1]), "b2");
    eventually(Duration::from_secs(30), "shard 1 back", async || {
        (fake.identified_shards().len() == 3).then_some(())
    })
    .await;
    fake.wait_shards_ready(2, T).await.expect("both shards");
    assert_eq!(
        board_text(&fake, GAME_1).await,
        before,
        "no acknowledged move lost"
    );
    for duel in &mut games {
        duel.play_out(&fake, 300).await;
        assert!(duel.over());
    }

    for bot in [&mut a, &mut b2] {
        bot.signal(libc::SIGTERM);
        let status = bot.wait_exit(T).await;
        assert!(status.success(), "{status:?}\n{}", bot.output());
    }
    fake.assert_no_problems();
}

/// Moves per second through the whole bot (the fake Discord, the bot,
/// PostgreSQL) with one process and with two. Each setting plays `GAMES`
/// games at once in channels spread over both guilds, for at most `BUDGET`
/// or `MOVES` moves, and reports the bot's CPU time a move (user and system,
/// from `/proc`). With `ISOLO_BASELINE_BIN` naming another build's binary
/// (an older commit's `target/release/isolo-bot`), that binary is measured
/// in the same run, one process, in turn with this build's, so the ratio is
/// taken side by side. Run with
/// `.ci/run --with-postgres cargo test --release --test e2e e2e_shards::moves -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement: run by hand, in a release build"]
fn moves_per_second_with_one_process_and_with_two() {
    let url = pg_url().expect(PG_MISSING);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let this = PathBuf::from(env!("CARGO_BIN_EXE_isolo-bot"));
    let baseline = std::env::var_os("ISOLO_BASELINE_BIN").map(PathBuf::from);
    let mut runs: Vec<(&str, &Path, u32)> = Vec::new();
    for _ in 0..ROUNDS {
        if let Some(old) = &baseline {
            runs.push(("baseline", old, 1));
        }
        runs.push(("this build", &this, 1));
    }
    runs.push(("this build", &this, 2));
    let mut rates: Vec<(&str, u32, f64)> = Vec::new();
    for (name, binary, processes) in runs {
        let schema = PgSchema::new(&url);
        let run = rt.block_on(throughput(binary, &schema, processes));
        let per_move = |t: Duration| t.as_secs_f64() * 1e3 / run.moves as f64;
        let rate = run.moves as f64 / run.took.as_secs_f64();
        println!(
            "{name}, {processes} process(es): {} moves in {:.1} s = {rate:.1} moves/s; \
             CPU a move: bot {:.2} ms, test (fake Discord, players) {:.2} ms, PostgreSQL {:.2} ms",
            run.moves,
            run.took.as_secs_f64(),
            per_move(run.cpu[0]),
            per_move(run.cpu[1]),
            per_move(run.cpu[2]),
        );
        rates.push((name, processes, rate));
    }
    let mean = |who: &str| {
        let r: Vec<f64> = rates
            .iter()
            .filter(|(n, p, _)| *n == who && *p == 1)
            .map(|r| r.2)
            .collect();
        r.iter().sum::<f64>() / r.len() as f64
    };
    if baseline.is_some() {
        println!(
            "one process, mean of {ROUNDS} runs each: this build {:.1} moves/s, baseline {:.1}: {:.2}x",
            mean("this build"),
            mean("baseline"),
            mean("this build") / mean("baseline")
        );
    }
}

/// Games played at once, unless `ISOLO_THROUGHPUT_GAMES` says otherwise.
const GAMES: u64 = 8;
const MOVES: usize = 600;
const BUDGET: Duration = Duration::from_secs(60);
/// Runs of each binary, taken in turn.
const ROUNDS: usize = 2;

/// Games played at once: `ISOLO_THROUGHPUT_GAMES` (1 to 64), else [`GAMES`].
fn games() -> u64 {
    std::env::var("ISOLO_THROUGHPUT_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(GAMES)
        .clamp(1, 64)
}

/// What one throughput run measured.
struct Throughput {
    moves: usize,
    took: Duration,
    /// CPU time (user and system) over the moves of the bot processes, of
    /// the test (fake Discord and players) and of PostgreSQL.
    cpu: [Duration; 3],
}

/// A process's CPU time so far (user and system), from `/proc/<pid>/stat`
/// (`None` once it is gone).
fn cpu_of(pid: &str) -> Option<(String, Duration)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (head, rest) = stat.rsplit_once(')')?;
    let name = head.split_once('(')?.1.to_owned();
    // Fields after the command name (which may hold spaces): utime is the 14th
    // field of the line, stime the 15th, in clock ticks.
    let f: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|t| t.parse().ok())
        .collect();
    // SAFETY: sysconf has no memory effects.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Some((
        name,
        Duration::from_secs_f64((f.first()? + f.get(1)?) as f64 / hz as f64),
    ))
}

/// CPU time so far of the bots, of this test process (the fake Discord and
/// the players), and of every PostgreSQL server process on the machine.
fn cpu_split(bots: &[BotProcess]) -> [Duration; 3] {
    let bot = bots
        .iter()
        .filter_map(|b| cpu_of(&b.pid().to_string()))
        .map(|(_, t)| t)
        .sum();
    let test = cpu_of("self").map_or(Duration::ZERO, |(_, t)| t);
    let postgres = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|e| cpu_of(e.ok()?.file_name().to_str()?))
        .filter(|(name, _)| name == "postgres")
        .map(|(_, t)| t)
        .sum();
    [bot, test, postgres]
}

async fn throughput(binary: &Path, schema: &PgSchema, processes: u32) -> Throughput {
    prepare_environment();
    let fake = two_guild_discord().await;
    let games = games();
    let channels: Vec<u64> = (0..games).map(|i| CHANNEL_ID + 10_000 + i).collect();
    for (i, &c) in channels.iter().enumerate() {
        fake.add_channel_in_guild(c, if i % 2 == 0 { GUILD_0 } else { GUILD_ID });
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let bots: Vec<BotProcess> = match processes {
        1 => vec![BotProcess::spawn_binary(
            binary,
            dir.path(),
            &config(&fake, schema, None, free_port()),
            "one",
        )],
        _ => (0..2)
            .map(|s| {
                BotProcess::spawn_binary(
                    binary,
                    dir.path(),
                    &config(&fake, schema, Some(s), free_port()),
                    &format!("s{s}"),
                )
            })
            .collect(),
    };
    fake.wait_shards_ready(bots.len(), Duration::from_secs(30))
        .await
        .expect("every shard ready");
    let mut duels = Vec::new();
    for (i, &c) in channels.iter().enumerate() {
        // Players of their own per game: challenges have a per-member allowance.
        let id = 1_500_000_000_000_100_000 + 2 * i as u64;
        let (south, north) = (FakeUser::new(id, "south"), FakeUser::new(id + 1, "north"));
        duels.push(Duel::start(&fake, c, &south, &north, Variant::Boys, false, i as u64).await);
    }
    let cpu_before = cpu_split(&bots);
    let start = Instant::now();
    let plays = duels.iter_mut().map(|duel| {
        let fake = &fake;
        async move {
            let mut moves = 0;
            while !duel.over() && moves < MOVES / games as usize && start.elapsed() < BUDGET {
                let mv = duel.choose();
                duel.play(fake, mv, Via::Command).await;
                moves += 1;
            }
            moves
        }
    });
    let moves: usize = futures_util::future::join_all(plays).await.into_iter().sum();
    let took = start.elapsed();
    let cpu_after = cpu_split(&bots);
    let cpu = std::array::from_fn(|i| cpu_after[i].saturating_sub(cpu_before[i]));
    drop(bots);
    Throughput { moves, took, cpu }
}
