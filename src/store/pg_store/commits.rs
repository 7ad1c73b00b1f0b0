//! Commits: the one-statement form (`isolo_commits`), group commit, and the
//! general path for what that form does not cover.

use std::collections::HashMap;
use std::sync::{mpsc, Arc};

use deadpool_postgres::Pool;
use tokio::sync::Semaphore;

use super::super::{keys, plan, Deadline, Entry, Expect, Op, Space, StoreError};
use super::common::{backend, entry, pool_error, space_of, version_param, NOTIFY};
use crate::store::Result;

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
const FAST_COMMITS: &str = "SELECT new_version, failed_op, failed_version \
     FROM isolo_commits($1, $2, $3, $4, $5, $6, $7, $8, $9)";
/// Raised by `isolo_commits` for what only the general path decodes.
const GENERAL_PATH: &str = "IS001";

/// Raised by `isolo_commits` when a row changed between its check and its
/// write: nothing was written, and the commits are made again.
const RACED: &str = "IS002";
/// Times a commit that lost a race is made again before it gives up.
const RETRIES: usize = 16;

/// The general path's writes, each repeating in its WHERE what it read.
const UPDATE_IF: &str = "UPDATE isolo_entries SET version = $4, value = $5 \
     WHERE space = $1 AND key = $2 AND version = $3";
const INSERT_IF_ABSENT: &str = "INSERT INTO isolo_entries (space, key, version, value) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (space, key) DO NOTHING";
const DELETE_IF: &str = "DELETE FROM isolo_entries WHERE space = $1 AND key = $2 AND version = $3";
/// A key only checked: held (shared) to the commit, its version read again.
const HOLD: &str = "SELECT version FROM isolo_entries WHERE space = $1 AND key = $2 FOR SHARE";

/// Every key whose state a commit of `ops` reads or writes. The index entry
/// a `SetDeadline` replaces is covered by the channel's per-channel key,
/// whose every write is a compare-and-swap.
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

/// The arguments of `isolo_commits`, one array slot per op.
#[derive(Debug, Default, PartialEq)]
pub(super) struct FastArgs {
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
pub(super) fn fast_args(ops: &[Op]) -> Option<FastArgs> {
    let touched = touched(ops);
    let mut distinct: Vec<_> = touched.iter().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != touched.len() {
        return None;
    }
    let mut args = FastArgs {
        sizes: vec![i32::try_from(ops.len()).ok()?],
        ..FastArgs::default()
    };
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
                super::super::check_envelope(*space, key, value).ok()?;
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
                        Some(super::super::typed::encode(Space::Deadlines, &of_key, &deadline).ok()?)
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
    pub(super) fn concat<'a>(commits: impl IntoIterator<Item = &'a FastArgs>) -> FastArgs {
        let mut all = FastArgs::default();
        for one in commits {
            all.sizes.extend_from_slice(&one.sizes);
            all.kinds.extend_from_slice(&one.kinds);
            all.spaces.extend_from_slice(&one.spaces);
            all.keys.extend_from_slice(&one.keys);
            all.expects.extend_from_slice(&one.expects);
            all.vals.extend_from_slice(&one.vals);
            all.ats.extend_from_slice(&one.ats);
            all.chans.extend_from_slice(&one.chans);
        }
        all
    }
}

/// What `isolo_commits` answered for one commit.
#[derive(Debug, PartialEq)]
pub(super) enum FastOutcome {
    Committed(u64),
    /// The 0-based op whose check failed, and the version found there.
    Conflict(usize, Option<u64>),
}

/// One round trip: `isolo_commits` as a statement of its own, so its
/// implicit transaction has committed (durably) when the answer arrives.
/// One outcome per commit of `args`, in order.
pub(super) async fn fast_commits(
    client: &deadpool_postgres::Client,
    args: &FastArgs,
    channel: &str,
) -> std::result::Result<Vec<FastOutcome>, tokio_postgres::Error> {
    let statement = client.prepare_cached(FAST_COMMITS).await?;
    let rows = client
        .query(
            &statement,
            &[
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

/// Whether a statement lost a race and wrote nothing: a row changed between
/// its check and its write, or two commits waited on each other's rows
/// (PostgreSQL ends one). Made again, it finds the winner's state.
fn raced(e: &tokio_postgres::Error) -> bool {
    let codes = [RACED, "40P01", "40001"];
    e.code().is_some_and(|c| codes.contains(&c.code()))
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
pub(super) struct Pending {
    pub(super) ops: Vec<Op>,
    pub(super) args: FastArgs,
    pub(super) reply: mpsc::SyncSender<Result<u64>>,
}

/// Commits in one batch at most.
const MAX_BATCH: usize = 32;
/// Batches in flight at once, each on a connection of its own.
pub(super) const BATCHES_IN_FLIGHT: usize = 2;

/// Group commit. A commit that finds a slot free goes at once, alone, from
/// its caller's thread ([`PgStore::commit`]); the commits that arrive while
/// every slot is busy queue here and go together in the next batch: one
/// statement, one transaction and one WAL flush for all, each commit still
/// atomic and checked on its own. Ends when the store drops.
pub(super) async fn batcher(
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
        Err(e) if is_general_path(&e) || raced(&e) => Together::OneByOne,
        Err(e) => Together::Failed(message(backend(e))),
    }
}

/// One commit on its own: the one-statement path, made again while it loses
/// races, or the general one for what that refuses to read.
pub(super) async fn commit_alone(pool: &Pool, ops: Vec<Op>, args: &FastArgs, channel: &str) -> Result<u64> {
    let mut client = pool.get().await.map_err(pool_error)?;
    for _ in 0..RETRIES {
        return match fast_commits(&client, args, channel).await {
            Ok(outcomes) => match outcomes.as_slice() {
                [outcome] => answer(&ops, outcome),
                _ => Err(StoreError::Backend(format!(
                    "isolo_commits answered {} commits for one",
                    outcomes.len()
                ))),
            },
            Err(e) if raced(&e) => continue,
            Err(e) if is_general_path(&e) => general_commit(&mut client, ops, channel).await,
            Err(e) => Err(backend(e)),
        };
    }
    Err(lost())
}

/// The error of a commit that lost every race it ran.
fn lost() -> StoreError {
    StoreError::Backend(format!("a commit lost {RETRIES} races in a row"))
}

/// Why an attempt of the general path wrote nothing.
enum Failed {
    /// A row changed since it was read: try again.
    Raced,
    Store(StoreError),
}

impl From<tokio_postgres::Error> for Failed {
    fn from(e: tokio_postgres::Error) -> Self {
        if raced(&e) {
            Failed::Raced
        } else {
            Failed::Store(backend(e))
        }
    }
}

impl From<StoreError> for Failed {
    fn from(e: StoreError) -> Self {
        Failed::Store(e)
    }
}

/// The general path, made again while it loses races.
pub(super) async fn general_commit(
    client: &mut deadpool_postgres::Client,
    ops: Vec<Op>,
    channel: &str,
) -> Result<u64> {
    for _ in 0..RETRIES {
        match general_attempt(client, &ops, channel).await {
            Ok(version) => return Ok(version),
            Err(Failed::Raced) => continue,
            Err(Failed::Store(e)) => return Err(e),
        }
    }
    Err(lost())
}

/// The general path, once: read without locks, plan in Rust, and write,
/// each write of a key read repeating in its WHERE the state it was read
/// in. A key only checked is held (shared) and read again.
async fn general_attempt(
    client: &mut deadpool_postgres::Client,
    ops: &[Op],
    channel: &str,
) -> std::result::Result<u64, Failed> {
    let tx = client.transaction().await?;
    let touched = touched(ops);
    let spaces: Vec<i16> = touched.iter().map(|(s, _)| i16::from(s.tag())).collect();
    let keys: Vec<&[u8]> = touched.iter().map(|(_, k)| k.as_slice()).collect();
    let read = tx.prepare_cached(READ).await?;
    let current: HashMap<(Space, Vec<u8>), Entry> = tx
        .query(&read, &[&spaces, &keys])
        .await?
        .into_iter()
        .map(|row| ((space_of(row.get(0)), row.get(1)), entry(row.get(2), row.get(3))))
        .collect();

    let next = tx.prepare_cached(NEXT_VERSION).await?;
    let version: i64 = tx.query_one(&next, &[]).await?.get(0);
    let mut read = |space: Space, key: &[u8]| Ok(current.get(&(space, key.to_vec())).cloned());
    let (writes, max_restored) = plan(ops, version as u64, &mut read)?;
    // The version each key read was at (`None`: absent), for its write's WHERE.
    let was = |space: Space, key: &[u8]| {
        touched
            .iter()
            .any(|(s, k)| *s == space && k == key)
            .then(|| current.get(&(space, key.to_vec())).map(|e| e.version))
    };

    let (mut put, mut gone) = ((vec![], vec![], vec![], vec![]), (vec![], vec![]));
    let mut written = Vec::new();
    for (space, key, entry) in writes {
        let tag = i16::from(space.tag());
        let before = was(space, &key);
        if before.is_some() {
            written.push((space, key.clone()));
        }
        let rows = match (entry, before) {
            (Some(entry), None) => {
                put.2.push(version_param(space, &key, entry.version)?);
                put.0.push(tag);
                put.1.push(key);
                put.3.push(entry.value);
                continue;
            }
            (None, None) => {
                gone.0.push(tag);
                gone.1.push(key);
                continue;
            }
            (Some(entry), Some(Some(old))) => {
                let (old, new) = (
                    version_param(space, &key, old)?,
                    version_param(space, &key, entry.version)?,
                );
                tx.execute(UPDATE_IF, &[&tag, &key, &old, &new, &entry.value])
                    .await?
            }
            (Some(entry), Some(None)) => {
                let new = version_param(space, &key, entry.version)?;
                tx.execute(INSERT_IF_ABSENT, &[&tag, &key, &new, &entry.value])
                    .await?
            }
            (None, Some(Some(old))) => {
                let old = version_param(space, &key, old)?;
                tx.execute(DELETE_IF, &[&tag, &key, &old]).await?
            }
            // Absent when read, and to stay so: nothing to write.
            (None, Some(None)) => 1,
        };
        if rows != 1 {
            return Err(Failed::Raced);
        }
    }
    for (space, key) in &touched {
        let Some(Some(old)) = was(*space, key).filter(|_| !written.contains(&(*space, key.clone()))) else {
            continue;
        };
        let held = tx.query_opt(HOLD, &[&i16::from(space.tag()), key]).await?;
        if held.map(|row| row.get::<_, i64>(0) as u64) != Some(old) {
            return Err(Failed::Raced);
        }
    }
    if !gone.0.is_empty() {
        let delete = tx.prepare_cached(DELETE).await?;
        tx.execute(&delete, &[&gone.0, &gone.1]).await?;
    }
    if !put.0.is_empty() {
        let upsert = tx.prepare_cached(UPSERT).await?;
        tx.execute(&upsert, &[&put.0, &put.1, &put.2, &put.3]).await?;
    }
    if max_restored > version as u64 {
        let raise = version_param(Space::Meta, b"", max_restored)?;
        tx.execute(RAISE_VERSION, &[&raise]).await?;
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
        tx.execute(NOTIFY, &[&channel, &changed]).await?;
    }
    tx.commit().await?;
    Ok(version as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_names_every_key_it_reads() {
        let ops = [
            Op::Check {
                space: Space::Games,
                key: keys::id(1),
                expect: Expect::Absent,
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
    }

    /// Every commit the bot makes takes the one-statement path, deadlines

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
}
