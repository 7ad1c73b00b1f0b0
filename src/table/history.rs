//! A member's history for their page (`/p/<member>`): a point of rating
//! after every rated game in each server, and the list of their finished
//! games, both written in the commit that ends the game. Who may see which
//! point or game is [`may_watch`]'s to say: [`SealedProfile::open`] applies it.
//!
//! Keys (meta space), member first so one prefix reads all of a member:
//! `rating-history:` member, server, time, game; `member-games:` member,
//! game. Forgetting a member deletes both.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::access::{may_watch, Sight, PRIVATE_GUILD};
use super::model::GameRef;
use super::{ChannelId, FinishedGame, GuildId, Rating, Seat, Table, TableError, UserId};
use crate::engine::Side;
use crate::store::{Batch, Expect, Space, StoreExt, Versioned};

/// The rating points' keys in the meta space.
pub(super) const RATING_HISTORY: &[u8] = b"rating-history:";
/// The member's finished games' keys in the meta space.
pub(super) const MEMBER_GAMES: &[u8] = b"member-games:";
/// Finished games kept in a member's list (older ones leave it).
pub const MEMBER_GAMES_KEPT: usize = 50;
/// Rating points a page reads per server at most (the latest).
pub const POINTS_SHOWN: usize = 500;
/// Marks the rating history as filled from games finished before it was kept.
const BACKFILLED: &[u8] = b"rating-history-backfilled";

/// A member's rating in a server after one rated game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The game that set it.
    pub game: u64,
    /// Its channel.
    pub channel: ChannelId,
    /// The channel whose thread hosted it, if any.
    #[serde(default)]
    pub parent: Option<ChannelId>,
    /// When it ended (unix ms).
    pub at_ms: u64,
    /// The rating after the game.
    pub rating: f64,
    /// The deviation after it; `None` for a point filled in from a game
    /// finished before history was kept (its record has the rating only).
    pub deviation: Option<f64>,
}

impl Versioned for RatingPoint {
    const KIND: &'static str = "rating-point";
    const FORMAT: u32 = 1;
}

/// Marker of the backfill.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
struct Backfilled {
    points: usize,
}

impl Versioned for Backfilled {
    const KIND: &'static str = "rating-history-backfilled";
    const FORMAT: u32 = 1;
}

fn member_prefix(prefix: &[u8], user: UserId) -> Vec<u8> {
    [prefix, &user.to_be_bytes()].concat()
}

/// The key prefix of everything a member's page reads (forgetting deletes it).
pub(super) fn member_prefixes(user: UserId) -> [Vec<u8>; 2] {
    [
        member_prefix(RATING_HISTORY, user),
        member_prefix(MEMBER_GAMES, user),
    ]
}

fn point_key(user: UserId, guild: GuildId, at_ms: u64, game: u64) -> Vec<u8> {
    let mut k = member_prefix(RATING_HISTORY, user);
    for n in [guild, at_ms, game] {
        k.extend_from_slice(&n.to_be_bytes());
    }
    k
}

fn game_key(user: UserId, game: u64) -> Vec<u8> {
    [member_prefix(MEMBER_GAMES, user), game.to_be_bytes().to_vec()].concat()
}

/// A server's rating history of the member, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerHistory {
    /// The server ([`PRIVATE_GUILD`]: private chats' own pool).
    pub guild: GuildId,
    /// The points the viewer may see.
    pub points: Vec<RatingPoint>,
}

/// One of the member's finished games.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileGame {
    /// The game as stored.
    pub game: FinishedGame,
    /// The side the member played.
    pub side: Side,
}

/// What a member's page shows, once opened for a viewer.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// The member.
    pub member: UserId,
    /// Their name as their latest game has it.
    pub name: String,
    /// Rating history per server, servers in order of id.
    pub histories: Vec<ServerHistory>,
    /// Their latest finished games, newest first.
    pub games: Vec<ProfileGame>,
}

/// A member's page as stored, not yet shown to anyone:
/// [`SealedProfile::open`] keeps what the viewer may watch.
#[derive(Debug, Clone)]
pub struct SealedProfile(Profile);

/// Whether `who` may watch a game of `guild` at `place` that `players` played.
fn visible(
    guild: GuildId,
    players: &[Seat; 2],
    place: ChannelId,
    who: Option<UserId>,
    sight: &impl Fn(GuildId, ChannelId) -> Sight,
) -> bool {
    may_watch(guild, players, who, sight(guild, place))
}

impl SealedProfile {
    /// The member.
    pub fn member(&self) -> UserId {
        self.0.member
    }

    /// The (server, channel) pairs whose sight decides what `who` sees: none
    /// for the member themself, never a private chat's.
    pub fn places(&self, who: Option<UserId>) -> Vec<(GuildId, ChannelId)> {
        if who == Some(self.0.member) {
            return Vec::new();
        }
        let points = self.0.histories.iter().flat_map(|h| {
            h.points
                .iter()
                .map(move |p| (h.guild, p.parent.unwrap_or(p.channel)))
        });
        let games = self.0.games.iter().filter_map(|g| match who {
            Some(u) if g.game.players.iter().any(|s| s.is(u)) => None,
            _ => Some((g.game.guild, g.game.parent.unwrap_or(g.game.channel))),
        });
        let all: BTreeSet<_> = points
            .chain(games)
            .filter(|(guild, _)| *guild != PRIVATE_GUILD)
            .collect();
        all.into_iter().collect()
    }

    /// What `who` may see, `sight` saying who can see each place of
    /// [`SealedProfile::places`]: a point or game only if its game may be
    /// watched ([`may_watch`]); a server with no point left is left out.
    pub fn open(self, who: Option<UserId>, sight: impl Fn(GuildId, ChannelId) -> Sight) -> Profile {
        let mut p = self.0;
        let member = Seat::Human {
            id: p.member,
            name: String::new(),
        };
        let seats = [member, Seat::Former];
        for h in &mut p.histories {
            let guild = h.guild;
            h.points
                .retain(|pt| visible(guild, &seats, pt.parent.unwrap_or(pt.channel), who, &sight));
        }
        p.histories.retain(|h| !h.points.is_empty());
        p.games.retain(|g| {
            let f = &g.game;
            visible(f.guild, &f.players, f.parent.unwrap_or(f.channel), who, &sight)
        });
        p
    }
}

impl Table {
    /// In the commit that ends `finished`: a rating point for each member
    /// it rated (`ratings`: member and rating after), and the game at the
    /// head of each human player's list (the oldest beyond
    /// [`MEMBER_GAMES_KEPT`] leave it).
    pub(super) fn history_into(
        &self,
        batch: &mut Batch,
        finished: &FinishedGame,
        ratings: &[(UserId, Rating)],
    ) -> Result<(), TableError> {
        for (user, r) in ratings {
            let point = RatingPoint {
                game: finished.id,
                channel: finished.channel,
                parent: finished.parent,
                at_ms: finished.finished_ms,
                rating: r.rating,
                deviation: Some(r.deviation),
            };
            let key = point_key(*user, finished.guild, finished.finished_ms, finished.id);
            batch.put(Space::Meta, &key, &point, Expect::Any)?;
        }
        let entry = GameRef {
            id: finished.id,
            channel: finished.channel,
        };
        for user in finished.players.iter().filter_map(Seat::user) {
            let listed = self
                .store
                .list::<GameRef>(Space::Meta, &member_prefix(MEMBER_GAMES, user))?;
            let over = (listed.len() + 1).saturating_sub(MEMBER_GAMES_KEPT);
            for (key, _) in listed.iter().take(over) {
                batch.delete(Space::Meta, key, Expect::Any);
            }
            batch.put(Space::Meta, &game_key(user, finished.id), &entry, Expect::Any)?;
        }
        Ok(())
    }

    /// Member `user`'s page as stored, `None` if nothing is kept about them
    /// (an unknown member, or one forgotten): sealed until
    /// [`SealedProfile::open`] applies who may watch what.
    pub fn profile(&self, user: UserId) -> Result<Option<SealedProfile>, TableError> {
        let mut histories: Vec<ServerHistory> = Vec::new();
        for (key, point) in self
            .store
            .list::<RatingPoint>(Space::Meta, &member_prefix(RATING_HISTORY, user))?
        {
            let (Ok(point), Some(guild)) = (point, key_guild(&key)) else {
                continue;
            };
            match histories.last_mut() {
                Some(h) if h.guild == guild => h.points.push(point.value),
                _ => histories.push(ServerHistory {
                    guild,
                    points: vec![point.value],
                }),
            }
        }
        for h in &mut histories {
            let over = h.points.len().saturating_sub(POINTS_SHOWN);
            h.points.drain(..over);
        }
        let listed = self
            .store
            .list::<GameRef>(Space::Meta, &member_prefix(MEMBER_GAMES, user))?;
        let mut games = Vec::new();
        for (_, r) in listed.into_iter().rev() {
            let Ok(r) = r else { continue };
            let Some(game) = self.finished(r.value.id)? else {
                continue;
            };
            let Some(side) = Side::ALL.into_iter().find(|s| game.players[s.index()].is(user)) else {
                continue;
            };
            games.push(ProfileGame { game, side });
        }
        if histories.is_empty() && games.is_empty() {
            return Ok(None);
        }
        let name = games
            .first()
            .map(|g| g.game.players[g.side.index()].name())
            .or_else(|| self.latest_name(user, &histories))
            .unwrap_or_default();
        Ok(Some(SealedProfile(Profile {
            member: user,
            name,
            histories,
            games,
        })))
    }

    /// The member's name in their rating of one of `histories`' servers.
    fn latest_name(&self, user: UserId, histories: &[ServerHistory]) -> Option<String> {
        histories.iter().find_map(|h| {
            let stats = self.stats(h.guild, user).ok()??;
            Some(stats.name)
        })
    }

    /// Fills the rating history, once, from the games finished before it was
    /// kept: a point (without deviation) for each rating change recorded,
    /// and each game in its players' lists. Returns the points written.
    pub(super) fn backfill_history(&self) -> Result<usize, TableError> {
        if self.store.get::<Backfilled>(Space::Meta, BACKFILLED)?.is_some() {
            return Ok(0);
        }
        let mut points = 0;
        self.pages::<FinishedGame>(Space::Records, &[], |page| {
            let mut batch = Batch::new();
            for (_, stored) in page {
                let f = stored.value;
                for c in f.rating_changes.iter().filter(|c| c.user != super::FORMER_ID) {
                    let point = RatingPoint {
                        game: f.id,
                        channel: f.channel,
                        parent: f.parent,
                        at_ms: f.finished_ms,
                        rating: c.after,
                        deviation: None,
                    };
                    let key = point_key(c.user, f.guild, f.finished_ms, f.id);
                    // Absent only: a point the game's own commit wrote knows more.
                    if self.store.get_raw(Space::Meta, &key)?.is_none() {
                        batch.put(Space::Meta, &key, &point, Expect::Any)?;
                        points += 1;
                    }
                }
                let entry = GameRef {
                    id: f.id,
                    channel: f.channel,
                };
                for user in f.players.iter().filter_map(Seat::user) {
                    batch.put(Space::Meta, &game_key(user, f.id), &entry, Expect::Any)?;
                }
            }
            if !batch.ops().is_empty() {
                self.commit(&batch)?;
            }
            Ok(())
        })?;
        let mut batch = Batch::new();
        batch.put(Space::Meta, BACKFILLED, &Backfilled { points }, Expect::Any)?;
        self.commit(&batch)?;
        Ok(points)
    }
}

/// The server of a rating point's key.
fn key_guild(key: &[u8]) -> Option<GuildId> {
    let at = RATING_HISTORY.len() + 8;
    Some(u64::from_be_bytes(key.get(at..at + 8)?.try_into().ok()?))
}

impl Table {
    /// Member `user`'s rating history in `guild`, oldest first (the latest
    /// [`POINTS_SHOWN`]): the same figures `/isolo stats` shows there.
    pub fn rating_history(&self, guild: GuildId, user: UserId) -> Result<Vec<RatingPoint>, TableError> {
        let prefix = [member_prefix(RATING_HISTORY, user), guild.to_be_bytes().to_vec()].concat();
        let mut points: Vec<RatingPoint> = self
            .store
            .list::<RatingPoint>(Space::Meta, &prefix)?
            .into_iter()
            .filter_map(|(_, p)| p.ok().map(|s| s.value))
            .collect();
        let over = points.len().saturating_sub(POINTS_SHOWN);
        points.drain(..over);
        Ok(points)
    }
}
