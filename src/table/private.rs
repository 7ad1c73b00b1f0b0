//! Channels the bot can only answer in: DMs and group DMs between people,
//! and servers where only members added the app (user install). The bot is
//! not a member there, so it cannot post on its own: what the clock does
//! (a timeout, a reminder, an expired challenge) is decided and stored at
//! its time like anywhere else, and held here until the next interaction in
//! the channel shows it.

use serde::{Deserialize, Serialize};

use crate::store::{Batch, Expect, Space, StoreExt, Versioned};

use super::{Challenge, ChannelId, FinishedGame, Notice, Table, TableError, UserId};

/// News held for a channel the bot cannot post in: at most this many (the
/// oldest go first; a channel this quiet needs only the latest).
pub const MAX_HELD: usize = 20;

/// Something the clock did in a channel the bot cannot post in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Held {
    /// A player was reminded of their turn.
    Reminder {
        /// The player to move.
        user: UserId,
        /// The game number.
        game: u64,
        /// When their time runs out (unix ms).
        deadline_ms: u64,
    },
    /// A game without a clock has waited a day for a move.
    Idle {
        /// The player to move.
        user: UserId,
        /// The game number.
        game: u64,
        /// When it ends as a draw if nobody moves (unix ms).
        closes_ms: u64,
    },
    /// A player ran out of time; the opponent may claim the win.
    Flagged {
        /// Who may claim.
        claimant: UserId,
        /// Who ran out of time.
        flagged: UserId,
    },
    /// A game ended on time (or was closed for silence).
    TimedOut(Box<FinishedGame>),
    /// A challenge expired unanswered.
    ChallengeExpired(Box<Challenge>),
    /// A move was made that no answer showed: the bot's own, or a
    /// player's whose answer Discord did not take.
    BotMoved {
        /// The game number.
        game: u64,
        /// The player who moved (`None`: the bot). Absent in news held by
        /// earlier versions, which read it without it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mover: Option<UserId>,
    },
    /// A player's vacation stopped or restarted a game's clock.
    Vacation {
        /// The game number.
        game: u64,
        /// The player on vacation.
        user: UserId,
        /// Their opponent, if a person.
        opponent: Option<UserId>,
        /// What happened.
        change: super::VacationChange,
    },
}

impl Held {
    /// The game it is about, if it names one.
    fn game(&self) -> Option<u64> {
        match self {
            Held::Reminder { game, .. }
            | Held::Idle { game, .. }
            | Held::BotMoved { game, .. }
            | Held::Vacation { game, .. } => Some(*game),
            Held::TimedOut(f) => Some(f.id),
            Held::Flagged { .. } | Held::ChallengeExpired(_) => None,
        }
    }

    /// Whether `old` says nothing once this is known: a reminder after an
    /// earlier one of the same game, or the end of a game after its
    /// reminders and its flag.
    fn supersedes(&self, old: &Held) -> bool {
        match (self, old) {
            (Held::TimedOut(f), Held::Flagged { flagged, .. }) => f.players.iter().any(|s| s.is(*flagged)),
            (Held::TimedOut(_), _) => old.game() == self.game() && old.game().is_some(),
            (
                Held::Reminder { game, .. } | Held::Idle { game, .. },
                Held::Reminder { .. } | Held::Idle { .. },
            ) => old.game() == Some(*game),
            _ => false,
        }
    }

    /// What of `notice` is worth holding (`None`: nothing to show).
    pub fn of(notice: &Notice) -> Option<Held> {
        Some(match notice {
            Notice::Reminder {
                user,
                game,
                deadline_ms,
                ..
            } => Held::Reminder {
                user: *user,
                game: *game,
                deadline_ms: *deadline_ms,
            },
            Notice::Idle {
                user,
                game,
                closes_ms,
                ..
            } => Held::Idle {
                user: *user,
                game: *game,
                closes_ms: *closes_ms,
            },
            Notice::Flagged {
                claimant, flagged, ..
            } => Held::Flagged {
                claimant: *claimant,
                flagged: *flagged,
            },
            Notice::TimedOut(f) => Held::TimedOut(Box::new(f.clone())),
            Notice::ChallengeExpired(c) => Held::ChallengeExpired(Box::new(c.clone())),
            Notice::Moved(out) => Held::BotMoved {
                game: out.view.live.id,
                mover: out.view.live.seat(out.report.side).user(),
            },
            Notice::Vacation {
                game,
                user,
                opponent,
                change,
                ..
            } => Held::Vacation {
                game: *game,
                user: *user,
                opponent: *opponent,
                change: *change,
            },
            _ => return None,
        })
    }
}

/// What is stored for a channel the bot can only answer in.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PrivateChannel {
    /// News not shown yet, oldest first, each with its number.
    pub held: Vec<(u64, Held)>,
    /// The number of the last news held.
    pub last: u64,
}

impl Versioned for PrivateChannel {
    const KIND: &'static str = "private-channel";
    const FORMAT: u32 = 1;
}

fn private_key(channel: ChannelId) -> Vec<u8> {
    let mut k = b"private:".to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

impl Table {
    /// Records that the bot can only answer in `channel` (the front end
    /// knows from the interaction). Idempotent.
    pub fn mark_private(&self, channel: ChannelId) -> Result<(), TableError> {
        let key = private_key(channel);
        if self.store.get::<PrivateChannel>(Space::Meta, &key)?.is_some() {
            return Ok(());
        }
        let mut batch = Batch::new();
        batch.put(Space::Meta, &key, &PrivateChannel::default(), Expect::Absent)?;
        match self.commit(&batch) {
            // Marked meanwhile by another answer: the same result.
            Err(TableError::Contended) | Ok(_) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Whether the bot can only answer in `channel`.
    pub fn is_private(&self, channel: ChannelId) -> Result<bool, TableError> {
        Ok(self
            .store
            .get::<PrivateChannel>(Space::Meta, &private_key(channel))?
            .is_some())
    }

    /// Holds `notice` for the next interaction in its private `channel`.
    pub fn hold(&self, channel: ChannelId, notice: &Notice) -> Result<(), TableError> {
        let Some(held) = Held::of(notice) else {
            return Ok(());
        };
        self.retry(|| {
            let key = private_key(channel);
            let stored = self.store.get::<PrivateChannel>(Space::Meta, &key)?;
            let expect = stored
                .as_ref()
                .map_or(Expect::Absent, |s| Expect::Version(s.version));
            let mut private = stored.map(|s| s.value).unwrap_or_default();
            // News the new one makes old goes: an earlier reminder of the
            // same game, or anything about a game that has now ended.
            private.held.retain(|(_, old)| !held.supersedes(old));
            private.last += 1;
            private.held.push((private.last, held.clone()));
            let over = private.held.len().saturating_sub(MAX_HELD);
            private.held.drain(..over);
            let mut batch = Batch::new();
            batch.put(Space::Meta, &key, &private, expect)?;
            self.commit(&batch)?;
            Ok(())
        })
    }

    /// The news held for `channel`, oldest first, with their numbers.
    pub fn held(&self, channel: ChannelId) -> Result<Vec<(u64, Held)>, TableError> {
        Ok(self
            .store
            .get::<PrivateChannel>(Space::Meta, &private_key(channel))?
            .map(|s| s.value.held)
            .unwrap_or_default())
    }

    /// Forgets the news of `channel` up to number `upto`, once shown: news
    /// held meanwhile stays for the next interaction.
    pub fn shown(&self, channel: ChannelId, upto: u64) -> Result<(), TableError> {
        self.retry(|| {
            let key = private_key(channel);
            let Some(stored) = self.store.get::<PrivateChannel>(Space::Meta, &key)? else {
                return Ok(());
            };
            let mut private = stored.value;
            private.held.retain(|(n, _)| *n > upto);
            let mut batch = Batch::new();
            batch.put(Space::Meta, &key, &private, Expect::Version(stored.version))?;
            self.commit(&batch)?;
            Ok(())
        })
    }
}
