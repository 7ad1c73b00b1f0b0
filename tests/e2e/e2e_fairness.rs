//! End-to-end: one member cannot slow everyone down. Reviews and hints run in
//! an analysis pool of their own, with a short queue and per-member
//! cooldowns; a move in another channel is answered meanwhile as usual.

use crate::support;

use std::time::Duration;

use isolo_bot::engine::Variant;
use support::bot::{boards, challenge_the_bot, expect_refusal, Duel, InProcess, Via, T};
use support::fake_discord::{FakeDiscord, FakeUser, Route, SentInteraction, SlashCommand, CHANNEL_ID};

/// Discord drops an interaction that is not answered within this.
const DISCORD_WAITS: Duration = Duration::from_secs(3);

/// When the first response to `sent` came, after it was sent.
async fn first_response(fake: &FakeDiscord, sent: &SentInteraction) -> Duration {
    fake.wait_for(
        |r| r.is_for(sent) && matches!(r.route, Route::InteractionCallback { .. }),
        T,
    )
    .await
    .expect("a first response")
    .latency_since(sent)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_reviews_and_hints_does_not_hold_up_a_move_elsewhere() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    // A finished game to review, in its own channel.
    let reviewed = CHANNEL_ID + 1;
    fake.add_channel(reviewed);
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut finished = Duel::start(fake, reviewed, &alice, &bob, Variant::Women, false, 3).await;
    finished.play_out(fake, 400).await;
    // Games against the bot, one per member asking for hints.
    let hinters: Vec<FakeUser> = (0..4)
        .map(|i| FakeUser::new(1_500_000_000_000_000_100 + i, &format!("hinter{i}")))
        .collect();
    for (i, h) in hinters.iter().enumerate() {
        let channel = CHANNEL_ID + 10 + i as u64;
        fake.add_channel(channel);
        let sent = challenge_the_bot(fake, h, channel).await;
        boards(fake, &sent, 1).await;
    }
    // The game whose move must not wait.
    let (carol, dave) = (
        FakeUser::carol(),
        FakeUser::new(1_500_000_000_000_000_004, "dave"),
    );
    let mut duel = Duel::start(fake, CHANNEL_ID, &carol, &dave, Variant::Women, false, 5).await;
    let mv = duel.choose();
    let sent = duel.send(fake, mv, Via::Command).await;
    let usual = first_response(fake, &sent).await;
    duel.expect_played(fake, &sent, mv, Via::Command).await;

    // The flood: eight members review at once, four ask for hints.
    let mut flood = Vec::new();
    for i in 0..8 {
        let member = FakeUser::new(1_500_000_000_000_000_200 + i, &format!("reviewer{i}"));
        let cmd = SlashCommand::new("isolo")
            .sub("review")
            .by(&member)
            .in_channel(reviewed);
        flood.push(fake.send_command(&cmd).await);
    }
    for (i, h) in hinters.iter().enumerate() {
        let cmd = SlashCommand::new("isolo")
            .sub("hint")
            .by(h)
            .in_channel(CHANNEL_ID + 10 + i as u64);
        flood.push(fake.send_command(&cmd).await);
    }
    let mv = duel.choose();
    let sent = duel.send(fake, mv, Via::Command).await;
    let during = first_response(fake, &sent).await;
    duel.expect_played(fake, &sent, mv, Via::Command).await;
    eprintln!("first response to a move: {usual:?} alone, {during:?} during the flood");
    assert!(
        during < DISCORD_WAITS,
        "the move waited {during:?} behind the analysis"
    );

    // Every request of the flood is answered in time: done, acknowledged
    // while it works, or told privately that the bot is busy.
    let mut busy = 0;
    for sent in &flood {
        let took = first_response(fake, sent).await;
        assert!(took < DISCORD_WAITS, "a flood request waited {took:?}");
        let cb = fake.wait_for_callback(sent, T).await.expect("answered");
        let text = cb.message.content.clone().unwrap_or_default();
        if text.contains("busy analysing") {
            assert!(cb.message.is_ephemeral(), "{text}");
            busy += 1;
        }
    }
    eprintln!(
        "{busy} of {} flood requests were told the bot is busy",
        flood.len()
    );

    // The first review got the pool at once and is posted; its member may
    // review once more, then waits, and is told so privately.
    fake.wait_for(
        |r| r.is_for(&flood[0]) && !r.files.is_empty(),
        Duration::from_secs(120),
    )
    .await
    .expect("the first review is posted");
    let member = FakeUser::new(1_500_000_000_000_000_200, "reviewer0");
    let cmd = SlashCommand::new("isolo")
        .sub("review")
        .by(&member)
        .in_channel(reviewed);
    let sent = fake.send_command(&cmd).await;
    fake.wait_for_file_reply(&sent, T)
        .await
        .expect("a second review, from the cache");
    let sent = fake.send_command(&cmd).await;
    expect_refusal(fake, &sent, "try again in").await;
    bot.stop().await;
}

/// One member sends 30 games against the bot at its hardest (the bot moving
/// first, so each needs a search) over five channels, and 30 animations of
/// another game, all at once. Meanwhile every move of that other game
/// between people is answered within Discord's 3 s (the fake refuses later
/// first answers, as Discord does), and each request of the flood is served
/// or refused privately with when to try again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_bot_games_and_animations_does_not_hold_up_a_game_between_people() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, true, 9).await;
    for via in [Via::Command, Via::Menu] {
        let mv = duel.choose();
        duel.play(fake, mv, via).await;
    }
    let channels: Vec<u64> = (1..=5).map(|i| CHANNEL_ID + 100 + i).collect();
    for &c in &channels {
        fake.add_channel(c);
    }
    fake.enforce_answer_window();

    let mut games = Vec::new();
    let mut animations = Vec::new();
    for i in 0..30 {
        let challenge = SlashCommand::new("isolo")
            .sub("challenge")
            .user("opponent", &support::bot::bot_user())
            .integer("variant", 0)
            .integer("level", 4)
            .integer("first", 1)
            .by(&carol)
            .in_channel(channels[i % channels.len()]);
        games.push(fake.send_command(&challenge).await);
        let animate = SlashCommand::new("isolo")
            .sub("game animate")
            .by(&carol)
            .in_channel(duel.channel);
        animations.push(fake.send_command(&animate).await);
    }

    // The game between people goes on as usual.
    for via in [Via::Command, Via::Menu, Via::Command, Via::Menu] {
        let mv = duel.choose();
        let sent = duel.send(fake, mv, via).await;
        let took = first_response(fake, &sent).await;
        assert!(took < DISCORD_WAITS, "a move waited {took:?} behind the flood");
        duel.expect_played(fake, &sent, mv, via).await;
    }

    // Each request of the flood: served, or told privately when to try again.
    let mut served = [0, 0];
    for (kind, flood) in [&games, &animations].into_iter().enumerate() {
        for sent in flood {
            let cb = fake.wait_for_callback(sent, T).await.expect("answered");
            let text = cb.message.content.clone().unwrap_or_default();
            if cb.message.is_ephemeral() {
                assert!(text.contains("try again in"), "a clear refusal: {text}");
            } else {
                served[kind] += 1;
            }
        }
    }
    eprintln!(
        "served {} of 30 bot games and {} of 30 animations",
        served[0], served[1]
    );
    assert!(
        served[0] >= 1 && served[0] < 30,
        "bot games are bounded: {served:?}"
    );
    assert!(
        served[1] >= 1 && served[1] < 30,
        "animations are bounded: {served:?}"
    );
    // The served animations arrive, as GIFs.
    for sent in &animations {
        let cb = fake.wait_for_callback(sent, T).await.expect("answered");
        if !cb.message.is_ephemeral() {
            let gif = fake
                .wait_for_file_reply(sent, Duration::from_secs(60))
                .await
                .expect("a GIF");
            assert!(gif.files[0]
                .filename
                .as_deref()
                .is_some_and(|f| f.ends_with(".gif")));
        }
    }
    assert!(fake.problems().is_empty(), "{:?}", fake.problems());
    bot.stop().await;
}
