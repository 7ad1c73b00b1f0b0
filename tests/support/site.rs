//! The bot with its live board on 127.0.0.1, signed in to as the page and
//! the Activity do: shared by the live board's end-to-end tests.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use isolo_bot::table::SystemClock;
use isolo_bot::web::{WebConfig, WebParts};
use serde_json::{json, Value};

use super::bot::InProcess;
use super::fake_discord::oauth::CLIENT_SECRET;
use super::fake_discord::{FakeUser, APPLICATION_ID, TOKEN};

/// Longest any answer may take.
pub const WAIT: Duration = Duration::from_secs(20);

/// The bot and its live board on 127.0.0.1.
pub struct Site {
    /// The bot, its table and the fake Discord.
    pub bot: InProcess,
    /// The board's address, `http://127.0.0.1:<port>`.
    pub url: String,
    /// The board's socket address.
    pub addr: SocketAddr,
}

/// A member of the server who is in no game.
pub fn dave() -> FakeUser {
    FakeUser::new(1_500_000_000_000_000_004, "dave")
}

/// A client that follows no redirect, through no proxy.
pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(WAIT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

/// The value of `name` in a response's `Set-Cookie`s.
pub fn set_cookie(r: &reqwest::Response, name: &str) -> Option<String> {
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
    /// The bot with its live board: sign-in through the fake's OAuth2 for
    /// alice, bob, carol and dave, the Activity if `activity`, and `[web]`
    /// as `tune` leaves it.
    pub async fn start(activity: bool, tune: impl FnOnce(&mut WebConfig)) -> Site {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("an address");
        let url = format!("http://{addr}");
        let public = url.clone();
        let bot = InProcess::start_with(false, Arc::new(SystemClock), move |c| {
            c.web.public_url = Some(public);
            c.web.activity = activity;
        })
        .await;
        let fake = &bot.fake;
        for u in [FakeUser::alice(), FakeUser::bob(), FakeUser::carol(), dave()] {
            fake.add_oauth_user(u.id, &u.name);
        }
        if activity {
            fake.enable_activity();
        }
        let mut config = WebConfig {
            public_url: Some(url.clone()),
            client_id: Some(APPLICATION_ID),
            client_secret: Some(CLIENT_SECRET.into()),
            session_secret: Some("a test key of at least thirty-two characters".into()),
            authorize_url: format!("{}/oauth2/authorize", fake.base_url()),
            api_url: format!("{}/api/v10", fake.base_url()),
            activity,
            ..WebConfig::default()
        };
        tune(&mut config);
        assert_eq!(config.problem(), None);
        let parts = WebParts {
            table: bot.table.clone(),
            config,
            bot_token: Some(TOKEN.into()),
            plays_bot: false,
            local_player: None,
        };
        tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
        Site { bot, url, addr }
    }

    /// Signs `user` in through the page's flow (Discord's authorize page,
    /// the callback); the session cookie, as a `Cookie` header.
    pub async fn sign_in(&self, user: &FakeUser) -> String {
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
        let session = set_cookie(&signed, "isolo_session").expect("a session cookie");
        format!("isolo_session={session}")
    }

    /// `/api/me` for the session `cookie`.
    pub async fn me(&self, cookie: &str) -> Value {
        http()
            .get(format!("{}/api/me", self.url))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Signs `user` in as the Activity does, for `instance`: (bearer, csrf).
    pub async fn activity_sign_in(&self, user: &FakeUser, instance: &str) -> (String, String) {
        let code = self.bot.fake.oauth_code(user.id);
        let r: Value = http()
            .post(format!("{}/api/activity/token", self.url))
            .json(&json!({ "code": code, "instance_id": instance }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        (
            r["session"].as_str().expect("a session").to_owned(),
            r["csrf"].as_str().expect("a token").to_owned(),
        )
    }

    /// The game of `channel` as its link names it: `<number>-<key>`.
    pub fn game_id(&self, channel: u64) -> String {
        let t = &self.bot.table;
        let id = t.game(channel).expect("reads").expect("a game").live.id;
        format!("{id}-{}", t.link_key(channel, id).expect("a link key"))
    }

    /// The game of `channel` as its address names it: `<channel>/<number>-<key>`.
    pub fn game_path(&self, channel: u64) -> String {
        format!("{channel}/{}", self.game_id(channel))
    }
}
