//! `/isolo tournament`: tournaments in a server, and the front end's share
//! of running them (see `docs/tournaments.md`). The table pairs, scores and
//! says what is left to do ([`Work`]); this file posts each round's pairings
//! and the final standings once (claimed first, with a nonce), and opens a
//! thread for each board with its first board pinging both players.

use poise::serenity_prelude as serenity;

use super::errors::{CannotHost, Error};
use super::flow;
use super::options;
use super::present::{self, plain, Attachment, Out};
use super::reply::Reply;
use super::state::{Context, Data};
use crate::render::standings::{self, Labels, StandingsView};
use crate::table::{
    ChannelId, ChannelRight, Format, GameSettings, GuildId, Post, Seat, Standing, Status, TableError,
    Tournament, TournamentRequest, Work,
};
use crate::tr;
use crate::words::{narrate, Lang};

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
        drive(data, &http, &left.update.tournament).await;
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
        drive(ctx.data(), &http, t).await;
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

/// `yes` or `no`, for a Fluent selector.
fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// A format's name in `lang`.
pub(crate) fn format_name(lang: Lang, f: Format) -> String {
    let key = match f {
        Format::RoundRobin => "round-robin",
        Format::DoubleRoundRobin => "double-round-robin",
        Format::Swiss => "swiss",
    };
    tr!(lang, "tournament-format", format = key)
}

/// The entrants' names as a list.
fn entrant_list(lang: Lang, t: &Tournament) -> String {
    let names: Vec<String> = t.entrants.iter().map(|e| plain(&e.name)).collect();
    crate::words::list(lang, &names)
}

/// Points (half-points) as text: "3.5".
fn points(halves: u32) -> String {
    match halves % 2 {
        0 => (halves / 2).to_string(),
        _ => format!("{}.5", halves / 2),
    }
}

/// The standings as a picture with the same words as text beside it.
fn standings_out(lang: Lang, t: &Tournament, lines: &[Standing], title: &str) -> Out {
    // Names are drawn and written as plain text: no markup from a player.
    let mut safe = t.clone();
    safe.entrants.iter_mut().for_each(|e| e.name = plain(&e.name));
    let label = |id: &str| tr!(lang, id);
    let words = [
        label("tournament-label-rank"),
        label("tournament-label-player"),
        label("tournament-label-points"),
        label("tournament-label-buchholz"),
        label("tournament-label-sonneborn"),
        label("tournament-label-direct"),
        label("tournament-label-wins"),
        label("tournament-label-withdrawn"),
    ];
    let view = StandingsView {
        title,
        labels: Labels {
            rank: &words[0],
            player: &words[1],
            points: &words[2],
            buchholz: &words[3],
            sonneborn: &words[4],
            direct: &words[5],
            wins: &words[6],
            withdrawn: &words[7],
        },
        rows: safe.picture_rows(lines),
        cross: safe.cross_table(lines),
    };
    let png = standings::render_standings_png(&view);
    let text = standings::standings_text(&view);
    Out {
        content: present::record_block(&text),
        file: Some(Attachment::new(
            png,
            format!("isolo-tournament-{}.png", t.number),
            tr!(lang, "tournament-standings-alt", number = t.number),
        )),
        ..Out::default()
    }
}

/// A mention of entrant `user`.
fn at(user: crate::table::UserId) -> String {
    format!("<@{user}>")
}

/// A round's pairings message.
fn round_out(lang: Lang, t: &Tournament, round: u32) -> Out {
    let mut lines = vec![tr!(
        lang,
        "tournament-round-title",
        number = t.number,
        round = round,
        rounds = t.total_rounds
    )];
    let user = |p: crate::table::tournament::pairing::Player| at(t.entrants[usize::from(p)].user);
    if let Some(r) = t.rounds.get(round as usize - 1) {
        for (i, b) in r.boards.iter().enumerate() {
            // A board decided before it was played (a withdrawal) says so.
            let id = match b.score {
                Some(s) if !s.played() => "tournament-round-forfeit",
                _ => "tournament-round-board",
            };
            lines.push(tr!(
                lang,
                id,
                board = i + 1,
                white = user(b.white),
                black = user(b.black)
            ));
        }
        if let Some(p) = r.bye {
            lines.push(tr!(lang, "tournament-round-bye", player = user(p)));
        }
    }
    lines.push(tr!(
        lang,
        "tournament-round-footer",
        clock = present::clock(lang, t.settings.move_secs)
    ));
    // Names, not pings: each player is pinged in their game's thread.
    Out::text(lines.join("\n"))
}

/// The final message: the standings and the winner(s).
fn final_out(lang: Lang, t: &Tournament) -> Out {
    let lines = t.standings();
    let title = tr!(lang, "tournament-final-title", number = t.number);
    let mut out = standings_out(lang, t, &lines, &title);
    let top: Vec<&Standing> = lines.iter().filter(|l| l.rank == 1).collect();
    let winners: Vec<String> = top
        .iter()
        .map(|l| at(t.entrants[usize::from(l.player)].user))
        .collect();
    let winner = tr!(
        lang,
        "tournament-winner",
        count = winners.len(),
        winners = crate::words::list(lang, &winners),
        number = t.number,
        points = points(top.first().map_or(0, |l| l.halves))
    );
    out.content = format!("{winner}\n{}", out.content);
    out.mentions = top
        .iter()
        .map(|l| t.entrants[usize::from(l.player)].user)
        .collect();
    out
}

/// The words of a message a tournament posts once.
fn post_out(lang: Lang, t: &Tournament, post: Post) -> Out {
    match post {
        Post::Round { round } => round_out(lang, t, round),
        Post::Final => final_out(lang, t),
        Post::Cancelled => Out::text(tr!(lang, "tournament-cancelled", number = t.number)),
        Post::Blocked { round, missing } => Out::text(tr!(
            lang,
            "tournament-blocked",
            number = t.number,
            round = round,
            right = crate::words::refusal::channel_right(lang, missing)
        )),
    }
}

/// Does what is left for tournament `t`: posts its messages
/// (each claimed first and confirmed after, so it appears once whichever
/// process gets there first) and starts its boards' games in threads. A
/// failure is logged and left for the next pass (a claim lapses).
pub(crate) async fn drive(data: &Data, http: &serenity::Http, t: &Tournament) {
    // One pass at a time per tournament in this process; other processes
    // are kept out by the claims and the boards' compare-and-swap.
    let _turn = data
        .answering(crate::table::tournament::deadline_channel(t.id))
        .await;
    // Read again: a pass that just finished may have done it all.
    let (guild, number) = (t.guild, t.number);
    let t = match data.run(move |table| table.tournament(guild, number)).await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!("cannot read tournament #{number} of {guild}: {e:#}");
            return;
        }
    };
    let lang = data.server_lang(guild).await;
    for work in t.work() {
        let done = match work {
            Work::Post(post) => post_once(data, http, &t, post, lang).await,
            Work::StartGame { round, board, .. } => start_game(data, http, &t, round, board).await,
        };
        if let Err(e) = done {
            tracing::warn!("tournament #{number} of {guild}: {work:?} failed (tried again later): {e:#}");
            // Posts come first: a round's games wait for its pairings.
            if matches!(work, Work::Post(_)) {
                return;
            }
        }
    }
}

/// Does the work of the tournament a game played in, once it has ended.
pub(crate) async fn after_game(data: &Data, http: &serenity::Http, f: &crate::table::FinishedGame) {
    let Some(g) = f.tournament else { return };
    let (guild, number) = (f.guild, g.number);
    match data.run(move |t| t.tournament(guild, number)).await {
        Ok(tournament) => drive(data, http, &tournament).await,
        Err(e) => tracing::warn!("cannot read tournament #{number} of {guild}: {e:#}"),
    }
}

/// How often every tournament's work is looked at again: a failed post or
/// a claim of a process that died is taken up within this (and a lease).
const KEEP_UP: std::time::Duration = std::time::Duration::from_secs(60);

/// Every tournament's work in every server: at start-up (a restart at any
/// point resumes it) and every [`KEEP_UP`] until `stop`.
pub(crate) async fn keep_up(
    data: Data,
    http: std::sync::Arc<serenity::Http>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    while !*stop.borrow() {
        match data.run(|t| t.tournament_work()).await {
            Ok(all) => {
                for update in all {
                    drive(&data, &http, &update.tournament).await;
                }
            }
            Err(e) => tracing::warn!("cannot read the tournaments' work: {e:#}"),
        }
        tokio::select! {
            () = tokio::time::sleep(KEEP_UP) => {}
            r = stop.changed() => if r.is_err() { return },
        }
    }
}

/// Claims, posts and confirms one message.
async fn post_once(
    data: &Data,
    http: &serenity::Http,
    t: &Tournament,
    post: Post,
    lang: Lang,
) -> Result<(), Error> {
    let (guild, number) = (t.guild, t.number);
    let Some(ticket) = data
        .run(move |table| table.claim_post(guild, number, post))
        .await?
    else {
        return Ok(());
    };
    let drawn = t.clone();
    let out = data.render(move || post_out(lang, &drawn, post)).await?;
    let message = out
        .message()
        .nonce(serenity::Nonce::String(post.nonce(ticket.tournament_id)))
        .enforce_nonce(true);
    serenity::ChannelId::new(t.channel)
        .send_message(http, message)
        .await?;
    data.run(move |table| table.posted(ticket)).await?;
    Ok(())
}

/// Opens a board's thread, starts its game there and posts the first board,
/// pinging both players with the round and the clock.
async fn start_game(
    data: &Data,
    http: &serenity::Http,
    t: &Tournament,
    round: u32,
    board: u32,
) -> Result<(), Error> {
    let b = &t.rounds[round as usize - 1].boards[board as usize - 1];
    let seat = |p: crate::table::tournament::pairing::Player| {
        let e = &t.entrants[usize::from(p)];
        Seat::Human {
            id: e.user,
            name: e.name.clone(),
        }
    };
    let seats = [seat(b.white), seat(b.black)];
    let lang = data.game_lang(t.guild, &seats).await;
    let made = flow::game_thread(http, t.channel, &seats, lang).await;
    let thread = made.ok();
    // Without a thread (no right to make one) the game is played in the channel.
    let host = thread.unwrap_or(t.channel);
    let (guild, number) = (t.guild, t.number);
    let view = match data
        .run(move |table| table.start_board(guild, number, round, board, host))
        .await
    {
        Ok(view) => view,
        Err(e) => {
            if let Some(thread) = thread {
                flow::delete_thread(http, thread).await;
            }
            return match (e.downcast_ref::<TableError>(), made) {
                // Another pass (or process) was first: nothing is lost.
                (Some(TableError::BoardStarted { .. } | TableError::NoSuchBoard { .. }), _) => Ok(()),
                // The channel is taken and no thread can be had: the
                // channel hears why, once; the board waits its turn.
                (Some(TableError::Busy { .. }), Err(Some(missing))) => {
                    let lang = data.server_lang(guild).await;
                    let notice = data
                        .run(move |table| table.board_blocked(guild, number, round, missing))
                        .await?;
                    if let Some(post) = notice {
                        post_once(data, http, t, post, lang).await?;
                    }
                    Err(e)
                }
                _ => Err(e),
            };
        }
    };
    let intro = tr!(
        lang,
        "tournament-game-intro",
        white = present::mention(lang, &seats[0]),
        black = present::mention(lang, &seats[1]),
        number = number,
        round = round,
        board = board,
        clock = present::clock(lang, t.settings.move_secs)
    );
    flow::post_first_board(data, http, view, &intro).await
}
