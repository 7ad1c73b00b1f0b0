//! The clock scheduler: one task that sleeps until the next deadline.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::{Notice, Table};

/// Longest sleep between looks at the deadline index, in case the wall clock jumps.
const MAX_SLEEP: Duration = Duration::from_secs(3600);

/// Runs until `stop` turns true: handles due deadlines with [`Table::tick`],
/// hands each [`Notice`] to `sink`, then sleeps until the next deadline or
/// until a deadline changes. It never scans the games.
pub async fn run<F, Fut>(table: Arc<Table>, mut stop: watch::Receiver<bool>, mut sink: F)
where
    F: FnMut(Notice) -> Fut,
    Fut: Future<Output = ()>,
{
    let changed = table.deadlines_changed();
    while !*stop.borrow() {
        let t = table.clone();
        let notices = tokio::task::spawn_blocking(move || t.tick()).await;
        match notices {
            Ok(Ok(notices)) => {
                for n in notices {
                    sink(n).await;
                }
            }
            Ok(Err(e)) => tracing::warn!("clock tick failed: {e}"),
            // The runtime is shutting down: nothing more to do.
            Err(e) if e.is_cancelled() => return,
            Err(e) => tracing::error!("clock tick panicked: {e}"),
        }
        let wait = match table.next_deadline() {
            Ok(Some(at)) => Duration::from_millis(at.saturating_sub(table.now_ms())).min(MAX_SLEEP),
            Ok(None) => MAX_SLEEP,
            Err(e) => {
                tracing::warn!("cannot read the next deadline: {e}");
                Duration::from_secs(5)
            }
        };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = changed.notified() => {}
            // A dropped sender can never say stop: end rather than spin.
            r = stop.changed() => if r.is_err() { return },
        }
    }
}
