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
//! exact envelope bytes. Its primary key b-tree serves prefix scans and the
//! deadline index (whose keys sort by time). Versions come from a sequence.
//!
//! A commit is one transaction. It first takes a transaction-scoped advisory
//! lock per key it touches, in sorted order (so no deadlocks), which makes
//! compare-and-swap exact even for keys that do not exist yet; then reads
//! the current entries, draws its version (after the locks, so a key's
//! versions grow in commit order), writes, and commits with
//! `synchronous_commit = on`: acknowledged means flushed to the WAL.
//!
//! The common commit (each key touched once, no restores) runs all of that
//! server-side in `isolo_commits`, a function the migrations install, called
//! as one statement outside a transaction block: one round trip, its
//! implicit transaction committing before the answer. Commits that arrive
//! while others are in flight go together in one call (group commit, see
//! [`batcher`]): one transaction, one WAL flush and one round trip for all,
//! each commit still checked and applied on its own, in order. Anything
//! else, and anything that function finds odd (a damaged deadline entry),
//! takes the general path, which plans in Rust with [`plan`] over several
//! round trips. Both take the same locks and check the same things.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio::sync::Semaphore;
use tokio_postgres::{AsyncMessage, NoTls};

use super::{keys, plan, Deadline, Entry, Expect, KeyRange, Op, Result, Scanned, Space, Store, StoreError};

/// Schema version this build creates and reads. Recorded in `isolo_schema`.
pub const SCHEMA_VERSION: i32 = 4;

/// Migration `n` (1-based) upgrades schema `n - 1` to `n`. Append only.
const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [
    "
    CREATE TABLE isolo_entries (
        space smallint NOT NULL,
        key bytea NOT NULL,
        version bigint NOT NULL CHECK (version > 0),
        value bytea NOT NULL,
        PRIMARY KEY (space, key)
    );
    CREATE SEQUENCE isolo_versions AS bigint MINVALUE 1;
",
    // 2 and 3 installed `isolo_commit`, one commit a call, which 4 replaces:
    // a schema at 1, 2 or 3 ends up the same.
    "",
    "",
    COMMITS_FUNCTION,
];

/// Migration 4: `isolo_commits`, the one-round-trip commit of a batch of
/// commits (see [`fast_commits`]), each atomic on its own, in order.
///
/// Commit `c` is the next `sizes[c]` ops. Op `i` is `kinds[i]` (0 put,
/// 1 delete, 2 check, 3 set a deadline) on `(spaces[i], keys[i])`, with
/// `expects[i]` (NULL any, -1 absent, else that version) and the new value
/// `vals[i]`. A deadline op's key is the channel's entry, `vals[i]` its new
/// entry (NULL clears it), `ats[i]` the new index key and `chans[i]` the
/// channel id, also the NOTIFY payload. `locks`: every key's lock, sorted.
///
/// One row a commit, in order: its version, or the op (1-based within the
/// commit) whose check failed and the version found there (NULL: absent),
/// the commit having written nothing. Each commit sees the ones before it,
/// as if they had been made one after the other. A deadline entry that is
/// not exactly what this build writes raises `IS001` (nothing written at
/// all): the caller's general path then decodes it.
///
/// Only a deadline that is new, earlier or cleared is announced: PostgreSQL
/// commits NOTIFYing transactions one at a time, which defeats group commit,
/// and a move pushes its deadline later. A listener that waits for the old,
/// earlier time just wakes, reads the index again and sleeps on.
const COMMITS_FUNCTION: &str = r#"
    DROP FUNCTION IF EXISTS isolo_commit(int8[], int2[], int2[], bytea[], int8[], bytea[], bytea[], text, text[]);
    CREATE OR REPLACE FUNCTION isolo_commits(
        locks int8[], sizes int4[], kinds int2[], spaces int2[], keys bytea[], expects int8[],
        vals bytea[], ats bytea[], channel text, chans text[]
    ) RETURNS TABLE (new_version bigint, failed_op integer, failed_version bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
        n integer := coalesce(array_length(kinds, 1), 0);
        old_index bytea[] := array_fill(NULL::bytea, ARRAY[n]);
        found_version bigint;
        old_value bytea;
        old_text text;
        head constant text := '{"kind":"deadline","format":1,"data":{"at":';
        tail text;
        at_text text;
        size integer;
        first integer := 1;
        last integer;
    BEGIN
        -- A function scan yields the array in order: the locks are taken sorted.
        PERFORM pg_advisory_xact_lock(k) FROM unnest(locks) AS k;
        FOREACH size IN ARRAY sizes LOOP
            last := first + size - 1;
            new_version := NULL;
            failed_op := NULL;
            failed_version := NULL;
            FOR i IN first .. last LOOP
                IF kinds[i] = 3 THEN
                    SELECT e.value INTO old_value FROM isolo_entries e
                        WHERE e.space = spaces[i] AND e.key = keys[i];
                    IF FOUND THEN
                        old_text := convert_from(old_value, 'UTF8');
                        tail := ',"channel":' || chans[i] || '}}';
                        at_text := substring(old_text FROM length(head) + 1
                            FOR greatest(0, length(old_text) - length(head) - length(tail)));
                        IF left(old_text, length(head)) IS DISTINCT FROM head
                            OR right(old_text, length(tail)) IS DISTINCT FROM tail
                            OR at_text !~ '^(0|[1-9][0-9]{0,17})$' THEN
                            RAISE EXCEPTION 'a deadline entry this function does not read' USING ERRCODE = 'IS001';
                        END IF;
                        -- The index key: 'a', the time, the channel (the entry key's tail).
                        old_index[i] := '\x61'::bytea || int8send(at_text::bigint) || substring(keys[i] FROM 2);
                    END IF;
                ELSIF expects[i] IS NOT NULL THEN
                    SELECT e.version INTO found_version FROM isolo_entries e
                        WHERE e.space = spaces[i] AND e.key = keys[i];
                    IF NOT FOUND THEN
                        found_version := NULL;
                    END IF;
                    IF (expects[i] = -1 AND found_version IS NOT NULL)
                        OR (expects[i] >= 0 AND found_version IS DISTINCT FROM expects[i]) THEN
                        failed_op := i - first + 1;
                        failed_version := found_version;
                        EXIT;
                    END IF;
                END IF;
            END LOOP;
            IF failed_op IS NULL THEN
                new_version := nextval('isolo_versions');
                FOR i IN first .. last LOOP
                    IF kinds[i] = 0 THEN
                        INSERT INTO isolo_entries AS e (space, key, version, value)
                            VALUES (spaces[i], keys[i], new_version, vals[i])
                            ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value;
                    ELSIF kinds[i] = 1 THEN
                        DELETE FROM isolo_entries e WHERE e.space = spaces[i] AND e.key = keys[i];
                    ELSIF kinds[i] = 3 THEN
                        IF old_index[i] IS NOT NULL AND old_index[i] IS DISTINCT FROM ats[i] THEN
                            DELETE FROM isolo_entries e WHERE e.space = spaces[i] AND e.key = old_index[i];
                        END IF;
                        IF vals[i] IS NULL THEN
                            DELETE FROM isolo_entries e WHERE e.space = spaces[i] AND e.key = keys[i];
                        ELSE
                            INSERT INTO isolo_entries AS e (space, key, version, value)
                                VALUES (spaces[i], keys[i], new_version, vals[i]), (spaces[i], ats[i], new_version, vals[i])
                                ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value;
                        END IF;
                        -- Delivered to listeners when (and only if) the transaction commits.
                        -- Index keys order by time ('a', then the time big-endian, the same tail).
                        IF ats[i] IS NULL OR old_index[i] IS NULL OR ats[i] < old_index[i] THEN
                            PERFORM pg_notify(channel, chans[i]);
                        END IF;
                    END IF;
                END LOOP;
            END IF;
            RETURN NEXT;
            first := last + 1;
        END LOOP;
    END
    $$;
"#;
/// Advisory lock held while creating or upgrading the schema, so bots
/// starting together migrate once. Should a key's lock hash to it, a commit
/// merely waits for a migration.
const SCHEMA_LOCK: i64 = 0x6973_6f6c_6f5f_7363; // "isolo_sc"

/// Connections per store; commits beyond this wait for a free one. As many
/// as the writers a busy process has at once (its blocking threads).
const POOL_SIZE: usize = 16;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const POOL_WAIT: Duration = Duration::from_secs(30);
/// Server-side bounds, so a stuck lock or a dead client cannot hang the bot.
const SESSION_OPTIONS: &str =
    "-c synchronous_commit=on -c statement_timeout=30000 -c idle_in_transaction_session_timeout=60000";
/// Longest schema name accepted; leaves room in the notify channel name.
const MAX_SCHEMA_LEN: usize = 40;

const GET: &str = "SELECT version, value FROM isolo_entries WHERE space = $1 AND key = $2";
const SCAN_TO: &str = "SELECT key, version, value FROM isolo_entries \
     WHERE space = $1 AND key >= $2 AND key < $3 ORDER BY key LIMIT $4";
const SCAN_ALL: &str = "SELECT key, version, value FROM isolo_entries \
     WHERE space = $1 AND key >= $2 ORDER BY key LIMIT $3";
// A function scan yields the array in order, so the locks are taken sorted.
const LOCK: &str = "SELECT pg_advisory_xact_lock(k) FROM unnest($1::int8[]) AS k";
const READ: &str = "SELECT e.space, e.key, e.version, e.value FROM isolo_entries e \
     JOIN unnest($1::int2[], $2::bytea[]) AS w(space, key) ON e.space = w.space AND e.key = w.key";
const NEXT_VERSION: &str = "SELECT nextval('isolo_versions')";
const UPSERT: &str = "INSERT INTO isolo_entries (space, key, version, value) \
     SELECT * FROM unnest($1::int2[], $2::bytea[], $3::int8[], $4::bytea[]) \
     ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value";
const DELETE: &str = "DELETE FROM isolo_entries e USING unnest($1::int2[], $2::bytea[]) AS w(space, key) \
     WHERE e.space = w.space AND e.key = w.key";
// Only ever raises the sequence; restored versions are rare (imports).
const RAISE_VERSION: &str = "SELECT setval('isolo_versions', $1) FROM isolo_versions WHERE last_value < $1";
const COUNT: &str = "SELECT count(*) FROM isolo_entries WHERE space = $1";
const NOTIFY: &str = "SELECT pg_notify($1, c) FROM unnest($2::text[]) AS c";
const FAST_COMMITS: &str = "SELECT new_version, failed_op, failed_version \
     FROM isolo_commits($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
/// Raised by `isolo_commits` for what only the general path decodes.
const GENERAL_PATH: &str = "IS001";

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

fn backend(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(match e.as_db_error() {
        Some(db) => format!(
            "PostgreSQL {} {}: {}",
            db.severity(),
            db.code().code(),
            db.message()
        ),
        None => format!("PostgreSQL: {e}"),
    })
}

fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => backend(e),
        other => StoreError::Backend(format!("PostgreSQL connection pool: {other}")),
    }
}

/// A schema name we can put in SQL and in options without quoting trouble.
fn valid_schema(name: &str) -> Result<&str> {
    let ok = !name.is_empty()
        && name.len() <= MAX_SCHEMA_LEN
        && name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(name)
    } else {
        Err(StoreError::Backend(format!(
            "[storage] schema {name:?}: use up to {MAX_SCHEMA_LEN} lowercase letters, digits and _, \
             not starting with a digit"
        )))
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
        let listen = format!("LISTEN {name}");
        self.run(async move {
            let (client, mut connection) = self.pg_config.connect(NoTls).await.map_err(backend)?;
            let (tx, rx) = tokio::sync::mpsc::channel(1024);
            let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
            tokio::spawn(async move {
                let subscribe = client.batch_execute(&listen);
                tokio::pin!(subscribe);
                let mut ready = Some(ready_tx);
                loop {
                    tokio::select! {
                        done = &mut subscribe, if ready.is_some() => {
                            let failed = done.is_err();
                            if let Some(ready) = ready.take() {
                                let _ = ready.send(done.map_err(backend));
                            }
                            if failed {
                                return;
                            }
                        }
                        message = std::future::poll_fn(|cx| connection.poll_message(cx)) => {
                            match message {
                                Some(Ok(AsyncMessage::Notification(n))) => {
                                    if let Ok(channel) = n.payload().parse() {
                                        let full = matches!(
                                            tx.try_send(channel),
                                            Err(tokio::sync::mpsc::error::TrySendError::Full(_))
                                        );
                                        if full && lossless {
                                            return;
                                        }
                                    }
                                }
                                Some(Ok(_)) => {}
                                Some(Err(_)) | None => return,
                            }
                        }
                        () = tx.closed() => return,
                    }
                }
            });
            ready_rx
                .await
                .map_err(|_| StoreError::Backend("PostgreSQL LISTEN connection closed".into()))??;
            Ok(rx)
        })
    }

    /// Run `work` to its end on this thread, in the store runtime's context.
    fn run<T>(&self, work: impl Future<Output = Result<T>>) -> Result<T> {
        let _context = self.handle.enter();
        block_on(work)
    }
}

/// Wakes a thread parked in [`block_on`].
struct Unpark(std::thread::Thread);

impl std::task::Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

/// Polls `work` on this thread, parked while it waits. Its sockets and
/// timers belong to the runtime whose context the caller entered.
fn block_on<F: Future>(work: F) -> F::Output {
    let waker = std::task::Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = std::task::Context::from_waker(&waker);
    let mut work = std::pin::pin!(work);
    loop {
        if let std::task::Poll::Ready(out) = work.as_mut().poll(&mut cx) {
            return out;
        }
        // A wake-up that came first makes this return at once; a spurious
        // one only polls again.
        std::thread::park();
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// Create the schema, or bring an older one up to [`SCHEMA_VERSION`].
async fn migrate(pool: &Pool, schema: Option<&str>) -> Result<()> {
    let mut client = pool.get().await.map_err(pool_error)?;
    let tx = client.transaction().await.map_err(backend)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
        .await
        .map_err(backend)?;
    // Check before creating: a bot whose user may no longer create objects
    // (see docs/storage.md) still starts on an existing schema.
    if let Some(schema) = schema {
        create_missing(
            &tx,
            "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)",
            &[&schema],
            // `valid_schema` vetted the name; identifiers cannot be parameters.
            &format!("CREATE SCHEMA {schema}"),
        )
        .await?;
    }
    create_missing(
        &tx,
        "SELECT to_regclass('isolo_schema') IS NOT NULL",
        &[],
        "CREATE TABLE isolo_schema (
            one boolean PRIMARY KEY DEFAULT true CHECK (one),
            version integer NOT NULL,
            upgraded_at timestamptz NOT NULL DEFAULT now()
        )",
    )
    .await?;
    let found: i32 = tx
        .query_opt("SELECT version FROM isolo_schema", &[])
        .await
        .map_err(backend)?
        .map_or(0, |row| row.get(0));
    if found > SCHEMA_VERSION {
        return Err(StoreError::Schema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    if found < SCHEMA_VERSION {
        let done = usize::try_from(found)
            .map_err(|_| StoreError::Backend(format!("isolo_schema records version {found}")))?;
        for step in &MIGRATIONS[done..] {
            tx.batch_execute(step).await.map_err(backend)?;
        }
        tx.execute(
            "INSERT INTO isolo_schema (version) VALUES ($1)
             ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version, upgraded_at = now()",
            &[&SCHEMA_VERSION],
        )
        .await
        .map_err(backend)?;
    }
    tx.commit().await.map_err(backend)
}

/// Run `create` unless `exists` (a query giving one boolean) finds the object.
async fn create_missing(
    tx: &tokio_postgres::Transaction<'_>,
    exists: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    create: &str,
) -> Result<()> {
    let there: bool = tx.query_one(exists, params).await.map_err(backend)?.get(0);
    if !there {
        tx.batch_execute(create).await.map_err(backend)?;
    }
    Ok(())
}

/// The advisory lock of a key: FNV-1a over the space tag and the key. A
/// collision only makes two unrelated commits wait for each other.
fn lock_id(space: Space, key: &[u8]) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in std::iter::once(space.tag()).chain(key.iter().copied()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash as i64
}

/// Every key whose state a commit of `ops` reads or writes, through its
/// lock. The index entry a `SetDeadline` replaces is covered by the
/// channel's per-channel key, which every writer of it locks.
fn touched(ops: &[Op]) -> Vec<(Space, Vec<u8>)> {
    ops.iter()
        .map(|op| match op {
            Op::Put { space, key, .. }
            | Op::Delete { space, key, .. }
            | Op::Check { space, key, .. }
            | Op::Restore { space, key, .. } => (*space, key.clone()),
            Op::SetDeadline { channel, .. } => (Space::Deadlines, keys::deadline_of(*channel)),
        })
        .collect()
}

fn version_param(space: Space, key: &[u8], version: u64) -> Result<i64> {
    i64::try_from(version).map_err(|_| StoreError::Encode {
        space,
        key: key.to_vec(),
        reason: format!("version {version} is beyond PostgreSQL's bigint"),
    })
}

fn space_of(tag: i16) -> Space {
    // Rows are only written with valid tags; fall back rather than panic.
    u8::try_from(tag)
        .ok()
        .and_then(Space::from_tag)
        .unwrap_or(Space::Meta)
}

fn entry(version: i64, value: Vec<u8>) -> Entry {
    Entry {
        version: version as u64,
        value,
    }
}

/// The arguments of `isolo_commits`, one array slot per op.
#[derive(Debug, Default, PartialEq)]
struct FastArgs {
    locks: Vec<i64>,
    /// How many ops each commit has, in order.
    sizes: Vec<i32>,
    kinds: Vec<i16>,
    spaces: Vec<i16>,
    keys: Vec<Vec<u8>>,
    expects: Vec<Option<i64>>,
    vals: Vec<Option<Vec<u8>>>,
    ats: Vec<Option<Vec<u8>>>,
    chans: Vec<Option<String>>,
}

/// The one-statement form of `ops`, when it has one: each key touched once
/// (so every check reads committed state, as [`plan`] would), no restores,
/// no direct writes to the deadline index, and values that [`plan`]
/// accepts. `None`: take the general path, which also words every refusal.
fn fast_args(ops: &[Op]) -> Option<FastArgs> {
    let touched = touched(ops);
    let mut distinct: Vec<_> = touched.iter().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != touched.len() {
        return None;
    }
    let mut args = FastArgs {
        locks: touched.iter().map(|(s, k)| lock_id(*s, k)).collect(),
        sizes: vec![i32::try_from(ops.len()).ok()?],
        ..FastArgs::default()
    };
    args.locks.sort_unstable();
    args.locks.dedup();
    let expect = |e: &Expect| match e {
        Expect::Any => Some(None),
        Expect::Absent => Some(Some(-1)),
        Expect::Version(v) => i64::try_from(*v).ok().map(Some),
    };
    for op in ops {
        let (kind, space, key, expected, value, at, chan) = match op {
            Op::Put {
                space,
                key,
                value,
                expect: e,
            } if *space != Space::Deadlines => {
                super::check_envelope(*space, key, value).ok()?;
                (
                    0,
                    *space,
                    key.clone(),
                    expect(e)?,
                    Some(value.clone()),
                    None,
                    None,
                )
            }
            Op::Delete {
                space,
                key,
                expect: e,
            } if *space != Space::Deadlines => (1, *space, key.clone(), expect(e)?, None, None, None),
            Op::Check {
                space,
                key,
                expect: e,
            } if *space != Space::Deadlines => (2, *space, key.clone(), expect(e)?, None, None, None),
            Op::SetDeadline { channel, at } => {
                let of_key = keys::deadline_of(*channel);
                let value = match at {
                    Some(at) => {
                        let deadline = Deadline {
                            at: *at,
                            channel: *channel,
                        };
                        Some(super::typed::encode(Space::Deadlines, &of_key, &deadline).ok()?)
                    }
                    None => None,
                };
                let at_key = at.map(|at| keys::deadline_at(at, *channel));
                (
                    3,
                    Space::Deadlines,
                    of_key,
                    None,
                    value,
                    at_key,
                    Some(channel.to_string()),
                )
            }
            _ => return None,
        };
        args.kinds.push(kind);
        args.spaces.push(i16::from(space.tag()));
        args.keys.push(key);
        args.expects.push(expected);
        args.vals.push(value);
        args.ats.push(at);
        args.chans.push(chan);
    }
    Some(args)
}

impl FastArgs {
    /// The arguments of these commits made one after the other in one call.
    fn concat<'a>(commits: impl IntoIterator<Item = &'a FastArgs>) -> FastArgs {
        let mut all = FastArgs::default();
        for one in commits {
            all.locks.extend_from_slice(&one.locks);
            all.sizes.extend_from_slice(&one.sizes);
            all.kinds.extend_from_slice(&one.kinds);
            all.spaces.extend_from_slice(&one.spaces);
            all.keys.extend_from_slice(&one.keys);
            all.expects.extend_from_slice(&one.expects);
            all.vals.extend_from_slice(&one.vals);
            all.ats.extend_from_slice(&one.ats);
            all.chans.extend_from_slice(&one.chans);
        }
        all.locks.sort_unstable();
        all.locks.dedup();
        all
    }
}

/// What `isolo_commits` answered for one commit.
#[derive(Debug, PartialEq)]
enum FastOutcome {
    Committed(u64),
    /// The 0-based op whose check failed, and the version found there.
    Conflict(usize, Option<u64>),
}

/// One round trip: `isolo_commits` as a statement of its own, so its
/// implicit transaction has committed (durably) when the answer arrives.
/// One outcome per commit of `args`, in order.
async fn fast_commits(
    client: &deadpool_postgres::Client,
    args: &FastArgs,
    channel: &str,
) -> std::result::Result<Vec<FastOutcome>, tokio_postgres::Error> {
    let statement = client.prepare_cached(FAST_COMMITS).await?;
    let rows = client
        .query(
            &statement,
            &[
                &args.locks,
                &args.sizes,
                &args.kinds,
                &args.spaces,
                &args.keys,
                &args.expects,
                &args.vals,
                &args.ats,
                &channel,
                &args.chans,
            ],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|row| match row.get::<_, Option<i32>>(1) {
            Some(op) => FastOutcome::Conflict(
                usize::try_from(op - 1).unwrap_or(0),
                row.get::<_, Option<i64>>(2).map(|v| v as u64),
            ),
            None => FastOutcome::Committed(row.get::<_, i64>(0) as u64),
        })
        .collect())
}

/// The refusal of the op `isolo_commits` names.
fn fast_conflict(op: &Op, current: Option<u64>) -> StoreError {
    match op {
        Op::Put {
            space, key, expect, ..
        }
        | Op::Delete { space, key, expect }
        | Op::Check { space, key, expect } => StoreError::Conflict {
            space: *space,
            key: key.clone(),
            expected: *expect,
            current,
        },
        // `isolo_commits` checks nothing else.
        other => StoreError::Backend(format!("isolo_commits refused {other:?}")),
    }
}

/// Whether `isolo_commits` refused to read something, writing nothing.
fn is_general_path(e: &tokio_postgres::Error) -> bool {
    e.code().is_some_and(|c| c.code() == GENERAL_PATH)
}

/// The answer to one commit's caller.
fn answer(ops: &[Op], outcome: &FastOutcome) -> Result<u64> {
    match *outcome {
        FastOutcome::Committed(version) => Ok(version),
        FastOutcome::Conflict(i, current) => Err(ops.get(i).map_or_else(
            || StoreError::Backend(format!("isolo_commits named op {i}")),
            |op| fast_conflict(op, current),
        )),
    }
}

/// A commit waiting for its batch: its ops, their arguments, and where its
/// answer goes.
struct Pending {
    ops: Vec<Op>,
    args: FastArgs,
    reply: mpsc::SyncSender<Result<u64>>,
}

/// Commits in one batch at most.
const MAX_BATCH: usize = 32;
/// Batches in flight at once, each on a connection of its own.
const BATCHES_IN_FLIGHT: usize = 2;

/// Group commit. A commit that finds a slot free goes at once, alone, from
/// its caller's thread ([`PgStore::commit`]); the commits that arrive while
/// every slot is busy queue here and go together in the next batch: one
/// statement, one transaction and one WAL flush for all, each commit still
/// atomic and checked on its own. Ends when the store drops.
async fn batcher(
    pool: Pool,
    channel: String,
    slots: Arc<Semaphore>,
    mut queue: tokio::sync::mpsc::UnboundedReceiver<Pending>,
) {
    loop {
        let Some(first) = queue.recv().await else {
            return;
        };
        // Waiting here, this task gets the next free slot before any caller.
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(next) => batch.push(next),
                Err(_) => break,
            }
        }
        let (pool, channel) = (pool.clone(), channel.clone());
        tokio::spawn(async move {
            commit_batch(&pool, batch, &channel).await;
            drop(slot);
        });
    }
}

/// How a batch made together went.
enum Together {
    Done(Vec<FastOutcome>),
    /// Nothing known to be written; every commit gets this error.
    Failed(String),
    /// `isolo_commits` met what only the general path reads (a damaged
    /// entry, say), so nothing was written: each commit alone finds its own
    /// answer. Any other error is the server's or the connection's, not one
    /// commit's, and is everyone's.
    OneByOne,
}

/// Make `batch`'s commits, together when there are several, and answer each.
async fn commit_batch(pool: &Pool, batch: Vec<Pending>, channel: &str) {
    if batch.len() > 1 {
        match commit_together(pool, &batch, channel).await {
            Together::Done(outcomes) => {
                for (pending, outcome) in batch.iter().zip(&outcomes) {
                    let _ = pending.reply.send(answer(&pending.ops, outcome));
                }
                return;
            }
            Together::Failed(message) => {
                for pending in &batch {
                    let _ = pending.reply.send(Err(StoreError::Backend(message.clone())));
                }
                return;
            }
            Together::OneByOne => {}
        }
    }
    for pending in batch {
        let result = commit_alone(pool, pending.ops, &pending.args, channel).await;
        let _ = pending.reply.send(result);
    }
}

/// `batch`'s commits in one call of `isolo_commits`.
async fn commit_together(pool: &Pool, batch: &[Pending], channel: &str) -> Together {
    let message = |e: StoreError| match e {
        StoreError::Backend(message) => message,
        other => other.to_string(),
    };
    let client = match pool.get().await {
        Ok(client) => client,
        Err(e) => return Together::Failed(message(pool_error(e))),
    };
    let args = FastArgs::concat(batch.iter().map(|p| &p.args));
    match fast_commits(&client, &args, channel).await {
        Ok(outcomes) if outcomes.len() == batch.len() => Together::Done(outcomes),
        Ok(outcomes) => Together::Failed(format!(
            "isolo_commits answered {} of {} commits",
            outcomes.len(),
            batch.len()
        )),
        Err(e) if is_general_path(&e) => Together::OneByOne,
        Err(e) => Together::Failed(message(backend(e))),
    }
}

/// One commit on its own: the one-statement path, or the general one for
/// what that refuses to read.
async fn commit_alone(pool: &Pool, ops: Vec<Op>, args: &FastArgs, channel: &str) -> Result<u64> {
    let mut client = pool.get().await.map_err(pool_error)?;
    match fast_commits(&client, args, channel).await {
        Ok(outcomes) => match outcomes.as_slice() {
            [outcome] => answer(&ops, outcome),
            _ => Err(StoreError::Backend(format!(
                "isolo_commits answered {} commits for one",
                outcomes.len()
            ))),
        },
        Err(e) if is_general_path(&e) => general_commit(&mut client, ops, channel).await,
        Err(e) => Err(backend(e)),
    }
}

/// The general path: plan in Rust between the reads and the writes.
async fn general_commit(client: &mut deadpool_postgres::Client, ops: Vec<Op>, channel: &str) -> Result<u64> {
    let tx = client.transaction().await.map_err(backend)?;

    let touched = touched(&ops);
    let mut locks: Vec<i64> = touched.iter().map(|(s, k)| lock_id(*s, k)).collect();
    locks.sort_unstable();
    locks.dedup();
    let lock = tx.prepare_cached(LOCK).await.map_err(backend)?;
    tx.execute(&lock, &[&locks]).await.map_err(backend)?;

    let spaces: Vec<i16> = touched.iter().map(|(s, _)| i16::from(s.tag())).collect();
    let keys: Vec<&[u8]> = touched.iter().map(|(_, k)| k.as_slice()).collect();
    let read = tx.prepare_cached(READ).await.map_err(backend)?;
    let current: HashMap<(Space, Vec<u8>), Entry> = tx
        .query(&read, &[&spaces, &keys])
        .await
        .map_err(backend)?
        .into_iter()
        .map(|row| ((space_of(row.get(0)), row.get(1)), entry(row.get(2), row.get(3))))
        .collect();

    let next = tx.prepare_cached(NEXT_VERSION).await.map_err(backend)?;
    let version: i64 = tx.query_one(&next, &[]).await.map_err(backend)?.get(0);
    let mut read = |space: Space, key: &[u8]| Ok(current.get(&(space, key.to_vec())).cloned());
    let (writes, max_restored) = plan(&ops, version as u64, &mut read)?;

    let (mut put, mut gone) = ((vec![], vec![], vec![], vec![]), (vec![], vec![]));
    for (space, key, entry) in writes {
        match entry {
            Some(entry) => {
                put.2.push(version_param(space, &key, entry.version)?);
                put.0.push(i16::from(space.tag()));
                put.1.push(key);
                put.3.push(entry.value);
            }
            None => {
                gone.0.push(i16::from(space.tag()));
                gone.1.push(key);
            }
        }
    }
    if !gone.0.is_empty() {
        let delete = tx.prepare_cached(DELETE).await.map_err(backend)?;
        tx.execute(&delete, &[&gone.0, &gone.1]).await.map_err(backend)?;
    }
    if !put.0.is_empty() {
        let upsert = tx.prepare_cached(UPSERT).await.map_err(backend)?;
        tx.execute(&upsert, &[&put.0, &put.1, &put.2, &put.3])
            .await
            .map_err(backend)?;
    }
    if max_restored > version as u64 {
        let raise = version_param(Space::Meta, b"", max_restored)?;
        tx.execute(RAISE_VERSION, &[&raise]).await.map_err(backend)?;
    }
    let changed: Vec<String> = ops
        .iter()
        .filter_map(|op| match op {
            Op::SetDeadline { channel, .. } => Some(channel.to_string()),
            _ => None,
        })
        .collect();
    if !changed.is_empty() {
        // Delivered to listeners when (and only if) the transaction commits.
        tx.execute(NOTIFY, &[&channel, &changed]).await.map_err(backend)?;
    }
    tx.commit().await.map_err(backend)?;
    Ok(version as u64)
}

impl Store for PgStore {
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let get = client.prepare_cached(GET).await.map_err(backend)?;
            let row = client
                .query_opt(&get, &[&i16::from(space.tag()), &key])
                .await
                .map_err(backend)?;
            Ok(row.map(|row| entry(row.get(0), row.get(1))))
        })
    }

    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let tag = i16::from(space.tag());
            // LIMIT NULL means no limit.
            let limit = range.limit.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
            let rows = match &range.end {
                Some(end) => {
                    let scan = client.prepare_cached(SCAN_TO).await.map_err(backend)?;
                    client.query(&scan, &[&tag, &range.start, end, &limit]).await
                }
                None => {
                    let scan = client.prepare_cached(SCAN_ALL).await.map_err(backend)?;
                    client.query(&scan, &[&tag, &range.start, &limit]).await
                }
            }
            .map_err(backend)?;
            Ok(rows
                .into_iter()
                .map(|row| (row.get(0), Ok(entry(row.get(1), row.get(2)))))
                .collect())
        })
    }

    fn commit(&self, ops: &[Op]) -> Result<u64> {
        let ops = ops.to_vec();
        let Some(args) = fast_args(&ops) else {
            return self.run(async {
                let mut client = self.pool.get().await.map_err(pool_error)?;
                general_commit(&mut client, ops, &self.channel).await
            });
        };
        if let Ok(_slot) = self.slots.try_acquire() {
            return self.run(commit_alone(&self.pool, ops, &args, &self.channel));
        }
        let (reply, answer) = mpsc::sync_channel(1);
        let stopped = || StoreError::Backend("the PostgreSQL client runtime stopped".into());
        self.queue
            .send(Pending { ops, args, reply })
            .map_err(|_| stopped())?;
        answer.recv().map_err(|_| stopped())?
    }

    fn count(&self, space: Space) -> Result<u64> {
        self.run(async {
            let client = self.pool.get().await.map_err(pool_error)?;
            let count = client.prepare_cached(COUNT).await.map_err(backend)?;
            let row = client
                .query_one(&count, &[&i16::from(space.tag())])
                .await
                .map_err(backend)?;
            Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
        })
    }

    fn deadline_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        PgStore::deadline_changes(self).map(Some)
    }

    fn announce_games(&self, channels: &[u64]) {
        let pool = self.pool.clone();
        let name = self.games_channel();
        let payloads: Vec<String> = channels.iter().map(u64::to_string).collect();
        // After the commit, off the mover's path: a page elsewhere learns of
        // the move within a round trip; a lost NOTIFY only delays it to the
        // page's next poll.
        self.handle.spawn(async move {
            let sent = async {
                let client = pool.get().await.map_err(pool_error)?;
                client.execute(NOTIFY, &[&name, &payloads]).await.map_err(backend)
            };
            if let Err(e) = sent.await {
                tracing::debug!("cannot announce a game change: {e}");
            }
        });
    }

    fn game_changes(&self) -> Result<Option<tokio::sync::mpsc::Receiver<u64>>> {
        PgStore::game_changes(self).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names_are_vetted() {
        for good in ["isolo", "_t1", "bot_2"] {
            assert_eq!(valid_schema(good).unwrap(), good);
        }
        for bad in ["", "1x", "Isolo", "a;drop", "a b", &"x".repeat(41)] {
            assert!(valid_schema(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_commit_locks_every_key_it_reads() {
        let ops = [
            Op::Check {
                space: Space::Games,
                key: keys::id(1),
                expect: super::super::Expect::Absent,
            },
            Op::SetDeadline {
                channel: 1,
                at: Some(5),
            },
        ];
        let touched = touched(&ops);
        assert_eq!(
            touched,
            vec![
                (Space::Games, keys::id(1)),
                (Space::Deadlines, keys::deadline_of(1))
            ]
        );
        // Same key in another space: another lock.
        assert_ne!(lock_id(Space::Games, b"k"), lock_id(Space::Records, b"k"));
        assert_eq!(lock_id(Space::Games, b"k"), lock_id(Space::Games, b"k"));
    }

    /// Every commit the bot makes takes the one-statement path, deadlines
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
    fn odd_commits_take_the_general_path() {
        let restore = Op::Restore {
            space: Space::Meta,
            key: b"k".to_vec(),
            entry: Entry {
                version: 9,
                value: b"{}".to_vec(),
            },
        };
        assert!(fast_args(&[restore]).is_none());
        let twice = [
            Op::SetDeadline {
                channel: 1,
                at: Some(1),
            },
            Op::SetDeadline {
                channel: 1,
                at: Some(2),
            },
        ];
        assert!(fast_args(&twice).is_none());
        let not_an_envelope = Op::Put {
            space: Space::Meta,
            key: b"k".to_vec(),
            value: b"x".to_vec(),
            expect: Expect::Any,
        };
        assert!(fast_args(&[not_an_envelope]).is_none());
        let args = fast_args(&[Op::SetDeadline {
            channel: 7,
            at: Some(5),
        }])
        .unwrap();
        assert_eq!(args.kinds, vec![3]);
        assert_eq!(args.ats, vec![Some(keys::deadline_at(5, 7))]);
        assert_eq!(args.chans, vec![Some("7".to_owned())]);
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
