//! serenity's rate limiter as patched (vendor/serenity/PATCHES.md, patch 7):
//! responses that come back out of order never make it count more requests
//! left than Discord does.

use serenity::http::{LightMethod, Ratelimit, Request, Route};
use serenity::model::id::{ChannelId, MessageId};

/// A response of one bucket: `remaining` left in the window ending at `reset`.
fn response(status: u16, remaining: u32, reset: f64) -> reqwest::Response {
    http::Response::builder()
        .status(status)
        .header("x-ratelimit-limit", "50")
        .header("x-ratelimit-remaining", remaining.to_string())
        .header("x-ratelimit-reset", format!("{reset:.3}"))
        .header(
            "x-ratelimit-reset-after",
            format!("{:.3}", (reset - now()).max(0.0)),
        )
        .body(Vec::<u8>::new())
        .expect("a response")
        .into()
}

fn request() -> Request<'static> {
    let route = Route::ChannelMessage {
        channel_id: ChannelId::new(1),
        message_id: MessageId::new(2),
    };
    Request::new(route, LightMethod::Patch)
}

async fn hear(limit: &mut Ratelimit, status: u16, remaining: u32, reset: f64) -> bool {
    let req = request();
    limit
        .post_hook(&response(status, remaining, reset), &req, &|_| {}, false)
        .await
        .expect("headers read")
}

fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs_f64()
}

#[tokio::test]
async fn a_late_response_never_raises_the_count_of_its_window() {
    let mut limit = Ratelimit::default();
    let reset = now() + 0.5;
    // Discord counted the first request (10 left), then the second (9 left),
    // but the second's response came back first.
    assert!(!hear(&mut limit, 200, 9, reset).await);
    assert_eq!(limit.remaining(), 9);
    assert!(!hear(&mut limit, 200, 10, reset).await);
    assert_eq!(limit.remaining(), 9, "the lower count of one window stands");
    // The same window, its reset rounded a millisecond the other way.
    assert!(!hear(&mut limit, 200, 8, reset + 0.001).await);
    assert_eq!(limit.remaining(), 8);
}

#[tokio::test]
async fn a_response_of_an_earlier_window_is_stale() {
    let mut limit = Ratelimit::default();
    let reset = now() + 0.5;
    assert!(!hear(&mut limit, 200, 49, reset + 1.0).await);
    assert_eq!(limit.remaining(), 49, "a new window's figures are taken");
    assert!(!hear(&mut limit, 200, 0, reset).await);
    assert_eq!(
        limit.remaining(),
        49,
        "the last window's count says nothing of this one"
    );
    assert!(hear(&mut limit, 429, 0, reset).await, "a 429 is still reported");
}

#[tokio::test]
async fn a_429_names_no_window() {
    let mut limit = Ratelimit::default();
    let reset = now() + 0.5;
    assert!(!hear(&mut limit, 200, 30, reset).await);
    // A 429 whose reset is when to retry, later than the window's end.
    assert!(hear(&mut limit, 429, 0, reset + 2.0).await);
    assert_eq!(limit.remaining(), 0, "nothing is sent before the wait");
    // Later answers of the window are still heard.
    assert!(!hear(&mut limit, 200, 20, reset).await);
    assert_eq!(limit.remaining(), 0, "the lowest count of the window stands");
}

#[tokio::test]
async fn a_wait_follows_the_figures_that_come_in_meanwhile() {
    let mut limit = Ratelimit::default();
    let reset = now() + 0.05;
    assert!(!hear(&mut limit, 200, 0, reset).await);
    let wait = limit.admit(&request(), &|_| {}).expect("none left: wait");
    assert!(wait.as_secs_f64() < 0.2, "{wait:?}");
    // While it waits, a response says Discord's window ends later than that.
    assert!(!hear(&mut limit, 200, 0, reset + 0.5).await);
    let wait = limit.admit(&request(), &|_| {}).expect("still none left");
    assert!(wait.as_secs_f64() > 0.3, "the later reset is obeyed: {wait:?}");
}

#[tokio::test]
async fn a_window_of_our_own_estimate_opens_with_one_request() {
    let mut limit = Ratelimit::default();
    let reset = now() + 0.03;
    assert!(!hear(&mut limit, 200, 0, reset).await);
    // Past the reset (and its margin): a queue of requests is waiting.
    tokio::time::sleep(std::time::Duration::from_millis(80)).await;
    assert_eq!(limit.admit(&request(), &|_| {}), None, "one opens the window");
    for _ in 0..5 {
        assert!(
            limit.admit(&request(), &|_| {}).is_some(),
            "the rest wait for Discord's figures: its window may not have reset yet"
        );
    }
    // Discord's figures for the new window: the rest go.
    assert!(!hear(&mut limit, 200, 48, now() + 1.0).await);
    assert_eq!(limit.admit(&request(), &|_| {}), None);
    assert_eq!(limit.remaining(), 47);
}
