//! Builders for the interactions a test sends: slash commands, autocomplete
//! and component clicks.

use serde_json::{json, Map, Value};

use super::payloads::{self, id};
use super::{FakeUser, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID};

/// Interaction `type` values.
pub mod kind {
    /// A slash command.
    pub const COMMAND: u8 = 2;
    /// A button click or select choice.
    pub const COMPONENT: u8 = 3;
    /// The user is typing into an autocomplete option.
    pub const AUTOCOMPLETE: u8 = 4;
}

/// Application command option `type` values.
pub mod option_type {
    /// A subcommand; its options nest inside it.
    pub const SUB_COMMAND: u8 = 1;
    /// A group of subcommands.
    pub const SUB_COMMAND_GROUP: u8 = 2;
    /// Text.
    pub const STRING: u8 = 3;
    /// Whole number; also poise's `#[choices]` and `ChoiceParameter`.
    pub const INTEGER: u8 = 4;
    /// True or false.
    pub const BOOLEAN: u8 = 5;
    /// A user, with `data.resolved`.
    pub const USER: u8 = 6;
    /// A float.
    pub const NUMBER: u8 = 10;
}

/// A slash command invocation, e.g. `/isolo move pit:a3`, sent as a command
/// (type 2) or, with a [`SlashCommand::focused`] option, as autocomplete (type 4).
///
/// Defaults: invoked by [`FakeUser::alice`] in the guild channel [`CHANNEL_ID`].
#[derive(Clone, Debug)]
pub struct SlashCommand {
    name: String,
    path: Vec<String>,
    options: Vec<Value>,
    users: Vec<FakeUser>,
    by: FakeUser,
    channel_id: u64,
    guild: bool,
    /// The server's language in Discord (`guild_locale`; `en-US` unless set).
    guild_locale: Option<String>,
}

impl SlashCommand {
    /// The top-level command `name`.
    pub fn new(name: &str) -> Self {
        Self {
            name: name.to_owned(),
            path: Vec::new(),
            options: Vec::new(),
            users: Vec::new(),
            by: FakeUser::alice(),
            channel_id: CHANNEL_ID,
            guild: true,
            guild_locale: None,
        }
    }

    /// Sent from a server whose language in Discord is `locale` (e.g. `fr`).
    pub fn guild_locale(mut self, locale: &str) -> Self {
        self.guild_locale = Some(locale.to_owned());
        self
    }

    /// Descends into a subcommand; `"group subcommand"` (or two calls)
    /// descends into a group's subcommand.
    pub fn sub(mut self, name: &str) -> Self {
        self.path.extend(name.split_whitespace().map(str::to_owned));
        self
    }

    fn option(mut self, name: &str, kind: u8, value: Value) -> Self {
        self.options
            .push(json!({"name": name, "type": kind, "value": value}));
        self
    }

    /// A STRING option.
    pub fn string(self, name: &str, value: &str) -> Self {
        self.option(name, option_type::STRING, json!(value))
    }

    /// An INTEGER option; poise choices are integers 0, 1, ... in declaration order.
    pub fn integer(self, name: &str, value: i64) -> Self {
        self.option(name, option_type::INTEGER, json!(value))
    }

    /// A NUMBER option.
    pub fn number(self, name: &str, value: f64) -> Self {
        self.option(name, option_type::NUMBER, json!(value))
    }

    /// A BOOLEAN option.
    pub fn boolean(self, name: &str, value: bool) -> Self {
        self.option(name, option_type::BOOLEAN, json!(value))
    }

    /// A USER option: the id in `value`, the user in `data.resolved.users`
    /// and, in a guild, the member in `data.resolved.members`.
    pub fn user(mut self, name: &str, user: &FakeUser) -> Self {
        self.users.push(user.clone());
        self.option(name, option_type::USER, id(user.id))
    }

    /// The option being typed into (autocomplete): its partial input is
    /// always a string, whatever the option's type.
    pub fn focused(self, name: &str, option_kind: u8, partial: &str) -> Self {
        let mut s = self.option(name, option_kind, json!(partial));
        s.options.last_mut().expect("just pushed")["focused"] = json!(true);
        s
    }

    /// Who invokes the command.
    pub fn by(mut self, user: &FakeUser) -> Self {
        self.by = user.clone();
        self
    }

    /// Invoke in the bot's DM channel [`DM_CHANNEL_ID`] (no guild, no member).
    pub fn in_dm(mut self) -> Self {
        self.guild = false;
        self.channel_id = DM_CHANNEL_ID;
        self
    }

    /// Invoke in another guild channel, e.g. a thread the bot created.
    pub fn in_channel(mut self, channel_id: u64) -> Self {
        self.guild = true;
        self.channel_id = channel_id;
        self
    }

    /// The invoking user.
    pub fn invoker(&self) -> &FakeUser {
        &self.by
    }

    /// The command's name, used to look up the id it was registered under.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole interaction as dispatched in INTERACTION_CREATE, with
    /// `kind` one of [`kind::COMMAND`] or [`kind::AUTOCOMPLETE`].
    pub fn to_json(&self, kind: u8, interaction_id: u64, token: &str, command_id: u64) -> Value {
        // Options nest innermost-first: leaf options inside the subcommand,
        // the subcommand inside its group.
        let mut options = Value::Array(self.options.clone());
        for (depth, name) in self.path.iter().enumerate().rev() {
            let is_leaf = depth + 1 == self.path.len();
            let t = if is_leaf {
                option_type::SUB_COMMAND
            } else {
                option_type::SUB_COMMAND_GROUP
            };
            options = json!([{"name": name, "type": t, "options": options}]);
        }
        let mut data = json!({
            "id": id(command_id),
            "name": self.name,
            "type": 1,
            "options": options,
        });
        if !self.users.is_empty() {
            let mut users = Map::new();
            let mut members = Map::new();
            for u in &self.users {
                users.insert(u.id.to_string(), payloads::user(u));
                members.insert(u.id.to_string(), payloads::partial_member(u));
            }
            data["resolved"] = json!({"users": users});
            if self.guild {
                data["resolved"]["members"] = Value::Object(members);
            }
        }
        let guild = self.guild.then_some(GUILD_ID);
        if let Some(g) = guild {
            data["guild_id"] = id(g);
        }
        let mut v = payloads::interaction_base(
            kind,
            interaction_id,
            token,
            self.channel_id,
            guild,
            &self.by,
            data,
        );
        if let (Some(locale), true) = (&self.guild_locale, self.guild) {
            v["guild_locale"] = json!(locale);
        }
        v
    }
}

/// A click on a button or a choice in a string select, on a message the fake
/// holds (one the bot sent through it).
///
/// Default: clicked by [`FakeUser::alice`].
#[derive(Clone, Debug)]
pub struct ComponentClick {
    message_id: u64,
    custom_id: String,
    component_type: u8,
    values: Vec<String>,
    by: FakeUser,
}

impl ComponentClick {
    /// A click on the button `custom_id` of message `message_id`.
    pub fn button(message_id: u64, custom_id: &str) -> Self {
        Self {
            message_id,
            custom_id: custom_id.to_owned(),
            component_type: 2,
            values: Vec::new(),
            by: FakeUser::alice(),
        }
    }

    /// Choosing `values` in the string select `custom_id` of message `message_id`.
    pub fn select(message_id: u64, custom_id: &str, values: &[&str]) -> Self {
        Self {
            component_type: 3,
            values: values.iter().map(|v| (*v).to_owned()).collect(),
            ..Self::button(message_id, custom_id)
        }
    }

    /// Who clicks.
    pub fn by(mut self, user: &FakeUser) -> Self {
        self.by = user.clone();
        self
    }

    /// The id of the message the component is on.
    pub fn message_id(&self) -> u64 {
        self.message_id
    }

    /// The clicking user.
    pub fn invoker(&self) -> &FakeUser {
        &self.by
    }

    /// The whole interaction as dispatched in INTERACTION_CREATE; `message` is
    /// the message the component is attached to, as the fake returned it.
    pub fn to_json(&self, interaction_id: u64, token: &str, message: &Value) -> Value {
        let channel_id: u64 = message["channel_id"]
            .as_str()
            .and_then(|c| c.parse().ok())
            .expect("a message from the fake has a channel_id");
        let mut data = json!({"custom_id": self.custom_id, "component_type": self.component_type});
        if self.component_type == 3 {
            data["values"] = json!(self.values);
        }
        let guild = (channel_id != DM_CHANNEL_ID).then_some(GUILD_ID);
        let mut v = payloads::interaction_base(
            kind::COMPONENT,
            interaction_id,
            token,
            channel_id,
            guild,
            &self.by,
            data,
        );
        v["message"] = message.clone();
        v
    }
}
