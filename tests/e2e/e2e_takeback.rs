//! End-to-end: `/isolo game takeback` and its buttons. Refused in a rated
//! game; in a friendly one the opponent declines or accepts with the
//! request's buttons, which then go, and the new board is posted.

use crate::support;

use isolo_bot::engine::Variant;
use support::bot::{boards, expect_refusal, friendly_game, Duel, InProcess, T};
use support::fake_discord::{ComponentClick, FakeUser, SentInteraction, SlashCommand, CHANNEL_ID};

/// The first legal move of whoever is to move, made through the table.
fn move_once(bot: &InProcess) {
    let view = bot.table.game(CHANNEL_ID).unwrap().expect("a game");
    let mover = view.to_move().unwrap().user().unwrap();
    let mv = bot.table.moves_for(CHANNEL_ID, mover).unwrap()[0].mv;
    bot.table.play(CHANNEL_ID, mover, &mv.to_string()).unwrap();
}

fn plies(bot: &InProcess) -> usize {
    bot.table
        .game(CHANNEL_ID)
        .unwrap()
        .expect("a game")
        .live
        .moves
        .len()
}

/// `user` asks in Discord; the request's message id and its buttons.
async fn ask(bot: &InProcess, user: &FakeUser) -> (u64, Vec<String>) {
    let fake = &bot.fake;
    let cmd = SlashCommand::new("isolo").sub("game takeback").by(user);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the request");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(text.contains("asks to take back their last move"), "{text}");
    (message_of(bot, &sent), cb.message.custom_ids())
}

fn message_of(bot: &InProcess, sent: &SentInteraction) -> u64 {
    bot.fake.original_message(sent).expect("the request")["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .expect("its id")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_refused_in_a_rated_game_and_answered_with_buttons_in_a_friendly_one() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // Rated: refused, and nothing changes.
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    move_once(&bot);
    let cmd = SlashCommand::new("isolo").sub("game takeback").by(&alice);
    let sent = fake.send_command(&cmd).await;
    expect_refusal(fake, &sent, "only be taken back in unrated games").await;
    assert_eq!(plies(&bot), 1);
    bot.table.abort(CHANNEL_ID, true).unwrap();

    // Friendly: Bob declines with the button, then accepts the next request.
    friendly_game(fake, &alice, &bob).await;
    move_once(&bot);
    let (message, buttons) = ask(&bot, &alice).await;
    assert_eq!(buttons.len(), 2, "accept and decline: {buttons:?}");
    // Alice cannot answer her own request.
    let own = fake
        .send_component(&ComponentClick::button(message, &buttons[0]).by(&alice))
        .await;
    expect_refusal(fake, &own, "has not asked to take back").await;
    let no = fake
        .send_component(&ComponentClick::button(message, &buttons[1]).by(&bob))
        .await;
    fake.wait_for_callback(&no, T).await.expect("declined");
    let after = fake.message(message).expect("the request");
    assert!(
        after["content"].as_str().unwrap_or_default().contains("declined"),
        "{after}"
    );
    assert_eq!(
        after["components"].as_array().map_or(0, Vec::len),
        0,
        "its buttons go"
    );
    assert_eq!(plies(&bot), 1, "a declined request changes nothing");

    let (message, buttons) = ask(&bot, &alice).await;
    let yes = fake
        .send_component(&ComponentClick::button(message, &buttons[0]).by(&bob))
        .await;
    let board = boards(fake, &yes, 1).await.remove(0);
    assert!(
        board.content.contains("last move was taken back"),
        "{}",
        board.content
    );
    assert_eq!(plies(&bot), 0, "the move is gone");
    fake.assert_no_problems();
}
