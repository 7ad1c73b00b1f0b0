//! Load figures, run on demand (ignored in every ordinary `cargo test`), in
//! a release build and one at a time:
//!
//! ```sh
//! cargo test --release --test load -- --ignored --nocapture --test-threads=1
//! ISOLO_SOAK_SECS=60 cargo test --release --test load soak -- --ignored --nocapture
//! ```
//!
//! The `isolo-bot` binary runs as its own process (`isolo-bot run`) against
//! the fake Discord on 127.0.0.1, so the memory read from
//! `/proc/<pid>/status` is the bot's alone. Duels are started in as many
//! channels, two players each. The burst sends one move in each of
//! [`BURST_GAMES`] games at the same instant and measures each
//! interaction's first response (the board, or a deferral), which Discord
//! wants within 3 s. The soak is an hour of a busy bot, compressed: the store
//! holds [`SOAK_LIVE`] live games ([`SOAK_LIVE`] - [`SOAK_ACTIVE`] of them
//! written before the bot starts, as a bot that has run for months has
//! them), and [`SOAK_RATE`] moves a second go round-robin over the
//! [`SOAK_ACTIVE`] others (a finished game is started again) for
//! `ISOLO_SOAK_SECS` (default 600, at most 3600), sampling the bot's
//! resident memory every [`SAMPLE_EVERY`].

#![cfg(target_os = "linux")]

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use isolo_bot::engine::{Move, Variant};
use isolo_bot::store::SledStore;
use isolo_bot::table::{ChallengeRequest, GameSettings, Opponent, SystemClock, Table, TableConfig};
use support::bot::{config_text, prepare_environment, BotProcess, Duel, Via, T};
use support::fake_discord::{
    FakeDiscord, FakeOptions, FakeUser, GatewayLog, Route, SentInteraction, CHANNEL_ID, GUILD_ID,
};

/// Games that get a move each in the burst, one per channel.
const BURST_GAMES: usize = 200;
/// Live games in the store during the soak.
const SOAK_LIVE: usize = 10_000;
/// Games the soak plays in, round-robin.
const SOAK_ACTIVE: usize = 1_000;
/// Duels set up concurrently (setting up is not measured).
const SETUP_AT_ONCE: usize = 20;
/// Moves a second in the soak: 10 minutes of it are 12 moves in each active
/// game, an hour's play between people who answer every 5 minutes.
const SOAK_RATE: u32 = 20;
/// The soak's length unless `ISOLO_SOAK_SECS` says otherwise.
const SOAK_DEFAULT: Duration = Duration::from_secs(600);
/// The longest soak `ISOLO_SOAK_SECS` may ask for.
const SOAK_MAX: Duration = Duration::from_secs(3600);
/// How often the soak reads the bot's memory.
const SAMPLE_EVERY: Duration = Duration::from_secs(30);
/// Discord drops an interaction not answered within this.
const DISCORD_DEADLINE: Duration = Duration::from_secs(3);
/// How much the bot's memory may grow in the soak: sled's cache (64 MiB, set
/// in `store/sled_store.rs`) fills as games are written, plus some slack.
const SOAK_GROWTH_KIB: u64 = 80 * 1024;
/// How much it may still grow over the soak's last half: by then it has
/// levelled off.
const SOAK_LATE_GROWTH_KIB: u64 = 16 * 1024;

/// The load tests share the machine's cores: one at a time, whatever `--test-threads`.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The bot's memory, from `/proc/<pid>/status`, in KiB.
#[derive(Clone, Copy, Debug)]
struct Memory {
    /// Resident now (`VmRSS`).
    rss_kib: u64,
    /// The most resident so far (`VmHWM`).
    peak_kib: u64,
}

fn memory_of(pid: u32) -> Memory {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the bot's /proc status");
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kib| kib.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"))
    };
    Memory {
        rss_kib: field("VmRSS:"),
        peak_kib: field("VmHWM:"),
    }
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// Median, 99th percentile and maximum of some durations.
struct Spread {
    n: usize,
    p50: Duration,
    p99: Duration,
    max: Duration,
}

impl Spread {
    fn of(mut samples: Vec<Duration>) -> Spread {
        assert!(!samples.is_empty(), "nothing measured");
        samples.sort_unstable();
        // Nearest rank: the smallest sample with at least q of them at or below it.
        let rank = |q: f64| samples[((q * samples.len() as f64).ceil() as usize).max(1) - 1];
        Spread {
            n: samples.len(),
            p50: rank(0.5),
            p99: rank(0.99),
            max: *samples.last().expect("not empty"),
        }
    }

    fn line(&self, what: &str) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        format!(
            "{what}: n = {}, p50 = {:.0} ms, p99 = {:.0} ms, max = {:.0} ms",
            self.n,
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )
    }
}

/// The bot binary against a fake Discord, with duels under way.
struct Floor {
    fake: FakeDiscord,
    bot: BotProcess,
    duels: Vec<Duel>,
    channels: Vec<u64>,
    /// Seeds the next duel's move picker.
    seed: u64,
    /// Keeps the store and the bot's log until the end.
    _dir: tempfile::TempDir,
}

/// The two players of channel number `i`.
fn players(i: usize) -> [FakeUser; 2] {
    let id = 1_600_000_000_000_000_000 + 2 * i as u64;
    [
        FakeUser::new(id, &format!("south{i}")),
        FakeUser::new(id + 1, &format!("north{i}")),
    ]
}

/// Alternating variants, so both kinds of game are in play.
fn variant(i: usize) -> Variant {
    if i.is_multiple_of(2) {
        Variant::Women
    } else {
        Variant::Boys
    }
}

/// Writes `n` live games between people into the store at `path`, in
/// channels of their own that the test never plays in, the way the bot
/// starts them (a challenge, then its acceptance).
fn seed_games(path: &std::path::Path, n: usize) {
    let started = Instant::now();
    let store = SledStore::open_path(path).expect("the store");
    let table = Table::new(Arc::new(store), Arc::new(SystemClock), TableConfig::default());
    for i in 0..n {
        let channel = CHANNEL_ID + 1_000_000 + i as u64;
        let [south, north] = players(100_000 + i);
        let request = ChallengeRequest {
            guild: GUILD_ID,
            channel,
            challenger: south.id,
            challenger_name: south.name.clone(),
            opponent: Opponent::User {
                id: north.id,
                name: north.name.clone(),
            },
            settings: GameSettings {
                variant: variant(i),
                ..GameSettings::default()
            },
        };
        table.challenge(request).expect("a challenge");
        table
            .accept(channel, north.id, None)
            .expect("an accepted challenge");
    }
    assert_eq!(table.live_games().expect("counted"), n as u64);
    println!(
        "{n} live games written to the store in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

impl Floor {
    /// The bot with `seeded` live games already in its store, and `games`
    /// duels started through Discord.
    async fn open(seeded: usize, games: usize) -> Floor {
        prepare_environment();
        let fake = FakeDiscord::start(FakeOptions::default()).await;
        let dir = tempfile::tempdir().expect("temp dir");
        let store = dir.path().join("store");
        if seeded > 0 {
            seed_games(&store, seeded);
        }
        let config = config_text(&fake, &store, false);
        let bot = BotProcess::spawn(dir.path(), &config, "load");
        if let Err(e) = fake.wait_ready(T).await {
            panic!("the bot did not connect: {e}\n{}", bot.output());
        }
        fake.wait_for(|r| matches!(r.route, Route::PutCommands { .. }), T)
            .await
            .unwrap_or_else(|e| panic!("no commands registered: {e}\n{}", bot.output()));
        let channels: Vec<u64> = (0..games as u64).map(|i| CHANNEL_ID + 10_000 + i).collect();
        for &c in &channels {
            fake.add_channel(c);
        }
        let started = Instant::now();
        let mut duels = Vec::with_capacity(games);
        for group in (0..games).collect::<Vec<_>>().chunks(SETUP_AT_ONCE) {
            let starting = group.iter().map(|&i| {
                let [south, north] = players(i);
                let (fake, channel) = (&fake, channels[i]);
                async move { Duel::start(fake, channel, &south, &north, variant(i), false, i as u64).await }
            });
            duels.extend(join_all(starting).await);
        }
        println!(
            "{games} games started through Discord in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        Floor {
            fake,
            bot,
            duels,
            channels,
            seed: games as u64,
            _dir: dir,
        }
    }

    fn memory(&self) -> Memory {
        memory_of(self.bot.pid())
    }

    /// Starts game `g` again once it is over (same players, next seed).
    async fn keep_going(&mut self, g: usize) -> bool {
        if !self.duels[g].over() {
            return false;
        }
        self.seed += 1;
        let [south, north] = players(g);
        self.duels[g] = Duel::start(
            &self.fake,
            self.channels[g],
            &south,
            &north,
            variant(g),
            false,
            self.seed,
        )
        .await;
        true
    }

    /// Stops the bot with SIGTERM and checks it leaves cleanly, and that the
    /// gateway session held through the load (no reconnect: heartbeats answered).
    async fn close(mut self) {
        let log = self.fake.gateway_log();
        let broken: Vec<&GatewayLog> = log
            .iter()
            .filter(|e| matches!(e, GatewayLog::Disconnected { .. } | GatewayLog::Resumed { .. }))
            .collect();
        assert!(
            broken.is_empty(),
            "the gateway session broke under load: {broken:?}"
        );
        self.fake.assert_no_problems();
        self.bot.signal(libc::SIGTERM);
        let status = self.bot.wait_exit(T).await;
        assert!(status.success(), "exit {status:?}:\n{}", self.bot.output());
    }
}

/// When the first response to `sent` arrived (its callback: the board, or a
/// deferral), and whether it was a deferral.
fn first_response(fake: &FakeDiscord, sent: &SentInteraction) -> (Duration, bool) {
    let callback = fake
        .requests_for(sent)
        .into_iter()
        .find(|r| matches!(r.route, Route::InteractionCallback { .. }))
        .expect("answered");
    (callback.latency_since(sent), callback.files.is_empty())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "load test: run on demand in a release build (see the file's doc)"]
async fn a_move_in_each_of_200_games_at_the_same_instant_is_answered_within_3_s() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let mut floor = Floor::open(0, BURST_GAMES).await;
    let before = floor.memory();
    let moves: Vec<Move> = floor.duels.iter_mut().map(Duel::choose).collect();
    let fake = &floor.fake;
    let sent: Vec<SentInteraction> = join_all(
        floor
            .duels
            .iter()
            .zip(&moves)
            .map(|(duel, &mv)| duel.send(fake, mv, Via::Command)),
    )
    .await;
    let first_sent = sent.iter().map(|s| s.sent_at).min().expect("sent");
    let last_sent = sent.iter().map(|s| s.sent_at).max().expect("sent");
    // One waiter for all the answers: 200 waiters would each rescan the
    // fake's log on every request and take the cores from the bot.
    let tokens: std::collections::HashSet<&str> = sent.iter().map(|s| s.token.as_str()).collect();
    fake.wait_for_n(
        BURST_GAMES,
        |r| matches!(&r.route, Route::InteractionCallback { token, .. } if tokens.contains(token.as_str())),
        Duration::from_secs(60),
    )
    .await
    .expect("every move is answered");
    let mut first = Vec::new();
    let mut boards = Vec::new();
    let mut deferred = 0;
    for ((duel, s), &mv) in floor.duels.iter_mut().zip(&sent).zip(&moves) {
        let (took, was_deferral) = first_response(fake, s);
        first.push(took);
        deferred += usize::from(was_deferral);
        duel.expect_played(fake, s, mv, Via::Command).await;
        boards.push(duel.board.request.latency_since(s));
    }
    let after = floor.memory();
    let first = Spread::of(first);
    println!(
        "burst: {BURST_GAMES} moves sent within {:.1} ms of each other",
        (last_sent - first_sent).as_secs_f64() * 1e3
    );
    println!("{}", first.line("burst, first response (board or deferral)"));
    println!("{}", Spread::of(boards).line("burst, board"));
    println!("burst: {deferred} of {BURST_GAMES} answered with a deferral first");
    println!(
        "burst: bot RSS {:.1} MiB before, {:.1} MiB after (peak {:.1} MiB)",
        mib(before.rss_kib),
        mib(after.rss_kib),
        mib(after.peak_kib)
    );
    assert!(
        first.max < DISCORD_DEADLINE,
        "a first response took {:?}, past Discord's 3 s",
        first.max
    );
    floor.close().await;
}

/// The soak's length: `ISOLO_SOAK_SECS`, bounded by [`SOAK_MAX`].
fn soak_length() -> Duration {
    match std::env::var("ISOLO_SOAK_SECS") {
        Ok(secs) => {
            let secs: u64 = secs
                .trim()
                .parse()
                .expect("ISOLO_SOAK_SECS is a number of seconds");
            Duration::from_secs(secs).clamp(Duration::from_secs(1), SOAK_MAX)
        }
        Err(_) => SOAK_DEFAULT,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "load test: run on demand in a release build (see the file's doc)"]
async fn a_compressed_hour_over_10000_live_games_keeps_the_bots_memory_level() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let length = soak_length();
    let mut floor = Floor::open(SOAK_LIVE - SOAK_ACTIVE, SOAK_ACTIVE).await;
    let start = floor.memory();
    println!("soak: {} s at {SOAK_RATE} moves/s", length.as_secs());
    println!("soak: 0 s, bot RSS {:.1} MiB", mib(start.rss_kib));
    let began = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_secs(1) / SOAK_RATE);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut next_sample = began + SAMPLE_EVERY;
    let mut samples = vec![start];
    let (mut moves, mut restarts, mut g) = (0usize, 0usize, 0usize);
    let mut first = Vec::new();
    while began.elapsed() < length {
        tick.tick().await;
        restarts += usize::from(floor.keep_going(g).await);
        let duel = &mut floor.duels[g];
        let mv = duel.choose();
        // Menus and commands in turn, as players use both.
        let via = if moves.is_multiple_of(2) {
            Via::Command
        } else {
            Via::Menu
        };
        let sent = duel.send(&floor.fake, mv, via).await;
        duel.expect_played(&floor.fake, &sent, mv, via).await;
        first.push(first_response(&floor.fake, &sent).0);
        moves += 1;
        g = (g + 1) % SOAK_ACTIVE;
        if Instant::now() >= next_sample {
            next_sample += SAMPLE_EVERY;
            let m = floor.memory();
            println!(
                "soak: {} s, {moves} moves, bot RSS {:.1} MiB",
                began.elapsed().as_secs(),
                mib(m.rss_kib)
            );
            samples.push(m);
        }
    }
    let end = floor.memory();
    samples.push(end);
    let took = began.elapsed();
    let highest = samples.iter().map(|m| m.rss_kib).max().expect("sampled");
    let halfway = samples[samples.len() / 2];
    println!(
        "soak: {moves} moves in {:.0} s ({:.2}/s), {restarts} games started again",
        took.as_secs_f64(),
        moves as f64 / took.as_secs_f64()
    );
    println!("{}", Spread::of(first).line("soak, first response"));
    println!(
        "soak: bot RSS start {:.1} MiB, end {:.1} MiB, highest sample {:.1} MiB, peak (VmHWM) {:.1} MiB",
        mib(start.rss_kib),
        mib(end.rss_kib),
        mib(highest),
        mib(end.peak_kib)
    );
    assert!(moves > 0, "the soak played");
    assert!(
        end.rss_kib < start.rss_kib + SOAK_GROWTH_KIB,
        "the bot's memory grew from {:.1} MiB to {:.1} MiB",
        mib(start.rss_kib),
        mib(end.rss_kib)
    );
    assert!(
        end.rss_kib < halfway.rss_kib + SOAK_LATE_GROWTH_KIB,
        "the bot's memory did not level off: {:.1} MiB halfway, {:.1} MiB at the end",
        mib(halfway.rss_kib),
        mib(end.rss_kib)
    );
    floor.close().await;
}
