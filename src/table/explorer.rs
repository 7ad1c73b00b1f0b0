//! The explorer of a server's own games: for a position, the moves played
//! there in the server's finished games of that variant, how often, and
//! how they scored for the mover. Kept as an index updated in the commit
//! that ends a game, one entry per position (meta space, key `explorer:`
//! server, variant, [`Position::hash64`]).
//!
//! Which games count, decided with what the table knows when the game
//! ends (it never sees Discord's permissions): a game of a server, not of
//! a DM or group DM; played in a channel, not a thread (a thread may be
//! private, and the table cannot tell); and that ended with a result (an
//! aborted or abandoned game counts nothing). Only its first
//! [`EXPLORER_PLIES`] positions are indexed, as opening explorers do. The
//! index holds counts only: no player, name or game number.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::access::PRIVATE_GUILD;
use super::{FinishedGame, GuildId, Table, TableError};
use crate::engine::{Outcome, Position, Termination, Variant};
use crate::store::{Batch, Expect, Space, StoreExt, Versioned};

/// The explorer's keys in the meta space.
pub(super) const EXPLORER: &[u8] = b"explorer:";
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

/// Whether a finished game counts in its server's explorer (see the module's rule).
pub fn counts_in_explorer(f: &FinishedGame) -> bool {
    f.guild != PRIVATE_GUILD
        && f.parent.is_none()
        && !matches!(
            f.result.termination,
            Termination::Aborted | Termination::Abandoned
        )
}

impl Table {
    /// In the commit that ends `f`: adds its first [`EXPLORER_PLIES`] moves
    /// to its server's explorer, if it counts ([`counts_in_explorer`]).
    /// Each entry is written with compare-and-swap, so two games ending at
    /// once cannot lose a count (the loser commits again).
    pub(super) fn explorer_into(&self, batch: &mut Batch, f: &FinishedGame) -> Result<(), TableError> {
        if !counts_in_explorer(f) {
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
