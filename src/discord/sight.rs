//! Whether `@everyone` sees a server's channel, noted in the table, where
//! only public games count in the explorer. Read from the gateway's cache
//! when it holds the server, else asked over REST (the channel, a public
//! thread's parent, the server's roles); asked again after [`RECHECK`], or
//! at once when a channel, thread or role of that server changes. Never on
//! an interaction's path: the look-up runs beside it.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use super::state::{Data, MAX_TRACKED_GUILDS};
use crate::table::{everyone_sees, ChannelId, GuildId};

/// How long a look-up stands, found or not (a failed one is not retried
/// sooner: a channel the bot cannot read answers 403 each time).
const RECHECK: Duration = Duration::from_secs(600);

/// Notes in the table whether `@everyone` sees `channel` of `guild`, unless
/// it was looked at within [`RECHECK`]. Returns at once.
pub(crate) fn note(ctx: &serenity::Context, data: &Data, guild: GuildId, channel: ChannelId) {
    if guild == 0 || channel == 0 {
        return;
    }
    {
        let mut noted = data.sights.lock().expect("the sights lock");
        if noted.get(&channel).is_some_and(|(_, at)| at.elapsed() < RECHECK) {
            return;
        }
        if noted.len() >= MAX_TRACKED_GUILDS {
            noted.retain(|_, (_, at)| at.elapsed() < RECHECK);
            if noted.len() >= MAX_TRACKED_GUILDS {
                return;
            }
        }
        noted.insert(channel, (guild, Instant::now()));
    }
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        let public = match from_cache(&ctx.cache, guild, channel) {
            Some(p) => Some(p),
            None => from_rest(&ctx.http, guild, channel).await,
        };
        let Some(public) = public else {
            tracing::debug!("cannot tell who sees channel {channel}: its games stay out of the explorer");
            return;
        };
        if let Err(e) = data.run(move |t| t.note_place_sight(channel, public)).await {
            tracing::warn!("cannot note who sees channel {channel}: {e}");
            data.sights.lock().expect("the sights lock").remove(&channel);
        }
    });
}

/// A channel, thread or role of `guild` changed: every channel of it
/// looked at before is looked at again now.
pub(crate) fn changed(ctx: &serenity::Context, data: &Data, guild: GuildId) {
    let again: Vec<ChannelId> = {
        let mut noted = data.sights.lock().expect("the sights lock");
        let again = noted
            .iter()
            .filter(|(_, (g, _))| *g == guild)
            .map(|(c, _)| *c)
            .collect::<Vec<_>>();
        for c in &again {
            noted.remove(c);
        }
        again
    };
    for channel in again {
        note(ctx, data, guild, channel);
    }
}

/// Whether `@everyone` of `guild` sees `place` (not a thread), given the
/// server's roles.
fn sees(
    guild: GuildId,
    roles: &HashMap<serenity::RoleId, serenity::Role>,
    place: &serenity::GuildChannel,
) -> bool {
    let everyone = serenity::RoleId::new(guild);
    let base = roles.get(&everyone).map_or(0, |r| r.permissions.bits());
    let overwrite = place
        .permission_overwrites
        .iter()
        .find(|o| o.kind == serenity::PermissionOverwriteType::Role(everyone))
        .map(|o| (o.allow.bits(), o.deny.bits()));
    everyone_sees(base, overwrite)
}

/// What a channel's kind says: a private thread is never public; a public
/// thread is seen as its parent; anything else as itself.
enum Place {
    Hidden,
    Parent(serenity::ChannelId),
    Itself,
}

fn place(channel: &serenity::GuildChannel) -> Place {
    use serenity::ChannelType as T;
    match channel.kind {
        T::PrivateThread => Place::Hidden,
        T::PublicThread | T::NewsThread => channel.parent_id.map_or(Place::Hidden, Place::Parent),
        _ => Place::Itself,
    }
}

/// From the gateway's cache, if it holds the server and the channel.
fn from_cache(cache: &serenity::Cache, guild: GuildId, channel: ChannelId) -> Option<bool> {
    let g = cache.guild(serenity::GuildId::new(guild))?;
    let id = serenity::ChannelId::new(channel);
    let ch = g
        .channels
        .get(&id)
        .or_else(|| g.threads.iter().find(|t| t.id == id))?;
    match place(ch) {
        Place::Hidden => Some(false),
        Place::Parent(parent) => Some(sees(guild, &g.roles, g.channels.get(&parent)?)),
        Place::Itself => Some(sees(guild, &g.roles, ch)),
    }
}

/// Asked over REST: the channel (a public thread: its parent too) and the
/// server's roles. Anything unanswered: `None`.
async fn from_rest(http: &serenity::Http, guild: GuildId, channel: ChannelId) -> Option<bool> {
    let get = |id: serenity::ChannelId| async move {
        match http.get_channel(id).await {
            Ok(serenity::Channel::Guild(c)) => Some(c),
            _ => None,
        }
    };
    let ch = get(serenity::ChannelId::new(channel)).await?;
    let ch = match place(&ch) {
        Place::Hidden => return Some(false),
        Place::Parent(parent) => get(parent).await?,
        Place::Itself => ch,
    };
    let roles = http.get_guild(serenity::GuildId::new(guild)).await.ok()?.roles;
    Some(sees(guild, &roles, &ch))
}
