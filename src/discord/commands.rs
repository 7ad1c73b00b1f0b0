//! The `/isolo` slash command and its subcommands: one function each, the doc
//! comment is the help text users see.

use poise::serenity_prelude as serenity;

use super::errors::{Error, ModeratorsOnly};
use super::flow::{self, Close, MoveFrom};
use super::language::Langs;
use super::limits::Costly;
use super::options::{
    self, is_moderator, name_in_context, rules_settings, AfterCaptureChoice, BoardChoice, CaptureChoice,
    ClockChoice, ColourChoice, CreatorsChoice, FirstChoice, LanguageChoice, LevelChoice, RemindersChoice,
    Someone, VacationChoice, VariantChoice,
};
use super::present::{self, Out};
use super::reply::Reply;
use super::state::Context;
use crate::ai::{Budget, Level, REVIEW_NODES};
use crate::table::{
    Aborted, BoardSide, ChannelId, DrawOutcome, FinishedGame, FirstMove, GameSettings, GuildId, Opponent,
    Table, TableError, UserId, Viewer,
};

/// Play Isolo, the Sukuma mancala game
///
/// Registered for both installs (a server that added the bot, and members who
/// added the app to their account) and every context: servers, the bot's DM,
/// and DMs and group DMs between people. Everyday commands sit at the top
/// (Discord allows 25 there); the rest is grouped, leaving room to grow.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    subcommand_required,
    subcommands(
        "challenge",
        "accept",
        "decline",
        "withdraw",
        "move_",
        "board",
        "resign",
        "draw",
        "rematch",
        "hint",
        "review",
        "export",
        "games",
        "next",
        "stats",
        "leaderboard",
        "super::training::puzzle",
        "super::training::learn",
        "settings",
        "rules",
        "help",
        "forget_me",
        "game",
        "super::tournaments::tournament"
    )
)]
pub async fn isolo(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The game here: its moves, the last move sown again, a claim on time, an abort
#[poise::command(
    slash_command,
    subcommand_required,
    subcommands(
        "history",
        "animate",
        "claim",
        "abort",
        "conditional",
        "super::takeback::takeback"
    )
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Where a command was used, and by whom.
struct Here {
    /// The server (0 outside one).
    guild: GuildId,
    /// The channel or thread.
    channel: ChannelId,
    /// Who used the command.
    user: UserId,
}

/// The server's own language in Discord, as the interaction says.
fn here_guild_locale<'a>(ctx: &'a Context<'_>) -> Option<&'a str> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        _ => None,
    }
}

/// The languages of `ctx`'s answers: see [`super::language`].
async fn langs(ctx: &Context<'_>) -> Langs {
    ctx.data().langs(&Reply::Poise(*ctx)).await
}

impl Here {
    /// Whom work asked for here is done for, in the analysis pool.
    fn owner(&self) -> super::limits::Owner {
        super::limits::Owner {
            member: self.user,
            server: self.guild,
            channel: self.channel,
        }
    }

    /// The table's view of who asks, and where.
    fn viewer(&self) -> Viewer {
        Viewer {
            guild: self.guild,
            channel: self.channel,
            user: self.user,
        }
    }
}

/// Where `ctx`'s command was used, and by whom.
fn here(ctx: &Context<'_>) -> Here {
    Here {
        guild: ctx.guild_id().map_or(0, |g| g.get()),
        channel: ctx.channel_id().get(),
        user: ctx.author().id.get(),
    }
}

/// Challenge someone (or me, the bot, for a game against the computer)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
pub async fn challenge(
    ctx: Context<'_>,
    opponent: serenity::User,
    variant: Option<VariantChoice>,
    first: Option<FirstChoice>,
    clock: Option<ClockChoice>,
    capture: Option<CaptureChoice>,
    #[rename = "after-capture"] after_capture: Option<AfterCaptureChoice>,
    level: Option<LevelChoice>,
    rated: Option<bool>,
) -> Result<(), Error> {
    let settings = GameSettings {
        first: match first {
            Some(FirstChoice::Opponent) => FirstMove::Opponent,
            Some(FirstChoice::Random) => FirstMove::Random,
            _ => FirstMove::Challenger,
        },
        move_secs: match clock {
            Some(ClockChoice::OneDay) => Some(86_400),
            Some(ClockChoice::ThreeDays) => Some(3 * 86_400),
            Some(ClockChoice::SevenDays) => Some(7 * 86_400),
            _ => None,
        },
        rated: rated.unwrap_or(true),
        ..rules_settings(variant, capture, after_capture)
    };
    challenge_with(ctx, &opponent, settings, level.map_or(Level::Medium, Level::from)).await
}

/// Challenge this member to Isolo (the women's game, no clock; `/isolo challenge` has more)
#[poise::command(
    context_menu_command = "Challenge to Isolo",
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn challenge_member(ctx: Context<'_>, opponent: serenity::User) -> Result<(), Error> {
    challenge_with(ctx, &opponent, GameSettings::default(), Level::Medium).await
}

/// Challenges `opponent` (the bot: a game at `level` at once) with `settings`.
async fn challenge_with(
    ctx: Context<'_>,
    opponent: &serenity::User,
    settings: GameSettings,
    level: Level,
) -> Result<(), Error> {
    let Here { guild, channel, user } = here(&ctx);
    let data = ctx.data();
    let target = if opponent.id.get() == data.bot_id() {
        Opponent::Bot(level)
    } else if opponent.bot {
        return Err(TableError::BotOpponent(opponent.name.clone()).into());
    } else {
        Opponent::User {
            id: opponent.id.get(),
            name: name_in_context(&ctx, opponent),
        }
    };
    let req = crate::table::ChallengeRequest {
        guild,
        channel,
        challenger: user,
        challenger_name: name_in_context(&ctx, ctx.author()),
        opponent: target,
        settings,
    };
    // A challenge of a person pings them, a game against the bot costs its
    // searches: neither more often than an allowance.
    let cooling = match req.opponent {
        Opponent::User { .. } => data.cooldowns.start(user, Costly::Challenge)?,
        Opponent::Bot(_) => data.cooldowns.start(user, Costly::BotGame)?,
    };
    flow::challenge(data, &mut Reply::Poise(ctx), req).await?;
    cooling.keep();
    Ok(())
}

/// Accept a challenge waiting for you in this channel
#[poise::command(slash_command)]
pub async fn accept(
    ctx: Context<'_>,
    #[autocomplete = "options::challengers"] from: Option<Someone>,
) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let from = from.map(|s| s.0);
    flow::accept(ctx.data(), &mut Reply::Poise(ctx), channel, user, from).await
}

/// Decline a challenge waiting for you in this channel
#[poise::command(slash_command)]
pub async fn decline(
    ctx: Context<'_>,
    #[autocomplete = "options::challengers"] from: Option<Someone>,
) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let from = from.map(|s| s.0);
    flow::close(
        ctx.data(),
        &mut Reply::Poise(ctx),
        channel,
        user,
        Close::Decline,
        from,
    )
    .await
}

/// Withdraw your challenge in this channel
#[poise::command(slash_command)]
pub async fn withdraw(
    ctx: Context<'_>,
    #[autocomplete = "options::challenged"] to: Option<Someone>,
) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let to = to.map(|s| s.0);
    flow::close(
        ctx.data(),
        &mut Reply::Poise(ctx),
        channel,
        user,
        Close::Withdraw,
        to,
    )
    .await
}

/// Offers the legal pits of the player to move, with their seeds.
async fn autocomplete_pit(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let Here { channel, user, .. } = here(&ctx);
    let moves = ctx
        .data()
        .run(move |t| t.moves_for(channel, user))
        .await
        .unwrap_or_default();
    let partial = partial.trim().to_ascii_lowercase();
    let choices = moves
        .into_iter()
        .filter(|c| c.mv.to_string().starts_with(&partial))
        .map(|c| serenity::AutocompleteChoice::new(format!("{} ({} seeds)", c.mv, c.seeds), c.mv.to_string()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Sow from one of your pits, named like b2 (column a-h, rank 1-4)
#[poise::command(slash_command, rename = "move")]
pub async fn move_(ctx: Context<'_>, #[autocomplete = "autocomplete_pit"] pit: String) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    flow::play(
        ctx.data(),
        &mut Reply::Poise(ctx),
        channel,
        user,
        pit,
        MoveFrom::Command,
    )
    .await
}

/// Show the board of the game in this channel (anyone may look)
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>, text: Option<bool>, live: Option<bool>) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    if live == Some(true) {
        return flow::live(ctx.data(), &mut Reply::Poise(ctx), channel).await;
    }
    let (view, viewer) = ctx
        .data()
        .run(move |t| Ok((t.game(channel)?, t.member_settings(user)?)))
        .await?;
    let view = view.ok_or(TableError::NoGame)?;
    let lang = ctx.data().game_lang(view.live.guild, &view.live.players).await;
    let mut reply = Reply::Poise(ctx);
    let out = flow::draw(ctx.data(), &mut reply, move || {
        present::board(lang, &view, text.unwrap_or(false), &viewer)
    })
    .await?;
    ctx.send(out.reply()).await?;
    Ok(())
}

/// Resign the game in this channel
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    end_game(ctx, Table::resign).await
}

/// Ends the game here by `how` (resigning, claiming) and shows the final board.
async fn end_game(
    ctx: Context<'_>,
    how: fn(&Table, ChannelId, UserId) -> Result<FinishedGame, TableError>,
) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let f = ctx.data().run(move |t| how(t, channel, user)).await?;
    flow::finished(ctx.data(), &mut Reply::Poise(ctx), f).await
}

/// Offer a draw, or accept your opponent's offer
#[poise::command(slash_command)]
pub async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    match ctx.data().run(move |t| t.offer_draw(channel, user)).await? {
        DrawOutcome::Offered(view) => {
            let side = view.live.side_of(user).expect("a player offered");
            let lang = ctx.data().game_lang(view.live.guild, &view.live.players).await;
            flow::saved(ctx.send(present::draw_offered(lang, &view, side).reply())).await?;
        }
        DrawOutcome::Agreed(f) => flow::finished(ctx.data(), &mut Reply::Poise(ctx), f).await?,
        DrawOutcome::Declined(view) => {
            ctx.send(present::draw_declined(langs(&ctx).await.private, &view).reply())
                .await?;
        }
    }
    Ok(())
}

/// Ask for a rematch of the last game here, with colours swapped
#[poise::command(slash_command)]
pub async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let cooling = ctx.data().cooldowns.start(user, Costly::Challenge)?;
    flow::rematch(ctx.data(), &mut Reply::Poise(ctx), channel, user, None).await?;
    cooling.keep();
    Ok(())
}

/// Show the moves of the game here (or of the last one)
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>) -> Result<(), Error> {
    let Here { channel, .. } = here(&ctx);
    let record = ctx.data().run(move |t| t.record(channel)).await?.to_string();
    ctx.send(Out::text(present::record_block(&record)).reply())
        .await?;
    Ok(())
}

/// Download the record of the game here (or of the last one, or game N) as a file
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[min = 1]
    #[autocomplete = "options::finished_games"]
    game: Option<u64>,
) -> Result<(), Error> {
    let viewer = here(&ctx).viewer();
    let record = ctx
        .data()
        .run(move |t| t.record_of(viewer, game))
        .await?
        .to_string();
    ctx.send(present::export(langs(&ctx).await.server, record).reply())
        .await?;
    Ok(())
}

/// List your games in this server: whose turn, time left, where (only you see it)
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>, finished: Option<bool>) -> Result<(), Error> {
    let Here { guild, user, .. } = here(&ctx);
    let now = ctx.data().table.now_ms();
    let lang = langs(&ctx).await.private;
    let out = match finished.unwrap_or(false) {
        true => present::finished_games(
            lang,
            user,
            &ctx.data().run(move |t| t.finished_of(guild, user)).await?,
        ),
        false => present::live_games(
            lang,
            user,
            &ctx.data().run(move |t| t.games_of(guild, user)).await?,
            now,
        ),
    };
    ctx.send(out.reply()).await?;
    Ok(())
}

/// Your settings: turn DMs, board, colours, language, reminders, daily digest (only you see them)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one argument per slash-command option
pub async fn settings(
    ctx: Context<'_>,
    #[rename = "turn-dm"] turn_dm: Option<bool>,
    board: Option<BoardChoice>,
    colours: Option<ColourChoice>,
    #[autocomplete = "options::languages"] language: Option<LanguageChoice>,
    #[rename = "server-language"]
    #[autocomplete = "options::languages"]
    server_language: Option<LanguageChoice>,
    #[rename = "server-tournaments"] server_tournaments: Option<CreatorsChoice>,
    #[rename = "server-daily-puzzle"] server_daily: Option<bool>,
    #[rename = "server-daily-hour"]
    #[min = 0]
    #[max = 23]
    server_daily_hour: Option<u16>,
    vacation: Option<VacationChoice>,
    reminders: Option<RemindersChoice>,
    digest: Option<bool>,
) -> Result<(), Error> {
    let Here { guild, channel, user } = here(&ctx);
    let daily_change = server_daily.is_some() || server_daily_hour.is_some();
    let server_change = server_language.is_some() || server_tournaments.is_some() || daily_change;
    if server_change && (guild == 0 || !is_moderator(&ctx)) {
        return Err(ModeratorsOnly.into());
    }
    let creators = match server_tournaments {
        Some(choice) => {
            let by_moderators = matches!(choice, CreatorsChoice::Moderators);
            ctx.data()
                .run(move |t| {
                    t.change_server_settings(guild, |s| s.tournaments_by_moderators = by_moderators)
                })
                .await?;
            Some(by_moderators)
        }
        None => None,
    };
    let daily = match daily_change {
        true => Some(set_daily_post(&ctx, guild, channel, user, server_daily, server_daily_hour).await?),
        false => None,
    };
    let tag = |c: LanguageChoice| match c {
        LanguageChoice::Discord => None,
        LanguageChoice::Lang(l) => Some(l.tag().to_string()),
    };
    let server = match server_language {
        Some(choice) => {
            let chosen = tag(choice);
            let s = ctx
                .data()
                .run(move |t| t.change_server_settings(guild, |s| s.language = chosen.clone()))
                .await?;
            Some(super::language::server(
                s.language.as_deref(),
                here_guild_locale(&ctx),
            ))
        }
        None => None,
    };
    let settings = ctx
        .data()
        .run(move |t| {
            t.change_member_settings(user, |s| {
                if let Some(dm) = turn_dm {
                    s.dm_on_turn = dm;
                }
                if let Some(b) = board {
                    s.board = match b {
                        BoardChoice::Mover => BoardSide::Mover,
                        BoardChoice::South => BoardSide::South,
                    };
                }
                if let Some(c) = colours {
                    s.colour_blind = matches!(c, ColourChoice::ColourBlind);
                }
                if let Some(l) = language {
                    s.language = tag(l);
                }
                if let Some(r) = reminders {
                    s.reminders = r.into();
                }
                if let Some(d) = digest {
                    s.digest = d;
                }
            })
        })
        .await?;
    // Answered in the language just chosen.
    let lang = langs(&ctx).await.private;
    let mut out = present::member_settings(lang, &settings, server);
    if let Some(by_moderators) = creators {
        out.content.push('\n');
        out.content.push_str(&crate::tr!(
            lang,
            "settings-server-tournaments",
            who = if by_moderators { "moderators" } else { "anyone" }
        ));
    }
    if let Some(post) = daily {
        out.content.push('\n');
        out.content
            .push_str(&daily_post_text(lang, &post, ctx.data().table.now_ms()));
    }
    if let Some(choice) = vacation {
        let (bank, notices) = ctx
            .data()
            .run(move |t| match choice {
                VacationChoice::Start => t.start_vacation(user),
                VacationChoice::End => t.end_vacation(user),
            })
            .await?;
        out.content.push('\n');
        out.content.push_str(&present::vacation_bank(lang, &bank));
        ctx.send(out.reply()).await?;
        // The opponents are told in each game's place.
        let http = ctx.serenity_context().http.clone();
        for notice in notices {
            flow::announce(ctx.data(), &http, notice).await;
        }
        return Ok(());
    }
    ctx.send(out.reply()).await?;
    Ok(())
}

/// Your game waiting longest for your move, anywhere (only you see it)
#[poise::command(slash_command)]
pub async fn next(ctx: Context<'_>) -> Result<(), Error> {
    let Here { user, .. } = here(&ctx);
    let lang = langs(&ctx).await.private;
    flow::next_game(ctx.data(), &mut Reply::Poise(ctx), user, lang).await
}

/// Conditional moves: if they play X, I play Y (only you see them)
#[poise::command(slash_command)]
pub async fn conditional(ctx: Context<'_>, add: Option<String>, clear: Option<bool>) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let lang = langs(&ctx).await.private;
    let cleared = match clear {
        Some(true) => Some(
            ctx.data()
                .run(move |t| t.clear_conditionals(channel, user))
                .await?,
        ),
        _ => None,
    };
    let lines = match add {
        Some(line) => {
            ctx.data()
                .run(move |t| t.add_conditional(channel, user, &line))
                .await?
        }
        None => ctx.data().run(move |t| t.conditionals(channel, user)).await?,
    };
    let mut out = present::conditional_lines(lang, &lines);
    if let Some(count) = cleared {
        out.content = format!("{}\n{}", present::conditional_cleared(lang, count), out.content);
    }
    ctx.send(out.reply()).await?;
    Ok(())
}

/// The hour the daily puzzle is posted at when none was chosen (UTC).
const DAILY_HOUR: u16 = 9;

/// `/isolo settings server-daily-puzzle` and `server-daily-hour`: the daily
/// puzzle posted in this channel at the hour (the one set before, else
/// [`DAILY_HOUR`]), or no longer posted.
async fn set_daily_post(
    ctx: &Context<'_>,
    guild: GuildId,
    channel: ChannelId,
    user: UserId,
    on: Option<bool>,
    hour: Option<u16>,
) -> Result<crate::table::DailyPost, Error> {
    let data = ctx.data();
    let before = data.run(move |t| t.daily_post(guild)).await?;
    let minute = match (hour, before.channel) {
        (Some(h), _) => h * 60,
        (None, Some(_)) => before.minute,
        (None, None) => DAILY_HOUR * 60,
    };
    let target = (on != Some(false)).then_some(channel);
    data.run(move |t| t.set_daily_post(guild, user, target, minute))
        .await
}

/// Where and when the daily puzzle is posted, and when next.
fn daily_post_text(lang: crate::words::Lang, post: &crate::table::DailyPost, now: u64) -> String {
    match (post.channel, post.next_due_ms(now)) {
        (Some(channel), Some(next)) => crate::tr!(
            lang,
            "settings-daily-puzzle",
            channel = format!("<#{channel}>"),
            time = format!("{:02}:{:02}", post.minute / 60, post.minute % 60),
            next = format!("<t:{}:f>", next / 1000)
        ),
        _ => crate::tr!(lang, "settings-daily-puzzle-off"),
    }
}

/// Watch the last move being sown, lap by lap (animated GIF)
#[poise::command(slash_command)]
pub async fn animate(ctx: Context<'_>) -> Result<(), Error> {
    let here = here(&ctx);
    let (channel, user) = (here.channel, here.user);
    let (view, viewer) = ctx
        .data()
        .run(move |t| Ok((t.game(channel)?, t.member_settings(user)?)))
        .await?;
    let view = view.ok_or(TableError::NoGame)?;
    // Many frames: an allowance, and the analysis pool's queues, so board
    // pictures never wait behind a flood of animations.
    let cooling = ctx.data().cooldowns.start(user, Costly::Animate)?;
    let lang = ctx.data().game_lang(view.live.guild, &view.live.players).await;
    ctx.defer().await?;
    let out = ctx
        .data()
        .analysis
        .run(here.owner(), move || present::animation(lang, &view, &viewer))
        .await?;
    cooling.keep();
    let out = out.unwrap_or_else(|| Out::text(present::no_move_yet(lang)));
    ctx.send(out.reply()).await?;
    Ok(())
}

/// Ask the bot which pit it would play (games against the bot)
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    let here = here(&ctx);
    let (channel, user) = (here.channel, here.user);
    let cooling = ctx.data().cooldowns.start(user, Costly::Hint)?;
    let table = ctx.data().table.clone();
    // Only the asker sees the hint (or its refusal), however slow.
    let hint = flow::analyse(ctx.data(), &mut Reply::Private(ctx), here.owner(), move || {
        table.hint(channel, user)
    })
    .await??;
    cooling.keep();
    ctx.send(present::hint(langs(&ctx).await.private, hint.mv, hint.captured).reply())
        .await?;
    Ok(())
}

/// Review the last finished game here: the moves that gave the most away
#[poise::command(slash_command)]
pub async fn review(ctx: Context<'_>) -> Result<(), Error> {
    let here = here(&ctx);
    let (channel, user) = (here.channel, here.user);
    let cooling = ctx.data().cooldowns.start(user, Costly::Review)?;
    let table = ctx.data().table.clone();
    let review = move || table.review(channel, Budget::nodes(REVIEW_NODES));
    let reviewed = flow::analyse(ctx.data(), &mut Reply::Poise(ctx), here.owner(), review).await??;
    cooling.keep();
    let f = &reviewed.finished;
    let lang = ctx.data().game_lang(f.guild, &f.players).await;
    ctx.send(present::review(lang, &reviewed).reply()).await?;
    Ok(())
}

/// Claim the win when your opponent has run out of time
#[poise::command(slash_command)]
pub async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    end_game(ctx, Table::claim).await
}

/// Show a player's rating and results in this server
#[poise::command(slash_command)]
pub async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let viewer = here(&ctx).viewer();
    let who = user.as_ref().map_or(viewer.user, |u| u.id.get());
    let langs = langs(&ctx).await;
    // In a private chat the results come from private games: only their
    // player sees them, and not in front of the others there.
    let lang = match viewer.in_private() {
        true => langs.private,
        false => langs.server,
    };
    // The bank is the member's own: shown to them only.
    let own = who == viewer.user;
    let (games, puzzles, bank, history) = ctx
        .data()
        .run(move |t| {
            let bank = match own {
                true => Some(t.vacation(who)?),
                false => None,
            };
            let stats = t.stats_seen_by(viewer, who)?;
            let history = match stats {
                Some(_) => t.rating_history(viewer.guild, who)?,
                None => Vec::new(),
            };
            Ok((stats, t.puzzle_stats(who)?, bank, history))
        })
        .await?;
    let page = ctx
        .data()
        .live
        .as_ref()
        .map(|l| crate::web::player_url(&l.public_url, who));
    let mut text = match &games {
        Some(p) => present::stats(lang, p),
        None if !viewer.may_see_stats_of(who) => present::stats_private(lang),
        None => present::no_stats(lang, who),
    };
    if let Some(line) = present::puzzle_stats(lang, &puzzles) {
        text.push('\n');
        text.push_str(&line);
    }
    if let Some(bank) = bank {
        text.push('\n');
        text.push_str(&present::vacation_bank(lang, &bank));
    }
    let out = match viewer.in_private() {
        true => Out::private(text),
        false => Out::text(text),
    };
    let out = present::with_profile(out, lang, page, games.as_ref(), &history);
    ctx.send(out.reply()).await?;
    Ok(())
}

/// Show the best players of this server
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let viewer = here(&ctx).viewer();
    if viewer.in_private() {
        let lang = langs(&ctx).await.private;
        ctx.send(Out::text(present::leaderboard_private(lang)).reply())
            .await?;
        return Ok(());
    }
    let players = ctx.data().run(move |t| t.leaderboard(viewer.guild, 15)).await?;
    let lang = langs(&ctx).await.server;
    ctx.send(Out::text(present::leaderboard(lang, &players)).reply())
        .await?;
    Ok(())
}

/// Explain the rules of Isolo
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, variant: Option<VariantChoice>) -> Result<(), Error> {
    let boys = variant.map(|v| matches!(v, VariantChoice::Boys));
    ctx.send(present::rules(langs(&ctx).await.private, boys).reply())
        .await?;
    Ok(())
}

/// How to play with this bot
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let isolo = ctx.parent_commands().first().copied().unwrap_or(ctx.command());
    let lang = langs(&ctx).await.private;
    for out in present::help(lang, isolo, ctx.data().command_id()) {
        ctx.send(out.reply()).await?;
    }
    Ok(())
}

/// Delete what the bot keeps about you: settings, ratings, your game lists (asks first)
#[poise::command(slash_command, rename = "forget-me")]
pub async fn forget_me(ctx: Context<'_>) -> Result<(), Error> {
    let Here { channel, user, .. } = here(&ctx);
    let lang = langs(&ctx).await.private;
    ctx.send(present::forget_confirm(lang, channel, user).reply())
        .await?;
    Ok(())
}

/// Abort the game in this channel without a result, or its open challenges (moderators)
#[poise::command(slash_command)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    let Here { channel, .. } = here(&ctx);
    let is_moderator = is_moderator(&ctx);
    match ctx.data().run(move |t| t.abort(channel, is_moderator)).await? {
        Aborted::Game(f) => flow::finished(ctx.data(), &mut Reply::Poise(ctx), *f).await?,
        Aborted::SetAside => {
            let lang = langs(&ctx).await.server;
            flow::saved(ctx.send(Out::text(present::unreadable_removed(lang)).reply())).await?;
        }
        Aborted::Challenges(withdrawn) => {
            let lang = langs(&ctx).await.server;
            flow::saved(ctx.send(present::challenges_aborted(lang, &withdrawn).reply())).await?;
        }
    }
    Ok(())
}
