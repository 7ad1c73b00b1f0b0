//! End-to-end: a lost answer never stalls a game. The fake Discord fails a
//! request on demand; the bot still moves when its turn is stored, and the
//! player is told the truth about what was saved.

use crate::support;

use std::time::Duration;

use support::bot::{board_text, boards, challenge_the_bot, InProcess, T};
use support::fake_discord::{FakeUser, Route, SlashCommand, CHANNEL_ID};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_moves_even_when_the_answer_to_the_move_is_lost() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot(fake, &alice, CHANNEL_ID).await;
    let start = boards(fake, &sent, 1).await.remove(0);
    let pit = start.menu.expect("alice moves first").pits[0].clone();

    // Discord has a bad moment just as the board after Alice's move goes out.
    fake.fail_next(|r| matches!(r, Route::InteractionCallback { .. }), 500);
    let cmd = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
    let told = fake
        .wait_for(
            |r| r.is_for(&sent) && r.status < 300 && matches!(r.route, Route::InteractionCallback { .. }),
            T,
        )
        .await
        .expect("an answer once Discord is back")
        .callback()
        .expect("a callback");
    let text = told.message.content.clone().unwrap_or_default();
    assert!(told.message.is_ephemeral(), "{text}");
    assert!(
        text.contains("saved"),
        "the move was saved, and the player hears so: {text}"
    );
    assert!(!text.contains("nothing was changed"), "{text}");

    // Alice's move, which no answer showed, is posted in the channel.
    let posted = |who: &'static str| {
        move |r: &support::fake_discord::Request| {
            matches!(r.route, Route::CreateMessage { channel_id } if channel_id == CHANNEL_ID)
                && !r.files.is_empty()
                && r.message().content.is_some_and(|c| c.starts_with(who))
        }
    };
    fake.wait_for(posted("alice sowed"), T)
        .await
        .expect("the saved move is shown where the bot may post");
    // The bot's turn is stored: the clock plays it and posts the board.
    let answer = fake
        .wait_for(posted("isolo-bot (medium) sowed"), Duration::from_secs(30))
        .await
        .expect("the bot moves on its own");
    let content = answer.message().content.unwrap_or_default();
    assert!(content.starts_with("isolo-bot (medium) sowed"), "{content}");
    assert!(
        content.contains(&format!("<@{}>", alice.id)),
        "alice's turn again: {content}"
    );
    let board = board_text(fake, CHANNEL_ID).await;
    assert!(board.contains("alice"), "{board}");
    bot.stop().await;
}

/// Every save takes 2.5 s (a disk or database under load): each move, by
/// command and by menu, is still acknowledged within Discord's 3 s of the
/// interaction's creation, and its board follows. The fake Discord refuses
/// any first answer later than that, as Discord does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_save_is_acknowledged_in_time_and_its_board_follows() {
    use std::sync::atomic::Ordering::SeqCst;
    use std::sync::Arc;
    use support::bot::{Duel, Via};
    use support::faulty::FaultyStore;

    let (tx, rx) = std::sync::mpsc::channel();
    let bot = InProcess::start_wrapped(false, move |s| {
        let slow = Arc::new(FaultyStore::new(s));
        tx.send(slow.clone()).unwrap();
        slow
    })
    .await;
    let slow = rx.recv().unwrap();
    let delay = &slow.delay_ms;
    let fake = &bot.fake;
    let mut duel = Duel::alice_and_bob(fake, CHANNEL_ID, isolo_bot::engine::Variant::Women, 3).await;
    fake.enforce_answer_window();
    delay.store(2500, SeqCst);
    for via in [Via::Command, Via::Menu, Via::Command] {
        let mv = duel.choose();
        let sent = duel.send(fake, mv, via).await;
        // Within Discord's window, or the fake lists it as a problem (checked at stop).
        fake.wait_for_callback(&sent, T).await.expect("acknowledged");
        duel.expect_played(fake, &sent, mv, via).await;
    }
    delay.store(0, SeqCst);
    assert!(fake.problems().is_empty(), "{:?}", fake.problems());
    bot.stop().await;
}
