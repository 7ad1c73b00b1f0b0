//! Fair sharing in a busy server: searches (the bot's moves, hints,
//! reviews, puzzle answers) and animations run in a small pool of their own,
//! so boards and moves never wait behind them; the pool serves members and
//! servers in turn, and each member has an allowance of costly commands.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use super::errors::Error;

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
/// be refused is refused as [`Limited::Busy`]. Each member's waiting work
/// counts towards it only up to [`PER_MEMBER_WAITING`].
const MAX_WAITING: usize = 64;

/// How much of one member's waiting work counts towards [`MAX_WAITING`]; a
/// member with this much waiting already is refused more themselves, so
/// their backlog (many games against the bot) never makes everyone busy.
const PER_MEMBER_WAITING: usize = 4;

/// How many of one lane's members may wait for a free slot at once: the
/// others of that lane queue behind them, so other lanes go first.
const PER_LANE: usize = 2;

/// Whom a piece of work is for: the pool serves each member one piece at a
/// time, and each lane (a server, or one private chat) [`PER_LANE`] at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Owner {
    /// The member who asked (or, for the bot's move, whom it answers).
    pub(crate) member: u64,
    /// Their server (0 for private chats).
    pub(crate) server: u64,
    /// The channel: outside a server, each direct message and group DM is
    /// a lane of its own, as a server is.
    pub(crate) channel: u64,
}

/// A queue the pool serves in turn with the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Lane {
    /// A server's members.
    Server(u64),
    /// One direct message or group DM, by its channel.
    Private(u64),
}

impl Owner {
    /// The lane this owner's work queues in.
    fn lane(self) -> Lane {
        match self.server {
            0 => Lane::Private(self.channel),
            server => Lane::Server(server),
        }
    }
}

/// What waits for a slot: per member, and what of it counts towards [`MAX_WAITING`].
#[derive(Debug, Default)]
struct Counts {
    /// The sum over members of their waiting work, each capped at
    /// [`PER_MEMBER_WAITING`].
    shared: usize,
    /// Members with work waiting (none left: no entry).
    members: HashMap<u64, usize>,
}

/// The analysis pool: half the cores (at least one), queues per member and
/// per lane, and a bound on what waits.
#[derive(Debug)]
pub(crate) struct Analysis {
    slots: Semaphore,
    waiting: Mutex<Counts>,
    members: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    lanes: Mutex<HashMap<Lane, Arc<Semaphore>>>,
}

impl Analysis {
    /// A pool sized for this machine.
    pub(crate) fn new() -> Analysis {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Analysis::with_slots((cores / 2).max(1))
    }

    /// A pool running `slots` pieces of work at once.
    fn with_slots(slots: usize) -> Analysis {
        Analysis {
            slots: Semaphore::new(slots),
            waiting: Mutex::default(),
            members: Mutex::default(),
            lanes: Mutex::default(),
        }
    }

    /// Runs `work` for `owner` on a blocking thread once it is their turn
    /// and a slot is free, or refuses at once when the member has
    /// [`PER_MEMBER_WAITING`] pieces of work waiting, or [`MAX_WAITING`]
    /// count as waiting already.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        owner: Owner,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let waiting = self.enter(owner.member, true).ok_or(Limited::Busy)?;
        self.serve(owner, waiting, work).await
    }

    /// [`Analysis::run`] for work a player waits for and that is never
    /// refused (the bot's own move, stored as due): it queues whatever waits,
    /// and counts towards the member's own bound first.
    pub(crate) async fn queue<T: Send + 'static>(
        &self,
        owner: Owner,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let waiting = self
            .enter(owner.member, false)
            .expect("queued work is never refused");
        self.serve(owner, waiting, work).await
    }

    /// Takes a place in the queue for `member`; `None` when `refusable` and
    /// the member's own bound, or then the shared one, is reached.
    fn enter(&self, member: u64, refusable: bool) -> Option<Waiting<'_>> {
        let mut counts = self.waiting.lock().expect("waiting counts");
        let mine = counts.members.get(&member).copied().unwrap_or(0);
        // The member's own count first: their backlog is refused to them alone.
        let counted = mine < PER_MEMBER_WAITING;
        if refusable && (!counted || counts.shared >= MAX_WAITING) {
            return None;
        }
        counts.members.insert(member, mine + 1);
        if counted {
            counts.shared += 1;
        }
        Some(Waiting { pool: self, member })
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
        let lane = shared(&self.lanes, owner.lane(), || Semaphore::new(PER_LANE));
        let _ours = lane.acquire().await?;
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
fn shared<K: std::hash::Hash + Eq, T>(
    map: &Mutex<HashMap<K, Arc<T>>>,
    key: K,
    make: impl FnOnce() -> T,
) -> Arc<T> {
    let mut map = map.lock().expect("queue map");
    if map.len() >= SWEEP_ABOVE {
        map.retain(|_, v| Arc::strong_count(v) > 1);
    }
    map.entry(key).or_insert_with(|| Arc::new(make())).clone()
}

/// A place in the analysis queue, given back on drop however the wait ends.
struct Waiting<'a> {
    pool: &'a Analysis,
    member: u64,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        let mut counts = self.pool.waiting.lock().expect("waiting counts");
        let Some(mine) = counts.members.get_mut(&self.member) else {
            return;
        };
        *mine -= 1;
        let left = *mine;
        if left == 0 {
            counts.members.remove(&self.member);
        }
        // This place counted in `shared` if fewer than the bound remain.
        if left < PER_MEMBER_WAITING {
            counts.shared -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A member of no other test's work.
    const ANYONE: Owner = Owner {
        member: 999_999,
        server: 999_999,
        channel: 999_999,
    };

    impl Analysis {
        /// What counts towards [`MAX_WAITING`] now.
        fn waiting_now(&self) -> usize {
            self.waiting.lock().unwrap().shared
        }
    }

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
                channel: 500 + i as u64,
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
                    channel: member,
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

    /// Spawns `owner`'s queued work, which records `owner.member` when it runs.
    fn record(
        pool: &Arc<Analysis>,
        order: &Arc<Mutex<Vec<u64>>>,
        owner: Owner,
    ) -> tokio::task::JoinHandle<Result<(), Error>> {
        let (pool, order) = (pool.clone(), order.clone());
        tokio::spawn(async move {
            pool.queue(owner, move || order.lock().unwrap().push(owner.member))
                .await
        })
    }

    /// A pool of one slot, that slot held until the returned sender sends.
    async fn one_busy_slot() -> (
        Arc<Analysis>,
        std::sync::mpsc::Sender<()>,
        tokio::task::JoinHandle<Result<Option<()>, Error>>,
    ) {
        let pool = Arc::new(Analysis::with_slots(1));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let holder = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(ANYONE, move || hold.recv().ok()).await })
        };
        for _ in 0..500 {
            if pool.slots.available_permits() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(pool.slots.available_permits(), 0, "the slot is taken");
        (pool, release, holder)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn each_private_chat_is_a_lane_of_its_own_not_one_server_0() {
        let (pool, release, holder) = one_busy_slot().await;
        let order = Arc::new(Mutex::new(Vec::new()));
        // Three members in three direct messages, then a server's member:
        // were private chats one lane, the third would wait behind the server.
        let mut queued = Vec::new();
        for (member, server, channel) in [(1, 0, 11), (2, 0, 12), (3, 0, 13), (4, 7, 70)] {
            let owner = Owner {
                member,
                server,
                channel,
            };
            queued.push(record(&pool, &order, owner));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        release.send(()).unwrap();
        holder.await.unwrap().unwrap();
        for q in queued {
            q.await.unwrap().unwrap();
        }
        assert_eq!(
            *order.lock().unwrap(),
            [1, 2, 3, 4],
            "served in the order they came"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_members_backlog_is_refused_to_them_alone() {
        let (pool, release, holder) = one_busy_slot().await;
        let order = Arc::new(Mutex::new(Vec::new()));
        // Member 1's many games against the bot queue their moves, never refused.
        let backlog = MAX_WAITING + 10;
        let flood = Owner {
            member: 1,
            server: 1,
            channel: 10,
        };
        let queued: Vec<_> = (0..backlog).map(|_| record(&pool, &order, flood)).collect();
        for _ in 0..500 {
            if pool.waiting.lock().unwrap().members.get(&1) == Some(&backlog) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(pool.waiting.lock().unwrap().members.get(&1), Some(&backlog));
        assert_eq!(
            pool.waiting_now(),
            PER_MEMBER_WAITING,
            "counted up to their own bound"
        );
        // More from member 1 is refused; member 2 of another server is served.
        let refused = pool.run(flood, || ()).await.unwrap_err();
        assert_eq!(refused.downcast_ref::<Limited>(), Some(&Limited::Busy));
        let other = {
            let pool = pool.clone();
            let owner = Owner {
                member: 2,
                server: 2,
                channel: 20,
            };
            tokio::spawn(async move { pool.run(owner, || 2u64).await })
        };
        for _ in 0..500 {
            if pool.waiting.lock().unwrap().members.contains_key(&2) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(
            pool.waiting.lock().unwrap().members.contains_key(&2),
            "member 2 waits"
        );
        release.send(()).unwrap();
        holder.await.unwrap().unwrap();
        assert_eq!(other.await.unwrap().expect("not refused"), 2);
        for q in queued {
            q.await.unwrap().unwrap();
        }
        assert_eq!(order.lock().unwrap().len(), backlog);
        assert_eq!(pool.waiting_now(), 0);
        assert!(
            pool.waiting.lock().unwrap().members.is_empty(),
            "no entry left behind"
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
                channel: running.len() as u64,
            };
            running.push(tokio::spawn(async move {
                pool.run(owner, move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        // Wait until every task is running or queued.
        for _ in 0..500 {
            if pool.waiting_now() == MAX_WAITING {
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
                channel: running.len() as u64,
            };
            running.push(tokio::spawn(async move {
                pool.run(owner, move || hold.lock().unwrap().recv().ok()).await
            }));
        }
        // The held work must have every slot before the queue fills: on a
        // busy machine it may not have started yet, and the queued work
        // would then run at once and leave nothing waiting.
        for _ in 0..2_000 {
            if pool.slots.available_permits() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(pool.slots.available_permits(), 0);
        // Three rounds of a full queue whose waiters are all dropped, as a
        // failed defer drops them: without the guard the second round is refused.
        for _ in 0..3 {
            let mut queued = Vec::new();
            for i in 0..MAX_WAITING {
                let pool = pool.clone();
                let owner = Owner {
                    member: 1000 + i as u64,
                    server: 1000 + i as u64,
                    channel: 1000 + i as u64,
                };
                queued.push(tokio::spawn(async move { pool.run(owner, || ()).await }));
            }
            for _ in 0..500 {
                if pool.waiting_now() == MAX_WAITING {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            assert_eq!(pool.waiting_now(), MAX_WAITING);
            for q in queued {
                q.abort();
                assert!(q.await.unwrap_err().is_cancelled());
            }
            assert_eq!(pool.waiting_now(), 0);
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
