//! Members' own settings: turn notices, the side boards are drawn from,
//! colour-blind-safe highlights. Stored per member, for every server.

use crate::store::{Batch, Space};

use super::model::MemberSettings;
use super::{Table, TableError, UserId};

pub(super) fn member_key(user: UserId) -> Vec<u8> {
    let mut k = b"member:".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

impl Table {
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
        self.retry(|| {
            let key = member_key(user);
            let (mut settings, expect) = self.meta::<MemberSettings>(&key)?;
            change(&mut settings);
            let mut batch = Batch::new();
            batch.put(Space::Meta, &key, &settings, expect)?;
            self.commit(&batch)?;
            Ok(settings)
        })
    }
}
