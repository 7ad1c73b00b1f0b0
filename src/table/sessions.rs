//! Sign-ins to the live board that the server ended: a signed session
//! proves itself, so signing out or being forgotten must be written down
//! for every process to read. One entry per ended session, kept until the
//! session would have expired anyway, and one per member whose every
//! earlier session ends (forget-me).

use serde::{Deserialize, Serialize};

use super::{Table, TableError, UserId};
use crate::store::{Batch, Expect, KeyRange, Space, StoreExt, Versioned};

/// Where ended sessions are written, by session id.
const ENDED: &[u8] = b"session-ended/";
/// Where a member's "every session before this" mark is written.
const SINCE: &[u8] = b"sessions-since/";
/// Ended sessions swept of those past their expiry, at most, each time one ends.
const SWEEP: usize = 64;

/// An ended session, kept until it would have expired.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Ended {
    /// When the session would have expired (unix ms).
    until_ms: u64,
}

impl Versioned for Ended {
    const KIND: &'static str = "session-ended";
    const FORMAT: u32 = 1;
}

/// A member's sessions issued before this time are over.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Since {
    /// Unix ms.
    since_ms: u64,
}

impl Versioned for Since {
    const KIND: &'static str = "sessions-since";
    const FORMAT: u32 = 1;
}

fn key(prefix: &[u8], id: &str) -> Vec<u8> {
    [prefix, id.as_bytes()].concat()
}

impl Table {
    /// Whether `user`'s session `sid`, issued at `issued_ms`, was ended.
    pub fn session_ended(&self, user: UserId, sid: &str, issued_ms: u64) -> Result<bool, TableError> {
        if self.store.get::<Ended>(Space::Meta, &key(ENDED, sid))?.is_some() {
            return Ok(true);
        }
        let since = self
            .store
            .get::<Since>(Space::Meta, &key(SINCE, &user.to_string()))?;
        Ok(since.is_some_and(|s| issued_ms <= s.value.since_ms))
    }

    /// Ends session `sid` (signing out), which would expire at `until_ms`;
    /// sweeps a few ended sessions that have expired since.
    pub fn end_session(&self, sid: &str, until_ms: u64) -> Result<(), TableError> {
        if sid.is_empty() || sid.len() > 64 {
            return Err(TableError::Storage("not a session id".into()));
        }
        let now = self.now_ms();
        let mut batch = Batch::new();
        batch.put(Space::Meta, &key(ENDED, sid), &Ended { until_ms }, Expect::Any)?;
        let own = key(ENDED, sid);
        for (k, entry) in self
            .store
            .scan(Space::Meta, &KeyRange::prefix(ENDED).limit(SWEEP))?
        {
            let Ok(entry) = entry else { continue };
            let stale =
                crate::store::decode::<Ended>(Space::Meta, &k, &entry.value).is_ok_and(|e| e.until_ms < now);
            if stale && k != own {
                batch.delete(Space::Meta, &k, Expect::Version(entry.version));
            }
        }
        self.commit(&batch)?;
        Ok(())
    }

    /// Ends every session of `user` issued until now (forget-me, "sign out
    /// everywhere").
    pub fn end_sessions_of(&self, user: UserId) -> Result<(), TableError> {
        let mut batch = Batch::new();
        batch.put(
            Space::Meta,
            &key(SINCE, &user.to_string()),
            &Since {
                since_ms: self.now_ms(),
            },
            Expect::Any,
        )?;
        self.commit(&batch)?;
        Ok(())
    }
}
