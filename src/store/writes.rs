//! The writes of one commit, as every backend decides them ([`plan`]), and
//! the full keys (space tag, then key) the backends store.

use serde::Deserialize;

use super::api::{Entry, Expect, KeyRange, Op, Result, Space, StoreError, MAX_VALUE_BYTES};
use super::keys::{self, Deadline};
use super::typed;

/// Full backend key: space tag, then the key.
pub(crate) fn full_key(space: Space, key: &[u8]) -> Vec<u8> {
    let mut full = Vec::with_capacity(key.len() + 1);
    full.push(space.tag());
    full.extend_from_slice(key);
    full
}

/// Backend key bounds `[start, end)` of a range within a space.
pub(crate) fn full_range(space: Space, range: &KeyRange) -> (Vec<u8>, Vec<u8>) {
    let start = full_key(space, &range.start);
    let end = match &range.end {
        Some(end) => full_key(space, end),
        None => vec![space.tag() + 1],
    };
    (start, end)
}

/// A write decided by [`plan`]: `None` removes the key.
pub(crate) type Write = (Space, Vec<u8>, Option<Entry>);

/// How [`plan`] reads the committed state of a key.
pub(crate) type ReadCommitted<'a> = dyn FnMut(Space, &[u8]) -> Result<Option<Entry>> + 'a;

/// Resolve `ops` into the writes of one commit with version `version`.
///
/// Backends call this while holding their commit lock, with `read` giving the
/// committed state; reads inside the batch see the batch's earlier writes.
/// Returns the writes and the highest version restored by [`Op::Restore`].
pub(crate) fn plan(ops: &[Op], version: u64, read: &mut ReadCommitted<'_>) -> Result<(Vec<Write>, u64)> {
    use std::collections::BTreeMap;

    // The batch's own writes so far; reads see these before committed state.
    let mut pending: BTreeMap<(Space, Vec<u8>), Option<Entry>> = BTreeMap::new();
    let mut max_restored = 0;
    let mut current = |pending: &BTreeMap<_, _>, space: Space, key: &[u8]| {
        let own: Option<&Option<Entry>> = pending.get(&(space, key.to_vec()));
        own.map_or_else(|| read(space, key), |rec| Ok(rec.clone()))
    };
    for op in ops {
        match op {
            Op::Put {
                space,
                key,
                value,
                expect,
            } => {
                check_envelope(*space, key, value)?;
                if *expect != Expect::Any {
                    let cur = current(&pending, *space, key)?;
                    check(*space, key, *expect, cur.as_ref())?;
                }
                let rec = Entry {
                    version,
                    value: value.clone(),
                };
                pending.insert((*space, key.clone()), Some(rec));
            }
            Op::Delete { space, key, expect } | Op::Check { space, key, expect } => {
                if *expect != Expect::Any {
                    let cur = current(&pending, *space, key)?;
                    check(*space, key, *expect, cur.as_ref())?;
                }
                if matches!(op, Op::Delete { .. }) {
                    pending.insert((*space, key.clone()), None);
                }
            }
            Op::SetDeadline { channel, at } => {
                let of_key = keys::deadline_of(*channel);
                if let Some(old) = current(&pending, Space::Deadlines, &of_key)? {
                    let old: Deadline = typed::decode(Space::Deadlines, &of_key, &old.value)?;
                    let old_key = keys::deadline_at(old.at, *channel);
                    pending.insert((Space::Deadlines, old_key), None);
                }
                let entry = match at {
                    Some(at) => {
                        let deadline = Deadline {
                            at: *at,
                            channel: *channel,
                        };
                        let value = typed::encode(Space::Deadlines, &of_key, &deadline)?;
                        let at_key = keys::deadline_at(*at, *channel);
                        let rec = Entry { version, value };
                        pending.insert((Space::Deadlines, at_key), Some(rec.clone()));
                        Some(rec)
                    }
                    None => None,
                };
                pending.insert((Space::Deadlines, of_key), entry);
            }
            Op::Restore { space, key, entry } => {
                check_envelope(*space, key, &entry.value)?;
                max_restored = max_restored.max(entry.version);
                pending.insert((*space, key.clone()), Some(entry.clone()));
            }
        }
    }
    let writes = pending
        .into_iter()
        .map(|((space, key), rec)| (space, key, rec))
        .collect();
    Ok((writes, max_restored))
}

fn check(space: Space, key: &[u8], expect: Expect, current: Option<&Entry>) -> Result<()> {
    let found = current.map(|r| r.version);
    let ok = match expect {
        Expect::Any => true,
        Expect::Absent => found.is_none(),
        Expect::Version(v) => found == Some(v),
    };
    if ok {
        Ok(())
    } else {
        Err(StoreError::Conflict {
            space,
            key: key.to_vec(),
            expected: expect,
            current: found,
        })
    }
}

/// Every stored value must be an envelope, so exports can carry it and typed
/// reads can explain what they found.
pub(crate) fn check_envelope(space: Space, key: &[u8], value: &[u8]) -> Result<()> {
    #[derive(Deserialize)]
    struct Head {
        #[serde(rename = "kind")]
        _kind: String,
        #[serde(rename = "format")]
        _format: u32,
        #[serde(rename = "data")]
        _data: serde::de::IgnoredAny,
    }
    let fail = |reason: String| StoreError::Encode {
        space,
        key: key.to_vec(),
        reason,
    };
    if value.len() > MAX_VALUE_BYTES {
        return Err(fail(format!(
            "value is {} bytes, limit {MAX_VALUE_BYTES}",
            value.len()
        )));
    }
    serde_json::from_slice::<Head>(value)
        .map(|_| ())
        .map_err(|e| fail(format!("not an envelope: {e}")))
}
