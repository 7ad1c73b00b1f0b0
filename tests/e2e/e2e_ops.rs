//! What an operator sees of the `isolo-bot` binary against the fake Discord:
//! the `/metrics` and `/healthz` page of a bot playing games, and a log that
//! says "cannot reach Discord, retrying in N s" while Discord is away, then
//! the invite link, never raw socket errors or colour codes.

#![cfg(unix)]

use crate::support;

use std::time::Duration;

use isolo_bot::engine::Variant;
use support::bot::{config_text, expect_refusal, prepare_environment, BotProcess, Duel, Via, T};
use support::fake_discord::{FakeDiscord, FakeOptions, Route, CHANNEL_ID, GUILD_ID, TOKEN};
use support::ops::{eventually, free_port, get, sample};

/// Checks what every log of the binary must hold: no colour codes, no raw
/// socket errors.
fn assert_plain_log(output: &str) {
    assert!(
        !output.contains('\u{1b}'),
        "colour codes in a log that is a file:\n{output}"
    );
    for raw in ["os error", "Connection refused", "tcp connect error"] {
        assert!(
            !output.contains(raw),
            "raw socket error {raw:?} in the log:\n{output}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_bot_serves_its_metrics_and_health() {
    prepare_environment();
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let dir = tempfile::tempdir().expect("temp dir");
    let port = free_port();
    let config = format!(
        "{}\n[metrics]\nlisten = \"127.0.0.1:{port}\"\n",
        config_text(&fake, &dir.path().join("store"), false)
    );
    let mut bot = BotProcess::spawn(dir.path(), &config, "bot");
    fake.wait_for(|r| matches!(r.route, Route::PutCommands { .. }), T)
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", bot.output()));
    fake.wait_ready(T).await.expect("a live session");

    // Healthy once the shard is seen connected (polled every 2 s).
    let health = eventually(T, "a healthy /healthz", async || {
        let (status, body) = get(port, "/healthz").await.ok()?;
        (status == 200).then_some(body)
    })
    .await;
    assert!(
        health.contains("\"shards_connected\":1") && health.contains("\"store\":\"ok\""),
        "{health}"
    );

    let mut duel = Duel::alice_and_bob(&fake, CHANNEL_ID, Variant::Boys, 3).await;
    for via in [Via::Command, Via::Menu] {
        let mv = duel.choose();
        duel.play(&fake, mv, via).await;
    }
    let sent = duel.send_as(&fake, duel.waiting(), "a1", Via::Command).await;
    expect_refusal(&fake, &sent, "turn").await;

    // Live games are counted every 10 s.
    let page = eventually(Duration::from_secs(15), "one live game on /metrics", async || {
        let (_, page) = get(port, "/metrics").await.ok()?;
        (sample(&page, "isolo_live_games") == Some(1.0)).then_some(page)
    })
    .await;
    for (line, at_least) in [
        (
            "isolo_interactions_total{command=\"isolo move\",outcome=\"ok\"}",
            1.0,
        ),
        (
            "isolo_interactions_total{command=\"isolo move\",outcome=\"refused\"}",
            1.0,
        ),
        (
            "isolo_interactions_total{command=\"component move\",outcome=\"ok\"}",
            1.0,
        ),
        (
            "isolo_interactions_total{command=\"isolo challenge\",outcome=\"ok\"}",
            1.0,
        ),
        ("isolo_answer_latency_seconds_count", 4.0),
        ("isolo_shard_connected{shard=\"0\"}", 1.0),
        ("isolo_gateway_latency_seconds{shard=\"0\"}", 0.0),
        ("isolo_store_commit_conflicts_total", 0.0),
        ("isolo_timer_lag_seconds_count", 0.0),
    ] {
        let value = sample(&page, line).unwrap_or_else(|| panic!("no {line} in\n{page}"));
        assert!(value >= at_least, "{line} = {value}, want >= {at_least}");
    }

    bot.signal(libc::SIGTERM);
    assert!(bot.wait_exit(T).await.success(), "{}", bot.output());
    // Stopped with the bot: nothing listens any more.
    assert!(get(port, "/metrics").await.is_err());
    let output = bot.output();
    assert!(output.contains(&format!(
        "serving /metrics and /healthz on http://127.0.0.1:{port}"
    )));
    assert_plain_log(&output);
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_discord_is_retried_then_the_invite_link_is_logged() {
    prepare_environment();
    let dir = tempfile::tempdir().expect("temp dir");
    let port = free_port();
    let store = toml::Value::String(dir.path().join("store").display().to_string());
    let config = format!(
        "[discord]\ntoken = \"{TOKEN}\"\nguild_id = {GUILD_ID}\napi_proxy = \"http://127.0.0.1:{port}\"\n\
         use_threads = false\n\n[storage]\npath = {store}\n"
    );
    let mut bot = BotProcess::spawn(dir.path(), &config, "bot");
    // Attempts at 0 s, 1 s and 3 s: one line each, the wait doubling.
    eventually(T, "two retry lines", async || {
        bot.output()
            .contains("cannot reach Discord, retrying in 2 s")
            .then_some(())
    })
    .await;
    let output = bot.output();
    assert_eq!(
        output.matches("cannot reach Discord, retrying in 1 s").count(),
        1,
        "{output}"
    );
    assert!(!output.contains("invite the bot"), "{output}");

    // Discord comes back on the address the bot keeps trying.
    let fake = FakeDiscord::start_on_port(FakeOptions::default(), port).await;
    fake.wait_for(|r| matches!(r.route, Route::PutCommands { .. }), T)
        .await
        .unwrap_or_else(|e| panic!("{e}\n{}", bot.output()));
    let invite = format!(
        "invite the bot with https://discord.com/oauth2/authorize?client_id={}&scope=bot+applications.commands&permissions={}",
        support::fake_discord::APPLICATION_ID,
        isolo_bot::discord::INVITE_PERMISSIONS
    );
    eventually(T, "the invite link in the log", async || {
        bot.output().contains(&invite).then_some(())
    })
    .await;
    bot.signal(libc::SIGTERM);
    assert!(bot.wait_exit(T).await.success(), "{}", bot.output());
    assert_plain_log(&bot.output());
    fake.assert_no_problems();
}
