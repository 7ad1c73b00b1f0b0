//! `isolo-bot run`: the Discord bot.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use isolo_bot::config::Config;

/// Options of `run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The config file (see config.example.toml).
    #[arg(long)]
    config: Option<PathBuf>,
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

/// Runs the bot until Ctrl-C or SIGTERM.
pub fn run(args: &RunArgs) -> anyhow::Result<ExitCode> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn,poise=warn"));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
    let path = args
        .config
        .clone()
        .unwrap_or_else(|| PathBuf::from("config.toml"));
    let config = Config::load(&path, args.config.is_some())?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(isolo_bot::discord::run(config, shutdown_signal()))?;
    // Don't wait for stray blocking tasks (an AI search) beyond a moment.
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    Ok(ExitCode::SUCCESS)
}
