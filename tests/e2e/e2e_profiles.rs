//! Players' pages and the explorer in a real headless Chromium, against the
//! real bot and the fake Discord: a player's page draws their rating chart
//! and lists a private game to them alone; a forgotten member's page is
//! gone; the explorer beside a board counts a finished game, and none in
//! a channel `@everyone` cannot see; and
//! `/isolo stats` links the page and carries a rating chart picture.

use crate::support;

use isolo_bot::engine::{Position, Rules, Variant};
use serde_json::json;
use support::bot::{challenge_the_bot_in_dm, Duel, InProcess, T};
use support::fake_discord::{
    FakeDiscord, FakeUser, Route, SlashCommand, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID,
};
use support::site::dave;

use crate::e2e_web::{start, PAGE};

/// `south` and `north` play `plies` moves in [`CHANNEL_ID`] (each the first
/// legal one), then `north` resigns: the finished game's number and its
/// first move.
async fn a_finished_duel(
    fake: &FakeDiscord,
    t: &isolo_bot::table::Table,
    south: &FakeUser,
    north: &FakeUser,
    plies: usize,
) -> (u64, String) {
    a_finished_duel_in(fake, t, CHANNEL_ID, south, north, plies).await
}

/// [`a_finished_duel`] in `channel`, once the bot has noted who sees it
/// (it looks beside the challenge, not on its path).
async fn a_finished_duel_in(
    fake: &FakeDiscord,
    t: &isolo_bot::table::Table,
    channel: u64,
    south: &FakeUser,
    north: &FakeUser,
    plies: usize,
) -> (u64, String) {
    Duel::start(fake, channel, south, north, Variant::Women, false, 3).await;
    let noted = async {
        while t.place_sight(channel).unwrap().is_none() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(T, noted)
        .await
        .expect("the bot notes who sees the channel");
    for _ in 0..plies {
        let view = t.game(channel).unwrap().expect("a game");
        let mover = view.to_move().unwrap().user().unwrap();
        let mv = t.moves_for(channel, mover).unwrap()[0].mv;
        t.play(channel, mover, &mv.to_string()).unwrap();
    }
    let f = t.resign(channel, north.id).unwrap();
    (f.id, f.record.moves[0].to_string())
}

/// The games counted in the server's explorer from the start.
fn explorer_games(t: &isolo_bot::table::Table) -> u32 {
    let start = Position::new(Rules::new(Variant::Women));
    t.explorer(GUILD_ID, Variant::Women, &start)
        .unwrap()
        .iter()
        .map(|m| m.tally.games)
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_channel_everyone_cannot_see_counts_in_no_explorer() {
    const HIDDEN: u64 = CHANNEL_ID + 77;
    let bot = InProcess::start(false).await;
    let (fake, t) = (&bot.fake, &bot.table);
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    fake.add_channel(HIDDEN);
    fake.hide_channel(HIDDEN, &[alice.id, bob.id]);
    a_finished_duel_in(fake, t, HIDDEN, &alice, &bob, 2).await;
    assert_eq!(t.place_sight(HIDDEN).unwrap(), Some(false));
    assert_eq!(explorer_games(t), 0, "a hidden channel's game counts nothing");
    a_finished_duel(fake, t, &alice, &bob, 2).await;
    assert_eq!(t.place_sight(CHANNEL_ID).unwrap(), Some(true));
    assert_eq!(explorer_games(t), 1, "the public channel's game counts");
    // Looked at once for all those commands and clicks.
    let lookups =
        fake.count_requests(|r| matches!(r.route, Route::GetChannel { channel_id } if channel_id == HIDDEN));
    assert_eq!(lookups, 1);
    bot.stop().await;
}

/// `fetch(path)`'s status on `page`.
async fn status(page: &support::browser::Page, path: &str) -> serde_json::Value {
    page.eval(&format!("fetch('{path}').then(r => r.status)"))
        .await
        .expect("fetches")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn a_players_page_shows_their_chart_and_hides_a_private_game_from_others() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let t = &live.bot.table;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // Two rated games: two points of her chart.
    a_finished_duel(fake, t, &alice, &bob, 2).await;
    let (public, _) = a_finished_duel(fake, t, &alice, &bob, 3).await;
    // A game against the bot in Alice's DM: private.
    let sent = challenge_the_bot_in_dm(fake, &alice).await;
    fake.wait_for_callback(&sent, T).await.expect("the game starts");
    let private = t.resign(DM_CHANNEL_ID, alice.id).unwrap().id;
    let address = format!("{}/p/{}", live.url, alice.id);
    let game = |id: u64| format!("document.querySelectorAll('[data-game=\"{id}\"]').length");
    let chart = "document.querySelectorAll('svg.chart polyline.line').length";
    // Dave, signed in, and a stranger see her chart and the public game only.
    for page in [
        live.page(Some(&dave()), false).await,
        live.page(None, false).await,
    ] {
        let console = page.console_errors().await;
        page.goto(&address).await;
        page.wait_for("document.body.dataset.loaded === '2'", PAGE)
            .await
            .expect("the page loads her two public games");
        assert_eq!(page.eval(chart).await, Ok(json!(1)), "the chart is drawn");
        assert_eq!(page.eval(&game(public)).await, Ok(json!(1)));
        assert_eq!(page.eval(&game(private)).await, Ok(json!(0)), "no private game");
        let text = page.text("#player").await;
        assert!(!text.contains("isolo-bot"), "not even its opponent: {text}");
        let errors = console.lock().unwrap().clone();
        assert!(errors.is_empty(), "a clean console: {errors:?}");
    }
    // Alice, on a phone, sees both.
    let own = live.page(Some(&alice), true).await;
    own.goto(&address).await;
    own.wait_for("document.body.dataset.loaded === '3'", PAGE)
        .await
        .expect("her three games");
    assert_eq!(own.eval(&game(private)).await, Ok(json!(1)));
    assert_eq!(own.eval(chart).await, Ok(json!(1)));
    // The band of the deviation is drawn around the line.
    assert_eq!(
        own.eval("[document.querySelectorAll('svg.chart polygon.dev-band').length, document.querySelectorAll('svg.chart circle.point').length]").await,
        Ok(json!([1, 2])),
        "two points and the band between"
    );
    let fits = own
        .eval("document.documentElement.scrollWidth <= window.innerWidth")
        .await;
    assert_eq!(fits, Ok(json!(true)), "the page fits a phone");
    let shot = own.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("player-page-phone.png");
    std::fs::write(&path, &shot).expect("writes the screenshot");
    // In Swahili, its words fit too.
    own.language("sw").await;
    own.goto(&address).await;
    own.wait_for("document.body.dataset.loaded === '3'", PAGE)
        .await
        .expect("her page in Swahili");
    assert!(own.text("#player").await.contains("Mwenendo wa alama"));
    let fits = own
        .eval("document.documentElement.scrollWidth <= window.innerWidth")
        .await;
    assert_eq!(fits, Ok(json!(true)), "the Swahili page fits a phone");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("player-page-phone-sw.png");
    std::fs::write(&path, own.screenshot().await).expect("writes the screenshot");
    // A game's link on the page opens its board.
    let href = own
        .eval(&format!(
            "document.querySelector('[data-game=\"{public}\"] a').getAttribute('href')"
        ))
        .await
        .expect("a link");
    assert_eq!(
        status(&own, href.as_str().expect("text")).await,
        json!(200),
        "{href}"
    );
    // An unknown member has no page, nor does a forgotten one.
    let stranger = live.page(None, false).await;
    stranger.goto(&address).await;
    assert_eq!(status(&stranger, "/p/42").await, json!(404));
    assert_eq!(status(&stranger, "/api/p/42").await, json!(404));
    assert_eq!(status(&stranger, &format!("/p/{}", bob.id)).await, json!(200));
    t.forget_member(bob.id).expect("forgets Bob");
    for path in [format!("/p/{}", bob.id), format!("/api/p/{}", bob.id)] {
        assert_eq!(status(&stranger, &path).await, json!(404), "{path}");
    }
    assert_eq!(status(&stranger, "/p/x").await, json!(400));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn the_explorer_counts_a_finished_game() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let t = &live.bot.table;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let (_, first) = a_finished_duel(fake, t, &alice, &bob, 1).await;
    // Another game reaches the same first position.
    Duel::start(fake, CHANNEL_ID, &alice, &carol, Variant::Women, false, 5).await;
    let address = format!("{}/g/{CHANNEL_ID}/{}", live.url, live.game_id(CHANNEL_ID));
    let page = live.page(Some(&dave()), false).await;
    page.goto(&address).await;
    page.wait_for(
        &format!("document.querySelector('#explorer tr[data-move=\"{first}\"][data-games=\"1\"]')"),
        PAGE,
    )
    .await
    .expect("the explorer lists the finished game's move once");
    let text = page.text("#explorer").await;
    assert!(text.contains("1 game"), "{text}");
    assert_eq!(
        page.eval("document.querySelectorAll('#explorer tr[data-move]').length")
            .await,
        Ok(json!(1))
    );
    let shot = page.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer-desktop.png");
    std::fs::write(&path, &shot).expect("writes the screenshot");
    // The same, asked directly: a position past the game's end is refused.
    let api = format!("/api/g/{CHANNEL_ID}/{}/explorer", live.game_id(CHANNEL_ID));
    assert_eq!(status(&page, &format!("{api}?ply=0")).await, json!(200));
    assert_eq!(status(&page, &format!("{api}?ply=99")).await, json!(400));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn isolo_stats_links_the_players_page_and_carries_a_rating_chart() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    a_finished_duel(fake, &live.bot.table, &alice, &bob, 2).await;
    let stats = SlashCommand::new("isolo")
        .sub("stats")
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&stats).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("an answer");
    let text = cb.message.content.clone().unwrap_or_default();
    let link = format!("{}/p/{}", live.url, alice.id);
    assert!(text.contains(&format!("<{link}>")), "{text}");
    let file = cb.message.files.first().expect("a picture");
    assert_eq!(file.filename.as_deref(), Some("rating.png"));
    assert!(file.data.starts_with(b"\x89PNG"), "a PNG");
    let alt = cb.message.attachments[0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(alt.contains("alice") && alt.contains("rated game"), "{alt}");
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("stats-rating-chart.png");
    std::fs::write(&path, &file.data).expect("writes the picture");
    // The link opens her page in a browser.
    let page = live.page(None, false).await;
    page.goto(&link).await;
    page.wait_for("document.body.dataset.loaded === '1'", PAGE)
        .await
        .expect("her page");
}
