//! Each member's games in a server, for `/isolo games`: an index kept in the
//! same commits that start and end games, so listing never scans the games.

use crate::store::{Batch, Expect, Space, StoreExt, Stored};

use super::model::GameRef;
use super::{FinishedGame, GameView, GuildId, LiveGame, Table, TableError, UserId};

/// Finished games listed per member (the newest).
pub const FINISHED_LISTED: usize = 20;

/// `prefix`, the server and the member: the start of a member's index keys.
fn member_prefix(prefix: &[u8], guild: GuildId, user: UserId) -> Vec<u8> {
    let mut k = prefix.to_vec();
    k.extend_from_slice(&guild.to_be_bytes());
    k.extend_from_slice(&user.to_be_bytes());
    k
}

fn member_key(prefix: &[u8], guild: GuildId, user: UserId, n: u64) -> Vec<u8> {
    let mut k = member_prefix(prefix, guild, user);
    k.extend_from_slice(&n.to_be_bytes());
    k
}

/// Live games, by channel.
pub(super) const PLAYING: &[u8] = b"playing:";
/// Finished games, by game number.
pub(super) const PLAYED: &[u8] = b"played:";
/// Live games in every place (servers and private chats), by member then
/// channel: for `/isolo next` and vacations.
pub(super) const EVERYWHERE: &[u8] = b"everywhere:";

/// A member's key in [`EVERYWHERE`] for a channel.
fn everywhere_key(user: UserId, channel: u64) -> Vec<u8> {
    let mut k = EVERYWHERE.to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

/// The start of a member's keys in [`EVERYWHERE`].
pub(super) fn everywhere_prefix(user: UserId) -> Vec<u8> {
    let mut k = EVERYWHERE.to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

impl Table {
    /// Adds a starting game to its players' lists (in the game's commit).
    pub(super) fn index_playing(&self, batch: &mut Batch, live: &LiveGame) -> Result<(), TableError> {
        let entry = GameRef {
            id: live.id,
            channel: live.channel,
        };
        for user in live.players.iter().filter_map(|s| s.user()) {
            let key = member_key(PLAYING, live.guild, user, live.channel);
            batch.put(Space::Meta, &key, &entry, Expect::Any)?;
            batch.put(
                Space::Meta,
                &everywhere_key(user, live.channel),
                &entry,
                Expect::Any,
            )?;
        }
        Ok(())
    }

    /// Moves an ending game from its players' live lists to their finished
    /// ones, keeping the newest [`FINISHED_LISTED`] (in the game's commit).
    pub(super) fn index_finished(&self, batch: &mut Batch, live: &LiveGame) -> Result<(), TableError> {
        let entry = GameRef {
            id: live.id,
            channel: live.channel,
        };
        for user in live.players.iter().filter_map(|s| s.user()) {
            let playing = member_key(PLAYING, live.guild, user, live.channel);
            batch.delete(Space::Meta, &playing, Expect::Any);
            batch.delete(Space::Meta, &everywhere_key(user, live.channel), Expect::Any);
            let listed = self
                .store
                .list::<GameRef>(Space::Meta, &member_prefix(PLAYED, live.guild, user))?;
            // Oldest first: drop what the new one pushes past the limit.
            for (key, _) in listed
                .iter()
                .take((listed.len() + 1).saturating_sub(FINISHED_LISTED))
            {
                batch.delete(Space::Meta, key, Expect::Any);
            }
            let played = member_key(PLAYED, live.guild, user, live.id);
            batch.put(Space::Meta, &played, &entry, Expect::Any)?;
        }
        Ok(())
    }

    /// The member's live games in a server, oldest first. A game that ended
    /// or cannot be read is left out.
    pub fn games_of(&self, guild: GuildId, user: UserId) -> Result<Vec<GameView>, TableError> {
        let listed = self
            .store
            .list::<GameRef>(Space::Meta, &member_prefix(PLAYING, guild, user))?;
        let mut games = Vec::new();
        for r in listed.into_iter().filter_map(|(_, r)| r.ok()) {
            if let Ok(Some(view)) = self.game(r.value.channel) {
                if view.live.id == r.value.id {
                    games.push(view);
                }
            }
        }
        games.sort_by_key(|g| g.live.id);
        Ok(games)
    }

    /// The member's live games in every place (servers and private chats),
    /// by channel. A game that ended or cannot be read is left out.
    pub(super) fn games_everywhere(&self, user: UserId) -> Result<Vec<GameView>, TableError> {
        Ok(self
            .stored_games_everywhere(user)?
            .into_iter()
            .filter_map(|s| {
                Some(GameView {
                    game: s.value.game().ok()?,
                    live: s.value,
                })
            })
            .collect())
    }

    /// [`Table::games_everywhere`] as stored, with their versions.
    pub(super) fn stored_games_everywhere(&self, user: UserId) -> Result<Vec<Stored<LiveGame>>, TableError> {
        let listed = self
            .store
            .list::<GameRef>(Space::Meta, &everywhere_prefix(user))?;
        let mut games = Vec::new();
        for r in listed.into_iter().filter_map(|(_, r)| r.ok()) {
            // An unreadable game is left for when someone uses its channel.
            if let Ok(Some(stored)) = self.load_game(r.value.channel) {
                if stored.value.id == r.value.id && stored.value.side_of(user).is_some() {
                    games.push(stored);
                }
            }
        }
        Ok(games)
    }

    /// `/isolo next`: of the member's games in every place, the one where
    /// it is their move and they have waited longest (the earliest turn
    /// start; the lower game number among equals). Only their own games.
    pub fn next_game(&self, user: UserId) -> Result<Option<GameView>, TableError> {
        Ok(self
            .games_everywhere(user)?
            .into_iter()
            .filter(|g| g.to_move().is_some_and(|s| s.is(user)))
            .min_by_key(|g| (g.live.turn_started_ms, g.live.id)))
    }

    /// The member's last [`FINISHED_LISTED`] finished games in a server, newest first.
    pub fn finished_of(&self, guild: GuildId, user: UserId) -> Result<Vec<FinishedGame>, TableError> {
        let listed = self
            .store
            .list::<GameRef>(Space::Meta, &member_prefix(PLAYED, guild, user))?;
        let mut games = Vec::new();
        for r in listed.into_iter().rev().filter_map(|(_, r)| r.ok()) {
            if let Some(f) = self.finished(r.value.id)? {
                games.push(f);
            }
        }
        Ok(games)
    }

    /// Lists a live game under its players if it is not yet (games started
    /// before the index existed). True if it was added.
    pub(super) fn index_game(&self, live: &LiveGame) -> Result<bool, TableError> {
        let missing = live.players.iter().filter_map(|s| s.user()).any(|user| {
            let key = member_key(PLAYING, live.guild, user, live.channel);
            let anywhere = everywhere_key(user, live.channel);
            [key, anywhere]
                .iter()
                .any(|k| matches!(self.store.get::<GameRef>(Space::Meta, k), Ok(None)))
        });
        if missing {
            let mut batch = Batch::new();
            self.index_playing(&mut batch, live)?;
            self.commit(&batch)?;
        }
        Ok(missing)
    }
}
