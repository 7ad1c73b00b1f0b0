//! Where an app that is not a member can be used (Discord's user installs):
//! DMs and group DMs between people, and servers that did not add the app.
//! Interactions from such a place carry `context`, the installing user in
//! `authorizing_integration_owners` and no bot membership; the bot can only
//! answer them (interaction responses and webhook followups, at most five
//! followups each), and any channel call there is refused with 403.

use serde_json::{json, Value};
use serenity::model::Permissions;

use super::payloads::id;

/// A place the bot is not a member of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A DM (`channel_type` 1) or group DM (3) between people, where
    /// `installer` added the app to their account.
    Private {
        /// Discord's channel type: 1 DM, 3 group DM.
        channel_type: u8,
        /// The user whose install authorizes the interactions.
        installer: u64,
    },
    /// A server channel in `guild`, which did not add the app; `installer`
    /// did, to their account. `external_apps`: whether members there may
    /// use external apps publicly (else Discord makes every answer ephemeral).
    External {
        /// The server.
        guild: u64,
        /// The user whose install authorizes the interactions.
        installer: u64,
        /// Whether the members have Use External Apps.
        external_apps: bool,
    },
}

/// Followups Discord allows per interaction where the app is not installed.
pub const MAX_FOLLOWUPS: usize = 5;

/// What Discord gives an app in a DM or group DM between people (its docs:
/// `app_permissions` there are Attach Files, Embed Links, Mention Everyone).
fn private_app_permissions() -> u64 {
    Permissions::ATTACH_FILES.bits() | Permissions::EMBED_LINKS.bits() | Permissions::MENTION_EVERYONE.bits()
}

impl Place {
    /// Rewrites an interaction built for a server the bot is in (`v`, from
    /// `payloads::interaction_base`) as Discord sends it from this place.
    pub fn apply(self, channel_id: u64, v: &mut Value) {
        let member = v.get("member").cloned();
        let user = member
            .as_ref()
            .and_then(|m| m.get("user").cloned())
            .or_else(|| v.get("user").cloned())
            .expect("an interaction has a member or a user");
        match self {
            Place::Private {
                channel_type,
                installer,
            } => {
                let obj = v.as_object_mut().expect("an object");
                obj.remove("guild_id");
                obj.remove("guild_locale");
                obj.remove("member");
                if let Some(data) = obj.get_mut("data").and_then(Value::as_object_mut) {
                    data.remove("guild_id");
                    if let Some(resolved) = data.get_mut("resolved").and_then(Value::as_object_mut) {
                        resolved.remove("members");
                    }
                }
                v["user"] = user;
                v["channel"] = json!({"id": id(channel_id), "type": channel_type});
                v["context"] = json!(2);
                v["authorizing_integration_owners"] = json!({"1": id(installer)});
                v["app_permissions"] = json!(private_app_permissions().to_string());
            }
            Place::External {
                guild,
                installer,
                external_apps,
            } => {
                v["guild_id"] = id(guild);
                v["channel"] = json!({"id": id(channel_id), "type": 0});
                v["context"] = json!(0);
                v["authorizing_integration_owners"] = json!({"1": id(installer)});
                v["app_permissions"] = json!(private_app_permissions().to_string());
                if let Some(m) = v.get_mut("member") {
                    let mut perms: u64 = m["permissions"]
                        .as_str()
                        .and_then(|p| p.parse().ok())
                        .unwrap_or(0);
                    match external_apps {
                        true => perms |= Permissions::USE_EXTERNAL_APPS.bits(),
                        false => perms &= !Permissions::USE_EXTERNAL_APPS.bits(),
                    }
                    m["permissions"] = json!(perms.to_string());
                }
            }
        }
    }

    /// Whether Discord shows every answer here to its receiver alone.
    pub fn forces_ephemeral(self) -> bool {
        matches!(
            self,
            Place::External {
                external_apps: false,
                ..
            }
        )
    }
}
