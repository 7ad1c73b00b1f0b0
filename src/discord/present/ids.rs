//! Custom ids of components: `isolo:<action>:<channel>[:<number>[:<tail>]]`.

/// Accept a challenge.
pub const ACCEPT: &str = "accept";
/// Decline a challenge.
pub const DECLINE: &str = "decline";
/// Withdraw a challenge.
pub const WITHDRAW: &str = "withdraw";
/// Play a pit from the select menu (the number is the board's ply, the
/// tail the game's number).
pub const MOVE: &str = "move";
/// Ask for a rematch (the number is the finished game's).
pub const REMATCH: &str = "rematch";
/// Confirm `/isolo forget-me` (the number is the member who asked).
pub const FORGET: &str = "forget";
/// A pit of a member's puzzle (the number is the solution ply; the tail
/// the puzzle, and for a daily run its day and public message).
pub const PUZZLE: &str = "puzzle";
/// A pit of the public daily puzzle (the number is the day).
pub const DAILY: &str = "daily";
/// A pit of a lesson (the number is the solution ply; the tail the
/// lesson and the wrong tries so far).
pub const LESSON: &str = "lesson";
/// `/isolo next` from a turn DM: the clicker's own game waiting longest
/// for their move (the channel is 0: it acts for the clicker anywhere).
pub const NEXT: &str = "next";
/// Open the live board as the Activity (the number is the game's).
pub const LIVE: &str = "live";

/// The custom id of an action in a channel, with an optional number:
/// the ply of a move menu's board, or the other member of a challenge.
pub fn make(action: &str, channel: u64, extra: Option<u64>) -> String {
    match extra {
        Some(n) => format!("isolo:{action}:{channel}:{n}"),
        None => format!("isolo:{action}:{channel}"),
    }
}

/// Accept a takeback request (the number is the game's).
pub const TAKEBACK_ACCEPT: &str = "takeback-yes";
/// Decline a takeback request (the number is the game's).
pub const TAKEBACK_DECLINE: &str = "takeback-no";

/// A component's custom id, read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustomId<'a> {
    /// What the component does ([`ACCEPT`], [`MOVE`], ...).
    pub action: &'a str,
    /// The channel of the challenge or game.
    pub channel: u64,
    /// The ply of the board a move menu was under; for a challenge's
    /// buttons the other member (the challenger for accept and decline,
    /// the challenged for withdraw).
    pub extra: Option<u64>,
    /// The parts after the number, for [`make_with`]'s ids.
    pub tail: Option<&'a str>,
}

/// [`make`] with a tail of more parts (`:`-separated, read by the
/// action's handler).
pub fn make_with(action: &str, channel: u64, n: u64, tail: &str) -> String {
    format!("isolo:{action}:{channel}:{n}:{tail}")
}

/// Reads a custom id made by [`make`] or [`make_with`].
pub fn parse(id: &str) -> Option<CustomId<'_>> {
    let mut parts = id.strip_prefix("isolo:")?.splitn(4, ':');
    let action = parts.next()?;
    let channel = parts.next()?.parse().ok()?;
    let extra = match parts.next() {
        Some(p) => Some(p.parse().ok()?),
        None => None,
    };
    Some(CustomId {
        action,
        channel,
        extra,
        tail: parts.next(),
    })
}
