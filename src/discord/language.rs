//! Which language the bot speaks, to whom.
//!
//! - A private answer: the member's own choice (`/isolo settings language`),
//!   else their Discord app's language (the interaction's `locale`), else the
//!   server's.
//! - A server's language: its moderators' choice, else the server's own
//!   language in Discord (`guild_locale`, or the guild's preferred locale
//!   seen at start), else English.
//! - A game's public messages: the players' language when both chose the
//!   same one (against the bot: the player's choice), else the server's.

use poise::serenity_prelude as serenity;

use super::reply::Reply;
use super::state::Data;
use crate::table::{GuildId, MemberSettings, Seat, UserId};
use crate::words::Lang;

/// A private answer's language.
pub(crate) fn private(member: &MemberSettings, locale: Option<&str>, server: Lang) -> Lang {
    chosen(member)
        .or_else(|| locale.and_then(Lang::from_tag))
        .unwrap_or(server)
}

/// A server's language from its moderators' choice and Discord's locale.
pub(crate) fn server(setting: Option<&str>, guild_locale: Option<&str>) -> Lang {
    setting
        .and_then(Lang::from_tag)
        .or_else(|| guild_locale.and_then(Lang::from_tag))
        .unwrap_or_default()
}

/// A game's language from what its human players chose.
pub(crate) fn game(players: &[MemberSettings], server: Lang) -> Lang {
    let mut choices = players.iter().map(chosen);
    match choices.next().flatten() {
        Some(first) if choices.all(|c| c == Some(first)) => first,
        _ => server,
    }
}

/// The language a member chose, if they did (and it is still shipped).
fn chosen(member: &MemberSettings) -> Option<Lang> {
    member.language.as_deref().and_then(Lang::from_tag)
}

/// The languages of one interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Langs {
    /// For answers only the member sees.
    pub private: Lang,
    /// The server's, for public messages that are not a game's.
    pub server: Lang,
}

impl Data {
    /// Remembers a server's own language in Discord (from an interaction
    /// or the guild's arrival), for messages the clock sends there.
    pub(crate) fn saw_guild_locale(&self, guild: GuildId, locale: &str) {
        if guild == 0 || locale.is_empty() {
            return;
        }
        let mut seen = self.guild_locales.lock().expect("guild locales");
        if seen.len() >= super::state::MAX_TRACKED_GUILDS && !seen.contains_key(&guild) {
            seen.clear();
        }
        seen.insert(guild, locale.to_string());
    }

    /// A server's language, outside any interaction.
    pub(crate) async fn server_lang(&self, guild: GuildId) -> Lang {
        self.settings_of(guild, Vec::new()).await.0
    }

    /// A server's language and the settings of `users`, in one trip to the
    /// table (a move's answer needs them all); what cannot be read is
    /// logged and taken as the defaults, so no answer is refused for it.
    async fn settings_of(&self, guild: GuildId, users: Vec<UserId>) -> (Lang, Vec<MemberSettings>) {
        let locale = match guild {
            0 => None,
            _ => self
                .guild_locales
                .lock()
                .expect("guild locales")
                .get(&guild)
                .cloned(),
        };
        let read = self
            .run(move |t| {
                let setting = match guild {
                    0 => None,
                    _ => t
                        .server_settings(guild)
                        .map_err(|e| tracing::warn!("cannot read the settings of server {guild}: {e}"))
                        .ok()
                        .and_then(|s| s.language),
                };
                let members = users
                    .iter()
                    .map(|&user| {
                        t.member_settings(user).unwrap_or_else(|e| {
                            tracing::warn!("cannot read the settings of {user}: {e}");
                            MemberSettings::default()
                        })
                    })
                    .collect::<Vec<_>>();
                Ok((setting, members))
            })
            .await;
        let (setting, members) = read.unwrap_or_else(|e| {
            tracing::warn!("cannot read the language settings: {e:#}");
            (None, Vec::new())
        });
        let server = match guild {
            0 => Lang::default(),
            _ => server(setting.as_deref(), locale.as_deref()),
        };
        (server, members)
    }

    /// The languages of the interaction `reply` answers.
    pub(crate) async fn langs(&self, reply: &Reply<'_>) -> Langs {
        let (user, guild) = reply.asker();
        let (locale, guild_locale) = reply.locales();
        if let Some(l) = guild_locale {
            self.saw_guild_locale(guild, l);
        }
        let (server, members) = self.settings_of(guild, vec![user]).await;
        let member = members.into_iter().next().unwrap_or_default();
        Langs {
            private: private(&member, locale, server),
            server,
        }
    }

    /// A game's language for its public messages, between `players` in `guild`.
    pub(crate) async fn game_lang(&self, guild: GuildId, players: &[Seat; 2]) -> Lang {
        let users = players.iter().filter_map(Seat::user).collect();
        let (server, settings) = self.settings_of(guild, users).await;
        game(&settings, server)
    }

    /// A member's settings (the defaults when they cannot be read: no
    /// answer is refused for them).
    pub(crate) async fn member_settings(&self, user: UserId) -> MemberSettings {
        let (_, mut members) = self.settings_of(0, vec![user]).await;
        members.pop().unwrap_or_default()
    }
}

impl Reply<'_> {
    /// Who used the interaction, and in which server (0 outside one).
    pub(crate) fn asker(&self) -> (UserId, GuildId) {
        match self {
            Reply::Poise(ctx) | Reply::Private(ctx) => {
                (ctx.author().id.get(), ctx.guild_id().map_or(0, |g| g.get()))
            }
            Reply::Component { ci, .. } => (ci.user.id.get(), ci.guild_id.map_or(0, |g| g.get())),
        }
    }

    /// The member's and the server's locale, as Discord sent them.
    pub(crate) fn locales(&self) -> (Option<&str>, Option<&str>) {
        match self {
            Reply::Poise(poise::Context::Application(a)) | Reply::Private(poise::Context::Application(a)) => {
                (
                    Some(a.interaction.locale.as_str()),
                    a.interaction.guild_locale.as_deref(),
                )
            }
            Reply::Poise(_) | Reply::Private(_) => (None, None),
            Reply::Component { ci, .. } => (Some(ci.locale.as_str()), ci.guild_locale.as_deref()),
        }
    }
}

/// The guild's preferred locale, from a GUILD_CREATE.
pub(crate) fn guild_locale(guild: &serenity::Guild) -> &str {
    &guild.preferred_locale
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speaking(tag: Option<&str>) -> MemberSettings {
        MemberSettings {
            language: tag.map(str::to_string),
            ..MemberSettings::default()
        }
    }

    #[test]
    fn a_member_s_choice_comes_before_discord_s_locale_and_the_server() {
        let fr = Lang::from_tag("fr").expect("French is shipped");
        let de = Lang::from_tag("de").expect("German is shipped");
        assert_eq!(private(&speaking(Some("fr")), Some("de"), Lang::ENGLISH), fr);
        assert_eq!(private(&speaking(None), Some("de"), Lang::ENGLISH), de);
        assert_eq!(
            private(&speaking(None), Some("es-419"), de),
            Lang::from_tag("es").expect("Spanish")
        );
        assert_eq!(
            private(&speaking(None), Some("ko"), de),
            de,
            "no Korean: the server's"
        );
        assert_eq!(
            server(Some("sw"), Some("fr")),
            Lang::from_tag("sw").expect("Swahili")
        );
        assert_eq!(
            server(None, Some("pt-BR")),
            Lang::from_tag("pt-BR").expect("Portuguese")
        );
        assert_eq!(server(None, None), Lang::ENGLISH);
    }

    #[test]
    fn a_game_speaks_its_players_language_only_when_they_agree() {
        let sw = Lang::from_tag("sw").expect("Swahili is shipped");
        let de = Lang::from_tag("de").expect("German is shipped");
        assert_eq!(
            game(&[speaking(Some("sw")), speaking(Some("sw"))], Lang::ENGLISH),
            sw
        );
        assert_eq!(
            game(&[speaking(Some("sw")), speaking(Some("de"))], Lang::ENGLISH),
            Lang::ENGLISH
        );
        assert_eq!(game(&[speaking(Some("sw")), speaking(None)], de), de);
        assert_eq!(
            game(&[speaking(Some("sw"))], Lang::ENGLISH),
            sw,
            "against the bot"
        );
        assert_eq!(game(&[], de), de);
    }
}
