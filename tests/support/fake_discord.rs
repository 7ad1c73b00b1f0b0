//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity client.
//!
//! It serves REST under `/api/v10` and a plain-JSON WebSocket gateway at `/ws`
//! (see `shared/discord-on-loopback.md`), records every request, and lets a test
//! dispatch interactions and wait, with a timeout, for the bot's answers.
//!
//! ```ignore
//! let fake = FakeDiscord::start(FakeOptions::default()).await;
//! let http = HttpBuilder::new(fake_discord::TOKEN)
//!     .proxy(fake.base_url())
//!     .ratelimiter_disabled(true)
//!     .build();
//! // ... start a serenity client with ClientBuilder::new_with_http(http, intents) ...
//! fake.wait_ready(TIMEOUT).await?;
//! let sent = fake.send_command(&SlashCommand::new("isolo").sub("ping")).await;
//! let callback = fake.wait_for_callback(&sent, TIMEOUT).await?;
//! assert!(callback.message.is_ephemeral());
//! ```
//!
//! Anything the fake cannot answer (unknown route, unknown token, an
//! interaction acknowledged twice, a payload serenity could not read) is
//! answered like Discord would and listed in [`FakeDiscord::problems`].

mod gateway;
mod interactions;
mod limits;
pub mod oauth;
pub mod payloads;
mod places;
mod rest;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::Value;
use serenity::model::Permissions;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

pub use interactions::{kind, option_type, ComponentClick, SlashCommand};
pub use limits::{Buckets, Limit, Scope};
pub use places::{Place, MAX_FOLLOWUPS};

/// The bot token the fake expects, on the gateway and in `Authorization: Bot ...`.
pub const TOKEN: &str = "fake.bot.token";
/// The bot's user id (READY, message authors).
pub const BOT_USER_ID: u64 = 1_100_000_000_000_000_001;
/// The bot's username (READY, `GET /users/@me`).
pub const BOT_USERNAME: &str = "isolo-test-bot";
/// The application id (READY, webhook routes). Deliberately not the bot user
/// id, so code that mixes the two up fails here.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_002;
/// The one guild the bot is in.
pub const GUILD_ID: u64 = 1_200_000_000_000_000_001;
/// The guild text channel interactions come from by default.
pub const CHANNEL_ID: u64 = 1_300_000_000_000_000_001;
/// The DM channel used by DM interactions.
pub const DM_CHANNEL_ID: u64 = 1_300_000_000_000_000_002;
/// The application owner, as reported by `GET /oauth2/applications/@me`.
pub const OWNER_ID: u64 = 1_400_000_000_000_000_001;

/// Permissions of an ordinary member: talk, read, use commands; no Manage Messages.
pub const MEMBER_PERMISSIONS: u64 = Permissions::VIEW_CHANNEL.bits()
    | Permissions::SEND_MESSAGES.bits()
    | Permissions::READ_MESSAGE_HISTORY.bits()
    | Permissions::EMBED_LINKS.bits()
    | Permissions::ATTACH_FILES.bits()
    | Permissions::USE_APPLICATION_COMMANDS.bits()
    | Permissions::SEND_MESSAGES_IN_THREADS.bits();
/// A moderator: a member who may also Manage Messages.
pub const MODERATOR_PERMISSIONS: u64 = MEMBER_PERMISSIONS | Permissions::MANAGE_MESSAGES.bits();
/// The bot's own permissions in a channel (`app_permissions`) unless a test
/// changes them: its invite's, without Manage Threads.
pub const BOT_PERMISSIONS: u64 = MEMBER_PERMISSIONS | Permissions::CREATE_PUBLIC_THREADS.bits();

/// Message flag: only the invoking user sees the message.
pub const EPHEMERAL: u64 = 64;

/// A human user who invokes commands and clicks components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    /// User id.
    pub id: u64,
    /// Username (also used as display name).
    pub name: String,
    /// Guild permissions bits, sent as `member.permissions`.
    pub permissions: u64,
    /// A bot account (`user.bot`), like the bot under test itself.
    pub bot: bool,
}

impl FakeUser {
    /// An ordinary member.
    pub fn new(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            permissions: MEMBER_PERMISSIONS,
            bot: false,
        }
    }

    /// The bot under test as a user ([`BOT_USER_ID`], named as in READY), for
    /// USER options that name it (e.g. challenging the bot).
    pub fn bot_user() -> Self {
        Self {
            bot: true,
            ..Self::new(BOT_USER_ID, BOT_USERNAME)
        }
    }

    /// First player, the default invoker.
    pub fn alice() -> Self {
        Self::new(1_500_000_000_000_000_001, "alice")
    }

    /// Second player.
    pub fn bob() -> Self {
        Self::new(1_500_000_000_000_000_002, "bob")
    }

    /// A bystander.
    pub fn carol() -> Self {
        Self::new(1_500_000_000_000_000_003, "carol")
    }

    /// The same user with other guild permissions.
    pub fn with_permissions(mut self, permissions: u64) -> Self {
        self.permissions = permissions;
        self
    }
}

/// How to start the fake.
#[derive(Clone, Debug)]
pub struct FakeOptions {
    /// Sent in HELLO. serenity heartbeats at once and then every interval,
    /// and drops the connection (losing what was dispatched meanwhile) when
    /// an ack is not back within one interval: 300 ms did that on a loaded
    /// test machine, so the default leaves seconds of slack.
    pub heartbeat_interval: Duration,
    /// Guilds listed in READY.
    pub guilds: Vec<u64>,
    /// How long `send_*` wait for a gateway session before panicking.
    pub send_timeout: Duration,
    /// Every bucket's rate limit (sent in `X-RateLimit-*`, enforced with 429s).
    pub buckets: Buckets,
}

impl Default for FakeOptions {
    fn default() -> Self {
        Self {
            heartbeat_interval: Duration::from_secs(5),
            guilds: vec![GUILD_ID],
            send_timeout: Duration::from_secs(10),
            buckets: Buckets::default(),
        }
    }
}

/// One file of a multipart request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UploadedFile {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    /// The file name the bot gave.
    pub filename: Option<String>,
    /// The part's content type.
    pub content_type: Option<String>,
    /// The file's bytes.
    pub data: Vec<u8>,
}

impl UploadedFile {
    /// `N` of a `files[N]` field.
    pub fn index(&self) -> Option<u64> {
        self.field.strip_prefix("files[")?.strip_suffix(']')?.parse().ok()
    }

    /// Whether the bytes start with the PNG signature.
    pub fn is_png(&self) -> bool {
        self.data.starts_with(b"\x89PNG\r\n\x1a\n")
    }
}

/// What a REST request was, with the ids from its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /gateway`
    GetGateway,
    /// `GET /gateway/bot`
    GetGatewayBot,
    /// `GET /oauth2/applications/@me`
    GetApplication,
    /// `GET /users/@me`
    GetCurrentUser,
    /// `POST /users/@me/channels` (opening a DM)
    CreateDm,
    /// `PUT /applications/{app}/commands` (global, `guild_id` None) or `.../guilds/{g}/commands`.
    PutCommands { guild_id: Option<u64> },
    /// `GET` of the same paths.
    GetCommands { guild_id: Option<u64> },
    /// `POST /interactions/{id}/{token}/callback`
    InteractionCallback { interaction_id: u64, token: String },
    /// `POST /webhooks/{app}/{token}`
    CreateFollowup { token: String },
    /// `GET /webhooks/{app}/{token}/messages/@original`
    GetOriginal { token: String },
    /// `PATCH /webhooks/{app}/{token}/messages/@original`
    EditOriginal { token: String },
    /// `DELETE /webhooks/{app}/{token}/messages/@original`
    DeleteOriginal { token: String },
    /// `GET /webhooks/{app}/{token}/messages/{id}`
    GetFollowup { token: String, message_id: u64 },
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`
    EditFollowup { token: String, message_id: u64 },
    /// `DELETE /webhooks/{app}/{token}/messages/{id}`
    DeleteFollowup { token: String, message_id: u64 },
    /// `POST /channels/{c}/messages`
    CreateMessage { channel_id: u64 },
    /// `GET /channels/{c}/messages/{m}`
    GetMessage { channel_id: u64, message_id: u64 },
    /// `PATCH /channels/{c}/messages/{m}`
    EditMessage { channel_id: u64, message_id: u64 },
    /// `DELETE /channels/{c}/messages/{m}`
    DeleteMessage { channel_id: u64, message_id: u64 },
    /// `POST /channels/{c}/threads` (`message_id` None) or `/channels/{c}/messages/{m}/threads`.
    CreateThread {
        channel_id: u64,
        message_id: Option<u64>,
    },
    /// `GET /channels/{c}`
    GetChannel { channel_id: u64 },
    /// `GET /guilds/{g}` (its roles and owner)
    GetGuild { guild_id: u64 },
    /// `GET /guilds/{g}/members/{u}`
    GetMember { guild_id: u64, user_id: u64 },
    /// `DELETE /channels/{c}` (the fake deletes threads only, with Manage Threads)
    DeleteChannel { channel_id: u64 },
    /// `PATCH /channels/{c}` (the fake edits its threads only: archived, and
    /// locked with Manage Threads)
    EditChannel { channel_id: u64 },
    /// Anything else: answered 404 and listed in [`FakeDiscord::problems`].
    Unknown,
}

impl Route {
    /// The channel a channel route is about.
    pub fn channel(&self) -> Option<u64> {
        match self {
            Route::CreateMessage { channel_id }
            | Route::GetMessage { channel_id, .. }
            | Route::EditMessage { channel_id, .. }
            | Route::DeleteMessage { channel_id, .. }
            | Route::CreateThread { channel_id, .. }
            | Route::GetChannel { channel_id }
            | Route::DeleteChannel { channel_id }
            | Route::EditChannel { channel_id } => Some(*channel_id),
            _ => None,
        }
    }

    /// The interaction token in the path, for interaction and webhook routes.
    pub fn token(&self) -> Option<&str> {
        match self {
            Route::InteractionCallback { token, .. }
            | Route::CreateFollowup { token }
            | Route::GetOriginal { token }
            | Route::EditOriginal { token }
            | Route::DeleteOriginal { token }
            | Route::GetFollowup { token, .. }
            | Route::EditFollowup { token, .. }
            | Route::DeleteFollowup { token, .. } => Some(token),
            _ => None,
        }
    }
}

/// One REST request the bot made, with the fake's answer.
#[derive(Clone, Debug)]
pub struct Request {
    /// Position in arrival order, from 0.
    pub index: usize,
    /// When it arrived.
    pub at: Instant,
    /// `GET`, `POST`, ...
    pub method: String,
    /// Path after `/api/v10`, without the query.
    pub path: String,
    /// Query parameters (serenity writes `?&k=v`).
    pub query: Vec<(String, String)>,
    /// What the path means.
    pub route: Route,
    /// The JSON body, or the `payload_json` part of a multipart body; Null if none.
    pub body: Value,
    /// The files of a multipart body.
    pub files: Vec<UploadedFile>,
    /// The status the fake answered; 0 for none (see [`FakeDiscord::swallow_next`]).
    pub status: u16,
    /// The body the fake answered (Null for 204).
    pub response: Value,
}

impl Request {
    /// Whether this request answers `sent` (its callback, followups, edits).
    /// A request refused with a 429 answered nothing: the bot must send it
    /// again, and only that one counts.
    pub fn is_for(&self, sent: &SentInteraction) -> bool {
        self.route.token() == Some(sent.token.as_str()) && self.status != 429
    }

    /// Whether this request was sent for `sent`, answered or not.
    pub fn was_sent_for(&self, sent: &SentInteraction) -> bool {
        self.route.token() == Some(sent.token.as_str())
    }

    /// The typed view of an interaction callback, if this is one.
    pub fn callback(&self) -> Option<InteractionCallback> {
        matches!(self.route, Route::InteractionCallback { .. }).then(|| InteractionCallback {
            kind: CallbackKind::from(self.body["type"].as_u64().unwrap_or(0)),
            message: MessagePayload::new(&self.body["data"], &self.files),
        })
    }

    /// The message content the bot sent: the callback's `data`, or the body
    /// of a followup, edit or channel message.
    pub fn message(&self) -> MessagePayload {
        match self.route {
            Route::InteractionCallback { .. } => MessagePayload::new(&self.body["data"], &self.files),
            _ => MessagePayload::new(&self.body, &self.files),
        }
    }

    /// The id of the message in the fake's answer, if it returned one.
    pub fn response_message_id(&self) -> Option<u64> {
        self.response.get("id")?.as_str()?.parse().ok()
    }

    /// Time from sending `sent` to this request's arrival.
    pub fn latency_since(&self, sent: &SentInteraction) -> Duration {
        self.at.saturating_duration_since(sent.sent_at)
    }
}

/// Interaction callback `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallbackKind {
    /// 1
    Pong,
    /// 4: reply with a message.
    Message,
    /// 5: "thinking...", the reply comes later (followup or @original edit).
    DeferredMessage,
    /// 6: acknowledge a component, edit later.
    DeferredUpdate,
    /// 7: edit the message the component is on.
    UpdateMessage,
    /// 8: autocomplete choices.
    Autocomplete,
    /// 9: open a modal.
    Modal,
    /// Any other value.
    Other(u64),
}

impl From<u64> for CallbackKind {
    fn from(v: u64) -> Self {
        match v {
            1 => Self::Pong,
            4 => Self::Message,
            5 => Self::DeferredMessage,
            6 => Self::DeferredUpdate,
            7 => Self::UpdateMessage,
            8 => Self::Autocomplete,
            9 => Self::Modal,
            other => Self::Other(other),
        }
    }
}

/// Typed view of `POST /interactions/{id}/{token}/callback`.
#[derive(Clone, Debug)]
pub struct InteractionCallback {
    /// The callback `type`.
    pub kind: CallbackKind,
    /// Its `data` (empty for a bare deferral).
    pub message: MessagePayload,
}

/// The parts of a message body (callback data, followup, edit, channel
/// message) tests look at. Absent fields are None or empty.
#[derive(Clone, Debug, Default)]
pub struct MessagePayload {
    /// `content`.
    pub content: Option<String>,
    /// `flags` (0 if absent); see [`EPHEMERAL`].
    pub flags: u64,
    /// `components`: action rows.
    pub components: Vec<Value>,
    /// `embeds`.
    pub embeds: Vec<Value>,
    /// `attachments` as sent (ids are file indices for new uploads).
    pub attachments: Vec<Value>,
    /// `allowed_mentions`.
    pub allowed_mentions: Option<Value>,
    /// `choices` of an autocomplete result.
    pub choices: Vec<Value>,
    /// The uploaded files.
    pub files: Vec<UploadedFile>,
}

impl MessagePayload {
    fn new(v: &Value, files: &[UploadedFile]) -> Self {
        let list = |k: &str| v.get(k).and_then(Value::as_array).cloned().unwrap_or_default();
        Self {
            content: v.get("content").and_then(Value::as_str).map(str::to_owned),
            flags: v.get("flags").and_then(Value::as_u64).unwrap_or(0),
            components: list("components"),
            embeds: list("embeds"),
            attachments: list("attachments"),
            allowed_mentions: v.get("allowed_mentions").cloned(),
            choices: list("choices"),
            files: files.to_vec(),
        }
    }

    /// Whether the EPHEMERAL flag is set.
    pub fn is_ephemeral(&self) -> bool {
        self.flags & EPHEMERAL != 0
    }

    /// The `custom_id` of every component, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(&Value::Array(self.components.clone()))
    }
}

/// Every `custom_id` found in `v` (a message, a payload or a component list), in order.
pub fn custom_ids(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(id)) = m.get("custom_id") {
                    out.push(id.clone());
                }
                m.values().for_each(|x| walk(x, out));
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    walk(v, &mut out);
    out
}

/// An interaction the fake dispatched.
#[derive(Clone, Debug)]
pub struct SentInteraction {
    /// Interaction id.
    pub id: u64,
    /// Interaction token (unique).
    pub token: String,
    /// Interaction `type` ([`kind`]).
    pub kind: u8,
    /// Gateway sequence number it was sent with.
    pub seq: u64,
    /// When it was written to the gateway.
    pub sent_at: Instant,
    /// The whole interaction JSON.
    pub payload: Value,
}

/// Something that happened on the gateway, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GatewayLog {
    /// A WebSocket connection (number `conn`) opened.
    Connected { conn: u64 },
    /// IDENTIFY received; READY sent.
    Identified { conn: u64, intents: u64 },
    /// RESUME received; missed events and RESUMED sent.
    Resumed { conn: u64, seq: u64 },
    /// RESUME for an unknown session; op 9 sent.
    ResumeRejected { conn: u64 },
    /// Heartbeat (op 1) received and acknowledged.
    Heartbeat { conn: u64 },
    /// The bot sent a Close frame with this code.
    BotClosed { conn: u64, code: Option<u16> },
    /// The fake sent a Close frame with this code.
    FakeClosed { conn: u64, code: u16 },
    /// The connection ended.
    Disconnected { conn: u64 },
}

/// How the bot came back after [`FakeDiscord::force_reconnect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reconnect {
    /// It sent RESUME for its session.
    Resumed,
    /// It sent a new IDENTIFY.
    Identified,
}

/// A wait ran out. Its message says what was awaited and what the fake saw.
pub struct Timeout(String);

impl fmt::Debug for Timeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Display for Timeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Timeout {}

/// An interaction the fake dispatched, and what the bot did with it.
#[derive(Clone, Debug)]
struct InteractionState {
    id: u64,
    kind: u8,
    channel_id: u64,
    /// Callback received (a second one is an error, as on Discord).
    acked: bool,
    /// The message `@original` refers to.
    original: Option<u64>,
    /// A deferral whose "thinking" message the first followup replaces.
    deferred_pending: bool,
    /// Followups sent with its token.
    followups: usize,
    /// Its token is past Discord's 15 minutes (see [`FakeDiscord::expire`]).
    expired: bool,
}

/// A frame for a connection's writer task.
#[derive(Debug)]
enum Outbound {
    Text(String),
    Close(u16),
    /// Drop the TCP connection without a close frame (a network reset).
    Reset,
}

/// How [`FakeDiscord::kick`] makes the bot reconnect, as Discord may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kick {
    /// A close frame with this code.
    Close(u16),
    /// Op 7 RECONNECT: the bot closes and resumes.
    Reconnect,
    /// Op 9 INVALID_SESSION.
    InvalidSession {
        /// Whether the session may be resumed.
        resumable: bool,
    },
    /// The connection drops without a close frame.
    Reset,
}

#[derive(Debug)]
struct Connection {
    id: u64,
    tx: mpsc::UnboundedSender<Outbound>,
    /// Identified or resumed: dispatches may be sent.
    ready: bool,
    /// The shard it identified (or resumed) as.
    shard: u32,
}

#[derive(Debug)]
struct Session {
    id: String,
    seq: u64,
    /// Every dispatch of the session, for replay on RESUME.
    sent: Vec<(u64, String)>,
}

/// A request to fail: which routes, and the status to answer.
type Failure = (Box<dyn Fn(&Route) -> bool + Send>, u16);

/// Everything the fake knows, behind one lock.
#[derive(Default)]
struct State {
    requests: Vec<Request>,
    problems: Vec<String>,
    last_id: u64,
    messages: BTreeMap<u64, Value>,
    threads: BTreeMap<u64, Value>,
    /// Guild text channels besides [`CHANNEL_ID`] (see [`FakeDiscord::add_channel`]).
    channels: BTreeSet<u64>,
    /// Permissions taken from the bot in a channel (and its threads).
    denied: HashMap<u64, u64>,
    /// Channels `@everyone` cannot see, with the members who can.
    hidden: HashMap<u64, Vec<u64>>,
    /// The bot lacks Send Messages in Threads.
    mute_in_threads: bool,
    /// The bot has Manage Threads (not in its invite, so off by default).
    manage_threads: bool,
    /// How long creating a thread takes (a slow or rate-limited Discord).
    thread_delay: Duration,
    /// Refuse a first answer later than Discord's 3 s after the
    /// interaction's creation (see [`FakeDiscord::enforce_answer_window`]).
    answer_window: bool,
    /// Requests to fail once each (see [`FakeDiscord::fail_next`]).
    failures: Vec<Failure>,
    /// Requests to take and never answer (see [`FakeDiscord::swallow_next`]).
    swallows: Vec<fn(&Route) -> bool>,
    /// Buckets, 429s on demand, and the waits they impose.
    rate_limits: limits::RateLimits,
    /// Channels the bot is not a member of (see [`FakeDiscord::add_place`]).
    places: HashMap<u64, Place>,

    interactions: HashMap<String, InteractionState>,
    commands: BTreeMap<Option<u64>, Value>,
    /// OAuth2 codes, tokens and Activity instances (see `oauth.rs`).
    oauth: oauth::OAuth,
    /// The application has Activities enabled (see [`FakeDiscord::enable_activity`]).
    activity: bool,
    /// Open gateway connections; per shard, the newest ready one is live.
    conns: Vec<Connection>,
    connections: u64,
    /// The session of each shard.
    sessions: BTreeMap<u32, Session>,
    /// Shards of the bot, from its last IDENTIFY (0: none yet, as 1).
    shard_total: u32,
    /// The guild of each channel added with [`FakeDiscord::add_channel_in_guild`].
    channel_guilds: HashMap<u64, u64>,
    /// `[shard, total]` of every IDENTIFY, in order.
    identified: Vec<[u32; 2]>,
    gateway_log: Vec<GatewayLog>,
}

impl State {
    /// A fresh snowflake: time-based like Discord's, strictly increasing.
    fn next_id(&mut self) -> u64 {
        const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        self.last_id = ((ms - DISCORD_EPOCH_MS) << 22).max(self.last_id + 1);
        self.last_id
    }

    /// The bot's permissions in `channel` (a thread has its parent's), as
    /// Discord sends them in `app_permissions` and checks them.
    fn app_permissions(&self, channel: u64) -> u64 {
        let parent = self
            .threads
            .get(&channel)
            .and_then(|t| t["parent_id"].as_str()?.parse().ok())
            .unwrap_or(channel);
        let mut p = BOT_PERMISSIONS;
        if self.manage_threads {
            p |= Permissions::MANAGE_THREADS.bits();
        }
        if self.mute_in_threads {
            p &= !Permissions::SEND_MESSAGES_IN_THREADS.bits();
        }
        p & !self.denied.get(&parent).copied().unwrap_or(0)
    }

    /// Whether the bot has `perm` in `channel`.
    fn may(&self, channel: u64, perm: Permissions) -> bool {
        self.app_permissions(channel) & perm.bits() == perm.bits()
    }

    fn problem(&mut self, p: String) {
        self.problems.push(p);
    }

    /// Check that serenity can read `v` as a `T`; record a problem if not.
    fn validate<T: serde::de::DeserializeOwned>(&mut self, what: &str, v: &Value) {
        if let Err(e) = serde_json::from_value::<T>(v.clone()) {
            self.problem(format!("serenity cannot read the fake's {what}: {e}: {v}"));
        }
    }
}

struct Shared {
    state: Mutex<State>,
    /// Bumped after every change, to wake waiters.
    version: watch::Sender<u64>,
    opts: FakeOptions,
    ws_url: String,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Mutate the state and wake waiters.
    fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let r = f(&mut self.lock());
        self.version.send_modify(|v| *v += 1);
        r
    }
}

/// The running fake. Dropping it (or [`FakeDiscord::shutdown`]) stops the
/// server and closes every connection.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    base_url: String,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl FakeDiscord {
    /// Bind 127.0.0.1 on a port the OS picks and start serving.
    pub async fn start(opts: FakeOptions) -> FakeDiscord {
        FakeDiscord::start_on_port(opts, 0).await
    }

    /// [`FakeDiscord::start`] on a given port of 127.0.0.1 (0: any), for a
    /// bot that was started before Discord could be reached.
    pub async fn start_on_port(opts: FakeOptions, port: u16) -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("bind 127.0.0.1");
        let addr = listener.local_addr().expect("local addr");
        // Like Discord's servers, write small frames at once: with Nagle's
        // algorithm a second small gateway frame waits for the bot's delayed
        // ACK (40 ms on Linux), which would show up as bot latency.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            version: watch::channel(0).0,
            opts,
            ws_url: format!("ws://{addr}/ws"),
        });
        let tasks = Arc::new(Mutex::new(Vec::new()));
        let app = axum::Router::new()
            .route("/ws", axum::routing::get(gateway::upgrade))
            .route("/oauth2/authorize", axum::routing::get(oauth::authorize))
            .route("/test/login/{user}", axum::routing::get(oauth::login))
            .route("/test/code", axum::routing::get(oauth::test_code))
            // A browser on the fake's pages asks for an icon, as on discord.com.
            .route(
                "/favicon.ico",
                axum::routing::get(|| async { axum::http::StatusCode::NOT_FOUND }),
            )
            .route("/api/v10/oauth2/token", axum::routing::post(oauth::token))
            .route("/api/v10/users/@me", axum::routing::get(oauth::me))
            .route(
                "/api/v10/applications/{app}/activity-instances/{instance}",
                axum::routing::get(oauth::instance),
            )
            .fallback(rest::handle)
            // Multipart uploads are capped at 2 MB by default; Discord allows more.
            .layer(axum::extract::DefaultBodyLimit::max(64 << 20))
            .with_state(AppState {
                shared: shared.clone(),
                tasks: tasks.clone(),
            });
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("fake discord server");
        });
        tasks.lock().unwrap().push(server);
        FakeDiscord {
            shared,
            base_url: format!("http://{addr}"),
            tasks,
        }
    }

    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy`.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// `ws://127.0.0.1:PORT/ws`, also served by `GET /gateway`.
    pub fn ws_url(&self) -> &str {
        &self.shared.ws_url
    }

    /// Stop serving and drop every connection, without a close handshake.
    pub fn shutdown(&self) {
        for t in self.tasks.lock().unwrap().drain(..) {
            t.abort();
        }
    }

    /// A Discord member who can sign in to the app (`/test/login/{id}` in a browser).
    pub fn add_oauth_user(&self, id: u64, name: &str) {
        self.shared.update(|st| st.oauth.add_user(id, name));
    }

    /// The application has an Activity, set up in the Developer Portal:
    /// LAUNCH_ACTIVITY answers are accepted, and its default Entry Point
    /// command (`launch`, type 4) is registered, which a bulk overwrite of
    /// the global commands must keep.
    pub fn enable_activity(&self) {
        self.shared.update(|st| {
            st.activity = true;
            let id = st.next_id();
            let entry = serde_json::json!({
                "id": id.to_string(),
                "application_id": APPLICATION_ID.to_string(),
                "version": id.to_string(),
                "type": 4,
                "name": "launch",
                "description": "",
                "handler": 2,
                "default_member_permissions": null,
                "dm_permission": true,
                "nsfw": false,
                "integration_types": [0, 1],
                "contexts": [0, 1, 2],
            });
            let mut global = st
                .commands
                .get(&None)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            global.push(entry);
            st.commands.insert(None, Value::Array(global));
        });
    }

    /// An Activity instance running in `channel` with `users` in it.
    pub fn start_activity_instance(&self, instance: &str, channel: u64, guild: Option<u64>, users: Vec<u64>) {
        self.shared
            .update(|st| st.oauth.add_instance(instance, channel, guild, users));
    }

    /// The Activity instances the bot checked with its token, in order.
    pub fn activity_instance_checks(&self) -> Vec<String> {
        self.shared.lock().oauth.checks.clone()
    }

    /// A fresh authorization code for `user`, as the SDK's AUTHORIZE gives one.
    pub fn oauth_code(&self, user: u64) -> String {
        self.shared.update(|st| st.oauth.code(user))
    }

    /// The access token the code exchange last gave `user`.
    pub fn access_token_of(&self, user: u64) -> Option<String> {
        self.shared.lock().oauth.token_of(user)
    }

    /// Every REST request so far, in arrival order.
    pub fn requests(&self) -> Vec<Request> {
        self.shared.lock().requests.clone()
    }

    /// How many REST requests so far match `pred`.
    pub fn count_requests(&self, pred: impl Fn(&Request) -> bool) -> usize {
        self.shared.lock().requests.iter().filter(|r| pred(r)).count()
    }

    /// The requests that answer `sent`.
    pub fn requests_for(&self, sent: &SentInteraction) -> Vec<Request> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.is_for(sent))
            .cloned()
            .collect()
    }

    /// Unexpected requests, bad payloads and protocol errors seen so far.
    pub fn problems(&self) -> Vec<String> {
        self.shared.lock().problems.clone()
    }

    /// Return the problems seen so far and forget them, for a test that
    /// provokes some on purpose.
    pub fn take_problems(&self) -> Vec<String> {
        std::mem::take(&mut self.shared.lock().problems)
    }

    /// Panic if [`FakeDiscord::problems`] is not empty.
    pub fn assert_no_problems(&self) {
        let problems = self.problems();
        assert!(
            problems.is_empty(),
            "the fake Discord saw problems:\n{}",
            problems.join("\n")
        );
    }

    /// The gateway's history.
    pub fn gateway_log(&self) -> Vec<GatewayLog> {
        self.shared.lock().gateway_log.clone()
    }

    /// The close codes the bot sent, in order (None: a Close frame without code).
    pub fn bot_close_codes(&self) -> Vec<Option<u16>> {
        self.gateway_log()
            .into_iter()
            .filter_map(|e| match e {
                GatewayLog::BotClosed { code, .. } => Some(code),
                _ => None,
            })
            .collect()
    }

    /// The commands the bot last registered globally (`None`) or in a guild,
    /// as the fake answered them (with ids).
    pub fn registered_commands(&self, guild_id: Option<u64>) -> Option<Value> {
        self.shared.lock().commands.get(&guild_id).cloned()
    }

    /// A message the bot sent through the fake, in its current state.
    pub fn message(&self, message_id: u64) -> Option<Value> {
        self.shared.lock().messages.get(&message_id).cloned()
    }

    /// Make `channel_id` another guild text channel the bot may post in
    /// (like [`CHANNEL_ID`]). Interactions can come from any channel id
    /// ([`SlashCommand::in_channel`]); REST calls that post into a channel
    /// (messages, threads) are answered 404 Unknown Channel, as Discord does,
    /// for channels the fake does not know.
    pub fn add_channel(&self, channel_id: u64) {
        self.shared.update(|st| st.channels.insert(channel_id));
    }

    /// Hide `channel_id` from `@everyone` (an overwrite denying View
    /// Channel), letting `members` see it (member overwrites allowing it).
    pub fn hide_channel(&self, channel_id: u64, members: &[u64]) {
        self.shared
            .update(|st| st.hidden.insert(channel_id, members.to_vec()));
    }

    /// How many authorization codes were exchanged (`POST /oauth2/token`), good or not.
    pub fn oauth_token_requests(&self) -> usize {
        self.shared.lock().oauth.token_requests
    }

    /// Make `channel_id` a text channel of another guild: interactions from
    /// it carry `guild_id`, and reach the shard that guild is on.
    pub fn add_channel_in_guild(&self, channel_id: u64, guild_id: u64) {
        self.shared.update(|st| {
            st.channels.insert(channel_id);
            st.channel_guilds.insert(channel_id, guild_id)
        });
    }

    /// Wait until `n` different shards have a ready session.
    pub async fn wait_shards_ready(&self, n: usize, timeout: Duration) -> Result<(), Timeout> {
        self.wait_until(timeout, "every shard to identify", |st| {
            let ready: BTreeSet<u32> = st.conns.iter().filter(|c| c.ready).map(|c| c.shard).collect();
            (ready.len() >= n).then_some(())
        })
        .await
    }

    /// The shards that have identified so far, each with how often.
    pub fn identified_shards(&self) -> Vec<[u32; 2]> {
        self.shared.lock().identified.clone()
    }

    /// A thread the bot created (and did not delete).
    pub fn thread(&self, thread_id: u64) -> Option<Value> {
        self.shared.lock().threads.get(&thread_id).cloned()
    }

    /// Every thread the bot created and did not delete, by id.
    pub fn threads(&self) -> Vec<u64> {
        self.shared.lock().threads.keys().copied().collect()
    }

    /// Take Create Public Threads away from the bot in `channel_id`: creating
    /// a thread there is answered 403 Missing Permissions, as Discord does.
    pub fn deny_threads_in(&self, channel_id: u64) {
        self.deny_in(channel_id, Permissions::CREATE_PUBLIC_THREADS);
    }

    /// Take `perms` away from the bot in `channel_id` and its threads: its
    /// interactions' `app_permissions` lack them from now on, and what
    /// they allow (posting, creating threads) is answered 403.
    pub fn deny_in(&self, channel_id: u64, perms: Permissions) {
        self.shared
            .update(|st| *st.denied.entry(channel_id).or_default() |= perms.bits());
    }

    /// From now on, refuse an interaction's first answer (its callback)
    /// that arrives more than 3 s after the interaction was created, as
    /// Discord does (404, code 10062), and list it as a problem. Off by
    /// default: most tests run many bots on a busy machine.
    pub fn enforce_answer_window(&self) {
        self.shared.update(|st| st.answer_window = true);
    }

    /// Make every thread creation take `delay` before it is answered.
    pub fn delay_threads(&self, delay: Duration) {
        self.shared.update(|st| st.thread_delay = delay);
    }

    /// Never answer the next request whose route `matches` and that its
    /// bucket lets through, as when a connection is dropped on the way back
    /// or a proxy hangs: it counts in its bucket and is handled, listed with
    /// status 0, and its connection stays open without a word until the bot
    /// gives up. Opt-in: nothing is swallowed otherwise.
    pub fn swallow_next(&self, matches: fn(&Route) -> bool) {
        self.shared.update(|st| st.swallows.push(matches));
    }

    /// Answer the next request whose route `matches` with `status` (a 5xx
    /// of a Discord having a bad moment) instead of handling it.
    pub fn fail_next(&self, matches: impl Fn(&Route) -> bool + Send + 'static, status: u16) {
        self.shared
            .update(|st| st.failures.push((Box::new(matches), status)));
    }

    /// Answer the next request that `limit.matches` with a 429 of
    /// `limit.scope`: Discord's headers and body, `retry_after` exact in the
    /// body and rounded up in `Retry-After`. Any request the wait covers
    /// that arrives before it is over is a problem.
    pub fn rate_limit_next(&self, limit: Limit) {
        self.shared.update(|st| st.rate_limits.push(limit));
    }

    /// The 429s sent so far, by scope.
    pub fn rate_limited(&self) -> Vec<Scope> {
        self.shared
            .lock()
            .rate_limits
            .sent
            .iter()
            .map(|(s, _)| *s)
            .collect()
    }

    /// Makes `channel` a place the bot is not a member of: interactions
    /// from it come as Discord sends them there, and channel calls for it
    /// are refused with 403 and listed as problems.
    pub fn add_place(&self, channel: u64, place: Place) {
        self.shared.update(|st| {
            st.places.insert(channel, place);
        });
    }

    /// Ages `sent`'s token past Discord's 15 minutes: its webhook calls are
    /// refused from now on, as Discord refuses them.
    pub fn expire(&self, sent: &SentInteraction) {
        self.shared.update(|st| {
            if let Some(i) = st.interactions.get_mut(&sent.token) {
                i.expired = true;
            }
        });
    }

    /// Give the bot Manage Threads, which deleting a thread needs.
    pub fn grant_manage_threads(&self) {
        self.shared.update(|st| st.manage_threads = true);
    }

    /// Take Send Messages in Threads away from the bot: posting a message
    /// into a thread is answered 403 (interaction answers still work, as on
    /// Discord, where they need no permission).
    pub fn deny_messages_in_threads(&self) {
        self.shared.update(|st| st.mute_in_threads = true);
    }

    /// The message `@original` of `sent` refers to, once there is one.
    pub fn original_message(&self, sent: &SentInteraction) -> Option<Value> {
        let st = self.shared.lock();
        let id = st.interactions.get(&sent.token)?.original?;
        st.messages.get(&id).cloned()
    }

    /// Wait until `f` returns Some for the state, or time out.
    async fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut f: impl FnMut(&State) -> Option<T>,
    ) -> Result<T, Timeout> {
        let mut rx = self.shared.version.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            // Mark the version seen before looking, so no change is missed.
            rx.borrow_and_update();
            if let Some(v) = f(&self.shared.lock()) {
                return Ok(v);
            }
            if tokio::time::timeout_at(deadline, rx.changed()).await.is_err() {
                return Err(self.timeout(what, timeout));
            }
        }
    }

    fn timeout(&self, what: &str, after: Duration) -> Timeout {
        let st = self.shared.lock();
        let mut msg = format!("timed out after {after:?} waiting for {what}\nrequests:\n");
        for r in &st.requests {
            let body = r.body.to_string();
            let body: String = body.chars().take(300).collect();
            msg += &format!("  #{} {} {} -> {} {body}\n", r.index, r.method, r.path, r.status);
        }
        msg += &format!("gateway: {:?}\nproblems: {:?}", st.gateway_log, st.problems);
        Timeout(msg)
    }

    /// The first request (already recorded or still to come) matching `pred`.
    pub async fn wait_for(
        &self,
        pred: impl Fn(&Request) -> bool,
        timeout: Duration,
    ) -> Result<Request, Timeout> {
        self.wait_until(timeout, "a matching request", |st| {
            st.requests.iter().find(|r| pred(r)).cloned()
        })
        .await
    }

    /// The first `n` requests matching `pred`.
    pub async fn wait_for_n(
        &self,
        n: usize,
        pred: impl Fn(&Request) -> bool,
        timeout: Duration,
    ) -> Result<Vec<Request>, Timeout> {
        self.wait_until(timeout, &format!("{n} matching requests"), |st| {
            let found: Vec<Request> = st.requests.iter().filter(|r| pred(r)).take(n).cloned().collect();
            (found.len() == n).then_some(found)
        })
        .await
    }

    /// The first request answering `sent` (usually its callback).
    pub async fn wait_for_reply(
        &self,
        sent: &SentInteraction,
        timeout: Duration,
    ) -> Result<Request, Timeout> {
        self.wait_for(|r| r.is_for(sent), timeout).await
    }

    /// The callback of `sent`, typed.
    pub async fn wait_for_callback(
        &self,
        sent: &SentInteraction,
        timeout: Duration,
    ) -> Result<InteractionCallback, Timeout> {
        let r = self
            .wait_for(
                |r| r.is_for(sent) && matches!(r.route, Route::InteractionCallback { .. }),
                timeout,
            )
            .await?;
        Ok(r.callback().expect("a callback route"))
    }

    /// The first request answering `sent` that uploads a file (a followup,
    /// an edit or the callback itself).
    pub async fn wait_for_file_reply(
        &self,
        sent: &SentInteraction,
        timeout: Duration,
    ) -> Result<Request, Timeout> {
        self.wait_for(|r| r.is_for(sent) && !r.files.is_empty(), timeout)
            .await
    }

    /// Wait until the bot has identified or resumed on a live connection.
    pub async fn wait_ready(&self, timeout: Duration) -> Result<(), Timeout> {
        self.wait_until(timeout, "a ready gateway session", |st| {
            st.conns.iter().any(|c| c.ready).then_some(())
        })
        .await
    }

    /// The first gateway event (already logged or still to come) matching `pred`.
    pub async fn wait_for_gateway(
        &self,
        pred: impl Fn(&GatewayLog) -> bool,
        timeout: Duration,
    ) -> Result<GatewayLog, Timeout> {
        self.wait_until(timeout, "a matching gateway event", |st| {
            st.gateway_log.iter().find(|e| pred(e)).cloned()
        })
        .await
    }

    /// Wait until the bot sends a Close frame; returns its code.
    pub async fn wait_for_bot_close(&self, timeout: Duration) -> Result<Option<u16>, Timeout> {
        self.wait_until(timeout, "the bot to close the gateway", |st| {
            st.gateway_log.iter().find_map(|e| match e {
                GatewayLog::BotClosed { code, .. } => Some(*code),
                _ => None,
            })
        })
        .await
    }

    /// Wait until the bot has no gateway connection left.
    pub async fn wait_disconnected(&self, timeout: Duration) -> Result<(), Timeout> {
        self.wait_until(timeout, "the gateway connection to end", |st| {
            st.conns.is_empty().then_some(())
        })
        .await
    }

    /// Close the live gateway connection with `code`. Returns false if there was none.
    pub fn close_gateway(&self, code: u16) -> bool {
        self.shared.update(|st| {
            let mut closed = false;
            for c in st.conns.iter_mut().filter(|c| c.ready) {
                // No more dispatches into a connection that is going away.
                c.ready = false;
                closed |= c.tx.send(Outbound::Close(code)).is_ok();
            }
            closed
        })
    }

    /// Close the gateway with `code` (e.g. 4000, which serenity resumes after)
    /// and wait until the bot is back on a new connection.
    pub async fn force_reconnect(&self, code: u16, timeout: Duration) -> Result<Reconnect, Timeout> {
        self.kick(Kick::Close(code), timeout).await
    }

    /// Make the bot reconnect the way `how` says, and wait until it is back
    /// on a new connection.
    pub async fn kick(&self, how: Kick, timeout: Duration) -> Result<Reconnect, Timeout> {
        let before = self.shared.lock().gateway_log.len();
        let done = self.shared.update(|st| {
            let mut done = false;
            for c in st.conns.iter_mut().filter(|c| c.ready) {
                let out = match how {
                    Kick::Close(code) => Outbound::Close(code),
                    Kick::Reconnect => Outbound::Text(payloads::reconnect().to_string()),
                    Kick::InvalidSession { resumable } => {
                        Outbound::Text(payloads::invalid_session(resumable).to_string())
                    }
                    Kick::Reset => Outbound::Reset,
                };
                c.ready = false;
                done |= c.tx.send(out).is_ok();
            }
            done
        });
        assert!(done, "kick: no gateway connection");
        self.wait_until(timeout, "the bot to reconnect", |st| {
            let back = st.gateway_log[before..].iter().find_map(|e| match e {
                GatewayLog::Resumed { .. } => Some(Reconnect::Resumed),
                GatewayLog::Identified { .. } => Some(Reconnect::Identified),
                _ => None,
            })?;
            st.conns.iter().any(|c| c.ready).then_some(back)
        })
        .await
    }

    /// Send an event on the gateway: waits (bounded by
    /// [`FakeOptions::send_timeout`]) for a ready session, then writes it with
    /// the next sequence number. Returns that number.
    pub async fn dispatch(&self, t: &str, d: Value) -> u64 {
        self.dispatch_timed(t, d).await.0
    }

    /// [`FakeDiscord::dispatch`], also returning when the event was queued
    /// for the socket (so before any answer can arrive).
    async fn dispatch_timed(&self, t: &str, d: Value) -> (u64, Instant) {
        let timeout = self.shared.opts.send_timeout;
        if let Err(e) = self.wait_ready(timeout).await {
            panic!("cannot dispatch {t}: {e}");
        }
        self.shared
            .update(|st| gateway::dispatch(st, t, d))
            .unwrap_or_else(|| panic!("cannot dispatch {t}: the gateway connection went away"))
    }

    async fn send_interaction(
        &self,
        kind: u8,
        build: impl FnOnce(&mut State, u64, &str) -> Value,
    ) -> SentInteraction {
        let (id, token, payload) = self.shared.update(|st| {
            let id = st.next_id();
            let token = format!("itoken-{id}");
            let mut payload = build(st, id, &token);
            let channel_id = payload["channel_id"]
                .as_str()
                .and_then(|c| c.parse().ok())
                .unwrap_or(0);
            if payload.get("guild_id").is_some() {
                let perms = st.app_permissions(channel_id);
                payload["app_permissions"] = Value::String(perms.to_string());
            }
            if let Some(guild) = st.channel_guilds.get(&channel_id) {
                if payload.get("guild_id").is_some() {
                    payload["guild_id"] = Value::String(guild.to_string());
                }
            }
            if let Some(place) = st.places.get(&channel_id) {
                place.apply(channel_id, &mut payload);
            }
            let original = payload["message"]["id"].as_str().and_then(|m| m.parse().ok());
            st.interactions.insert(
                token.clone(),
                InteractionState {
                    id,
                    kind,
                    channel_id,
                    acked: false,
                    // For a component, @original is the message it is on.
                    original,
                    deferred_pending: false,
                    followups: 0,
                    expired: false,
                },
            );
            (id, token, payload)
        });
        let (seq, sent_at) = self.dispatch_timed("INTERACTION_CREATE", payload.clone()).await;
        SentInteraction {
            id,
            token,
            kind,
            seq,
            sent_at,
            payload,
        }
    }

    /// Dispatch a slash command (interaction type 2).
    pub async fn send_command(&self, cmd: &SlashCommand) -> SentInteraction {
        self.send_interaction(kind::COMMAND, |st, id, token| {
            let command_id = command_id(st, cmd.name());
            cmd.to_json(kind::COMMAND, id, token, command_id)
        })
        .await
    }

    /// Dispatch an autocomplete request (interaction type 4); `cmd` should
    /// have a [`SlashCommand::focused`] option.
    pub async fn send_autocomplete(&self, cmd: &SlashCommand) -> SentInteraction {
        self.send_interaction(kind::AUTOCOMPLETE, |st, id, token| {
            let command_id = command_id(st, cmd.name());
            cmd.to_json(kind::AUTOCOMPLETE, id, token, command_id)
        })
        .await
    }

    /// Dispatch a component interaction (type 3) on a message the bot sent
    /// through the fake. Panics if the fake does not know the message.
    pub async fn send_component(&self, click: &ComponentClick) -> SentInteraction {
        self.send_interaction(kind::COMPONENT, |st, id, token| {
            let message = st.messages.get(&click.message_id()).unwrap_or_else(|| {
                panic!("send_component: the fake holds no message {}", click.message_id())
            });
            click.to_json(id, token, message)
        })
        .await
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The id the bot's registration gave command `name`, or a fresh one.
fn command_id(st: &mut State, name: &str) -> u64 {
    let registered = st
        .commands
        .values()
        .flat_map(|cmds| cmds.as_array().cloned().unwrap_or_default());
    let found = registered
        .into_iter()
        .find(|c| c["name"] == name)
        .and_then(|c| c["id"].as_str().and_then(|i| i.parse().ok()));
    found.unwrap_or_else(|| st.next_id())
}

/// What the axum handlers share.
#[derive(Clone)]
struct AppState {
    shared: Arc<Shared>,
    /// Connection tasks, aborted with the server.
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
}
