//! Commands in the members' languages: every command's, option's and
//! choice's name and description comes from `commands.ftl`, English for the
//! defaults and each shipped language for the Discord locales it serves.
//!
//! A command at path `isolo game claim` is the message `cmd-isolo-game-claim`:
//! its value is the description, `.name` the name, `.<option>-name` and
//! `.<option>` an option's name and description, `.<option>-choice-<i>` the
//! option's i-th choice. The context menu is `cmd-menu-<name>`.

use std::borrow::Cow;

use super::errors::Error;
use super::state::Data;
use crate::words::{languages, Lang};

type Command = poise::Command<Data, Error>;

/// The message id of a command at `path` (its qualified name), or of a context menu.
pub(crate) fn message_id(command: &Command, path: &str) -> String {
    match &command.context_menu_name {
        Some(menu) => format!("cmd-menu-{}", menu.to_lowercase().replace(' ', "-")),
        None => format!("cmd-{}", path.replace(' ', "-")),
    }
}

/// The localizations of `key` (`id` or `id.attribute`) for every Discord
/// locale a shipped language other than English serves.
fn localized(key: &str) -> Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]> {
    let mut out = Vec::new();
    for lang in languages().filter(|l| *l != Lang::ENGLISH && has(*l, key)) {
        let text = lang.tr(key, None);
        // Discord counts the longest localization of every field towards a
        // command's 4,000 characters: a much longer one would make it refuse
        // every command, so English stands in (a test below forbids it).
        if too_long(lang, key) {
            tracing::warn!(
                lang = lang.tag(),
                key,
                "a command's words are too long for Discord; English shown"
            );
            continue;
        }
        out.extend(
            lang.discord_locales()
                .map(|l| (Cow::Borrowed(l), Cow::Owned(text.clone()))),
        );
    }
    Cow::Owned(out)
}

/// Whether `lang`'s text for `key` is too long beside English's (names
/// have Discord's own limit instead).
fn too_long(lang: Lang, key: &str) -> bool {
    let english = Lang::ENGLISH.tr(key, None).chars().count();
    !key.ends_with("name") && lang.tr(key, None).chars().count() > longest_allowed(english)
}

/// The most characters a translation of a command's `english` characters
/// may have: a little more than English, so the whole command stays within
/// Discord's total.
pub(crate) fn longest_allowed(english: usize) -> usize {
    (english * 13).div_ceil(10).max(english + 6)
}

/// Whether `lang` itself has `key` (a message, or its attribute).
fn has(lang: Lang, key: &str) -> bool {
    let message = key.split('.').next().unwrap_or(key);
    lang.has(message) && lang.tr(key, None) != key
}

/// Fills `command` and its subcommands with names, descriptions and
/// choices from the language files.
pub(crate) fn localize(command: &mut Command) {
    let path = command.name.clone();
    localize_at(command, &path);
}

fn localize_at(command: &mut Command, path: &str) {
    let id = message_id(command, path);
    let en = |key: &str| Lang::ENGLISH.tr(key, None);
    if command.context_menu_name.is_some() {
        // A menu has a name only: its target is its one option.
        command.context_menu_name = Some(Cow::Owned(en(&format!("{id}.name"))));
        command.name_localizations = localized(&format!("{id}.name"));
        return;
    } else {
        if path.contains(' ') {
            command.name_localizations = localized(&format!("{id}.name"));
        }
        command.description = Some(Cow::Owned(en(&id)));
        command.description_localizations = localized(&id);
    }
    for p in &mut command.parameters {
        let key = format!("{id}.{}", p.name);
        p.description = Some(Cow::Owned(en(&key)));
        p.description_localizations = localized(&key);
        p.name_localizations = localized(&format!("{key}-name"));
        for (i, choice) in p.choices.to_mut().iter_mut().enumerate() {
            let key = format!("{key}-choice-{i}");
            choice.name = Cow::Owned(en(&key));
            choice.localizations = localized(&key);
        }
    }
    for sub in &mut command.subcommands {
        let path = format!("{path} {}", sub.name);
        localize_at(sub, &path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command, option and choice, in every language Discord has, as
    /// Discord's rules for application commands allow them.
    #[test]
    fn every_localized_command_is_valid_by_discord_s_rules() {
        let name_ok = |n: &str| {
            (1..=32).contains(&n.chars().count())
                && n.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
                && n.to_lowercase() == n
        };
        let text_ok = |d: &str| (1..=100).contains(&d.chars().count());
        let mut checked = 0;
        fn walk(c: &Command, f: &mut dyn FnMut(&Command)) {
            f(c);
            for s in &c.subcommands {
                walk(s, f);
            }
        }
        let mut roots = vec![
            crate::discord::commands::isolo(),
            crate::discord::commands::challenge_member(),
        ];
        roots.iter_mut().for_each(localize);
        for root in &roots {
            walk(root, &mut |c| {
                for locale in crate::words::DISCORD_LOCALES {
                    let pick = |v: &[(Cow<'static, str>, Cow<'static, str>)], default: &str| {
                        v.iter()
                            .find(|(l, _)| l == locale)
                            .map_or(default.to_string(), |(_, t)| t.to_string())
                    };
                    let name = pick(
                        &c.name_localizations,
                        c.context_menu_name.as_deref().unwrap_or(&c.name),
                    );
                    if c.context_menu_name.is_some() {
                        assert!(
                            text_ok(&name) && name.chars().count() <= 32,
                            "{locale}: menu {name:?}"
                        );
                    } else {
                        assert!(
                            name_ok(&name),
                            "{locale}: command name {name:?} of /{}",
                            c.qualified_name
                        );
                        let d = pick(
                            &c.description_localizations,
                            c.description.as_deref().unwrap_or(""),
                        );
                        assert!(
                            text_ok(&d),
                            "{locale}: description of /{}: {d:?}",
                            c.qualified_name
                        );
                        assert!(
                            !d.starts_with("cmd-"),
                            "{locale}: no words for /{}",
                            c.qualified_name
                        );
                    }
                    if c.context_menu_name.is_some() {
                        continue;
                    }
                    let mut names: Vec<String> = c
                        .subcommands
                        .iter()
                        .map(|s| pick(&s.name_localizations, &s.name))
                        .chain(c.parameters.iter().map(|p| pick(&p.name_localizations, &p.name)))
                        .collect();
                    for p in &c.parameters {
                        let n = pick(&p.name_localizations, &p.name);
                        assert!(name_ok(&n), "{locale}: option {n:?} of /{}", c.qualified_name);
                        let d = pick(
                            &p.description_localizations,
                            p.description.as_deref().unwrap_or(""),
                        );
                        assert!(
                            text_ok(&d),
                            "{locale}: option {} of /{}: {d:?}",
                            p.name,
                            c.qualified_name
                        );
                        for ch in p.choices.iter() {
                            let n = pick(&ch.localizations, &ch.name);
                            assert!(text_ok(&n), "{locale}: choice {n:?} of {}", p.name);
                        }
                        checked += 1;
                    }
                    let count = names.len();
                    names.sort();
                    names.dedup();
                    assert_eq!(
                        names.len(),
                        count,
                        "{locale}: names repeat under /{}",
                        c.qualified_name
                    );
                }
            });
        }
        assert!(
            checked >= 20 * crate::words::DISCORD_LOCALES.len(),
            "{checked} options checked"
        );
    }

    /// A field's texts by Discord locale.
    type Localizations = [(Cow<'static, str>, Cow<'static, str>)];

    /// No translation is so long that English stands in for it at start-up
    /// (with a warning): every text a language has reaches each Discord
    /// locale it serves.
    #[test]
    fn no_command_text_falls_back_to_english() {
        fn walk(c: &Command, path: &str, missing: &mut Vec<String>, checked: &mut usize) {
            let id = message_id(c, path);
            let mut fields: Vec<(String, &Localizations)> = Vec::new();
            if c.context_menu_name.is_none() {
                fields.push((id.clone(), &c.description_localizations));
            }
            for p in &c.parameters {
                let key = format!("{id}.{}", p.name);
                fields.push((key.clone(), &p.description_localizations));
                for (i, choice) in p.choices.iter().enumerate() {
                    fields.push((format!("{key}-choice-{i}"), &choice.localizations));
                }
            }
            for (key, shown) in fields {
                for lang in languages().filter(|l| *l != Lang::ENGLISH && has(*l, &key)) {
                    *checked += 1;
                    let text = lang.tr(&key, None);
                    // Swahili serves no Discord locale, yet is warned of too.
                    if too_long(lang, &key) {
                        missing.push(format!("{} {key}: {text:?} is too long", lang.tag()));
                    }
                    for locale in lang.discord_locales() {
                        if !shown.iter().any(|(l, t)| l == locale && *t == text) {
                            missing.push(format!("{} {key} ({locale}): {text:?}", lang.tag()));
                        }
                    }
                }
            }
            for sub in &c.subcommands {
                walk(sub, &format!("{path} {}", sub.name), missing, checked);
            }
        }
        let (mut missing, mut checked) = (Vec::new(), 0);
        for mut root in [
            crate::discord::commands::isolo(),
            crate::discord::commands::challenge_member(),
        ] {
            localize(&mut root);
            let path = root.name.clone();
            walk(&root, &path, &mut missing, &mut checked);
        }
        assert!(
            missing.is_empty(),
            "English stands in for:\n{}",
            missing.join("\n")
        );
        assert!(checked > 500, "{checked} texts checked");
    }

    #[test]
    fn english_comes_from_the_language_files_and_others_are_localized() {
        let mut isolo = crate::discord::commands::isolo();
        localize(&mut isolo);
        assert_eq!(
            isolo.description.as_deref(),
            Some("Play Isolo, the Sukuma mancala")
        );
        let challenge = isolo
            .subcommands
            .iter()
            .find(|c| c.name == "challenge")
            .expect("challenge");
        for locale in ["fr", "de", "pt-BR", "es-ES", "es-419"] {
            assert!(
                challenge
                    .description_localizations
                    .iter()
                    .any(|(l, _)| l == locale),
                "{locale} has a description of /isolo challenge"
            );
        }
    }
}
