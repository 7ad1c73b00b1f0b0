//! `/isolo tournament`: tournaments in a server, and the front end's share
//! of running them (see `docs/tournaments.md`). The table pairs, scores and
//! says what is left to do ([`Work`]); this file posts each round's pairings
//! and the final standings once (claimed first, with a nonce), and opens a
//! thread for each board with its first board pinging both players.

use poise::serenity_prelude as serenity;

use super::errors::{CannotHost, Error};
use super::flow;
use super::options;
use super::posts;
use super::present::tournaments::*;
use super::present::{self, Out};
use super::reply::Reply;
use super::state::Context;
use crate::table::{
    ChannelId, ChannelRight, Format, GameSettings, GuildId, Status, TableError, Tournament, TournamentRequest,
};
use crate::tr;
use crate::words::narrate;

/// How a tournament pairs its players.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    /// Everyone meets everyone.
    #[name = "round-robin"]
    RoundRobin,
    /// Paired by score.
    #[name = "swiss"]
    Swiss,
}

/// Longest clock a tournament's games may have: two weeks per move.
const MAX_CLOCK_MINUTES: u64 = 14 * 24 * 60;

/// The first right the bot lacks in the command's channel for a
/// tournament, by the `app_permissions` Discord sent (none sent: none known).
fn missing_right(ctx: &Context<'_>) -> Option<ChannelRight> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    let has = app.interaction.app_permissions?;
    if has.administrator() {
        return None;
    }
    use serenity::Permissions as P;
    [
        (P::SEND_MESSAGES, ChannelRight::SendMessages),
        (P::CREATE_PUBLIC_THREADS, ChannelRight::CreatePublicThreads),
        (P::SEND_MESSAGES_IN_THREADS, ChannelRight::SendMessagesInThreads),
    ]
    .into_iter()
    .find(|(p, _)| !has.contains(*p))
    .map(|(_, right)| right)
}

/// Tournaments in this server: create, join, leave, start, standings, cancel
#[poise::command(
    slash_command,
    guild_only,
    subcommand_required,
    subcommands("create", "join", "leave", "start", "standings", "cancel")
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament here: its games are played in threads of this channel
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
pub async fn create(
    ctx: Context<'_>,
    format: FormatChoice,
    #[min = 0]
    #[max = 20160]
    clock: u64,
    variant: Option<super::options::VariantChoice>,
    capture: Option<super::options::CaptureChoice>,
    #[rename = "after-capture"] after_capture: Option<super::options::AfterCaptureChoice>,
    #[min = 1]
    #[max = 10]
    rounds: Option<u32>,
    double: Option<bool>,
    rated: Option<bool>,
    #[min = 1]
    #[max = 720]
    deadline: Option<u64>,
    vacation: Option<bool>,
) -> Result<(), Error> {
    let (guild, channel, user) = here(&ctx);
    let data = ctx.data();
    if let Some(missing) = missing_right(&ctx) {
        return Err(CannotHost(missing).into());
    }
    if !super::options::is_moderator(&ctx) {
        let settings = data.run(move |t| t.server_settings(guild)).await?;
        if settings.tournaments_by_moderators {
            return Err(TableError::NotModerator.into());
        }
    }
    let format = match (format, double.unwrap_or(false)) {
        (FormatChoice::Swiss, _) => Format::Swiss,
        (FormatChoice::RoundRobin, false) => Format::RoundRobin,
        (FormatChoice::RoundRobin, true) => Format::DoubleRoundRobin,
    };
    let settings = GameSettings {
        move_secs: Some(clock.min(MAX_CLOCK_MINUTES) * 60),
        rated: rated.unwrap_or(true),
        ..super::options::rules_settings(variant, capture, after_capture)
    };
    let now = data.table.now_ms();
    let req = TournamentRequest {
        guild,
        channel,
        creator: user,
        format,
        settings,
        rounds,
        entry_deadline_ms: deadline.map(|h| now + h * 3_600_000),
        vacation: vacation.unwrap_or(false),
    };
    let update = data.run(move |t| t.create_tournament(req)).await?;
    let lang = data.server_lang(guild).await;
    let t = &update.tournament;
    let s = &t.settings;
    let text = tr!(
        lang,
        "tournament-created",
        creator = format!("<@{user}>"),
        number = t.number,
        format = format_name(lang, t.format),
        variant = narrate::variant(lang, s.variant),
        clock = present::clock(lang, s.move_secs),
        rated = yes_no(s.rated),
        rounds = t.rounds_wanted.unwrap_or(0),
        deadline = t.entry_deadline_ms.map_or(0, |d| d / 1000)
    );
    let house = narrate::house_rules(lang, s.capture_from, s.after_capture);
    let text = match house {
        Some(rules) => format!("{text}\n{rules}"),
        None => text,
    };
    flow::saved(ctx.send(Out::text(text).reply())).await?;
    Ok(())
}

/// Join a tournament of this server that is open for entries
#[poise::command(slash_command, guild_only)]
pub async fn join(
    ctx: Context<'_>,
    #[autocomplete = "options::tournaments"]
    #[min = 1]
    tournament: Option<u64>,
) -> Result<(), Error> {
    let (guild, _, user) = here(&ctx);
    let name = super::options::name_in_context(&ctx, ctx.author());
    let update = ctx
        .data()
        .run(move |t| t.join_tournament(guild, tournament, user, &name))
        .await?;
    let lang = ctx.data().server_lang(guild).await;
    let t = &update.tournament;
    let text = tr!(
        lang,
        "tournament-joined",
        player = format!("<@{user}>"),
        number = t.number,
        count = t.entrants.len()
    );
    flow::saved(ctx.send(Out::text(text).reply())).await?;
    Ok(())
}

/// Leave a tournament (once it has started, your remaining games are forfeited)
#[poise::command(slash_command, guild_only)]
pub async fn leave(
    ctx: Context<'_>,
    #[autocomplete = "options::tournaments"]
    #[min = 1]
    tournament: Option<u64>,
) -> Result<(), Error> {
    let (guild, _, user) = here(&ctx);
    let data = ctx.data();
    let left = data
        .run(move |t| t.leave_tournament(guild, tournament, user))
        .await?;
    let lang = data.server_lang(guild).await;
    let t = &left.update.tournament;
    let text = match t.status {
        Status::Open => tr!(
            lang,
            "tournament-left-before",
            player = format!("<@{user}>"),
            number = t.number,
            count = t.entrants.len()
        ),
        _ => tr!(
            lang,
            "tournament-withdrew",
            player = format!("<@{user}>"),
            number = t.number
        ),
    };
    let http = ctx.serenity_context().http.clone();
    flow::saved(async {
        ctx.send(Out::text(text).reply()).await?;
        // The game they were playing ends by their resignation, in its thread.
        if let Some(f) = left.resigned {
            flow::post_finished(data, &http, f).await;
        }
        posts::drive(data, &http, &left.update.tournament).await;
        Ok::<_, Error>(())
    })
    .await
}

/// Start a tournament you created (moderators: any)
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Context<'_>,
    #[autocomplete = "options::tournaments"]
    #[min = 1]
    tournament: Option<u64>,
) -> Result<(), Error> {
    let (guild, _, user) = here(&ctx);
    let moderator = super::options::is_moderator(&ctx);
    let update = ctx
        .data()
        .run(move |t| t.start_tournament(guild, tournament, user, moderator))
        .await?;
    let lang = ctx.data().server_lang(guild).await;
    let t = &update.tournament;
    let text = tr!(
        lang,
        "tournament-started",
        number = t.number,
        count = t.entrants.len(),
        rounds = t.total_rounds
    );
    answer_and_drive(ctx, Out::text(text), &update.tournament).await
}

/// Show a tournament's standings
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[autocomplete = "options::tournaments"]
    #[min = 1]
    tournament: Option<u64>,
) -> Result<(), Error> {
    let (guild, channel, user) = here(&ctx);
    let data = ctx.data();
    let (t, lines) = data
        .run(move |table| table.tournament_standings(guild, channel, tournament, user))
        .await?;
    let lang = data.langs(&Reply::Poise(ctx)).await.server;
    let out = match t.status {
        Status::Open => Out::text(tr!(
            lang,
            "tournament-standings-open",
            number = t.number,
            count = t.entrants.len(),
            players = entrant_list(lang, &t)
        )),
        _ => {
            let title = tr!(
                lang,
                "tournament-standings-title",
                number = t.number,
                round = t.played().iter().filter(|r| r.complete()).count(),
                rounds = t.total_rounds
            );
            let mut reply = Reply::Poise(ctx);
            flow::draw(data, &mut reply, move || standings_out(lang, &t, &lines, &title)).await?
        }
    };
    ctx.send(out.reply()).await?;
    Ok(())
}

/// Cancel a tournament you created (moderators: any)
#[poise::command(slash_command, guild_only)]
pub async fn cancel(
    ctx: Context<'_>,
    #[autocomplete = "options::tournaments"]
    #[min = 1]
    tournament: Option<u64>,
) -> Result<(), Error> {
    let (guild, _, user) = here(&ctx);
    let moderator = super::options::is_moderator(&ctx);
    let update = ctx
        .data()
        .run(move |t| t.cancel_tournament(guild, tournament, user, moderator))
        .await?;
    let lang = ctx.data().langs(&Reply::Poise(ctx)).await.private;
    let text = tr!(
        lang,
        "tournament-cancelled-done",
        number = update.tournament.number
    );
    // The channel hears of it once, from the tournament's own message.
    answer_and_drive(ctx, Out::private(text), &update.tournament).await
}

/// Answers an organizer's command that was saved, then does the
/// tournament's work (its round's pairings and games, or its last message).
async fn answer_and_drive(ctx: Context<'_>, out: Out, t: &Tournament) -> Result<(), Error> {
    let http = ctx.serenity_context().http.clone();
    flow::saved(async {
        ctx.send(out.reply()).await?;
        posts::drive(ctx.data(), &http, t).await;
        Ok::<_, Error>(())
    })
    .await
}

/// The server, channel and member of a command.
fn here(ctx: &Context<'_>) -> (GuildId, ChannelId, crate::table::UserId) {
    (
        ctx.guild_id().map_or(0, |g| g.get()),
        ctx.channel_id().get(),
        ctx.author().id.get(),
    )
}
