//! Registering the commands at start-up through Discord's bad moments: a
//! failed read of the registered commands is retried, the Activity's Entry
//! Point is never dropped from the overwrite, and the bot starts anyway.

use crate::support;

use serde_json::{json, Value};
use support::bot::{InProcess, T};
use support::fake_discord::{FakeDiscord, FakeUser, Request, Route, SlashCommand};

/// A read of the application's global commands.
fn global_read(r: &Route) -> bool {
    matches!(r, Route::GetCommands { guild_id: None })
}

/// Global registration (no `guild_id`), as a public bot registers.
fn global(c: &mut isolo_bot::config::Config) {
    c.discord.guild_id = None;
}

/// Whether `commands` hold the Entry Point command (type 4) and `/isolo`.
fn entry_point_and_isolo(commands: &Value) -> bool {
    let cs = commands.as_array().map_or(&[][..], Vec::as_slice);
    cs.iter()
        .any(|c| c["type"] == json!(4) && c["name"] == json!("launch"))
        && cs.iter().any(|c| c["name"] == json!("isolo"))
}

/// The bot answers a command: it serves.
async fn serves(fake: &FakeDiscord) {
    let cmd = SlashCommand::new("isolo").sub("rules").by(&FakeUser::alice());
    let sent = fake.send_command(&cmd).await;
    fake.wait_for_callback(&sent, T)
        .await
        .expect("/isolo rules is answered");
}

fn requests(fake: &FakeDiscord, which: fn(&Route) -> bool) -> Vec<Request> {
    fake.requests().into_iter().filter(|r| which(&r.route)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_read_of_the_commands_is_retried_and_the_entry_point_kept() {
    // The Activity was set up in the Developer Portal; the bot's config
    // does not mention it, so only the read tells the bot it is there.
    let bot = InProcess::start_prepared(
        |fake| {
            fake.enable_activity();
            fake.fail_next(global_read, 500);
        },
        global,
        true,
    )
    .await;
    let fake = &bot.fake;
    let reads: Vec<u16> = requests(fake, global_read).iter().map(|r| r.status).collect();
    assert_eq!(reads, [500, 200], "read again after the 500");
    let puts = requests(fake, |r| matches!(r, Route::PutCommands { guild_id: None }));
    assert_eq!(puts.len(), 1);
    assert_eq!(puts[0].status, 200, "the overwrite is accepted: {}", puts[0].body);
    assert!(entry_point_and_isolo(&puts[0].body), "{}", puts[0].body);
    let registered = fake.registered_commands(None).expect("global commands");
    assert!(entry_point_and_isolo(&registered), "{registered}");
    serves(fake).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_that_cannot_be_read_are_left_as_registered_and_the_bot_serves() {
    let bot = InProcess::start_prepared(
        |fake| {
            fake.enable_activity();
            // More failures than the bot reads at start-up: Discord stays down.
            for _ in 0..12 {
                fake.fail_next(global_read, 503);
            }
        },
        global,
        false,
    )
    .await;
    let fake = &bot.fake;
    // The bot waits out its retries, then serves what is registered.
    serves(fake).await;
    let reads = requests(fake, global_read);
    assert!(reads.len() >= 2, "retried: {} reads", reads.len());
    assert!(reads.iter().all(|r| r.status == 503));
    assert_eq!(
        requests(fake, |r| matches!(r, Route::PutCommands { .. })).len(),
        0,
        "no overwrite that could drop the Entry Point"
    );
    let registered = fake.registered_commands(None).expect("global commands");
    assert!(
        registered
            .as_array()
            .is_some_and(|cs| cs.iter().any(|c| c["type"] == json!(4))),
        "{registered}"
    );
    bot.stop().await;
}
