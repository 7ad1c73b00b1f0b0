//! The PostgreSQL backend, for bots that run as several processes.
//!
//! Client: `tokio-postgres` with a `deadpool-postgres` pool, driven by a
//! small runtime owned by the store. The [`Store`] trait is synchronous and is
//! called from tokio tasks, `spawn_blocking` threads and plain threads alike;
//! the sync `postgres` crate (and `Handle::block_on`) panic when called on a
//! runtime thread. So a call polls its query on the calling thread, parking
//! it in between, in the private runtime's context: that runtime drives the
//! connections' sockets and timers and wakes the caller, and never waits for
//! its callers, so this works from any thread and cannot deadlock. (Handing
//! the query to a task of that runtime cost two more thread wake-ups a call.)
//!
//! Layout: one table of entries keyed by (space, key), values kept as the
//! exact envelope bytes; its primary key b-tree serves prefix scans. The
//! deadlines space has a table of its own, a row a channel holding both
//! halves of its deadline (the channel's entry and the index entry, whose
//! keys sort by time), each key with its own index. Versions come from a
//! sequence.
//!
//! A commit is one transaction, optimistic: no advisory lock, no locked
//! read of a row it writes. Each write repeats its compare-and-swap in its
//! own WHERE (`UPDATE ... WHERE version = $expected`, an insert that does
//! nothing on a key present), so the row lock is the write's own and a
//! stale version is refused exactly; a write that finds its row changed
//! since the commit checked it lost a race: nothing is written and the
//! commit is made again. It commits with `synchronous_commit = on`:
//! acknowledged means flushed to the WAL.
//!
//! A move (one entry's compare-and-swap, with or without its channel's
//! deadline) is one plain SQL statement of data-modifying CTEs, sent
//! outside a transaction block: one round trip, its implicit transaction
//! committing before the answer. Other common commits (each key touched
//! once, no restores) run the same way through `isolo_commits`, a PL/pgSQL
//! function the migrations install. Commits that arrive while others are
//! in flight go together in one statement (group commit, see [`batcher`]):
//! one transaction, one WAL flush and one round trip for all, each commit
//! still checked and applied on its own. Anything else takes the general
//! path, which plans in Rust with [`plan`](crate::store::plan) over several
//! round trips. All three check the same things the same way.
//!
//! Files: `schema` (migrations), `commits`, `moves` (a move's statement), `queries` (reads), `notify`
//! (LISTEN/NOTIFY), and `common`, the leaf the others share.

mod commits;
mod common;
mod moves;
mod notify;
mod queries;
mod schema;

use std::future::Future;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio::sync::Semaphore;
use tokio_postgres::NoTls;

use super::{Entry, KeyRange, Op, Result, Scanned, Space, Store, StoreError};
use commits::{batcher, commit_alone, fast_args, general_commit, Pending, BATCHES_IN_FLIGHT};
use common::{backend, block_on, pool_error};
use moves::move_args;
pub use moves::MOVE_SQL;
pub use schema::SCHEMA_VERSION;
use schema::{migrate, valid_schema};

/// Connections per store; commits beyond this wait for a free one. As many
/// as the writers a busy process has at once (its blocking threads).
const POOL_SIZE: usize = 16;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const POOL_WAIT: Duration = Duration::from_secs(30);
/// Server-side bounds, so a stuck lock or a dead client cannot hang the bot;
/// and every statement planned once a connection: the bot's are key
/// lookups whatever their arguments, and PostgreSQL otherwise plans a move
/// (its CTEs over arrays) anew at every call, which cost more than the
/// move itself (PostgreSQL 12 or newer).
const SESSION_OPTIONS: &str = "-c synchronous_commit=on -c statement_timeout=30000 \
     -c idle_in_transaction_session_timeout=60000 -c plan_cache_mode=force_generic_plan";

/// A [`Store`] in a PostgreSQL database, shareable by many processes.
pub struct PgStore {
    pool: Pool,
    pg_config: tokio_postgres::Config,
    /// `Some` until drop; shut down without blocking, as drop may run on a
    /// runtime thread.
    runtime: Option<tokio::runtime::Runtime>,
    handle: tokio::runtime::Handle,
    /// NOTIFY channel of deadline changes.
    channel: String,
    /// Commits for the group-commit task, [`batcher`].
    queue: tokio::sync::mpsc::UnboundedSender<Pending>,
    /// Commits in flight at once, alone or in batches: [`BATCHES_IN_FLIGHT`].
    slots: Arc<Semaphore>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("hosts", &self.pg_config.get_hosts())
            .field("dbname", &self.pg_config.get_dbname())
            .field("channel", &self.channel)
            .finish_non_exhaustive()
    }
}

impl PgStore {
    /// Connect to the database at `url`, creating or upgrading the schema
    /// (in `schema`, default `public`) as needed.
    pub fn open(url: &str, schema: Option<&str>) -> Result<Self> {
        let mut pg_config: tokio_postgres::Config = url.parse().map_err(|e| {
            StoreError::Backend(format!("bad PostgreSQL url {}: {e}", super::redact_url(url)))
        })?;
        let schema = schema.map(valid_schema).transpose()?;
        let mut options = pg_config.get_options().unwrap_or_default().to_owned();
        if let Some(schema) = schema {
            options.push_str(&format!(" -c search_path={schema}"));
        }
        options.push(' ');
        options.push_str(SESSION_OPTIONS);
        pg_config
            .options(options.trim_start())
            .connect_timeout(CONNECT_TIMEOUT)
            .application_name("isolo-bot");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("isolo-pg")
            .enable_all()
            .build()?;
        let manager = Manager::from_config(
            pg_config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| StoreError::Backend(format!("PostgreSQL connection pool: {e}")))?;
        let channel = format!("isolo_deadlines_{}", schema.unwrap_or("public"));
        let (queue, pending) = tokio::sync::mpsc::unbounded_channel();
        let slots = Arc::new(Semaphore::new(BATCHES_IN_FLIGHT));
        runtime.spawn(batcher(pool.clone(), channel.clone(), slots.clone(), pending));
        let store = Self {
            pool,
            pg_config,
            handle: runtime.handle().clone(),
            runtime: Some(runtime),
            channel,
            queue,
            slots,
        };
        store.run(migrate(&store.pool, schema))?;
        Ok(store)
    }

    /// The schema version recorded in the database.
    pub fn schema_version(&self) -> Result<i32> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let row = client
                .query_one("SELECT version FROM isolo_schema", &[])
                .await
                .map_err(backend)?;
            Ok(row.get(0))
        })
    }

    /// Subscribe to deadline changes committed by any process using this
    /// database and schema: each message is a channel whose deadline was set
    /// or cleared. Opens a dedicated connection; listening has begun when
    /// this returns. The receiver yields `None` once that connection is
    /// lost: resubscribe, and re-read the index meanwhile. When the receiver
    /// falls behind, further ids are dropped, which loses nothing as long as
    /// each wake-up re-reads [`StoreExt::due_deadlines`](super::StoreExt::due_deadlines).
    pub fn deadline_changes(&self) -> Result<tokio::sync::mpsc::Receiver<u64>> {
        self.listen(&self.channel, false)
    }

    /// The NOTIFY channel of live games written.
    fn games_channel(&self) -> String {
        format!("{}_games", self.channel)
    }

    /// Subscribe to the live games written by any process sharing this
    /// store: each message is a channel id. As [`PgStore::deadline_changes`].
    pub fn game_changes(&self) -> Result<tokio::sync::mpsc::Receiver<u64>> {
        self.listen(&self.games_channel(), true)
    }

    /// Listens to NOTIFY channel `name` on a dedicated connection; each
    /// payload that is a number is passed on. When the receiver falls 1,024
    /// behind, a wake-up is dropped (`lossless` false: one pending wake-up
    /// is as good as many), or the subscription ends (`lossless`: the
    /// receiver sees it close and reads everything again).
    fn listen(&self, name: &str, lossless: bool) -> Result<tokio::sync::mpsc::Receiver<u64>> {
        self.run(notify::listen(&self.pg_config, name, lossless))
    }

    /// Run `work` to its end on this thread, in the store runtime's context.
    fn run<T>(&self, work: impl Future<Output = Result<T>>) -> Result<T> {
        let _context = self.handle.enter();
        block_on(work)
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Store for PgStore {
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>> {
        self.run(queries::get(&self.pool, space, key))
    }

    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
        self.run(queries::scan(&self.pool, space, range))
    }

    fn commit(&self, ops: &[Op]) -> Result<u64> {
        let ops = ops.to_vec();
        let Some(args) = fast_args(&ops) else {
            return self.run(async {
                let mut client = self.pool.get().await.map_err(pool_error)?;
                general_commit(&mut client, ops, &self.channel).await
            });
        };
        let moves = move_args(&ops);
        if let Ok(_slot) = self.slots.try_acquire() {
            return self.run(commit_alone(
                &self.pool,
                ops,
                &args,
                moves.as_ref(),
                &self.channel,
            ));
        }
        let (reply, answer) = mpsc::sync_channel(1);
        let stopped = || StoreError::Backend("the PostgreSQL client runtime stopped".into());
        self.queue
            .send(Pending {
                ops,
                args,
                moves,
                reply,
            })
            .map_err(|_| stopped())?;
        answer.recv().map_err(|_| stopped())?
    }

    fn count(&self, space: Space) -> Result<u64> {
        self.run(queries::count(&self.pool, space))
    }

    fn deadline_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        PgStore::deadline_changes(self).map(Some)
    }

    fn announce_games(&self, channels: &[u64]) {
        let payloads: Vec<String> = channels.iter().map(u64::to_string).collect();
        self.handle.spawn(notify::announce(
            self.pool.clone(),
            self.games_channel(),
            payloads,
        ));
    }

    fn game_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        PgStore::game_changes(self).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::commits::{fast_commits, FastArgs};
    use super::common::FastOutcome;
    use super::moves::{make_moves, MoveArgs};
    use super::*;
    use crate::store::{keys, Expect, StoreExt};

    /// Every commit the bot makes takes a one-statement path, deadlines
    /// rescheduled included (a fallback would only show as slowness).
    #[test]
    fn the_bots_commits_take_one_round_trip() {
        let Ok(url) = std::env::var("ISOLO_TEST_PG_URL") else {
            eprintln!("skipped: ISOLO_TEST_PG_URL is not set");
            return;
        };
        let schema = format!("fast_{}", std::process::id());
        let store = PgStore::open(&url, Some(&schema)).unwrap();
        let game = br#"{"kind":"game","format":1,"data":{}}"#.to_vec();
        let put = |expect| Op::Put {
            space: Space::Games,
            key: keys::id(3),
            value: game.clone(),
            expect,
        };
        let moves = [
            vec![
                put(Expect::Absent),
                Op::SetDeadline {
                    channel: 3,
                    at: Some(10),
                },
            ],
            vec![
                put(Expect::Version(1)),
                Op::SetDeadline {
                    channel: 3,
                    at: Some(20),
                },
            ],
            vec![
                Op::Delete {
                    space: Space::Games,
                    key: keys::id(3),
                    expect: Expect::Version(2),
                },
                Op::SetDeadline { channel: 3, at: None },
            ],
        ];
        let one_call = |args: FastArgs| {
            let (pool, channel) = (store.pool.clone(), store.channel.clone());
            store
                .run(async move {
                    let client = pool.get().await.map_err(pool_error)?;
                    fast_commits(&client, &args, &channel).await.map_err(backend)
                })
                .unwrap()
        };
        let args: Vec<_> = moves
            .iter()
            .map(|ops| fast_args(ops).expect("a one-statement commit"))
            .collect();
        // One at a time, then the same three again in one batch (each sees
        // the one before it): the last two now find the wrong versions.
        let alone: Vec<_> = args
            .iter()
            .flat_map(|a| one_call(FastArgs::concat([a])))
            .collect();
        use FastOutcome::{Committed, Conflict};
        assert_eq!(alone, vec![Committed(1), Committed(2), Committed(3)]);
        assert_eq!(store.count(Space::Deadlines).unwrap(), 0);
        assert_eq!(
            one_call(FastArgs::concat(&args)),
            vec![Committed(4), Conflict(0, Some(4)), Conflict(0, Some(4))]
        );
        assert_eq!(store.count(Space::Deadlines).unwrap(), 2);
        let stale = [put(Expect::Version(1))];
        assert!(matches!(
            store.commit(&stale),
            Err(StoreError::Conflict { current: Some(4), .. })
        ));
        // Moves in their own statement, two together: one lands with its
        // deadline, the stale one writes nothing.
        let game_at = |channel| Op::Put {
            space: Space::Games,
            key: keys::id(channel),
            value: game.clone(),
            expect: Expect::Absent,
        };
        let started = store.commit(&[game_at(5), game_at(6)]).unwrap();
        let a_move = |channel, version, at| {
            let put = Op::Put {
                space: Space::Games,
                key: keys::id(channel),
                value: game.clone(),
                expect: Expect::Version(version),
            };
            move_args(&[put, Op::SetDeadline { channel, at }]).expect("a move")
        };
        let together =
            MoveArgs::concat([&a_move(5, started, Some(50)), &a_move(6, started - 1, Some(60))]).unwrap();
        let moves = |args: MoveArgs| {
            let (pool, channel) = (store.pool.clone(), store.channel.clone());
            store
                .run(async move {
                    let client = pool.get().await.map_err(pool_error)?;
                    make_moves(&client, &args, &channel).await.map_err(backend)
                })
                .unwrap()
        };
        assert_eq!(
            moves(together),
            vec![Committed(started + 1), Conflict(0, Some(started))]
        );
        assert_eq!(store.deadline_of(5).unwrap(), Some(50));
        assert_eq!(store.deadline_of(6).unwrap(), None);
        assert_eq!(store.count(Space::Deadlines).unwrap(), 4);
        // One move alone (its own statement): a stale one, then one that
        // moves its deadline.
        assert_eq!(
            moves(a_move(5, started, Some(70))),
            vec![Conflict(0, Some(started + 1))]
        );
        assert_eq!(store.deadline_of(5).unwrap(), Some(50));
        assert_eq!(
            moves(a_move(5, started + 1, Some(70))),
            vec![Committed(started + 2)]
        );
        assert_eq!(store.deadline_of(5).unwrap(), Some(70));
        assert_eq!(store.count(Space::Deadlines).unwrap(), 2 * 2);
        drop(store);
        let cleanup = PgStore::open(&url, None).unwrap();
        let pool = cleanup.pool.clone();
        cleanup
            .run(async move {
                let client = pool.get().await.map_err(pool_error)?;
                let drop = format!("DROP SCHEMA {schema} CASCADE");
                client.batch_execute(&drop).await.map_err(backend)
            })
            .unwrap();
    }

    #[test]
    fn bad_urls_are_errors_without_the_password() {
        let err = PgStore::open("postgres://u:hunter2@host:notaport/db", None).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("bad PostgreSQL url"), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
        let err = PgStore::open("postgres://u@127.0.0.1:1/db", Some("Bad Name")).unwrap_err();
        assert!(err.to_string().contains("schema"), "{err}");
    }
}
