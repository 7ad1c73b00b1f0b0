//! Who can see a server's channel, as Discord says: the facts
//! [`crate::table::may_watch`] decides on for a page. Asked with the bot
//! token (no privileged intent: a channel, its server's roles, one member),
//! through the outbound allowances, and kept a minute. Whatever cannot be
//! found out is [`Sight::Hidden`]: a page never opens on a guess.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::Deserialize;

use super::outbound::Caller;
use super::Web;
use crate::table::{ChannelId, GuildId, Sight, UserId};

/// How long an answer of Discord's is kept.
const KEPT_FOR: Duration = Duration::from_secs(60);
/// Answers kept at most, of each kind.
const KEPT_AT_MOST: usize = 10_000;
/// Discord's `VIEW_CHANNEL` permission.
const VIEW_CHANNEL: u64 = 1 << 10;
/// Discord's `ADMINISTRATOR` permission.
const ADMINISTRATOR: u64 = 1 << 3;

#[derive(Debug, Clone, Deserialize)]
struct Overwrite {
    id: String,
    #[serde(rename = "type")]
    kind: u8,
    allow: String,
    deny: String,
}

#[derive(Debug, Clone, Deserialize)]
struct Channel {
    #[serde(default)]
    permission_overwrites: Vec<Overwrite>,
}

#[derive(Debug, Clone, Deserialize)]
struct Role {
    id: String,
    permissions: String,
}

#[derive(Debug, Clone, Deserialize)]
struct Guild {
    owner_id: String,
    /// Its name, for a player's page.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    roles: Vec<Role>,
}

#[derive(Debug, Clone, Deserialize)]
struct Member {
    #[serde(default)]
    roles: Vec<String>,
}

/// A member as far as permissions go: absent from the server, or their roles.
type MemberAnswer = Option<Member>;

/// Answers of Discord's kept for [`KEPT_FOR`].
#[derive(Default)]
pub(crate) struct Sights {
    channels: Mutex<HashMap<ChannelId, (Channel, Instant)>>,
    guilds: Mutex<HashMap<GuildId, (Guild, Instant)>>,
    members: Mutex<HashMap<(GuildId, UserId), (MemberAnswer, Instant)>>,
}

/// A kept answer, if fresh.
fn kept<K: std::hash::Hash + Eq, V: Clone>(map: &Mutex<HashMap<K, (V, Instant)>>, key: &K) -> Option<V> {
    let map = map.lock().expect("the sights lock");
    map.get(key)
        .filter(|(_, at)| at.elapsed() < KEPT_FOR)
        .map(|(v, _)| v.clone())
}

/// Keeps an answer (dropping stale ones when full, and refusing to grow).
fn keep<K: std::hash::Hash + Eq, V>(map: &Mutex<HashMap<K, (V, Instant)>>, key: K, value: V) {
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
fn sees(guild_id: GuildId, guild: &Guild, channel: &Channel, user: Option<(UserId, &Member)>) -> bool {
    let role = |id: &str| {
        guild
            .roles
            .iter()
            .find(|r| r.id == id)
            .map_or(0, |r| bits(&r.permissions))
    };
    let everyone = role(&guild_id.to_string());
    let Some((user, member)) = user else {
        return everyone & ADMINISTRATOR != 0
            || overwritten(everyone, channel, guild_id, &[], None) & VIEW_CHANNEL != 0;
    };
    if guild.owner_id == user.to_string() {
        return true;
    }
    let base = member.roles.iter().fold(everyone, |p, r| p | role(r));
    base & ADMINISTRATOR != 0
        || overwritten(base, channel, guild_id, &member.roles, Some(user)) & VIEW_CHANNEL != 0
}

impl Web {
    /// GETs `path` of Discord's API with the bot token, for `caller`; `None`
    /// when refused, failed lately, or out of allowance. `Some(None)` is
    /// Discord's 404 (no such member).
    async fn discord_get<T: serde::de::DeserializeOwned>(
        &self,
        caller: Caller,
        path: &str,
    ) -> Option<Option<T>> {
        let token = self.bot_token.as_deref()?;
        if self.outbound.failed_lately("get", path) {
            return None;
        }
        self.outbound.spend(caller, 1).ok()?;
        let api = self.config.api_url.trim_end_matches('/');
        let answer = self
            .http
            .get(format!("{api}{path}"))
            .header(reqwest::header::AUTHORIZATION, format!("Bot {token}"))
            .send()
            .await;
        let answer = match answer {
            Ok(a) => a,
            Err(_) => {
                self.outbound.failed("get", path);
                return None;
            }
        };
        if answer.status() == reqwest::StatusCode::NOT_FOUND {
            return Some(None);
        }
        if !answer.status().is_success() {
            self.outbound.failed("get", path);
            return None;
        }
        match answer.json::<T>().await {
            Ok(v) => Some(Some(v)),
            Err(_) => {
                self.outbound.failed("get", path);
                None
            }
        }
    }

    /// Who can see `channel` of `guild` for `who`: [`Sight::Everyone`] when
    /// `@everyone` can; [`Sight::Viewer`] when not, but the signed-in
    /// member can; otherwise (or when Discord cannot say) [`Sight::Hidden`].
    pub(crate) async fn sight(
        &self,
        caller: Caller,
        guild: GuildId,
        channel: ChannelId,
        who: Option<UserId>,
    ) -> Sight {
        let Some(channel_info) = self.channel_info(caller, channel).await else {
            return Sight::Hidden;
        };
        let Some(guild_info) = self.guild_info(caller, guild).await else {
            return Sight::Hidden;
        };
        if sees(guild, &guild_info, &channel_info, None) {
            return Sight::Everyone;
        }
        let Some(user) = who else {
            return Sight::Hidden;
        };
        let member = match kept(&self.sights.members, &(guild, user)) {
            Some(m) => m,
            None => {
                let Some(m) = self
                    .discord_get::<Member>(caller, &format!("/guilds/{guild}/members/{user}"))
                    .await
                else {
                    return Sight::Hidden;
                };
                keep(&self.sights.members, (guild, user), m.clone());
                m
            }
        };
        match member {
            Some(m) if sees(guild, &guild_info, &channel_info, Some((user, &m))) => Sight::Viewer,
            _ => Sight::Hidden,
        }
    }

    async fn channel_info(&self, caller: Caller, channel: ChannelId) -> Option<Channel> {
        if let Some(c) = kept(&self.sights.channels, &channel) {
            return Some(c);
        }
        let c = self
            .discord_get::<Channel>(caller, &format!("/channels/{channel}"))
            .await??;
        keep(&self.sights.channels, channel, c.clone());
        Some(c)
    }

    /// A server's name, as Discord says (kept as its sight is).
    pub(crate) async fn guild_name(&self, caller: Caller, guild: GuildId) -> Option<String> {
        self.guild_info(caller, guild).await?.name
    }

    async fn guild_info(&self, caller: Caller, guild: GuildId) -> Option<Guild> {
        if let Some(g) = kept(&self.sights.guilds, &guild) {
            return Some(g);
        }
        let g = self
            .discord_get::<Guild>(caller, &format!("/guilds/{guild}"))
            .await??;
        keep(&self.sights.guilds, guild, g.clone());
        Some(g)
    }
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
