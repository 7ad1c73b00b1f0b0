//! Reads: one entry, a range of keys, a count.

use deadpool_postgres::Pool;

use super::super::{Entry, KeyRange, Scanned, Space};
use super::common::{backend, entry, pool_error};
use crate::store::Result;

const GET: &str = "SELECT version, value FROM isolo_entries WHERE space = $1 AND key = $2";
const SCAN_TO: &str = "SELECT key, version, value FROM isolo_entries \
     WHERE space = $1 AND key >= $2 AND key < $3 ORDER BY key LIMIT $4";
const SCAN_ALL: &str = "SELECT key, version, value FROM isolo_entries \
     WHERE space = $1 AND key >= $2 ORDER BY key LIMIT $3";
const COUNT: &str = "SELECT count(*) FROM isolo_entries WHERE space = $1";

/// The entry at `(space, key)`.
pub(super) async fn get(pool: &Pool, space: Space, key: &[u8]) -> Result<Option<Entry>> {
    let client = pool.get().await.map_err(pool_error)?;
    let get = client.prepare_cached(GET).await.map_err(backend)?;
    let row = client
        .query_opt(&get, &[&i16::from(space.tag()), &key])
        .await
        .map_err(backend)?;
    Ok(row.map(|row| entry(row.get(0), row.get(1))))
}

/// The entries of `space` in `range`, in key order.
pub(super) async fn scan(pool: &Pool, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
    let client = pool.get().await.map_err(pool_error)?;
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
}

/// How many entries `space` holds.
pub(super) async fn count(pool: &Pool, space: Space) -> Result<u64> {
    let client = pool.get().await.map_err(pool_error)?;
    let count = client.prepare_cached(COUNT).await.map_err(backend)?;
    let row = client
        .query_one(&count, &[&i16::from(space.tag())])
        .await
        .map_err(backend)?;
    Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
}
