//! Every word a player reads, in their language, looked up in one place that
//! every front end shares.
//!
//! The words are Project Fluent messages in `locales/<tag>/*.ftl`, one folder
//! per language, embedded at build time (`build.rs`), so a new language is a
//! copied folder. English (`en`) is complete by definition: a message missing
//! from another language falls back to English, and `tests/parts/words.rs` fails
//! with its name. Logs and the operator's messages stay English, in code.
//!
//! Look a message up with [`tr!`]: `tr!(lang, "game-won", winner = name)`.
//! Arguments are named like Rust identifiers (`$winner` in the message).

pub mod narrate;
pub mod page;
pub mod picture;
pub mod refusal;
pub mod train;

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentArgs as Args;
pub use fluent_bundle::FluentValue as Value;

/// Each language folder: its tag and its files (name, text).
pub static LOCALES: &[(&str, &[(&str, &str)])] = include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// Discord's locales (its `Locale` reference), in Discord's order.
pub const DISCORD_LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
    "zh-TW", "ko",
];

/// A shipped language: an index into [`languages`]. English is always there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(u8);

/// One loaded language.
pub struct Language {
    /// Its tag, the folder's name (`en`, `sw`, `pt-BR`).
    pub tag: &'static str,
    /// Its messages.
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Language")
            .field("tag", &self.tag)
            .finish_non_exhaustive()
    }
}

/// A problem with a language file, found when it is loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileProblem {
    /// The language's tag.
    pub tag: &'static str,
    /// The file's name.
    pub file: &'static str,
    /// What is wrong, for the translator.
    pub problem: String,
}

struct Loaded {
    languages: Vec<Language>,
    problems: Vec<FileProblem>,
}

fn loaded() -> &'static Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED.get_or_init(load)
}

fn load() -> Loaded {
    let mut problems = Vec::new();
    // English first: `Lang(0)` is the fallback.
    let mut order: Vec<_> = LOCALES.iter().collect();
    order.sort_by_key(|(tag, _)| (*tag != "en", *tag));
    let mut languages = Vec::new();
    for (tag, files) in order {
        let Ok(id) = tag.parse::<LanguageIdentifier>() else {
            problems.push(FileProblem {
                tag,
                file: "",
                problem: "the folder's name is not a language tag".into(),
            });
            continue;
        };
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Unicode isolation marks would break mentions and show as boxes on
        // pictures; Discord's clients order mixed directions well enough.
        bundle.set_use_isolating(false);
        for (file, text) in files.iter() {
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(r) => r,
                Err((r, errors)) => {
                    for e in errors {
                        problems.push(FileProblem {
                            tag,
                            file,
                            problem: format!("syntax: {e:?}"),
                        });
                    }
                    r
                }
            };
            if let Err(errors) = bundle.add_resource(resource) {
                for e in errors {
                    problems.push(FileProblem {
                        tag,
                        file,
                        problem: format!("{e}"),
                    });
                }
            }
        }
        languages.push(Language { tag, bundle });
    }
    assert!(
        languages.first().is_some_and(|l| l.tag == "en"),
        "locales/en is missing"
    );
    Loaded { languages, problems }
}

/// Every shipped language, English first.
pub fn languages() -> impl Iterator<Item = Lang> {
    (0..loaded().languages.len()).map(|i| Lang(i as u8))
}

/// Problems found in the language files (none in a good build).
pub fn file_problems() -> &'static [FileProblem] {
    &loaded().problems
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::ENGLISH
    }
}

impl Lang {
    /// English, the fallback of every message.
    pub const ENGLISH: Lang = Lang(0);

    fn language(self) -> &'static Language {
        &loaded().languages[self.0 as usize]
    }

    /// The language's tag (`sw`, `pt-BR`).
    pub fn tag(self) -> &'static str {
        self.language().tag
    }

    /// The language's own name for itself (`Kiswahili`), its message
    /// `language-name`.
    pub fn name(self) -> String {
        self.tr("language-name", None)
    }

    /// The shipped language for a tag: the same tag (any case), else the same
    /// language without region (`es-419` is `es`), else one with a region
    /// (`pt` is `pt-BR`).
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = |t: &str| t.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        let all = || languages().map(|l| (l, l.tag()));
        all()
            .find(|(_, t)| t.eq_ignore_ascii_case(tag))
            .or_else(|| all().find(|(_, t)| *t == primary(tag)))
            .or_else(|| all().find(|(_, t)| primary(t) == primary(tag)))
            .map(|(l, _)| l)
    }

    /// The Discord locales this language serves (for command names): every
    /// Discord locale that [`Lang::from_tag`] maps here.
    pub fn discord_locales(self) -> impl Iterator<Item = &'static str> {
        DISCORD_LOCALES
            .into_iter()
            .filter(move |l| Lang::from_tag(l) == Some(self))
    }

    /// Whether the language has this message itself (not by falling back).
    pub fn has(self, id: &str) -> bool {
        self.language().bundle.has_message(id)
    }

    /// A message of this language itself (`id`, or `id.attribute`), or the
    /// problems formatting it: for the tests that keep translations whole.
    pub fn try_tr(self, id: &str, args: Option<&FluentArgs>) -> Result<String, Vec<String>> {
        let (message, attribute) = id.split_once('.').map_or((id, None), |(m, a)| (m, Some(a)));
        let bundle = &self.language().bundle;
        let msg = bundle
            .get_message(message)
            .ok_or_else(|| vec![format!("no message {id}")])?;
        let pattern = match attribute {
            Some(a) => msg.get_attribute(a).map(|a| a.value()),
            None => msg.value(),
        }
        .ok_or_else(|| vec![format!("{id} has no text")])?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors).into_owned();
        match errors.is_empty() {
            true => Ok(text),
            false => Err(errors.iter().map(|e| format!("{e}")).collect()),
        }
    }

    /// A message (`id`, or `id.attribute`) with its arguments, falling back
    /// to English, and to the id itself if English lacks it too (which the
    /// tests forbid).
    pub fn tr(self, id: &str, args: Option<&FluentArgs>) -> String {
        let (message, attribute) = match id.split_once('.') {
            Some((m, a)) => (m, Some(a)),
            None => (id, None),
        };
        for lang in [self, Lang::ENGLISH] {
            let bundle = &lang.language().bundle;
            let Some(msg) = bundle.get_message(message) else {
                continue;
            };
            let pattern = match attribute {
                Some(a) => msg.get_attribute(a).map(|a| a.value()),
                None => msg.value(),
            };
            let Some(pattern) = pattern else { continue };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            if !errors.is_empty() {
                tracing::warn!(lang = lang.tag(), id, ?errors, "a message did not format cleanly");
            }
            return text.into_owned();
        }
        tracing::error!(id, "no such message, not even in English");
        id.to_string()
    }
}

/// Looks a message up: `tr!(lang, "id")` or `tr!(lang, "id", name = value, ..)`,
/// where each value is anything a Fluent value is made from (text, numbers).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr) => {
        $crate::words::Lang::tr($lang, $id, None)
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::words::Args::new();
        $(args.set(stringify!($name), $crate::words::Value::from($value));)+
        $crate::words::Lang::tr($lang, $id, Some(&args))
    }};
}

/// A list in the language's words: "a", "a and b", "a, b and c".
pub fn list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => tr!(
            lang,
            "list-and",
            init = init.join(&tr!(lang, "list-separator")),
            last = last.as_str()
        ),
    }
}

/// Makes `FluentArgs` from a list of names and values (for code that builds
/// arguments in a loop).
pub fn args<'a>(pairs: impl IntoIterator<Item = (&'a str, Value<'a>)>) -> FluentArgs<'a> {
    let mut a = FluentArgs::new();
    for (k, v) in pairs {
        a.set(k, v);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_comes_first_and_discord_locales_map_to_languages() {
        assert_eq!(Lang::ENGLISH.tag(), "en");
        assert_eq!(Lang::from_tag("en-US"), Some(Lang::ENGLISH));
        assert_eq!(Lang::from_tag("EN-gb"), Some(Lang::ENGLISH));
        assert_eq!(Lang::from_tag("xx"), None);
        assert!(Lang::ENGLISH.discord_locales().any(|l| l == "en-GB"));
    }
}
