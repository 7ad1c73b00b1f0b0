//! End-to-end: the real bot (`isolo_bot::discord::run`, in this process)
//! against the fake Discord on 127.0.0.1. Whole games of each variant through
//! `/isolo move` and the move menu, refusals, races, a gateway reconnect, a
//! game against the bot, spectators, threads, mentions and a clean shutdown.

use crate::support;

use std::time::Duration;

use isolo_bot::engine::{Move, Outcome, Variant};
use serde_json::Value;
use support::bot::{
    allowed_users, board_text, boards, challenge, challenge_the_bot, expect_refusal, Duel, InProcess, Via, T,
};
use support::fake_discord::{
    CallbackKind, ComponentClick, FakeDiscord, FakeUser, Reconnect, Route, SentInteraction, SlashCommand,
    BOT_USER_ID, CHANNEL_ID, GUILD_ID,
};

fn mv(pit: &str) -> Move {
    pit.parse().expect("a pit name")
}

/// A guild channel with no game in it.
const OTHER_CHANNEL: u64 = CHANNEL_ID + 77;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_the_guild_with_every_subcommand() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    assert!(
        fake.registered_commands(None).is_none(),
        "with guild_id set nothing is registered globally"
    );
    let commands = fake
        .registered_commands(Some(GUILD_ID))
        .expect("commands registered in the guild");
    let commands = commands.as_array().expect("a list");
    assert_eq!(
        commands.len(),
        2,
        "/isolo and the member menu's Challenge to Isolo"
    );
    let isolo = &commands[0];
    assert_eq!(isolo["name"], "isolo");
    // Both installs (server, member) and every context (server, the bot's DM, private channels).
    assert_eq!(isolo["integration_types"], serde_json::json!([0, 1]));
    assert_eq!(isolo["contexts"], serde_json::json!([0, 1, 2]));
    let menu = &commands[1];
    assert_eq!(
        (menu["name"].as_str(), menu["type"].as_u64()),
        (Some("Challenge to Isolo"), Some(2))
    );
    assert_eq!(menu["integration_types"], serde_json::json!([0, 1]));
    let subs: Vec<(&str, u64)> = isolo["options"]
        .as_array()
        .expect("subcommands")
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), o["type"].as_u64().unwrap()))
        .collect();
    let names: Vec<&str> = subs.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "challenge",
            "accept",
            "decline",
            "withdraw",
            "move",
            "board",
            "resign",
            "draw",
            "rematch",
            "hint",
            "review",
            "export",
            "games",
            "next",
            "stats",
            "leaderboard",
            "puzzle",
            "learn",
            "settings",
            "rules",
            "help",
            "forget-me",
            "game",
            "tournament"
        ]
    );
    // Everything is a subcommand but the groups: less everyday game commands, tournaments.
    for (name, kind) in &subs {
        let group = ["game", "tournament"].contains(name);
        assert_eq!(*kind, if group { 2 } else { 1 }, "{name}");
    }
    let group = |at: usize| -> Vec<&str> {
        isolo["options"][at]["options"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|o| o["name"].as_str())
            .collect()
    };
    assert_eq!(
        group(subs.len() - 2),
        ["history", "animate", "claim", "abort", "conditional", "takeback"]
    );
    assert_eq!(
        group(subs.len() - 1),
        ["create", "join", "leave", "start", "standings", "cancel"]
    );
    let sub = |name: &str| -> Value {
        isolo["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .cloned()
            .unwrap()
    };
    let pit = &sub("move")["options"][0];
    assert_eq!(
        (pit["name"].as_str(), pit["type"].as_u64()),
        (Some("pit"), Some(3))
    );
    assert_eq!(pit["required"], true);
    assert_eq!(pit["autocomplete"], true);
    let challenge = sub("challenge");
    let opponent = &challenge["options"][0];
    assert_eq!(
        (opponent["name"].as_str(), opponent["type"].as_u64()),
        (Some("opponent"), Some(6))
    );
    let variant = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "variant")
        .cloned()
        .expect("variant option");
    assert_eq!(variant["type"], 4, "choices are integers");
    let choices: Vec<(&str, i64)> = variant["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap(), c["value"].as_i64().unwrap()))
        .collect();
    assert_eq!(choices, [("women", 0), ("boys", 1)]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_womens_game_to_the_end_through_commands_and_the_menu() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 7).await;
    let fake = &bot.fake;
    assert_eq!(
        duel.channel, CHANNEL_ID,
        "without threads the game stays in the channel"
    );

    let first = duel.choose();
    duel.play(fake, first, Via::Command).await;
    // The board the move replaced loses its menu.
    let retired = fake
        .wait_for(
            |r| matches!(r.route, Route::EditMessage { .. }) && r.body["components"] == serde_json::json!([]),
            T,
        )
        .await
        .expect("the old board's menu is retired");
    let old = match retired.route {
        Route::EditMessage { message_id, .. } => message_id,
        _ => unreachable!(),
    };
    assert_eq!(
        fake.message(old).expect("old board")["components"],
        serde_json::json!([])
    );

    // A spectator looks at the board: a public picture.
    let look = SlashCommand::new("isolo").sub("board").by(&FakeUser::carol());
    let sent = fake.send_command(&look).await;
    let seen = boards(fake, &sent, 1).await.remove(0);
    assert!(matches!(seen.request.route, Route::InteractionCallback { .. }));
    assert!(seen.content.contains("ply 1"), "{}", seen.content);
    assert!(seen.menu.is_none(), "a spectator's board has no menu");
    assert_eq!(seen.pings(), Vec::<u64>::new(), "looking pings nobody");

    let plies = 1 + duel.play_out(fake, 300).await;
    assert!(plies >= 2, "a whole game: {plies} plies");
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| matches!(r.route, Route::CreateThread { .. })),
        "use_threads = false: no thread"
    );
    // The channel is free again; looking finds nothing, privately.
    let look = SlashCommand::new("isolo").sub("board").by(&FakeUser::carol());
    let sent = fake.send_command(&look).await;
    expect_refusal(fake, &sent, "no game in this channel").await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_boys_game_to_the_end_in_its_own_thread() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Boys, true, 11).await;
    assert_ne!(duel.channel, CHANNEL_ID, "the game is hosted in a thread");
    let thread = fake.thread(duel.channel).expect("the thread exists");
    assert_eq!(thread["parent_id"], CHANNEL_ID.to_string());
    assert_eq!(thread["type"], 11, "a public thread");
    assert_eq!(duel.board.channel_id, duel.channel, "the board is in the thread");

    // The parent channel hosts nothing: a move there is refused privately.
    let there = duel.choose();
    let stray = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &there.to_string())
        .by(&alice);
    let sent = fake.send_command(&stray).await;
    expect_refusal(fake, &sent, "no game in this channel").await;

    let plies = duel.play_out(fake, 300).await;
    assert!(plies >= 2, "a whole game: {plies} plies");
    bot.stop().await;
}

/// With threads on but a permission missing (`deny` takes it away), an
/// accepted game is hosted in the channel, says why, leaves no thread, and
/// can be played.
async fn hosted_in_the_channel_without(
    deny: impl FnOnce(&FakeDiscord),
    variant: Variant,
    via: Via,
) -> InProcess {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    deny(fake);
    let mut duel = Duel::alice_and_bob(fake, CHANNEL_ID, variant, 4).await;
    assert_eq!(duel.channel, CHANNEL_ID);
    let note = &duel.board.content;
    assert!(note.contains("could not open a thread"), "{note}");
    assert!(fake.threads().is_empty(), "no thread is left behind");
    let first = duel.choose();
    duel.play(fake, first, via).await;
    bot
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_create_threads_the_game_stays_in_the_channel_and_says_why() {
    let bot =
        hosted_in_the_channel_without(|f| f.deny_threads_in(CHANNEL_ID), Variant::Women, Via::Menu).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_posting_in_threads_the_thread_goes_and_the_game_stays_here() {
    let deny = |f: &FakeDiscord| {
        f.deny_messages_in_threads();
        f.grant_manage_threads();
    };
    let bot = hosted_in_the_channel_without(deny, Variant::Boys, Via::Command).await;
    assert!(
        bot.fake
            .requests()
            .iter()
            .any(|r| matches!(r.route, Route::CreateThread { .. }) && r.status == 201),
        "a thread was made first, then deleted"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accepts_at_once_open_one_game_and_one_thread() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let message = challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    let click = ComponentClick::button(message, &format!("isolo:accept:{CHANNEL_ID}:{}", alice.id)).by(&bob);
    let command = SlashCommand::new("isolo").sub("accept").by(&bob);
    let a = fake.send_component(&click).await;
    let b = fake.send_command(&command).await;
    let mut refused = 0;
    for sent in [&a, &b] {
        let cb = fake.wait_for_callback(sent, T).await.expect("answered");
        if cb.message.is_ephemeral() {
            let text = cb.message.content.unwrap_or_default();
            assert!(text.contains("no open challenge"), "{text}");
            refused += 1;
        }
    }
    assert_eq!(refused, 1, "exactly one accept wins");
    fake.wait_for(
        |r| matches!(r.route, Route::CreateMessage { .. }) && !r.files.is_empty(),
        T,
    )
    .await
    .expect("the board in the thread");
    assert_eq!(fake.threads().len(), 1, "one game, one thread");
    bot.stop().await;
}

/// A bot with threads on, where Discord takes `delay` to create a thread:
/// alice challenges bob, and bob's `/isolo accept` has just been sent.
async fn accept_with_slow_threads(delay: Duration) -> (InProcess, SentInteraction) {
    let bot = InProcess::start(true).await;
    bot.fake.delay_threads(delay);
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    challenge(&bot.fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    let accept = bot
        .fake
        .send_command(&SlashCommand::new("isolo").sub("accept").by(&bob))
        .await;
    (bot, accept)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_while_the_accept_opens_its_thread_comes_too_late() {
    let (bot, accept) = accept_with_slow_threads(Duration::from_millis(1000)).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let withdraw = fake
        .send_command(&SlashCommand::new("isolo").sub("withdraw").by(&alice))
        .await;
    expect_refusal(fake, &withdraw, "no open challenge").await;
    fake.wait_for(
        |r| r.is_for(&accept) && r.message().content.unwrap_or_default().contains("accepted"),
        T,
    )
    .await
    .expect("the accept went through");
    assert_eq!(fake.threads().len(), 1, "the game's thread, and no other");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_for_anyone_who_asks() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 6).await;
    for via in [Via::Command, Via::Menu, Via::Command] {
        let mv = duel.choose();
        duel.play(fake, mv, via).await;
    }
    let review = SlashCommand::new("isolo").sub("review").by(&carol);
    let early = fake.send_command(&review).await;
    expect_refusal(fake, &early, "no finished game in this channel to review").await;

    let resign = fake
        .send_command(
            &SlashCommand::new("isolo")
                .sub("resign")
                .by(&duel.to_move().clone()),
        )
        .await;
    boards(fake, &resign, 1).await;
    let sent = fake.send_command(&review).await;
    let reply = fake.wait_for_file_reply(&sent, T).await.expect("the review");
    let msg = reply.message();
    assert!(!msg.is_ephemeral(), "a review is public");
    let text = msg.content.unwrap_or_default();
    assert!(text.starts_with("**Review of game #1** (alice vs bob)"), "{text}");
    assert!(
        text.contains("alice: 2 moves,") && text.contains("bob: 1 move,"),
        "{text}"
    );
    assert_eq!(
        allowed_users(&msg.allowed_mentions),
        Vec::<u64>::new(),
        "it pings nobody"
    );
    let file = &reply.files[0];
    assert_eq!(file.filename.as_deref(), Some("isolo-review-1.txt"));
    let table = String::from_utf8(file.data.clone()).expect("text");
    assert!(table.starts_with("Isolo game #1: alice vs bob"), "{table}");
    let plies = table
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(plies, 3, "one line per move:\n{table}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_thread_creation_is_acknowledged_within_discords_three_seconds() {
    let (bot, sent) = accept_with_slow_threads(Duration::from_millis(2500)).await;
    let fake = &bot.fake;
    let cb = fake.wait_for_callback(&sent, T).await.expect("acknowledged");
    assert_eq!(
        cb.kind,
        CallbackKind::DeferredMessage,
        "thinking... while the thread is made"
    );
    let first = fake
        .requests_for(&sent)
        .into_iter()
        .find(|r| matches!(r.route, Route::InteractionCallback { .. }))
        .expect("the callback");
    let took = first.latency_since(&sent);
    assert!(
        took < Duration::from_millis(2500),
        "first response after {took:?}"
    );
    // Then the note (a followup) and the board in the thread.
    let note = fake
        .wait_for(
            |r| r.is_for(&sent) && matches!(r.route, Route::CreateFollowup { .. }),
            T,
        )
        .await
        .expect("the accept note");
    let text = note.message().content.unwrap_or_default();
    assert!(text.contains("accepted") && text.contains("<#"), "{text}");
    fake.wait_for(
        |r| {
            matches!(r.route, Route::CreateMessage { channel_id } if channel_id != CHANNEL_ID)
                && !r.files.is_empty()
        },
        T,
    )
    .await
    .expect("the board in the thread");
    assert_eq!(fake.threads().len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_private_and_change_nothing() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    fake.add_channel(OTHER_CHANNEL);
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 1).await;
    let mut refused: Vec<SentInteraction> = Vec::new();

    // Each refusal is the first response, ephemeral, and the game is as before.
    async fn refuse(
        fake: &FakeDiscord,
        duel: &Duel,
        refused: &mut Vec<SentInteraction>,
        by: &FakeUser,
        pit: &str,
        via: Via,
        needle: &str,
    ) {
        let before = board_text(fake, duel.channel).await;
        let sent = duel.send_as(fake, by, pit, via).await;
        expect_refusal(fake, &sent, needle).await;
        assert_eq!(
            board_text(fake, duel.channel).await,
            before,
            "{needle}: the game changed"
        );
        refused.push(sent);
    }

    for via in [Via::Command, Via::Menu] {
        refuse(fake, &duel, &mut refused, &bob, "h4", via, "not your turn").await;
        refuse(
            fake,
            &duel,
            &mut refused,
            &carol,
            "b2",
            via,
            "not playing in this game",
        )
        .await;
        refuse(fake, &duel, &mut refused, &alice, "b3", via, "not your pit").await;
        refuse(fake, &duel, &mut refused, &alice, "z9", via, "is not a pit").await;
    }
    refuse(
        fake,
        &duel,
        &mut refused,
        &alice,
        "a5",
        Via::Command,
        "is not a pit",
    )
    .await;
    refuse(
        fake,
        &duel,
        &mut refused,
        &alice,
        "i1",
        Via::Command,
        "is not a pit",
    )
    .await;

    // W1 and W2 of the rule book: then South's b2 and a1 are empty.
    duel.play(fake, mv("b2"), Via::Command).await;
    duel.play(fake, mv("h4"), Via::Menu).await;
    refuse(
        fake,
        &duel,
        &mut refused,
        &alice,
        "b2",
        Via::Command,
        "holds 0 seeds",
    )
    .await;
    refuse(
        fake,
        &duel,
        &mut refused,
        &alice,
        "a1",
        Via::Command,
        "holds 0 seeds",
    )
    .await;
    refuse(
        fake,
        &duel,
        &mut refused,
        &alice,
        "B2",
        Via::Menu,
        "holds 0 seeds",
    )
    .await;

    // A menu under an old board.
    let stale = duel.board.clone();
    duel.play(fake, mv("d2"), Via::Command).await;
    let old = stale.menu.as_ref().expect("the old board had a menu");
    let before = board_text(fake, duel.channel).await;
    let click = ComponentClick::select(stale.message_id, &old.custom_id, &["h3"]).by(&bob);
    let sent = fake.send_component(&click).await;
    expect_refusal(fake, &sent, "out of date").await;
    assert_eq!(board_text(fake, duel.channel).await, before);
    refused.push(sent);

    // No game in another channel; the /isolo board there is refused too.
    let elsewhere = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", "c3")
        .by(&bob)
        .in_channel(OTHER_CHANNEL);
    let sent = fake.send_command(&elsewhere).await;
    expect_refusal(fake, &sent, "no game in this channel").await;
    refused.push(sent);
    for cmd in ["resign", "draw", "accept", "decline", "withdraw", "game claim"] {
        let sent = fake
            .send_command(
                &SlashCommand::new("isolo")
                    .sub(cmd)
                    .by(&bob)
                    .in_channel(OTHER_CHANNEL),
            )
            .await;
        let cb = fake.wait_for_callback(&sent, T).await.expect("an answer");
        assert!(
            cb.message.is_ephemeral(),
            "/isolo {cmd} with nothing to act on: {:?}",
            cb.message.content
        );
        refused.push(sent);
    }
    // Resigning or offering a draw needs a player.
    for cmd in ["resign", "draw"] {
        let sent = fake
            .send_command(&SlashCommand::new("isolo").sub(cmd).by(&carol))
            .await;
        expect_refusal(fake, &sent, "not playing in this game").await;
        refused.push(sent);
    }
    // Challenging another bot account, or yourself.
    let robot = FakeUser {
        bot: true,
        ..FakeUser::new(BOT_USER_ID + 5, "another-bot")
    };
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &robot)
        .by(&carol)
        .in_channel(OTHER_CHANNEL);
    let sent = fake.send_command(&cmd).await;
    expect_refusal(fake, &sent, "is a bot account").await;
    refused.push(sent);
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &carol)
        .by(&carol)
        .in_channel(OTHER_CHANNEL);
    let sent = fake.send_command(&cmd).await;
    expect_refusal(fake, &sent, "cannot challenge yourself").await;
    refused.push(sent);

    // A refusal is the whole answer: no followup, no edit, no channel post.
    tokio::time::sleep(Duration::from_millis(100)).await;
    for sent in &refused {
        let answers = fake.requests_for(sent);
        assert_eq!(answers.len(), 1, "one answer: {answers:#?}");
    }
    // And the game goes on.
    let next = duel.choose();
    duel.play(fake, next, Via::Menu).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_text_as_a_pit_is_refused_privately() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    let before = board_text(fake, duel.channel).await;
    let long = "x".repeat(5000);
    let long_pits = "b2".repeat(2500);
    let texts: Vec<&str> = vec![
        "",
        " ",
        &long,
        &long_pits,
        "南北",
        "ｂ２",
        "b\u{0302}2",
        "🙂",
        "@everyone",
        "@here",
        "<@&1>",
        "`@everyone`",
        "**b2**",
        "b2 c2",
        "b22",
        "\u{0}",
        "b2\u{200b}",
        "' OR 1=1 --",
    ];
    for text in texts {
        for via in [Via::Command, Via::Menu] {
            let sent = duel.send_as(fake, &alice, text, via).await;
            // expect_refusal also checks that it can ping nobody.
            let cb = expect_refusal(fake, &sent, "not a pit").await;
            let content = cb.message.content.unwrap_or_default();
            assert!(
                content.chars().count() < 120,
                "the text is quoted shortened, not echoed whole: {content}"
            );
            if text == "**b2**" {
                assert!(
                    content.contains(r"\*\*b2\*\*"),
                    "markdown is shown, not applied: {content}"
                );
            }
        }
    }
    assert_eq!(board_text(fake, duel.channel).await, before, "nothing was played");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_at_the_same_moment_apply_exactly_once() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 5).await;
    let fake = &bot.fake;
    let mut rounds = 0;
    while !duel.over() && rounds < 6 {
        rounds += 1;
        let mover = duel.to_move().clone();
        let other = duel.waiting().clone();
        let legal: Vec<Move> = duel.mirror.legal_moves().iter().collect();
        let mine = legal[0];
        // Both players at once, then the mover twice at once (a double click
        // on the menu and a command): the mover's first move wins the race.
        let a = duel.send_as(fake, &mover, &mine.to_string(), Via::Menu).await;
        let b = duel.send_as(fake, &other, &mine.to_string(), Via::Command).await;
        let alt = legal.get(1).copied().unwrap_or(mine);
        let c = duel.send_as(fake, &mover, &alt.to_string(), Via::Command).await;
        // The other player is refused whichever is handled first: before
        // the move it is not his turn, after it the pit is not his.
        let cb_b = fake.wait_for_callback(&b, T).await.expect("b answered");
        let text = cb_b.message.content.clone().unwrap_or_default();
        assert!(cb_b.message.is_ephemeral(), "{text}");
        assert!(
            text.contains("not your turn") || text.contains("not your pit"),
            "{text}"
        );
        let cb_a = fake.wait_for_callback(&a, T).await.expect("a answered");
        let cb_c = fake.wait_for_callback(&c, T).await.expect("c answered");
        let (won, lost, played) = match (cb_a.message.is_ephemeral(), cb_c.message.is_ephemeral()) {
            (false, true) => ((a, Via::Menu), c, mine),
            (true, false) => ((c, Via::Command), a, alt),
            other => panic!("exactly one of two simultaneous moves applies, got ephemeral = {other:?}"),
        };
        let refusal = fake.wait_for_callback(&lost, T).await.unwrap();
        let text = refusal.message.content.unwrap_or_default();
        assert!(
            text.contains("not your turn") || text.contains("out of date") || text.contains("changed while"),
            "{text}"
        );
        duel.expect_played(fake, &won.0, played, won.1).await;
        let plies = board_text(fake, duel.channel).await;
        assert!(
            plies.contains(&format!("ply {}", duel.mirror.ply())),
            "one move per round: {plies}"
        );
    }
    assert!(rounds >= 2, "at least two races were run");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_goes_on_after_a_gateway_reconnect() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Boys, 13).await;
    let fake = &bot.fake;
    let first = duel.choose();
    duel.play(fake, first, Via::Command).await;
    let back = fake.force_reconnect(4000, T).await.expect("the bot comes back");
    assert_eq!(back, Reconnect::Resumed);
    // The menu under the board from before the reconnect still works.
    let next = duel.choose();
    duel.play(fake, next, Via::Menu).await;
    assert!(!duel.over(), "seed 13 gives a longer game");
    // A session Discord invalidated (4009): the bot identifies afresh (after
    // serenity's 5 s pause) and the game goes on; the shutdown below still
    // closes the restarted shard with 1000.
    let back = fake
        .force_reconnect(4009, Duration::from_secs(20))
        .await
        .expect("the bot identifies again");
    assert_eq!(back, Reconnect::Identified);
    duel.play_out(fake, 300).await;
    let puts = fake
        .requests()
        .iter()
        .filter(|r| matches!(r.route, Route::PutCommands { .. }))
        .count();
    assert_eq!(puts, 1, "commands are registered once");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_to_the_end() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    assert!(
        matches!(start.request.route, Route::InteractionCallback { .. }),
        "the game starts at once"
    );
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| matches!(r.route, Route::CreateThread { .. })),
        "without threads the game is played here"
    );
    let mut game = isolo_bot::engine::Game::new(isolo_bot::engine::Rules::new(Variant::Women));
    let mut board = start;
    let mut picker = isolo_bot::ai::Level::Random.player(21);
    let mut bot_moves = 0;
    let mut turn = 0;
    while game.result().is_none() {
        turn += 1;
        assert!(turn < 200, "the game ends");
        let menu = board.menu.clone().expect("alice's turn: a menu");
        let mine = picker.choose(game.position()).expect("a legal move");
        assert!(
            menu.pits.contains(&mine.to_string()),
            "{mine} offered in {:?}",
            menu.pits
        );
        let sent = if turn % 2 == 1 {
            let cmd = SlashCommand::new("isolo")
                .sub("move")
                .string("pit", &mine.to_string())
                .by(&alice);
            fake.send_command(&cmd).await
        } else {
            let click =
                ComponentClick::select(board.message_id, &menu.custom_id, &[&mine.to_string()]).by(&alice);
            fake.send_component(&click).await
        };
        game.play(mine).expect("legal");
        let expected = if game.result().is_some() { 1 } else { 2 };
        let mut got = boards(fake, &sent, expected).await;
        let after_mine = got[0].clone();
        assert!(
            after_mine.content.contains(&format!("sowed {mine}")),
            "{}",
            after_mine.content
        );
        if game.result().is_none() {
            assert!(
                after_mine.content.contains("is thinking"),
                "{}",
                after_mine.content
            );
            assert_eq!(
                after_mine.pings(),
                Vec::<u64>::new(),
                "the bot's turn pings nobody"
            );
            assert!(after_mine.menu.is_none(), "no menu on the bot's turn");
            let answer = got.pop().expect("the bot's move");
            let text = answer.content.clone();
            let at = text.find(" sowed ").expect("the bot says what it played") + " sowed ".len();
            let its: Move = text[at..at + 2].parse().expect("a pit");
            assert!(text.starts_with("isolo-bot (medium) sowed"), "{text}");
            game.play(its).expect("the bot plays legal moves");
            bot_moves += 1;
            assert_ne!(answer.png, after_mine.png, "the bot's move changes the picture");
            board = answer;
        } else {
            board = got.pop().unwrap();
        }
        if game.result().is_none() {
            assert_eq!(board.pings(), [alice.id], "only alice is pinged");
            let mut offered = board.menu.clone().expect("a menu for alice").pits;
            let mut legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            offered.sort();
            legal.sort();
            assert_eq!(offered, legal);
        }
    }
    assert!(bot_moves >= 1, "the bot answered");
    let result = game.result().unwrap();
    match result.outcome {
        Outcome::Win(side) if side.index() == 0 => {
            assert!(
                board.content.contains(&format!("<@{}> wins", alice.id)),
                "{}",
                board.content
            )
        }
        Outcome::Win(_) => assert!(
            board.content.contains("isolo-bot (medium) wins"),
            "{}",
            board.content
        ),
        Outcome::Draw => assert!(board.content.contains("draw"), "{}", board.content),
    }
    assert_eq!(board.pings(), [alice.id], "the end pings the person only");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_named_everyone_never_pings_everyone() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let everyone = FakeUser::new(1_500_000_000_000_000_099, "@everyone");
    let bob = FakeUser::bob();
    challenge(fake, CHANNEL_ID, &bob, &everyone, Variant::Women).await;
    let withdraw = fake
        .send_command(&SlashCommand::new("isolo").sub("withdraw").by(&bob))
        .await;
    fake.wait_for_callback(&withdraw, T).await.expect("withdrawn");

    let mut duel = Duel::start(fake, CHANNEL_ID, &everyone, &bob, Variant::Women, false, 9).await;
    // A refusal that names "@everyone" shows the name defused as well.
    let sent = duel.send_as(fake, &bob, "h4", Via::Command).await;
    let cb = expect_refusal(fake, &sent, "not your turn").await;
    let content = cb.message.content.unwrap_or_default();
    assert!(content.contains("@\u{200b}everyone is to move"), "{content}");
    let first = duel.choose();
    duel.play(fake, first, Via::Command).await;
    assert!(
        duel.board.content.contains("@\u{200b}everyone sowed"),
        "the name is shown, defused: {}",
        duel.board.content
    );
    let second = duel.choose();
    duel.play(fake, second, Via::Menu).await;
    assert!(!duel.over(), "seed 9 gives a longer game");
    // "@everyone" resigns: the result names the loser, the rating lines both.
    let sent = fake
        .send_command(&SlashCommand::new("isolo").sub("resign").by(&everyone))
        .await;
    let end = boards(fake, &sent, 1).await.remove(0);
    assert!(
        end.content.contains(&format!("<@{}> wins", bob.id)),
        "{}",
        end.content
    );
    assert!(
        end.content.contains(": @\u{200b}everyone resigned."),
        "{}",
        end.content
    );
    let mut pinged = end.pings();
    pinged.sort_unstable();
    assert_eq!(pinged, [bob.id, everyone.id]);
    let stats = fake
        .send_command(&SlashCommand::new("isolo").sub("leaderboard").by(&bob))
        .await;
    fake.wait_for_callback(&stats, T).await.expect("leaderboard");

    // Nothing the bot sent may ping @everyone or show it bare.
    for r in fake.requests() {
        let msg = r.message();
        if msg.content.is_none() {
            continue;
        }
        let content = msg.content.unwrap_or_default();
        assert!(
            !content.contains("@everyone"),
            "{:?} shows a bare @everyone: {content}",
            r.route
        );
        if let Some(allowed) = &msg.allowed_mentions {
            assert!(
                !allowed.to_string().contains("everyone"),
                "{allowed} in {:?}",
                r.route
            );
        }
        allowed_users(&msg.allowed_mentions);
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shutdown_future_stops_the_bot_cleanly() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 2).await;
    let fake = &bot.fake;
    let first = duel.choose();
    duel.play(fake, first, Via::Menu).await;
    let took = bot.stop().await;
    assert!(took < Duration::from_secs(3), "shutdown took {took:?}");
}

/// The help, rules, history, export, stats and animate replies: who sees
/// them and what they carry.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn information_commands_answer() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 4).await;
    duel.play(fake, mv("b2"), Via::Command).await;

    for (cmd, private) in [
        ("help", true),
        ("rules", true),
        ("game history", false),
        ("stats", false),
    ] {
        let sent = fake
            .send_command(&SlashCommand::new("isolo").sub(cmd).by(&FakeUser::carol()))
            .await;
        let cb = fake.wait_for_callback(&sent, T).await.expect(cmd);
        assert_eq!(cb.kind, CallbackKind::Message, "/isolo {cmd}");
        assert_eq!(cb.message.is_ephemeral(), private, "/isolo {cmd}");
        let text = cb.message.content.unwrap_or_default();
        assert!(
            !text.is_empty() && text.chars().count() <= 2000,
            "/isolo {cmd}: {text}"
        );
        if cmd == "game history" {
            assert!(text.contains("b2"), "{text}");
        }
    }
    let sent = fake
        .send_command(&SlashCommand::new("isolo").sub("export").by(&FakeUser::carol()))
        .await;
    let file = fake.wait_for_file_reply(&sent, T).await.expect("export");
    assert_eq!(file.files[0].filename.as_deref(), Some("isolo-game.txt"));
    assert!(String::from_utf8_lossy(&file.files[0].data).contains("b2"));
    let sent = fake
        .send_command(
            &SlashCommand::new("isolo")
                .sub("game animate")
                .by(&FakeUser::carol()),
        )
        .await;
    let first = fake.wait_for_callback(&sent, T).await.expect("animate");
    assert_eq!(first.kind, CallbackKind::DeferredMessage);
    let gif = fake.wait_for_file_reply(&sent, T).await.expect("the animation");
    let anim =
        image::load_from_memory_with_format(&gif.files[0].data, image::ImageFormat::Gif).expect("a GIF");
    assert_eq!((anim.width(), anim.height()), support::bot::PICTURE);
    let typing = SlashCommand::new("isolo")
        .sub("move")
        .focused("pit", 3, "")
        .by(&bob);
    let sent = fake.send_autocomplete(&typing).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("autocomplete");
    assert_eq!(cb.kind, CallbackKind::Autocomplete);
    let offered: Vec<String> = cb
        .message
        .choices
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_owned))
        .collect();
    let mut legal: Vec<String> = duel.mirror.legal_moves().iter().map(|m| m.to_string()).collect();
    let mut sorted = offered.clone();
    sorted.sort();
    legal.sort();
    assert_eq!(sorted, legal, "autocomplete offers bob's legal moves");
    bot.stop().await;
}

/// Options the bot cannot read (a client with an out-of-date command list)
/// are answered privately, and do not hold up the shutdown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_options_are_answered_privately() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &FakeUser::bob())
        .integer("variant", 9);
    let sent = fake.send_command(&cmd).await;
    expect_refusal(fake, &sent, "could not read").await;
    let cmd = SlashCommand::new("isolo").sub("board").string("text", "yes");
    let sent = fake.send_command(&cmd).await;
    expect_refusal(fake, &sent, "could not read").await;
    let took = bot.stop().await;
    assert!(took < Duration::from_secs(3), "shutdown took {took:?}");
}

/// The other endings: resignation, a draw by agreement, a moderator's abort.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_end_by_resignation_agreement_or_abort() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let cmd = |sub: &str, by: &FakeUser| SlashCommand::new("isolo").sub(sub).by(by);

    // Draw: alice offers (bob is pinged), bob agrees.
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 8).await;
    let first = duel.choose();
    duel.play(fake, first, Via::Command).await;
    let sent = fake.send_command(&cmd("draw", &alice)).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("offer");
    assert!(!cb.message.is_ephemeral());
    assert_eq!(allowed_users(&cb.message.allowed_mentions), [bob.id]);
    let sent = fake.send_command(&cmd("draw", &bob)).await;
    let end = boards(fake, &sent, 1).await.remove(0);
    assert!(
        end.content.contains("draw: both players agreed"),
        "{}",
        end.content
    );
    let ids = end.request.message().custom_ids();
    assert_eq!(ids.len(), 1, "{ids:?}");
    assert!(
        ids[0].starts_with(&format!("isolo:rematch:{CHANNEL_ID}:")),
        "{ids:?}"
    );

    // Rematch by both players: colours swap, bob is South now.
    let sent = fake.send_command(&cmd("rematch", &alice)).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("rematch asked");
    assert!(!cb.message.is_ephemeral(), "{:?}", cb.message.content);
    let rematch = cb.message.custom_ids();
    assert!(
        rematch.contains(&format!("isolo:accept:{CHANNEL_ID}:{}", alice.id)),
        "{rematch:?}"
    );
    let sent = fake.send_command(&cmd("rematch", &bob)).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    assert!(
        start
            .content
            .contains(&format!("<@{}> (South) vs <@{}> (North)", bob.id, alice.id)),
        "{}",
        start.content
    );

    // Abort: refused to a member, done by a moderator, with no result.
    let sent = fake.send_command(&cmd("game abort", &carol)).await;
    expect_refusal(fake, &sent, "only moderators").await;
    let moderator = carol
        .clone()
        .with_permissions(support::fake_discord::MODERATOR_PERMISSIONS);
    let sent = fake.send_command(&cmd("game abort", &moderator)).await;
    let end = boards(fake, &sent, 1).await.remove(0);
    assert!(end.content.contains("aborted by a moderator"), "{}", end.content);

    // Resignation, on the opponent's turn.
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Boys, false, 6).await;
    let first = duel.choose();
    duel.play(fake, first, Via::Menu).await;
    let sent = fake.send_command(&cmd("resign", &alice)).await;
    let end = boards(fake, &sent, 1).await.remove(0);
    assert!(
        end.content.contains(&format!("<@{}> wins", bob.id)),
        "{}",
        end.content
    );
    assert!(end.content.contains(": alice resigned."), "{}", end.content);
    let sent = fake.send_command(&cmd("stats", &alice)).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("stats");
    let text = cb.message.content.unwrap_or_default();
    assert!(text.contains("2 games: 0 won, 1 lost, 1 drawn"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_menu_id_cannot_act_on_another_channels_game() {
    let (bot, duel) = InProcess::with_duel(Variant::Women, 7).await;
    let fake = &bot.fake;
    let other = Duel::alice_and_bob(fake, CHANNEL_ID + 1, Variant::Women, 8).await;
    let before = board_text(fake, other.channel).await;
    // Alice clicks the menu under her board here, its id pointing at the other game.
    let forged = format!("isolo:move:{}:0", other.channel);
    let click = ComponentClick::select(duel.board.message_id, &forged, &["b2"]).by(&duel.players[0]);
    let sent = fake.send_component(&click).await;
    expect_refusal(fake, &sent, "no game").await;
    assert_eq!(
        board_text(fake, other.channel).await,
        before,
        "the other game is unchanged"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_guild_id_stops_the_bot_with_the_cause_and_the_fix() {
    use std::sync::Arc;
    use support::fake_discord::FakeOptions;
    support::bot::prepare_environment();
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let dir = tempfile::tempdir().unwrap();
    let text = support::bot::config_text(&fake, &dir.path().join("store"), false)
        .replace(&format!("guild_id = {GUILD_ID}"), "guild_id = 4242");
    let config: isolo_bot::config::Config = toml::from_str(&text).unwrap();
    let store = isolo_bot::store::SledStore::open(&config.storage).unwrap();
    let table = isolo_bot::table::Table::new(
        Arc::new(store),
        Arc::new(isolo_bot::table::SystemClock),
        config.games,
    );
    let connection = isolo_bot::discord::Connection::new(&config.discord).unwrap();
    let run = isolo_bot::discord::run(connection, Arc::new(table), std::future::pending());
    let err = tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("the bot stops by itself instead of running on without commands")
        .expect_err("a failed registration is an error");
    let text = err.to_string();
    assert!(
        text.contains("403") && text.contains("guild_id") && text.contains("4242"),
        "{text}"
    );
    // It closed its gateway connection cleanly on the way out.
    assert_eq!(fake.wait_for_bot_close(T).await.unwrap(), Some(1000));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_shutdown_closes_with_1000_after_every_kind_of_reconnect() {
    use support::fake_discord::Kick;
    for how in [
        Kick::Reconnect,
        Kick::InvalidSession { resumable: true },
        Kick::InvalidSession { resumable: false },
        Kick::Reset,
    ] {
        let (bot, mut duel) = InProcess::with_duel(Variant::Women, 21).await;
        let fake = &bot.fake;
        fake.kick(how, Duration::from_secs(20))
            .await
            .unwrap_or_else(|e| panic!("{how:?}: {e}"));
        // Still playing on the new connection.
        let mv = duel.choose();
        duel.play(fake, mv, Via::Menu).await;
        // `stop` checks the close frame: 1000, not a dropped socket (1006).
        bot.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_withdrawn_or_declined_by_command_loses_its_buttons() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    for (by, what) in [(&alice, "withdraw"), (&bob, "decline")] {
        let message = challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
        assert!(!fake.message(message).unwrap()["components"]
            .as_array()
            .unwrap()
            .is_empty());
        let sent = fake
            .send_command(&SlashCommand::new("isolo").sub(what).by(by))
            .await;
        fake.wait_for_callback(&sent, T).await.expect(what);
        fake.wait_for(
            |r| matches!(r.route, Route::EditMessage { message_id, .. } if message_id == message),
            T,
        )
        .await
        .unwrap_or_else(|e| panic!("{what}: the challenge's message is edited: {e}"));
        assert_eq!(
            fake.message(message).unwrap()["components"],
            serde_json::json!([]),
            "{what}: its buttons are gone"
        );
    }
    bot.stop().await;
}
