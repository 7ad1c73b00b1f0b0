//! What the commands share, beneath them all: the options that autocomplete
//! (the member a challenge is from or to, a finished game's number), the
//! choices (`VariantChoice`, `LevelChoice`...), and the checks and helpers
//! several commands use (`is_moderator`, `rules_settings`, `name_in_context`).

use poise::serenity_prelude as serenity;

use super::state::Context;
use crate::ai::Level;
use crate::engine::{AfterCapture, CaptureFrom, Variant};
use crate::table::{Challenge, GameSettings, Reminders, UserId};

/// Discord shows at most 25 autocomplete choices.
const MAX_CHOICES: usize = 25;

/// A member named in an option. Typed as text so that it can autocomplete
/// (Discord's user options cannot); a user option's value, a mention or a
/// bare id are read too, so older clients' commands still work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Someone(pub UserId);

impl Someone {
    /// Reads `<@id>`, `<@!id>` or a bare id.
    fn parse(text: &str) -> Option<Someone> {
        let t = text.trim();
        let t = t
            .strip_prefix("<@")
            .and_then(|t| t.strip_suffix('>'))
            .unwrap_or(t);
        let t = t.strip_prefix('!').unwrap_or(t);
        t.parse().ok().filter(|id| *id != 0).map(Someone)
    }
}

#[serenity::async_trait]
impl poise::SlashArgument for Someone {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<Someone, poise::SlashArgError> {
        match value {
            serenity::ResolvedValue::User(user, _) => Ok(Someone(user.id.get())),
            serenity::ResolvedValue::String(text) => Someone::parse(text).ok_or_else(|| {
                poise::SlashArgError::new_parse(
                    "not a member: pick one from the list".into(),
                    (*text).to_owned(),
                )
            }),
            _ => Err(poise::SlashArgError::new_command_structure_mismatch(
                "expected a member",
            )),
        }
    }

    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        builder.kind(serenity::CommandOptionType::String)
    }
}

/// Which side of a challenge the members offered are on.
#[derive(Clone, Copy)]
enum Side {
    /// Those who challenged the member (for accept and decline).
    From,
    /// Those the member challenged (for withdraw).
    To,
}

/// The members on `side` of the member's challenges here, whose names start
/// with what was typed.
async fn members(ctx: Context<'_>, partial: &str, side: Side) -> serenity::CreateAutocompleteResponse {
    let channel = ctx.channel_id().get();
    let me = ctx.author().id.get();
    let all = ctx
        .data()
        .run(move |t| t.challenges_in(channel))
        .await
        .unwrap_or_default();
    let partial = partial.trim().to_lowercase();
    let choices = all
        .iter()
        .filter_map(|c: &Challenge| match side {
            Side::From if c.opponent.is(me) => Some(&c.challenger),
            Side::To if c.challenger.is(me) => Some(&c.opponent),
            _ => None,
        })
        .filter_map(|seat| Some((seat.user()?, seat.name())))
        .filter(|(_, name)| name.to_lowercase().starts_with(&partial))
        .take(MAX_CHOICES)
        .map(|(id, name)| serenity::AutocompleteChoice::new(name, id.to_string()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Offers the members who challenged the member here.
pub(crate) async fn challengers(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    members(ctx, partial, Side::From).await
}

/// Offers the members the member challenged here.
pub(crate) async fn challenged(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    members(ctx, partial, Side::To).await
}

/// Offers the member's last finished games that can be exported here: the
/// server's, or in a private chat, that chat's.
pub(crate) async fn finished_games(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let me = ctx.author().id.get();
    let viewer = crate::table::Viewer {
        guild,
        channel: ctx.channel_id().get(),
        user: me,
    };
    // Only games that `export` would show here.
    let games: Vec<_> = ctx
        .data()
        .run(move |t| t.finished_of(guild, me))
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|f| viewer.may_read(f))
        .collect();
    let lang = ctx.data().langs(&super::reply::Reply::Poise(ctx)).await.private;
    let partial = partial.trim();
    let choices = games
        .iter()
        .filter(|f| f.id.to_string().starts_with(partial))
        .take(MAX_CHOICES)
        .map(|f| {
            let opponent = f
                .players
                .iter()
                .find(|s| !s.is(me))
                .map_or_else(String::new, |s| s.name());
            let won = f.winner().map(|w| w.is(me));
            let label = super::present::game_choice(lang, f.id, &opponent, won);
            serenity::AutocompleteChoice::new(label, f.id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Offers the server's tournaments that are open or running.
pub(crate) async fn tournaments(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let all = ctx
        .data()
        .run(move |t| t.tournaments(guild))
        .await
        .unwrap_or_default();
    let lang = ctx.data().langs(&super::reply::Reply::Poise(ctx)).await.private;
    let partial = partial.trim();
    let choices = all
        .iter()
        .filter(|t| t.is_live() && t.number.to_string().starts_with(partial))
        .take(MAX_CHOICES)
        .map(|t| {
            let label = crate::tr!(
                lang,
                "tournament-choice",
                number = t.number,
                format = super::present::tournaments::format_name(lang, t.format),
                count = t.entrants.len(),
                status = if t.status == crate::table::Status::Open {
                    "open"
                } else {
                    "running"
                },
                round = t.released,
                rounds = t.total_rounds
            );
            serenity::AutocompleteChoice::new(label, t.number)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The variant to play.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// The women's game: 2 seeds in every pit.
    #[name = "women"]
    Women,
    /// The boys' game: ng'hana and overture.
    #[name = "boys"]
    Boys,
}

/// Who moves first.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    /// The challenger.
    #[name = "me"]
    Me,
    /// The challenged player.
    #[name = "opponent"]
    Opponent,
    /// Decided at random.
    #[name = "random"]
    Random,
}

/// Time per move.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ClockChoice {
    /// No clock.
    #[name = "none"]
    None,
    /// One day per move.
    #[name = "1 day"]
    OneDay,
    /// Three days per move.
    #[name = "3 days"]
    ThreeDays,
    /// A week per move.
    #[name = "7 days"]
    SevenDays,
}

/// Where captured seeds are sown from.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum CaptureChoice {
    /// From the origin of the capturing lap (the usual rule).
    #[name = "origin"]
    Origin,
    /// From the pit where the capturing seed fell (house rule).
    #[name = "capture-pit"]
    CapturePit,
}

/// What happens after a capture.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum AfterCaptureChoice {
    /// The move ends once the captured seeds are sown (the usual rule).
    #[name = "end: a capture ends the move (standard)"]
    End,
    /// The captured seeds' lap ends like any other lap (house rule).
    #[name = "continue: captures go on (house rule, fast and sharp)"]
    Continue,
}

/// Who may create tournaments in a server.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum CreatorsChoice {
    /// Any member (the default).
    #[name = "anyone"]
    Anyone,
    /// Moderators only.
    #[name = "moderators"]
    Moderators,
}

/// The computer's strength.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    /// Plays at random.
    #[name = "random"]
    Random,
    /// Takes the most seeds it can each move.
    #[name = "greedy"]
    Greedy,
    /// A short search.
    #[name = "easy"]
    Easy,
    /// A deeper search.
    #[name = "medium"]
    Medium,
    /// The strongest: thinks up to a second a move.
    #[name = "hard"]
    Hard,
}

/// Start or end a vacation.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VacationChoice {
    /// Stop the clocks of all your games until you come back.
    #[name = "start: stop my clocks"]
    Start,
    /// Come back: your clocks run again.
    #[name = "end: I am back"]
    End,
}

/// Which side your board pictures are drawn from.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardChoice {
    /// The side of the player to move: your rows at the bottom on your move.
    #[name = "mover: the player to move at the bottom (default)"]
    Mover,
    /// Always South at the bottom.
    #[name = "south: always South at the bottom"]
    South,
}

/// When you are reminded of your move in a game with a clock.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RemindersChoice {
    /// Never.
    #[name = "none"]
    Off,
    /// At half time, and with a tenth left (the default).
    #[name = "half time (default)"]
    HalfTime,
    /// 24 h, 4 h and 1 h before the deadline.
    #[name = "24 h, 4 h, 1 h before"]
    BeforeDeadline,
}

impl From<RemindersChoice> for Reminders {
    fn from(c: RemindersChoice) -> Reminders {
        match c {
            RemindersChoice::Off => Reminders::Off,
            RemindersChoice::HalfTime => Reminders::HalfTime,
            RemindersChoice::BeforeDeadline => Reminders::BeforeDeadline,
        }
    }
}

/// The colours of the last move's marks.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColourChoice {
    /// Gold, green and red marks.
    #[name = "standard"]
    Standard,
    /// Colour-blind-safe marks (no red against green).
    #[name = "colour-blind-safe"]
    ColourBlind,
}

impl From<LevelChoice> for Level {
    fn from(l: LevelChoice) -> Level {
        match l {
            LevelChoice::Random => Level::Random,
            LevelChoice::Greedy => Level::Greedy,
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Medium => Level::Medium,
            LevelChoice::Hard => Level::Hard,
        }
    }
}

/// Whether the member who used the command moderates here (Manage
/// Messages or Administrator in this channel).
pub(crate) fn is_moderator(ctx: &Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_messages() || p.administrator()),
        _ => false,
    }
}

/// The default settings with the variant and house rules chosen.
pub(crate) fn rules_settings(
    variant: Option<VariantChoice>,
    capture: Option<CaptureChoice>,
    after_capture: Option<AfterCaptureChoice>,
) -> GameSettings {
    GameSettings {
        variant: match variant {
            Some(VariantChoice::Boys) => Variant::Boys,
            _ => Variant::Women,
        },
        capture_from: match capture {
            Some(CaptureChoice::CapturePit) => CaptureFrom::CapturePit,
            _ => CaptureFrom::Origin,
        },
        after_capture: match after_capture {
            Some(AfterCaptureChoice::Continue) => AfterCapture::Continue,
            _ => AfterCapture::End,
        },
        ..GameSettings::default()
    }
}

/// The name a member goes by where the command was used: their server
/// nickname, else their global display name, else their user name.
pub(crate) fn name_in_context(ctx: &Context<'_>, user: &serenity::User) -> String {
    let nick = match ctx {
        poise::Context::Application(a) if a.interaction.user.id == user.id => {
            a.interaction.member.as_ref().and_then(|m| m.nick.clone())
        }
        poise::Context::Application(a) => a
            .interaction
            .data
            .resolved
            .members
            .get(&user.id)
            .and_then(|m| m.nick.clone()),
        _ => None,
    };
    nick.or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone())
}

/// The option chosen in a select menu (empty for anything else).
pub(crate) fn chosen(ci: &serenity::ComponentInteraction) -> String {
    match &ci.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    }
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::Someone;

    #[test]
    fn a_member_is_read_from_a_mention_or_an_id_and_nothing_else() {
        assert_eq!(Someone::parse("<@123>"), Some(Someone(123)));
        assert_eq!(Someone::parse("<@!123>"), Some(Someone(123)));
        assert_eq!(Someone::parse(" 123 "), Some(Someone(123)));
        for bad in ["", "bob", "<@>", "0", "<@12x>", "-5"] {
            assert_eq!(Someone::parse(bad), None, "{bad}");
        }
    }
}

/// A language to speak, as `/isolo settings` offers it: every shipped
/// language by its own name, or the Discord app's (`discord`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LanguageChoice {
    /// Follow the language of the member's Discord app (or the server's).
    Discord,
    /// This one.
    Lang(crate::words::Lang),
}

/// The value of [`LanguageChoice::Discord`].
const FOLLOW_DISCORD: &str = "discord";

#[serenity::async_trait]
impl poise::SlashArgument for LanguageChoice {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<LanguageChoice, poise::SlashArgError> {
        let serenity::ResolvedValue::String(text) = value else {
            return Err(poise::SlashArgError::new_command_structure_mismatch(
                "expected a language",
            ));
        };
        if *text == FOLLOW_DISCORD {
            return Ok(LanguageChoice::Discord);
        }
        crate::words::Lang::from_tag(text)
            .map(LanguageChoice::Lang)
            .ok_or_else(|| {
                poise::SlashArgError::new_parse("not a shipped language".into(), (*text).to_owned())
            })
    }

    /// No fixed choices: the languages autocomplete ([`languages`]), as
    /// two lists of them would take `/isolo` past Discord's 4,000
    /// characters. Typed text is checked in `extract`.
    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        builder.kind(serenity::CommandOptionType::String)
    }
}

/// Offers the shipped languages (a new language folder shows up here
/// without code), and following Discord's, worded in the member's.
pub(crate) async fn languages(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    use crate::words::{languages, Lang};
    let mine = ctx
        .locale()
        .and_then(|l| languages().find(|lang| lang.discord_locales().any(|d| d == l)))
        .unwrap_or(Lang::ENGLISH);
    let partial = partial.trim().to_lowercase();
    let choices = std::iter::once((
        crate::tr!(mine, "choice-language-discord"),
        FOLLOW_DISCORD.to_owned(),
    ))
    .chain(languages().map(|l| (l.name(), l.tag().to_owned())))
    .filter(|(name, tag)| {
        partial.is_empty()
            || name.to_lowercase().contains(&partial)
            || tag.to_lowercase().starts_with(&partial)
    })
    .map(|(name, tag)| serenity::AutocompleteChoice::new(name, tag))
    .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
