//! Members' own settings: turn notices, the side boards are drawn from,
//! colour-blind-safe highlights, language. Stored per member, for every
//! server. And each server's own settings, chosen by its moderators.

use crate::store::{Batch, Space, Versioned};

use super::model::{MemberSettings, ServerSettings};
use super::{GuildId, Table, TableError, UserId};

pub(super) fn member_key(user: UserId) -> Vec<u8> {
    let mut k = b"member:".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

fn server_key(guild: GuildId) -> Vec<u8> {
    let mut k = b"server:".to_vec();
    k.extend_from_slice(&guild.to_be_bytes());
    k
}

impl Table {
    /// A server's settings (the defaults until a moderator changes one).
    pub fn server_settings(&self, guild: GuildId) -> Result<ServerSettings, TableError> {
        Ok(self.meta::<ServerSettings>(&server_key(guild))?.0)
    }

    /// Changes a server's settings with `change` and returns them.
    pub fn change_server_settings(
        &self,
        guild: GuildId,
        change: impl Fn(&mut ServerSettings),
    ) -> Result<ServerSettings, TableError> {
        self.change_settings(&server_key(guild), change)
    }

    /// A member's settings (the defaults until they change one).
    pub fn member_settings(&self, user: UserId) -> Result<MemberSettings, TableError> {
        Ok(self.meta::<MemberSettings>(&member_key(user))?.0)
    }

    /// Changes a member's settings with `change` and returns them.
    pub fn change_member_settings(
        &self,
        user: UserId,
        change: impl Fn(&mut MemberSettings),
    ) -> Result<MemberSettings, TableError> {
        let key = member_key(user);
        let now = self.now_ms();
        self.retry(|| {
            let (before, expect) = self.meta::<MemberSettings>(&key)?;
            let mut after = before.clone();
            change(&mut after);
            let mut batch = Batch::new();
            batch.put(Space::Meta, &key, &after, expect)?;
            // The digest's own deadline comes and goes with the setting.
            if let Some(at) = super::digest::digest_change(&before, &after, now) {
                batch.set_deadline(super::digest_channel(user), at);
            }
            self.commit(&batch)?;
            Ok(after)
        })
    }

    /// Changes the settings stored at `key` with compare-and-swap.
    fn change_settings<T: Versioned + Default>(
        &self,
        key: &[u8],
        change: impl Fn(&mut T),
    ) -> Result<T, TableError> {
        self.retry(|| {
            let (mut settings, expect) = self.meta::<T>(key)?;
            change(&mut settings);
            let mut batch = Batch::new();
            batch.put(Space::Meta, key, &settings, expect)?;
            self.commit(&batch)?;
            Ok(settings)
        })
    }
}
