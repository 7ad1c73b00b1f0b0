//! The clock scheduler: one task that sleeps until the next deadline.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::{Notice, Table};

/// Longest sleep between looks at the deadline index, in case the wall clock jumps.
const MAX_SLEEP: Duration = Duration::from_secs(3600);
/// First and longest wait after a failed tick.
const MIN_BACKOFF: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// Runs until `stop` turns true: handles due deadlines with [`Table::tick`],
/// hands each [`Notice`] to `sink`, then sleeps until the next deadline or
/// until a deadline changes. It never scans the games.
pub async fn run<F, Fut>(table: Arc<Table>, mut stop: watch::Receiver<bool>, mut sink: F)
where
    F: FnMut(Notice) -> Fut,
    Fut: Future<Output = ()>,
{
    let changed = table.deadlines_changed();
    let t = table.clone();
    match tokio::task::spawn_blocking(move || t.index_players()).await {
        Ok(Ok(0)) => {}
        Ok(Ok(n)) => tracing::info!("listed {n} games saved before /isolo games under their players"),
        Ok(Err(e)) => tracing::warn!("cannot list the games under their players: {e}"),
        Err(_) => return,
    }
    let t = table.clone();
    match tokio::task::spawn_blocking(move || t.resume_bot_games()).await {
        Ok(Ok(0)) => {}
        Ok(Ok(n)) => tracing::info!("the bot is to move in {n} games saved before its moves had deadlines"),
        Ok(Err(e)) => tracing::warn!("cannot look for games where the bot is to move: {e}"),
        Err(_) => return,
    }
    // After a failing tick (the store is down), wait longer each time.
    let mut backoff = Duration::ZERO;
    while !*stop.borrow() {
        let t = table.clone();
        let notices = tokio::task::spawn_blocking(move || t.tick()).await;
        match notices {
            Ok(Ok(notices)) => {
                backoff = Duration::ZERO;
                for n in notices {
                    sink(n).await;
                }
            }
            Ok(Err(e)) => {
                backoff = (backoff * 2).clamp(MIN_BACKOFF, MAX_BACKOFF);
                tracing::warn!("clock tick failed, trying again in {} s: {e}", backoff.as_secs());
            }
            // The runtime is shutting down: nothing more to do.
            Err(e) if e.is_cancelled() => return,
            Err(e) => tracing::error!("clock tick panicked: {e}"),
        }
        let wait = match table.next_deadline() {
            Ok(Some(at)) => Duration::from_millis(at.saturating_sub(table.now_ms())).min(MAX_SLEEP),
            Ok(None) => MAX_SLEEP,
            Err(e) => {
                tracing::warn!("cannot read the next deadline: {e}");
                MIN_BACKOFF
            }
        }
        .max(backoff);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = changed.notified() => {}
            // A dropped sender can never say stop: end rather than spin.
            r = stop.changed() => if r.is_err() { return },
        }
    }
}
