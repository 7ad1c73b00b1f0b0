//! The Discord adapter: serenity + poise only. Commands and components are
//! translated to calls of the hosting layer ([`crate::table`]) and its answers
//! to messages; no game rule is decided here.

mod commands;
mod components;
mod help;
pub mod present;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

use crate::config::Config;
use crate::store::SledStore;
use crate::table::{Challenge, FinishedGame, Notice, SystemClock, Table, TableError};
use present::Out;

/// The error type of commands: refusals are [`TableError`]s, anything else is internal.
pub type Error = anyhow::Error;
/// The poise context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command shares (cheap to clone: every field is shared).
#[derive(Clone)]
pub struct Data {
    table: Arc<Table>,
    bot_id: Arc<AtomicU64>,
    /// The last board message with a move menu, per channel, to retire its menu.
    boards: Arc<Mutex<HashMap<u64, serenity::MessageId>>>,
    /// Commands and component clicks being handled, for a clean shutdown.
    in_flight: Arc<AtomicUsize>,
    /// Whether accepted games get a thread of their own.
    use_threads: bool,
    /// Pictures being drawn at once: at most one per core.
    renders: Arc<tokio::sync::Semaphore>,
    /// Answers to a challenge, one at a time per channel: a second accept, a
    /// decline or a withdrawal waits while an accept opens a thread, then is
    /// refused before it can leave a thread nobody uses.
    answering: Arc<Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>>,
}

impl Data {
    /// The bot's own user id.
    pub fn bot_id(&self) -> u64 {
        self.bot_id.load(Ordering::Relaxed)
    }

    /// Runs a table operation on a blocking thread (the store waits for the disk).
    pub async fn run<T: Send + 'static>(
        &self,
        op: impl FnOnce(&Table) -> Result<T, TableError> + Send + 'static,
    ) -> Result<T, Error> {
        let table = self.table.clone();
        Ok(tokio::task::spawn_blocking(move || op(&table)).await??)
    }

    /// Waits for any other answer to the challenge in `channel`, and holds
    /// the next one off until dropped.
    async fn answering(&self, channel: u64) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut map = self.answering.lock().expect("answer locks");
            // Locks nobody holds or waits for are dropped as others come.
            map.retain(|_, l| Arc::strong_count(l) > 1);
            map.entry(channel).or_default().clone()
        };
        lock.lock_owned().await
    }

    /// Declines or withdraws the challenge in `channel` (`op`), after any
    /// accept in progress there.
    pub(crate) async fn close_challenge(
        &self,
        channel: u64,
        op: impl FnOnce(&Table) -> Result<Challenge, TableError> + Send + 'static,
    ) -> Result<Challenge, Error> {
        let _turn = self.answering(channel).await;
        self.run(op).await
    }

    /// Draws a message's picture on a blocking thread, one per core at a time.
    /// A board takes milliseconds of CPU: drawn on the async threads it would
    /// hold up the gateway (heartbeats) and every other interaction, and
    /// drawing more at once than there are cores only delays them all.
    pub async fn render<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _turn = self.renders.acquire().await?;
        Ok(tokio::task::spawn_blocking(draw).await?)
    }
}

/// How to answer: through a poise context, or a component interaction.
pub(crate) enum Reply<'a> {
    /// A slash command.
    Poise(Context<'a>),
    /// A button or select menu; `responded` once the first answer went out.
    Component {
        ctx: &'a serenity::Context,
        ci: &'a serenity::ComponentInteraction,
        responded: bool,
    },
}

impl Reply<'_> {
    /// Sends a message: the interaction's first response, then followups.
    async fn send(&mut self, out: &Out) -> Result<Option<serenity::Message>, Error> {
        match self {
            Reply::Poise(ctx) => {
                let handle = ctx.send(out.reply()).await?;
                if out.components.is_empty() {
                    return Ok(None);
                }
                Ok(handle.message().await.ok().map(|m| m.into_owned()))
            }
            Reply::Component { ctx, ci, responded } => {
                if *responded {
                    Ok(Some(ci.create_followup(&ctx.http, out.followup()).await?))
                } else {
                    ci.create_response(
                        &ctx.http,
                        serenity::CreateInteractionResponse::Message(out.response()),
                    )
                    .await?;
                    *responded = true;
                    Ok(None)
                }
            }
        }
    }

    /// Acknowledges the interaction if nothing was sent yet (Discord shows
    /// "thinking..."; for a component, nothing): what follows are followups.
    async fn defer(&mut self) -> Result<(), Error> {
        match self {
            Reply::Poise(ctx) => ctx.defer().await?,
            Reply::Component { ctx, ci, responded } => {
                if !*responded {
                    ci.defer(&ctx.http).await?;
                    *responded = true;
                }
            }
        }
        Ok(())
    }

    fn http(&self) -> Arc<serenity::Http> {
        match self {
            Reply::Poise(ctx) => ctx.serenity_context().http.clone(),
            Reply::Component { ctx, .. } => ctx.http.clone(),
        }
    }
}

/// How long an answer may take before the interaction is acknowledged
/// without it: Discord drops an interaction not answered within 3 seconds.
const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

/// Waits for `work`; if it is not done by `deadline`, acknowledges the
/// interaction first (Discord shows "thinking...") and the answer follows
/// when it is done. Only for work after every refusal was decided.
async fn by_deadline<T>(
    reply: &mut Reply<'_>,
    deadline: tokio::time::Instant,
    work: impl std::future::Future<Output = T>,
) -> Result<T, Error> {
    tokio::pin!(work);
    match tokio::time::timeout_at(deadline, &mut work).await {
        Ok(done) => Ok(done),
        Err(_) => {
            reply.defer().await?;
            Ok(work.await)
        }
    }
}

/// Draws a picture ([`Data::render`]) for an answer: when many are drawn at
/// once and this one is not ready in [`ANSWER_WITHIN`], the interaction is
/// acknowledged first.
async fn draw_via<T: Send + 'static>(
    data: &Data,
    reply: &mut Reply<'_>,
    draw: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    let deadline = tokio::time::Instant::now() + ANSWER_WITHIN;
    by_deadline(reply, deadline, data.render(draw)).await?
}

/// [`draw_via`] for a slash command.
pub(crate) async fn draw<T: Send + 'static>(
    ctx: Context<'_>,
    draw: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    draw_via(ctx.data(), &mut Reply::Poise(ctx), draw).await
}

/// Remembers the newest board of a channel and retires the menu of the one before.
async fn track_board(data: &Data, http: &serenity::Http, channel: u64, msg: Option<serenity::Message>) {
    let Some(msg) = msg else { return };
    let previous = data.boards.lock().expect("board map").insert(channel, msg.id);
    if let Some(prev) = previous.filter(|p| *p != msg.id) {
        let edit = serenity::EditMessage::new().components(Vec::new());
        if let Err(e) = msg.channel_id.edit_message(http, prev, edit).await {
            tracing::debug!("could not retire an old board's menu: {e}");
        }
    }
}

/// Sends a board through a slash command and tracks it.
pub(crate) async fn send_board(ctx: Context<'_>, out: Out) -> Result<(), Error> {
    let mut r = Reply::Poise(ctx);
    send_board_via(ctx.data(), &mut r, ctx.channel_id().get(), out).await
}

async fn send_board_via(data: &Data, reply: &mut Reply<'_>, channel: u64, out: Out) -> Result<(), Error> {
    let has_menu = !out.components.is_empty();
    let msg = reply.send(&out).await?;
    if has_menu {
        track_board(data, &reply.http(), channel, msg).await;
    }
    Ok(())
}

/// Plays the bot's move if it is the bot's turn, and posts the board.
pub(crate) async fn bot_turns(ctx: Context<'_>, channel: u64) -> Result<(), Error> {
    let mut r = Reply::Poise(ctx);
    bot_turns_via(ctx.data(), &mut r, channel).await
}

async fn bot_turns_via(data: &Data, reply: &mut Reply<'_>, channel: u64) -> Result<(), Error> {
    if let Some(out) = data.run(move |t| t.bot_move(channel)).await? {
        let board = draw_via(data, reply, move || {
            present::board_after(&out.view, Some(&out.report), out.finished.as_ref())
        })
        .await?;
        send_board_via(data, reply, channel, board).await?;
    }
    Ok(())
}

/// Announces a finished game with its final board.
pub(crate) async fn send_finished(ctx: Context<'_>, f: &FinishedGame) -> Result<(), Error> {
    let f = f.clone();
    let out = draw(ctx, move || present::finished(&f)).await?;
    Reply::Poise(ctx).send(&out).await?;
    Ok(())
}

/// Accepts a challenge: in a new thread when allowed and possible, else here.
pub(crate) async fn accept_challenge(
    sctx: &serenity::Context,
    data: &Data,
    channel: u64,
    user: u64,
    reply: &mut Reply<'_>,
) -> Result<(), Error> {
    let _turn = data.answering(channel).await;
    // Decide before doing anything visible: a refusal stays private.
    let c = data
        .run(move |t| t.challenge_in(channel))
        .await?
        .ok_or(TableError::NoChallenge)?;
    if !c.opponent.is(user) {
        return Err(TableError::NotTheOpponent(c.opponent.name()).into());
    }
    // Opening a thread and drawing the board share one answer deadline.
    let deadline = tokio::time::Instant::now() + ANSWER_WITHIN;
    let (host, thread_note) = match data.use_threads {
        true => by_deadline(reply, deadline, open_game_thread(sctx, channel, &c)).await?,
        false => (None, ""),
    };
    let view = match data.run(move |t| t.accept(channel, user, host)).await {
        Ok(view) => view,
        Err(e) => {
            // The challenge expired meanwhile: remove the thread (this
            // needs Manage Threads; without it, it stays empty).
            if let Some(thread) = host {
                delete_thread(sctx, thread).await;
            }
            return Err(e);
        }
    };
    let (id, drawn) = (view.live.id, view.clone());
    let draw = data.render(move || present::board_after(&drawn, None, None));
    let mut board = by_deadline(reply, deadline, draw).await??;
    board.content = format!("{thread_note}{}", board.content);
    match host {
        Some(thread) => {
            reply.send(&present::accepted_in_thread(&c, id, thread)).await?;
            match serenity::ChannelId::new(thread)
                .send_message(&sctx.http, board.message())
                .await
            {
                Ok(msg) => track_board(data, &sctx.http, thread, Some(msg)).await,
                Err(e) => {
                    // The thread took a message a moment ago; show the board
                    // here rather than nowhere. Moves go on in the thread.
                    tracing::warn!("cannot post the board in thread {thread}: {e}");
                    let board = present::board_for_thread(board, thread);
                    send_board_via(data, reply, channel, board).await?;
                }
            }
        }
        None => send_board_via(data, reply, channel, board).await?,
    }
    Ok(())
}

/// Opens a public thread for the accepted challenge `c` and introduces the
/// game in it. Without the right to create the thread or to post in it, the
/// game stays in the channel: `(None, note)` with a note saying why.
async fn open_game_thread(
    sctx: &serenity::Context,
    channel: u64,
    c: &Challenge,
) -> (Option<u64>, &'static str) {
    let name = format!("Isolo: {} vs {}", c.challenger.name(), c.opponent.name());
    let create = serenity::CreateThread::new(name.chars().take(90).collect::<String>())
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match serenity::ChannelId::new(channel)
        .create_thread(&sctx.http, create)
        .await
    {
        Ok(t) => t.id,
        Err(e) => {
            tracing::info!("no thread for the game in {channel} ({e}); hosting it in the channel");
            return (None, present::THREAD_NOTE);
        }
    };
    // Posting first proves the bot may speak here before the game moves in.
    let intro = present::thread_intro(c);
    match thread.send_message(&sctx.http, intro.message()).await {
        Ok(_) => (Some(thread.get()), ""),
        Err(e) => {
            tracing::info!("cannot post in the new thread {thread} ({e}); hosting the game in {channel}");
            delete_thread(sctx, thread.get()).await;
            (None, present::THREAD_NOTE)
        }
    }
}

/// Deletes a thread the bot made for a game that will not be played in it.
async fn delete_thread(sctx: &serenity::Context, thread: u64) {
    if let Err(e) = serenity::ChannelId::new(thread).delete(&sctx.http).await {
        tracing::warn!("could not delete the unused thread {thread}: {e}");
    }
}

/// Asks for (or, when both asked, starts) a rematch.
pub(crate) async fn rematch_in(
    data: &Data,
    channel: u64,
    user: u64,
    reply: &mut Reply<'_>,
) -> Result<(), Error> {
    match data.run(move |t| t.rematch(channel, user)).await? {
        crate::table::ChallengeOutcome::Pending(c) => {
            reply.send(&present::challenge(&c)).await?;
        }
        crate::table::ChallengeOutcome::Started(view) => {
            let board = draw_via(data, reply, move || present::board_after(&view, None, None)).await?;
            send_board_via(data, reply, channel, board).await?;
            bot_turns_via(data, reply, channel).await?;
        }
    }
    Ok(())
}

/// Counts a command or component as in flight (for a clean shutdown) until
/// dropped. A command's guard lives in poise's invocation data, which poise
/// drops only after the command and its error handling are over, whatever
/// the error (a refusal, a panic, an option that cannot be parsed).
struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    fn enter(counter: &Arc<AtomicUsize>) -> InFlight {
        counter.fetch_add(1, Ordering::SeqCst);
        InFlight(counter.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// What the user is told when handling `what` failed: a refusal says why
/// (names and typed text neutralised), anything else is logged.
pub(crate) fn error_text(error: &Error, what: &str) -> String {
    match error.downcast_ref::<TableError>() {
        Some(refusal) => present::refusal(refusal),
        None => {
            tracing::error!("{what} failed: {error:#}");
            present::INTERNAL_ERROR.to_string()
        }
    }
}

/// The one error funnel: refusals privately to the user, the rest logged.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let text = error_text(&error, &format!("/{}", ctx.command().qualified_name));
            if let Err(e) = ctx.send(Out::private(text).reply()).await {
                tracing::warn!("could not send an error reply: {e}");
            }
        }
        poise::FrameworkError::CommandPanic { ctx, .. } => {
            let _ = ctx.send(Out::private(present::PANICKED).reply()).await;
        }
        // Options that do not match the command (a client still showing an
        // older command list): say so privately instead of leaving the user
        // with "the application did not respond".
        poise::FrameworkError::ArgumentParse {
            ctx, input, error, ..
        } => {
            tracing::info!(
                "/{}: cannot read option {input:?}: {error}",
                ctx.command().qualified_name
            );
            if let Err(e) = ctx.send(Out::private(present::UNREADABLE_OPTIONS).reply()).await {
                tracing::warn!("could not send an error reply: {e}");
            }
        }
        poise::FrameworkError::CommandStructureMismatch { ctx, description, .. } => {
            tracing::info!(
                "/{}: options do not match: {description}",
                ctx.command().qualified_name
            );
            if ctx.interaction_type == poise::CommandInteractionType::Command {
                let ctx = poise::Context::Application(ctx);
                if let Err(e) = ctx.send(Out::private(present::UNREADABLE_OPTIONS).reply()).await {
                    tracing::warn!("could not send an error reply: {e}");
                }
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("error while handling an error: {e}");
            }
        }
    }
}

/// Posts what the clock did into the game's channel.
async fn announce(http: &serenity::Http, notice: Notice) {
    let Some((channel, out)) = present::notice(notice) else {
        return;
    };
    if let Err(e) = serenity::ChannelId::new(channel)
        .send_message(http, out.message())
        .await
    {
        tracing::warn!("could not post to channel {channel}: {e} (does the bot have Send Messages there?)");
    }
}

/// Explains how to get a token, and how to try the game without one.
pub const NO_TOKEN: &str = "No Discord token configured.
To run the bot in your server:
  1. Open https://discord.com/developers/applications, New Application, then Bot > Reset Token, and copy it.
  2. Put it in config.toml ([discord] token = \"...\"; see config.example.toml) or in DISCORD_TOKEN.
  3. Invite the bot (OAuth2 > URL Generator: scopes bot + applications.commands; see README.md for the permissions).
Meanwhile, try the game offline: isolo-bot play   (or: isolo-bot play --vs greedy --variant boys)";

/// Connects to Discord and hosts games until `shutdown` completes.
pub async fn run(
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    let token = config
        .discord
        .token
        .clone()
        .filter(|t| !t.trim().is_empty() && t != "YOUR_BOT_TOKEN");
    let Some(token) = token else {
        anyhow::bail!(NO_TOKEN)
    };
    let store = SledStore::open(&config.storage)
        .with_context(|| format!("cannot open the game store at {}", config.storage.path.display()))?;
    let table = Arc::new(Table::new(
        Arc::new(store),
        Arc::new(SystemClock),
        config.games.clone(),
    ));
    let guild_id = config.discord.guild_id;
    let data = Data {
        table: table.clone(),
        bot_id: Arc::new(AtomicU64::new(0)),
        boards: Arc::new(Mutex::new(HashMap::new())),
        in_flight: Arc::new(AtomicUsize::new(0)),
        use_threads: config.discord.use_threads,
        renders: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, usize::from),
        )),
        answering: Arc::default(),
    };
    let setup_data = data.clone();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);

    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::isolo()],
            on_error: |e| Box::pin(on_error(e)),
            pre_command: |ctx| {
                Box::pin(async move {
                    let guard = InFlight::enter(&ctx.data().in_flight);
                    ctx.set_invocation_data(guard).await;
                })
            },
            event_handler: |framework, event| {
                Box::pin(async move {
                    if let serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(ci),
                    } = event
                    {
                        let data = framework.user_data;
                        let _busy = InFlight::enter(&data.in_flight);
                        components::handle(framework.serenity_context, data, ci).await;
                    }
                    Ok(())
                })
            },
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                setup_data.bot_id.store(ready.user.id.get(), Ordering::Relaxed);
                let commands = &framework.options().commands;
                match guild_id {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g)).await?
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(
                    "connected as {} ({}); commands registered",
                    ready.user.name,
                    ready.user.id
                );
                let http = ctx.http.clone();
                let table = setup_data.table.clone();
                tokio::spawn(crate::table::scheduler::run(table, stop_rx, move |n| {
                    let http = http.clone();
                    async move { announce(&http, n).await }
                }));
                Ok(setup_data)
            })
        })
        .build();

    let mut http = serenity::HttpBuilder::new(&token);
    if let Some(proxy) = &config.discord.api_proxy {
        // serenity's rate limiter bypasses the proxy, so the proxy owns rate limits.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;
    let shards = client.shard_manager.clone();

    let outcome = tokio::select! {
        r = client.start() => Some(r),
        () = shutdown => None,
    };
    let _ = stop_tx.send(true);
    match outcome {
        Some(Ok(())) => Ok(()),
        Some(Err(e)) => Err(explain(e)),
        None => {
            tracing::info!("shutting down: closing the gateway");
            // serenity 0.12.5 can miss a shard restarted by a re-identify in
            // shutdown_all(); telling every runner directly closes each with 1000.
            for (id, runner) in shards.runners.lock().await.iter() {
                runner
                    .runner_tx
                    .send_to_shard(serenity::ShardRunnerMessage::Shutdown(*id, 1000));
            }
            shards.shutdown_all().await;
            let start = std::time::Instant::now();
            while data.in_flight.load(Ordering::SeqCst) > 0 && start.elapsed() < Duration::from_secs(5) {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            drop(table);
            tracing::info!("stopped");
            Ok(())
        }
    }
}

/// Turns connection errors into advice.
fn explain(e: serenity::Error) -> anyhow::Error {
    use serenity::{Error as E, GatewayError as G};
    match &e {
        E::Gateway(G::InvalidAuthentication) => {
            anyhow::anyhow!(
                "Discord rejected the bot token: copy it again from the Developer Portal (Bot > Reset Token)"
            )
        }
        E::Gateway(G::DisallowedGatewayIntents | G::InvalidGatewayIntents) => {
            anyhow::anyhow!(
                "Discord refused the gateway intents; the bot needs only the default (non-privileged) ones"
            )
        }
        E::Http(h) if h.status_code().is_some_and(|s| s.as_u16() == 401) => {
            anyhow::anyhow!(
                "Discord rejected the bot token (401 Unauthorized): copy it again from the Developer Portal"
            )
        }
        _ => anyhow::anyhow!("the Discord connection failed: {e}"),
    }
}
