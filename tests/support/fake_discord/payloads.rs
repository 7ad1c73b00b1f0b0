//! JSON builders for everything the fake sends, on the gateway and over REST.
//!
//! The fake itself and `tests/fake_discord_fixtures.rs` both use these
//! functions, so a payload that serenity cannot read fails a unit test instead
//! of being silently dropped at run time.

use serde_json::{json, Value};
use serenity::model::Timestamp;

use super::{FakeUser, APPLICATION_ID, BOT_USERNAME, BOT_USER_ID, GUILD_ID, OWNER_ID};

/// Discord sends snowflakes as strings; so does the fake.
pub fn id(v: u64) -> Value {
    Value::String(v.to_string())
}

/// The current time as an RFC 3339 timestamp.
pub fn now() -> Value {
    json!(Timestamp::now())
}

/// Gateway op 10, the first frame of every connection.
pub fn hello(heartbeat_interval_ms: u64) -> Value {
    json!({"op": 10, "d": {"heartbeat_interval": heartbeat_interval_ms}, "s": null, "t": null})
}

/// Gateway op 11, the answer to a heartbeat.
pub fn heartbeat_ack() -> Value {
    json!({"op": 11, "d": null, "s": null, "t": null})
}

/// Gateway op 7: Discord asks the bot to reconnect and resume.
pub fn reconnect() -> Value {
    json!({"op": 7, "d": null, "s": null, "t": null})
}

/// Gateway op 9; `resumable: false` makes the bot identify afresh.
pub fn invalid_session(resumable: bool) -> Value {
    json!({"op": 9, "d": resumable, "s": null, "t": null})
}

/// Gateway op 0: an event `t` with data `d` and sequence number `seq`.
pub fn dispatch(seq: u64, t: &str, d: Value) -> Value {
    json!({"op": 0, "s": seq, "t": t, "d": d})
}

/// The `d` of READY: the bot user, its (unavailable) guilds and the application id.
pub fn ready(session_id: &str, resume_url: &str, guild_ids: &[u64]) -> Value {
    ready_on_shard(session_id, resume_url, guild_ids, [0, 1])
}

/// READY of shard `[id, total]`.
pub fn ready_on_shard(session_id: &str, resume_url: &str, guild_ids: &[u64], shard: [u32; 2]) -> Value {
    let guilds: Vec<Value> = guild_ids
        .iter()
        .map(|g| json!({"id": id(*g), "unavailable": true}))
        .collect();
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": {"id": id(APPLICATION_ID), "flags": 0},
    })
}

/// The `d` of RESUMED.
pub fn resumed() -> Value {
    json!({})
}

/// The bot's own user, as in READY and `GET /users/@me`.
pub fn bot_user() -> Value {
    json!({
        "id": id(BOT_USER_ID),
        "username": BOT_USERNAME,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
    })
}

/// A user (a person, or a bot account when `u.bot`).
pub fn user(u: &FakeUser) -> Value {
    let mut v = json!({
        "id": id(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "public_flags": 0,
    });
    if u.bot {
        v["bot"] = json!(true);
        v["global_name"] = Value::Null;
    }
    v
}

/// A guild member as in an interaction's `member` (with `user` and `permissions`).
pub fn member(u: &FakeUser) -> Value {
    let mut m = partial_member(u);
    m["user"] = user(u);
    m
}

/// A member as in `data.resolved.members`: no `user` field.
pub fn partial_member(u: &FakeUser) -> Value {
    json!({
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": u.permissions.to_string(),
        "communication_disabled_until": null,
    })
}

/// Fields every interaction carries, whatever its type.
///
/// A guild interaction has `guild_id` and `member`, a DM one `user`.
pub fn interaction_base(
    kind: u8,
    interaction_id: u64,
    token: &str,
    channel_id: u64,
    guild_id: Option<u64>,
    by: &FakeUser,
    data: Value,
) -> Value {
    let mut v = json!({
        "id": id(interaction_id),
        "application_id": id(APPLICATION_ID),
        "type": kind,
        "data": data,
        "channel_id": id(channel_id),
        "token": token,
        "version": 1,
        "app_permissions": super::BOT_PERMISSIONS.to_string(),
        "locale": "en-US",
        "entitlements": [],
        // Easy to forget, and serenity drops the whole interaction without it.
        "attachment_size_limit": 10_485_760,
    });
    match guild_id {
        Some(g) => {
            v["guild_id"] = id(g);
            v["guild_locale"] = json!("en-US");
            v["member"] = member(by);
            v["authorizing_integration_owners"] = json!({"0": id(g)});
            v["context"] = json!(0);
        }
        None => {
            v["user"] = user(by);
            v["authorizing_integration_owners"] = json!({"0": "0"});
            v["context"] = json!(1);
        }
    }
    v
}

/// A message as returned by REST and embedded in component interactions.
///
/// `body` is what the bot sent (content, embeds, components, flags);
/// `attachments` are already in their returned form (see [`attachment`]).
/// `webhook` marks interaction responses, which Discord sends through the
/// application's webhook.
pub fn message(
    message_id: u64,
    channel_id: u64,
    body: &Value,
    attachments: Vec<Value>,
    webhook: bool,
) -> Value {
    let mut m = json!({
        "id": id(message_id),
        "channel_id": id(channel_id),
        "author": bot_user(),
        "content": body.get("content").and_then(Value::as_str).unwrap_or(""),
        "timestamp": now(),
        "edited_timestamp": null,
        "tts": body.get("tts").and_then(Value::as_bool).unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds").cloned().unwrap_or_else(|| json!([])),
        "components": body.get("components").cloned().unwrap_or_else(|| json!([])),
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").and_then(Value::as_u64).unwrap_or(0),
    });
    if webhook {
        m["webhook_id"] = id(APPLICATION_ID);
        m["application_id"] = id(APPLICATION_ID);
    }
    m
}

/// One returned attachment: Discord echoes filename and description and adds
/// `id`, `size`, `url` and `proxy_url`.
pub fn attachment(
    attachment_id: u64,
    filename: &str,
    size: usize,
    content_type: Option<&str>,
    description: Option<&str>,
) -> Value {
    let url = format!("https://cdn.discordapp.invalid/attachments/{attachment_id}/{filename}");
    let mut a = json!({
        "id": id(attachment_id),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url.replace("cdn.", "media."),
    });
    if let Some(ct) = content_type {
        a["content_type"] = json!(ct);
    }
    if let Some(d) = description {
        a["description"] = json!(d);
    }
    a
}

/// What `@everyone` may do in the fake's guilds: view channels, send
/// messages, read history, use commands and activities, add reactions.
pub const EVERYONE_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 39) | (1 << 6);

/// A guild as `GET /guilds/{id}` gives it: its roles (`@everyone`'s id is
/// the guild's) and its owner, who is none of the test users.
pub fn guild(guild_id: u64) -> Value {
    json!({
        "id": id(guild_id),
        "name": "Isolo club",
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": id(9_999),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": id(guild_id),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 0,
            "permissions": EVERYONE_PERMISSIONS.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": false,
        "stickers": [],
        "safety_alerts_channel_id": null,
    })
}

/// A guild member as `GET /guilds/{g}/members/{u}` gives it.
pub fn guild_member(guild_id: u64, u: &FakeUser) -> Value {
    let mut m = partial_member(u);
    m.as_object_mut().expect("an object").remove("permissions");
    m["user"] = user(u);
    m["guild_id"] = id(guild_id);
    m
}

/// A channel's overwrites hiding it from `@everyone` of [`GUILD_ID`] and
/// letting `members` see it.
pub fn hidden_overwrites(_channel_id: u64, members: &[u64]) -> Value {
    let view = (1u64 << 10).to_string();
    let mut o = vec![json!({"id": id(GUILD_ID), "type": 0, "allow": "0", "deny": view})];
    for m in members {
        o.push(json!({"id": id(*m), "type": 1, "allow": view, "deny": "0"}));
    }
    Value::Array(o)
}

/// The guild text channel that interactions happen in by default.
pub fn text_channel(channel_id: u64) -> Value {
    json!({
        "id": id(channel_id),
        "type": 0,
        "guild_id": id(GUILD_ID),
        "name": "isolo",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "parent_id": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    })
}

/// A DM channel with `with`.
pub fn dm_channel(channel_id: u64, with: &FakeUser) -> Value {
    json!({"id": id(channel_id), "type": 1, "last_message_id": null, "recipients": [user(with)]})
}

/// A thread (type 11 public or 12 private) under `parent_id`, as returned by
/// the create-thread routes.
pub fn thread(thread_id: u64, parent_id: u64, name: &str, kind: u64, archive_minutes: u64) -> Value {
    json!({
        "id": id(thread_id),
        "type": kind,
        "guild_id": id(GUILD_ID),
        "parent_id": id(parent_id),
        "owner_id": id(BOT_USER_ID),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive_minutes,
            "archive_timestamp": now(),
            "locked": false,
            "create_timestamp": now(),
        },
    })
}

/// `GET /oauth2/applications/@me`: poise reads the owner from it.
pub fn application_info() -> Value {
    json!({
        "id": id(APPLICATION_ID),
        "name": "isolo-test",
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "owner": user(&FakeUser::new(OWNER_ID, "owner")),
        "team": null,
        "flags": 0,
    })
}

/// `GET /gateway`.
pub fn gateway(ws_url: &str) -> Value {
    json!({"url": ws_url})
}

/// `GET /gateway/bot`.
pub fn gateway_bot(ws_url: &str) -> Value {
    json!({
        "url": ws_url,
        "shards": 1,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    })
}

/// The answer to `PUT .../commands`: the bot's commands with the fields
/// Discord adds (`id`, `application_id`, `version`, defaults).
///
/// `ids` gives each command's id, in order.
pub fn registered_commands(body: &Value, guild_id: Option<u64>, ids: &[u64]) -> Value {
    let commands = body.as_array().cloned().unwrap_or_default();
    let out: Vec<Value> = commands
        .into_iter()
        .zip(ids)
        .map(|(mut c, cid)| {
            c["id"] = id(*cid);
            c["application_id"] = id(APPLICATION_ID);
            c["version"] = id(*cid);
            c["guild_id"] = guild_id.map_or(Value::Null, id);
            for (key, default) in [
                ("type", json!(1)),
                ("description", json!("")),
                ("options", json!([])),
            ] {
                if c.get(key).is_none_or(Value::is_null) {
                    c[key] = default;
                }
            }
            c
        })
        .collect();
    Value::Array(out)
}
