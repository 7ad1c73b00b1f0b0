//! How long a player waits for the board after a move, with 50 games in
//! progress at once in 50 channels: from the fake writing the interaction on
//! the gateway to the bot's reply carrying the PNG arriving at the fake.
//!
//! Run with `--nocapture` to see the figures. The bounds asserted are
//! generous (a loaded CI machine); the targets on loopback are p50 <= 30 ms
//! and p95 <= 100 ms for one move at a time.

mod support;

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use isolo_bot::engine::Variant;
use support::bot::{Duel, InProcess, Via, T};
use support::fake_discord::{FakeDiscord, GatewayLog, Route, SentInteraction, SlashCommand, CHANNEL_ID};

/// Games in progress at once.
const GAMES: usize = 50;
/// Moves measured one at a time, round-robin over the games.
const STEADY_MOVES: usize = 150;
/// Rounds in which every game moves at the same moment.
const BURST_ROUNDS: usize = 3;
/// The whole measurement stops here, whatever the counts.
const BUDGET: Duration = Duration::from_secs(40);

struct Figures {
    n: usize,
    p50: Duration,
    p95: Duration,
    max: Duration,
}

fn figures(mut samples: Vec<Duration>) -> Figures {
    assert!(!samples.is_empty(), "no sample");
    samples.sort_unstable();
    let n = samples.len();
    let at = |q: f64| samples[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
    Figures {
        n,
        p50: at(0.50),
        p95: at(0.95),
        max: samples[n - 1],
    }
}

fn report(what: &str, f: &Figures) {
    println!(
        "latency {what}: n = {}, p50 = {:.1} ms, p95 = {:.1} ms, max = {:.1} ms",
        f.n,
        f.p50.as_secs_f64() * 1e3,
        f.p95.as_secs_f64() * 1e3,
        f.max.as_secs_f64() * 1e3
    );
}

/// When the first response to `sent` (the board, or a deferral) arrived.
fn first_response(fake: &FakeDiscord, sent: &SentInteraction) -> Duration {
    let cb = fake
        .requests_for(sent)
        .into_iter()
        .find(|r| matches!(r.route, Route::InteractionCallback { .. }))
        .expect("answered");
    cb.latency_since(sent)
}

/// Sends the next move of `duel` by command.
async fn send_move(fake: &FakeDiscord, duel: &mut Duel) -> (SentInteraction, isolo_bot::engine::Move) {
    let mv = duel.choose();
    (duel.send(fake, mv, Via::Command).await, mv)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_latency_with_50_games_in_progress() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let channels: Vec<u64> = (0..GAMES as u64).map(|i| CHANNEL_ID + 1000 + i).collect();
    for &c in &channels {
        fake.add_channel(c);
    }
    let started = Instant::now();
    let mut duels: Vec<Duel> = join_all(
        channels
            .iter()
            .enumerate()
            .map(|(i, &c)| Duel::alice_and_bob(fake, c, Variant::Boys, i as u64)),
    )
    .await;
    let mut seed = GAMES as u64;
    println!("{GAMES} games started in {:?}", started.elapsed());

    // The floor: commands that touch no game and draw nothing.
    let mut floor = Vec::new();
    let mut look = Vec::new();
    let mut picture = Vec::new();
    for (i, &c) in channels.iter().enumerate() {
        let help = SlashCommand::new("isolo").sub("help").in_channel(c);
        let sent = fake.send_command(&help).await;
        let cb = fake.wait_for_reply(&sent, T).await.expect("help");
        floor.push(cb.latency_since(&sent));
        if i % 2 == 0 {
            let text = SlashCommand::new("isolo")
                .sub("board")
                .boolean("text", true)
                .in_channel(c);
            let sent = fake.send_command(&text).await;
            let cb = fake.wait_for_reply(&sent, T).await.expect("board text");
            look.push(cb.latency_since(&sent));
        } else {
            let board = SlashCommand::new("isolo").sub("board").in_channel(c);
            let sent = fake.send_command(&board).await;
            let cb = fake.wait_for_file_reply(&sent, T).await.expect("board");
            picture.push(cb.latency_since(&sent));
        }
    }

    // One move at a time, round-robin: each waits only for itself.
    let deadline = Instant::now() + BUDGET;
    let mut steady = Vec::new();
    for i in 0..STEADY_MOVES {
        if Instant::now() > deadline {
            break;
        }
        let g = i % GAMES;
        if duels[g].over() {
            seed += 1;
            duels[g] = Duel::alice_and_bob(fake, channels[g], Variant::Boys, seed).await;
        }
        let (sent, mv) = send_move(fake, &mut duels[g]).await;
        duels[g].expect_played(fake, &sent, mv, Via::Command).await;
        steady.push(duels[g].board.request.latency_since(&sent));
    }

    // Every game at the same moment: 50 interactions back to back.
    let mut burst = Vec::new();
    let mut burst_first = Vec::new();
    for _ in 0..BURST_ROUNDS {
        if Instant::now() > deadline {
            break;
        }
        for (g, duel) in duels.iter_mut().enumerate() {
            if duel.over() {
                seed += 1;
                *duel = Duel::alice_and_bob(fake, channels[g], Variant::Boys, seed).await;
            }
        }
        let mut sent = Vec::new();
        for duel in duels.iter_mut() {
            sent.push(send_move(fake, duel).await);
        }
        for (duel, (s, mv)) in duels.iter_mut().zip(&sent) {
            duel.expect_played(fake, s, *mv, Via::Command).await;
            burst.push(duel.board.request.latency_since(s));
            burst_first.push(first_response(fake, s));
        }
    }
    println!("measured in {:?}", started.elapsed());

    report("/isolo help (no game, no picture)", &figures(floor));
    report(
        "/isolo board text:true (reads the store, no picture)",
        &figures(look),
    );
    report(
        "/isolo board (reads the store, draws the picture)",
        &figures(picture),
    );
    let steady = figures(steady);
    let burst = figures(burst);
    report(&format!("one move at a time, {GAMES} games in progress"), &steady);
    report(&format!("{GAMES} moves at the same moment"), &burst);
    let first = figures(burst_first);
    report(
        &format!("{GAMES} moves at the same moment, first response (board or deferral)"),
        &first,
    );
    // Discord drops an interaction not answered within 3 s: under load the
    // bot acknowledges first and sends the board when it is drawn.
    assert!(
        first.max < Duration::from_secs(3),
        "first response after {:?}",
        first.max
    );
    // The gateway kept its one session through the load (heartbeats answered).
    let log = fake.gateway_log();
    assert!(
        !log.iter().any(|e| matches!(
            e,
            GatewayLog::Disconnected { .. } | GatewayLog::Resumed { .. } | GatewayLog::BotClosed { .. }
        )),
        "the gateway session broke under load: {:?}",
        log.iter()
            .filter(|e| !matches!(e, GatewayLog::Heartbeat { .. }))
            .collect::<Vec<_>>()
    );
    assert!(steady.n >= GAMES, "enough samples: {}", steady.n);
    assert!(steady.p95 < Duration::from_secs(1), "p95 {:?}", steady.p95);
    assert!(burst.p95 < Duration::from_secs(10), "p95 {:?}", burst.p95);
    fake.assert_no_problems();
    bot.stop().await;
}
