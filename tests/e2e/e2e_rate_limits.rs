//! End-to-end: Discord's rate limits are obeyed. The fake Discord answers
//! like Discord (`X-RateLimit-*` headers on every answer, 429s of every
//! scope with `Retry-After` and a body without `code`) and lists any request
//! sent before a 429's `retry_after` was over as a problem, which fails
//! [`InProcess::stop`]. The bot talks to it through `[discord] api_proxy`,
//! with its own limiter on, as in production.

use crate::support;

use std::time::Duration;

use isolo_bot::engine::Variant;
use support::bot::{InProcess, Via, T};
use support::fake_discord::{FakeDiscord, Limit, Request, Route, Scope, SentInteraction};

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
