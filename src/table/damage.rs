//! Damaged entries: one unreadable game or challenge harms its own channel
//! only, and is set aside (kept, never deleted) so the channel can be used
//! again.

use crate::store::{keys, Batch, Expect, Space, StoreExt};

use super::model::SetAside;
use super::{game_key, Challenge, ChannelId, LiveGame, Table, TableError};

/// The key a set-aside entry is kept under: the channel, then the time.
fn set_aside_key(channel: ChannelId, at_ms: u64) -> Vec<u8> {
    let mut k = b"set-aside:".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k.extend_from_slice(&at_ms.to_be_bytes());
    k
}

impl Table {
    /// Why the channel's entry in `space` cannot be used, if it cannot.
    fn damage(&self, space: Space, channel: ChannelId) -> Option<String> {
        let key = game_key(channel);
        let read = match space {
            Space::Games => self
                .store
                .get::<LiveGame>(space, &key)
                .map_err(TableError::from)
                .and_then(|g| g.map(|g| g.value.game()).transpose().map(drop)),
            _ => self
                .store
                .get::<Challenge>(space, &key)
                .map(drop)
                .map_err(TableError::from),
        };
        match read {
            Err(e @ TableError::Corrupt { .. }) => Some(e.to_string()),
            _ => None,
        }
    }

    /// Moves the channel's unreadable game and challenge, if any, out of the
    /// way into the meta space, in one commit with the channel's deadline
    /// cleared. Returns how many entries were set aside.
    pub(super) fn set_aside_damaged(&self, channel: ChannelId) -> Result<usize, TableError> {
        let now = self.now_ms();
        let mut batch = Batch::new();
        let mut moved = 0;
        for space in [Space::Games, Space::Challenges] {
            let Some(reason) = self.damage(space, channel) else {
                continue;
            };
            let key = game_key(channel);
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
            batch.set_deadline(channel, None);
            self.commit(&batch)?;
        }
        Ok(moved)
    }

    /// The entries set aside from a channel, oldest first.
    pub fn set_aside_in(&self, channel: ChannelId) -> Result<Vec<SetAside>, TableError> {
        let mut prefix = b"set-aside:".to_vec();
        prefix.extend_from_slice(&channel.to_be_bytes());
        let listed = self.store.list::<SetAside>(Space::Meta, &prefix)?;
        listed
            .into_iter()
            .map(|(_, s)| s.map(|s| s.value).map_err(TableError::from))
            .collect()
    }
}
