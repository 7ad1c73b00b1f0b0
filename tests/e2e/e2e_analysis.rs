//! The computer's analysis on a game's page, in a real headless Chromium
//! against the bot and the fake Discord: nothing of it during a game
//! between people (the page shows none, the API refuses it); once the game
//! ends, the review's graph, a point clicked that jumps to its ply, the
//! engine's line there, a variation that leaves the stored game as it
//! was, and a link that opens the page at a ply.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use isolo_bot::engine::Variant;
use serde_json::json;
use support::bot::Duel;
use support::browser::{Browser, Page};
use support::fake_discord::{FakeUser, CHANNEL_ID};
use support::site::Site;

/// Longest a page may take to show something (a review included).
const PAGE: Duration = Duration::from_secs(30);

/// Plays `plies` moves of the game in `channel` through the table, each the
/// first legal move of the player to move.
fn play_first_moves(site: &Site, channel: u64, plies: usize) {
    let t = &site.bot.table;
    for _ in 0..plies {
        let view = t.game(channel).expect("reads").expect("the game");
        let side = view.game.to_move().expect("someone to move");
        let user = view.live.players[side.index()].user().expect("a person");
        let pit = view.game.legal_moves().iter().next().expect("a move").to_string();
        t.play(channel, user, &pit).expect("a legal move");
    }
}

/// The status of `method` on `path` from `page` (its cookies, its origin).
async fn status(page: &Page, method: &str, path: &str, body: &str) -> serde_json::Value {
    page.eval(&format!(
        "fetch('{path}', {{method: '{method}', headers: {{'Content-Type': 'application/json'}}{}}}).then(r => r.status)",
        if method == "POST" { format!(", body: '{body}'") } else { String::new() }
    ))
    .await
    .expect("a status")
}

/// Taps `selector` on `page` (a phone's), brought into view first.
async fn touch(page: &Page, selector: &str) {
    page.eval(&format!(
        "document.querySelector({}).scrollIntoView({{block: 'center'}})",
        json!(selector)
    ))
    .await
    .unwrap_or_else(|e| panic!("{selector}: {e}"));
    page.tap(selector).await;
}

/// Writes a screenshot of `page` next to the test's other files.
async fn keep_screenshot(page: &Page, name: &str) {
    let shot = page.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, &shot).expect("writes the screenshot");
    assert!(image::load_from_memory(&shot).is_ok_and(|i| i.width() >= 390));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn an_ended_games_graph_jumps_to_a_ply_and_a_variation_leaves_the_game_unchanged() {
    let site = Site::start(false, |_| {}).await;
    let browser: Arc<Browser> = Browser::launch().await;
    let fake = &site.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 17).await;
    play_first_moves(&site, CHANNEL_ID, 12);
    let game = site.game_id(CHANNEL_ID);
    let address = format!("{}/g/{CHANNEL_ID}/{game}", site.url);
    let api = format!("/api/g/{CHANNEL_ID}/{game}");

    // In progress: Alice, who plays it, sees no evaluation and no line, and
    // the API refuses her and a spectator alike.
    let player = site.page(&browser, Some(&alice), true).await;
    player.goto(&address).await;
    player
        .wait_for("document.body.dataset.plies === '12'", PAGE)
        .await
        .expect("the board");
    let spectator = site.page(&browser, None, false).await;
    spectator.goto(&address).await;
    spectator
        .wait_for("document.body.dataset.plies === '12'", PAGE)
        .await
        .expect("the board");
    for page in [&player, &spectator] {
        assert_eq!(
            status(page, "GET", &format!("{api}/analysis"), "").await,
            json!(422)
        );
        assert_eq!(
            status(
                page,
                "POST",
                &format!("{api}/variation"),
                r#"{"ply":3,"moves":[]}"#
            )
            .await,
            json!(422)
        );
        assert_eq!(
            page.eval("[document.getElementById('analysis').hidden, document.body.dataset.analysis || '', document.body.dataset.line || '']")
                .await,
            Ok(json!([true, "", ""])),
            "no engine help on the page"
        );
    }

    // Alice resigns: the game is over, and the page shows the review.
    let finished = site.bot.table.resign(CHANNEL_ID, alice.id).expect("resigns");
    let record = || {
        site.bot
            .table
            .finished(finished.id)
            .expect("reads")
            .expect("the record")
            .record
    };
    let stored = record();
    player
        .wait_for("document.body.dataset.analysis === '12'", PAGE)
        .await
        .expect("the graph of the ended game");
    assert_eq!(
        player
            .eval("document.querySelectorAll('#graph .graph-hit').length")
            .await,
        Ok(json!(13)),
        "a point for the start and each ply"
    );
    // Its figures are the review's own: the marks where the review puts them.
    let review = isolo_bot::ai::review(
        &finished.game().expect("replays"),
        isolo_bot::ai::Budget::nodes(isolo_bot::table::ANALYSIS_NODES),
    );
    let marked: Vec<usize> = review
        .plies
        .iter()
        .filter(|p| p.judgement().is_some())
        .map(|p| p.ply)
        .collect();
    let on_page = player
        .eval("window.isolo.app.game && [...document.querySelectorAll('#analysis-table tbody tr')].filter((r) => r.lastChild.textContent).map((r) => Number(r.firstChild.textContent))")
        .await
        .expect("the table");
    assert_eq!(on_page, json!(marked));
    assert_eq!(
        player
            .eval("document.querySelectorAll('#graph .graph-mark').length")
            .await,
        Ok(json!(marked.len()))
    );

    // A point clicked shows its ply, with the engine's line there.
    touch(&player, "#graph .graph-hit[data-ply=\"5\"]").await;
    player
        .wait_for(
            "document.body.dataset.shown === '5' && document.body.dataset.line === '5'",
            PAGE,
        )
        .await
        .expect("the ply and its line");
    assert_eq!(player.eval("location.hash").await, Ok(json!("#ply=5")));
    let best = review.plies[5].best.to_string();
    let line = player.text("#line-text").await;
    assert!(
        line.contains(&best),
        "the line starts with the review's best move {best}: {line}"
    );
    assert_eq!(
        player
            .eval("document.documentElement.scrollWidth <= innerWidth")
            .await,
        Ok(json!(true)),
        "no sideways scrolling on a phone"
    );
    keep_screenshot(&player, "analysis-graph-phone.png").await;

    // A variation from there: the server plays each move, the computer answers.
    touch(&player, "#try").await;
    player
        .wait_for(
            "document.body.dataset.variation === '0' && document.querySelector('.pit.legal')",
            PAGE,
        )
        .await
        .expect("a variation with its legal pits");
    touch(&player, ".pit.legal").await;
    player
        .wait_for(
            "document.body.dataset.variation === '1' && document.getElementById('answer')",
            PAGE,
        )
        .await
        .expect("the move played in the variation");
    touch(&player, "#answer").await;
    player
        .wait_for("document.body.dataset.variation === '2'", PAGE)
        .await
        .expect("the computer's answer");
    keep_screenshot(&player, "analysis-variation-phone.png").await;
    assert_eq!(record(), stored, "the stored game is unchanged");
    assert!(
        site.bot.table.game(CHANNEL_ID).expect("reads").is_none(),
        "no game began"
    );
    // Back to the game: its own position at the ply.
    touch(&player, "#leave").await;
    player
        .wait_for("document.body.dataset.variation === undefined", PAGE)
        .await
        .expect("back to the game");
    assert_eq!(
        player
            .eval("[...document.querySelectorAll('#board .pit')].map((p) => Number(p.querySelector('.count').textContent)).join() === window.isolo.app.game.plies[4].after.seeds.join()")
            .await,
        Ok(json!(true)),
        "the board is the game's again"
    );
    assert_eq!(player.eval("document.body.dataset.shown").await, Ok(json!("5")));

    // Every point is reached by key too: one stop of Tab, the arrows walk it.
    player
        .eval("document.querySelector('#graph .graph-hit[tabindex=\"0\"]').focus()")
        .await
        .expect("the graph takes the focus");
    player.press("ArrowRight").await;
    player
        .wait_for("document.body.dataset.shown === '6'", PAGE)
        .await
        .expect("the next ply");
    assert_eq!(
        player.eval("document.activeElement.dataset.ply").await,
        Ok(json!("6"))
    );

    // A link opens the page at a ply.
    let linked = site.page(&browser, None, false).await;
    linked.goto(&format!("{address}#ply=3")).await;
    linked
        .wait_for(
            "document.body.dataset.shown === '3' && document.body.dataset.analysis === '12'",
            PAGE,
        )
        .await
        .expect("the page at ply 3");
    fake.assert_no_problems();
}
