//! Who may see what: one rule for every front end.
//!
//! Every direct message and group DM is stored under server
//! [`PRIVATE_GUILD`], and game numbers are shared by all places, so a number
//! alone must never open a game. A game of a server is shown in that server
//! only; a game of a private chat only in that chat, whose members are the
//! only ones who can ask there. A private chat's ratings form a pool of their
//! own that only the member rated in it sees.

use super::{ChannelId, FinishedGame, GuildId, Seat, UserId};

/// The server id every direct message and group DM is stored under.
pub const PRIVATE_GUILD: GuildId = 0;

/// Who asks, and from where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewer {
    /// The server asked in ([`PRIVATE_GUILD`] in a DM or group DM).
    pub guild: GuildId,
    /// The channel, thread or private chat asked in.
    pub channel: ChannelId,
    /// The member who asks.
    pub user: UserId,
}

impl Viewer {
    /// Whether the question comes from a DM or group DM.
    pub fn in_private(&self) -> bool {
        self.guild == PRIVATE_GUILD
    }

    /// Whether this viewer may read a finished game (its record, review,
    /// animation): a server's games in that server, a private chat's games
    /// in that chat only.
    pub fn may_read(&self, game: &FinishedGame) -> bool {
        match game.guild {
            PRIVATE_GUILD => self.in_private() && game.channel == self.channel,
            guild => guild == self.guild,
        }
    }

    /// Whether this viewer may see `member`'s ratings and results here. In a
    /// server, anyone's; in a private chat, only their own (those results
    /// come from private games).
    pub fn may_see_stats_of(&self, member: UserId) -> bool {
        !self.in_private() || member == self.user
    }
}

/// Who can see a server's channel (a thread: its parent), as Discord says
/// when a front end outside the chat asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sight {
    /// `@everyone` can see it.
    Everyone,
    /// Not everyone, but the signed-in viewer can.
    Viewer,
    /// The viewer cannot, or it could not be found out (never guessed open).
    Hidden,
}

/// Discord's `VIEW_CHANNEL` permission.
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// Discord's `ADMINISTRATOR` permission.
pub const ADMINISTRATOR: u64 = 1 << 3;

/// Whether `@everyone` sees a channel, by Discord's permission rules: the
/// `@everyone` role's permissions `everyone`, then the channel's overwrite
/// for that role, `(allow, deny)`, if it has one. (A thread is seen as its
/// parent is; a private thread never by everyone.)
pub fn everyone_sees(everyone: u64, overwrite: Option<(u64, u64)>) -> bool {
    let p = match overwrite {
        Some((allow, deny)) => (everyone & !deny) | allow,
        None => everyone,
    };
    everyone & ADMINISTRATOR != 0 || p & VIEW_CHANNEL != 0
}

/// Whether `who` (a signed-in member, `None` for anyone) may watch a game of
/// `guild` between `players` on a page, where `sight` is who can see its
/// channel. Its players always may. A server's game is public when
/// `@everyone` can see its channel, otherwise only for signed-in members who
/// can; a DM's or group DM's only for its players (a link alone reveals
/// nothing).
pub fn may_watch(guild: GuildId, players: &[Seat; 2], who: Option<UserId>, sight: Sight) -> bool {
    if who.is_some_and(|u| players.iter().any(|s| s.is(u))) {
        return true;
    }
    guild != PRIVATE_GUILD
        && match sight {
            Sight::Everyone => true,
            Sight::Viewer => who.is_some(),
            Sight::Hidden => false,
        }
}
