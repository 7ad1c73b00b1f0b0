//! Helpers every part of the PostgreSQL store shares: errors, rows, and
//! running a query on the caller's thread. A leaf: it imports no sibling.

use std::future::Future;
use std::sync::Arc;

use super::super::{Entry, Space, StoreError};
use crate::store::Result;

/// Announces each channel id of `$2` on NOTIFY channel `$1`.
pub(super) const NOTIFY: &str = "SELECT pg_notify($1, c) FROM unnest($2::text[]) AS c";

/// Appends each named column of `one` to `all`'s.
macro_rules! append {
    ($all:ident, $one:ident, $($column:ident),+) => {
        $($all.$column.extend_from_slice(&$one.$column);)+
    };
}
pub(super) use append;

/// A statement's parameter.
pub(super) type Param<'a> = &'a (dyn tokio_postgres::types::ToSql + Sync);

pub(super) fn backend(e: tokio_postgres::Error) -> StoreError {
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

pub(super) fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => backend(e),
        other => StoreError::Backend(format!("PostgreSQL connection pool: {other}")),
    }
}

pub(super) fn version_param(space: Space, key: &[u8], version: u64) -> Result<i64> {
    i64::try_from(version).map_err(|_| StoreError::Encode {
        space,
        key: key.to_vec(),
        reason: format!("version {version} is beyond PostgreSQL's bigint"),
    })
}

pub(super) fn space_of(tag: i16) -> Space {
    // Rows are only written with valid tags; fall back rather than panic.
    u8::try_from(tag)
        .ok()
        .and_then(Space::from_tag)
        .unwrap_or(Space::Meta)
}

pub(super) fn entry(version: i64, value: Vec<u8>) -> Entry {
    Entry {
        version: version as u64,
        value,
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
pub(super) fn block_on<F: Future>(work: F) -> F::Output {
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

/// `sql`'s rows with `params`, prepared once a connection.
pub(super) async fn call(
    client: &deadpool_postgres::Client,
    sql: &str,
    params: &[Param<'_>],
) -> std::result::Result<Vec<tokio_postgres::Row>, tokio_postgres::Error> {
    let statement = client.prepare_cached(sql).await?;
    client.query(&statement, params).await
}

/// What a one-statement commit (a move's or `isolo_commits`) answered for
/// one commit.
#[derive(Debug, PartialEq)]
pub(super) enum FastOutcome {
    Committed(u64),
    /// The 0-based op whose check failed, and the version found there.
    Conflict(usize, Option<u64>),
    /// A row changed under the commit, which wrote nothing: make it again.
    Raced,
}
