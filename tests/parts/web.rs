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
use isolo_bot::web::{WebConfig, WebParts, LOCAL_CHANNEL};
use serde_json::{json, Value};

/// Longest any answer may take here.
const WAIT: Duration = Duration::from_secs(20);

pub(super) fn table() -> Arc<Table> {
    Arc::new(Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(SystemClock),
        TableConfig::default(),
    ))
}

/// Serves `table` on 127.0.0.1 (the offline page's when `local`, whose
/// every visitor is member `local`); its address.
async fn serve(table: Arc<Table>, local: Option<u64>, config: WebConfig) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    let parts = WebParts {
        table,
        config,
        bot_token: None,
        plays_bot: local.is_some(),
        local_player: local.map(|id| (id, "You".to_owned())),
    };
    tokio::spawn(isolo_bot::web::serve(listener, parts, std::future::pending()));
    url
}

/// The offline page's token, as its page reads it from `/api/me`.
async fn page_token(http: &reqwest::Client, url: &str) -> String {
    let me: Value = http
        .get(format!("{url}/api/me"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    me["csrf"].as_str().expect("a token").to_owned()
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .timeout(WAIT)
        .build()
        .expect("a client")
}

/// A game between two people in `guild` (0: a DM); its number.
pub(super) fn start_game(t: &Table, guild: u64, channel: u64) -> u64 {
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
    let url = serve(t.clone(), Some(1), WebConfig::default()).await;
    let http = client();
    let token = page_token(&http, &url).await;
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
        .header("x-isolo-csrf", &token)
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
            .header("x-isolo-csrf", &token)
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
        .header("x-isolo-csrf", &token)
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
async fn the_offline_page_takes_no_orders_from_another_site() {
    let t = table();
    let url = serve(t.clone(), Some(1), WebConfig::default()).await;
    let http = client();
    let token = page_token(&http, &url).await;
    let body = r#"{"variant": "boys", "opponent": "easy"}"#;
    // What any page may send without a preflight: a text/plain or form post.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let r = http
            .post(format!("{url}/api/local/new"))
            .header("content-type", kind)
            .header("x-isolo-csrf", &token)
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 415, "{kind}");
    }
    // JSON, but from another site's page, or without the page's token.
    let forged: [(&str, &str); 4] = [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
        ("sec-fetch-site", "same-site"),
        ("x-isolo-csrf", "not-the-token"),
    ];
    for (name, value) in forged {
        let mut r = http
            .post(format!("{url}/api/local/new"))
            .header("content-type", "application/json")
            .header(name, value);
        if name != "x-isolo-csrf" {
            r = r.header("x-isolo-csrf", &token);
        }
        let r = r.body(body).send().await.unwrap();
        assert_eq!(r.status(), 403, "{name}: {value}");
    }
    let r = http
        .post(format!("{url}/api/local/new"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403, "no token");
    assert!(t.game(LOCAL_CHANNEL).unwrap().is_none(), "no game was started");
    // The page itself: its own origin, its token.
    let r = http
        .post(format!("{url}/api/local/new"))
        .header("content-type", "application/json")
        .header("origin", &url)
        .header("sec-fetch-site", "same-origin")
        .header("x-isolo-csrf", &token)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert!(t.game(LOCAL_CHANNEL).unwrap().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_and_a_forged_session_reveal_nothing() {
    let t = table();
    let dm = start_game(&t, 0, 500);
    let server = start_game(&t, 77, 501);
    let config = WebConfig {
        client_id: Some(3),
        client_secret: Some("secret".into()),
        session_secret: Some("k".repeat(40)),
        ..WebConfig::default()
    };
    let url = serve(t.clone(), None, config).await;
    let http = client();
    let dm_key = t.link_key(500, dm).unwrap();
    let missing: Value = http
        .get(format!("{url}/api/g/500/{}-{dm_key}", dm + 1000))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    // Game numbers count up, so a number alone, or with another game's
    // key, opens nothing.
    let other_key = t.link_key(501, server).unwrap();
    for path in [
        format!("500/{dm}"),
        format!("500/{dm}-{other_key}"),
        format!("500/{dm}-"),
    ] {
        let r = http.get(format!("{url}/api/g/{path}")).send().await.unwrap();
        assert!(
            [400, 404].contains(&r.status().as_u16()),
            "{path}: {}",
            r.status()
        );
    }
    // A server game with no Discord to ask who can see its channel stays
    // closed: never opened on a guess.
    let r = http
        .get(format!("{url}/api/g/501/{server}-{other_key}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404);
    // A DM's game with its key: as a game that does not exist, with or
    // without a forged session.
    for cookie in ["", "isolo_session=eyJ1IjoiMTEifQ.AAAA", "isolo_session=garbage"] {
        let r = http
            .get(format!("{url}/api/g/500/{dm}-{dm_key}"))
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
        let ws =
            tokio_tungstenite::connect_async(format!("ws{}/api/g/500/{dm}-{dm_key}/ws", &url[4..])).await;
        assert!(ws.is_err(), "no socket on a private game");
        let png = http
            .get(format!("{url}/g/500/{dm}-{dm_key}/board.png"))
            .header("cookie", cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(png.status(), 404);
    }
    // A move without a session.
    let r = http
        .post(format!("{url}/api/g/501/{server}-{other_key}/move"))
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
async fn a_players_private_board_picture_is_never_kept_by_a_cache() {
    let t = table();
    let dm = start_game(&t, 0, 700);
    // The offline page's visitor is the player here.
    let url = serve(t.clone(), Some(11), WebConfig::default()).await;
    let key = t.link_key(700, dm).unwrap();
    let png = client()
        .get(format!("{url}/g/700/{dm}-{key}/board.png"))
        .send()
        .await
        .unwrap();
    assert_eq!(png.status(), 200);
    assert_eq!(png.headers()["cache-control"], "no-store, private");
    assert_eq!(png.headers()["content-type"], "image/png");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_cannot_send_its_policy_does_not_start() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let parts = WebParts {
        table: table(),
        config: WebConfig {
            frame_ancestors: vec!["https://discord.com\nX-Evil: 1".into()],
            ..WebConfig::default()
        },
        bot_token: None,
        plays_bot: false,
        local_player: None,
    };
    let served = tokio::time::timeout(
        WAIT,
        isolo_bot::web::serve(listener, parts, std::future::pending()),
    )
    .await
    .expect("refused at once");
    assert!(served.is_err(), "the server started without its policy");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_receives_a_move_made_elsewhere_at_once() {
    let t = table();
    let game = start_game(&t, 0, 600);
    let key = t.link_key(600, game).unwrap();
    let url = serve(t.clone(), Some(11), WebConfig::default()).await;
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws{}/api/g/600/{game}-{key}/ws", &url[4..]))
            .await
            .expect("a socket");
    let first = tokio::time::timeout(WAIT, socket.next())
        .await
        .expect("the game at once")
        .unwrap()
        .unwrap();
    let state: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(state["key"], json!(key));
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

/// A page's copy of a game, kept as `web/app.js` keeps it: a whole state,
/// then updates merged from their `from`; an update past what it has means
/// it missed one, so it reads the whole game again.
struct PageCopy {
    plies: Vec<Value>,
    rereads: usize,
}

impl PageCopy {
    async fn receive(&mut self, message: Value, http: &reqwest::Client, api: &str) {
        if message["kind"] == "update" {
            let from = message["from"].as_u64().unwrap() as usize;
            let new = message["plies"].as_array().unwrap();
            if from > self.plies.len() {
                let whole: Value = http.get(api).send().await.unwrap().json().await.unwrap();
                self.plies = whole["plies"].as_array().unwrap().clone();
                self.rereads += 1;
            } else if from + new.len() >= self.plies.len() {
                self.plies.truncate(from);
                self.plies.extend(new.iter().cloned());
            }
        } else {
            let plies = message["plies"].as_array().expect("a whole game").clone();
            if plies.len() >= self.plies.len() {
                self.plies = plies;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn every_page_ends_at_the_stored_game_however_moves_and_sockets_race() {
    let t = table();
    let game = start_game(&t, 0, 800);
    let key = t.link_key(800, game).unwrap();
    let url = serve(t.clone(), Some(11), WebConfig::default()).await;
    let api = format!("{url}/api/g/800/{game}-{key}");
    let ws_url = format!("ws{}/ws", &api[4..]);
    // Moves from two threads at once (each tries its side's first legal
    // pit; a lost race or a turn not theirs is refused and tried again),
    // while pages join, leave and join again.
    let movers: Vec<_> = [11u64, 12]
        .into_iter()
        .map(|user| {
            let t = t.clone();
            std::thread::spawn(move || {
                let started = std::time::Instant::now();
                let mut made = 0;
                while made < 15 && started.elapsed() < Duration::from_secs(30) {
                    let Some(view) = t.game(800).unwrap() else { break };
                    let mine = view.to_move().and_then(|s| s.user()) == Some(user);
                    let pit = view.game.legal_moves().iter().next().map(|m| m.to_string());
                    match (mine, pit) {
                        (true, Some(pit)) => {
                            if t.play(800, user, &pit).is_ok() {
                                made += 1;
                            }
                        }
                        (_, None) => break,
                        _ => std::thread::sleep(Duration::from_millis(2)),
                    }
                }
            })
        })
        .collect();
    let http = client();
    let mut pages = Vec::new();
    for round in 0..6u64 {
        let (mut socket, _) = tokio_tungstenite::connect_async(&ws_url).await.expect("a socket");
        let mut page = PageCopy {
            plies: Vec::new(),
            rereads: 0,
        };
        // Each page reads for a while, then the next one joins.
        let until = tokio::time::Instant::now() + Duration::from_millis(100 + 50 * round);
        while let Ok(Some(Ok(m))) = tokio::time::timeout_at(until, socket.next()).await {
            if let Ok(text) = m.to_text() {
                page.receive(serde_json::from_str(text).unwrap(), &http, &api)
                    .await;
            }
        }
        pages.push((socket, page));
    }
    for m in movers {
        m.join().expect("a mover");
    }
    let stored = |t: &Table| -> usize {
        t.game(800)
            .unwrap()
            .map(|v| v.live.moves.len())
            .or_else(|| t.finished(game).unwrap().map(|f| f.record.moves.len()))
            .unwrap()
    };
    let want = stored(&t);
    assert!(want > 0);
    for (i, (socket, page)) in pages.iter_mut().enumerate() {
        let deadline = tokio::time::Instant::now() + WAIT;
        while page.plies.len() != want {
            match tokio::time::timeout_at(deadline, socket.next()).await {
                Ok(Some(Ok(m))) => {
                    if let Ok(text) = m.to_text() {
                        page.receive(serde_json::from_str(text).unwrap(), &http, &api)
                            .await;
                    }
                }
                other => panic!(
                    "page {i} stopped at {} of {want} plies: {other:?}",
                    page.plies.len()
                ),
            }
        }
        let whole: Value = http.get(&api).send().await.unwrap().json().await.unwrap();
        assert_eq!(&page.plies, whole["plies"].as_array().unwrap(), "page {i}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_api_refuses_a_game_in_progress_and_bad_variations_and_changes_nothing() {
    use isolo_bot::table::TableError;
    use isolo_bot::words::{refusal::refusal, Lang};
    let t = table();
    let id = start_game(&t, 0, 77);
    // The offline page's visitor is Amani (11), who plays the game.
    let url = serve(t.clone(), Some(11), WebConfig::default()).await;
    let http = client();
    let game = format!("{url}/api/g/77/{id}-{}", t.link_key(77, id).expect("a key"));
    let pit = crate::first_legal(&t, 77);
    t.play(77, 11, &pit).expect("legal");
    let later = refusal(Lang::ENGLISH, &TableError::EngineLater);
    let r = http.get(format!("{game}/analysis")).send().await.unwrap();
    assert_eq!(r.status(), 422);
    assert_eq!(r.json::<Value>().await.unwrap()["error"], json!(later));
    let r = http
        .post(format!("{game}/variation"))
        .json(&json!({ "ply": 1, "moves": [] }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 422, "no engine line for a player during the game");
    assert_eq!(r.json::<Value>().await.unwrap()["error"], json!(later));

    t.resign(77, 12).expect("resigns");
    let record = t.finished(id).unwrap().unwrap().record;
    let analysis: Value = http
        .get(format!("{game}/analysis"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(analysis["plies"], json!(1));
    assert_eq!(analysis["points"][0]["played"], json!(pit));
    assert!(analysis["points"][0]["label"]
        .as_str()
        .is_some_and(|l| l.contains(&pit)));
    let fine: Value = http
        .post(format!("{game}/variation"))
        .json(&json!({ "ply": 0, "moves": [pit] }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(fine["moves"], json!([pit]));
    assert!(
        fine["line"]["moves"][0].is_string(),
        "the computer answers: {fine}"
    );
    // Bad variations: a reason each, nothing changed.
    for (body, status) in [
        (json!({ "ply": 0, "moves": ["z9"] }), 422),
        (json!({ "ply": 0, "moves": ["d4"] }), 422),
        (json!({ "ply": 2, "moves": [] }), 422),
        (json!({ "ply": 0, "moves": vec!["a1"; 41] }), 422),
        (json!({ "moves": [] }), 400),
        (json!({ "ply": 0, "moves": [], "store": true }), 400),
    ] {
        let r = http
            .post(format!("{game}/variation"))
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), status, "{body}");
        let why: Value = r.json().await.unwrap();
        assert!(why["error"].as_str().is_some_and(|e| !e.is_empty()), "{why}");
    }
    // Only this site's page asks: not a form, not another site.
    let r = http
        .post(format!("{game}/variation"))
        .header("content-type", "text/plain")
        .body(r#"{"ply": 0, "moves": []}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 415);
    let r = http
        .post(format!("{game}/variation"))
        .header("origin", "https://evil.example")
        .json(&json!({ "ply": 0, "moves": [] }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    assert_eq!(t.finished(id).unwrap().unwrap().record, record);
    assert!(t.game(77).unwrap().is_none());
}
