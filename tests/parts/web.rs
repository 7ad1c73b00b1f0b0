//! The live board's server without a browser: the offline page's game
//! against the computer, bad input and forged sessions refused without a
//! change, the security headers, a private game's link revealing nothing,
//! and a WebSocket that receives a move made elsewhere.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use isolo_bot::store::MemoryStore;
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, Opponent, SystemClock, Table, TableConfig,
};
use isolo_bot::web::{WebConfig, WebParts};
use serde_json::{json, Value};

/// Longest any answer may take here.
const WAIT: Duration = Duration::from_secs(20);

fn table() -> Arc<Table> {
    Arc::new(Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(SystemClock),
        TableConfig::default(),
    ))
}

/// Serves `table` on 127.0.0.1 (the offline page's when `local`); its address.
async fn serve(table: Arc<Table>, local: bool, config: WebConfig) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    let parts = WebParts {
        table,
        config,
        bot_token: None,
        plays_bot: local,
        local_player: local.then(|| (1, "You".to_owned())),
    };
    tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
    url
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(WAIT)
        .build()
        .expect("a client")
}

/// A game between two people in `guild` (0: a DM); its number.
fn start_game(t: &Table, guild: u64, channel: u64) -> u64 {
    let req = ChallengeRequest {
        guild,
        channel,
        challenger: 11,
        challenger_name: "Amani".into(),
        opponent: Opponent::User {
            id: 12,
            name: "Baraka".into(),
        },
        settings: GameSettings {
            move_secs: None,
            rated: false,
            ..GameSettings::default()
        },
    };
    match t.challenge(req).expect("a challenge") {
        ChallengeOutcome::Started(v) => v.live.id,
        ChallengeOutcome::Pending(_) => t.accept(channel, 12, None).expect("accepted").live.id,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_page_plays_the_computer() {
    let t = table();
    let url = serve(t.clone(), true, WebConfig::default()).await;
    let http = client();
    let page = http.get(format!("{url}/")).send().await.expect("the page");
    assert_eq!(page.status(), 200);
    let csp = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        csp.contains("script-src 'self'") && csp.contains("default-src 'none'"),
        "{csp}"
    );
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
    assert!(page.text().await.unwrap().contains("data-mode=\"local\""));
    let started: Value = http
        .post(format!("{url}/api/local/new"))
        .json(&json!({ "variant": "boys", "opponent": "easy" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let game = format!(
        "{url}/api/g/{}/{}",
        started["channel"].as_str().unwrap(),
        started["game"].as_str().unwrap()
    );
    let state: Value = http.get(&game).send().await.unwrap().json().await.unwrap();
    assert_eq!(state["variant"], "boys");
    assert_eq!(state["players"][1]["bot"], true);
    let pit = state["legal"][0].as_str().expect("a legal pit").to_owned();
    // Bad input: refused with a reason, nothing played.
    for body in [
        json!({ "pit": "z9", "ply": 0 }),
        json!({ "pit": pit, "ply": 5 }),
        json!({ "pit": pit }),
    ] {
        let r = http
            .post(format!("{game}/move"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_client_error(), "{body}: {}", r.status());
        let why: Value = r.json().await.unwrap();
        assert!(why["error"].as_str().is_some_and(|e| !e.is_empty()), "{why}");
    }
    let again: Value = http.get(&game).send().await.unwrap().json().await.unwrap();
    assert_eq!(again["plies"], json!([]), "nothing was played");
    // The move, then the computer's answer.
    let r = http
        .post(format!("{game}/move"))
        .json(&json!({ "pit": pit, "ply": 0 }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let start = std::time::Instant::now();
    loop {
        let s: Value = http.get(&game).send().await.unwrap().json().await.unwrap();
        let n = s["plies"].as_array().map_or(0, Vec::len);
        if n >= 2 {
            assert_eq!(s["plies"][0]["report"]["mv"], json!(pit));
            break;
        }
        assert!(start.elapsed() < WAIT, "the computer answers");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_and_a_forged_session_reveal_nothing() {
    let t = table();
    let dm = start_game(&t, 0, 500);
    let public = start_game(&t, 77, 501);
    let config = WebConfig {
        client_id: Some(3),
        client_secret: Some("secret".into()),
        session_secret: Some("k".repeat(40)),
        ..WebConfig::default()
    };
    let url = serve(t.clone(), false, config).await;
    let http = client();
    // A public game: anyone.
    let r = http
        .get(format!("{url}/api/g/501/{public}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    // A DM's game: as a game that does not exist, with or without a forged session.
    let missing: Value = http
        .get(format!("{url}/api/g/500/{}", dm + 1000))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for cookie in ["", "isolo_session=eyJ1IjoiMTEifQ.AAAA", "isolo_session=garbage"] {
        let r = http
            .get(format!("{url}/api/g/500/{dm}"))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 404, "{cookie}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(
            body["error"].as_str().map(|e| e.replace(&dm.to_string(), "N")),
            missing["error"]
                .as_str()
                .map(|e| e.replace(&(dm + 1000).to_string(), "N"))
        );
        let ws = tokio_tungstenite::connect_async(format!("ws{}/api/g/500/{dm}/ws", &url[4..])).await;
        assert!(ws.is_err(), "no socket on a private game");
    }
    // A move without a session, or to a public game by someone signed out.
    let r = http
        .post(format!("{url}/api/g/501/{public}/move"))
        .json(&json!({ "pit": "a1", "ply": 0 }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 401);
    assert!(t.game(501).unwrap().unwrap().live.moves.is_empty());
    // Sign-in starts at Discord with a state, never the secret.
    let r = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{url}/auth/login?next=//evil.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 303);
    let to = r.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        to.starts_with(
            "https://discord.com/oauth2/authorize?client_id=3&response_type=code&scope=identify&state="
        ),
        "{to}"
    );
    assert!(!to.contains("secret"), "{to}");
    // A callback without the state cookie is refused.
    let r = http
        .get(format!("{url}/auth/callback?code=x&state=y"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_receives_a_move_made_elsewhere_at_once() {
    let t = table();
    let game = start_game(&t, 77, 600);
    let url = serve(t.clone(), false, WebConfig::default()).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws{}/api/g/600/{game}/ws", &url[4..]))
        .await
        .expect("a socket");
    let first = tokio::time::timeout(WAIT, socket.next())
        .await
        .expect("the game at once")
        .unwrap()
        .unwrap();
    let state: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    let pit = state["legal"][0].as_str().unwrap().to_owned();
    // A move through the table, as /isolo move makes it.
    let committed = std::time::Instant::now();
    t.play(600, 11, &pit).expect("a move");
    let pushed = tokio::time::timeout(WAIT, socket.next())
        .await
        .expect("pushed")
        .unwrap()
        .unwrap();
    let took = committed.elapsed();
    let update: Value = serde_json::from_str(pushed.to_text().unwrap()).unwrap();
    assert_eq!(update["kind"], "update");
    assert_eq!(update["from"], 0);
    assert_eq!(update["plies"][0]["report"]["mv"], json!(pit));
    assert_eq!(update["to_move"], "north");
    // Not a timing test: a bound far above the 100 ms aim, to catch a push
    // that waits for something (a poll, a timer).
    assert!(took < Duration::from_secs(5), "pushed after {took:?}");
}
