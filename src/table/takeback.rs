//! Takebacks in friendly games: a player asks to take back their last
//! move, the opponent accepts or declines. Never in a rated game (one that
//! changes ratings) nor in a tournament.

use crate::engine::Side;

use super::{ChannelId, GameView, LiveGame, Seat, Table, TableError, UserId};

pub use super::answers::{Takeback, TakebackOutcome};

/// Whether takebacks are allowed in `live`: no rating changes hang on it
/// (unrated, or against the bot) and it is not a tournament game.
pub fn allowed(live: &LiveGame) -> bool {
    let rated = live.settings.rated && live.players.iter().all(|p| p.user().is_some());
    !rated && live.tournament.is_none()
}

/// Plies to take back so that `side`'s last move is undone, if it has made one.
fn plies_for(live: &LiveGame, side: Side) -> Option<usize> {
    // Sides alternate every move: the last ply is `side`'s unless it is to move.
    let plies = if live.side_to_move() == side { 2 } else { 1 };
    (live.moves.len() >= plies).then_some(plies)
}

impl Table {
    /// `user` asks to take back their last move in the game in `channel`.
    /// Against the bot it is taken back at once; asking again while the
    /// request waits changes nothing.
    pub fn ask_takeback(&self, channel: ChannelId, user: UserId) -> Result<TakebackOutcome, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let mut live = stored.value.clone();
            if !allowed(&live) {
                return Err(TableError::TakebackNotAllowed);
            }
            if plies_for(&live, side).is_none() {
                return Err(TableError::NothingToTakeBack);
            }
            if matches!(live.seat(side.opponent()), Seat::Bot { .. }) {
                return self
                    .take_back(stored.version, live, side)
                    .map(TakebackOutcome::Taken);
            }
            if live.takeback != Some(side) {
                live.takeback = Some(side);
                self.save(stored.version, &live)?;
            }
            Ok(TakebackOutcome::Asked {
                view: GameView { live, game },
                by: side,
            })
        })
    }

    /// `user` answers the opponent's takeback request: `accept` takes the
    /// move back, otherwise the request is dropped.
    pub fn answer_takeback(
        &self,
        channel: ChannelId,
        user: UserId,
        accept: bool,
    ) -> Result<TakebackOutcome, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let mut live = stored.value.clone();
            let asker = side.opponent();
            if live.takeback != Some(asker) {
                return Err(TableError::NoTakebackRequest);
            }
            if accept {
                return self
                    .take_back(stored.version, live, asker)
                    .map(TakebackOutcome::Taken);
            }
            live.takeback = None;
            self.save(stored.version, &live)?;
            Ok(TakebackOutcome::Declined {
                view: GameView { live, game },
                by: side,
            })
        })
    }

    /// Takes back `by`'s last move (and the answer to it, if any) and saves.
    fn take_back(&self, version: u64, mut live: LiveGame, by: Side) -> Result<Takeback, TableError> {
        let plies = plies_for(&live, by).ok_or(TableError::NothingToTakeBack)?;
        let kept = live.moves.len() - plies;
        live.moves.truncate(kept);
        // The record keeps no trace: no conditional mark past the moves kept.
        live.conditional_plies.retain(|&p| p < kept);
        // Lines were entered for positions that are gone.
        live.conditional.clear();
        live.takeback = None;
        live.draw_offer = None;
        live.takebacks = live.takebacks.saturating_add(1);
        // The taker's turn begins anew, as after any move.
        let now = self.now_ms();
        live.turn_started_ms = now;
        live.reminders = 0;
        live.flagged = false;
        live.claim_closes_ms = None;
        if let Some(p) = &mut live.paused {
            p.since_ms = now;
        }
        let game = live.game()?;
        self.save(version, &live)?;
        Ok(Takeback {
            view: GameView { live, game },
            by,
            plies,
        })
    }
}
