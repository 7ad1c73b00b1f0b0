//! Who can see a server's channel, as Discord says: the facts
//! [`crate::table::may_watch`] decides on for a page. Asked with the bot
//! token (no privileged intent: a channel, its server's roles, one member),
//! through the outbound allowances, and kept a minute. Whatever cannot be
//! found out is [`Sight::Hidden`](crate::table::Sight::Hidden): a page never opens on a guess.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::table::{everyone_sees, ChannelId, GuildId, UserId, ADMINISTRATOR, VIEW_CHANNEL};

/// How long an answer of Discord's is kept.
const KEPT_FOR: Duration = Duration::from_secs(60);
/// Answers kept at most, of each kind.
const KEPT_AT_MOST: usize = 10_000;

#[derive(Debug, Clone, Deserialize)]
struct Overwrite {
    id: String,
    #[serde(rename = "type")]
    kind: u8,
    allow: String,
    deny: String,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct Channel {
    #[serde(default)]
    permission_overwrites: Vec<Overwrite>,
}

#[derive(Debug, Clone, Deserialize)]
struct Role {
    id: String,
    permissions: String,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct Guild {
    owner_id: String,
    /// Its name, for a player's page.
    #[serde(default)]
    pub(super) name: Option<String>,
    #[serde(default)]
    roles: Vec<Role>,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct Member {
    #[serde(default)]
    roles: Vec<String>,
}

/// A member as far as permissions go: absent from the server, or their roles.
pub(super) type MemberAnswer = Option<Member>;

/// Answers of Discord's kept for [`KEPT_FOR`].
#[derive(Default)]
pub(crate) struct Sights {
    pub(super) channels: Mutex<HashMap<ChannelId, (Channel, Instant)>>,
    pub(super) guilds: Mutex<HashMap<GuildId, (Guild, Instant)>>,
    pub(super) members: Mutex<HashMap<(GuildId, UserId), (MemberAnswer, Instant)>>,
}

/// A kept answer, if fresh.
pub(super) fn kept<K: std::hash::Hash + Eq, V: Clone>(
    map: &Mutex<HashMap<K, (V, Instant)>>,
    key: &K,
) -> Option<V> {
    let map = map.lock().expect("the sights lock");
    map.get(key)
        .filter(|(_, at)| at.elapsed() < KEPT_FOR)
        .map(|(v, _)| v.clone())
}

/// Keeps an answer (dropping stale ones when full, and refusing to grow).
pub(super) fn keep<K: std::hash::Hash + Eq, V>(map: &Mutex<HashMap<K, (V, Instant)>>, key: K, value: V) {
    let mut map = map.lock().expect("the sights lock");
    if map.len() >= KEPT_AT_MOST {
        map.retain(|_, (_, at)| at.elapsed() < KEPT_FOR);
        if map.len() >= KEPT_AT_MOST {
            return;
        }
    }
    map.insert(key, (value, Instant::now()));
}

fn bits(s: &str) -> u64 {
    s.parse().unwrap_or(0)
}

/// `base` after the channel's overwrites for `@everyone`, then the
/// member's roles (denies, then allows, over all of them), then the member.
fn overwritten(base: u64, channel: &Channel, guild: GuildId, roles: &[String], user: Option<UserId>) -> u64 {
    let mut p = base;
    let everyone = guild.to_string();
    if let Some(o) = channel
        .permission_overwrites
        .iter()
        .find(|o| o.kind == 0 && o.id == everyone)
    {
        p = (p & !bits(&o.deny)) | bits(&o.allow);
    }
    let (mut deny, mut allow) = (0, 0);
    for o in channel
        .permission_overwrites
        .iter()
        .filter(|o| o.kind == 0 && roles.contains(&o.id))
    {
        deny |= bits(&o.deny);
        allow |= bits(&o.allow);
    }
    p = (p & !deny) | allow;
    if let Some(u) = user.map(|u| u.to_string()) {
        if let Some(o) = channel
            .permission_overwrites
            .iter()
            .find(|o| o.kind == 1 && o.id == u)
        {
            p = (p & !bits(&o.deny)) | bits(&o.allow);
        }
    }
    p
}

/// Whether `@everyone`, or else member `user` with `member`'s roles, can
/// see `channel` of `guild`, by Discord's permission rules.
pub(super) fn sees(
    guild_id: GuildId,
    guild: &Guild,
    channel: &Channel,
    user: Option<(UserId, &Member)>,
) -> bool {
    let role = |id: &str| {
        guild
            .roles
            .iter()
            .find(|r| r.id == id)
            .map_or(0, |r| bits(&r.permissions))
    };
    let everyone = role(&guild_id.to_string());
    let Some((user, member)) = user else {
        let id = guild_id.to_string();
        let overwrite = channel
            .permission_overwrites
            .iter()
            .find(|o| o.kind == 0 && o.id == id)
            .map(|o| (bits(&o.allow), bits(&o.deny)));
        return everyone_sees(everyone, overwrite);
    };
    if guild.owner_id == user.to_string() {
        return true;
    }
    let base = member.roles.iter().fold(everyone, |p, r| p | role(r));
    base & ADMINISTRATOR != 0
        || overwritten(base, channel, guild_id, &member.roles, Some(user)) & VIEW_CHANNEL != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUILD: GuildId = 100;

    fn guild(everyone: u64) -> Guild {
        Guild {
            owner_id: "1".into(),
            name: None,
            roles: vec![
                Role {
                    id: GUILD.to_string(),
                    permissions: everyone.to_string(),
                },
                Role {
                    id: "7".into(),
                    permissions: "0".into(),
                },
                Role {
                    id: "8".into(),
                    permissions: ADMINISTRATOR.to_string(),
                },
            ],
        }
    }

    fn overwrite(id: &str, kind: u8, allow: u64, deny: u64) -> Overwrite {
        Overwrite {
            id: id.into(),
            kind,
            allow: allow.to_string(),
            deny: deny.to_string(),
        }
    }

    fn member(roles: &[&str]) -> Member {
        Member {
            roles: roles.iter().map(|r| r.to_string()).collect(),
        }
    }

    #[test]
    fn a_channel_everyone_sees_is_public() {
        let open = Channel {
            permission_overwrites: vec![],
        };
        assert!(sees(GUILD, &guild(VIEW_CHANNEL), &open, None));
        assert!(!sees(GUILD, &guild(0), &open, None));
    }

    #[test]
    fn a_hidden_channel_is_seen_by_its_roles_members_owner_and_admins() {
        let hidden = Channel {
            permission_overwrites: vec![
                overwrite(&GUILD.to_string(), 0, 0, VIEW_CHANNEL),
                overwrite("7", 0, VIEW_CHANNEL, 0),
                overwrite("42", 1, VIEW_CHANNEL, 0),
                overwrite("43", 1, 0, VIEW_CHANNEL),
            ],
        };
        let g = guild(VIEW_CHANNEL);
        assert!(!sees(GUILD, &g, &hidden, None));
        assert!(!sees(GUILD, &g, &hidden, Some((40, &member(&[])))));
        assert!(sees(GUILD, &g, &hidden, Some((40, &member(&["7"])))));
        assert!(sees(GUILD, &g, &hidden, Some((42, &member(&[])))));
        // A member's own deny wins over their role's allow.
        assert!(!sees(GUILD, &g, &hidden, Some((43, &member(&["7"])))));
        assert!(sees(GUILD, &g, &hidden, Some((44, &member(&["8"])))));
        assert!(sees(GUILD, &g, &hidden, Some((1, &member(&[])))));
    }
}
