//! End-to-end: slow answers and their acknowledgment. Discord gives the
//! answer that replaces a deferral ("thinking...") the deferral's
//! visibility, whatever flags the answer carries, so a private answer that
//! is slow must be deferred privately. And a move saved while its
//! acknowledgment failed is still shown in its channel.

use crate::support;

use std::sync::atomic::Ordering::SeqCst;
use std::sync::Arc;
use std::time::Duration;

use isolo_bot::engine::Variant;
use support::bot::{boards, challenge_the_bot, Duel, InProcess, T};
use support::fake_discord::{
    CallbackKind, FakeDiscord, FakeUser, InteractionCallback, Place, Request, Route, SentInteraction,
    SlashCommand, CHANNEL_ID,
};
use support::faulty::FaultyStore;

/// A DM between alice and bob, where alice added the app.
const PEOPLE_DM: u64 = 1_300_000_000_000_000_931;

/// The EPHEMERAL message flag.
const EPHEMERAL: u64 = 64;

/// A bot whose store is slow or failing on demand, and that store.
async fn bot_on_faulty_store() -> (InProcess, Arc<FaultyStore>) {
    let (tx, rx) = std::sync::mpsc::channel();
    let bot = InProcess::start_wrapped(false, move |s| {
        let faulty = Arc::new(FaultyStore::new(s));
        tx.send(faulty.clone()).unwrap();
        faulty
    })
    .await;
    let faulty = rx.recv().unwrap();
    (bot, faulty)
}

/// Sends `cmd` while every read of the store takes `read_ms`: its answer
/// is late, so the interaction is deferred first. Returns the deferral and
/// the request that carries the answer (a followup or an edit of it).
async fn slow_answer(
    fake: &FakeDiscord,
    store: &FaultyStore,
    read_ms: u64,
    cmd: &SlashCommand,
) -> (SentInteraction, InteractionCallback, Request) {
    store.read_delay_ms.store(read_ms, SeqCst);
    let sent = fake.send_command(cmd).await;
    let callback = fake.wait_for_callback(&sent, T).await.expect("acknowledged");
    let answer = fake
        .wait_for(
            |r| {
                r.is_for(&sent)
                    && !matches!(r.route, Route::InteractionCallback { .. })
                    && r.message().content.is_some_and(|c| !c.is_empty())
            },
            T,
        )
        .await
        .expect("the answer follows");
    store.read_delay_ms.store(0, SeqCst);
    (sent, callback, answer)
}

/// Whether what Discord shows for `answer` (the message it made or edited)
/// is seen by its sender alone.
fn shown_privately(answer: &Request) -> bool {
    answer.response["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0
}

/// Public messages in `channel` (posted, or interaction answers Discord
/// shows to everyone) whose text contains `needle`.
fn public_with(fake: &FakeDiscord, channel: u64, needle: &str) -> Vec<String> {
    fake.requests()
        .into_iter()
        .filter(|r| r.status < 300 && r.response.is_object())
        .filter(|r| support::bot::snowflake(&r.response["channel_id"]) == Some(channel))
        .filter(|r| !shown_privately(r))
        .filter_map(|r| r.response["content"].as_str().map(str::to_owned))
        .filter(|c| c.contains(needle))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_next_in_a_server_keeps_a_dm_games_board_private() {
    let (bot, store) = bot_on_faulty_store().await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    fake.add_place(
        PEOPLE_DM,
        Place::Private {
            channel_type: 1,
            installer: alice.id,
        },
    );
    // Alice's only game is in her DM with Bob, and she is to move.
    let _dm = Duel::start_by_button(fake, PEOPLE_DM, &alice, &bob, Variant::Women, 4).await;

    // She asks in a server channel while the store is slow.
    let next = SlashCommand::new("isolo")
        .sub("next")
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let (_, deferred, answer) = slow_answer(fake, &store, 400, &next).await;
    assert_eq!(
        deferred.kind,
        CallbackKind::DeferredMessage,
        "slow: deferred first"
    );
    assert!(
        deferred.message.is_ephemeral(),
        "a private answer is deferred privately: flags {}",
        deferred.message.flags
    );
    let text = answer.message().content.unwrap_or_default();
    assert!(text.contains(&format!("@me/{PEOPLE_DM}")), "the DM game: {text}");
    assert!(shown_privately(&answer), "shown to alice alone: {text}");
    assert!(!answer.files.is_empty(), "with its board");
    // Nothing of the DM game reached the server channel publicly.
    let leaked = public_with(fake, CHANNEL_ID, &PEOPLE_DM.to_string());
    assert!(leaked.is_empty(), "{leaked:?}");
    let leaked = public_with(fake, CHANNEL_ID, &format!("<@{}>", bob.id));
    assert!(leaked.is_empty(), "bob's name: {leaked:?}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_hint_is_deferred_and_answered_privately() {
    let (bot, store) = bot_on_faulty_store().await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    boards(fake, &sent, 1).await;

    let hint = SlashCommand::new("isolo")
        .sub("hint")
        .by(&alice)
        .in_channel(CHANNEL_ID);
    // One read of the game takes longer than the bot waits before deferring.
    let (_, deferred, answer) = slow_answer(fake, &store, 1600, &hint).await;
    assert_eq!(
        deferred.kind,
        CallbackKind::DeferredMessage,
        "slow: deferred first"
    );
    assert!(
        deferred.message.is_ephemeral(),
        "a private answer is deferred privately: flags {}",
        deferred.message.flags
    );
    let text = answer.message().content.unwrap_or_default();
    assert!(shown_privately(&answer), "the hint is alice's alone: {text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_move_is_still_deferred_and_shown_publicly() {
    let (bot, store) = bot_on_faulty_store().await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    let pit = start.menu.expect("alice moves first").pits[0].clone();

    // A move is for everyone here: so is its deferral, when the save is slow.
    store.delay_ms.store(2000, SeqCst);
    let cmd = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
    let deferred = fake.wait_for_callback(&sent, T).await.expect("acknowledged");
    assert_eq!(
        deferred.kind,
        CallbackKind::DeferredMessage,
        "slow: deferred first"
    );
    assert!(
        !deferred.message.is_ephemeral(),
        "flags {}",
        deferred.message.flags
    );
    let board = fake
        .wait_for_file_reply(&sent, T)
        .await
        .expect("the board follows");
    store.delay_ms.store(0, SeqCst);
    let text = board.message().content.unwrap_or_default();
    assert!(text.starts_with("alice sowed"), "{text}");
    assert!(!shown_privately(&board), "the board is public: {text}");
    bot.stop().await;
}

/// The channel messages with a board whose text starts with `who`.
fn posted_board(who: &'static str) -> impl Fn(&Request) -> bool {
    move |r: &Request| {
        matches!(r.route, Route::CreateMessage { channel_id } if channel_id == CHANNEL_ID)
            && r.status < 300
            && !r.files.is_empty()
            && r.message().content.is_some_and(|c| c.starts_with(who))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_deferral_fails_is_still_shown_in_the_channel() {
    let (bot, store) = bot_on_faulty_store().await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    let pit = start.menu.expect("alice moves first").pits[0].clone();

    // The save is slow, so the move is deferred; Discord fails the deferral.
    store.delay_ms.store(2000, SeqCst);
    fake.fail_next(|r| matches!(r, Route::InteractionCallback { .. }), 500);
    let cmd = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
    let failed = fake
        .wait_for(|r| r.is_for(&sent) && r.status == 500, T)
        .await
        .expect("the deferral goes out, and fails");
    assert_eq!(
        failed.callback().map(|c| c.kind),
        Some(CallbackKind::DeferredMessage)
    );
    // The move was saved all the same: its board is posted in the channel.
    let board = fake
        .wait_for(posted_board("alice sowed"), T)
        .await
        .expect("the saved move is shown where the bot may post");
    assert!(board.message().components.len() <= 5);
    store.delay_ms.store(0, SeqCst);
    // The player hears that it was saved, not that nothing changed.
    let told = fake
        .wait_for(
            |r| r.is_for(&sent) && r.status < 300 && r.message().content.is_some_and(|c| !c.is_empty()),
            T,
        )
        .await
        .expect("an answer once Discord is back");
    let text = told.message().content.unwrap_or_default();
    assert!(text.contains("saved"), "{text}");
    assert!(!text.contains("nothing was changed"), "{text}");
    // And the game goes on: the bot answers.
    fake.wait_for(posted_board("isolo-bot (medium) sowed"), Duration::from_secs(30))
        .await
        .expect("the bot moves on its own");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_move_whose_answer_fails_is_still_shown_in_the_channel() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    let pit = start.menu.expect("alice moves first").pits[0].clone();

    // Alice's board is the answer; the bot's, its followup, fails. Not a
    // late followup of the challenge's own: that one would take the failure.
    let challenge = sent.token.clone();
    fake.fail_next(
        move |r| matches!(r, Route::CreateFollowup { token } if *token != challenge),
        500,
    );
    let cmd = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
    let failed = fake
        .wait_for(|r| r.is_for(&sent) && r.status == 500 && !r.files.is_empty(), T)
        .await
        .expect("the bot's board goes out as a followup, and fails");
    let text = failed.message().content.unwrap_or_default();
    assert!(text.starts_with("isolo-bot (medium) sowed"), "{text}");
    // The bot's move is saved: it is posted in the channel instead.
    let posted = fake
        .wait_for(posted_board("isolo-bot (medium) sowed"), T)
        .await
        .expect("the bot's saved move is shown where the bot may post");
    let content = posted.message().content.unwrap_or_default();
    assert!(
        content.contains(&format!("<@{}>", alice.id)),
        "alice's turn: {content}"
    );
    bot.stop().await;
}
