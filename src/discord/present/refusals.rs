//! Refusals and failures, worded: a [`TableError`], a limit, an internal
//! error's reference.

use super::out::plain;
use crate::discord::errors::{CannotHost, Error, ForcedPrivate, ModeratorsOnly, Saved};
use crate::words::{self, Lang};
use crate::{table::TableError, tr};

/// A refusal as the player reads it: names and typed text neutralised, and
/// where it helps, the command that gets them further.
pub fn refusal(lang: Lang, e: &TableError) -> String {
    let e = e.escaped(plain);
    if let TableError::WhichChallenge(names) = &e {
        let names = names.join(&tr!(lang, "list-separator"));
        return tr!(lang, "refusal-which-challenge-here", names = names);
    }
    let base = words::refusal::refusal(lang, &e);
    let way_on = match &e {
        TableError::NoGame => "way-on-no-game",
        TableError::Busy { .. } => "way-on-busy",
        TableError::NotAPlayer { .. } => "way-on-not-a-player",
        TableError::StillPlaying { games, .. } if !games.is_empty() => "way-on-still-playing-games",
        TableError::StillPlaying { .. } => "way-on-still-playing-challenges",
        TableError::Corrupt { .. } => "way-on-corrupt",
        TableError::Stale => "way-on-stale",
        _ => return base,
    };
    tr!(
        lang,
        "refusal-with-way-on",
        refusal = base,
        way_on = tr!(lang, way_on)
    )
}

/// What the user is told when something failed on the bot's side.
pub fn internal_error(lang: Lang, reference: &str) -> String {
    tr!(lang, "internal-error", reference = reference)
}

/// A command held back to share the bot fairly.
pub(crate) fn limited(lang: Lang, l: &crate::discord::limits::Limited) -> String {
    use crate::discord::limits::Limited;
    match l {
        Limited::Cooldown { command, secs } => tr!(
            lang,
            "limited-cooldown",
            // As the command picker shows it in this language.
            command = format!(
                "/isolo {}",
                lang.tr(&format!("cmd-isolo-{}.name", command.command()), None)
            ),
            seconds = *secs
        ),
        Limited::Busy => tr!(lang, "limited-busy"),
    }
}

/// What the user is told when a change was saved but its answer failed.
pub fn saved_not_shown(lang: Lang) -> String {
    tr!(lang, "saved-not-shown")
}

/// What the user is told when a command panicked.
pub fn panicked(lang: Lang, reference: &str) -> String {
    tr!(lang, "panicked", reference = reference)
}

/// Why a game cannot start where every answer is shown to its sender alone.
pub fn forced_private(lang: Lang) -> String {
    tr!(lang, "forced-private")
}

/// A short reference for an internal error, told to the user and logged
/// with the error, so the operator can find it: eight hex digits, unique
/// within the process and unlikely to repeat across restarts.
pub(crate) fn error_reference() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // A multiplicative hash spreads consecutive numbers over the whole range.
    let mixed = (started ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    format!("{:08x}", mixed >> 32)
}

/// What the user is told when handling `what` failed: a refusal says why
/// (names and typed text neutralised), anything else is logged.
pub(crate) fn error_text(lang: Lang, error: &Error, what: &str) -> String {
    if let Some(limited) = error.downcast_ref::<crate::discord::limits::Limited>() {
        return self::limited(lang, limited);
    }
    if error.downcast_ref::<ForcedPrivate>().is_some() {
        return forced_private(lang);
    }
    if let Some(CannotHost(missing)) = error.downcast_ref() {
        return crate::words::refusal::cannot_host(lang, *missing);
    }
    if error.downcast_ref::<ModeratorsOnly>().is_some() {
        return crate::tr!(lang, "refusal-server-language");
    }
    if error.downcast_ref::<Saved>().is_some() {
        tracing::warn!("{what}: {error:#}");
        return saved_not_shown(lang);
    }
    match error.downcast_ref::<TableError>() {
        Some(refusal) => {
            if let TableError::Storage(_) | TableError::Corrupt { .. } = refusal {
                // The member is told what; the operator needs why.
                tracing::warn!("{what}: {refusal}");
            }
            self::refusal(lang, refusal)
        }
        None => {
            let reference = error_reference();
            tracing::error!("{what} failed [ref {reference}]: {error:#}");
            internal_error(lang, &reference)
        }
    }
}

/// Said to anyone but the member who asked when they press a forget-me button.
pub fn not_your_button(lang: Lang) -> String {
    tr!(lang, "not-your-button")
}

/// The answer to options the bot cannot read.
pub fn unreadable_options(lang: Lang) -> String {
    tr!(lang, "unreadable-options")
}

/// Said when `/isolo animate` has no move to show.
pub fn no_move_yet(lang: Lang) -> String {
    tr!(lang, "no-move-yet")
}

/// Said when an unreadable game was removed.
pub fn unreadable_removed(lang: Lang) -> String {
    tr!(lang, "unreadable-removed")
}
