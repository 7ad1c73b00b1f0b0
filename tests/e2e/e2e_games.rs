//! End-to-end: the small things a new user trips on. Accepting with the
//! button takes the challenge's buttons away, a draw offered to the bot is
//! answered at once (nobody pings the bot), and a challenge without a clock
//! says what happens to a silent game.

use crate::support;

use isolo_bot::engine::Variant;
use support::bot::{boards, bot_user, challenge, challenge_the_bot, expect_refusal, Duel, InProcess, Via, T};
use support::fake_discord::{ComponentClick, FakeUser, Route, SlashCommand, CHANNEL_ID, DM_CHANNEL_ID};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accepting_with_the_button_takes_the_buttons_away() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let msg = challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    let text = fake.message(msg).expect("the challenge")["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        text.contains("after a day without a move") && text.contains("14 days"),
        "a challenge without a clock says what happens to a silent game: {text}"
    );
    let click = ComponentClick::button(msg, &format!("isolo:accept:{CHANNEL_ID}:{}", alice.id)).by(&bob);
    let sent = fake.send_component(&click).await;
    boards(fake, &sent, 1).await;
    let after = fake.message(msg).expect("the challenge message");
    let rows = after["components"].as_array().map_or(0, Vec::len);
    assert_eq!(rows, 0, "no buttons left on an accepted challenge: {after}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_to_the_bot_is_answered_at_once() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    // Alice plays her first move; the bot answers.
    let pit = start.menu.expect("alice's menu").pits[0].clone();
    let mv = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice);
    let sent = fake.send_command(&mv).await;
    boards(fake, &sent, 2).await;
    let draw = fake
        .send_command(&SlashCommand::new("isolo").sub("draw").by(&alice))
        .await;
    let cb = fake.wait_for_callback(&draw, T).await.expect("an answer");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(
        !text.contains(&format!("<@{}>", bot_user().id)),
        "the bot is not pinged: {text}"
    );
    if text.contains("declines the draw") {
        assert!(cb.message.is_ephemeral(), "{text}");
        assert!(cb.message.files.is_empty());
    } else {
        // The bot was not ahead: the game is drawn at once.
        let end = boards(fake, &draw, 1).await.remove(0);
        assert!(
            end.content.contains("is a draw: both players agreed"),
            "{}",
            end.content
        );
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_gets_a_thread_that_is_archived_at_the_end() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("an answer");
    let note = cb.message.content.clone().unwrap_or_default();
    let threads = fake.threads();
    assert_eq!(threads.len(), 1, "a thread for the bot game: {note}");
    let thread = threads[0];
    assert!(note.contains(&format!("<#{thread}>")), "{note}");
    fake.wait_for(
        |r| {
            matches!(r.route, Route::CreateMessage { channel_id } if channel_id == thread)
                && !r.files.is_empty()
        },
        T,
    )
    .await
    .expect("the board in the thread");

    // Listed in /isolo games, privately, with a link to the thread.
    let list = fake
        .send_command(&SlashCommand::new("isolo").sub("games").by(&alice))
        .await;
    let cb = fake.wait_for_callback(&list, T).await.expect("the list");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(cb.message.is_ephemeral(), "{text}");
    assert!(
        text.contains("#1 vs isolo-bot (medium) (women): **your move**"),
        "{text}"
    );
    assert!(text.contains(&format!("<#{thread}>")), "{text}");

    // Alice resigns in the thread: the result stays, the thread is archived.
    let resign = SlashCommand::new("isolo")
        .sub("resign")
        .by(&alice)
        .in_channel(thread);
    let sent = fake.send_command(&resign).await;
    boards(fake, &sent, 1).await;
    fake.wait_for(
        |r| matches!(r.route, Route::EditChannel { channel_id } if channel_id == thread) && r.status == 200,
        T,
    )
    .await
    .expect("the thread is archived");
    let meta = &fake.thread(thread).expect("the thread stays")["thread_metadata"];
    assert_eq!(meta["archived"], true, "{meta}");
    assert_eq!(meta["locked"], false, "locking needs Manage Threads: {meta}");

    let list = fake
        .send_command(
            &SlashCommand::new("isolo")
                .sub("games")
                .boolean("finished", true)
                .by(&alice),
        )
        .await;
    let cb = fake.wait_for_callback(&list, T).await.expect("the list");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(text.contains("#1 vs isolo-bot (medium): lost"), "{text}");
    assert!(text.contains("/isolo export game:1"), "{text}");
    let export = fake
        .send_command(
            &SlashCommand::new("isolo")
                .sub("export")
                .integer("game", 1)
                .by(&alice),
        )
        .await;
    let reply = fake.wait_for_file_reply(&export, T).await.expect("the record");
    let record = String::from_utf8(reply.files[0].data.clone()).expect("text");
    assert!(record.contains("[GameId \"1\"]"), "{record}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_asked_gets_a_direct_message_on_their_move() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let bob = FakeUser::bob();
    let set = SlashCommand::new("isolo")
        .sub("settings")
        .boolean("turn-dm", true)
        .by(&bob);
    let sent = fake.send_command(&set).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the settings");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(cb.message.is_ephemeral(), "{text}");
    assert!(text.contains("a direct message on your move: on"), "{text}");
    assert!(
        text.contains("boards drawn from: the side of the player to move"),
        "{text}"
    );

    let mut duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 4).await;
    assert!(
        duel.board
            .content
            .contains("Drawn from South's side: alice at the bottom."),
        "alice moves first and sees her rows at the bottom: {}",
        duel.board.content
    );
    let mv = duel.choose();
    duel.play(fake, mv, Via::Command).await;
    assert!(
        duel.board
            .content
            .contains("Drawn from North's side: bob at the bottom."),
        "bob's move, from bob's side: {}",
        duel.board.content
    );
    let dm = fake
        .wait_for(
            |r| matches!(r.route, Route::CreateMessage { channel_id } if channel_id == DM_CHANNEL_ID),
            T,
        )
        .await
        .expect("bob hears it is his move");
    let content = dm.message().content.unwrap_or_default();
    assert!(
        content.contains("Your move in game #1 against alice"),
        "{content}"
    );
    assert!(content.contains(&format!("<#{CHANNEL_ID}>")), "{content}");
    let opened = fake
        .requests()
        .into_iter()
        .filter(|r| r.route == Route::CreateDm)
        .collect::<Vec<_>>();
    assert_eq!(opened.len(), 1);
    assert_eq!(opened[0].body["recipient_id"], bob.id.to_string());

    // Alice did not ask: her move comes without a message.
    let mv = duel.choose();
    duel.play(fake, mv, Via::Command).await;
    let dms = fake
        .requests()
        .into_iter()
        .filter(|r| r.route == Route::CreateDm)
        .count();
    assert_eq!(dms, 1, "only bob asked for them");

    // Bob fixes his boards to South's side and colour-blind-safe marks.
    let set = SlashCommand::new("isolo")
        .sub("settings")
        .integer("board", 1)
        .integer("colours", 1)
        .by(&bob);
    let sent = fake.send_command(&set).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the settings");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(text.contains("boards drawn from: South, always"), "{text}");
    assert!(text.contains("colour-blind-safe"), "{text}");
    let mv = duel.choose();
    duel.play(fake, mv, Via::Command).await;
    let mv = duel.choose();
    duel.play(fake, mv, Via::Command).await;
    assert!(
        duel.board
            .content
            .contains("Drawn from South's side: alice at the bottom."),
        "{}",
        duel.board.content
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_holds_several_challenges_and_each_game_gets_its_thread() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    let from_carol = challenge(fake, CHANNEL_ID, &carol, &bob, Variant::Boys).await;

    // Two challenges wait for bob here: a bare accept asks which.
    let sent = fake
        .send_command(&SlashCommand::new("isolo").sub("accept").by(&bob))
        .await;
    expect_refusal(fake, &sent, "several challenges here concern you (alice, carol)").await;
    assert!(fake.threads().is_empty(), "nothing happened");

    // Carol's button names her challenge; alice's goes by the option.
    let click =
        ComponentClick::button(from_carol, &format!("isolo:accept:{CHANNEL_ID}:{}", carol.id)).by(&bob);
    let sent = fake.send_component(&click).await;
    fake.wait_for_callback(&sent, T).await.expect("accepted");
    let accept = SlashCommand::new("isolo")
        .sub("accept")
        .user("from", &alice)
        .by(&bob);
    let sent = fake.send_command(&accept).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("accepted");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(text.contains("bob accepted. Game #2"), "{text}");
    let threads = fake.threads();
    assert_eq!(threads.len(), 2, "a thread for each game");
    // Both games are bob's, each in its own thread.
    let list = fake
        .send_command(&SlashCommand::new("isolo").sub("games").by(&bob))
        .await;
    let cb = fake.wait_for_callback(&list, T).await.expect("the list");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(
        text.contains("#1 vs carol (boys)") && text.contains("#2 vs alice (women)"),
        "{text}"
    );
    for thread in threads {
        assert!(text.contains(&format!("<#{thread}>")), "{text}");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_clears_the_challenges_of_a_channel() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    challenge(fake, CHANNEL_ID, &carol, &bob, Variant::Women).await;
    let abort = |by: &FakeUser| SlashCommand::new("isolo").sub("game abort").by(by);
    let sent = fake.send_command(&abort(&carol)).await;
    expect_refusal(fake, &sent, "only moderators").await;
    assert_eq!(bot.table.challenges_in(CHANNEL_ID).unwrap().len(), 2);
    let moderator = FakeUser::new(1_500_000_000_000_000_009, "mod")
        .with_permissions(support::fake_discord::MODERATOR_PERMISSIONS);
    let sent = fake.send_command(&abort(&moderator)).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("an answer");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(!cb.message.is_ephemeral(), "{text}");
    assert!(
        text.contains("withdrew the open challenges here: alice to bob, carol to bob"),
        "{text}"
    );
    assert!(bot.table.challenges_in(CHANNEL_ID).unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_me_asks_first_then_forgets_the_member_and_keeps_the_results() {
    use support::fake_discord::GUILD_ID;
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    duel.play_out(fake, 400).await;
    let rating = |user: u64| bot.table.stats(GUILD_ID, user).unwrap().map(|s| s.rating.rating);
    let bob_before = rating(bob.id).expect("bob is rated");
    assert!(rating(alice.id).is_some());

    let ask = SlashCommand::new("isolo").sub("forget-me").by(&alice);
    let sent = fake.send_command(&ask).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("asked first");
    assert!(cb.message.is_ephemeral(), "only alice sees it");
    let button = cb.message.custom_ids().pop().expect("a confirm button");
    assert!(rating(alice.id).is_some(), "nothing is deleted before the button");
    let message = fake.original_message(&sent).expect("the question")["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    // Somebody else's press does nothing.
    let sent = fake
        .send_component(&ComponentClick::button(message, &button).by(&bob))
        .await;
    expect_refusal(fake, &sent, "for the member who asked").await;
    assert!(rating(alice.id).is_some());
    let sent = fake
        .send_component(&ComponentClick::button(message, &button).by(&alice))
        .await;
    let done = fake.wait_for_callback(&sent, T).await.expect("forgotten");
    assert!(done.message.content.unwrap_or_default().contains("forgotten you"));
    assert_eq!(rating(alice.id), None, "her rating is gone");
    assert_eq!(rating(bob.id), Some(bob_before), "bob's rating does not move");
    let record = SlashCommand::new("isolo").sub("export").by(&bob);
    let sent = fake.send_command(&record).await;
    let file = fake.wait_for_file_reply(&sent, T).await.expect("the record");
    let text = String::from_utf8_lossy(&file.files[0].data).into_owned();
    assert!(
        !text.contains("alice"),
        "her name is gone from the record: {text}"
    );
    bot.stop().await;
}

/// The first public message in a French server, a challenge, is French:
/// the interaction's `guild_locale` is learnt before anything is worded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_challenge_in_a_french_server_is_french() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .guild_locale("fr")
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the challenge");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(!cb.message.is_ephemeral(), "{text}");
    assert!(text.contains("défie"), "French from the first message: {text}");
    bot.stop().await;
}
