//! Players' pages and the explorer in a real headless Chromium, against the
//! real bot and the fake Discord: a player's page draws their rating chart
//! and lists a private game to them alone; a forgotten member's page is
//! gone; the explorer beside a board counts a finished game; and
//! `/isolo stats` links the page and carries a rating chart picture.

use crate::support;

use isolo_bot::engine::Variant;
use serde_json::json;
use support::bot::{challenge_the_bot_in_dm, Duel, T};
use support::fake_discord::{FakeDiscord, FakeUser, SlashCommand, CHANNEL_ID, DM_CHANNEL_ID};
use support::site::dave;

use crate::e2e_web::{start, PAGE};

/// `south` and `north` play `plies` moves in `channel` (each the first
/// legal one), then `north` resigns: the finished game's number and its
/// first move.
async fn a_finished_duel(
    fake: &FakeDiscord,
    t: &isolo_bot::table::Table,
    south: &FakeUser,
    north: &FakeUser,
    plies: usize,
) -> (u64, String) {
    Duel::start(fake, CHANNEL_ID, south, north, Variant::Women, false, 3).await;
    for _ in 0..plies {
        let view = t.game(CHANNEL_ID).unwrap().expect("a game");
        let mover = view.to_move().unwrap().user().unwrap();
        let mv = t.moves_for(CHANNEL_ID, mover).unwrap()[0].mv;
        t.play(CHANNEL_ID, mover, &mv.to_string()).unwrap();
    }
    let f = t.resign(CHANNEL_ID, north.id).unwrap();
    (f.id, f.record.moves[0].to_string())
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
