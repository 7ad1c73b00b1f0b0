//! A takeback asked or answered on the page: what the request looks like
//! and the table call it makes (the rule is
//! [`crate::table::takeback`]'s; the route is in the parent).

use serde::Deserialize;

use crate::table::takeback::TakebackOutcome;
use crate::table::{ChannelId, Table, TableError, UserId};

/// What a takeback request must look like, for the refusal of a bad one.
pub(crate) const SHAPE: &str = "a takeback is {\"action\":\"ask\"}, or \"accept\" or \"decline\"";

/// A takeback request from the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TakebackRequest {
    action: Action,
}

/// What the player does.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Action {
    /// Asks to take back their last move.
    Ask,
    /// Accepts the opponent's request.
    Accept,
    /// Declines it.
    Decline,
}

impl TakebackRequest {
    /// Makes the request in `channel` as `user`.
    pub(crate) fn apply(
        &self,
        t: &Table,
        channel: ChannelId,
        user: UserId,
    ) -> Result<TakebackOutcome, TableError> {
        match self.action {
            Action::Ask => t.ask_takeback(channel, user),
            Action::Accept => t.answer_takeback(channel, user, true),
            Action::Decline => t.answer_takeback(channel, user, false),
        }
    }
}
