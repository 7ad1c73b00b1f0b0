//! `isolo-bot run`: the Discord bot. The one place that builds it: the store,
//! the hosting layer over it, and the adapter they are handed to.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use clap::Args;
use isolo_bot::config::Config;
use isolo_bot::discord::{self, Connection};
use isolo_bot::table::{SystemClock, Table};

/// Options of `run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    config: super::ConfigArg,
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM: {e}");
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// Malloc arenas the bot's threads share.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_ARENAS: libc::c_int = 4;

/// glibc gives threads that allocate at once arenas of their own, up to 8 a
/// core, and memory freed in one arena is not reused by another. The bot
/// runs each store operation on a blocking thread, dozens of them when a
/// burst comes, so its memory grew by arenas (in the soak of `tests/load.rs`,
/// 15 arenas of 2-9 MiB beside sled's cache) rather than levelling off. A few
/// shared ones hold it, at no cost the throughput measurement could see (bot
/// CPU a move 3.5-4.0 ms with 4 arenas, 3.55-4.1 ms with 16, taken in turn).
/// (`MALLOC_ARENA_MAX` in the environment still decides, if set.)
fn bound_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_ARENA_MAX").is_none() {
        // SAFETY: mallopt only changes the allocator's settings, under its own lock.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, MALLOC_ARENAS);
        }
    }
}

/// Runs the bot until Ctrl-C or SIGTERM.
pub fn run(args: &RunArgs) -> anyhow::Result<ExitCode> {
    // Before any thread starts: glibc fixes its arena limit at the first
    // arena it makes past the main one.
    bound_malloc_arenas();
    let config = args.config.load()?;
    // Every log line goes through the redactor: no token reaches the log.
    isolo_bot::logging::init(&config);
    for warning in &config.warnings {
        tracing::warn!("config: {warning}");
    }
    // Without a token nothing is opened: no store is made by a mistake.
    let metrics = Arc::new(isolo_bot::metrics::Metrics::new([]));
    let connection = Connection::new(&config.discord)
        .map_err(super::config_failure)?
        .with_metrics(metrics.clone(), config.metrics.listen)
        .with_live(served_url(&config).as_deref(), config.web.activity);
    let table = Arc::new(build_table(&config)?.with_metrics(metrics));
    let runtime = tokio::runtime::Runtime::new()?;
    if let Some(addr) = config.web.listen {
        // Bound first: a taken port is an error before anything connects.
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(addr))
            .with_context(|| format!("[web] listen: cannot listen on {addr}"))?;
        let parts = web_parts(&config, table.clone());
        tracing::info!("serving the live board on http://{addr}");
        runtime.spawn(async move {
            if let Err(e) = isolo_bot::web::serve(listener, parts, std::future::pending()).await {
                tracing::error!("the live board stopped: {e}");
            }
        });
    }
    runtime.block_on(discord::run(connection, table, shutdown_signal()))?;
    // Don't wait for stray blocking tasks (an AI search) beyond a moment.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    Ok(ExitCode::SUCCESS)
}

/// The live board's public address when it is served (`[web] listen`):
/// `public_url`, else the listen address itself.
fn served_url(config: &Config) -> Option<String> {
    let listen = config.web.listen?;
    Some(
        config
            .web
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{listen}")),
    )
}

/// What the live board's server needs: its config, with the API the bot
/// itself uses (`[discord] api_proxy`) for the sign-in and the Activity.
fn web_parts(config: &Config, table: Arc<Table>) -> isolo_bot::web::WebParts {
    let mut web = config.web.clone();
    if let Some(proxy) = &config.discord.api_proxy {
        web.api_url = format!("{}/api/v10", proxy.trim_end_matches('/'));
    }
    isolo_bot::web::WebParts {
        table,
        config: web,
        bot_token: config
            .discord
            .token
            .clone()
            .or_else(|| std::env::var("DISCORD_TOKEN").ok()),
        plays_bot: false,
        local_player: None,
    }
}

/// The hosting layer the bot serves: the store `[storage]` names (sled or
/// PostgreSQL), the `[games]` settings and the computer's `[ai]` thinking time.
fn build_table(config: &Config) -> anyhow::Result<Table> {
    let store = isolo_bot::store::open(&config.storage)
        .with_context(|| format!("cannot open the game store ({})", config.storage.describe()))?;
    let table = Table::new(store, Arc::new(SystemClock), config.games.clone());
    Ok(table.with_ai(config.ai).with_vacation(config.vacation))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_thinks_as_long_as_the_config_says() {
        let dir = tempfile::tempdir().unwrap();
        let text = format!(
            "[storage]\npath = {:?}\n\n[ai]\nthink_ms = 37\n",
            dir.path().join("db").display().to_string()
        );
        let config: Config = toml::from_str(&text).unwrap();
        let table = build_table(&config).unwrap();
        assert_eq!(table.ai().think_ms, 37);
        assert_eq!(table.ai().budget(), isolo_bot::ai::Budget::time(37));
    }
}
