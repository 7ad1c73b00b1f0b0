//! The live board as safe as the bot, against the real bot and the fake
//! Discord, without a browser: a stranger's junk sign-ins and instance ids
//! cost Discord almost nothing; behind a trusted proxy every client has its
//! own allowance, and nobody else picks their own address; slow clients
//! cannot take the server's connections while a game goes on; a game in a
//! hidden channel is watched only by members who can see it; sessions end
//! on the server; the Activity's socket is accepted from Discord's proxy,
//! with its session in its first message.

use crate::support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use isolo_bot::engine::Variant;
use serde_json::{json, Value};
use support::bot::{Duel, Via};
use support::fake_discord::{FakeUser, APPLICATION_ID, CHANNEL_ID, GUILD_ID};
use support::site::{dave, http, Site, WAIT};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_junk_sign_ins_and_instance_ids_cost_discord_almost_nothing() {
    let site = Site::start(true, |c| c.trusted_proxies = vec!["127.0.0.1".into()]).await;
    let fake = &site.bot.fake;
    let http = http();
    // A real member's session for an instance Discord does not know: the
    // instance is asked about once, however often the page is loaded.
    fake.start_activity_instance("i-real", CHANNEL_ID, Some(GUILD_ID), vec![FakeUser::alice().id]);
    let (bearer, _) = site.activity_sign_in(&FakeUser::alice(), "i-junk").await;
    for _ in 0..60 {
        let r = http
            .get(format!("{}/api/activity/game?channel_id={CHANNEL_ID}", site.url))
            .header("x-forwarded-for", "198.51.100.77")
            .bearer_auth(&bearer)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 403);
    }
    let junk = |code: String, instance: String, from: Option<String>| {
        let mut r = http
            .post(format!("{}/api/activity/token", site.url))
            .json(&json!({ "code": code, "instance_id": instance }));
        if let Some(from) = from {
            r = r.header("x-forwarded-for", from);
        }
        r.send()
    };
    assert_eq!(
        fake.activity_instance_checks(),
        vec!["i-junk".to_owned()],
        "asked once"
    );
    // One address loops junk codes: a burst of ten reaches Discord.
    let before = fake.oauth_token_requests();
    let mut statuses = Vec::new();
    for i in 0..200 {
        statuses.push(
            junk(format!("junk-{i}"), format!("i-{i}"), None)
                .await
                .unwrap()
                .status()
                .as_u16(),
        );
    }
    let asked = fake.oauth_token_requests();
    assert!(
        (1..=11).contains(&(asked - before)),
        "{asked} code exchanges for one address"
    );
    assert!(
        statuses.iter().all(|s| [429, 502, 503].contains(s)),
        "{statuses:?}"
    );
    assert!(statuses.contains(&429));
    // The same junk code again and again, from a fresh address: asked once.
    for _ in 0..50 {
        let r = junk("junk-again".into(), "i".into(), Some("198.51.100.1".into()))
            .await
            .unwrap();
        assert_ne!(r.status(), 200);
    }
    assert!(
        fake.oauth_token_requests() <= asked + 1,
        "a failed code is remembered"
    );
    // Many addresses at once: the server's own budget holds.
    let before = fake.oauth_token_requests();
    let started = Instant::now();
    for i in 0..250u32 {
        let from = format!("203.0.{}.{}", i / 200, i % 200 + 1);
        let _ = junk(format!("many-{i}"), "i".into(), Some(from)).await.unwrap();
    }
    let spent = fake.oauth_token_requests() - before;
    let bound = 31 + (5.0 * started.elapsed().as_secs_f64()).ceil() as usize;
    assert!(
        spent <= bound,
        "{spent} code exchanges from 250 addresses (bound {bound})"
    );
    assert_eq!(
        fake.activity_instance_checks(),
        vec!["i-junk".to_owned()],
        "asked once"
    );
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_every_client_has_its_own_allowance() {
    let behind = Site::start(true, |c| c.trusted_proxies = vec!["127.0.0.0/8".into()]).await;
    let http = http();
    let get = |url: &str, from: &str| {
        http.get(format!("{url}/client/style.css"))
            .header("x-forwarded-for", from.to_owned())
            .send()
    };
    // One busy client behind the proxy is told to wait...
    let mut limited = false;
    for _ in 0..120 {
        if get(&behind.url, "203.0.113.1").await.unwrap().status() == 429 {
            limited = true;
            break;
        }
    }
    assert!(limited, "a flood from one client is limited");
    // ...and nobody else is: the proxy's own address is not one bucket.
    assert_eq!(get(&behind.url, "203.0.113.2").await.unwrap().status(), 200);
    let forwarded = http
        .get(format!("{}/client/style.css", behind.url))
        .header("forwarded", "for=\"[2001:db8::9]:4711\";proto=https")
        .send()
        .await
        .unwrap();
    assert_eq!(forwarded.status(), 200);
    // Without trusted proxies a forwarding header is just a header: a client
    // cannot pick a fresh address per request to escape its allowance.
    let open = Site::start(true, |_| {}).await;
    let mut limited = false;
    for i in 0..120 {
        let from = format!("198.51.100.{}", i + 1);
        if get(&open.url, &from).await.unwrap().status() == 429 {
            limited = true;
            break;
        }
    }
    assert!(limited, "spoofed X-Forwarded-For escaped the limit");
}

/// Opens a connection that sends half a request's headers and stalls.
async fn slow_client(addr: SocketAddr) -> Option<tokio::net::TcpStream> {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.ok()?;
    tcp.write_all(b"GET /client/style.css HTTP/1.1\r\nHost: x\r\n")
        .await
        .ok()?;
    Some(tcp)
}

/// Whether the server closed `tcp` within `within` (an end of stream or a reset).
async fn closed_within(tcp: &mut tokio::net::TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 512];
    loop {
        match tokio::time::timeout(within, tcp.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_cannot_take_the_servers_connections_while_a_game_is_played() {
    let site = Site::start(true, |c| {
        c.connections_per_address = 8;
        c.max_connections = 64;
        c.header_timeout_secs = 2;
        c.idle_timeout_secs = 3;
    })
    .await;
    let fake = &site.bot.fake;
    let mut duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 11).await;
    // Forty slow clients from one address: eight are let in, the rest are
    // closed at once, before anything is read.
    let mut slow = Vec::new();
    for _ in 0..40 {
        if let Some(tcp) = slow_client(site.addr).await {
            slow.push(tcp);
        }
    }
    let mut turned_away = 0;
    for tcp in slow.iter_mut() {
        if closed_within(tcp, Duration::from_millis(300)).await {
            turned_away += 1;
        }
    }
    assert!(turned_away >= 32, "{turned_away} of 40 turned away");
    // Meanwhile the game goes on in Discord, and another address is served.
    for _ in 0..4 {
        let mv = duel.choose();
        duel.play(fake, mv, Via::Command).await;
    }
    let other = reqwest::Client::builder()
        .no_proxy()
        .timeout(WAIT)
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let page = other
        .get(format!("{}/client/style.css", site.url))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    // The eight that got in are closed once their headers are overdue.
    let started = Instant::now();
    for tcp in slow.iter_mut() {
        assert!(
            closed_within(tcp, WAIT).await,
            "a slow client kept its connection"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    // And the address is welcome again.
    let r = http()
        .get(format!("{}/client/style.css", site.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_hidden_channel_is_watched_only_by_members_who_can_see_it() {
    let site = Site::start(true, |_| {}).await;
    let fake = &site.bot.fake;
    let carol = FakeUser::carol();
    fake.hide_channel(CHANNEL_ID, &[carol.id]);
    let _duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 5).await;
    let path = site.game_path(CHANNEL_ID);
    let http = http();
    let status = |cookie: Option<String>, what: &'static str| {
        let mut r = http.get(format!("{}/{what}", site.url).replace("{}", &path));
        if let Some(c) = cookie {
            r = r.header("cookie", c);
        }
        r.send()
    };
    // Anyone: nothing, not even the link preview's picture.
    assert_eq!(status(None, "api/g/{}").await.unwrap().status(), 404);
    assert_eq!(status(None, "g/{}/board.png").await.unwrap().status(), 404);
    let page = status(None, "g/{}").await.unwrap().text().await.unwrap();
    assert!(!page.contains("og:image"), "the preview shows a hidden game");
    // Dave is in the server but cannot see the channel.
    let dave = site.sign_in(&dave()).await;
    assert_eq!(status(Some(dave), "api/g/{}").await.unwrap().status(), 404);
    // Carol can see it; Alice plays in it.
    let carol_cookie = site.sign_in(&carol).await;
    let r = status(Some(carol_cookie.clone()), "api/g/{}").await.unwrap();
    assert_eq!(r.status(), 200);
    let png = status(Some(carol_cookie.clone()), "g/{}/board.png")
        .await
        .unwrap();
    assert_eq!(png.headers()["cache-control"], "no-store, private");
    let alice = site.sign_in(&FakeUser::alice()).await;
    assert_eq!(status(Some(alice), "api/g/{}").await.unwrap().status(), 200);
    // Carol's socket gets the game; an anonymous one is refused.
    let ws = format!("ws{}/api/g/{path}/ws", &site.url[4..]);
    let mut request = ws.clone().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("cookie", carol_cookie.parse().unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .expect("carol's socket");
    let first = tokio::time::timeout(WAIT, socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let state: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert_eq!(state["channel"], json!(CHANNEL_ID.to_string()));
    assert!(tokio_tungstenite::connect_async(&ws).await.is_err());
    // The number alone, or a wrong key, opens nothing for anyone.
    let id = path.split(['/', '-']).nth(1).unwrap().to_owned();
    for bad in [
        format!("{CHANNEL_ID}/{id}"),
        format!("{CHANNEL_ID}/{id}-AAAAAAAAAAAAAAAA"),
    ] {
        let r = http
            .get(format!("{}/api/g/{bad}", site.url))
            .header("cookie", &carol_cookie)
            .send()
            .await
            .unwrap();
        assert!([400, 404].contains(&r.status().as_u16()), "{bad}: {}", r.status());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_channel_everyone_sees_is_public_by_its_link() {
    let site = Site::start(true, |_| {}).await;
    let fake = &site.bot.fake;
    let _duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 6).await;
    let path = site.game_path(CHANNEL_ID);
    let r = http()
        .get(format!("{}/api/g/{path}", site.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let page = http()
        .get(format!("{}/g/{path}", site.url))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(&format!("/g/{path}/board.png")),
        "the preview shows the board"
    );
    // The board message in Discord links to the same address.
    let linked = fake
        .requests()
        .iter()
        .any(|r| r.body.to_string().contains(&format!("/g/{path}")));
    assert!(linked, "the board links to its keyed page");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_on_the_server_and_never_travel_in_an_address() {
    let site = Site::start(true, |_| {}).await;
    let http = http();
    let me = |auth: String| {
        http.get(format!("{}/api/me", site.url))
            .header("authorization", format!("Bearer {auth}"))
            .send()
    };
    // Signing out ends the session itself: the same token is refused after.
    let (bearer, csrf) = site.activity_sign_in(&FakeUser::alice(), "i-1").await;
    let who: Value = me(bearer.clone()).await.unwrap().json().await.unwrap();
    assert_eq!(who["user"], json!(FakeUser::alice().id.to_string()));
    let out = http
        .post(format!("{}/auth/logout", site.url))
        .bearer_auth(&bearer)
        .header("x-isolo-csrf", &csrf)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(out.status(), 200);
    let who: Value = me(bearer).await.unwrap().json().await.unwrap();
    assert_eq!(who["user"], Value::Null, "a stolen token outlives sign-out");
    // Forget-me ends every session of the member.
    let (carols, _) = site.activity_sign_in(&FakeUser::carol(), "i-2").await;
    let (carols_other, _) = site.activity_sign_in(&FakeUser::carol(), "i-3").await;
    site.bot
        .table
        .forget_member(FakeUser::carol().id)
        .expect("forgotten");
    // Within the few seconds a live session is trusted between store reads.
    tokio::time::sleep(Duration::from_secs(6)).await;
    for token in [carols, carols_other] {
        let who: Value = me(token).await.unwrap().json().await.unwrap();
        assert_eq!(who["user"], Value::Null);
    }
    // The Activity's socket: a session in the address is not read; in the
    // first message it is.
    let fake = &site.bot.fake;
    let bob = FakeUser::bob();
    let _duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 9).await;
    fake.hide_channel(CHANNEL_ID, &[]);
    let path = site.game_path(CHANNEL_ID);
    let (bobs, _) = site.activity_sign_in(&bob, "i-4").await;
    let in_address = format!("ws{}/api/g/{path}/ws?s={bobs}", &site.url[4..]);
    assert!(
        tokio_tungstenite::connect_async(&in_address).await.is_err(),
        "a session in the address opened a hidden game"
    );
    let by_message = format!("ws{}/api/g/{path}/ws?auth=message", &site.url[4..]);
    let (mut socket, _) = tokio_tungstenite::connect_async(&by_message)
        .await
        .expect("a socket");
    socket
        .send(tokio_tungstenite::tungstenite::Message::Text(
            json!({ "session": bobs }).to_string(),
        ))
        .await
        .unwrap();
    let first = tokio::time::timeout(WAIT, socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let state: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
    assert!(state["plies"].is_array(), "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activitys_socket_is_accepted_from_discords_proxy_and_no_other_site() {
    let site = Site::start(true, |_| {}).await;
    let fake = &site.bot.fake;
    let _duel = Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Women, 4).await;
    let path = site.game_path(CHANNEL_ID);
    let ws = format!("ws{}/api/g/{path}/ws", &site.url[4..]);
    let with_origin = |origin: String| {
        let mut request = ws.clone().into_client_request().unwrap();
        request.headers_mut().insert("origin", origin.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    let (mut socket, _) = with_origin(format!("https://{APPLICATION_ID}.discordsays.com"))
        .await
        .expect("the Activity's socket");
    let first = tokio::time::timeout(WAIT, socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(first.to_text().unwrap().contains("\"plies\""));
    for evil in [
        "https://evil.example".to_owned(),
        "https://1.discordsays.com".to_owned(),
        format!("http://{APPLICATION_ID}.discordsays.com"),
        format!("https://{APPLICATION_ID}.discordsays.com.evil.example"),
    ] {
        assert!(with_origin(evil.clone()).await.is_err(), "{evil}");
    }
}
