//! Discord's rules for registered commands, checked in a test against what
//! the bot registers, so that a command Discord would refuse (and with it
//! every command: registration is all or nothing) never reaches start-up.
//! From Discord's docs (interactions/application-commands): names, lengths,
//! counts and the 4,000-character total. Also: a global bulk overwrite
//! keeps the Activity's Entry Point command, which Discord requires.

use poise::serenity_prelude as serenity;

/// The Entry Point command's name and description when the bot adds one.
const ENTRY_POINT: (&str, &str) = ("launch", "Open the live board");

/// Reads of the registered commands at start-up before giving up.
const READ_TRIES: u32 = 4;

/// The wait after the first failed read; doubled after each next.
const FIRST_BACKOFF: std::time::Duration = std::time::Duration::from_millis(500);

/// Whether `e` is Discord having a bad moment (a 5xx, a timeout, a dropped
/// connection) rather than a refusal that would be the same again.
fn transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        serenity::Error::Http(h) => h.status_code().is_some_and(|s| s.is_server_error()),
        _ => false,
    }
}

/// The application's global commands, read again after a transient error
/// ([`READ_TRIES`] reads, [`FIRST_BACKOFF`] doubling: seconds in all).
async fn read_global(ctx: &serenity::Context) -> Result<Vec<serenity::Command>, serenity::Error> {
    let mut wait = FIRST_BACKOFF;
    for _ in 1..READ_TRIES {
        match serenity::Command::get_global_commands(ctx).await {
            Err(e) if transient(&e) => {
                tracing::warn!("cannot read the registered commands yet ({e}); trying again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            done => return done,
        }
    }
    serenity::Command::get_global_commands(ctx).await
}

/// `create` with the application's Entry Point command (`PRIMARY_ENTRY_POINT`)
/// kept: Discord refuses a bulk overwrite that drops one. An existing one is
/// kept as it is; with `activity` and none yet, one is added that launches
/// the Activity. `None` when the registered commands cannot be read even
/// after retries: an overwrite then might drop the Entry Point (and be
/// refused), so the caller leaves the commands as they are registered.
pub(super) async fn with_entry_point(
    ctx: &serenity::Context,
    mut create: Vec<serenity::CreateCommand>,
    activity: bool,
) -> Option<Vec<serenity::CreateCommand>> {
    let existing = match read_global(ctx).await {
        Ok(commands) => commands
            .into_iter()
            .find(|c| c.kind == serenity::CommandType::PrimaryEntryPoint),
        Err(e) => {
            tracing::warn!(
                "cannot read the registered commands, so they are left as registered \
                 (an overwrite could drop the Activity's Entry Point); restart to update them: {e}"
            );
            return None;
        }
    };
    let (name, description, handler) = match existing {
        Some(c) => (
            c.name,
            c.description,
            c.handler
                .unwrap_or(serenity::EntryPointHandlerType::DiscordLaunchActivity),
        ),
        None if activity => (
            ENTRY_POINT.0.to_owned(),
            ENTRY_POINT.1.to_owned(),
            serenity::EntryPointHandlerType::DiscordLaunchActivity,
        ),
        None => return Some(create),
    };
    create.push(
        serenity::CreateCommand::new(name)
            .kind(serenity::CommandType::PrimaryEntryPoint)
            .description(description)
            .handler(handler),
    );
    Some(create)
}

#[cfg(test)]
mod tests {
    use poise::serenity_prelude as serenity;
    use serde_json::Value;

    /// The most subcommands and groups one command (or group) may have.
    const MAX_OPTIONS: usize = 25;
    /// The most choices an option may have.
    const MAX_CHOICES: usize = 25;
    /// The most characters of a command's names, descriptions and choices together.
    const MAX_TOTAL: usize = 4000;

    /// Whether `name` is a valid chat-command name: `^[-_\p{L}\p{N}]{1,32}$`,
    /// lower case where the script has case.
    fn valid_name(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name.chars().all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.chars().all(|c| !c.is_uppercase())
    }

    /// A field's length as Discord counts it towards the total: its longest
    /// text among the default and every localization.
    fn longest(o: &Value, field: &str) -> usize {
        let default = o[field].as_str().unwrap_or_default().chars().count();
        let localized = o[format!("{field}_localizations")]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
            .filter_map(Value::as_str)
            .map(|t| t.chars().count());
        localized.chain([default]).max().unwrap_or(0)
    }

    /// Problems of one option (or subcommand) at `path`, adding its characters to `total`.
    fn check_option(path: &str, o: &Value, total: &mut usize, problems: &mut Vec<String>) {
        let name = o["name"].as_str().unwrap_or_default();
        let description = o["description"].as_str().unwrap_or_default();
        let path = format!("{path} {name}");
        if !valid_name(name) {
            problems.push(format!("{path}: invalid name"));
        }
        if !(1..=100).contains(&description.chars().count()) {
            problems.push(format!(
                "{path}: description of {} characters",
                description.chars().count()
            ));
        }
        *total += longest(o, "name") + longest(o, "description");
        let choices = o["choices"].as_array().map_or(&[][..], Vec::as_slice);
        if choices.len() > MAX_CHOICES {
            problems.push(format!("{path}: {} choices", choices.len()));
        }
        for c in choices {
            let cname = c["name"].as_str().unwrap_or_default();
            if !(1..=100).contains(&cname.chars().count()) {
                problems.push(format!("{path}: choice {cname:?}"));
            }
            *total += longest(c, "name") + c["value"].to_string().trim_matches('"').chars().count();
        }
        let options = o["options"].as_array().map_or(&[][..], Vec::as_slice);
        if options.len() > MAX_OPTIONS {
            problems.push(format!("{path}: {} options", options.len()));
        }
        let mut seen = std::collections::HashSet::new();
        let mut optional_seen = false;
        for sub in options {
            let sname = sub["name"].as_str().unwrap_or_default();
            if !seen.insert(sname) {
                problems.push(format!("{path}: {sname} twice"));
            }
            let required = sub["required"].as_bool().unwrap_or(false);
            if required && optional_seen {
                problems.push(format!("{path} {sname}: required after an optional option"));
            }
            optional_seen |= !required && sub["type"].as_u64().is_some_and(|t| t > 2);
            // A group holds subcommands only; a subcommand holds no subcommand.
            let kind = sub["type"].as_u64().unwrap_or(0);
            let parent = o["type"].as_u64().unwrap_or(0);
            if (parent == 2 && kind != 1) || (parent == 1 && kind <= 2) {
                problems.push(format!("{path} {sname}: type {kind} inside type {parent}"));
            }
            check_option(&path, sub, total, problems);
        }
    }

    /// Every problem Discord would refuse in `commands` (the JSON the bot sends).
    fn problems(commands: &[Value]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for c in commands {
            let name = c["name"].as_str().unwrap_or_default();
            let kind = c["type"].as_u64().unwrap_or(1);
            if !seen.insert((kind, name)) {
                problems.push(format!("{name}: registered twice"));
            }
            if kind == 1 {
                let mut total = 0;
                check_option("", c, &mut total, &mut problems);
                if total > MAX_TOTAL {
                    problems.push(format!("/{name}: {total} characters in all"));
                }
            } else if !(1..=32).contains(&name.chars().count())
                || !c["description"].as_str().unwrap_or("").is_empty()
            {
                problems.push(format!(
                    "{name}: a context-menu command needs a 1-32 character name, no description"
                ));
            }
        }
        problems
    }

    fn registered() -> Vec<Value> {
        // As `run` registers them: worded from the language files.
        let mut commands = [
            super::super::commands::isolo(),
            super::super::commands::challenge_member(),
        ];
        commands.iter_mut().for_each(super::super::localize::localize);
        let create: Vec<serenity::CreateCommand> = poise::builtins::create_application_commands(&commands);
        create
            .iter()
            .map(|c| serde_json::to_value(c).expect("a command serializes"))
            .collect()
    }

    #[test]
    fn every_registered_command_is_within_discords_limits() {
        let commands = registered();
        assert_eq!(problems(&commands), Vec::<String>::new());
        let isolo = &commands[0];
        let top = isolo["options"].as_array().unwrap().len();
        // Room for one more before a new group is needed (`/isolo next`
        // took the second: players reach for it every day).
        assert!(top < MAX_OPTIONS, "/isolo has {top} subcommands and groups");
    }

    #[test]
    fn the_checker_finds_what_discord_would_refuse() {
        let long = "x".repeat(101);
        let bad = serde_json::json!([{
            "name": "Isolo", "type": 1, "description": "",
            "options": [
                {"name": "a b", "type": 1, "description": long},
                {"name": "dup", "type": 1, "description": "d"},
                {"name": "dup", "type": 1, "description": "d"}
            ]
        }]);
        let found = problems(bad.as_array().unwrap());
        for needle in [
            "Isolo: invalid name",
            "description of 0",
            "a b: invalid name",
            "description of 101",
            "dup twice",
        ] {
            assert!(found.iter().any(|p| p.contains(needle)), "{needle} in {found:?}");
        }
    }
}
