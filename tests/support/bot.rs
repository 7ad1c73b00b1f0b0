//! The real bot against the fake Discord: starting it (in-process through
//! [`isolo_bot::discord::run`], or as the `isolo-bot` binary), and driving
//! games through slash commands and the move menu while checking every reply.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use isolo_bot::ai::Level;
use isolo_bot::discord::Connection;
use isolo_bot::engine::{Game, Move, Outcome, Rules, Variant};
use isolo_bot::store::Store;
use isolo_bot::table::{Clock, SystemClock, Table};
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::fake_discord::{
    CallbackKind, ComponentClick, FakeDiscord, FakeOptions, FakeUser, InteractionCallback, Request, Route,
    SentInteraction, SlashCommand, BOT_USER_ID, CHANNEL_ID, GUILD_ID, TOKEN,
};

/// Upper bound of every wait: a broken test fails instead of hanging.
pub const T: Duration = Duration::from_secs(10);

/// Board picture size (`isolo_bot::render::{WIDTH, HEIGHT}`).
pub const PICTURE: (u32, u32) = (1000, 560);

/// Keeps loopback away from any HTTP proxy of the environment, and shows the
/// bot's warnings (or `RUST_LOG`) in the test output.
/// Once per process: changing the environment while another test's thread
/// reads it is a data race.
pub fn prepare_environment() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::env::set_var("NO_PROXY", "127.0.0.1,localhost");
        std::env::set_var("no_proxy", "127.0.0.1,localhost");
        let filter = tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,serenity=error"));
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_test_writer()
            .try_init();
    });
}

/// The config file the bot runs with: the fake's token, guild and URL, a
/// store at `store`.
pub fn config_text(fake: &FakeDiscord, store: &Path, use_threads: bool) -> String {
    let path = toml::Value::String(store.display().to_string());
    let url = toml::Value::String(fake.base_url().to_owned());
    format!(
        "[discord]\ntoken = \"{TOKEN}\"\nguild_id = {GUILD_ID}\napi_proxy = {url}\n\
         use_threads = {use_threads}\n\n[storage]\npath = {path}\n"
    )
}

/// The bot running inside the test process, as `isolo-bot run` runs it.
pub struct InProcess {
    /// The fake Discord it talks to.
    pub fake: FakeDiscord,
    /// Holds the store.
    pub dir: tempfile::TempDir,
    /// The bot's table, to read what it stored (a refusal must change nothing).
    pub table: Arc<Table>,
    running: Running,
}

/// The bot's run task and the sender that ends it; aborted when dropped.
struct Running {
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<anyhow::Result<()>>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

/// What a test does to the bot's store before the bot gets it.
type WrapStore = Box<dyn FnOnce(Arc<dyn Store>) -> Arc<dyn Store>>;

impl InProcess {
    /// A fresh fake Discord and the bot connected to it, commands registered.
    pub async fn start(use_threads: bool) -> InProcess {
        InProcess::start_with(use_threads, Arc::new(SystemClock), |_| {}).await
    }

    /// [`InProcess::start`] with the table on `clock` and the config file's
    /// settings changed by `adjust` (e.g. `[games] timeout`).
    pub async fn start_with(
        use_threads: bool,
        clock: Arc<dyn Clock>,
        adjust: impl FnOnce(&mut isolo_bot::config::Config),
    ) -> InProcess {
        prepare_environment();
        let fake = FakeDiscord::start(FakeOptions::default()).await;
        let dir = tempfile::tempdir().expect("temp dir");
        InProcess::launch(fake, dir, use_threads, clock, adjust, Box::new(|s| s)).await
    }

    /// [`InProcess::start`] with the bot's store wrapped by `wrap` (a
    /// store that is slow or fails on demand).
    pub async fn start_wrapped(
        use_threads: bool,
        wrap: impl FnOnce(Arc<dyn Store>) -> Arc<dyn Store> + 'static,
    ) -> InProcess {
        prepare_environment();
        let fake = FakeDiscord::start(FakeOptions::default()).await;
        let dir = tempfile::tempdir().expect("temp dir");
        InProcess::launch(
            fake,
            dir,
            use_threads,
            Arc::new(SystemClock),
            |_| {},
            Box::new(wrap),
        )
        .await
    }

    /// The bot on a fresh fake Discord that `prepare` set up before the bot
    /// connects (an Activity, failures queued), `[web]` as `adjust` leaves
    /// it; once it has identified, and with `overwrites` once it has
    /// overwritten its commands too.
    pub async fn start_prepared(
        prepare: impl FnOnce(&FakeDiscord),
        adjust: impl FnOnce(&mut isolo_bot::config::Config),
        overwrites: bool,
    ) -> InProcess {
        prepare_environment();
        let fake = FakeDiscord::start(FakeOptions::default()).await;
        prepare(&fake);
        let dir = tempfile::tempdir().expect("temp dir");
        let clock = Arc::new(SystemClock);
        match overwrites {
            true => InProcess::launch(fake, dir, false, clock, adjust, Box::new(|s| s)).await,
            false => InProcess::connect(fake, dir, false, clock, adjust, Box::new(|s| s)).await,
        }
    }

    /// The bot on `fake` with its store in `dir` (fresh, or a stopped
    /// bot's), once it has identified and registered its commands.
    async fn launch(
        fake: FakeDiscord,
        dir: tempfile::TempDir,
        use_threads: bool,
        clock: Arc<dyn Clock>,
        adjust: impl FnOnce(&mut isolo_bot::config::Config),
        wrap: WrapStore,
    ) -> InProcess {
        let registered = fake.count_requests(|r| matches!(r.route, Route::PutCommands { .. }));
        let bot = InProcess::connect(fake, dir, use_threads, clock, adjust, wrap).await;
        bot.fake
            .wait_for_n(
                registered + 1,
                |r| matches!(r.route, Route::PutCommands { .. }),
                T,
            )
            .await
            .expect("the bot registers its commands");
        bot
    }

    /// [`InProcess::launch`] up to the bot's identifying.
    async fn connect(
        fake: FakeDiscord,
        dir: tempfile::TempDir,
        use_threads: bool,
        clock: Arc<dyn Clock>,
        adjust: impl FnOnce(&mut isolo_bot::config::Config),
        wrap: WrapStore,
    ) -> InProcess {
        let text = config_text(&fake, &dir.path().join("store"), use_threads);
        let mut config: isolo_bot::config::Config = toml::from_str(&text).expect("config parses");
        adjust(&mut config);
        // Built as `isolo-bot run` builds it: a sled store, the table, the adapter.
        let store = isolo_bot::store::SledStore::open(&config.storage).expect("open the store");
        let table = Table::new(wrap(Arc::new(store)), clock, config.games)
            .with_ai(config.ai)
            .with_vacation(config.vacation);
        let table = Arc::new(table);
        let connection = Connection::new(&config.discord)
            .expect("a token")
            .with_live(config.web.public_url.as_deref(), config.web.activity);
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(isolo_bot::discord::run(connection, table.clone(), async move {
            let _ = stopped.await;
        }));
        fake.wait_ready(T).await.expect("the bot identifies");
        InProcess {
            fake,
            dir,
            table,
            running: Running {
                stop: Some(stop),
                task: Some(task),
            },
        }
    }

    /// Stops the bot cleanly ([`InProcess::stop`]'s checks) and starts a
    /// new one on the same fake Discord and store, as a restart of the
    /// process would: what the first left undone, the second must do.
    pub async fn restart(self, use_threads: bool, clock: Arc<dyn Clock>) -> InProcess {
        let InProcess {
            fake,
            dir,
            table,
            mut running,
        } = self;
        running.stop(&fake).await;
        // The store's directory lock goes with the last handle on it.
        let start = Instant::now();
        while Arc::strong_count(&table) > 1 {
            assert!(start.elapsed() < T, "the stopped bot still holds its table");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop(table);
        InProcess::launch(fake, dir, use_threads, clock, |_| {}, Box::new(|s| s)).await
    }

    /// A fresh bot without threads, and Alice's game against Bob in the
    /// test channel ([`Duel::alice_and_bob`]).
    pub async fn with_duel(variant: Variant, seed: u64) -> (InProcess, Duel) {
        let bot = InProcess::start(false).await;
        let duel = Duel::alice_and_bob(&bot.fake, CHANNEL_ID, variant, seed).await;
        (bot, duel)
    }

    /// Completes the shutdown future and checks the bot stops cleanly: `run`
    /// returns Ok, the gateway is closed with 1000, the fake saw no problem.
    /// Returns how long the shutdown took.
    pub async fn stop(mut self) -> Duration {
        self.running.stop(&self.fake).await
    }
}

impl Running {
    /// [`InProcess::stop`], on `fake`.
    async fn stop(&mut self, fake: &FakeDiscord) -> Duration {
        // A bot started after a restart closes a later connection.
        let closed_before = fake.bot_close_codes().len();
        let started = Instant::now();
        let _ = self.stop.take().expect("not stopped yet").send(());
        let task = self.task.take().expect("running");
        let ended = tokio::time::timeout(T, task).await.expect("run returns");
        ended.expect("the run task").expect("run ends with Ok");
        let took = started.elapsed();
        fake.wait_for_bot_close(T)
            .await
            .expect("the bot closes the gateway");
        let code = loop {
            if let Some(code) = fake.bot_close_codes().get(closed_before) {
                break *code;
            }
            assert!(started.elapsed() < 2 * T, "the bot closes its connection");
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        assert_eq!(code, Some(1000), "a clean shutdown closes the gateway with 1000");
        fake.wait_disconnected(T).await.expect("the socket is gone");
        fake.assert_no_problems();
        took
    }
}

/// The `isolo-bot` binary, run as `isolo-bot run --config FILE`.
pub struct BotProcess {
    child: Child,
    /// Where its output goes.
    pub log: PathBuf,
}

impl BotProcess {
    /// Starts the binary with `config` (written next to the log in `dir`).
    pub fn spawn(dir: &Path, config: &str, name: &str) -> BotProcess {
        Self::spawn_binary(Path::new(env!("CARGO_BIN_EXE_isolo-bot")), dir, config, name)
    }

    /// Starts `binary` (this build's or another's, for a side-by-side
    /// measurement) with `config` (written next to the log in `dir`).
    pub fn spawn_binary(binary: &Path, dir: &Path, config: &str, name: &str) -> BotProcess {
        let config_path = dir.join(format!("{name}.toml"));
        std::fs::write(&config_path, config).expect("write config");
        let log = dir.join(format!("{name}.log"));
        let out = std::fs::File::create(&log).expect("log file");
        let err = out.try_clone().expect("log file");
        let child = Command::new(binary)
            .arg("run")
            .arg("--config")
            .arg(&config_path)
            .env("NO_PROXY", "127.0.0.1,localhost")
            .env("no_proxy", "127.0.0.1,localhost")
            .env_remove("DISCORD_TOKEN")
            .env("RUST_LOG", "info,serenity=warn,poise=warn")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start isolo-bot");
        BotProcess { child, log }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the bot printed so far.
    pub fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Sends `signal` (libc's number) to the process.
    #[cfg(unix)]
    pub fn signal(&self, signal: i32) {
        let pid = i32::try_from(self.pid()).expect("pid fits");
        // SAFETY: kill(2) on our own child's pid has no memory effects.
        let rc = unsafe { libc::kill(pid, signal) };
        assert_eq!(rc, 0, "kill({pid}, {signal}) failed");
    }

    /// Waits (bounded) for the process to exit; returns its status.
    pub async fn wait_exit(&mut self, timeout: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "isolo-bot did not exit within {timeout:?}; its output:\n{}",
                self.output()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The id in a JSON snowflake string.
pub fn snowflake(v: &Value) -> Option<u64> {
    v.as_str()?.parse().ok()
}

/// The move menu of a board: its custom id and the pits it offers.
#[derive(Clone, Debug)]
pub struct Menu {
    /// `isolo:move:<channel>:<ply>:<game>`.
    pub custom_id: String,
    /// The option values (pit names), in order.
    pub pits: Vec<String>,
}

/// A board the bot posted, as the fake received it.
#[derive(Clone, Debug)]
pub struct Board {
    /// The request that carried it.
    pub request: Request,
    /// The message it became.
    pub message_id: u64,
    /// The channel it is in.
    pub channel_id: u64,
    /// The text.
    pub content: String,
    /// The decoded picture.
    pub png: image::RgbaImage,
    /// The move menu, if the player to move is a person.
    pub menu: Option<Menu>,
}

impl Board {
    /// Reads and checks a board out of a request that uploaded it: a PNG of
    /// the board's size with alt text, in a public message.
    pub fn read(fake: &FakeDiscord, sent: Option<&SentInteraction>, request: &Request) -> Board {
        let msg = request.message();
        assert!(!msg.is_ephemeral(), "a board is public: {:?}", msg.content);
        assert_eq!(request.files.len(), 1, "one picture per board");
        let file = &request.files[0];
        assert_eq!(file.content_type.as_deref(), Some("image/png"));
        assert!(
            file.filename.as_deref().is_some_and(|f| f.ends_with(".png")),
            "{:?}",
            file.filename
        );
        let png = image::load_from_memory_with_format(&file.data, image::ImageFormat::Png)
            .expect("the board is a PNG")
            .to_rgba8();
        assert_eq!(png.dimensions(), PICTURE, "board picture size");
        let alt = msg.attachments.first().and_then(|a| a["description"].as_str());
        assert!(alt.is_some_and(|a| !a.is_empty()), "the picture has alt text");
        let stored = match request.route {
            Route::InteractionCallback { .. } => {
                fake.original_message(sent.expect("a callback answers an interaction"))
            }
            _ => request.response_message_id().and_then(|m| fake.message(m)),
        }
        .expect("the board is a message the fake holds");
        let menu = msg.components.iter().find_map(|row| {
            row["components"].as_array()?.iter().find_map(|c| {
                let id = c["custom_id"].as_str()?;
                id.starts_with("isolo:move:").then(|| Menu {
                    custom_id: id.to_owned(),
                    pits: c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|o| o["value"].as_str().map(str::to_owned))
                        .collect(),
                })
            })
        });
        Board {
            request: request.clone(),
            message_id: snowflake(&stored["id"]).expect("message id"),
            channel_id: snowflake(&stored["channel_id"]).expect("channel id"),
            content: msg.content.clone().unwrap_or_default(),
            png,
            menu,
        }
    }

    /// The users this message may ping, and checks it can ping nothing else
    /// (no @everyone, no roles).
    pub fn pings(&self) -> Vec<u64> {
        allowed_users(&self.request.message().allowed_mentions)
    }
}

/// The users `allowed_mentions` lets a message ping; panics if it lets the
/// message ping @everyone, roles, or any user named in the text.
pub fn allowed_users(allowed: &Option<Value>) -> Vec<u64> {
    let allowed = allowed.as_ref().expect("every message sets allowed_mentions");
    let parse: Vec<&str> = allowed["parse"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert!(parse.is_empty(), "allowed_mentions parses {parse:?}: {allowed}");
    assert!(
        allowed["roles"].as_array().is_none_or(Vec::is_empty),
        "allowed_mentions lists roles: {allowed}"
    );
    allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| snowflake(u).or_else(|| u.as_u64()))
        .collect()
}

/// Waits for `n` board uploads answering `sent`, in order.
pub async fn boards(fake: &FakeDiscord, sent: &SentInteraction, n: usize) -> Vec<Board> {
    let requests = fake
        .wait_for_n(n, |r| r.is_for(sent) && !r.files.is_empty(), T)
        .await
        .unwrap_or_else(|e| panic!("{n} board(s): {e}"));
    requests
        .iter()
        .map(|r| Board::read(fake, Some(sent), r))
        .collect()
}

/// Waits for the callback of `sent` and checks it is a private refusal: the
/// first response itself is ephemeral, says `needle`, pings nobody.
pub async fn expect_refusal(fake: &FakeDiscord, sent: &SentInteraction, needle: &str) -> InteractionCallback {
    let cb = fake.wait_for_callback(sent, T).await.expect("the refusal");
    let text = cb.message.content.clone().unwrap_or_default();
    assert_eq!(cb.kind, CallbackKind::Message, "a refusal is a message: {text}");
    assert!(
        cb.message.is_ephemeral(),
        "a refusal is ephemeral (flags {}): {text}",
        cb.message.flags
    );
    assert!(
        text.to_lowercase().contains(&needle.to_lowercase()),
        "refusal {text:?} should say {needle:?}"
    );
    assert!(cb.message.files.is_empty(), "a refusal has no picture");
    assert_eq!(
        allowed_users(&cb.message.allowed_mentions),
        Vec::<u64>::new(),
        "a refusal pings nobody"
    );
    cb
}

/// `/isolo board text:true` by a bystander: the position as text (for checking
/// that a refusal changed nothing).
pub async fn board_text(fake: &FakeDiscord, channel: u64) -> String {
    let cmd = SlashCommand::new("isolo")
        .sub("board")
        .boolean("text", true)
        .by(&FakeUser::carol())
        .in_channel(channel);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("board as text");
    assert_eq!(cb.kind, CallbackKind::Message);
    cb.message.content.expect("text board")
}

/// How a move is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// `/isolo move pit:<pit>`.
    Command,
    /// The select menu under the newest board.
    Menu,
}

/// A game between two people hosted by the bot, mirrored by the test with the
/// engine so every board, menu and result can be checked.
pub struct Duel {
    /// The channel (or thread) the game is played in.
    pub channel: u64,
    /// South (the challenger, who moves first) and North.
    pub players: [FakeUser; 2],
    /// The same game, played by the test.
    pub mirror: Game,
    /// The newest board.
    pub board: Board,
    /// Picks the test's moves (seeded: games are reproducible).
    picker: Box<dyn isolo_bot::ai::Player>,
}

/// Waits until `done` holds, nudging the bot's scheduler (the clock is manual).
pub async fn until(bot: &InProcess, what: &str, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < T, "{what}");
        bot.table.deadlines_changed().notify_one();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Messages the bot posted in `channel` that contain `needle`.
pub fn posted(fake: &FakeDiscord, channel: u64, needle: &str) -> usize {
    fake.count_requests(|r| {
        matches!(r.route, Route::CreateMessage { channel_id } if channel_id == channel)
            && r.message().content.is_some_and(|c| c.contains(needle))
    })
}

/// `south` challenges `north` to an unrated game in [`CHANNEL_ID`], accepted.
pub async fn friendly_game(fake: &FakeDiscord, south: &FakeUser, north: &FakeUser) {
    let unrated = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", north)
        .boolean("rated", false)
        .by(south);
    fake.wait_for_callback(&fake.send_command(&unrated).await, T)
        .await
        .expect("challenged");
    let accept = SlashCommand::new("isolo").sub("accept").by(north);
    fake.wait_for_callback(&fake.send_command(&accept).await, T)
        .await
        .expect("accepted");
}

/// `user` challenges the bot to a women's game in `channel`: the command as sent.
pub async fn challenge_the_bot(fake: &FakeDiscord, user: &FakeUser, channel: u64) -> SentInteraction {
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bot_user())
        .integer("variant", 0)
        .by(user)
        .in_channel(channel);
    fake.send_command(&cmd).await
}

/// `user` challenges the bot at level 1 in their own DM with it: the command as sent.
pub async fn challenge_the_bot_in_dm(fake: &FakeDiscord, user: &FakeUser) -> SentInteraction {
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bot_user())
        .integer("level", 1)
        .by(user)
        .in_dm();
    fake.send_command(&cmd).await
}

/// The option value of a variant in `/isolo challenge` (poise choice index).
pub fn variant_choice(v: Variant) -> i64 {
    match v {
        Variant::Women => 0,
        _ => 1,
    }
}

/// `/isolo challenge` in `channel`: checks the public challenge with its buttons
/// that pings only the opponent. Returns the challenge message id.
pub async fn challenge(
    fake: &FakeDiscord,
    channel: u64,
    south: &FakeUser,
    north: &FakeUser,
    variant: Variant,
) -> u64 {
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", north)
        .integer("variant", variant_choice(variant))
        .by(south)
        .in_channel(channel);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("challenge posted");
    let text = cb.message.content.clone().unwrap_or_default();
    assert_eq!(cb.kind, CallbackKind::Message, "{text}");
    assert!(!cb.message.is_ephemeral(), "the challenge is public: {text}");
    assert!(text.contains(&format!("<@{}>", north.id)), "{text}");
    assert_eq!(allowed_users(&cb.message.allowed_mentions), [north.id], "{text}");
    assert_eq!(
        cb.message.custom_ids(),
        [
            format!("isolo:accept:{channel}:{}", south.id),
            format!("isolo:decline:{channel}:{}", south.id),
            format!("isolo:withdraw:{channel}:{}", north.id)
        ]
    );
    let msg = fake.original_message(&sent).expect("challenge message");
    snowflake(&msg["id"]).expect("message id")
}

impl Duel {
    /// `south` challenges `north` in `channel`, `north` accepts with
    /// `/isolo accept`; with `thread` the game is hosted in a new thread.
    pub async fn start(
        fake: &FakeDiscord,
        channel: u64,
        south: &FakeUser,
        north: &FakeUser,
        variant: Variant,
        thread: bool,
        seed: u64,
    ) -> Duel {
        challenge(fake, channel, south, north, variant).await;
        let accept = SlashCommand::new("isolo")
            .sub("accept")
            .by(north)
            .in_channel(channel);
        let sent = fake.send_command(&accept).await;
        let board = if thread {
            let cb = fake.wait_for_callback(&sent, T).await.expect("accepted");
            let created = fake
                .wait_for(
                    |r| {
                        matches!(r.route, Route::CreateThread { channel_id, .. } if channel_id == channel)
                            && r.status == 201
                    },
                    T,
                )
                .await
                .expect("a thread for the game");
            let thread_id = snowflake(&created.response["id"]).expect("thread id");
            let note = cb.message.content.unwrap_or_default();
            assert!(
                note.contains(&format!("<#{thread_id}>")),
                "the reply points to the thread: {note}"
            );
            let posted = fake
                .wait_for(
                    |r| {
                        r.route
                            == Route::CreateMessage {
                                channel_id: thread_id,
                            }
                            && !r.files.is_empty()
                    },
                    T,
                )
                .await
                .expect("the board is posted in the thread");
            Board::read(fake, None, &posted)
        } else {
            let mut b = boards(fake, &sent, 1).await;
            let board = b.remove(0);
            assert!(
                matches!(
                    board.request.route,
                    Route::InteractionCallback { .. } | Route::CreateFollowup { .. }
                ),
                "the board is the answer to /isolo accept"
            );
            board
        };
        Duel::begun(board, south, north, variant, seed)
    }

    /// `south` challenges `north` in `channel`, and `north` accepts with the
    /// challenge's button (as a member who has not added the app can): the
    /// first board follows the updated challenge.
    pub async fn start_by_button(
        fake: &FakeDiscord,
        channel: u64,
        south: &FakeUser,
        north: &FakeUser,
        variant: Variant,
        seed: u64,
    ) -> Duel {
        let message = challenge(fake, channel, south, north, variant).await;
        let custom_id = format!("isolo:accept:{channel}:{}", south.id);
        let click = ComponentClick::button(message, &custom_id).by(north);
        let sent = fake.send_component(&click).await;
        let cb = fake.wait_for_callback(&sent, T).await.expect("accepted");
        assert_eq!(
            cb.kind,
            CallbackKind::UpdateMessage,
            "the challenge loses its buttons"
        );
        assert!(cb.message.components.is_empty());
        let board = boards(fake, &sent, 1).await.remove(0);
        Duel::begun(board, south, north, variant, seed)
    }

    /// The duel whose first board is `board`, checked.
    fn begun(board: Board, south: &FakeUser, north: &FakeUser, variant: Variant, seed: u64) -> Duel {
        let rules = Rules::new(variant);
        let duel = Duel {
            channel: board.channel_id,
            players: [south.clone(), north.clone()],
            mirror: Game::new(rules),
            board,
            picker: Level::Random.player(seed),
        };
        assert!(
            duel.board.content.contains(&format!("<@{}>", south.id)),
            "{}",
            duel.board.content
        );
        assert_eq!(duel.board.pings(), [south.id], "the first board pings South only");
        duel.check_menu();
        duel
    }

    /// The usual duel: Alice challenges Bob in `channel`, Bob accepts, and
    /// the game stays in the channel.
    pub async fn alice_and_bob(fake: &FakeDiscord, channel: u64, variant: Variant, seed: u64) -> Duel {
        let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
        Duel::start(fake, channel, &alice, &bob, variant, false, seed).await
    }

    /// The player to move.
    pub fn to_move(&self) -> &FakeUser {
        let side = self.mirror.to_move().expect("the game is on");
        &self.players[side.index()]
    }

    /// The other player.
    pub fn waiting(&self) -> &FakeUser {
        let side = self.mirror.to_move().expect("the game is on");
        &self.players[side.opponent().index()]
    }

    /// The move the test plays next.
    pub fn choose(&mut self) -> Move {
        self.picker
            .choose(self.mirror.position())
            .expect("a legal move while the game is on")
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.mirror.result().is_some()
    }

    /// The newest board's menu offers exactly the legal moves.
    fn check_menu(&self) {
        let legal: Vec<String> = self.mirror.legal_moves().iter().map(|m| m.to_string()).collect();
        match &self.board.menu {
            Some(menu) => {
                let mut offered = menu.pits.clone();
                let mut want = legal.clone();
                offered.sort();
                want.sort();
                assert_eq!(offered, want, "the menu offers the legal moves");
                let board = format!("isolo:move:{}:{}:", self.channel, self.mirror.ply());
                assert!(
                    menu.custom_id.starts_with(&board),
                    "{} names the board's channel, ply and game",
                    menu.custom_id
                );
            }
            None => assert!(legal.is_empty(), "a board of a game on has a move menu"),
        }
    }

    /// Sends `mv` by the player to move, `via` a command or the menu.
    pub async fn send(&self, fake: &FakeDiscord, mv: Move, via: Via) -> SentInteraction {
        let by = self.to_move().clone();
        self.send_as(fake, &by, &mv.to_string(), via).await
    }

    /// Sends `pit` by `by`, `via` a command or the newest board's menu.
    pub async fn send_as(&self, fake: &FakeDiscord, by: &FakeUser, pit: &str, via: Via) -> SentInteraction {
        match via {
            Via::Command => {
                let cmd = SlashCommand::new("isolo")
                    .sub("move")
                    .string("pit", pit)
                    .by(by)
                    .in_channel(self.channel);
                fake.send_command(&cmd).await
            }
            Via::Menu => {
                let menu = self.board.menu.as_ref().expect("the newest board has a menu");
                let click = ComponentClick::select(self.board.message_id, &menu.custom_id, &[pit]).by(by);
                fake.send_component(&click).await
            }
        }
    }

    /// Plays `mv` and checks the answer: through a command the board is the
    /// public first response; through the menu the menu's message is updated
    /// (its menu retired) and the board follows. The new picture differs from
    /// the last, its menu offers the next player's legal moves, it pings only
    /// the next player, and the end of the game names the winner or the draw.
    pub async fn play(&mut self, fake: &FakeDiscord, mv: Move, via: Via) -> SentInteraction {
        let sent = self.send(fake, mv, via).await;
        self.expect_played(fake, &sent, mv, via).await;
        sent
    }

    /// Checks the answers to `sent`, which played `mv`.
    pub async fn expect_played(&mut self, fake: &FakeDiscord, sent: &SentInteraction, mv: Move, via: Via) {
        let previous = self.board.clone();
        let board = boards(fake, sent, 1).await.remove(0);
        let first = fake
            .wait_for_callback(sent, T)
            .await
            .expect("the move's first response");
        match via {
            // The board is the first response, or (when pictures queue up)
            // follows a deferral.
            Via::Command => match first.kind {
                CallbackKind::Message => {
                    assert!(matches!(board.request.route, Route::InteractionCallback { .. }))
                }
                CallbackKind::DeferredMessage => {
                    assert!(matches!(board.request.route, Route::CreateFollowup { .. }))
                }
                other => panic!("a move answered with {other:?}"),
            },
            Via::Menu => {
                match first.kind {
                    CallbackKind::UpdateMessage => {
                        assert!(first.message.components.is_empty(), "the used menu is retired")
                    }
                    // A slow save: acknowledged first, the menu retired by an edit.
                    CallbackKind::DeferredUpdate => {}
                    other => panic!("a menu click answered with {other:?}"),
                }
                assert!(matches!(board.request.route, Route::CreateFollowup { .. }));
            }
        }
        assert!(!first.message.is_ephemeral());
        self.mirror.play(mv).expect("the test plays legal moves");
        assert!(
            board.content.contains(&format!("sowed {mv}")),
            "the board says what was played: {}",
            board.content
        );
        assert_ne!(board.png, previous.png, "the picture changes with a move");
        self.board = board;
        self.check_menu();
        self.check_ending();
    }

    /// After a move: who is pinged, and the result line at the end.
    fn check_ending(&self) {
        let content = &self.board.content;
        match self.mirror.result() {
            None => {
                let next = self.to_move().id;
                assert_eq!(
                    self.board.pings(),
                    [next],
                    "only the next player is pinged: {content}"
                );
                assert!(content.contains(&format!("<@{next}>, your move")), "{content}");
            }
            Some(result) => {
                match result.outcome {
                    Outcome::Win(side) => {
                        let winner = self.players[side.index()].id;
                        assert!(content.contains(&format!("<@{winner}> wins")), "{content}");
                    }
                    Outcome::Draw => assert!(content.contains("draw"), "{content}"),
                }
                let mut pinged = self.board.pings();
                pinged.sort_unstable();
                let mut both = vec![self.players[0].id, self.players[1].id];
                both.sort_unstable();
                assert_eq!(pinged, both, "the end pings both players");
                assert!(self.board.menu.is_none(), "a finished game has no move menu");
                let rematch = self.board.request.message().custom_ids();
                assert_eq!(rematch.len(), 1, "{rematch:?}");
                assert!(
                    rematch[0].starts_with(&format!("isolo:rematch:{}:", self.channel)),
                    "the rematch button names its game: {rematch:?}"
                );
            }
        }
    }

    /// Plays the game to its end, alternating `/isolo move` and the menu.
    /// Returns the number of moves played.
    pub async fn play_out(&mut self, fake: &FakeDiscord, max_plies: usize) -> usize {
        let mut n = 0;
        while !self.over() {
            assert!(n < max_plies, "the game should end within {max_plies} plies");
            let mv = self.choose();
            let via = if n % 2 == 0 { Via::Command } else { Via::Menu };
            self.play(fake, mv, via).await;
            n += 1;
        }
        n
    }
}

/// The bot under test as the opponent of a challenge.
pub fn bot_user() -> FakeUser {
    let bot = FakeUser::bot_user();
    assert_eq!(bot.id, BOT_USER_ID);
    bot
}
