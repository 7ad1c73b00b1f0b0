//! The explorer of a server's own games: for a position, the moves played
//! there in the server's finished games of that variant, how often, and
//! how they scored for the mover. Kept as an index updated in the commit
//! that ends a game, one entry per position (meta space, key `explorer:`
//! server, variant, [`Position::hash64`]).
//!
//! Only public games count: a game of a server (not of a DM or group DM)
//! whose place `@everyone` could see when it ended, as the Discord adapter
//! last found and noted it ([`Table::note_place_sight`], key `place-sight:`
//! and the channel). A place never noted counts nothing (the table never
//! guesses open), except a game thread the bot opened, which is public and
//! is seen as its parent channel is. An aborted or abandoned game counts
//! nothing. Only its first [`EXPLORER_PLIES`] positions are indexed, as
//! opening explorers do. The index holds counts only: no player, name or
//! game number.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::access::PRIVATE_GUILD;
use super::{ChannelId, FinishedGame, GuildId, Table, TableError};
use crate::engine::{Outcome, Position, Termination, Variant};
use crate::store::{Batch, Expect, Space, StoreError, StoreExt, Versioned};

/// The explorer's keys in the meta space.
pub(super) const EXPLORER: &[u8] = b"explorer:";
/// Whether `@everyone` sees a place, by channel, in the meta space.
const PLACE_SIGHT: &[u8] = b"place-sight:";
/// Plies of a game whose positions are indexed.
pub const EXPLORER_PLIES: usize = 40;

/// How a move scored for the side that played it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTally {
    /// Games it was played in.
    pub games: u32,
    /// Won by the mover.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost by the mover.
    pub losses: u32,
}

/// The moves played from one position.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ExplorerNode {
    /// By move (its pit, `b2`).
    moves: BTreeMap<String, MoveTally>,
}

impl Versioned for ExplorerNode {
    const KIND: &'static str = "explorer";
    const FORMAT: u32 = 1;
}

/// One move of a position in the explorer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplorerMove {
    /// The move, as notation writes it (`b2`).
    pub mv: String,
    /// How often and how it scored.
    pub tally: MoveTally,
}

/// Whether `@everyone` could see a server's channel or thread, as last noted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct PlaceSight {
    /// `@everyone` sees it.
    public: bool,
}

impl Versioned for PlaceSight {
    const KIND: &'static str = "place-sight";
    const FORMAT: u32 = 1;
}

fn sight_key(channel: ChannelId) -> Vec<u8> {
    let mut k = PLACE_SIGHT.to_vec();
    k.extend_from_slice(&channel.to_be_bytes());
    k
}

fn key(guild: GuildId, variant: Variant, position: &Position) -> Vec<u8> {
    let variant = match variant {
        Variant::Women => 0u8,
        Variant::Boys => 1,
    };
    let mut k = EXPLORER.to_vec();
    k.extend_from_slice(&guild.to_be_bytes());
    k.push(variant);
    k.extend_from_slice(&position.hash64().to_be_bytes());
    k
}

/// Whether a finished game may count in its server's explorer, before
/// its place's sight is asked: a server's game that ended with a result.
fn counts_in_explorer(f: &FinishedGame) -> bool {
    f.guild != PRIVATE_GUILD
        && !matches!(
            f.result.termination,
            Termination::Aborted | Termination::Abandoned
        )
}

impl Table {
    /// Notes whether `@everyone` sees `channel` (a thread: itself, then its
    /// parent), as a front end that can ask Discord found out. Written only
    /// when it changes.
    pub fn note_place_sight(&self, channel: ChannelId, public: bool) -> Result<(), TableError> {
        let key = sight_key(channel);
        self.retry(|| {
            let expect = match self.store.get::<PlaceSight>(Space::Meta, &key) {
                Ok(Some(s)) if s.value.public == public => return Ok(()),
                Ok(Some(s)) => Expect::Version(s.version),
                Ok(None) => Expect::Absent,
                // An unreadable note is replaced by what Discord says now.
                Err(StoreError::Corrupt { .. } | StoreError::UnsupportedFormat { .. }) => Expect::Any,
                Err(e) => return Err(e.into()),
            };
            self.store
                .put_cas(Space::Meta, &key, &PlaceSight { public }, expect)?;
            Ok(())
        })
    }

    /// Whether `@everyone` saw `channel` when last noted (`None`: never
    /// noted; an unreadable note: not public).
    pub fn place_sight(&self, channel: ChannelId) -> Result<Option<bool>, TableError> {
        match self.store.get::<PlaceSight>(Space::Meta, &sight_key(channel)) {
            Ok(s) => Ok(s.map(|s| s.value.public)),
            Err(StoreError::Corrupt { .. } | StoreError::UnsupportedFormat { .. }) => Ok(Some(false)),
            Err(e) => Err(e.into()),
        }
    }

    /// Whether `f`'s place was public when last noted: its channel, or,
    /// for a game thread never noted itself, the channel it was opened in.
    /// Unknown: not public.
    fn place_is_public(&self, f: &FinishedGame) -> Result<bool, TableError> {
        Ok(match (self.place_sight(f.channel)?, f.parent) {
            (Some(public), _) => public,
            (None, Some(parent)) => self.place_sight(parent)?.unwrap_or(false),
            (None, None) => false,
        })
    }

    /// In the commit that ends `f`: adds its first [`EXPLORER_PLIES`] moves
    /// to its server's explorer, if it counts ([`counts_in_explorer`]).
    /// Each entry is written with compare-and-swap, so two games ending at
    /// once cannot lose a count (the loser commits again).
    pub(super) fn explorer_into(&self, batch: &mut Batch, f: &FinishedGame) -> Result<(), TableError> {
        if !counts_in_explorer(f) || !self.place_is_public(f)? {
            return Ok(());
        }
        let variant = f.record.rules.variant;
        let mut pos = Position::new(f.record.rules);
        // A position met twice in a game counts once per move played there.
        let mut nodes: BTreeMap<Vec<u8>, (ExplorerNode, Expect)> = BTreeMap::new();
        for &mv in f.record.moves.iter().take(EXPLORER_PLIES) {
            let k = key(f.guild, variant, &pos);
            let mover = pos.to_move();
            let Ok((after, _)) = pos.play(mv) else { break };
            if !nodes.contains_key(&k) {
                let loaded = match self.store.get::<ExplorerNode>(Space::Meta, &k)? {
                    Some(s) => (s.value, Expect::Version(s.version)),
                    None => (ExplorerNode::default(), Expect::Absent),
                };
                nodes.insert(k.clone(), loaded);
            }
            let (node, _) = nodes.get_mut(&k).expect("just inserted");
            let t = node.moves.entry(mv.to_string()).or_default();
            t.games += 1;
            match f.result.outcome {
                Outcome::Draw => t.draws += 1,
                Outcome::Win(s) if s == mover => t.wins += 1,
                Outcome::Win(_) => t.losses += 1,
            }
            pos = after;
        }
        for (k, (node, expect)) in nodes {
            batch.put(Space::Meta, &k, &node, expect)?;
        }
        Ok(())
    }

    /// The moves played at `position` in `guild`'s counted games of
    /// `variant`, most played first (none for a private chat's).
    pub fn explorer(
        &self,
        guild: GuildId,
        variant: Variant,
        position: &Position,
    ) -> Result<Vec<ExplorerMove>, TableError> {
        let node = self
            .store
            .get::<ExplorerNode>(Space::Meta, &key(guild, variant, position))?
            .map(|s| s.value)
            .unwrap_or_default();
        let mut moves: Vec<ExplorerMove> = node
            .moves
            .into_iter()
            .map(|(mv, tally)| ExplorerMove { mv, tally })
            .collect();
        moves.sort_by(|a, b| b.tally.games.cmp(&a.tally.games).then(a.mv.cmp(&b.mv)));
        Ok(moves)
    }
}
