//! Fair sharing in a busy server: analysis (reviews, hints) runs in a small
//! pool of its own with a bounded queue, so boards and moves never wait
//! behind it, and each member has an allowance of costly commands.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use super::Error;

/// A command that costs the bot (CPU, or a ping of somebody else).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Costly {
    /// `/isolo review`: seconds of search for a long game.
    Review,
    /// `/isolo hint`: up to the bot's thinking time.
    Hint,
    /// `/isolo challenge` (of a person) and `/isolo rematch`: a ping.
    Challenge,
    /// A move in a puzzle: a search of the answer in the analysis pool.
    Puzzle,
    /// The forget-me button: one pass over the whole store.
    Forget,
}

impl Costly {
    /// How often a member may use the command: a burst of this many, then
    /// one more each period.
    pub(crate) fn allowance(self) -> (u32, Duration) {
        match self {
            Costly::Review => (2, Duration::from_secs(30)),
            Costly::Hint => (3, Duration::from_secs(10)),
            // Enough to set up a club's evening at once; pings stay rare after.
            Costly::Challenge => (60, Duration::from_secs(6)),
            // A puzzle's moves come in quick runs; a flood of them does not.
            Costly::Puzzle => (12, Duration::from_secs(5)),
            // Once is enough; a second press finds nothing left to forget.
            Costly::Forget => (2, Duration::from_secs(600)),
        }
    }

    /// The command's name, for the answer.
    pub(crate) fn command(self) -> &'static str {
        match self {
            Costly::Review => "review",
            Costly::Hint => "hint",
            Costly::Challenge => "challenge",
            Costly::Puzzle => "puzzle",
            Costly::Forget => "forget-me",
        }
    }
}

/// Why a command was held back (answered privately, like a refusal).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Limited {
    /// The member used up their allowance of the command for now.
    #[error("/isolo {} was used several times just now; try again in {secs} s", .command.command())]
    Cooldown {
        /// Which command.
        command: Costly,
        /// Seconds left.
        secs: u64,
    },
    /// Too much analysis is queued already.
    #[error("the bot is busy analysing games; try again in a minute")]
    Busy,
}

/// Entries kept before full ones are swept out.
const SWEEP_ABOVE: usize = 4096;

/// A member's allowance of one command: uses left (fractional while it
/// refills) as of `at`.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    left: f64,
    at: Instant,
}

impl Bucket {
    /// Uses left now, refilled since `at`.
    fn now(self, command: Costly, now: Instant) -> f64 {
        let (burst, period) = command.allowance();
        let refill = (now - self.at).as_secs_f64() / period.as_secs_f64();
        (self.left + refill).min(f64::from(burst))
    }
}

/// Per-member allowances of [`Costly`] commands: a few uses at once, then
/// one per period.
#[derive(Debug, Default)]
pub(crate) struct Cooldowns {
    buckets: Mutex<HashMap<(u64, Costly), Bucket>>,
}

impl Cooldowns {
    /// Takes one use of `command` from `user`'s allowance, or says how long
    /// until the next. The use counts only if the returned guard is
    /// [`kept`](Cooling::keep): a refused command (nothing to review) is
    /// given back.
    pub(crate) fn start(self: &Arc<Self>, user: u64, command: Costly) -> Result<Cooling, Limited> {
        let now = Instant::now();
        let (burst, period) = command.allowance();
        let mut buckets = self.buckets.lock().expect("cooldowns");
        if buckets.len() >= SWEEP_ABOVE {
            buckets.retain(|(_, c), b| b.now(*c, now) < f64::from(c.allowance().0));
        }
        let left = buckets
            .get(&(user, command))
            .map_or(f64::from(burst), |b| b.now(command, now));
        if left < 1.0 {
            let secs = ((1.0 - left) * period.as_secs_f64()).ceil() as u64;
            return Err(Limited::Cooldown {
                command,
                secs: secs.max(1),
            });
        }
        buckets.insert(
            (user, command),
            Bucket {
                left: left - 1.0,
                at: now,
            },
        );
        Ok(Cooling {
            cooldowns: self.clone(),
            key: Some((user, command)),
        })
    }
}

/// A use taken from an allowance; dropped without [`Cooling::keep`] it is
/// given back.
#[derive(Debug)]
pub(crate) struct Cooling {
    cooldowns: Arc<Cooldowns>,
    key: Option<(u64, Costly)>,
}

impl Cooling {
    /// The command went through: the use counts.
    pub(crate) fn keep(mut self) {
        self.key = None;
    }
}

impl Drop for Cooling {
    fn drop(&mut self) {
        if let Some(key) = self.key {
            if let Some(b) = self.cooldowns.buckets.lock().expect("cooldowns").get_mut(&key) {
                b.left += 1.0;
            }
        }
    }
}

/// Analyses waiting for the pool before more are refused as [`Limited::Busy`].
const MAX_WAITING: usize = 4;

/// The analysis pool: half the cores (at least one), and a short queue.
#[derive(Debug)]
pub(crate) struct Analysis {
    slots: Semaphore,
    waiting: AtomicUsize,
}

impl Analysis {
    /// A pool sized for this machine.
    pub(crate) fn new() -> Analysis {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Analysis {
            slots: Semaphore::new((cores / 2).max(1)),
            waiting: AtomicUsize::new(0),
        }
    }

    /// Runs `work` on a blocking thread once a slot is free, or refuses at
    /// once when [`MAX_WAITING`] analyses are queued already.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let waiting = Waiting::enter(&self.waiting).ok_or(Limited::Busy)?;
        // Dropped while it waits (the interaction's defer failed), the
        // guard still takes its place in the queue back.
        let slot = self.slots.acquire().await;
        drop(waiting);
        let _slot = slot?;
        Ok(tokio::task::spawn_blocking(work).await?)
    }
}

/// A place in the analysis queue, given back on drop however the wait ends.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    /// Takes a place, or `None` when [`MAX_WAITING`] are taken.
    fn enter(count: &'a AtomicUsize) -> Option<Waiting<'a>> {
        count
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < MAX_WAITING).then_some(n + 1)
            })
            .ok()
            .map(|_| Waiting(count))
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_a_wait_and_refusals_give_their_use_back() {
        let c = Arc::new(Cooldowns::default());
        drop(c.start(1, Costly::Review).unwrap());
        c.start(1, Costly::Review).unwrap().keep();
        c.start(1, Costly::Review).unwrap().keep();
        match c.start(1, Costly::Review) {
            Err(Limited::Cooldown { command, secs }) => {
                assert_eq!(command, Costly::Review);
                assert!((29..=30).contains(&secs), "{secs}");
            }
            other => panic!("{other:?}"),
        }
        c.start(2, Costly::Review).unwrap().keep();
        c.start(1, Costly::Hint).unwrap().keep();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_queue_is_bounded() {
        let pool = Arc::new(Analysis::new());
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let hold = Arc::new(Mutex::new(hold));
        let slots = pool.slots.available_permits();
        let mut running = Vec::new();
        for _ in 0..slots + MAX_WAITING {
            let (pool, hold) = (pool.clone(), hold.clone());
            running.push(tokio::spawn(async move {
                pool.run(move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        // Wait until every task is running or queued.
        for _ in 0..500 {
            if pool.waiting.load(Ordering::SeqCst) == MAX_WAITING {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let refused = pool.run(|| ()).await.unwrap_err();
        assert_eq!(refused.downcast_ref::<Limited>(), Some(&Limited::Busy));
        for _ in 0..running.len() {
            release.send(()).unwrap();
        }
        for r in running {
            r.await.unwrap().unwrap();
        }
        pool.run(|| ()).await.expect("room again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn analyses_dropped_while_waiting_give_their_place_back() {
        let pool = Arc::new(Analysis::new());
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let hold = Arc::new(Mutex::new(hold));
        let slots = pool.slots.available_permits();
        let mut running = Vec::new();
        for _ in 0..slots {
            let (pool, hold) = (pool.clone(), hold.clone());
            running.push(tokio::spawn(async move {
                pool.run(move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        // Three rounds of a full queue whose waiters are all dropped, as a
        // failed defer drops them: without the guard the second round is refused.
        for _ in 0..3 {
            let mut queued = Vec::new();
            for _ in 0..MAX_WAITING {
                let pool = pool.clone();
                queued.push(tokio::spawn(async move { pool.run(|| ()).await }));
            }
            for _ in 0..500 {
                if pool.waiting.load(Ordering::SeqCst) == MAX_WAITING {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            assert_eq!(pool.waiting.load(Ordering::SeqCst), MAX_WAITING);
            for q in queued {
                q.abort();
                assert!(q.await.unwrap_err().is_cancelled());
            }
            assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
        }
        for _ in 0..running.len() {
            release.send(()).unwrap();
        }
        for r in running {
            r.await.unwrap().unwrap();
        }
        pool.run(|| ()).await.expect("served again");
    }
}
