//! End-to-end: Discord's rate limits are obeyed. The fake Discord answers
//! like Discord (`X-RateLimit-*` headers on every answer, 429s of every
//! scope with `Retry-After` and a body without `code`) and lists any request
//! sent before a 429's `retry_after` was over as a problem, which fails
//! [`InProcess::stop`]. The bot talks to it through `[discord] api_proxy`,
//! with its own limiter on, as in production.

use crate::support;

use std::time::{Duration, Instant};

use isolo_bot::config::Config;
use isolo_bot::discord::Connection;
use isolo_bot::engine::Variant;
use serenity::all::{ChannelId, Http};
use support::bot::{prepare_environment, InProcess, Via, T};
use support::fake_discord::{
    Buckets, FakeDiscord, FakeOptions, Limit, Request, Route, Scope, SentInteraction, CHANNEL_ID, TOKEN,
};

/// Discord drops an interaction whose first response is later than this.
const DISCORD_DEADLINE: Duration = Duration::from_secs(3);

fn callback(r: &Route) -> bool {
    matches!(r, Route::InteractionCallback { .. })
}

fn followup(r: &Route) -> bool {
    matches!(r, Route::CreateFollowup { .. })
}

/// Every request sent for `sent`, in order, 429s included.
fn sent_for(fake: &FakeDiscord, sent: &SentInteraction) -> Vec<Request> {
    fake.requests()
        .into_iter()
        .filter(|r| r.was_sent_for(sent))
        .collect()
}

/// Checks that `sent`'s callback was refused once with a 429, sent again no
/// sooner than `retry_after`, accepted, answered within Discord's deadline,
/// and that no second callback followed.
fn retried_once(fake: &FakeDiscord, sent: &SentInteraction, retry_after: Duration) {
    let callbacks: Vec<Request> = sent_for(fake, sent)
        .into_iter()
        .filter(|r| callback(&r.route))
        .collect();
    let statuses: Vec<u16> = callbacks.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [429, 204], "one 429, then one accepted callback");
    let waited = callbacks[1].at - callbacks[0].at;
    assert!(
        waited >= retry_after,
        "retried after {waited:?}, before retry_after {retry_after:?}"
    );
    let answered = callbacks[1].latency_since(sent);
    assert!(
        answered < DISCORD_DEADLINE,
        "the move was answered after {answered:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_callback_is_limited_is_answered_once_after_retry_after() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 11).await;
    let fake = &bot.fake;
    for (scope, wait) in [(Scope::User, 700), (Scope::Shared, 400)] {
        let retry_after = Duration::from_millis(wait);
        fake.rate_limit_next(Limit {
            matches: callback,
            scope,
            retry_after,
        });
        let mv = duel.choose();
        let sent = duel.play(fake, mv, Via::Command).await;
        retried_once(fake, &sent, retry_after);
    }
    assert_eq!(fake.rate_limited(), [Scope::User, Scope::Shared]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_menu_move_whose_update_is_limited_is_answered_once() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 12).await;
    let fake = &bot.fake;
    let retry_after = Duration::from_millis(500);
    fake.rate_limit_next(Limit {
        matches: callback,
        scope: Scope::User,
        retry_after,
    });
    let mv = duel.choose();
    let sent = duel.play(fake, mv, Via::Menu).await;
    retried_once(fake, &sent, retry_after);
    // The board after a menu move is a followup: limited too, it still arrives.
    fake.rate_limit_next(Limit {
        matches: followup,
        scope: Scope::User,
        retry_after,
    });
    let mv = duel.choose();
    let sent = duel.play(fake, mv, Via::Menu).await;
    let followups: Vec<u16> = sent_for(fake, &sent)
        .into_iter()
        .filter(|r| followup(&r.route))
        .map(|r| r.status)
        .collect();
    assert_eq!(followups, [429, 200], "the board's followup was retried once");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_global_limit_nothing_but_interaction_answers_goes_out_until_it_is_over() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 13).await;
    let fake = &bot.fake;
    // Menu moves edit the previous board (a channel message) to retire its
    // menu: a global 429 on one such edit holds every later one back.
    let retry_after = Duration::from_millis(1200);
    fake.rate_limit_next(Limit {
        matches: |r| matches!(r, Route::EditMessage { .. } | Route::CreateMessage { .. }),
        scope: Scope::Global,
        retry_after,
    });
    let mut sent = Vec::new();
    for _ in 0..6 {
        let mv = duel.choose();
        // Every move is still answered in time: interaction answers are
        // exempt from the global limit.
        sent.push(duel.play(fake, mv, Via::Command).await);
        let first = sent_for(fake, sent.last().unwrap())
            .into_iter()
            .find(|r| r.status < 300)
            .expect("an answer");
        assert!(first.latency_since(sent.last().unwrap()) < DISCORD_DEADLINE);
    }
    let limited = fake.rate_limited();
    assert_eq!(limited, [Scope::Global], "exactly the one 429 sent on demand");
    // Whatever the global 429 refused was sent again and accepted.
    let refused: Vec<Request> = fake.requests().into_iter().filter(|r| r.status == 429).collect();
    assert_eq!(refused.len(), 1);
    let again = fake
        .wait_for(
            |r| r.index > refused[0].index && r.path == refused[0].path && r.status < 300,
            T,
        )
        .await
        .expect("the limited request is retried");
    assert!(again.at - refused[0].at >= retry_after);
    bot.stop().await;
}

/// A fake Discord whose buckets take one request a `window`.
async fn one_a_window(window: Duration) -> FakeDiscord {
    prepare_environment();
    FakeDiscord::start(FakeOptions {
        buckets: Buckets {
            limit: 1,
            per: window,
        },
        ..FakeOptions::default()
    })
    .await
}

/// The REST client as `isolo-bot run` builds it from its config, on `fake`.
fn bot_http(fake: &FakeDiscord, request_timeout_secs: u64) -> Http {
    let text = format!(
        "[discord]\ntoken = \"{TOKEN}\"\napi_proxy = \"{}\"\nrequest_timeout_secs = {request_timeout_secs}\n",
        fake.base_url()
    );
    let config = Config::parse(&text).expect("config parses");
    Connection::new(&config.discord).expect("a token").http()
}

/// Posts `n` in the test channel.
async fn post(http: &Http, n: usize) -> serenity::Result<()> {
    let body = serde_json::json!({ "content": n.to_string() });
    http.send_message(ChannelId::new(CHANNEL_ID), Vec::new(), &body)
        .await
        .map(drop)
}

/// The posts the fake has taken, in order of arrival: (number, status).
fn posts(fake: &FakeDiscord) -> Vec<(Request, usize)> {
    fake.requests()
        .into_iter()
        .filter(|r| matches!(r.route, Route::CreateMessage { .. }))
        .filter_map(|r| {
            let n = r.body["content"].as_str()?.parse().ok()?;
            Some((r, n))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_never_answered_holds_its_bucket_one_window_and_the_rest_keep_their_order() {
    let window = Duration::from_millis(400);
    let fake = one_a_window(window).await;
    // A total timeout far beyond the test: the limiter alone lets the bucket go.
    let http = std::sync::Arc::new(bot_http(&fake, 120));
    // The bot learns the bucket: one a window, none left.
    post(&http, 0).await.expect("the first post");
    // The request that opens the next window is swallowed.
    fake.swallow_next(|r| matches!(r, Route::CreateMessage { .. }));
    let swallowed = tokio::spawn({
        let http = http.clone();
        async move { post(&http, 1).await }
    });
    fake.wait_for(|r| r.status == 0, T)
        .await
        .expect("the first post of the new window goes out");
    // Four more while it is on its way, past the window the limiter estimated
    // for it, a few milliseconds apart: waiters that raced for the bucket,
    // each asking again on its own clock, would go out in any order.
    tokio::time::sleep(window + window * 3 / 8).await;
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel();
    let burst = tokio::spawn({
        let http = http.clone();
        async move {
            // One task: its timers wake, and its posts queue, in order.
            futures_util::future::join_all((2..=5).map(|n| {
                let (http, done_tx) = (http.clone(), done_tx.clone());
                async move {
                    tokio::time::sleep(Duration::from_millis(7) * (n - 2)).await;
                    let result = post(&http, n as usize).await;
                    let _ = done_tx.send((n as usize, result.map_err(|e| e.to_string())));
                }
            }))
            .await
        }
    });
    let mut answered = Vec::new();
    for _ in 2..=5 {
        match tokio::time::timeout(T, done_rx.recv()).await {
            Ok(Some((n, result))) => {
                assert!(result.is_ok(), "post {n}: {result:?}");
                answered.push(n);
            }
            _ => break,
        }
    }
    burst.abort();
    swallowed.abort();
    let arrived = posts(&fake);
    let order: Vec<(usize, u16)> = arrived.iter().map(|(r, n)| (*n, r.status)).collect();
    assert_eq!(
        answered,
        [2, 3, 4, 5],
        "every post after the swallowed one is answered: {order:?}"
    );
    assert_eq!(
        order,
        [(0, 200), (1, 0), (2, 200), (3, 200), (4, 200), (5, 200)],
        "the swallowed post, then the others in the order they were made"
    );
    // The bucket was let go one estimated window (a tenth longer than
    // Discord's) after the swallowed request's own, not at the timeout.
    let held = arrived[2].0.at - arrived[1].0.at;
    assert!(
        held >= window,
        "the next post came {held:?} after the swallowed one"
    );
    assert!(held < window * 4, "the bucket was held {held:?}");
    // Nothing went out before its bucket allowed it.
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_never_answered_is_given_up_after_the_request_timeout() {
    let fake = one_a_window(Duration::from_millis(100)).await;
    let http = bot_http(&fake, 1);
    fake.swallow_next(|r| matches!(r, Route::CreateMessage { .. }));
    let started = Instant::now();
    let result = tokio::time::timeout(T, post(&http, 1))
        .await
        .expect("the client gives up");
    let took = started.elapsed();
    assert!(result.is_err(), "a swallowed request cannot succeed");
    assert!(
        took >= Duration::from_secs(1) && took < Duration::from_secs(4),
        "given up after {took:?}, the timeout is 1 s"
    );
    // The bucket is free again: the next post goes at once.
    let started = Instant::now();
    post(&http, 2).await.expect("the next post");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    let statuses: Vec<(usize, u16)> = posts(&fake).iter().map(|(r, n)| (*n, r.status)).collect();
    assert_eq!(statuses, [(1, 0), (2, 200)]);
    fake.assert_no_problems();
}
