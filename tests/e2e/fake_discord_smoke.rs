//! The real serenity client, with a small poise framework, against the fake
//! Discord: registration, replies, deferred uploads, components,
//! autocomplete, reconnects and a clean shutdown.

use crate::support;

use std::io::Cursor;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ApplicationId, ChannelId, ClientBuilder, ComponentInteractionDataKind, CreateActionRow, CreateAttachment,
    CreateAutocompleteResponse, CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, CreateThread, EditInteractionResponse, EditMessage, FullEvent, GatewayIntents,
    GuildId, HttpBuilder, Interaction, ShardManager, ShardRunnerMessage,
};
use support::fake_discord::{
    option_type, CallbackKind, ComponentClick, FakeDiscord, FakeOptions, FakeUser, GatewayLog, Reconnect,
    Route, SentInteraction, SlashCommand, APPLICATION_ID, CHANNEL_ID, TOKEN,
};
use tokio::task::JoinHandle;

/// Upper bound for every wait: a broken test fails instead of hanging.
const T: Duration = Duration::from_secs(10);

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

#[derive(Debug, poise::ChoiceParameter)]
enum Variant {
    Short,
    Long,
}

/// Play Isolo.
#[poise::command(
    slash_command,
    subcommands("ping", "pic", "challenge", "sow", "table"),
    subcommand_required
)]
async fn isolo(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Answer privately, with a button and a select.
#[poise::command(slash_command)]
async fn ping(ctx: Context<'_>) -> Result<(), Error> {
    let options = vec![
        CreateSelectMenuOption::new("A", "a"),
        CreateSelectMenuOption::new("B", "b"),
    ];
    let reply = poise::CreateReply::default()
        .content("pong")
        .ephemeral(true)
        .components(vec![
            CreateActionRow::Buttons(vec![CreateButton::new("again").label("Again")]),
            CreateActionRow::SelectMenu(CreateSelectMenu::new(
                "pick",
                CreateSelectMenuKind::String { options },
            )),
        ]);
    ctx.send(reply).await?;
    Ok(())
}

/// Think, then send a picture.
#[poise::command(slash_command)]
async fn pic(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let file = CreateAttachment::bytes(tiny_png(), "board.png").description("a tiny board");
    ctx.send(poise::CreateReply::default().content("board").attachment(file))
        .await?;
    Ok(())
}

/// Challenge someone.
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play"] opponent: serenity::User,
    #[description = "Rules"] variant: Variant,
) -> Result<(), Error> {
    ctx.say(format!(
        "{} challenges {} ({variant:?})",
        ctx.author().name,
        opponent.name
    ))
    .await?;
    Ok(())
}

async fn pits(_: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let choices = ["a1", "a2", "b1"]
        .into_iter()
        .filter(|p| p.starts_with(partial))
        .map(Into::into)
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Sow from a pit.
#[poise::command(slash_command, rename = "move")]
async fn sow(
    ctx: Context<'_>,
    #[description = "The pit"]
    #[autocomplete = "pits"]
    pit: String,
) -> Result<(), Error> {
    ctx.say(format!("sow from {pit}")).await?;
    Ok(())
}

// The REST calls a game makes: channel message, thread from it, a board in
// the thread, edits, followups, and an edit of the original reply.
/// Open a game thread.
#[poise::command(slash_command)]
async fn table(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let channel = ctx.channel_id();
    channel.to_channel(ctx).await?;
    let start = channel
        .send_message(ctx, CreateMessage::new().content("a new game"))
        .await?;
    let thread = channel
        .create_thread_from_message(ctx, start.id, CreateThread::new("isolo game"))
        .await?;
    let png = CreateAttachment::bytes(tiny_png(), "board.png");
    let board = thread
        .send_message(ctx, CreateMessage::new().content("board").add_file(png))
        .await?;
    thread
        .id
        .edit_message(ctx, board.id, EditMessage::new().content("board, move 2"))
        .await?;
    ctx.send(poise::CreateReply::default().content(format!("game in <#{}>", thread.id)))
        .await?;
    let note = ctx.send(poise::CreateReply::default().content("note")).await?;
    note.edit(ctx, poise::CreateReply::default().content("note, edited"))
        .await?;
    note.delete(ctx).await?;
    if let poise::Context::Application(app) = ctx {
        let edit = EditInteractionResponse::new().content("game on");
        app.interaction.edit_response(ctx, edit).await?;
    }
    Ok(())
}

/// Components are not poise commands: answer them from the event handler by
/// updating the message they are on.
async fn on_event(ctx: &serenity::Context, event: &FullEvent) -> Result<(), Error> {
    if let FullEvent::InteractionCreate {
        interaction: Interaction::Component(c),
    } = event
    {
        let text = match &c.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => {
                format!("picked {}", values.join(","))
            }
            _ => format!("clicked {}", c.data.custom_id),
        };
        let update = CreateInteractionResponseMessage::new().content(text);
        c.create_response(ctx, CreateInteractionResponse::UpdateMessage(update))
            .await?;
    }
    Ok(())
}

fn tiny_png() -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(4, 3, image::Rgba([200, 150, 60, 255]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encode png");
    out.into_inner()
}

struct Bot {
    fake: FakeDiscord,
    shards: Arc<ShardManager>,
    run: JoinHandle<serenity::Result<()>>,
}

/// A fake Discord and a poise bot connected to it, commands registered.
async fn start_bot() -> Bot {
    // Loopback must never go through an HTTP proxy from the environment.
    support::bot::prepare_environment();
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    // Without ratelimiter_disabled, requests skip the proxy and go to discord.com.
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![isolo()],
            event_handler: |framework, event| Box::pin(on_event(framework.serenity_context, event)),
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(Data)
            })
        })
        .build();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .expect("build client");
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.wait_ready(T).await.expect("the bot identifies");
    fake.wait_for(|r| matches!(r.route, Route::PutCommands { .. }), T)
        .await
        .expect("commands registered");
    Bot { fake, shards, run }
}

/// Shut the bot down as production does and check it closed cleanly.
async fn shutdown(bot: Bot) {
    bot.shards.shutdown_all().await;
    let code = bot
        .fake
        .wait_for_bot_close(T)
        .await
        .expect("the bot closes the gateway");
    assert_eq!(code, Some(1000), "a clean shutdown closes with 1000");
    let ended = tokio::time::timeout(T, bot.run)
        .await
        .expect("client.start returns");
    ended.expect("client task").expect("client.start is Ok");
    bot.fake.wait_disconnected(T).await.expect("the socket is gone");
    bot.fake.assert_no_problems();
}

/// `/isolo ping` answers ephemerally with its button and select.
async fn ping_works(fake: &FakeDiscord) -> SentInteraction {
    let sent = fake.send_command(&SlashCommand::new("isolo").sub("ping")).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("ping answered");
    assert_eq!(cb.kind, CallbackKind::Message);
    assert_eq!(cb.message.content.as_deref(), Some("pong"));
    assert!(cb.message.is_ephemeral(), "flags {}", cb.message.flags);
    assert_eq!(cb.message.custom_ids(), ["again", "pick"]);
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_replies_and_components() {
    let bot = start_bot().await;
    let fake = &bot.fake;

    // Registration: one global PUT with /isolo and its subcommands.
    let put = fake
        .wait_for(|r| r.route == Route::PutCommands { guild_id: None }, T)
        .await
        .expect("PUT");
    let isolo = &put.body.as_array().expect("array of commands")[0];
    assert_eq!(isolo["name"], "isolo");
    let subs: Vec<&str> = isolo["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert_eq!(subs, ["ping", "pic", "challenge", "move", "table"]);
    let routes: Vec<Route> = fake.requests().into_iter().map(|r| r.route).collect();
    assert!(
        routes.contains(&Route::GetGateway),
        "the gateway URL comes from the fake: {routes:?}"
    );
    assert!(
        routes.contains(&Route::GetApplication),
        "poise asks for the owners: {routes:?}"
    );

    // Ephemeral reply; then a button and a select on it update the message.
    let sent = ping_works(fake).await;
    let message_id = fake.original_message(&sent).expect("the reply is a message")["id"]
        .as_str()
        .and_then(|i| i.parse().ok())
        .expect("message id");
    let click = fake
        .send_component(&ComponentClick::button(message_id, "again").by(&FakeUser::bob()))
        .await;
    let cb = fake.wait_for_callback(&click, T).await.expect("button answered");
    assert_eq!(
        (cb.kind, cb.message.content.as_deref()),
        (CallbackKind::UpdateMessage, Some("clicked again"))
    );
    assert_eq!(fake.message(message_id).unwrap()["content"], "clicked again");
    let pick = fake
        .send_component(&ComponentClick::select(message_id, "pick", &["b"]))
        .await;
    let cb = fake.wait_for_callback(&pick, T).await.expect("select answered");
    assert_eq!(cb.message.content.as_deref(), Some("picked b"));

    // Deferred, then a followup with a PNG.
    let sent = fake.send_command(&SlashCommand::new("isolo").sub("pic")).await;
    let first = fake.wait_for_reply(&sent, T).await.expect("pic acknowledged");
    assert_eq!(
        first.callback().map(|c| c.kind),
        Some(CallbackKind::DeferredMessage)
    );
    let upload = fake.wait_for_file_reply(&sent, T).await.expect("pic uploaded");
    assert!(
        matches!(upload.route, Route::CreateFollowup { .. }),
        "{:?}",
        upload.route
    );
    let file = &upload.files[0];
    assert_eq!(
        (file.field.as_str(), file.filename.as_deref()),
        ("files[0]", Some("board.png"))
    );
    assert_eq!(file.content_type.as_deref(), Some("image/png"));
    let png = image::load_from_memory_with_format(&file.data, image::ImageFormat::Png).expect("a PNG");
    assert_eq!((png.width(), png.height()), (4, 3));
    assert_eq!(upload.message().attachments[0]["description"], "a tiny board");
    let returned = &upload.response["attachments"][0];
    assert_eq!(returned["filename"], "board.png");
    assert_eq!(returned["size"], file.data.len());
    assert!(upload.latency_since(&sent) < T);
    // The followup filled the deferral's "thinking" message.
    assert_eq!(
        upload.response_message_id(),
        fake.original_message(&sent)
            .and_then(|m| m["id"].as_str()?.parse().ok())
    );

    // A USER option with resolved data, and an INTEGER choice.
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &FakeUser::bob())
        .integer("variant", 1);
    let sent = fake.send_command(&cmd).await;
    let cb = fake
        .wait_for_callback(&sent, T)
        .await
        .expect("challenge answered");
    assert_eq!(cb.message.content.as_deref(), Some("alice challenges bob (Long)"));

    // Autocomplete, then the command itself.
    let typing = SlashCommand::new("isolo")
        .sub("move")
        .focused("pit", option_type::STRING, "a");
    let sent = fake.send_autocomplete(&typing).await;
    let cb = fake
        .wait_for_callback(&sent, T)
        .await
        .expect("autocomplete answered");
    assert_eq!(cb.kind, CallbackKind::Autocomplete);
    let names: Vec<&str> = cb
        .message
        .choices
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["a1", "a2"]);
    let sent = fake
        .send_command(&SlashCommand::new("isolo").sub("move").string("pit", "a2"))
        .await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("move answered");
    assert_eq!(cb.message.content.as_deref(), Some("sow from a2"));

    // Heartbeats flow and are acknowledged.
    fake.wait_for_gateway(|e| matches!(e, GatewayLog::Heartbeat { .. }), T)
        .await
        .expect("a heartbeat");

    shutdown(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resumes_after_a_forced_disconnect() {
    let bot = start_bot().await;
    let fake = &bot.fake;
    ping_works(fake).await;

    // An unclean close: serenity resumes its session on a new connection.
    assert_eq!(
        fake.force_reconnect(4000, T).await.expect("back after 4000"),
        Reconnect::Resumed
    );
    ping_works(fake).await;
    let conn = match fake
        .gateway_log()
        .iter()
        .rev()
        .find(|e| matches!(e, GatewayLog::Resumed { .. }))
    {
        Some(GatewayLog::Resumed { conn, .. }) => *conn,
        _ => unreachable!("just resumed"),
    };
    fake.wait_for_gateway(|e| *e == GatewayLog::Heartbeat { conn }, T)
        .await
        .expect("heartbeats after resume");

    shutdown(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identifies_again_after_an_invalidated_session() {
    let bot = start_bot().await;
    let fake = &bot.fake;

    // Session timed out (4009): serenity restarts the shard, which identifies
    // afresh (after the shard manager's 5 s wait), and poise keeps working.
    assert_eq!(
        fake.force_reconnect(4009, T).await.expect("back after 4009"),
        Reconnect::Identified
    );
    ping_works(fake).await;
    let puts = fake
        .requests()
        .iter()
        .filter(|r| matches!(r.route, Route::PutCommands { .. }))
        .count();
    assert_eq!(puts, 1, "poise runs its setup once, not on every READY");

    // serenity 0.12.5 quirk: the restart left a stale "shutdown finished"
    // notice in the shard manager, so shutdown_all() may return before it has
    // told the new runner to close (a race: seen on an idle machine, not under
    // load). Telling the runner directly first makes the 1000 close certain.
    let runners = bot.shards.runners.lock().await;
    for (id, runner) in runners.iter() {
        runner
            .runner_tx
            .send_to_shard(ShardRunnerMessage::Shutdown(*id, 1000));
    }
    drop(runners);
    bot.shards.shutdown_all().await;
    let code = fake.wait_for_bot_close(T).await.expect("the bot closes");
    assert_eq!(code, Some(1000));
    let ended = tokio::time::timeout(T, bot.run)
        .await
        .expect("client.start returns");
    ended.expect("client task").expect("client.start is Ok");
    fake.wait_disconnected(T).await.expect("the socket is gone");
    fake.assert_no_problems();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_messages_and_edits() {
    let bot = start_bot().await;
    let fake = &bot.fake;
    let sent = fake.send_command(&SlashCommand::new("isolo").sub("table")).await;
    let done = fake
        .wait_for(
            |r| r.is_for(&sent) && matches!(r.route, Route::EditOriginal { .. }),
            T,
        )
        .await;
    done.expect("the table command finishes");

    let start = fake
        .wait_for(
            |r| {
                r.route
                    == Route::CreateMessage {
                        channel_id: CHANNEL_ID,
                    }
            },
            T,
        )
        .await
        .unwrap();
    let start_id = start.response_message_id().expect("message id");
    let thread = fake
        .wait_for(|r| matches!(r.route, Route::CreateThread { .. }), T)
        .await
        .unwrap();
    assert_eq!(
        thread.route,
        Route::CreateThread {
            channel_id: CHANNEL_ID,
            message_id: Some(start_id)
        }
    );
    assert_eq!(thread.status, 201);
    let thread_id: u64 = thread.response["id"]
        .as_str()
        .and_then(|i| i.parse().ok())
        .expect("thread id");
    assert_eq!(thread_id, start_id, "a thread from a message shares its id");
    assert_eq!(fake.thread(thread_id).expect("thread kept")["name"], "isolo game");

    let board = fake
        .wait_for(
            |r| {
                r.route
                    == Route::CreateMessage {
                        channel_id: thread_id,
                    }
            },
            T,
        )
        .await
        .unwrap();
    assert!(board.files[0].is_png());
    let board = fake
        .message(board.response_message_id().unwrap())
        .expect("board kept");
    assert_eq!(board["content"], "board, move 2");
    assert_eq!(
        board["attachments"].as_array().map(Vec::len),
        Some(1),
        "an edit keeps the attachment"
    );

    let followups: Vec<_> = fake.requests_for(&sent).into_iter().map(|r| r.route).collect();
    let kinds: Vec<&str> = followups
        .iter()
        .map(|r| match r {
            Route::InteractionCallback { .. } => "callback",
            Route::CreateFollowup { .. } => "followup",
            Route::EditFollowup { .. } => "edit followup",
            Route::DeleteFollowup { .. } => "delete followup",
            Route::EditOriginal { .. } => "edit original",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "callback",
            "followup",
            "followup",
            "edit followup",
            "delete followup",
            "edit original"
        ]
    );
    assert_eq!(
        fake.original_message(&sent).expect("original")["content"],
        "game on"
    );
    assert!(fake.requests().iter().any(|r| r.route
        == Route::GetChannel {
            channel_id: CHANNEL_ID
        }));
    shutdown(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_rejects_what_discord_rejects() {
    let bot = start_bot().await;
    let fake = &bot.fake;
    // A second client, as a buggy bot might misuse it. Its application id
    // would come from READY; set it by hand.
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .application_id(ApplicationId::new(APPLICATION_ID))
        .build();

    // Acknowledging an interaction twice.
    let sent = ping_works(fake).await;
    let again = http.create_interaction_response(
        sent.id.into(),
        &sent.token,
        &CreateInteractionResponse::Acknowledge,
        vec![],
    );
    assert!(again.await.is_err());
    // A followup before any callback (poise ignores unknown commands).
    let unknown = fake.send_command(&SlashCommand::new("nope")).await;
    let hi = CreateInteractionResponseFollowup::new().content("hi");
    let early = http.create_followup_message(&unknown.token, &hi, vec![]);
    assert!(early.await.is_err());
    // A message over 2000 characters (raw Http: the builders would refuse it).
    let long = serde_json::json!({"content": "x".repeat(2001)});
    let sent_long = http.send_message(ChannelId::new(CHANNEL_ID), vec![], &long);
    assert!(sent_long.await.is_err());
    // A route the fake does not serve.
    assert!(http.get_emojis(GuildId::new(1)).await.is_err());

    let problems = fake.take_problems();
    for expected in [
        "acknowledged twice",
        "before its callback",
        "2000",
        "unexpected request: GET /api/v10/guilds/1/emojis",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "no {expected:?} in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), 4, "{problems:#?}");
    shutdown(bot).await;
}

/// Send `request` to the fake's port; its answer up to the end of the
/// headers, and the connection (for what the fake sends next).
async fn raw_http(fake: &FakeDiscord, request: &str) -> (String, tokio::net::TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = fake.base_url().trim_start_matches("http://");
    let mut tcp = tokio::net::TcpStream::connect(addr).await.expect("connect");
    tcp.write_all(request.as_bytes()).await.expect("write");
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0];
        let n = tokio::time::timeout(T, tcp.read(&mut byte))
            .await
            .expect("an answer")
            .expect("read");
        assert_eq!(
            n,
            1,
            "the fake hung up after {:?}",
            String::from_utf8_lossy(&head)
        );
        head.push(byte[0]);
    }
    (String::from_utf8(head).expect("an ASCII head"), tcp)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_handshake_is_rfc_6455s() {
    use tokio::io::AsyncReadExt;
    let fake = FakeDiscord::start(FakeOptions::default()).await;
    let handshake = |version: &str, key: &str| {
        format!(
            "GET /ws HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Upgrade\r\nUpgrade: websocket\r\n\
             Sec-WebSocket-Version: {version}\r\n{key}\r\n"
        )
    };
    // The example of RFC 6455, section 1.3.
    let (head, mut ws) = raw_http(
        &fake,
        &handshake("13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"),
    )
    .await;
    let head = head.to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 101 "), "{head}");
    assert!(
        head.contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo=\r\n"),
        "{head}"
    );
    // HELLO follows at once: a final, unmasked text frame.
    let mut first = [0; 2];
    tokio::time::timeout(T, ws.read_exact(&mut first))
        .await
        .expect("HELLO")
        .expect("read");
    assert_eq!(first[0], 0x81, "FIN and opcode 1");
    assert_eq!(first[1] & 0x80, 0, "a server's frames are not masked");
    fake.assert_no_problems();

    for (request, why) in [
        (handshake("13", ""), "`Sec-WebSocket-Key` is missing"),
        (
            handshake("8", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"),
            "not 13",
        ),
        (
            "GET /ws HTTP/1.1\r\nHost: x\r\n\r\n".to_owned(),
            "`Connection` does not list `upgrade`",
        ),
    ] {
        let (head, _) = raw_http(&fake, &request).await;
        assert!(head.starts_with("HTTP/1.1 400 "), "{head}");
        let problems = fake.take_problems();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].contains(why), "no {why:?} in {problems:#?}");
    }
    let opened = fake
        .gateway_log()
        .iter()
        .filter(|e| matches!(e, GatewayLog::Connected { .. }))
        .count();
    assert_eq!(opened, 1, "only the valid handshake opens a connection");
}
