//! Every payload the fake Discord sends must be readable by serenity's own
//! types: serenity drops a gateway dispatch it cannot read without any error,
//! so a bad fixture would otherwise show up only as a test that hangs.
//!
//! The payloads come from the builders the fake itself uses.

use crate::support;

use serde_json::{json, Value};
use serenity::all::{
    BotGateway, ButtonStyle, Channel, ChannelType, Command, CommandDataOptionValue, CommandOptionType,
    ComponentInteractionDataKind, CreateActionRow, CreateAttachment, CreateButton, CreateCommand,
    CreateCommandOption, CreateInteractionResponseMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, CurrentApplicationInfo, CurrentUser, Event, Gateway, GatewayEvent, Interaction,
    Message, Permissions, UserId,
};
use support::fake_discord::{
    kind, option_type, payloads, ComponentClick, FakeUser, SlashCommand, APPLICATION_ID, BOT_USERNAME,
    BOT_USER_ID, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID, MODERATOR_PERMISSIONS, OWNER_ID,
};

fn read<T: serde::de::DeserializeOwned>(v: &Value) -> T {
    serde_json::from_value(v.clone())
        .unwrap_or_else(|e| panic!("serenity cannot read {}: {e}\n{v:#}", std::any::type_name::<T>()))
}

/// Read a dispatch exactly as the shard does: text -> `GatewayEvent`.
fn dispatched(t: &str, d: Value) -> Event {
    let text = payloads::dispatch(7, t, d).to_string();
    match serde_json::from_str::<GatewayEvent>(&text) {
        Ok(GatewayEvent::Dispatch(7, Event::Unknown(u))) => {
            panic!("serenity reads {t} as an unknown event: {:#}", u.value)
        }
        Ok(GatewayEvent::Dispatch(7, event)) => event,
        Ok(other) => panic!("{t} read as {other:?}"),
        Err(e) => panic!("serenity cannot read {t}: {e}\n{text}"),
    }
}

fn interaction(v: Value) -> Interaction {
    match dispatched("INTERACTION_CREATE", v) {
        Event::InteractionCreate(e) => e.interaction,
        other => panic!("not an interaction: {other:?}"),
    }
}

/// The message body serenity sends for a reply with a button row and a select.
fn reply_with_components() -> Value {
    let reply = CreateInteractionResponseMessage::new()
        .content("your move")
        .components(vec![
            CreateActionRow::Buttons(vec![
                CreateButton::new("move:a1")
                    .label("a1")
                    .style(ButtonStyle::Primary),
                CreateButton::new("resign")
                    .label("Resign")
                    .style(ButtonStyle::Danger)
                    .disabled(true),
            ]),
            CreateActionRow::SelectMenu(CreateSelectMenu::new(
                "pit",
                CreateSelectMenuKind::String {
                    options: vec![
                        CreateSelectMenuOption::new("a1", "a1"),
                        CreateSelectMenuOption::new("a2", "a2"),
                    ],
                },
            )),
        ])
        .add_file(CreateAttachment::bytes(vec![1, 2, 3], "board.png").description("the board"));
    serde_json::to_value(reply).expect("serializable")
}

#[test]
fn gateway_control_frames_are_read() {
    let hello: GatewayEvent = read(&payloads::hello(300));
    assert!(matches!(hello, GatewayEvent::Hello(300)), "{hello:?}");
    let ack: GatewayEvent = read(&payloads::heartbeat_ack());
    assert!(matches!(ack, GatewayEvent::HeartbeatAck), "{ack:?}");
    let invalid: GatewayEvent = read(&payloads::invalid_session(false));
    assert!(
        matches!(invalid, GatewayEvent::InvalidateSession(false)),
        "{invalid:?}"
    );
}

#[test]
fn ready_sets_bot_user_application_and_guilds() {
    let Event::Ready(ready) = dispatched(
        "READY",
        payloads::ready("s-1", "ws://127.0.0.1:1/ws", &[GUILD_ID]),
    ) else {
        panic!("not READY");
    };
    let ready = ready.ready;
    assert_eq!(ready.user.id.get(), BOT_USER_ID);
    assert!(ready.user.bot);
    assert_eq!(ready.application.id.get(), APPLICATION_ID);
    assert_eq!(ready.session_id, "s-1");
    assert_eq!(
        ready.guilds.iter().map(|g| g.id.get()).collect::<Vec<_>>(),
        vec![GUILD_ID]
    );
}

#[test]
fn resumed_is_read() {
    assert!(matches!(
        dispatched("RESUMED", payloads::resumed()),
        Event::Resumed(_)
    ));
}

#[test]
fn guild_slash_command_with_subcommand_and_options() {
    let bob = FakeUser::bob();
    let mod_alice = FakeUser::alice().with_permissions(MODERATOR_PERMISSIONS);
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("variant", 1)
        .string("note", "hi")
        .boolean("public", true)
        .number("stake", 1.5)
        .by(&mod_alice);
    let Interaction::Command(c) = interaction(cmd.to_json(kind::COMMAND, 11, "tok-11", 22)) else {
        panic!("not a command");
    };
    assert_eq!((c.id.get(), c.token.as_str()), (11, "tok-11"));
    assert_eq!(c.application_id.get(), APPLICATION_ID);
    assert_eq!(c.guild_id.map(|g| g.get()), Some(GUILD_ID));
    assert_eq!(c.channel_id.get(), CHANNEL_ID);
    assert_eq!(c.user.id.get(), mod_alice.id, "user comes from member.user");
    let perms = c
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .expect("member permissions");
    assert!(perms.contains(Permissions::MANAGE_MESSAGES));
    assert_eq!((c.data.id.get(), c.data.name.as_str()), (22, "isolo"));

    let [sub] = c.data.options.as_slice() else {
        panic!("one subcommand: {:?}", c.data.options)
    };
    assert_eq!(sub.name, "challenge");
    let CommandDataOptionValue::SubCommand(opts) = &sub.value else {
        panic!("{sub:?}")
    };
    let values: Vec<_> = opts.iter().map(|o| (o.name.as_str(), o.value.clone())).collect();
    assert_eq!(
        values,
        vec![
            ("opponent", CommandDataOptionValue::User(bob.id.into())),
            ("variant", CommandDataOptionValue::Integer(1)),
            ("note", CommandDataOptionValue::String("hi".into())),
            ("public", CommandDataOptionValue::Boolean(true)),
            ("stake", CommandDataOptionValue::Number(1.5)),
        ]
    );
    assert_eq!(c.data.resolved.users[&UserId::new(bob.id)].name, "bob");
    assert!(
        c.data.resolved.members.contains_key(&UserId::new(bob.id)),
        "resolved member"
    );
}

#[test]
fn a_user_option_naming_the_bot_resolves_a_bot_user() {
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &FakeUser::bot_user());
    let Interaction::Command(c) = interaction(cmd.to_json(kind::COMMAND, 12, "tok-12", 22)) else {
        panic!("not a command");
    };
    let bot = &c.data.resolved.users[&UserId::new(BOT_USER_ID)];
    assert!(bot.bot, "resolved as a bot account");
    assert_eq!(bot.name, BOT_USERNAME);
    let me: CurrentUser = read(&payloads::bot_user());
    assert_eq!((me.id.get(), me.name.as_str()), (bot.id.get(), bot.name.as_str()));
    let person = &FakeUser::bob();
    let Interaction::Command(c) = interaction(
        SlashCommand::new("isolo")
            .sub("challenge")
            .user("opponent", person)
            .to_json(kind::COMMAND, 13, "tok-13", 22),
    ) else {
        panic!("not a command");
    };
    assert!(!c.data.resolved.users[&UserId::new(person.id)].bot);
}

#[test]
fn more_guild_channels_are_read() {
    let Channel::Guild(text) = read(&payloads::text_channel(CHANNEL_ID + 1000)) else {
        panic!("a guild channel");
    };
    assert_eq!(text.id.get(), CHANNEL_ID + 1000);
    assert_eq!(text.kind, ChannelType::Text);
}

#[test]
fn dm_command_has_user_and_no_guild() {
    let cmd = SlashCommand::new("isolo")
        .sub("rules")
        .in_dm()
        .by(&FakeUser::carol());
    let Interaction::Command(c) = interaction(cmd.to_json(kind::COMMAND, 1, "t", 2)) else {
        panic!("not a command");
    };
    assert_eq!(c.guild_id, None);
    assert!(c.member.is_none());
    assert_eq!(c.user.id.get(), FakeUser::carol().id);
    assert_eq!(c.channel_id.get(), DM_CHANNEL_ID);
}

#[test]
fn subcommand_group_nests_options() {
    let cmd = SlashCommand::new("isolo")
        .sub("admin")
        .sub("reset")
        .string("game", "g1");
    let Interaction::Command(c) = interaction(cmd.to_json(kind::COMMAND, 1, "t", 2)) else {
        panic!("not a command");
    };
    let CommandDataOptionValue::SubCommandGroup(group) = &c.data.options[0].value else {
        panic!("{:?}", c.data.options)
    };
    let CommandDataOptionValue::SubCommand(leaf) = &group[0].value else {
        panic!("{group:?}")
    };
    assert_eq!(
        (c.data.options[0].name.as_str(), group[0].name.as_str()),
        ("admin", "reset")
    );
    assert_eq!(leaf[0].value, CommandDataOptionValue::String("g1".into()));
}

#[test]
fn autocomplete_has_focused_option() {
    let cmd = SlashCommand::new("isolo")
        .sub("move")
        .focused("pit", option_type::STRING, "a");
    let Interaction::Autocomplete(c) = interaction(cmd.to_json(kind::AUTOCOMPLETE, 1, "t", 2)) else {
        panic!("not autocomplete");
    };
    let focused = c.data.autocomplete().expect("a focused option");
    assert_eq!((focused.name, focused.value), ("pit", "a"));
    assert_eq!(focused.kind, CommandOptionType::String);
}

#[test]
fn messages_echo_what_serenity_sends() {
    let body = reply_with_components();
    let att = payloads::attachment(5, "board.png", 3, Some("image/png"), Some("the board"));
    let m: Message = read(&payloads::message(9, CHANNEL_ID, &body, vec![att], true));
    assert_eq!(
        (m.id.get(), m.channel_id.get(), m.author.id.get()),
        (9, CHANNEL_ID, BOT_USER_ID)
    );
    assert_eq!(m.content, "your move");
    assert_eq!(m.webhook_id.map(|w| w.get()), Some(APPLICATION_ID));
    assert_eq!(m.components.len(), 2, "both action rows survive");
    let a = &m.attachments[0];
    assert_eq!(
        (a.filename.as_str(), a.size, a.description.as_deref()),
        ("board.png", 3, Some("the board"))
    );
    let ephemeral: Message = read(&payloads::message(
        10,
        CHANNEL_ID,
        &json!({"flags": 64}),
        vec![],
        false,
    ));
    assert_eq!(ephemeral.flags.map(|f| f.bits()), Some(64));
}

#[test]
fn component_interactions_carry_their_message() {
    let body = reply_with_components();
    let message = payloads::message(9, CHANNEL_ID, &body, vec![], true);
    let button = ComponentClick::button(9, "move:a1").by(&FakeUser::bob());
    let Interaction::Component(c) = interaction(button.to_json(1, "t", &message)) else {
        panic!("not a component");
    };
    assert_eq!(c.data.custom_id, "move:a1");
    assert!(matches!(c.data.kind, ComponentInteractionDataKind::Button));
    assert_eq!((c.message.id.get(), c.user.id.get()), (9, FakeUser::bob().id));
    assert_eq!(c.guild_id.map(|g| g.get()), Some(GUILD_ID));

    let select = ComponentClick::select(9, "pit", &["a2"]);
    let Interaction::Component(c) = interaction(select.to_json(2, "t2", &message)) else {
        panic!("not a component");
    };
    let ComponentInteractionDataKind::StringSelect { values } = &c.data.kind else {
        panic!("{:?}", c.data.kind)
    };
    assert_eq!(values, &["a2".to_owned()]);
}

#[test]
fn channels_are_read() {
    let Channel::Guild(text) = read(&payloads::text_channel(CHANNEL_ID)) else {
        panic!("guild channel")
    };
    assert_eq!((text.kind, text.guild_id.get()), (ChannelType::Text, GUILD_ID));
    let Channel::Private(dm) = read(&payloads::dm_channel(DM_CHANNEL_ID, &FakeUser::alice())) else {
        panic!("private channel")
    };
    assert_eq!(dm.recipient.id.get(), FakeUser::alice().id);
    let Channel::Guild(thread) = read(&payloads::thread(77, CHANNEL_ID, "game", 11, 1440)) else {
        panic!("thread")
    };
    assert_eq!(thread.kind, ChannelType::PublicThread);
    assert_eq!(
        (thread.id.get(), thread.parent_id.map(|p| p.get())),
        (77, Some(CHANNEL_ID))
    );
    assert!(thread.thread_metadata.is_some());
}

#[test]
fn application_user_and_gateway_info_are_read() {
    let app: CurrentApplicationInfo = read(&payloads::application_info());
    assert_eq!(app.id.get(), APPLICATION_ID);
    assert_eq!(app.owner.map(|o| o.id.get()), Some(OWNER_ID));
    let me: CurrentUser = read(&payloads::bot_user());
    assert_eq!(me.id.get(), BOT_USER_ID);
    let g: Gateway = read(&payloads::gateway("ws://127.0.0.1:1/ws"));
    assert_eq!(g.url, "ws://127.0.0.1:1/ws");
    let b: BotGateway = read(&payloads::gateway_bot("ws://127.0.0.1:1/ws"));
    assert_eq!(b.shards, 1);
}

#[test]
fn registered_commands_are_read() {
    let isolo = CreateCommand::new("isolo")
        .description("Play Isolo")
        .add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "move", "Sow from a pit").add_sub_option(
                CreateCommandOption::new(CommandOptionType::String, "pit", "The pit")
                    .required(true)
                    .set_autocomplete(true),
            ),
        )
        .add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, "challenge", "Challenge someone")
                .add_sub_option(
                    CreateCommandOption::new(CommandOptionType::Integer, "variant", "Rules")
                        .add_int_choice("Short", 0)
                        .add_int_choice("Long", 1),
                ),
        );
    let body = serde_json::to_value(vec![isolo]).expect("serializable");
    let commands: Vec<Command> = read(&payloads::registered_commands(&body, Some(GUILD_ID), &[42]));
    assert_eq!(commands.len(), 1);
    let c = &commands[0];
    assert_eq!(
        (c.id.get(), c.name.as_str(), c.application_id.get()),
        (42, "isolo", APPLICATION_ID)
    );
    assert_eq!(c.guild_id.map(|g| g.get()), Some(GUILD_ID));
    let subs: Vec<_> = c.options.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(subs, ["move", "challenge"]);
    let empty: Vec<Command> = read(&payloads::registered_commands(&json!([]), None, &[]));
    assert!(empty.is_empty());
}

#[test]
fn interactions_from_places_the_bot_is_not_in_read_as_discord_sends_them() {
    use serenity::all::{AuthorizingIntegrationOwner, InteractionContext};
    use support::fake_discord::Place;
    let alice = FakeUser::alice();
    let bob = FakeUser::bob();
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .by(&alice)
        .in_channel(900);
    for channel_type in [1, 3] {
        let mut v = cmd.to_json(kind::COMMAND, 1, "t", 2);
        Place::Private {
            channel_type,
            installer: alice.id,
        }
        .apply(900, &mut v);
        let Interaction::Command(c) = interaction(v) else {
            panic!("not a command");
        };
        assert_eq!(c.guild_id, None);
        assert!(c.member.is_none());
        assert_eq!(c.user.id.get(), alice.id);
        assert_eq!(c.context, Some(InteractionContext::PrivateChannel));
        assert!(matches!(
            c.authorizing_integration_owners.0.as_slice(),
            [AuthorizingIntegrationOwner::UserInstall(u)] if u.get() == alice.id
        ));
        assert!(c.data.resolved.members.is_empty(), "no members outside a server");
        assert_eq!(c.data.resolved.users.len(), 1);
        let perms = c.app_permissions.expect("app_permissions");
        assert!(perms.attach_files() && perms.embed_links() && !perms.send_messages());
    }
    let mut v = cmd.to_json(kind::COMMAND, 1, "t", 2);
    Place::External {
        guild: 77,
        installer: alice.id,
        external_apps: false,
    }
    .apply(900, &mut v);
    let Interaction::Command(c) = interaction(v) else {
        panic!("not a command");
    };
    assert_eq!(c.guild_id.map(|g| g.get()), Some(77));
    assert_eq!(c.context, Some(InteractionContext::Guild));
    let member = c.member.expect("a member in a server");
    assert!(!member.permissions.expect("permissions").use_external_apps());
}
