//! Moves made on the live board's page reach Discord concurrently per game:
//! one channel's 429 never holds up another game's board, and each game's
//! boards keep their order.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use isolo_bot::engine::Variant;
use isolo_bot::table::SystemClock;
use isolo_bot::web::{WebConfig, WebParts};
use serde_json::{json, Value};
use support::bot::{Board, Duel, InProcess};
use support::fake_discord::oauth::CLIENT_SECRET;
use support::fake_discord::{FakeUser, Limit, Route, Scope, APPLICATION_ID, CHANNEL_ID, GUILD_ID, TOKEN};

/// Longest any answer may take here.
const WAIT: Duration = Duration::from_secs(20);

/// The second game's channel, in the same server.
const OTHER: u64 = CHANNEL_ID + 91;

/// How long Discord holds the other channel's board back.
const HELD: Duration = Duration::from_secs(8);

/// The first game's board arrives within this, well inside [`HELD`]: it
/// does not wait for the other channel.
const PROMPTLY: Duration = Duration::from_secs(4);

/// The bot and its live board on 127.0.0.1.
struct Site {
    bot: InProcess,
    url: String,
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(WAIT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

/// The value of `name` in a response's `Set-Cookie`s.
fn set_cookie(r: &reqwest::Response, name: &str) -> Option<String> {
    r.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, v)| *k == name && !v.is_empty())
        .map(|(_, v)| v.to_owned())
}

impl Site {
    async fn start() -> Site {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let url = format!("http://{}", listener.local_addr().expect("an address"));
        let public = url.clone();
        let bot = InProcess::start_with(false, Arc::new(SystemClock), move |c| {
            c.web.public_url = Some(public);
        })
        .await;
        let fake = &bot.fake;
        for u in [FakeUser::alice(), FakeUser::bob(), FakeUser::carol(), dave()] {
            fake.add_oauth_user(u.id, &u.name);
        }
        let config = WebConfig {
            public_url: Some(url.clone()),
            client_id: Some(APPLICATION_ID),
            client_secret: Some(CLIENT_SECRET.into()),
            session_secret: Some("a test key of at least thirty-two characters".into()),
            authorize_url: format!("{}/oauth2/authorize", fake.base_url()),
            api_url: format!("{}/api/v10", fake.base_url()),
            ..WebConfig::default()
        };
        assert_eq!(config.problem(), None);
        let parts = WebParts {
            table: bot.table.clone(),
            config,
            bot_token: Some(TOKEN.into()),
            plays_bot: false,
            local_player: None,
        };
        tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
        Site { bot, url }
    }

    /// Signs `user` in through the page's flow: (session cookie, CSRF token).
    async fn sign_in(&self, user: &FakeUser) -> (String, String) {
        let http = http();
        let login = http
            .get(format!("{}/auth/login?next=/", self.url))
            .send()
            .await
            .unwrap();
        assert_eq!(login.status(), 303);
        let state = set_cookie(&login, "isolo_oauth").expect("a state cookie");
        let to_discord = login.headers()["location"].to_str().unwrap().to_owned();
        let back = http
            .get(&to_discord)
            .header("cookie", format!("fake_discord_user={}", user.id))
            .send()
            .await
            .unwrap();
        let callback = back.headers()["location"].to_str().unwrap().to_owned();
        let signed = http
            .get(&callback)
            .header("cookie", format!("isolo_oauth={state}"))
            .send()
            .await
            .unwrap();
        assert_eq!(signed.status(), 303, "signed in");
        let cookie = format!(
            "isolo_session={}",
            set_cookie(&signed, "isolo_session").expect("a session cookie")
        );
        let me: Value = http
            .get(format!("{}/api/me", self.url))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let csrf = me["csrf"].as_str().expect("a CSRF token").to_owned();
        (cookie, csrf)
    }

    /// Plays `duel`'s next move on the page, as the player to move.
    async fn move_on_page(&self, duel: &mut Duel) {
        let (cookie, csrf) = self.sign_in(duel.to_move()).await;
        let t = &self.bot.table;
        let live = t.game(duel.channel).expect("reads").expect("a game").live;
        let key = t.link_key(duel.channel, live.id).expect("a key");
        let mv = duel.choose();
        let r = http()
            .post(format!(
                "{}/api/g/{}/{}-{key}/move",
                self.url, duel.channel, live.id
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
}

/// A member of the server.
fn dave() -> FakeUser {
    FakeUser::new(1_500_000_000_000_000_004, "dave")
}

/// A board posted in `channel` and accepted.
fn posted_in(channel: u64) -> impl Fn(&support::fake_discord::Request) -> bool {
    move |r| r.route == Route::CreateMessage { channel_id: channel } && r.status == 200
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_channels_429_never_holds_up_another_games_board_from_the_page() {
    let site = Site::start().await;
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
    site.move_on_page(&mut other).await;
    fake.wait_for(|r| r.index >= before && r.status == 429, WAIT)
        .await
        .expect("the other board is limited");
    let limited_at = Instant::now();
    // A move on the first game's page: its board is in its channel at once.
    let moved = fake.requests().len();
    site.move_on_page(&mut first).await;
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
    let site = Site::start().await;
    let fake = &site.bot.fake;
    let mut duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 23).await;
    fake.rate_limit_next(Limit {
        matches: |r| matches!(r, Route::CreateMessage { channel_id } if *channel_id == CHANNEL_ID),
        scope: Scope::User,
        retry_after: Duration::from_millis(1500),
    });
    let before = fake.requests().len();
    for _ in 0..3 {
        site.move_on_page(&mut duel).await;
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
