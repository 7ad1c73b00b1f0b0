//! Fair sharing in a busy server: searches (the bot's moves, hints,
//! reviews, puzzle answers) and animations run in a small pool of their own,
//! so boards and moves never wait behind them; the pool serves members and
//! servers in turn, and each member has an allowance of costly commands.

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
    /// `/isolo challenge` of the bot: a game whose moves are searches.
    BotGame,
    /// `/isolo game animate`: a GIF of many frames.
    Animate,
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
            // A few games against the bot at once, then one a minute.
            Costly::BotGame => (5, Duration::from_secs(60)),
            Costly::Animate => (3, Duration::from_secs(10)),
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
            Costly::BotGame => "challenge",
            Costly::Animate => "game animate",
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

/// Work waiting for the pool, all members together, before more that may
/// be refused is refused as [`Limited::Busy`].
const MAX_WAITING: usize = 64;

/// How many of one server's members may wait for a free slot at once: the
/// others of that server queue behind them, so other servers go first.
const PER_SERVER: usize = 2;

/// Whom a piece of work is for: the pool serves each member one piece at a
/// time, and each server [`PER_SERVER`] at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Owner {
    /// The member who asked (or, for the bot's move, whom it answers).
    pub(crate) member: u64,
    /// Their server (0 for private chats).
    pub(crate) server: u64,
}

/// The analysis pool: half the cores (at least one), queues per member and
/// per server, and a bound on what waits.
#[derive(Debug)]
pub(crate) struct Analysis {
    slots: Semaphore,
    waiting: AtomicUsize,
    members: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    servers: Mutex<HashMap<u64, Arc<Semaphore>>>,
}

impl Analysis {
    /// A pool sized for this machine.
    pub(crate) fn new() -> Analysis {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Analysis {
            slots: Semaphore::new((cores / 2).max(1)),
            waiting: AtomicUsize::new(0),
            members: Mutex::default(),
            servers: Mutex::default(),
        }
    }

    /// Runs `work` for `owner` on a blocking thread once it is their turn
    /// and a slot is free, or refuses at once when [`MAX_WAITING`] pieces
    /// of work wait already.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        owner: Owner,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let waiting = Waiting::enter(&self.waiting).ok_or(Limited::Busy)?;
        self.serve(owner, waiting, work).await
    }

    /// [`Analysis::run`] for work a player waits for and that is never
    /// refused (the bot's own move, stored as due): it queues whatever waits.
    pub(crate) async fn queue<T: Send + 'static>(
        &self,
        owner: Owner,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let waiting = Waiting(&self.waiting);
        self.serve(owner, waiting, work).await
    }

    async fn serve<T: Send + 'static>(
        &self,
        owner: Owner,
        waiting: Waiting<'_>,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        // Tokio's mutex and semaphores are first come, first served: a member
        // with many requests waits behind their own, not in front of others.
        let member = shared(&self.members, owner.member, || tokio::sync::Mutex::new(()));
        let _mine = member.lock().await;
        let server = shared(&self.servers, owner.server, || Semaphore::new(PER_SERVER));
        let _ours = server.acquire().await?;
        // Dropped while it waits (the interaction's defer failed), the
        // guard still takes its place in the queue back.
        let slot = self.slots.acquire().await;
        drop(waiting);
        let _slot = slot?;
        Ok(tokio::task::spawn_blocking(work).await?)
    }
}

/// The entry of `key` in `map`, made by `make` if missing; entries nobody
/// holds any more are dropped as others come.
fn shared<T>(map: &Mutex<HashMap<u64, Arc<T>>>, key: u64, make: impl FnOnce() -> T) -> Arc<T> {
    let mut map = map.lock().expect("queue map");
    if map.len() >= SWEEP_ABOVE {
        map.retain(|_, v| Arc::strong_count(v) > 1);
    }
    map.entry(key).or_insert_with(|| Arc::new(make())).clone()
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

    /// A member of no other test's work.
    const ANYONE: Owner = Owner {
        member: 999_999,
        server: 999_999,
    };

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_members_flood_waits_behind_their_own_work_not_in_front_of_others() {
        let pool = Arc::new(Analysis::new());
        let slots = pool.slots.available_permits();
        let order = Arc::new(Mutex::new(Vec::new()));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let hold = Arc::new(Mutex::new(hold));
        // Fill every slot with other work, so what follows queues.
        let mut running = Vec::new();
        for i in 0..slots {
            let (pool, hold) = (pool.clone(), hold.clone());
            let owner = Owner {
                member: 500 + i as u64,
                server: 500 + i as u64,
            };
            running.push(tokio::spawn(async move {
                pool.run(owner, move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        // Member 1 of server 1 queues ten pieces, then member 2 of server 2 one.
        let mut queued = Vec::new();
        for (member, n) in [(1u64, 10), (2, 1)] {
            for _ in 0..n {
                let (pool, order) = (pool.clone(), order.clone());
                let owner = Owner {
                    member,
                    server: member,
                };
                queued.push(tokio::spawn(async move {
                    pool.queue(owner, move || order.lock().unwrap().push(member))
                        .await
                }));
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        for _ in 0..running.len() {
            release.send(()).unwrap();
        }
        for q in queued {
            q.await.unwrap().unwrap();
        }
        let order = order.lock().unwrap().clone();
        let second = order.iter().position(|&m| m == 2).unwrap();
        assert!(
            second <= 2,
            "member 2 is served among the first, not after ten: {order:?}"
        );
    }

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
            let owner = Owner {
                member: running.len() as u64,
                server: running.len() as u64,
            };
            running.push(tokio::spawn(async move {
                pool.run(owner, move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        // Wait until every task is running or queued.
        for _ in 0..500 {
            if pool.waiting.load(Ordering::SeqCst) == MAX_WAITING {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let refused = pool.run(ANYONE, || ()).await.unwrap_err();
        assert_eq!(refused.downcast_ref::<Limited>(), Some(&Limited::Busy));
        for _ in 0..running.len() {
            release.send(()).unwrap();
        }
        for r in running {
            r.await.unwrap().unwrap();
        }
        pool.run(ANYONE, || ()).await.expect("room again");
        pool.queue(ANYONE, || ())
            .await
            .expect("queued work is never refused");
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
            let owner = Owner {
                member: running.len() as u64,
                server: running.len() as u64,
            };
            running.push(tokio::spawn(async move {
                pool.run(owner, move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        // Three rounds of a full queue whose waiters are all dropped, as a
        // failed defer drops them: without the guard the second round is refused.
        for _ in 0..3 {
            let mut queued = Vec::new();
            for i in 0..MAX_WAITING {
                let pool = pool.clone();
                let owner = Owner {
                    member: 1000 + i as u64,
                    server: 1000 + i as u64,
                };
                queued.push(tokio::spawn(async move { pool.run(owner, || ()).await }));
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
        pool.run(ANYONE, || ()).await.expect("served again");
    }
}
