//! The clock scheduler: one task that sleeps until the next deadline.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::{LiveGame, Notice, Table, TableError};
use crate::store::{Space, StoreExt};

/// Longest sleep between looks at the deadline index, in case the wall clock jumps.
const MAX_SLEEP: Duration = Duration::from_secs(3600);
/// How soon to look again at a due deadline another process has claimed:
/// it is normally done within this, and else its claim lapses.
const CLAIMED_RECHECK: Duration = Duration::from_secs(1);
/// How soon to subscribe again after the store's change feed was lost.
const RESUBSCRIBE: Duration = Duration::from_secs(5);
/// First and longest wait after a failed tick.
const MIN_BACKOFF: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// Runs until `stop` turns true: handles due deadlines with [`Table::tick`],
/// hands each [`Notice`] to `sink`, then sleeps until the next deadline or
/// until a deadline changes, here or (on a shared store, see
/// [`Store::deadline_changes`](crate::store::Store::deadline_changes)) in
/// another process. It never scans the games.
pub async fn run<F, Fut>(table: Arc<Table>, mut stop: watch::Receiver<bool>, mut sink: F)
where
    F: FnMut(Notice) -> Fut,
    Fut: Future<Output = ()>,
{
    let changed = table.deadlines_changed();
    let t = table.clone();
    match tokio::task::spawn_blocking(move || t.catch_up()).await {
        Ok(Ok(done)) if done != super::CatchUp::default() => tracing::info!(
            "caught up with earlier releases: the bot is to move in {} games, {} games listed under their players, {} ratings stamped",
            done.bot_moves,
            done.indexed,
            done.ratings_stamped
        ),
        Ok(Ok(_)) => {}
        Ok(Err(e)) => tracing::warn!("cannot catch up with games saved by earlier releases: {e}"),
        Err(_) => return,
    }
    // After a failing tick (the store is down), wait longer each time.
    let mut backoff = Duration::ZERO;
    let (mut feed, mut resubscribe_at) = (None, Some(tokio::time::Instant::now()));
    while !*stop.borrow() {
        if resubscribe_at.is_some_and(|at| tokio::time::Instant::now() >= at) {
            match subscribe(&table).await {
                Ok(f) => (feed, resubscribe_at) = (f, None),
                Err(()) => resubscribe_at = Some(tokio::time::Instant::now() + RESUBSCRIBE),
            }
        }
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
        let now = table.now_ms();
        let mut wait = match table.next_deadline() {
            // Still due after a tick: another process holds it.
            Ok(Some(at)) if at <= now => CLAIMED_RECHECK,
            Ok(Some(at)) => Duration::from_millis(at - now).min(MAX_SLEEP),
            Ok(None) => MAX_SLEEP,
            Err(e) => {
                tracing::warn!("cannot read the next deadline: {e}");
                MIN_BACKOFF
            }
        }
        .max(backoff);
        if resubscribe_at.is_some() {
            wait = wait.min(RESUBSCRIBE);
        }
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = changed.notified() => {}
            lost = next_change(&mut feed) => if lost {
                tracing::warn!("lost the store's deadline feed; subscribing again");
                feed = None;
                resubscribe_at = Some(tokio::time::Instant::now() + RESUBSCRIBE);
            },
            // A dropped sender can never say stop: end rather than spin.
            r = stop.changed() => if r.is_err() { return },
        }
    }
}

/// The store's feed of other processes' deadline changes, if it has one;
/// `Err` when subscribing failed and is worth another try.
async fn subscribe(table: &Arc<Table>) -> Result<Option<mpsc::Receiver<u64>>, ()> {
    let t = table.clone();
    match tokio::task::spawn_blocking(move || t.store().deadline_changes()).await {
        Ok(Ok(feed)) => Ok(feed),
        Ok(Err(e)) => {
            tracing::warn!("cannot follow other processes' deadlines (retrying): {e}");
            Err(())
        }
        Err(_) => Ok(None),
    }
}

/// Waits for a change on `feed` (never, without one), taking every change
/// already queued with it: one tick covers them all. True when the feed
/// ended.
async fn next_change(feed: &mut Option<mpsc::Receiver<u64>>) -> bool {
    let Some(rx) = feed else {
        return std::future::pending().await;
    };
    if rx.recv().await.is_none() {
        return true;
    }
    while rx.try_recv().is_ok() {}
    false
}

/// What [`Table::catch_up`] found to do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CatchUp {
    /// Games where the bot was to move with no deadline.
    pub bot_moves: usize,
    /// Games listed under their players for `/isolo games`.
    pub indexed: usize,
    /// Games flagged before claim windows existed, given the deadline
    /// that ends them.
    pub flagged: usize,
    /// Ratings of an earlier release stamped with the time, so their
    /// deviation grows with inactivity from now on.
    pub ratings_stamped: usize,
    /// Rating history points filled in from games finished before the
    /// history was kept (once).
    pub history_points: usize,
}

impl Table {
    /// Brings games saved by earlier releases up to date, in one pass over
    /// the live games at start-up: the bot's due moves get deadlines, and
    /// every game is listed under its players, ratings get the time their
    /// deviation grows from. An unreadable game is left
    /// for when someone uses its channel.
    pub fn catch_up(&self) -> Result<CatchUp, TableError> {
        let mut done = CatchUp::default();
        for (_, game) in self.store.list::<LiveGame>(Space::Games, &[])? {
            let Ok(stored) = game else { continue };
            done.bot_moves += usize::from(self.resume_bot_game(&stored.value)?);
            done.flagged += usize::from(self.resume_flagged_game(&stored.value)?);
            done.indexed += usize::from(self.index_game(&stored.value)?);
        }
        done.ratings_stamped = self.stamp_ratings()?;
        done.history_points = self.backfill_history()?;
        Ok(done)
    }
}
