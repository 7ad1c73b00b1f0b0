//! Moves made on the live board's page reach Discord concurrently per game:
//! one channel's 429 never holds up another game's board, and each game's
//! boards keep their order.

use crate::support;

use std::time::{Duration, Instant};

use isolo_bot::engine::Variant;
use serde_json::json;
use support::bot::{Board, Duel};
use support::fake_discord::{FakeUser, Limit, Route, Scope, CHANNEL_ID, GUILD_ID};
use support::site::{dave, http, Site, WAIT};

/// The second game's channel, in the same server.
const OTHER: u64 = CHANNEL_ID + 91;

/// How long Discord holds the other channel's board back.
const HELD: Duration = Duration::from_secs(8);

/// The first game's board arrives within this, well inside [`HELD`]: it
/// does not wait for the other channel.
const PROMPTLY: Duration = Duration::from_secs(4);

/// Plays `duel`'s next move on `site`'s page, as the player to move.
async fn move_on_page(site: &Site, duel: &mut Duel) {
    let cookie = site.sign_in(duel.to_move()).await;
    let csrf = site.me(&cookie).await["csrf"]
        .as_str()
        .expect("a CSRF token")
        .to_owned();
    let live = site
        .bot
        .table
        .game(duel.channel)
        .expect("reads")
        .expect("a game")
        .live;
    let mv = duel.choose();
    let r = http()
        .post(format!(
            "{}/api/g/{}/move",
            site.url,
            site.game_path(duel.channel)
        ))
        .header("cookie", cookie)
        .header("x-isolo-csrf", csrf)
        .json(&json!({ "pit": mv.to_string(), "ply": live.moves.len() }))
        .send()
        .await
        .unwrap();
    let status = r.status();
    assert_eq!(status, 200, "{}", r.text().await.unwrap_or_default());
    duel.mirror.play(mv).expect("legal");
}

/// A board posted in `channel` and accepted.
fn posted_in(channel: u64) -> impl Fn(&support::fake_discord::Request) -> bool {
    move |r| r.route == Route::CreateMessage { channel_id: channel } && r.status == 200
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_channels_429_never_holds_up_another_games_board_from_the_page() {
    let site = Site::start(false, |_| {}).await;
    let fake = &site.bot.fake;
    fake.add_channel_in_guild(OTHER, GUILD_ID);
    let mut first = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 21).await;
    let mut other = Duel::start(
        fake,
        OTHER,
        &FakeUser::carol(),
        &dave(),
        Variant::Women,
        false,
        22,
    )
    .await;
    // Discord holds the other channel's next message back for seconds.
    fake.rate_limit_next(Limit {
        matches: |r| matches!(r, Route::CreateMessage { channel_id } if *channel_id == OTHER),
        scope: Scope::User,
        retry_after: HELD,
    });
    let before = fake.requests().len();
    move_on_page(&site, &mut other).await;
    fake.wait_for(|r| r.index >= before && r.status == 429, WAIT)
        .await
        .expect("the other board is limited");
    let limited_at = Instant::now();
    // A move on the first game's page: its board is in its channel at once.
    let moved = fake.requests().len();
    move_on_page(&site, &mut first).await;
    let board = fake
        .wait_for(|r| r.index >= moved && posted_in(CHANNEL_ID)(r), WAIT)
        .await
        .expect("the first game's board");
    let took = board.at - limited_at;
    assert!(
        took < PROMPTLY,
        "the first game's board waited {took:?} behind the other channel's 429"
    );
    // The other board follows once Discord allows, exactly once.
    let late = fake
        .wait_for(|r| r.index >= before && posted_in(OTHER)(r), WAIT)
        .await
        .expect("the other game's board, after its wait");
    assert!(late.at - limited_at >= HELD - Duration::from_millis(500));
    assert_eq!(fake.rate_limited(), [Scope::User]);
    site.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_boards_from_the_page_keep_their_order_while_its_channel_waits() {
    let site = Site::start(false, |_| {}).await;
    let fake = &site.bot.fake;
    let mut duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 23).await;
    fake.rate_limit_next(Limit {
        matches: |r| matches!(r, Route::CreateMessage { channel_id } if *channel_id == CHANNEL_ID),
        scope: Scope::User,
        retry_after: Duration::from_millis(1500),
    });
    let before = fake.requests().len();
    for _ in 0..3 {
        move_on_page(&site, &mut duel).await;
    }
    let start = Instant::now();
    let boards = loop {
        let boards: Vec<_> = fake
            .requests()
            .into_iter()
            .filter(|r| r.index >= before && posted_in(CHANNEL_ID)(r))
            .collect();
        if boards.len() >= 3 || start.elapsed() > WAIT {
            break boards;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(boards.len(), 3, "one board a move");
    // Each board's menu names the ply it was drawn at: the order of the moves.
    let plies: Vec<usize> = boards
        .iter()
        .map(|r| {
            let menu = Board::read(fake, None, r).menu.expect("a move menu");
            menu.custom_id.split(':').nth(3).unwrap().parse().unwrap()
        })
        .collect();
    assert!(
        plies.windows(2).all(|w| w[0] < w[1]),
        "boards out of order: {plies:?}"
    );
    site.bot.stop().await;
}
