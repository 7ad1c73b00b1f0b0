//! The Discord adapter: serenity + poise only. Commands and components are
//! translated to calls of the hosting layer ([`crate::table`]) and its answers
//! to messages; no game rule is decided here.

mod commands;
mod components;
mod errors;
mod flow;
mod language;
mod limits;
mod localize;
pub mod markdown;
mod options;
mod posting;
mod posts;
pub mod present;
mod registration;
mod reply;
pub mod shards;
mod sight;
mod state;
mod takeback;
mod tournaments;
mod training;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

use crate::config::DiscordConfig;
use crate::metrics::{Metrics, Outcome};
use crate::table::Table;
use crate::words::Lang;
pub use errors::Error;
use errors::{http_status, outcome_of, unanswerable};
use present::{error_reference, error_text, Out};
use shards::{ShardPlan, ShardsConfig};
pub use state::{Context, Data, Live};

/// What poise keeps for a command while it runs: the in-flight guard and
/// when it started, for the answer-latency histogram.
struct Invocation {
    _busy: InFlight,
    started: std::time::Instant,
}

/// Counts a command as answered: by its name (from the bot's own command
/// list, so the labels are a closed set) and outcome.
async fn count_command(ctx: Context<'_>, outcome: Outcome) {
    let started = ctx.invocation_data::<Invocation>().await.map(|i| i.started);
    let took = started.map_or(Duration::ZERO, |s| s.elapsed());
    ctx.data()
        .metrics
        .interaction(&ctx.command().qualified_name, outcome, took);
}

/// The metrics label of a component click: its action, from a closed set.
fn component_label(custom_id: &str) -> &'static str {
    use present::ids;
    match present::ids::parse(custom_id).map(|c| c.action) {
        Some(ids::ACCEPT) => "component accept",
        Some(ids::DECLINE) => "component decline",
        Some(ids::WITHDRAW) => "component withdraw",
        Some(ids::MOVE) => "component move",
        Some(ids::REMATCH) => "component rematch",
        Some(ids::FORGET) => "component forget",
        Some(ids::PUZZLE) => "component puzzle",
        Some(ids::DAILY) => "component daily",
        Some(ids::LESSON) => "component lesson",
        Some(ids::TAKEBACK_ACCEPT) => "component takeback accept",
        Some(ids::TAKEBACK_DECLINE) => "component takeback decline",
        _ => "component other",
    }
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

/// The language of private answers to the command in `ctx`.
async fn private_lang(ctx: Context<'_>) -> Lang {
    ctx.data().langs(&reply::Reply::Poise(ctx)).await.private
}

/// The one error funnel: refusals privately to the user, the rest logged.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } if unanswerable(&error) => {
            count_command(ctx, Outcome::Error).await;
            let name = &ctx.command().qualified_name;
            tracing::warn!("/{name}: the interaction can no longer be answered: {error:#}");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            count_command(ctx, outcome_of(&error)).await;
            let lang = private_lang(ctx).await;
            let text = error_text(lang, &error, &format!("/{}", ctx.command().qualified_name));
            if let Err(e) = ctx.send(Out::private(text).reply()).await {
                tracing::warn!("could not send an error reply: {e}");
                return;
            }
            flow::show_held(ctx.data(), &mut reply::Reply::Poise(ctx), ctx.channel_id().get()).await;
        }
        poise::FrameworkError::CommandPanic { ctx, .. } => {
            count_command(ctx, Outcome::Error).await;
            let reference = error_reference();
            tracing::error!("/{} panicked [ref {reference}]", ctx.command().qualified_name);
            let lang = private_lang(ctx).await;
            let _ = ctx
                .send(Out::private(present::panicked(lang, &reference)).reply())
                .await;
        }
        // Options that do not match the command (a client still showing an
        // older command list): say so privately instead of leaving the user
        // with "the application did not respond".
        poise::FrameworkError::ArgumentParse {
            ctx, input, error, ..
        } => {
            count_command(ctx, Outcome::Refused).await;
            tracing::info!(
                "/{}: cannot read option {input:?}: {error}",
                ctx.command().qualified_name
            );
            let text = present::unreadable_options(private_lang(ctx).await);
            if let Err(e) = ctx.send(Out::private(text).reply()).await {
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
                let text = present::unreadable_options(private_lang(ctx).await);
                if let Err(e) = ctx.send(Out::private(text).reply()).await {
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

/// Explains how to get a token, and how to try the game without one.
pub const NO_TOKEN: &str = "No Discord token configured.
To run the bot in your server:
  1. Open https://discord.com/developers/applications, New Application, then Bot > Reset Token, and copy it.
  2. Put it in config.toml ([discord] token = \"...\"; see config.example.toml) or in DISCORD_TOKEN.
  3. Invite the bot (OAuth2 > URL Generator: scopes bot + applications.commands; see docs/operators.md for the permissions).
Meanwhile, try the game offline: isolo-bot play   (or: isolo-bot play --vs greedy --variant boys)";

/// What the adapter needs to connect, checked before anything is opened.
#[derive(Clone)]
pub struct Connection {
    token: String,
    guild_id: Option<u64>,
    api_proxy: Option<String>,
    proxy_enforces_rate_limits: bool,
    use_threads: bool,
    shards: Option<ShardsConfig>,
    request_timeout: Duration,
    metrics: Arc<Metrics>,
    metrics_listen: Option<std::net::SocketAddr>,
    live: Option<Live>,
}

/// How long connecting to Discord (or the proxy) may take: a connection
/// is made in well under a second, so longer means the network is gone.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

impl Connection {
    /// The `[discord]` settings; without a usable token, an error that says
    /// how to get one ([`NO_TOKEN`]).
    pub fn new(config: &DiscordConfig) -> anyhow::Result<Connection> {
        let token = config
            .token
            .clone()
            .filter(|t| !t.trim().is_empty() && t != "YOUR_BOT_TOKEN");
        let Some(token) = token else {
            anyhow::bail!(NO_TOKEN)
        };
        Ok(Connection {
            token,
            guild_id: config.guild_id,
            api_proxy: config.api_proxy.clone(),
            // Only a proxy can enforce them: without one the bot's limiter stays on.
            proxy_enforces_rate_limits: config.api_proxy.is_some() && config.proxy_enforces_rate_limits,
            use_threads: config.use_threads,
            shards: config.shards,
            request_timeout: Duration::from_secs(config.request_timeout_secs),
            metrics: Arc::new(Metrics::new([])),
            metrics_listen: None,
            live: None,
        })
    }

    /// Links board messages to the live board at `public_url` (`[web]
    /// public_url`), and launches the Activity with "Play live" when the
    /// application has one (`[web] activity`).
    pub fn with_live(mut self, public_url: Option<&str>, activity: bool) -> Connection {
        self.live = public_url.map(|u| Live {
            public_url: u.trim_end_matches('/').to_owned(),
            activity,
        });
        self
    }

    /// Counts into `metrics` (shared with the table), and serves them on
    /// `listen` when given (`[metrics] listen`).
    pub fn with_metrics(mut self, metrics: Arc<Metrics>, listen: Option<std::net::SocketAddr>) -> Connection {
        self.metrics = metrics;
        self.metrics_listen = listen;
        self
    }

    /// The REST client the bot talks to Discord with: through `api_proxy`
    /// when set, rate limited by the bot unless the proxy does it, and with
    /// connect and total timeouts (`[discord] request_timeout_secs`), so a
    /// request that is never answered cannot hold back the requests behind
    /// it (vendor/serenity/PATCHES.md, patch 9).
    pub fn http(&self) -> serenity::Http {
        let mut http = serenity::HttpBuilder::new(&self.token)
            .connect_timeout(CONNECT_TIMEOUT.min(self.request_timeout))
            .timeout(self.request_timeout);
        if let Some(proxy) = &self.api_proxy {
            // The patched limiter (vendor/serenity/PATCHES.md) goes through the proxy too.
            http = http.proxy(proxy.clone());
        }
        http.ratelimiter_disabled(self.proxy_enforces_rate_limits).build()
    }
}

/// The permissions the invite link asks for (see docs/operators.md: send messages,
/// attach files, embed links, threads).
pub const INVITE_PERMISSIONS: u64 = 309_237_746_688;

/// The link that adds the bot with application id `app_id` to a server.
pub fn invite_link(app_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app_id}&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS}"
    )
}

/// Longest wait between attempts to reach Discord.
const MAX_RETRY: Duration = Duration::from_secs(60);
/// How often the shards' state is read for the metrics and the log.
const SHARD_POLL: Duration = Duration::from_secs(2);
/// How often the live games are counted (a count of the store's games).
const GAMES_POLL: Duration = Duration::from_secs(10);

/// Waits until Discord's REST API answers, logging one line per failed
/// attempt ("cannot reach Discord, retrying in N s") instead of socket
/// errors. Returns Discord's recommended shard count when `auto` asks for
/// it, or `None` if `shutdown` came first. A refusal (a bad token) is an
/// error at once.
async fn reach_discord(
    http: &serenity::Http,
    want_count: bool,
    shutdown: &mut (impl std::future::Future<Output = ()> + Unpin),
) -> anyhow::Result<Option<u32>> {
    let mut wait = Duration::from_secs(1);
    loop {
        let answer = if want_count {
            http.get_bot_gateway().await.map(|g| g.shards)
        } else {
            http.get_gateway().await.map(|_| 1)
        };
        match answer {
            Ok(count) => return Ok(Some(count)),
            // No connection, or a proxy (or Discord) answering 5xx: an outage.
            Err(serenity::Error::Http(e))
                if matches!(e, serenity::HttpError::Request(_))
                    || e.status_code().is_some_and(|s| s.is_server_error()) =>
            {
                tracing::debug!("Discord unreachable: {e}");
                tracing::warn!("cannot reach Discord, retrying in {} s", wait.as_secs());
            }
            Err(e) => return Err(explain(e)),
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = &mut *shutdown => return Ok(None),
        }
        wait = (wait * 2).min(MAX_RETRY);
    }
}

/// Every [`SHARD_POLL`], records each shard's connection and heartbeat
/// latency, and logs when one loses or regains the gateway; every
/// [`GAMES_POLL`], counts the live games. Ends with `stop`.
async fn watch_shards(
    runners: Arc<serenity::ShardManager>,
    plan: ShardPlan,
    table: Arc<Table>,
    metrics: Arc<Metrics>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    // Shards seen connected, then lost: told when they are back.
    let mut lost = std::collections::HashSet::new();
    let mut seen = std::collections::HashSet::new();
    let mut last_count: Option<std::time::Instant> = None;
    while !*stop.borrow() {
        let state: HashMap<u32, (bool, Option<Duration>)> = runners
            .runners
            .lock()
            .await
            .iter()
            .map(|(id, r)| (id.0, (r.stage == serenity::ConnectionStage::Connected, r.latency)))
            .collect();
        for id in plan.ids() {
            let (up, latency) = state.get(&id).copied().unwrap_or((false, None));
            metrics.shard(id, up, latency);
            if up && lost.remove(&id) {
                tracing::info!("shard {id} is connected again");
            } else if !up && seen.contains(&id) && lost.insert(id) {
                tracing::warn!("shard {id} lost the Discord gateway; reconnecting");
            }
            if up {
                seen.insert(id);
            }
        }
        if last_count.is_none_or(|t| t.elapsed() >= GAMES_POLL) {
            last_count = Some(std::time::Instant::now());
            let t = table.clone();
            match tokio::task::spawn_blocking(move || t.live_games()).await {
                Ok(Ok(n)) => metrics.set_live_games(n),
                Ok(Err(e)) => tracing::warn!("cannot count the live games: {e}"),
                Err(_) => return,
            }
        }
        tokio::select! {
            () = tokio::time::sleep(SHARD_POLL) => {}
            r = stop.changed() => if r.is_err() { return },
        }
    }
}

/// Serves `/metrics` and `/healthz` on `listener` until `stop`.
fn serve_metrics(
    listener: tokio::net::TcpListener,
    metrics: Arc<Metrics>,
    table: Arc<Table>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    // Reachable: a read of one key answers (PostgreSQL up, sled open).
    let store_ok: crate::metrics::StoreCheck = Arc::new(move || table.storage_reachable());
    tokio::spawn(async move {
        let stopped = async move {
            while !*stop.borrow() {
                if stop.changed().await.is_err() {
                    return;
                }
            }
        };
        if let Err(e) = crate::metrics::serve(listener, metrics, store_ok, stopped).await {
            tracing::error!("the metrics page stopped: {e}");
        }
    });
}

/// Channels whose relayed notices may be worked on at once; more wait for
/// one of them to finish a notice.
const RELAY_AT_ONCE: usize = 32;

/// Idle channel queues kept before they are dropped (their tasks end).
const RELAY_IDLE_KEPT: usize = 64;

/// One channel's queue of relayed notices: its task shows them in order.
struct RelayLane {
    notices: tokio::sync::mpsc::UnboundedSender<crate::table::Notice>,
    /// Notices sent to the task and not yet shown.
    pending: Arc<AtomicUsize>,
}

/// Shows in the chat what other front ends did (a move made on the live
/// board's page), as the clock's notices are shown, and answers with the
/// bot's move where it is the bot's turn. Each channel has a queue of its
/// own: a game's notices keep their order, and one game's slow search or
/// one channel's 429 never holds up another's board.
async fn show_relayed(
    data: Data,
    http: Arc<serenity::Http>,
    mut relayed: tokio::sync::mpsc::UnboundedReceiver<crate::table::Notice>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let at_once = Arc::new(tokio::sync::Semaphore::new(RELAY_AT_ONCE));
    let mut lanes: HashMap<u64, RelayLane> = HashMap::new();
    // Ends with the bot: its `data` holds the table, whose sender would
    // otherwise keep this task (and the table) alive past a shutdown. The
    // lanes' tasks end as their senders go with `lanes`.
    loop {
        let notice = tokio::select! {
            n = relayed.recv() => match n {
                Some(n) => n,
                None => return,
            },
            r = stop.changed() => match r {
                Ok(()) if !*stop.borrow() => continue,
                _ => return,
            },
        };
        let channel = notice.channel();
        if !lanes.contains_key(&channel) && lanes.len() >= RELAY_IDLE_KEPT {
            // Only this task sends, so a lane with nothing pending has shown
            // all it was sent: dropping its sender ends its task, nothing lost.
            lanes.retain(|_, l| l.pending.load(Ordering::Acquire) > 0);
        }
        let lane = lanes.entry(channel).or_insert_with(|| {
            let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
            let pending = Arc::new(AtomicUsize::new(0));
            tokio::spawn(show_in_channel(
                data.clone(),
                http.clone(),
                rx,
                pending.clone(),
                at_once.clone(),
            ));
            RelayLane { notices: tx, pending }
        });
        lane.pending.fetch_add(1, Ordering::AcqRel);
        if lane.notices.send(notice).is_err() {
            // Its task ended (it panicked): the notice is lost, the lane is not.
            tracing::warn!("a relayed notice for channel {channel} was lost");
            lanes.remove(&channel);
        }
    }
}

/// Shows one channel's relayed notices in order ([`show_relayed`]).
async fn show_in_channel(
    data: Data,
    http: Arc<serenity::Http>,
    mut notices: tokio::sync::mpsc::UnboundedReceiver<crate::table::Notice>,
    pending: Arc<AtomicUsize>,
    at_once: Arc<tokio::sync::Semaphore>,
) {
    while let Some(notice) = notices.recv().await {
        let Ok(_turn) = at_once.acquire().await else {
            return;
        };
        let bot_next = match &notice {
            crate::table::Notice::Moved(out)
                if out.last().finished.is_none() && out.last().view.live.bot_to_move() =>
            {
                Some(out.view.live.channel)
            }
            _ => None,
        };
        flow::announce(&data, &http, notice).await;
        if let Some(channel) = bot_next {
            match flow::search_bot_move(&data, channel).await {
                Ok(Some(out)) => {
                    flow::announce(&data, &http, crate::table::Notice::Moved(Box::new(out))).await
                }
                Ok(None) => {}
                Err(e) => tracing::warn!("the bot could not answer a move made on the page: {e:#}"),
            }
        }
        pending.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Connects to Discord and hosts `table`'s games until `shutdown` completes.
/// Runs the shard range of `[discord] shards`: only the process running
/// shard 0 registers the commands, and each waits its turn to identify.
pub async fn run(
    connection: Connection,
    table: Arc<Table>,
    shutdown: impl std::future::Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    let http = connection.http();
    let Connection {
        guild_id,
        use_threads,
        shards,
        metrics,
        metrics_listen,
        live,
        ..
    } = connection;
    let mut shutdown = std::pin::pin!(shutdown);
    // Bound first: a taken port is an error before anything connects.
    let metrics_listener = match metrics_listen {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .with_context(|| format!("[metrics] listen: cannot listen on {addr}"))?,
        ),
        None => None,
    };
    let data = Data {
        table,
        bot_id: Arc::new(AtomicU64::new(0)),
        command_id: Arc::new(AtomicU64::new(0)),
        boards: Arc::new(Mutex::new(HashMap::new())),
        challenge_messages: Arc::default(),
        in_flight: Arc::new(AtomicUsize::new(0)),
        use_threads,
        renders: Arc::new(tokio::sync::Semaphore::new(
            std::thread::available_parallelism().map_or(2, usize::from),
        )),
        answering: Arc::default(),
        analysis: Arc::new(limits::Analysis::new()),
        cooldowns: Arc::default(),
        metrics: metrics.clone(),
        guild_locales: Arc::default(),
        sights: Arc::default(),
        live: live.map(Arc::new),
    };
    let setup_data = data.clone();
    let activity = data.live.as_ref().is_some_and(|l| l.activity);
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    if let Some(listener) = metrics_listener {
        tracing::info!(
            "serving /metrics and /healthz on http://{}",
            listener.local_addr()?
        );
        serve_metrics(listener, metrics.clone(), data.table.clone(), stop_rx.clone());
    }

    let auto = matches!(shards, Some(ShardsConfig::Auto));
    let Some(recommended) = reach_discord(&http, auto, &mut shutdown).await? else {
        tracing::info!("stopped before Discord could be reached");
        return Ok(());
    };
    let plan = match shards {
        None => ShardPlan::SINGLE,
        Some(s) => s
            .plan(|| recommended)
            .map_err(|e| anyhow::anyhow!("[discord] shards: {e}"))?,
    };
    metrics.set_shards(plan.ids());
    let registers = plan.registers_commands();
    if plan != ShardPlan::SINGLE {
        tracing::info!(
            "running shards {}..={} of {}{}",
            plan.first,
            plan.last,
            plan.total,
            if registers {
                "; this process registers the commands"
            } else {
                ""
            }
        );
    }
    // Processes started together identify one after another.
    tokio::select! {
        () = tokio::time::sleep(plan.identify_delay()) => {}
        () = &mut shutdown => return Ok(()),
    }

    // A bot whose commands are not registered answers nothing: stop it.
    let (fatal_tx, mut fatal_rx) = tokio::sync::mpsc::channel::<String>(1);
    let scheduler_stop = stop_rx.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: {
                let mut commands = vec![commands::isolo(), commands::challenge_member()];
                commands.iter_mut().for_each(localize::localize);
                commands
            },
            on_error: |e| Box::pin(on_error(e)),
            pre_command: |ctx| {
                Box::pin(async move {
                    // Learnt before anything is worded: the first public
                    // message in a server already speaks its language.
                    if let (poise::Context::Application(a), Some(g)) = (ctx, ctx.guild_id()) {
                        if let Some(locale) = &a.interaction.guild_locale {
                            ctx.data().saw_guild_locale(g.get(), locale);
                        }
                        if !reply::Reply::Poise(ctx).answer_only() {
                            sight::note(
                                ctx.serenity_context(),
                                ctx.data(),
                                g.get(),
                                ctx.channel_id().get(),
                            );
                        }
                    }
                    let busy = InFlight::enter(&ctx.data().in_flight);
                    ctx.set_invocation_data(Invocation {
                        _busy: busy,
                        started: std::time::Instant::now(),
                    })
                    .await;
                })
            },
            post_command: |ctx| {
                Box::pin(async move {
                    count_command(ctx, Outcome::Ok).await;
                    // What the clock did where the bot can only answer.
                    flow::show_held(ctx.data(), &mut reply::Reply::Poise(ctx), ctx.channel_id().get()).await;
                })
            },
            event_handler: |framework, event| {
                Box::pin(async move {
                    if let serenity::FullEvent::GuildCreate { guild, .. } = event {
                        framework
                            .user_data
                            .saw_guild_locale(guild.id.get(), language::guild_locale(guild));
                    }
                    // Who sees a channel may have changed: look again.
                    let changed = match event {
                        serenity::FullEvent::ChannelUpdate { new, .. }
                        | serenity::FullEvent::ThreadUpdate { new, .. } => Some(new.guild_id),
                        serenity::FullEvent::GuildRoleUpdate { new, .. } => Some(new.guild_id),
                        _ => None,
                    };
                    if let Some(g) = changed {
                        sight::changed(framework.serenity_context, framework.user_data, g.get());
                    }
                    if let serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(ci),
                    } = event
                    {
                        let data = framework.user_data;
                        if let (Some(g), Some(locale)) = (ci.guild_id, &ci.guild_locale) {
                            data.saw_guild_locale(g.get(), locale);
                        }
                        if let Some(g) = ci.guild_id {
                            if !reply::answer_only(ci.context, &ci.authorizing_integration_owners) {
                                sight::note(framework.serenity_context, data, g.get(), ci.channel_id.get());
                            }
                        }
                        let _busy = InFlight::enter(&data.in_flight);
                        let started = std::time::Instant::now();
                        let outcome = components::handle(framework.serenity_context, data, ci).await;
                        data.metrics.interaction(
                            component_label(&ci.data.custom_id),
                            outcome,
                            started.elapsed(),
                        );
                    }
                    Ok(())
                })
            },
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                setup_data.bot_id.store(ready.user.id.get(), Ordering::Relaxed);
                let registered = if registers {
                    let create = poise::builtins::create_application_commands(&framework.options().commands);
                    match guild_id {
                        Some(g) => serenity::GuildId::new(g)
                            .set_commands(ctx, create)
                            .await
                            .map(Some),
                        None => match registration::with_entry_point(ctx, create, activity).await {
                            Some(create) => serenity::Command::set_global_commands(ctx, create)
                                .await
                                .map(Some),
                            // Unreadable even after retries: left as registered (the
                            // bot still answers them); help names them as plain text.
                            None => Ok(None),
                        },
                    }
                } else {
                    // Registered by the process running shard 0: only their ids are needed.
                    match guild_id {
                        Some(g) => serenity::GuildId::new(g).get_commands(ctx).await,
                        None => serenity::Command::get_global_commands(ctx).await,
                    }
                    .map(Some)
                };
                let overwritten = matches!(registered, Ok(Some(_)));
                match registered {
                    Ok(Some(commands)) => {
                        if let Some(isolo) = commands.iter().find(|c| c.name == "isolo") {
                            setup_data.command_id.store(isolo.id.get(), Ordering::Relaxed);
                        }
                    }
                    Ok(None) => {}
                    Err(e) if registers => {
                        let why = registration_advice(&e, guild_id);
                        let _ = fatal_tx.send(why.clone()).await;
                        return Err(anyhow::anyhow!(why));
                    }
                    // Help then names commands as plain text instead of mentions.
                    Err(e) => tracing::warn!("cannot read the registered commands' ids: {e}"),
                }
                tracing::info!(
                    "connected as {} ({}); {}",
                    ready.user.name,
                    ready.user.id,
                    if registers && overwritten {
                        "commands registered"
                    } else if registers {
                        "commands left as registered"
                    } else {
                        "commands are registered by the process running shard 0"
                    }
                );
                tracing::info!("invite the bot with {}", invite_link(ready.application.id.get()));
                let http = ctx.http.clone();
                let table = setup_data.table.clone();
                let data = setup_data.clone();
                tokio::spawn(posts::keep_up(data.clone(), http.clone(), scheduler_stop.clone()));
                if let Some(relayed) = table.relayed() {
                    tokio::spawn(show_relayed(
                        data.clone(),
                        http.clone(),
                        relayed,
                        scheduler_stop.clone(),
                    ));
                }
                tokio::spawn(crate::table::scheduler::run(table, scheduler_stop, move |n| {
                    let (http, data) = (http.clone(), data.clone());
                    async move { flow::announce(&data, &http, n).await }
                }));
                Ok(setup_data)
            })
        })
        .build();

    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .activity(serenity::ActivityData::playing(present::PRESENCE))
        .framework(framework)
        .await
        .context("cannot build the Discord client")?;
    let shards = client.shard_manager.clone();
    tokio::spawn(watch_shards(
        shards.clone(),
        plan,
        data.table.clone(),
        metrics.clone(),
        stop_rx.clone(),
    ));

    let mut fatal = None;
    let outcome = tokio::select! {
        r = client.start_shard_range(plan.serenity_range(), plan.total) => Some(r),
        () = &mut shutdown => None,
        Some(why) = fatal_rx.recv() => {
            fatal = Some(why);
            None
        }
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
            tracing::info!("stopped");
            match fatal {
                Some(why) => Err(anyhow::anyhow!(why)),
                None => Ok(()),
            }
        }
    }
}

/// Why registering the commands failed, and what to do about it.
fn registration_advice(e: &serenity::Error, guild_id: Option<u64>) -> String {
    let missing_access = http_status(e) == Some(403);
    match guild_id {
        Some(g) if missing_access => format!(
            "Discord refused to register the /isolo commands in server {g} (403 Missing Access): \
             check that [discord] guild_id is your server's id and that the bot was invited there \
             with the applications.commands scope (see docs/operators.md), or remove guild_id to register globally"
        ),
        _ => format!("registering the /isolo commands failed, so the bot would answer nothing: {e}"),
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
        E::Http(_) if http_status(&e) == Some(401) => {
            anyhow::anyhow!(
                "Discord rejected the bot token (401 Unauthorized): copy it again from the Developer Portal"
            )
        }
        _ => anyhow::anyhow!("the Discord connection failed: {e}"),
    }
}
