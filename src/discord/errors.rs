//! The errors of commands and clicks: marks on an `anyhow::Error` that say
//! how it ends (a refusal, an answer already saved), and how a failure counts.

use poise::serenity_prelude as serenity;

use crate::metrics::Outcome;
use crate::table::{ChannelRight, TableError};

/// The error type of commands: refusals are [`TableError`]s, anything else is internal.
pub type Error = anyhow::Error;
/// Marks a failure that came after the change was saved, so the user is
/// told it was saved rather than that nothing changed.
#[derive(Debug)]
pub(crate) struct Saved;

impl std::fmt::Display for Saved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the change was saved, but its answer could not be sent")
    }
}

/// Only a server's moderators may change its settings.
#[derive(Debug)]
pub(crate) struct ModeratorsOnly;

impl std::fmt::Display for ModeratorsOnly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a server setting, asked by a member who does not moderate")
    }
}

impl std::error::Error for ModeratorsOnly {}

/// A game cannot be started where every answer is shown to its sender alone.
#[derive(Debug)]
pub(crate) struct ForcedPrivate;

impl std::fmt::Display for ForcedPrivate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("answers are forced private here (Use External Apps is off)")
    }
}

impl std::error::Error for ForcedPrivate {}

/// A tournament cannot be hosted where the bot lacks this right: its
/// games would have no threads.
#[derive(Debug)]
pub(crate) struct CannotHost(pub ChannelRight);

impl std::fmt::Display for CannotHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the bot lacks {:?} in the channel", self.0)
    }
}

impl std::error::Error for CannotHost {}

/// How a failed interaction ended, for the metrics: a refusal (the member
/// asked for something the rules forbid) or an error (storage, Discord).
pub(crate) fn outcome_of(error: &Error) -> Outcome {
    if error.downcast_ref::<CannotHost>().is_some() {
        return Outcome::Refused;
    }
    match error.downcast_ref::<TableError>() {
        Some(TableError::Contended | TableError::Storage(_) | TableError::Corrupt { .. }) | None => {
            Outcome::Error
        }
        Some(_) => Outcome::Refused,
    }
}

/// Whether `error` says the interaction can no longer be answered: a 429
/// the limiter gave up on (a retry would miss the interaction's window), or
/// Discord no longer knowing the interaction. Answering the error then would
/// only be a second response to the same interaction, so it is logged only.
pub(crate) fn unanswerable(error: &Error) -> bool {
    /// Discord's codes for an unknown interaction and an unknown webhook (token).
    const GONE: [isize; 2] = [10062, 10015];
    let Some(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) = error.downcast_ref()
    else {
        return false;
    };
    r.status_code.as_u16() == 429 || GONE.contains(&r.error.code)
}

/// The HTTP status Discord answered a failed request with, if it answered.
pub(crate) fn http_status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(h) => h.status_code().map(|s| s.as_u16()),
        _ => None,
    }
}
