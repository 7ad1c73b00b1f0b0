//! Typed values on top of the raw [`Store`]: the versioned envelope, CAS
//! helpers, batches and the deadline index queries.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::api::{Expect, KeyRange, Op, Result, Space, Store, StoreError};
use super::keys::{self, Deadline};

/// The stored form of every value: what it is (`kind`), which layout of that
/// kind (`format`), and the data. A reader that finds an older `format`
/// upgrades it with [`Versioned::migrate`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// Stable name of the value's type, e.g. `"game"`.
    pub kind: String,
    /// Layout number of `data`, starting at 1.
    pub format: u32,
    /// The value itself.
    pub data: serde_json::Value,
}

/// A type that can be stored. Bump `FORMAT` whenever the serialized layout
/// changes, and teach `migrate` to read the older formats.
pub trait Versioned: Serialize + DeserializeOwned {
    /// Stable name of the type in stored envelopes.
    const KIND: &'static str;
    /// Current layout number.
    const FORMAT: u32;

    /// Build a value from `data` written in an older `format`. The default
    /// knows no older formats.
    fn migrate(format: u32, _data: serde_json::Value) -> Result<Self, String> {
        Err(format!("no migration from format {format}"))
    }
}

/// A typed value with the version it was read at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored<T> {
    /// Pass this back as `Expect::Version` to update the value.
    pub version: u64,
    /// The value.
    pub value: T,
}

/// Entries of a typed listing: each key with its value or why it is unreadable.
pub type Listed<T> = Vec<(Vec<u8>, Result<Stored<T>>)>;

impl Versioned for Deadline {
    const KIND: &'static str = "deadline";
    const FORMAT: u32 = 1;
}

/// Encode `value` in its envelope.
pub(crate) fn encode<T: Versioned>(space: Space, key: &[u8], value: &T) -> Result<Vec<u8>> {
    let fail = |e: serde_json::Error| StoreError::Encode {
        space,
        key: key.to_vec(),
        reason: e.to_string(),
    };
    let envelope = Envelope {
        kind: T::KIND.to_owned(),
        format: T::FORMAT,
        data: serde_json::to_value(value).map_err(fail)?,
    };
    serde_json::to_vec(&envelope).map_err(fail)
}

/// Decode an envelope holding a `T`, migrating older formats, as a typed
/// read does. Errors name `space` and `key`.
pub fn decode<T: Versioned>(space: Space, key: &[u8], bytes: &[u8]) -> Result<T> {
    let corrupt = |reason: String| StoreError::Corrupt {
        space,
        key: key.to_vec(),
        reason,
    };
    let env: Envelope = serde_json::from_slice(bytes).map_err(|e| corrupt(format!("bad envelope: {e}")))?;
    if env.kind != T::KIND {
        return Err(corrupt(format!(
            "holds a {:?}, expected a {:?}",
            env.kind,
            T::KIND
        )));
    }
    match env.format.cmp(&T::FORMAT) {
        std::cmp::Ordering::Equal => {
            serde_json::from_value(env.data).map_err(|e| corrupt(format!("bad {} data: {e}", T::KIND)))
        }
        std::cmp::Ordering::Less => T::migrate(env.format, env.data)
            .map_err(|e| corrupt(format!("cannot migrate from format {}: {e}", env.format))),
        std::cmp::Ordering::Greater => Err(StoreError::UnsupportedFormat {
            space,
            key: key.to_vec(),
            kind: env.kind,
            format: env.format,
            supported: T::FORMAT,
        }),
    }
}

/// A list of operations committed together, all or nothing.
///
/// ```
/// use isolo_bot::store::{keys, Batch, Expect, MemoryStore, Space, StoreExt, Versioned};
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct GameRecord { winner: u64 }
/// impl Versioned for GameRecord { const KIND: &'static str = "record"; const FORMAT: u32 = 1; }
///
/// let store = MemoryStore::new();
/// let (channel, game_id) = (10, 77);
/// let live = store.put_cas(Space::Games, &keys::id(channel), &GameRecord { winner: 0 }, Expect::Absent)?;
/// store.set_deadline(channel, Some(1_000))?;
/// // Finishing a game: all of this happens, or none of it.
/// let mut batch = Batch::new();
/// batch
///     .delete(Space::Games, &keys::id(channel), Expect::Version(live))
///     .put(Space::Records, &keys::id(game_id), &GameRecord { winner: 1 }, Expect::Absent)?
///     .set_deadline(channel, None);
/// store.apply(&batch)?;
/// assert!(store.next_deadline()?.is_none());
/// # Ok::<(), isolo_bot::store::StoreError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    ops: Vec<Op>,
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Self::default()
    }

    /// Write `value` under `key` if `expect` holds.
    pub fn put<T: Versioned>(
        &mut self,
        space: Space,
        key: &[u8],
        value: &T,
        expect: Expect,
    ) -> Result<&mut Self> {
        let value = encode(space, key, value)?;
        self.ops.push(Op::Put {
            space,
            key: key.to_vec(),
            value,
            expect,
        });
        Ok(self)
    }

    /// Remove `key` if `expect` holds.
    pub fn delete(&mut self, space: Space, key: &[u8], expect: Expect) -> &mut Self {
        self.ops.push(Op::Delete {
            space,
            key: key.to_vec(),
            expect,
        });
        self
    }

    /// Require `expect` of `key` without writing it.
    pub fn check(&mut self, space: Space, key: &[u8], expect: Expect) -> &mut Self {
        self.ops.push(Op::Check {
            space,
            key: key.to_vec(),
            expect,
        });
        self
    }

    /// Set or clear the deadline of `channel` (unix ms).
    pub fn set_deadline(&mut self, channel: u64, at: Option<u64>) -> &mut Self {
        self.ops.push(Op::SetDeadline { channel, at });
        self
    }

    /// The operations so far.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }
}

/// Typed helpers for every [`Store`], including `dyn Store`.
pub trait StoreExt: Store {
    /// The value under `key` with its version, `None` if absent.
    fn get<T: Versioned>(&self, space: Space, key: &[u8]) -> Result<Option<Stored<T>>> {
        self.get_raw(space, key)?
            .map(|rec| -> Result<Stored<T>> {
                Ok(Stored {
                    version: rec.version,
                    value: decode(space, key, &rec.value)?,
                })
            })
            .transpose()
    }

    /// Write `value` if `expect` holds; returns the new version. A lost race
    /// is [`StoreError::Conflict`] carrying the current version.
    fn put_cas<T: Versioned>(&self, space: Space, key: &[u8], value: &T, expect: Expect) -> Result<u64> {
        self.commit(&[Op::Put {
            space,
            key: key.to_vec(),
            value: encode(space, key, value)?,
            expect,
        }])
    }

    /// Remove `key` if `expect` holds; returns the commit's version.
    fn delete(&self, space: Space, key: &[u8], expect: Expect) -> Result<u64> {
        self.commit(&[Op::Delete {
            space,
            key: key.to_vec(),
            expect,
        }])
    }

    /// Every entry whose key starts with `prefix`, in key order. Unreadable
    /// entries come back as errors in their own slot.
    fn list<T: Versioned>(&self, space: Space, prefix: &[u8]) -> Result<Listed<T>> {
        let entries = self.scan(space, &KeyRange::prefix(prefix))?;
        Ok(entries
            .into_iter()
            .map(|(key, rec)| {
                let value = rec.and_then(|rec| -> Result<Stored<T>> {
                    Ok(Stored {
                        version: rec.version,
                        value: decode(space, &key, &rec.value)?,
                    })
                });
                (key, value)
            })
            .collect())
    }

    /// Commit a [`Batch`] atomically; returns its version.
    fn apply(&self, batch: &Batch) -> Result<u64> {
        self.commit(batch.ops())
    }

    /// Set (`Some(unix ms)`) or clear the deadline of `channel`.
    fn set_deadline(&self, channel: u64, at: Option<u64>) -> Result<u64> {
        self.commit(&[Op::SetDeadline { channel, at }])
    }

    /// The deadline of `channel`, if any.
    fn deadline_of(&self, channel: u64) -> Result<Option<u64>> {
        let key = keys::deadline_of(channel);
        Ok(self.get::<Deadline>(Space::Deadlines, &key)?.map(|d| d.value.at))
    }

    /// The earliest deadline.
    fn next_deadline(&self) -> Result<Option<Deadline>> {
        Ok(self.due_deadlines(u64::MAX, 1)?.into_iter().next())
    }

    /// Up to `limit` deadlines at or before `now` (unix ms), earliest first.
    /// Reads only the index range, never every game.
    fn due_deadlines(&self, now: u64, limit: usize) -> Result<Vec<Deadline>> {
        let (start, end) = keys::deadline_bounds(now);
        let range = KeyRange {
            start,
            end: Some(end),
            limit: Some(limit),
        };
        // The index key alone carries time and channel, so a damaged value
        // cannot hide a deadline from the scheduler.
        Ok(self
            .scan(Space::Deadlines, &range)?
            .iter()
            .filter_map(|(key, _)| keys::parse_deadline_at(key))
            .collect())
    }
}

impl<S: Store + ?Sized> StoreExt for S {}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Pit {
        seeds: u32,
    }

    impl Versioned for Pit {
        const KIND: &'static str = "pit";
        const FORMAT: u32 = 2;
        fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
            match (format, data.get("stones").and_then(|s| s.as_u64())) {
                (1, Some(n)) => Ok(Pit { seeds: n as u32 }),
                _ => Err("unreadable".into()),
            }
        }
    }

    #[test]
    fn envelope_round_trips() {
        let bytes = encode(Space::Meta, b"k", &Pit { seeds: 4 }).unwrap();
        let env: Envelope = serde_json::from_slice(&bytes).unwrap();
        assert_eq!((env.kind.as_str(), env.format), ("pit", 2));
        assert_eq!(
            decode::<Pit>(Space::Meta, b"k", &bytes).unwrap(),
            Pit { seeds: 4 }
        );
    }

    #[test]
    fn older_format_migrates_newer_is_refused() {
        let old = br#"{"kind":"pit","format":1,"data":{"stones":3}}"#;
        assert_eq!(decode::<Pit>(Space::Meta, b"k", old).unwrap(), Pit { seeds: 3 });
        let newer = br#"{"kind":"pit","format":3,"data":{}}"#;
        let err = decode::<Pit>(Space::Meta, b"k", newer).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::UnsupportedFormat {
                    format: 3,
                    supported: 2,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn bad_bytes_are_corrupt_not_panics() {
        for bytes in [
            &b"\xff\x00"[..],
            br#"{"kind":"deadline","format":1,"data":{}}"#,
            br#"{"kind":"pit","format":1,"data":{"stones":"x"}}"#,
        ] {
            let err = decode::<Pit>(Space::Games, &keys::id(5), bytes).unwrap_err();
            match err {
                StoreError::Corrupt { space, key, .. } => {
                    assert_eq!((space, key), (Space::Games, keys::id(5)));
                }
                other => panic!("expected Corrupt, got {other}"),
            }
        }
    }
}
