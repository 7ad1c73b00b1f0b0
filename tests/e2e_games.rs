//! End-to-end: the small things a new user trips on. Accepting with the
//! button takes the challenge's buttons away, a draw offered to the bot is
//! answered at once (nobody pings the bot), and a challenge without a clock
//! says what happens to a silent game.

mod support;

use isolo_bot::engine::Variant;
use support::bot::{boards, bot_user, challenge, InProcess, T};
use support::fake_discord::{ComponentClick, FakeUser, SlashCommand, CHANNEL_ID};

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
    let click = ComponentClick::button(msg, &format!("isolo:accept:{CHANNEL_ID}")).by(&bob);
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
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bot_user())
        .integer("variant", 0)
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
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
