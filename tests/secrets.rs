//! No log line at any level shows the bot token or an interaction token:
//! the real bot runs against the fake Discord with `RUST_LOG=trace` and the
//! library's logger ([`isolo_bot::logging`]), and its whole output is
//! searched for every token the fake handed out or checked.

mod support;

use std::io::Write;
use std::sync::{Arc, Mutex};

use isolo_bot::config::Config;
use isolo_bot::engine::Variant;
use isolo_bot::logging::{self, REDACTED};
use support::bot::{Duel, InProcess, Via};
use support::fake_discord::{FakeUser, CHANNEL_ID, TOKEN};

/// Everything the logger wrote.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log buffer").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("log buffer")).into_owned()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_log_line_shows_a_token_at_trace_level() {
    // The only test of this binary: nothing else reads the environment.
    std::env::set_var("RUST_LOG", "trace");
    let captured = Captured::default();
    let config = Config::parse(&format!("[discord]\ntoken = \"{TOKEN}\"")).expect("config");
    let sink = captured.clone();
    logging::init_with(&config, move || sink.clone()).expect("the first logger of this process");

    let bot = InProcess::start(false).await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let mut duel = Duel::start(&bot.fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    for via in [Via::Command, Via::Menu] {
        let mv = duel.choose();
        duel.play(&bot.fake, mv, via).await;
    }
    let interaction_tokens: Vec<String> = bot
        .fake
        .requests()
        .iter()
        .filter_map(|r| r.route.token().map(str::to_owned))
        .collect();
    assert!(
        interaction_tokens.len() >= 4,
        "the bot answered interactions by their tokens: {interaction_tokens:?}"
    );
    // Also checks that every request carried `Authorization: Bot {TOKEN}` and
    // the gateway IDENTIFY the token: the fake notes a problem otherwise.
    bot.stop().await;

    let log = captured.text();
    assert!(log.contains(" TRACE "), "the bot logged at trace level");
    assert!(
        log.contains(REDACTED),
        "secrets reached the logger and were hidden"
    );
    let lines = log.lines().count();
    assert!(
        !log.contains(TOKEN),
        "the bot token is in the log ({lines} lines)"
    );
    for token in &interaction_tokens {
        let shown: Vec<&str> = log
            .lines()
            .filter(|l| l.contains(token.as_str()))
            .take(3)
            .collect();
        assert!(
            shown.is_empty(),
            "interaction token {token} is in the log: {shown:#?}"
        );
    }
}
