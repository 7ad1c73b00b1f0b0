//! Damaged entries: one unreadable game or challenge harms its own channel
//! only, and is set aside (kept, never deleted) so the channel can be used
//! again.

use crate::store::{keys, Batch, Envelope, Expect, Op, Space, StoreError, StoreExt};

use super::deadlines::is_newer;
use super::model::SetAside;
use super::{game_key, Challenge, ChannelId, LiveGame, Table, TableError};

/// Where set-aside entries are kept in the meta space.
pub(super) const SET_ASIDE: &[u8] = b"set-aside:";

/// The key a set-aside entry is kept under: the channel, then the time.
fn set_aside_key(channel: ChannelId, at_ms: u64) -> Vec<u8> {
    let mut k = SET_ASIDE.to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k.extend_from_slice(&at_ms.to_be_bytes());
    k
}

/// A set-aside entry and its own key (hex), as `isolo-bot store set-aside
/// list` shows it and `restore` takes it.
#[derive(Debug, Clone, PartialEq)]
pub struct SetAsideEntry {
    /// Its key in the meta space, in hex.
    pub key: String,
    /// The channel it was taken out of.
    pub channel: ChannelId,
    /// What was kept.
    pub kept: SetAside,
}

/// Why a set-aside entry was not put back; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// No set-aside entry has this key.
    #[error("no set-aside entry has the key {0:?}: `isolo-bot store set-aside list` shows their keys")]
    NotFound(String),
    /// Its place holds an entry again: it is never overwritten.
    #[error("{space}/{key} holds an entry again, which is not overwritten: end or abort what is there, then restore")]
    Occupied {
        /// The space.
        space: String,
        /// The key there, readable.
        key: String,
    },
    /// What was kept cannot be stored as it was.
    #[error("set-aside entry {key} cannot be put back: {reason}")]
    Unrestorable {
        /// The set-aside entry's key (hex).
        key: String,
        /// Why.
        reason: String,
    },
    /// The store failed.
    #[error(transparent)]
    Table(#[from] TableError),
}

impl Table {
    /// The channel's entries that cannot be used, with why: its game, and
    /// any of its pending challenges (not those a newer version wrote).
    fn damaged(&self, channel: ChannelId) -> Result<Vec<(Space, Vec<u8>, String)>, TableError> {
        let mut found = Vec::new();
        let key = game_key(channel);
        let game = self
            .store
            .get::<LiveGame>(Space::Games, &key)
            .map_err(TableError::from)
            .and_then(|g| g.map(|g| g.value.game()).transpose().map(drop));
        // An entry of a newer version is not damage: it stays for that version.
        if let Err(e @ TableError::Corrupt { .. }) = game {
            if !is_newer(&e) {
                found.push((Space::Games, key, e.to_string()));
            }
        }
        for (key, entry) in self
            .store
            .list::<Challenge>(Space::Challenges, &channel.to_be_bytes())?
        {
            if let Err(e) = entry.map_err(TableError::from) {
                if !is_newer(&e) {
                    found.push((Space::Challenges, key, e.to_string()));
                }
            }
        }
        Ok(found)
    }

    /// Moves the channel's unreadable game and challenges, if any, out of
    /// the way into the meta space, in one commit with the channel's
    /// deadline set for what stays. Returns how many entries were set aside.
    pub(super) fn set_aside_damaged(&self, channel: ChannelId) -> Result<usize, TableError> {
        let now = self.now_ms();
        let mut batch = Batch::new();
        let mut moved = 0;
        for (space, key, reason) in self.damaged(channel)? {
            let Some(entry) = self.store.get_raw(space, &key)? else {
                continue;
            };
            let value = serde_json::from_slice(&entry.value)
                .unwrap_or_else(|_| String::from_utf8_lossy(&entry.value).into_owned().into());
            let kept = SetAside {
                space: space.name().into(),
                key: keys::to_hex(&key),
                version: entry.version,
                reason,
                at_ms: now,
                value,
            };
            let aside = set_aside_key(channel, now + moved as u64);
            batch.put(Space::Meta, &aside, &kept, Expect::Absent)?;
            batch.delete(space, &key, Expect::Version(entry.version));
            moved += 1;
        }
        if moved > 0 {
            // What stays readable keeps its clock.
            let game = self
                .store
                .get::<LiveGame>(Space::Games, &game_key(channel))
                .map_err(TableError::from);
            let next = match game {
                // A newer version's game keeps the clock that version set.
                Err(e) if is_newer(&e) => self.store.deadline_of(channel)?,
                Ok(Some(g)) if !matches!(g.value.game(), Err(TableError::Corrupt { .. })) => {
                    g.value.next_event_ms()
                }
                Ok(Some(_)) => None,
                Ok(None) | Err(_) => self
                    .store
                    .list::<Challenge>(Space::Challenges, &channel.to_be_bytes())?
                    .into_iter()
                    .filter_map(|(_, c)| c.ok().map(|c| c.value.expires_ms))
                    .min(),
            };
            batch.set_deadline(channel, next);
            self.commit(&batch)?;
        }
        Ok(moved)
    }

    /// The entries set aside from a channel, oldest first.
    pub fn set_aside_in(&self, channel: ChannelId) -> Result<Vec<SetAside>, TableError> {
        let mut prefix = SET_ASIDE.to_vec();
        prefix.extend_from_slice(&channel.to_be_bytes());
        let listed = self.store.list::<SetAside>(Space::Meta, &prefix)?;
        listed
            .into_iter()
            .map(|(_, s)| s.map(|s| s.value).map_err(TableError::from))
            .collect()
    }

    /// Every set-aside entry, oldest channel first, read a page at a time.
    pub fn set_aside_all(&self) -> Result<Vec<SetAsideEntry>, TableError> {
        let mut all = Vec::new();
        self.pages::<SetAside>(Space::Meta, SET_ASIDE, |page| {
            all.extend(page.into_iter().map(|(key, s)| SetAsideEntry {
                channel: aside_channel(&key).unwrap_or_default(),
                key: keys::to_hex(&key),
                kept: s.value,
            }));
            Ok(())
        })?;
        Ok(all)
    }

    /// Puts the set-aside entry `key` (hex, as listed) back where it was, in
    /// one commit that also removes it from the set-aside ones and makes
    /// its channel's deadline due, so the clock looks at it at once.
    /// Refused, changing nothing, when its place holds an entry again.
    pub fn restore_set_aside(&self, key: &str) -> Result<SetAsideEntry, RestoreError> {
        let not_found = || RestoreError::NotFound(key.to_owned());
        let aside = keys::from_hex(key.trim())
            .filter(|k| aside_channel(k).is_some())
            .ok_or_else(not_found)?;
        let stored = self
            .store
            .get::<SetAside>(Space::Meta, &aside)
            .map_err(TableError::from)?
            .ok_or_else(not_found)?;
        let kept = stored.value;
        let cannot = |reason: &str| RestoreError::Unrestorable {
            key: key.to_owned(),
            reason: reason.to_owned(),
        };
        let space = Space::ALL
            .into_iter()
            .find(|s| s.name() == kept.space && *s != Space::Deadlines)
            .ok_or_else(|| cannot(&format!("it names no space to go back to ({:?})", kept.space)))?;
        let target = keys::from_hex(&kept.key).ok_or_else(|| cannot("its key is not hex"))?;
        // The stored bytes were not an envelope: there is nothing to put back.
        if serde_json::from_value::<Envelope>(kept.value.clone()).is_err() {
            return Err(cannot(
                "what was kept is not a stored entry (its bytes were not JSON)",
            ));
        }
        let value = serde_json::to_vec(&kept.value).map_err(|e| cannot(&e.to_string()))?;
        let shown = keys::display(&target);
        let occupied = || RestoreError::Occupied {
            space: space.name().to_owned(),
            key: shown.clone(),
        };
        if self
            .store
            .get_raw(space, &target)
            .map_err(TableError::from)?
            .is_some()
        {
            return Err(occupied());
        }
        let channel = aside_channel(&aside).unwrap_or_default();
        let now = self.now_ms();
        let due = self.store.deadline_of(channel).map_err(TableError::from)?;
        let mut ops = vec![
            Op::Put {
                space,
                key: target,
                value,
                expect: Expect::Absent,
            },
            Op::Delete {
                space: Space::Meta,
                key: aside,
                expect: Expect::Version(stored.version),
            },
        ];
        if matches!(space, Space::Games | Space::Challenges) {
            ops.push(Op::SetDeadline {
                channel,
                at: Some(due.map_or(now, |at| at.min(now))),
            });
        }
        match self.store.commit(&ops) {
            Ok(_) => {}
            Err(StoreError::Conflict {
                space: Space::Meta, ..
            }) => return Err(not_found()),
            Err(StoreError::Conflict { .. }) => return Err(occupied()),
            Err(e) => return Err(TableError::from(e).into()),
        }
        self.deadlines_changed.notify_one();
        Ok(SetAsideEntry {
            key: key.trim().to_owned(),
            channel,
            kept,
        })
    }
}

/// The channel of a set-aside entry's key, `None` for any other key.
fn aside_channel(key: &[u8]) -> Option<ChannelId> {
    let rest = key.strip_prefix(SET_ASIDE)?;
    if rest.len() != 16 {
        return None;
    }
    keys::parse_id(&rest[..8])
}
