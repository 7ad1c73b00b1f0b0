//! Reads: one entry, a range of keys, a count. The deadlines space is read
//! from its own table, each row of which holds both halves of a deadline:
//! the channel's entry and the index entry (see `schema`).

use deadpool_postgres::Pool;

use super::super::{Entry, KeyRange, Scanned, Space};
use super::common::{backend, entry, pool_error, Param};
use crate::store::Result;

const GET: &str = "SELECT version, value FROM isolo_entries WHERE space = $1 AND key = $2";
const SCAN_TO: &str = "SELECT key, version, value FROM isolo_entries \
     WHERE space = $1 AND key >= $2 AND key < $3 ORDER BY key LIMIT $4";
const SCAN_ALL: &str = "SELECT key, version, value FROM isolo_entries \
     WHERE space = $1 AND key >= $2 ORDER BY key LIMIT $3";
const COUNT: &str = "SELECT count(*) FROM isolo_entries WHERE space = $1";

/// Both halves of every deadline, as the deadlines space's entries; each
/// half is read through its own index.
macro_rules! deadline_entries {
    () => {
        "(SELECT channel_key AS key, version, value FROM isolo_deadlines \
         UNION ALL SELECT at_key, version, value FROM isolo_deadlines) d"
    };
}
pub(super) use deadline_entries;

/// The same reads in the deadlines space, whose tag they do not take.
const DEADLINE_GET: &str = "SELECT version, value FROM isolo_deadlines WHERE channel_key = $1 \
     UNION ALL SELECT version, value FROM isolo_deadlines WHERE at_key = $1";
const DEADLINE_SCAN_TO: &str = concat!(
    "SELECT key, version, value FROM ",
    deadline_entries!(),
    " WHERE key >= $1 AND key < $2 ORDER BY key LIMIT $3"
);
const DEADLINE_SCAN_ALL: &str = concat!(
    "SELECT key, version, value FROM ",
    deadline_entries!(),
    " WHERE key >= $1 ORDER BY key LIMIT $2"
);
const DEADLINE_COUNT: &str = "SELECT 2 * count(*) FROM isolo_deadlines";

/// `space`'s statement (`entries` or `deadlines`), and `params` led by the
/// space's tag where the statement takes it.
fn pick<'a>(
    space: Space,
    tag: &'a i16,
    entries: &'static str,
    deadlines: &'static str,
    params: &[Param<'a>],
) -> (&'static str, Vec<Param<'a>>) {
    if space == Space::Deadlines {
        (deadlines, params.to_vec())
    } else {
        let mut all: Vec<Param<'a>> = vec![tag];
        all.extend_from_slice(params);
        (entries, all)
    }
}

/// The entry at `(space, key)`.
pub(super) async fn get(pool: &Pool, space: Space, key: &[u8]) -> Result<Option<Entry>> {
    let client = pool.get().await.map_err(pool_error)?;
    let tag = i16::from(space.tag());
    let (sql, params) = pick(space, &tag, GET, DEADLINE_GET, &[&key]);
    let get = client.prepare_cached(sql).await.map_err(backend)?;
    let row = client.query_opt(&get, &params).await.map_err(backend)?;
    Ok(row.map(|row| entry(row.get(0), row.get(1))))
}

/// The entries of `space` in `range`, in key order.
pub(super) async fn scan(pool: &Pool, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
    let client = pool.get().await.map_err(pool_error)?;
    let tag = i16::from(space.tag());
    // LIMIT NULL means no limit.
    let limit = range.limit.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
    let (sql, params) = match &range.end {
        Some(end) => pick(
            space,
            &tag,
            SCAN_TO,
            DEADLINE_SCAN_TO,
            &[&range.start, end, &limit],
        ),
        None => pick(space, &tag, SCAN_ALL, DEADLINE_SCAN_ALL, &[&range.start, &limit]),
    };
    let scan = client.prepare_cached(sql).await.map_err(backend)?;
    let rows = client.query(&scan, &params).await.map_err(backend)?;
    Ok(rows
        .into_iter()
        .map(|row| (row.get(0), Ok(entry(row.get(1), row.get(2)))))
        .collect())
}

/// How many entries `space` holds.
pub(super) async fn count(pool: &Pool, space: Space) -> Result<u64> {
    let client = pool.get().await.map_err(pool_error)?;
    let tag = i16::from(space.tag());
    let (sql, params) = pick(space, &tag, COUNT, DEADLINE_COUNT, &[]);
    let count = client.prepare_cached(sql).await.map_err(backend)?;
    let row = client.query_one(&count, &params).await.map_err(backend)?;
    Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
}
