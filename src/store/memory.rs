//! In-memory backend with the same semantics as sled, minus durability.
//! For fast tests of the hosting layer.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::{full_key, full_range, plan, Entry, KeyRange, Op, Result, Scanned, Space, Store};

/// A complete [`Store`] held in memory; data lives as long as the value.
#[derive(Debug, Default)]
pub struct MemoryStore {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// Keyed like the sled backend: space tag, then key.
    map: BTreeMap<Vec<u8>, Entry>,
    /// Last version handed out.
    version: u64,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere cannot leave the map half-written: commits mutate
        // it only after planning succeeded, so a poisoned lock is still sound.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Store for MemoryStore {
    fn get_raw(&self, space: Space, key: &[u8]) -> Result<Option<Entry>> {
        Ok(self.state().map.get(&full_key(space, key)).cloned())
    }

    fn scan(&self, space: Space, range: &KeyRange) -> Result<Vec<Scanned>> {
        let (start, end) = full_range(space, range);
        if start >= end {
            return Ok(Vec::new());
        }
        let state = self.state();
        Ok(state
            .map
            .range(start..end)
            .take(range.limit.unwrap_or(usize::MAX))
            .map(|(k, rec)| (k[1..].to_vec(), Ok(rec.clone())))
            .collect())
    }

    fn commit(&self, ops: &[Op]) -> Result<u64> {
        let mut state = self.state();
        let version = state.version + 1;
        let map = &state.map;
        let mut read = |space: Space, key: &[u8]| Ok(map.get(&full_key(space, key)).cloned());
        let (writes, max_restored) = plan(ops, version, &mut read)?;
        for (space, key, rec) in writes {
            match rec {
                Some(rec) => state.map.insert(full_key(space, &key), rec),
                None => state.map.remove(&full_key(space, &key)),
            };
        }
        state.version = version.max(max_restored);
        Ok(version)
    }
}
