//! Help, the rules, and forgetting a member.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton};

use super::ids;
use super::out::{clip, Out};
use crate::discord::errors::Error;
use crate::discord::state::Data;
use crate::tr;
use crate::words::{narrate, Lang};

/// The bot's presence: how to start (a command, the same in every language).
pub const PRESENCE: &str = "/isolo help";

/// The rules, with the rule book's key terms in bold.
pub fn rules(lang: Lang, boys: Option<bool>) -> Out {
    Out::private(narrate::rules(lang, boys))
}

/// What `/isolo help` says: how the game is named, then one line per
/// command: a clickable mention when `command_id` (the id Discord gave
/// `/isolo`) is known, its options (`[optional]`) and what it does, in the
/// reader's language. Split into messages of at most 2,000 characters,
/// Discord's limit.
pub fn help(lang: Lang, isolo: &poise::Command<Data, Error>, command_id: u64) -> Vec<Out> {
    let mut lines = vec![tr!(lang, "help-intro")];
    help_lines(lang, isolo, &isolo.name, &isolo.name, command_id, &mut lines);
    let mut messages: Vec<String> = Vec::new();
    for line in lines {
        match messages.last_mut() {
            Some(m) if m.chars().count() + 1 + line.chars().count() <= 2000 => {
                m.push('\n');
                m.push_str(&line);
            }
            _ => messages.push(line),
        }
    }
    messages.into_iter().map(Out::private).collect()
}

/// The help lines of `command`'s subcommands, groups descended into. A
/// mention uses the command's own (English) path, which Discord shows in the
/// reader's language; the text shows the localized names.
pub(super) fn help_lines(
    lang: Lang,
    command: &poise::Command<Data, Error>,
    path: &str,
    shown: &str,
    id: u64,
    out: &mut Vec<String>,
) {
    for sub in &command.subcommands {
        let path = format!("{path} {}", sub.name);
        // Worded from commands.ftl, so languages Discord lacks (Swahili) read theirs too.
        let key = crate::discord::localize::message_id(sub, &path);
        let shown = format!("{shown} {}", lang.tr(&format!("{key}.name"), None));
        if !sub.subcommands.is_empty() {
            help_lines(lang, sub, &path, &shown, id, out);
            continue;
        }
        let name = match id {
            0 => format!("`/{shown}`"),
            id => format!("</{path}:{id}>"),
        };
        let options: String = sub
            .parameters
            .iter()
            .map(|p| {
                let n = lang.tr(&format!("{key}.{}-name", p.name), None);
                match p.required {
                    true => format!(" `{n}`"),
                    false => format!(" `[{n}]`"),
                }
            })
            .collect();
        out.push(format!("{name}{options}: {}", lang.tr(&key, None)));
    }
}

/// What `/isolo forget-me` asks first, privately, with the button that
/// confirms it (only `user` may press it).
pub fn forget_confirm(lang: Lang, channel: u64, user: u64) -> Out {
    let button = CreateButton::new(ids::make(ids::FORGET, channel, Some(user)))
        .label(clip(&tr!(lang, "button-forget-me"), 80))
        .style(ButtonStyle::Danger);
    Out {
        content: tr!(lang, "forget-confirm", former = tr!(lang, "former-member")),
        components: vec![CreateActionRow::Buttons(vec![button])],
        ephemeral: true,
        ..Out::default()
    }
}

/// The answer once a member was forgotten.
pub fn forgotten(lang: Lang, f: &crate::table::Forgotten) -> Out {
    Out::private(tr!(
        lang,
        "forgotten",
        games = f.games,
        former = tr!(lang, "former-member")
    ))
}
