//! End-to-end: the reminders players choose and the daily digest, against
//! the fake Discord on a manual clock. A player who chose none hears
//! nothing; one who chose "24 h, 4 h and 1 h before" is reminded then,
//! across a restart; the digest DM lists the game waiting for its player
//! once a day, and stands in for the DM on every turn.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use isolo_bot::table::{ManualClock, Reminders};
use support::bot::{boards, posted, until, InProcess, T};
use support::fake_discord::{FakeDiscord, FakeUser, SlashCommand, CHANNEL_ID, DM_CHANNEL_ID};

const HOUR: u64 = 3_600_000;

/// `/isolo settings` by `by` with `set` applied, answered.
async fn settings(fake: &FakeDiscord, by: &FakeUser, set: impl FnOnce(SlashCommand) -> SlashCommand) {
    let cmd = set(SlashCommand::new("isolo").sub("settings"))
        .by(by)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&cmd).await;
    fake.wait_for_callback(&sent, T).await.expect("the settings");
}

/// Lets `bot` handle what is due at the clock's time, and waits until the
/// game's clock has counted `reminders` times of the turn.
async fn clock_counted(bot: &InProcess, reminders: u8) {
    until(bot, "the clock's times are handled", || {
        bot.table
            .game(CHANNEL_ID)
            .unwrap()
            .is_some_and(|g| g.live.reminders >= reminders)
    })
    .await;
    // Whatever it sends goes out before the test looks.
    tokio::time::sleep(Duration::from_millis(300)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_come_at_the_chosen_times_none_when_none_and_the_digest_once_a_day() {
    let t0 = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let clock = Arc::new(ManualClock::new(t0));
    let bot = InProcess::start_with(false, clock.clone(), |_| {}).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // Alice wants no reminders; bob the three before the deadline, a
    // digest, and (overruled by the digest) a DM on every turn.
    settings(fake, &alice, |c| c.integer("reminders", 0)).await;
    settings(fake, &bob, |c| {
        c.integer("reminders", 2)
            .boolean("digest", true)
            .boolean("turn-dm", true)
    })
    .await;
    let s = bot.table.member_settings(bob.id).unwrap();
    assert_eq!((s.reminders, s.digest), (Reminders::BeforeDeadline, true));

    // Three days per move ("3 days" is the third clock choice): alice starts.
    let challenge = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("clock", 2)
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&challenge).await;
    fake.wait_for_callback(&sent, T).await.expect("the challenge");
    let accept = SlashCommand::new("isolo")
        .sub("accept")
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&accept).await;
    boards(fake, &sent, 1).await;

    // A day and a half into alice's turn: her half time passed unsaid, and
    // bob's first digest found nothing waiting for him.
    clock.advance(36 * HOUR + 1_000);
    clock_counted(&bot, 1).await;
    assert_eq!(posted(fake, CHANNEL_ID, "it is your move in game"), 0);
    assert_eq!(posted(fake, DM_CHANNEL_ID, "waiting for your move"), 0);

    // Alice moves: bob's turn begins, with no turn DM (the digest stands in).
    let pit = {
        let game = bot.table.game(CHANNEL_ID).unwrap().unwrap().game;
        game.legal_moves().iter().next().unwrap().to_string()
    };
    let mv = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&mv).await;
    boards(fake, &sent, 1).await;
    let turn = bot.table.game(CHANNEL_ID).unwrap().unwrap().live.turn_started_ms;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(posted(fake, DM_CHANNEL_ID, "Your move in game"), 0, "no turn DM");
    let reminded = format!("<@{}>, it is your move in game #1", bob.id);
    let digests = "One game is waiting for your move";

    // Two days after bob chose it: the digest lists game #1, once.
    clock.set(t0 + 48 * HOUR + 1_000);
    until(&bot, "bob's digest", || posted(fake, DM_CHANNEL_ID, digests) == 1).await;
    let digest = fake
        .requests()
        .into_iter()
        .rev()
        .find(|r| r.message().content.is_some_and(|c| c.contains(digests)))
        .unwrap();
    let text = digest.message().content.unwrap();
    assert!(
        text.contains("#1") && text.contains(&format!("<#{CHANNEL_ID}>")),
        "{text}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(posted(fake, DM_CHANNEL_ID, digests), 1, "once a day");
    assert_eq!(posted(fake, CHANNEL_ID, &reminded), 0, "not before 24 h are left");

    // 24 hours before bob's deadline (the third day's digest came too):
    // his first reminder, pinging him.
    clock.set(turn + 48 * HOUR);
    until(&bot, "bob's 24 h reminder", || {
        posted(fake, CHANNEL_ID, &reminded) == 1
    })
    .await;
    until(&bot, "the third day's digest", || {
        posted(fake, DM_CHANNEL_ID, digests) == 2
    })
    .await;

    // A restart: the 4 h reminder and the next digest still come, once each.
    let bot = bot.restart(false, clock.clone()).await;
    let fake = &bot.fake;
    clock.set(turn + 68 * HOUR);
    until(&bot, "bob's 4 h reminder after a restart", || {
        posted(fake, CHANNEL_ID, &reminded) == 2
    })
    .await;
    until(&bot, "the next day's digest after a restart", || {
        posted(fake, DM_CHANNEL_ID, digests) == 3
    })
    .await;
    clock.set(turn + 71 * HOUR);
    until(&bot, "bob's 1 h reminder", || {
        posted(fake, CHANNEL_ID, &reminded) == 3
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(posted(fake, CHANNEL_ID, &reminded), 3);
    assert_eq!(posted(fake, DM_CHANNEL_ID, digests), 3);
    bot.stop().await;
}
