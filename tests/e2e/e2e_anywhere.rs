//! End-to-end: the bot played where it is not a member (Discord's user
//! installs). The fake Discord sends interactions as Discord does from a DM
//! or group DM between people, or from a server that did not add the app,
//! refuses every channel call there with 403 (listed as a problem, which
//! fails `InProcess::stop`), caps followups at five and refuses expired
//! tokens. Every answer goes through interaction responses and followups.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use isolo_bot::engine::Variant;
use isolo_bot::table::{Held, ManualClock};
use support::bot::{boards, challenge_the_bot_in_dm, expect_refusal, Duel, InProcess, Via, T};
use support::fake_discord::{
    CallbackKind, ComponentClick, FakeDiscord, FakeUser, Place, Route, SlashCommand, DM_CHANNEL_ID,
};

/// A group DM between alice, bob and carol, where only alice added the app.
const GROUP_DM: u64 = 1_300_000_000_000_000_900;
/// A DM between alice and bob, where alice added the app.
const PEOPLE_DM: u64 = 1_300_000_000_000_000_901;
/// A channel of a server that did not add the app.
const OTHER_SERVER: u64 = 1_300_000_000_000_000_902;

/// No channel call was made for `channel`: the bot only answered there.
fn only_answers(fake: &FakeDiscord, channel: u64) {
    let channel_calls = fake.count_requests(|r| match r.route {
        Route::CreateMessage { channel_id }
        | Route::EditMessage { channel_id, .. }
        | Route::CreateThread { channel_id, .. }
        | Route::EditChannel { channel_id }
        | Route::GetChannel { channel_id } => channel_id == channel,
        _ => false,
    });
    assert_eq!(
        channel_calls, 0,
        "the bot is not a member of {channel}: it may only answer"
    );
}

/// Alice (with the app) challenges Bob (without it) in a private chat of
/// `channel_type`; Bob accepts and moves with the buttons and the menu
/// only, Alice with both; the game is played out, then Alice exports and
/// reviews it. Threads are on, and never tried there.
async fn a_whole_game_between_people(channel: u64, channel_type: u8) {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    fake.add_place(
        channel,
        Place::Private {
            channel_type,
            installer: alice.id,
        },
    );
    let mut duel = Duel::start_by_button(fake, channel, &alice, &bob, Variant::Women, 5).await;
    assert_eq!(duel.channel, channel, "no thread where the bot is not a member");
    let mut n = 0;
    while !duel.over() {
        assert!(n < 400, "the game ends");
        let mv = duel.choose();
        // Bob cannot use commands (he did not add the app): the menu only.
        let via = match duel.to_move().id == bob.id || n % 2 == 1 {
            true => Via::Menu,
            false => Via::Command,
        };
        duel.play(fake, mv, via).await;
        n += 1;
    }
    let export = SlashCommand::new("isolo")
        .sub("export")
        .by(&alice)
        .in_channel(channel);
    let sent = fake.send_command(&export).await;
    let file = fake.wait_for_file_reply(&sent, T).await.expect("the record");
    assert!(
        String::from_utf8_lossy(&file.files[0].data).contains("1."),
        "a record"
    );
    let review = SlashCommand::new("isolo")
        .sub("review")
        .by(&alice)
        .in_channel(channel);
    let sent = fake.send_command(&review).await;
    let answer = fake
        .wait_for(
            |r| r.is_for(&sent) && r.message().content.is_some_and(|c| !c.is_empty()),
            // A whole game's review may take a while on a busy machine.
            Duration::from_secs(90),
        )
        .await
        .expect("a review");
    assert!(!answer.message().content.unwrap().contains("wrong"), "reviewed");
    only_answers(fake, channel);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_group_dm_with_one_player_who_did_not_add_the_app() {
    a_whole_game_between_people(GROUP_DM, 3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_dm_between_two_people() {
    a_whole_game_between_people(PEOPLE_DM, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_in_its_own_dm_with_a_hint() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot_in_dm(fake, &alice).await;
    let mut board = boards(fake, &sent, 1).await.remove(0);
    assert_eq!(board.channel_id, DM_CHANNEL_ID, "no thread in a DM");
    for _ in 0..3 {
        let hint = SlashCommand::new("isolo").sub("hint").by(&alice).in_dm();
        let sent = fake.send_command(&hint).await;
        let told = fake
            .wait_for(
                |r| r.is_for(&sent) && r.message().content.is_some_and(|c| !c.is_empty()),
                T,
            )
            .await
            .expect("a hint");
        let text = told.message().content.unwrap();
        let pits = board.menu.as_ref().expect("alice to move").pits.clone();
        let pit = pits
            .iter()
            .find(|p| text.contains(p.as_str()))
            .unwrap_or_else(|| panic!("the hint names a legal pit: {text} of {pits:?}"))
            .clone();
        let mv = SlashCommand::new("isolo")
            .sub("move")
            .string("pit", &pit)
            .by(&alice)
            .in_dm();
        let sent = fake.send_command(&mv).await;
        // Alice's board, then the bot's answer with Alice's menu.
        let answers = boards(fake, &sent, 2).await;
        board = answers.into_iter().last().unwrap();
        if board.menu.is_none() {
            break;
        }
    }
    let resign = SlashCommand::new("isolo").sub("resign").by(&alice).in_dm();
    let sent = fake.send_command(&resign).await;
    let end = boards(fake, &sent, 1).await.remove(0);
    assert!(end.content.contains("resigned"), "{}", end.content);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_in_a_group_dm_is_decided_at_its_time_and_shown_with_the_next_interaction() {
    let start_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let clock = Arc::new(ManualClock::new(start_ms));
    let bot = InProcess::start_with(false, clock.clone(), |_| {}).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    fake.add_place(
        GROUP_DM,
        Place::Private {
            channel_type: 3,
            installer: alice.id,
        },
    );
    // A day per move ("1 day" is the second clock choice); bob accepts by button.
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("clock", 1)
        .by(&alice)
        .in_channel(GROUP_DM);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the challenge");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(
        text.contains("I can only answer here"),
        "the challenge says what works here: {text}"
    );
    assert!(text.contains("clock runs out"), "{text}");
    let message = fake.original_message(&sent).expect("challenge")["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let click = ComponentClick::button(message, &format!("isolo:accept:{GROUP_DM}:{}", alice.id)).by(&bob);
    let sent = fake.send_component(&click).await;
    boards(fake, &sent, 1).await;
    let game = bot.table.game(GROUP_DM).unwrap().expect("a game").live.id;

    // Alice lets her day run out: the clock decides, nothing is posted.
    clock.advance(86_400_000 + 60_000);
    bot.table.deadlines_changed().notify_one();
    let deadline = std::time::Instant::now() + T;
    let timed_out = |held: &[(u64, Held)]| {
        held.iter()
            .any(|(_, h)| matches!(h, Held::TimedOut(f) if f.id == game))
    };
    while !timed_out(&bot.table.held(GROUP_DM).unwrap()) {
        assert!(
            std::time::Instant::now() < deadline,
            "the timeout is decided and kept at its time"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(bot.table.game(GROUP_DM).unwrap().is_none(), "the game ended");
    // Only the end is kept: the reminders before it say nothing now.
    assert_eq!(bot.table.held(GROUP_DM).unwrap().len(), 1);
    only_answers(fake, GROUP_DM);

    // The next interaction there shows it, once. The first try's followup
    // window is closed (401, as for an expired token): the news is kept.
    let board = SlashCommand::new("isolo")
        .sub("board")
        .by(&alice)
        .in_channel(GROUP_DM);
    fake.fail_next(|r| matches!(r, Route::CreateFollowup { .. }), 401);
    let sent = fake.send_command(&board).await;
    expect_refusal(fake, &sent, "no game").await;
    fake.wait_for(
        |r| r.is_for(&sent) && matches!(r.route, Route::CreateFollowup { .. }) && r.status == 401,
        T,
    )
    .await
    .expect("the news is tried");
    assert_eq!(
        bot.table.held(GROUP_DM).unwrap().len(),
        1,
        "news not delivered is kept"
    );
    let sent = fake.send_command(&board).await;
    expect_refusal(fake, &sent, "no game").await;
    let news = fake
        .wait_for(
            |r| r.is_for(&sent) && matches!(r.route, Route::CreateFollowup { .. }),
            T,
        )
        .await
        .expect("the news follows the answer");
    let text = news.message().content.unwrap_or_default();
    assert!(!news.message().is_ephemeral(), "the news is for the whole chat");
    assert!(text.contains("wins") && text.contains("time"), "{text}");
    assert!(text.contains(&format!("<@{}>", bob.id)), "{text}");
    let sent = fake.send_command(&board).await;
    expect_refusal(fake, &sent, "no game").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again = fake.count_requests(|r| r.is_for(&sent) && matches!(r.route, Route::CreateFollowup { .. }));
    assert_eq!(again, 0, "news is shown once");
    assert!(bot.table.held(GROUP_DM).unwrap().is_empty());
    only_answers(fake, GROUP_DM);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_hides_external_apps_gets_a_clear_answer_instead_of_a_game() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    fake.add_place(
        OTHER_SERVER,
        Place::External {
            guild: 1_200_000_000_000_000_777,
            installer: alice.id,
            external_apps: false,
        },
    );
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .by(&alice)
        .in_channel(OTHER_SERVER);
    let sent = fake.send_command(&cmd).await;
    let cb = expect_refusal(fake, &sent, "Use External Apps").await;
    assert_eq!(cb.kind, CallbackKind::Message);
    assert!(
        bot.table.challenges_in(OTHER_SERVER).unwrap().is_empty(),
        "nothing was stored"
    );
    // Where members may use it, the game is played in the channel, without a thread.
    fake.add_place(
        OTHER_SERVER,
        Place::External {
            guild: 1_200_000_000_000_000_777,
            installer: alice.id,
            external_apps: true,
        },
    );
    let mut duel = Duel::start_by_button(fake, OTHER_SERVER, &alice, &bob, Variant::Women, 9).await;
    assert_eq!(duel.channel, OTHER_SERVER);
    let mv = duel.choose();
    duel.play(fake, mv, Via::Menu).await;
    only_answers(fake, OTHER_SERVER);
    bot.stop().await;
}

/// The text of the first answer to `cmd` (refusals and answers alike).
async fn answer_text(fake: &FakeDiscord, cmd: &SlashCommand) -> (String, bool) {
    let sent = fake.send_command(cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("an answer");
    (
        cb.message.content.clone().unwrap_or_default(),
        cb.message.is_ephemeral(),
    )
}

/// Alice and Bob finish a game in their DM. Carol, who shares no
/// conversation with them, asks for it by number from her own DM with the
/// bot with every command that takes one: she is answered as for a number
/// that does not exist, offered nothing, and sees no rating or ranking that
/// comes from it. Alice herself reads it only in the DM it was played in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outsider_cannot_read_a_private_game_by_its_number() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    fake.add_place(
        PEOPLE_DM,
        Place::Private {
            channel_type: 1,
            installer: alice.id,
        },
    );
    let mut duel = Duel::start_by_button(fake, PEOPLE_DM, &alice, &bob, Variant::Women, 7).await;
    let mv = duel.choose();
    duel.play(fake, mv, Via::Menu).await;
    let resign = SlashCommand::new("isolo")
        .sub("resign")
        .by(duel.to_move())
        .in_channel(PEOPLE_DM);
    let sent = fake.send_command(&resign).await;
    boards(fake, &sent, 1).await;

    // The game's number, as its players are offered it where it was played.
    let typing = SlashCommand::new("isolo")
        .sub("export")
        .focused("game", 4, "")
        .by(&alice)
        .in_channel(PEOPLE_DM);
    let sent = fake.send_autocomplete(&typing).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("autocomplete");
    let offered: Vec<i64> = cb
        .message
        .choices
        .iter()
        .filter_map(|c| c["value"].as_i64())
        .collect();
    assert_eq!(
        offered.len(),
        1,
        "the players' game is offered where it was played"
    );
    let game = offered[0];
    let export = |by: &FakeUser, id: i64| {
        SlashCommand::new("isolo")
            .sub("export")
            .integer("game", id)
            .by(by)
    };
    let sent = fake
        .send_command(&export(&alice, game).in_channel(PEOPLE_DM))
        .await;
    fake.wait_for_file_reply(&sent, T)
        .await
        .expect("the players read it there");

    // Carol, in her own DM with the bot: the same answer as for no game at all.
    let (real, _) = answer_text(fake, &export(&carol, game).in_dm()).await;
    let (none, _) = answer_text(fake, &export(&carol, 999).in_dm()).await;
    assert_eq!(real.replace(&game.to_string(), "N"), none.replace("999", "N"));
    assert!(!real.contains(&alice.name) && !real.contains(&bob.name), "{real}");
    let sent = fake.send_command(&export(&carol, game).in_dm()).await;
    expect_refusal(fake, &sent, &format!("#{game}")).await;
    // Alice's own DM with the bot is another conversation: not there either,
    // since an answer there could be read by whoever shares it.
    let (elsewhere, _) = answer_text(fake, &export(&alice, game).in_dm()).await;
    assert_eq!(elsewhere, real);
    let typing = SlashCommand::new("isolo")
        .sub("export")
        .focused("game", 4, "")
        .by(&carol)
        .in_dm();
    let sent = fake.send_autocomplete(&typing).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("autocomplete");
    assert!(cb.message.choices.is_empty(), "nothing offered to an outsider");

    // No ranking of private games, and nobody else's private results.
    let (board, _) = answer_text(
        fake,
        &SlashCommand::new("isolo").sub("leaderboard").by(&carol).in_dm(),
    )
    .await;
    assert!(
        !board.contains(&alice.name) && !board.contains(&bob.name),
        "{board}"
    );
    for who in [&alice, &bob] {
        let stats = SlashCommand::new("isolo")
            .sub("stats")
            .user("user", who)
            .by(&carol)
            .in_dm();
        let (text, _) = answer_text(fake, &stats).await;
        assert!(
            !text.contains("rating") && text.contains("only to their own player"),
            "{text}"
        );
    }
    // Alice sees her own, privately.
    let mine = SlashCommand::new("isolo")
        .sub("stats")
        .by(&alice)
        .in_channel(PEOPLE_DM);
    let (text, private) = answer_text(fake, &mine).await;
    assert!(private, "private results are shown to their player only: {text}");
    bot.stop().await;
}
