//! The live board in a real headless Chromium, against the real bot and the
//! project's fake Discord: two players take turns by tapping while a
//! spectator watches every move animated; a move made with `/isolo move`
//! appears on an open page; a refused tap changes nothing; every tap or key
//! on a pit that is no move for the viewer (a spectator's, an off-turn
//! player's) is answered with the table's words in the viewer's language; a
//! signed-out visitor's console stays clean; a private game's page is
//! refused to an outsider, with its own controls labelled; the page fits a
//! phone; and the Activity opens through a test parent frame that answers
//! the SDK as Discord's client does.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use isolo_bot::engine::{IllegalMove, Move, Side, Variant};
use isolo_bot::table::{SystemClock, TableError};
use isolo_bot::web::{WebConfig, WebParts};
use isolo_bot::words::{refusal::refusal, Lang};
use serde_json::json;
use support::bot::{challenge_the_bot_in_dm, friendly_game, Duel, T};
use support::browser::{Browser, Page};
use support::fake_discord::{
    CallbackKind, FakeUser, Route, SlashCommand, APPLICATION_ID, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID,
};
use support::site::Site;

/// Longest a page may take to show something.
pub(crate) const PAGE: Duration = Duration::from_secs(20);

/// The bot, its live board on 127.0.0.1, and a browser.
pub(crate) struct Live {
    site: Site,
    browser: Arc<Browser>,
}

/// The bot and its board are the site's.
impl std::ops::Deref for Live {
    type Target = Site;

    fn deref(&self) -> &Site {
        &self.site
    }
}

pub(crate) async fn start(activity: bool) -> Live {
    let site = Site::start(activity, |_| {}).await;
    let browser = Browser::launch().await;
    Live { site, browser }
}

impl Live {
    /// A page signed in as `user` (through the fake's OAuth2), or anonymous.
    pub(crate) async fn page(&self, user: Option<&FakeUser>, phone: bool) -> Page {
        self.site.page(&self.browser, user, phone).await
    }

    fn plies(&self, channel: u64) -> usize {
        self.bot
            .table
            .game(channel)
            .expect("reads")
            .map_or(usize::MAX, |v| v.live.moves.len())
    }
}

/// The number of a game's `<number>-<key>`.
fn number(game: &str) -> u64 {
    game.split('-')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a game's number")
}

/// The page's count of moves shown and of moves animated.
async fn shown(page: &Page) -> (usize, usize) {
    let v = page
        .eval("[Number(document.body.dataset.shown || -1), Number(document.body.dataset.animated || 0)]")
        .await
        .expect("reads the page");
    (
        v[0].as_u64().unwrap_or(0) as usize,
        v[1].as_u64().unwrap_or(0) as usize,
    )
}

async fn fastest(page: &Page) {
    page.eval("document.getElementById('speed').value = '2'")
        .await
        .expect("speed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn two_players_take_turns_by_tapping_while_a_spectator_sees_every_move_animated() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    let game = live.game_id(CHANNEL_ID);
    let address = format!("{}/g/{CHANNEL_ID}/{game}", live.url);
    // Alice at a desktop with a mouse, Bob on a phone with a finger, and a
    // spectator who never signs in.
    let south = live.page(Some(&alice), false).await;
    let north = live.page(Some(&bob), true).await;
    let spectator = live.page(None, false).await;
    for p in [&south, &north, &spectator] {
        p.goto(&address).await;
        p.wait_for("document.body.dataset.plies === '0'", PAGE)
            .await
            .expect("the board");
        fastest(p).await;
    }
    // The board message in Discord links to this page.
    let board_links = fake.count_requests(|r| r.body.to_string().contains(&address));
    assert!(board_links > 0, "the board message links to the live page");

    let mut plies = 0;
    while live.plies(CHANNEL_ID) != usize::MAX && plies < 300 {
        let (mover, tap) = if plies % 2 == 0 {
            (&south, false)
        } else {
            (&north, true)
        };
        mover
            .wait_for(
                &format!("document.body.dataset.shown === '{plies}' && document.querySelector('.pit.legal')"),
                PAGE,
            )
            .await
            .unwrap_or_else(|e| panic!("ply {plies}: the mover's page offers a pit: {e}"));
        // The other player's page offers nothing to tap.
        let other = if plies % 2 == 0 { &north } else { &south };
        assert_eq!(
            other.eval("document.querySelectorAll('.pit.legal').length").await,
            Ok(json!(0))
        );
        if tap {
            mover.tap(".pit.legal").await;
        } else {
            mover.click(".pit.legal").await;
        }
        let start = std::time::Instant::now();
        while live.plies(CHANNEL_ID) == plies && start.elapsed() < PAGE {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        plies += 1;
        let now = live.plies(CHANNEL_ID);
        assert!(
            now == plies || now == usize::MAX,
            "ply {plies}: the tap made one move (now {now})"
        );
    }
    assert_eq!(
        live.plies(CHANNEL_ID),
        usize::MAX,
        "the game ended within 300 plies"
    );
    for p in [&south, &north, &spectator] {
        p.wait_for(&format!("document.body.dataset.shown === '{plies}'"), PAGE)
            .await
            .expect("every page reaches the end");
        assert!(!p.text("#status").await.is_empty(), "the result is shown");
    }
    let (_, animated) = shown(&spectator).await;
    assert_eq!(animated, plies, "the spectator saw every move animated");
    // A tap on the finished board is answered for this game, not the channel.
    assert_eq!(
        answer_to_tap(&south, "a1", false).await,
        refused("en", &TableError::Illegal(IllegalMove::GameOver))
    );
    // Every move was announced in the channel, as /isolo move's are.
    let boards = fake.count_requests(|r| {
        r.route
            == Route::CreateMessage {
                channel_id: CHANNEL_ID,
            }
            && !r.files.is_empty()
    });
    assert!(boards >= plies, "{boards} boards posted for {plies} moves");
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn a_move_made_in_discord_appears_on_an_open_page_and_a_refused_tap_changes_nothing() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let duel = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 5).await;
    let game = live.game_id(CHANNEL_ID);
    let page = live.page(Some(&bob), true).await;
    page.goto(&format!("{}/g/{CHANNEL_ID}/{game}", live.url)).await;
    page.wait_for("document.body.dataset.plies === '0'", PAGE)
        .await
        .expect("the board");
    // Alice moves in Discord; Bob's open page shows it, animated.
    let pit = duel.board.menu.as_ref().expect("alice's menu").pits[0].clone();
    let cmd = SlashCommand::new("isolo")
        .sub("move")
        .string("pit", &pit)
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&cmd).await;
    fake.wait_for_callback(&sent, T)
        .await
        .expect("the move is answered");
    page.wait_for("document.body.dataset.shown === '1'", PAGE)
        .await
        .expect("the move appears");
    assert_eq!(shown(&page).await.1, 1, "animated");
    // A screen reader hears the move in words: who, which pit, what it took.
    let said = page.text("#said").await;
    assert!(
        said.contains(&alice.name) && said.contains(&pit),
        "the move in words: {said:?}"
    );
    let polite = page
        .eval("document.getElementById('said').getAttribute('aria-live')")
        .await
        .expect("the region");
    assert_eq!(polite, json!("polite"));
    // Bob asks for one of Alice's pits: refused, explained, nothing changes.
    let before = live
        .bot
        .table
        .game(CHANNEL_ID)
        .unwrap()
        .unwrap()
        .live
        .moves
        .clone();
    page.eval("window.isolo.play('a1')")
        .await
        .expect("a move is sent");
    page.wait_for("document.body.dataset.said === '1'", PAGE)
        .await
        .expect("explained");
    let problem = page.text("#toast").await;
    assert!(
        !problem.is_empty() && !problem.starts_with('4'),
        "a sentence, not a status: {problem}"
    );
    assert_eq!(
        live.bot.table.game(CHANNEL_ID).unwrap().unwrap().live.moves,
        before
    );
    // A move from another site's page (no CSRF token) is refused too.
    let forged = page
        .eval(&format!(
            "fetch('/api/g/{CHANNEL_ID}/{game}/move', {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{pit: 'a3', ply: 1}})}}).then(r => r.status)"
        ))
        .await;
    assert_eq!(forged, Ok(json!(403)));
    assert_eq!(
        live.bot.table.game(CHANNEL_ID).unwrap().unwrap().live.moves,
        before
    );
    // It fits the phone: no sideways scrolling, pits big enough to tap.
    let fits = page
        .eval("[document.documentElement.scrollWidth <= innerWidth, document.querySelector('[data-pit=\"a1\"]').getBoundingClientRect().width]")
        .await
        .expect("measures");
    assert_eq!(fits[0], json!(true), "no sideways scrolling on a phone");
    assert!(
        fits[1].as_f64().unwrap_or(0.0) >= 38.0,
        "a pit is big enough to tap: {fits}"
    );
    let shot = page.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("live-board-phone.png");
    std::fs::write(&path, &shot).expect("writes the screenshot");
    assert!(image::load_from_memory(&shot).is_ok_and(|i| i.width() >= 390));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn a_private_games_page_is_refused_to_an_outsider() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot_in_dm(fake, &alice).await;
    fake.wait_for_callback(&sent, T).await.expect("the game starts");
    let game = live.game_id(DM_CHANNEL_ID);
    let address = format!("{}/g/{DM_CHANNEL_ID}/{game}", live.url);
    let api = format!("fetch('/api/g/{DM_CHANNEL_ID}/{game}').then(r => r.status)");
    // Carol, signed in, and a stranger: the link alone shows nothing.
    let carol = live.page(Some(&FakeUser::carol()), false).await;
    let stranger = live.page(None, false).await;
    for page in [&carol, &stranger] {
        page.goto(&address).await;
        page.wait_for("!document.getElementById('problem').hidden", PAGE)
            .await
            .expect("refused");
        assert_eq!(
            page.eval("document.body.dataset.plies || ''").await,
            Ok(json!(""))
        );
        assert_eq!(page.eval(&api).await, Ok(json!(404)));
        let html = page.eval("document.head.innerHTML").await.expect("the head");
        assert!(
            !html.to_string().contains("og:image"),
            "no preview of a private game"
        );
    }
    // Alice, who plays it, sees it.
    let own = live.page(Some(&alice), false).await;
    own.goto(&address).await;
    own.wait_for("document.body.dataset.plies !== undefined", PAGE)
        .await
        .expect("her game");
    assert_eq!(own.eval(&api).await, Ok(json!(200)));
}

/// What on `page` can be tabbed to or clicked, is shown, and has no name a
/// screen reader could say (neither its own text nor `aria-label`).
const UNNAMED: &str = "[...document.querySelectorAll('button, a, input, select, [tabindex]')]\
    .filter((e) => e.getClientRects().length && e.tabIndex >= 0)\
    .filter((e) => !((e.getAttribute('aria-label') || '').trim() || (e.textContent || '').trim() || (e.labels && e.labels.length)))\
    .map((e) => e.id || e.outerHTML)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn a_refused_pages_controls_are_named_in_the_viewers_language_and_work() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let alice = FakeUser::alice();
    let sent = challenge_the_bot_in_dm(fake, &alice).await;
    fake.wait_for_callback(&sent, T).await.expect("the game starts");
    let game = live.game_id(DM_CHANNEL_ID);
    let address = format!("{}/g/{DM_CHANNEL_ID}/{game}", live.url);
    // Carol, signed in, reads German; a stranger reads Spanish on a phone.
    let carol = live.page(Some(&FakeUser::carol()), false).await;
    carol.language("de").await;
    let stranger = live.page(None, true).await;
    stranger.language("es").await;
    for (page, tag) in [(&carol, "de"), (&stranger, "es")] {
        page.goto(&address).await;
        page.wait_for("!document.getElementById('problem').hidden", PAGE)
            .await
            .expect("refused");
        assert_eq!(
            page.text("#problem").await,
            refused(tag, &TableError::NoSuchGame(number(&game)))
        );
        // Everything shown has a name, and nothing of a game is offered.
        assert_eq!(page.eval(UNNAMED).await, Ok(json!([])), "{tag}");
        assert_eq!(
            page.eval(
                "['controls', 'board-wrap'].map((id) => document.getElementById(id).getClientRects().length)"
            )
            .await,
            Ok(json!([0, 0])),
            "no board and no replay without a game"
        );
    }
    assert_eq!(
        carol
            .eval("[document.getElementById('sign-out').textContent, document.getElementById('sign-out').getClientRects().length > 0, document.getElementById('sign-in').hidden]")
            .await,
        Ok(json!([web_words("de", "web-sign-out"), true, true]))
    );
    assert_eq!(
        stranger
            .eval("[document.getElementById('sign-in').textContent, document.getElementById('sign-in').getClientRects().length > 0, document.getElementById('sign-out').hidden]")
            .await,
        Ok(json!([web_words("es", "web-sign-in"), true, true]))
    );
    // Carol's button signs her out: the page comes back offering sign-in.
    carol.click("#sign-out").await;
    carol
        .wait_for(
            "document.readyState === 'complete' && !document.getElementById('sign-in').hidden && document.getElementById('sign-out').hidden",
            PAGE,
        )
        .await
        .expect("signed out");
    assert_eq!(
        carol
            .eval("fetch('/api/me').then((r) => r.json()).then((me) => me.user)")
            .await,
        Ok(json!(null))
    );
}

/// `lang`'s words for `id` (a message of `web.ftl`).
fn web_words(tag: &str, id: &str) -> String {
    Lang::from_tag(tag).expect("a language").tr(id, None)
}

/// The table's refusal `e`, in `tag`'s language.
fn refused(tag: &str, e: &TableError) -> String {
    refusal(Lang::from_tag(tag).expect("a language"), e)
}

/// How many answers `page` has given to taps and keys on its pits.
async fn said(page: &Page) -> u64 {
    page.eval("Number(document.body.dataset.said || 0)")
        .await
        .ok()
        .and_then(|v| v.as_u64())
        .unwrap_or(0)
}

/// Taps pit `pit` (with a finger on a phone, else the mouse) and returns
/// the page's answer, once it is shown.
async fn answer_to_tap(page: &Page, pit: &str, finger: bool) -> String {
    let before = said(page).await;
    let selector = format!("[data-pit=\"{pit}\"]");
    if finger {
        page.tap(&selector).await;
    } else {
        page.click(&selector).await;
    }
    page.wait_for(
        &format!("Number(document.body.dataset.said || 0) > {before}"),
        PAGE,
    )
    .await
    .unwrap_or_else(|e| panic!("a tap on {pit} is answered: {e}"));
    page.text("#toast").await
}

/// The first pit the page offers the player to move (to anyone watching).
async fn a_legal_pit(page: &Page) -> String {
    page.eval("window.isolo.app.game.legal[0]")
        .await
        .expect("the game's legal pits")
        .as_str()
        .expect("a pit")
        .to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn a_spectators_tap_says_why_it_is_no_move_and_a_visitors_console_stays_clean() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 11).await;
    let game = live.game_id(CHANNEL_ID);
    let address = format!("{}/g/{CHANNEL_ID}/{game}", live.url);
    // Carol, signed in, reads French on a phone; a visitor who never signs
    // in reads Swahili at a desktop, console open.
    let watcher = live.page(Some(&carol), true).await;
    watcher.language("fr-FR,fr;q=0.9,en;q=0.5").await;
    let visitor = live.page(None, false).await;
    visitor.language("sw").await;
    let console = visitor.console_errors().await;
    for p in [&watcher, &visitor] {
        p.goto(&address).await;
        p.wait_for("document.body.dataset.plies === '0'", PAGE)
            .await
            .expect("the board");
        assert_eq!(
            p.eval("document.querySelectorAll('.pit.legal').length").await,
            Ok(json!(0)),
            "nothing is offered to a spectator"
        );
    }
    let loading = console.lock().unwrap().clone();
    assert!(loading.is_empty(), "the visitor's console, loading: {loading:#?}");
    let view = live.bot.table.game(CHANNEL_ID).unwrap().unwrap();
    let before = view.live.moves.clone();
    let pit = a_legal_pit(&watcher).await;
    // Carol taps a pit the player to move could play: she does not play here.
    let not_playing = TableError::NotAPlayer {
        south: view.live.players[0].name(),
        north: view.live.players[1].name(),
    };
    assert_eq!(
        answer_to_tap(&watcher, &pit, true).await,
        refused("fr", &not_playing)
    );
    // Said where a screen reader hears it, politely.
    assert_eq!(
        watcher
            .eval("[document.getElementById('toast').getAttribute('role'), document.getElementById('toast').getAttribute('aria-live')]")
            .await,
        Ok(json!(["status", "polite"]))
    );
    watcher
        .wait_for(
            "getComputedStyle(document.getElementById('toast')).opacity === '1'",
            PAGE,
        )
        .await
        .expect("the answer is shown");
    let shot = watcher.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("live-board-refused-tap-phone.png");
    std::fs::write(&path, &shot).expect("writes the screenshot");
    // The visitor is asked to sign in.
    assert_eq!(
        answer_to_tap(&visitor, &pit, false).await,
        web_words("sw", "web-sign-in-to-play")
    );
    assert_eq!(
        live.bot.table.game(CHANNEL_ID).unwrap().unwrap().live.moves,
        before
    );
    // A move still reaches both pages, and nothing failed on the visitor's.
    let sent = fake
        .send_command(
            &SlashCommand::new("isolo")
                .sub("move")
                .string("pit", &pit)
                .by(&alice)
                .in_channel(CHANNEL_ID),
        )
        .await;
    fake.wait_for_callback(&sent, T)
        .await
        .expect("the move is answered");
    for p in [&watcher, &visitor] {
        p.wait_for("document.body.dataset.plies === '1'", PAGE)
            .await
            .expect("the move appears");
    }
    let errors = console.lock().unwrap().clone();
    assert!(errors.is_empty(), "the visitor's console: {errors:#?}");
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn an_off_turn_tap_or_key_says_whose_turn_it_is_and_a_wrong_pit_why_not() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 13).await;
    let game = live.game_id(CHANNEL_ID);
    let address = format!("{}/g/{CHANNEL_ID}/{game}", live.url);
    let view = live.bot.table.game(CHANNEL_ID).unwrap().unwrap();
    let mover_name = view.to_move().expect("a turn").name();
    let (mover, waiter) = if view.live.side_of(alice.id) == view.game.to_move() {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    // The one to move at a desktop in English, the other on a phone in German.
    let on_turn = live.page(Some(mover), false).await;
    let off_turn = live.page(Some(waiter), true).await;
    off_turn.language("de-DE,de;q=0.9").await;
    for p in [&on_turn, &off_turn] {
        p.goto(&address).await;
        p.wait_for("document.body.dataset.plies === '0'", PAGE)
            .await
            .expect("the board");
    }
    let before = view.live.moves.clone();
    let pit = a_legal_pit(&on_turn).await;
    // A tap on the other's turn: whose turn it is.
    let not_yours = refused("de", &TableError::NotYourTurn(mover_name));
    assert_eq!(answer_to_tap(&off_turn, &pit, true).await, not_yours);
    // The keyboard: the board is one stop of Tab, the arrows walk its pits
    // as drawn (turned for North), Enter asks as a tap does.
    assert_eq!(
        off_turn
            .eval("document.querySelectorAll('#board .pit[tabindex=\"0\"]').length")
            .await,
        Ok(json!(1)),
        "one stop of Tab on the board"
    );
    off_turn
        .eval("document.querySelector('[data-pit=\"d2\"]').focus()")
        .await
        .expect("a pit takes the focus");
    off_turn.press("ArrowRight").await;
    let turned = off_turn.eval("window.isolo.app.flipped").await == Ok(json!(true));
    assert_eq!(
        off_turn
            .eval("[document.activeElement.dataset.pit, document.activeElement.getAttribute('tabindex'), document.querySelectorAll('#board .pit[tabindex=\"0\"]').length]")
            .await,
        Ok(json!([if turned { "c2" } else { "e2" }, "0", 1])),
        "the arrow moved to the pit on the right as drawn, and the stop of Tab with it"
    );
    assert_eq!(
        off_turn.eval("document.body.dataset.shown").await,
        Ok(json!("0")),
        "the arrow walked the board, not the game"
    );
    let count = said(&off_turn).await;
    off_turn.press("Enter").await;
    off_turn
        .wait_for(&format!("Number(document.body.dataset.said) > {count}"), PAGE)
        .await
        .expect("Enter is answered");
    assert_eq!(off_turn.text("#toast").await, not_yours);
    // On one's own turn, a pit of the other half: the rules' own words.
    let theirs = match view.game.to_move() {
        Some(Side::South) => "d4",
        _ => "d1",
    };
    let illegal = view
        .game
        .clone()
        .play(Move(theirs.parse().expect("a pit")))
        .expect_err("not the mover's pit");
    assert_eq!(
        answer_to_tap(&on_turn, theirs, false).await,
        refused("en", &TableError::Illegal(illegal))
    );
    assert_eq!(
        live.bot.table.game(CHANNEL_ID).unwrap().unwrap().live.moves,
        before
    );
    // And a legal tap still moves.
    on_turn.click(&format!("[data-pit=\"{pit}\"]")).await;
    let start = std::time::Instant::now();
    while live.plies(CHANNEL_ID) == 0 && start.elapsed() < PAGE {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(live.plies(CHANNEL_ID), 1, "the legal tap moved");
    fake.assert_no_problems();
}

/// The Activity's parent frame, as Discord's client plays it: answers the
/// SDK's handshake with READY, AUTHORIZE with `code`, AUTHENTICATE with the
/// user, anything else with an empty answer; records every command.
fn parent_frame(url: &str, code: &str, user: &FakeUser, instance: &str) -> String {
    let src = format!(
        "{url}/?frame_id=frame-1&instance_id={instance}&platform=desktop&guild_id={GUILD_ID}&channel_id={CHANNEL_ID}"
    );
    format!(
        r#"<!doctype html><html><body><iframe id="activity" style="width:1000px;height:800px" src="{src}"></iframe>
<script>
window.commands = [];
const frame = document.getElementById('activity');
const send = (m) => frame.contentWindow.postMessage(m, '*');
window.addEventListener('message', (e) => {{
  const [op, data] = e.data;
  if (op === 0) {{
    window.handshake = data;
    send([1, {{cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {{v: 1, config: {{cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production'}}}}}}]);
    return;
  }}
  if (op !== 1) return;
  window.commands.push(data.cmd);
  let answer = null;
  if (data.cmd === 'AUTHORIZE') answer = {{code: '{code}'}};
  if (data.cmd === 'AUTHENTICATE') answer = {{
    access_token: data.args.access_token,
    user: {{id: '{id}', username: '{name}', discriminator: '0', avatar: null, public_flags: 0}},
    scopes: ['identify'], expires: '2030-01-01T00:00:00.000Z',
    application: {{id: '{APPLICATION_ID}', name: 'isolo', description: '', icon: null}},
  }};
  send([1, {{cmd: data.cmd, evt: null, nonce: data.nonce, data: answer}}]);
}});
</script></body></html>"#,
        id = user.id,
        name = user.name,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn the_activity_launches_and_plays_through_the_sdk() {
    let live = start(true).await;
    let fake = &live.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // The bot kept the Activity's Entry Point command when it registered.
    let global = fake.registered_commands(None).expect("global commands");
    assert!(
        global
            .as_array()
            .is_some_and(|cs| cs.iter().any(|c| c["type"] == json!(4))),
        "{global}"
    );
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 7).await;
    // "Play live" is offered under the board; /isolo board live launches it.
    let cmd = SlashCommand::new("isolo")
        .sub("board")
        .boolean("live", true)
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("answered");
    assert_eq!(cb.kind, CallbackKind::Other(12), "LAUNCH_ACTIVITY");
    // Discord opens the page in its frame; the instance has Alice in it.
    fake.start_activity_instance("instance-1", CHANNEL_ID, Some(GUILD_ID), vec![alice.id]);
    let page = live.browser.page(1100, 900, false).await;
    let parent = format!("{}/test-parent-frame", live.url);
    page.serve(
        &parent,
        parent_frame(&live.url, &fake.oauth_code(alice.id), &alice, "instance-1"),
    )
    .await;
    page.goto(&parent).await;
    let inner = "document.getElementById('activity').contentDocument";
    page.wait_for(&format!("{inner} && {inner}.body.dataset.plies === '0'"), PAGE)
        .await
        .expect("the game of the channel the Activity was launched in");
    let commands = page.eval("window.commands").await.expect("the frame's log");
    assert_eq!(commands, json!(["AUTHORIZE", "AUTHENTICATE"]), "{commands}");
    assert_eq!(
        page.eval("window.handshake.client_id").await,
        Ok(json!(APPLICATION_ID.to_string()))
    );
    // Alice moves in the Activity: through /.proxy, checked with the bot token.
    page.eval(&format!(
        "{inner}.defaultView.isolo.play({inner}.querySelector('.pit.legal').dataset.pit)"
    ))
    .await
    .expect("a move");
    let start = std::time::Instant::now();
    while live.plies(CHANNEL_ID) == 0 && start.elapsed() < PAGE {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(live.plies(CHANNEL_ID), 1, "the Activity's move was played");
    let proxied = page
        .eval(&format!(
            "{inner}.defaultView.performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('/api/'))"
        ))
        .await
        .expect("the frame's requests");
    let paths: Vec<String> = serde_json::from_value(proxied).unwrap_or_default();
    assert!(
        !paths.is_empty() && paths.iter().all(|p| p.starts_with("/.proxy/")),
        "{paths:?}"
    );
    assert!(
        fake.activity_instance_checks().iter().any(|i| i == "instance-1"),
        "the instance was checked with the bot token before its move"
    );
    assert!(
        fake.access_token_of(alice.id).is_some(),
        "the code was exchanged on the server"
    );
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn the_offline_page_starts_a_game_and_plays_the_computer_in_a_browser() {
    let table = Arc::new(isolo_bot::table::Table::new(
        Arc::new(isolo_bot::store::MemoryStore::new()),
        Arc::new(SystemClock),
        isolo_bot::table::TableConfig::default(),
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    let parts = WebParts {
        table: table.clone(),
        config: WebConfig::default(),
        bot_token: None,
        plays_bot: true,
        local_player: Some((1, "You".into())),
    };
    tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
    let browser = Browser::launch().await;
    let page = browser.page(390, 844, true).await;
    let errors = page.console_errors().await;
    page.goto(&format!("{url}/")).await;
    // The form starts a game at once (the page's own token goes with it).
    page.wait_for("document.body.dataset.plies === '0'", PAGE)
        .await
        .expect("a new game on the page");
    page.tap(".pit.legal").await;
    page.wait_for("Number(document.body.dataset.plies) >= 2", PAGE)
        .await
        .expect("the move, then the computer's answer");
    let stored = table
        .game(isolo_bot::web::LOCAL_CHANNEL)
        .expect("reads")
        .expect("the game")
        .live
        .moves
        .len();
    assert!(stored >= 2, "{stored} moves stored");
    assert_eq!(errors.lock().unwrap().clone(), Vec::<String>::new());
    let shot = page.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("offline-page-phone.png");
    std::fs::write(&path, &shot).expect("writes the screenshot");
}

/// Whether the element `id` of `page` is shown.
async fn visible(page: &Page, id: &str) -> bool {
    page.eval(&format!(
        "!document.getElementById('{id}').hidden && !document.getElementById('takeback').hidden"
    ))
    .await
        == Ok(json!(true))
}

/// The HTTP status of a takeback `action` posted from `page` for `game`.
async fn post_takeback(page: &Page, game: &str, action: &str) -> serde_json::Value {
    page.eval(&format!(
        "fetch('/api/g/{CHANNEL_ID}/{game}/takeback', {{ method: 'POST', headers: {{ 'Content-Type': \
         'application/json', 'X-Isolo-Csrf': window.isolo.app.csrf }}, body: JSON.stringify({{ action: '{action}' }}) \
         }}).then(r => r.status)"
    ))
    .await
    .expect("posts")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(isolo_chromium),
    ignore = "needs Chromium: install Debian's chromium (.ci/run does), or set ISOLO_TEST_CHROMIUM to a Chromium binary"
)]
async fn a_takeback_is_refused_in_a_rated_game_and_declined_then_accepted_on_the_page_in_a_friendly_one() {
    let live = start(false).await;
    let fake = &live.bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let south = live.page(Some(&alice), false).await;
    let north = live.page(Some(&bob), true).await;
    // Rated: no button, and a forged request is refused, changing nothing.
    Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    let game = live.game_id(CHANNEL_ID);
    south.goto(&format!("{}/g/{CHANNEL_ID}/{game}", live.url)).await;
    south
        .wait_for(
            "document.body.dataset.plies === '0' && document.querySelector('.pit.legal')",
            PAGE,
        )
        .await
        .expect("the board");
    south.click(".pit.legal").await;
    south
        .wait_for("document.body.dataset.plies === '1'", PAGE)
        .await
        .expect("the move");
    assert!(
        !visible(&south, "takeback-ask").await,
        "no takeback in a rated game"
    );
    assert_eq!(post_takeback(&south, &game, "ask").await, json!(422));
    assert_eq!(live.plies(CHANNEL_ID), 1);
    live.bot.table.abort(CHANNEL_ID, true).unwrap();

    // Friendly: Alice moves and asks; Bob declines, then accepts.
    friendly_game(fake, &alice, &bob).await;
    let game = live.game_id(CHANNEL_ID);
    for p in [&south, &north] {
        p.goto(&format!("{}/g/{CHANNEL_ID}/{game}", live.url)).await;
        p.wait_for("document.body.dataset.plies === '0'", PAGE)
            .await
            .expect("the board");
    }
    south.click(".pit.legal").await;
    for p in [&south, &north] {
        p.wait_for("document.body.dataset.plies === '1'", PAGE)
            .await
            .expect("the move reaches both pages");
    }
    assert!(visible(&south, "takeback-ask").await, "the mover may ask");
    assert!(!visible(&north, "takeback-accept").await, "nothing to answer yet");
    south.click("#takeback-ask").await;
    north
        .wait_for("!document.getElementById('takeback-accept').hidden", PAGE)
        .await
        .expect("Bob is asked on his page");
    assert_eq!(
        north.text("#takeback-text").await,
        web_words("en", "web-takeback-asked")
    );
    assert!(
        fake.count_requests(|r| r.body.to_string().contains("isolo:takeback-yes")) > 0,
        "the request reaches the channel with its buttons"
    );
    north.click("#takeback-decline").await;
    south
        .wait_for("!document.getElementById('takeback-ask').hidden", PAGE)
        .await
        .expect("declined: Alice may ask again");
    assert_eq!(live.plies(CHANNEL_ID), 1, "a declined takeback changes nothing");
    south.click("#takeback-ask").await;
    north
        .wait_for("!document.getElementById('takeback-accept').hidden", PAGE)
        .await
        .expect("asked again");
    let shot = north.screenshot().await;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("takeback-phone.png");
    std::fs::write(&path, &shot).expect("writes the screenshot");
    north.click("#takeback-accept").await;
    for p in [&south, &north] {
        p.wait_for(
            "document.body.dataset.plies === '0' && document.body.dataset.shown === '0'",
            PAGE,
        )
        .await
        .expect("the move is gone from both pages");
    }
    south
        .wait_for(
            &format!(
                "document.getElementById('toast').textContent === {}",
                json!(web_words("en", "web-taken-back"))
            ),
            PAGE,
        )
        .await
        .expect("the live region says a move was taken back");
    assert_eq!(live.plies(CHANNEL_ID), 0);
    assert!(
        south.eval("document.querySelector('.pit.legal') !== null").await == Ok(json!(true)),
        "Alice moves again"
    );
}
