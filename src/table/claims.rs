//! Claims on due deadlines, so that of several processes sharing one store
//! only one does a deadline's work (a reminder, a timeout, the bot's move,
//! whose search can take seconds), and a dead process's claims lapse.
//!
//! A claim is an ordinary store entry (`Meta`, `claim:<channel>`) written
//! with compare-and-swap: it is taken only if absent or expired, so of two
//! processes reading the same due deadline one wins the write and the other
//! skips it. Handling is still applied with compare-and-swap against the
//! game's version, so even a claim that lapses mid-work (a stalled process)
//! cannot fire a deadline twice: the claim saves work, the game's version
//! keeps it exact. Built on the [`Store`](crate::store::Store) trait alone,
//! it works the same on sled, PostgreSQL and memory.
//!
//! Not `SELECT ... FOR UPDATE SKIP LOCKED`: a row lock lives as long as its
//! transaction, so it would hold a pooled connection open across the whole
//! handling (seconds of move search) and tie the table to one backend; a
//! lease with an expiry gives the same bounded takeover (a dead process's
//! claim lapses after [`LEASE_MS`] plus the thinking time) with one
//! ordinary commit.

use serde::{Deserialize, Serialize};

use crate::store::{Deadline, Expect, Space, StoreError, StoreExt, Versioned};

use super::{ChannelId, Table, TableError};

/// How long a claim holds at least; the computer's thinking time is added
/// twice on top, so a claim outlives the longest handling.
pub const LEASE_MS: u64 = 15_000;

/// A process's hold on one channel's due deadline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Claim {
    /// Which process holds it (host and pid, for an operator reading the store).
    owner: String,
    /// Unix ms after which others may take it over.
    until_ms: u64,
}

impl Versioned for Claim {
    const KIND: &'static str = "claim";
    const FORMAT: u32 = 1;
}

/// A claim this process holds, to be given back with [`Table::release_deadline`].
#[derive(Debug)]
pub(crate) struct Held {
    channel: ChannelId,
    version: u64,
    /// The deadline it was taken for, for the timer-lag histogram.
    due_ms: u64,
}

fn claim_key(channel: ChannelId) -> Vec<u8> {
    let mut k = b"claim:".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

/// This process, as claims name it.
fn owner() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "host".into());
    format!("{host}:{}", std::process::id())
}

impl Table {
    /// How long a claim holds.
    pub(crate) fn lease_ms(&self) -> u64 {
        LEASE_MS + 2 * self.ai.think_ms
    }

    /// Claims the due deadline `d` for this process: `None` when another
    /// process holds a live claim on it (or took it a moment ago).
    pub(crate) fn claim_deadline(&self, d: &Deadline, now: u64) -> Result<Option<Held>, TableError> {
        let key = claim_key(d.channel);
        let expect = match self.store.get::<Claim>(Space::Meta, &key) {
            Ok(None) => Expect::Absent,
            Ok(Some(c)) if c.value.until_ms > now => return Ok(None),
            Ok(Some(c)) => Expect::Version(c.version),
            // An unreadable claim is taken over like an expired one.
            Err(StoreError::Corrupt { .. } | StoreError::UnsupportedFormat { .. }) => Expect::Any,
            Err(e) => return Err(e.into()),
        };
        let claim = Claim {
            owner: owner(),
            until_ms: now.saturating_add(self.lease_ms()),
        };
        let held = match self.store.put_cas(Space::Meta, &key, &claim, expect) {
            Ok(version) => Held {
                channel: d.channel,
                version,
                due_ms: d.at,
            },
            Err(StoreError::Conflict { .. }) => {
                self.count_conflict();
                return Ok(None);
            }
            Err(e) => return Err(e.into()),
        };
        // Another process may have handled it and let go between our read
        // of the index and the claim: only a deadline still due is ours.
        match self.store.deadline_of(d.channel) {
            Ok(Some(at)) if at <= now => Ok(Some(held)),
            Ok(_) => {
                self.give_back(held);
                Ok(None)
            }
            Err(e) => {
                self.give_back(held);
                Err(e.into())
            }
        }
    }

    /// Gives a claim back once its deadline is handled, and records how late
    /// the deadline fired. A release that fails only leaves the claim to
    /// lapse.
    pub(crate) fn release_deadline(&self, held: Held) {
        let now = self.now_ms();
        if let Some(m) = &self.metrics {
            m.timer_lag
                .observe(std::time::Duration::from_millis(now.saturating_sub(held.due_ms)));
        }
        self.give_back(held);
    }

    fn give_back(&self, held: Held) {
        let key = claim_key(held.channel);
        if let Err(e) = self
            .store
            .delete(Space::Meta, &key, Expect::Version(held.version))
        {
            tracing::debug!("claim on channel {} left to lapse: {e}", held.channel);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::store::{MemoryStore, Store, StoreExt};
    use crate::table::{ManualClock, TableConfig};

    fn table(store: &Arc<MemoryStore>, clock: &Arc<ManualClock>) -> Table {
        let store: Arc<dyn Store> = store.clone();
        Table::new(store, clock.clone(), TableConfig::default())
    }

    #[test]
    fn one_process_holds_a_claim_until_it_is_released_or_lapses() {
        let store = Arc::new(MemoryStore::new());
        let clock = Arc::new(ManualClock::new(1_000));
        let (a, b) = (table(&store, &clock), table(&store, &clock));
        let due = Deadline { at: 900, channel: 7 };
        store.set_deadline(7, Some(900)).unwrap();

        let held = a
            .claim_deadline(&due, 1_000)
            .unwrap()
            .expect("the first claim wins");
        assert!(
            b.claim_deadline(&due, 1_000).unwrap().is_none(),
            "a live claim is skipped"
        );
        a.release_deadline(held);
        let held = b
            .claim_deadline(&due, 1_000)
            .unwrap()
            .expect("a released claim is free");

        // b dies holding it: a takes over once the lease has run out.
        let lease = b.lease_ms();
        assert!(a.claim_deadline(&due, 1_000 + lease - 1).unwrap().is_none());
        let taken = a
            .claim_deadline(&due, 1_000 + lease)
            .unwrap()
            .expect("a lapsed claim is free");
        // The dead process's late release cannot remove the new claim.
        b.release_deadline(held);
        assert!(b.claim_deadline(&due, 1_000 + lease).unwrap().is_none());
        a.release_deadline(taken);
        // Handled and moved on by another process: not claimed again.
        store.set_deadline(7, Some(5_000_000)).unwrap();
        assert!(a.claim_deadline(&due, 1_000 + lease).unwrap().is_none());
        assert!(
            store.get_raw(Space::Meta, &claim_key(7)).unwrap().is_none(),
            "released claims leave nothing behind"
        );
    }
}
