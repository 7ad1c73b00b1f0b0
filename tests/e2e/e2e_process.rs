//! End-to-end with the `isolo-bot` binary (`isolo-bot run --config FILE`)
//! against the fake Discord: a game survives SIGKILL and a restart on the
//! same store; SIGTERM and Ctrl-C (SIGINT) shut it down cleanly.

#![cfg(unix)]

use crate::support;

use std::time::{Duration, Instant};

use isolo_bot::engine::Variant;
use std::os::unix::process::ExitStatusExt;
use support::bot::{board_text, config_text, prepare_environment, BotProcess, Duel, Via, T};
use support::fake_discord::{
    CallbackKind, FakeDiscord, FakeOptions, GatewayLog, Route, SlashCommand, CHANNEL_ID,
};

/// Waits until the bot process at its `n`th start has identified and
/// registered its commands.
async fn wait_started(fake: &FakeDiscord, bot: &BotProcess, n: usize) {
    let identified = fake
        .wait_for_gateway(
            |e| matches!(e, GatewayLog::Identified { conn, .. } if *conn >= n as u64),
            T,
        )
        .await;
    if let Err(e) = identified {
        panic!("start {n}: {e}\nthe bot's output:\n{}", bot.output());
    }
    fake.wait_for_n(n, |r| matches!(r.route, Route::PutCommands { .. }), T)
        .await
        .unwrap_or_else(|e| panic!("start {n}: commands: {e}\n{}", bot.output()));
    fake.wait_ready(T).await.expect("a live session");
}

/// The close code the bot sent on connection `conn`, once it has.
async fn close_code_of(fake: &FakeDiscord, conn: u64) -> Option<u16> {
    let closed = fake
        .wait_for_gateway(
            |e| matches!(e, GatewayLog::BotClosed { conn: c, .. } if *c == conn),
            T,
        )
        .await
        .expect("the bot closes the gateway");
    match closed {
        GatewayLog::BotClosed { code, .. } => code,
        _ => unreachable!(),
    }
}

/// Sends SIGTERM or SIGINT and checks the bot leaves cleanly and quickly:
/// exit status 0, the gateway closed with 1000.
async fn stop_with(fake: &FakeDiscord, bot: &mut BotProcess, conn: u64, signal: i32) {
    let started = Instant::now();
    bot.signal(signal);
    let status = bot.wait_exit(Duration::from_secs(5)).await;
    let took = started.elapsed();
    assert!(
        status.success(),
        "exit status {status:?} after signal {signal}; output:\n{}",
        bot.output()
    );
    assert!(took < Duration::from_secs(5), "shutdown took {took:?}");
    assert_eq!(close_code_of(fake, conn).await, Some(1000), "closed with 1000");
    fake.wait_disconnected(T).await.expect("the socket is gone");
    let output = bot.output();
    assert!(output.contains("stopped"), "the bot logs its stop:\n{output}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_sigkill_and_a_restart() {
    prepare_environment();
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let config = config_text(&fake, &dir.path().join("store"), false);
    let mut first = BotProcess::spawn(dir.path(), &config, "first");
    wait_started(&fake, &first, 1).await;

    // Seed 12 gives a boys' game long enough to be cut in the middle.
    let mut duel = Duel::alice_and_bob(&fake, CHANNEL_ID, Variant::Boys, 12).await;
    for via in [Via::Command, Via::Menu, Via::Command] {
        let mv = duel.choose();
        duel.play(&fake, mv, via).await;
        assert!(!duel.over(), "the game must still be on for the crash");
    }
    let before = board_text(&fake, CHANNEL_ID).await;

    // SIGKILL: no shutdown code runs, the socket just drops.
    first.signal(libc::SIGKILL);
    let status = first.wait_exit(T).await;
    assert_eq!(status.signal(), Some(libc::SIGKILL), "{status:?}");
    fake.wait_disconnected(T)
        .await
        .expect("the killed bot's socket is gone");

    let mut second = BotProcess::spawn(dir.path(), &config, "second");
    wait_started(&fake, &second, 2).await;
    let conn = fake
        .gateway_log()
        .iter()
        .rev()
        .find_map(|e| match e {
            GatewayLog::Identified { conn, .. } => Some(*conn),
            _ => None,
        })
        .expect("identified");
    assert_eq!(
        board_text(&fake, CHANNEL_ID).await,
        before,
        "the restarted bot has the same game"
    );
    // The menu under the board posted before the crash still plays.
    let mv = duel.choose();
    duel.play(&fake, mv, Via::Menu).await;
    let plies = duel.play_out(&fake, 300).await;
    assert!(duel.over(), "played to the end after {plies} more plies");

    stop_with(&fake, &mut second, conn, libc::SIGTERM).await;
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_and_ctrl_c_shut_the_binary_down_cleanly() {
    prepare_environment();
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let config = config_text(&fake, &dir.path().join("store"), false);
    for (n, signal) in [(1, libc::SIGTERM), (2, libc::SIGINT)] {
        let mut bot = BotProcess::spawn(dir.path(), &config, &format!("run{n}"));
        wait_started(&fake, &bot, n).await;
        let sent = fake.send_command(&SlashCommand::new("isolo").sub("help")).await;
        let cb = fake.wait_for_callback(&sent, T).await.expect("help");
        assert_eq!(cb.kind, CallbackKind::Message);
        stop_with(&fake, &mut bot, n as u64, signal).await;
    }
    fake.assert_no_problems();
}
