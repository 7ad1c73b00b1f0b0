//! Turns: whose move it is, the moves of people and of the bot, hints.

use crate::ai::Hint;
use crate::engine::{Game, IllegalMove, Move, Pit, Side};
use crate::store::{Batch, Expect, Space, Stored};

use super::model::not_a_player;
use super::{
    game_key, BoardRef, ChannelId, Choice, GameView, LiveGame, MoveOutcome, Seat, Table, TableError, UserId,
};

impl Table {
    /// The legal moves of `user` with each pit's seeds, if it is their turn
    /// (for autocomplete and select menus); empty otherwise.
    pub fn moves_for(&self, channel: ChannelId, user: UserId) -> Result<Vec<Choice>, TableError> {
        let Some(view) = self.game(channel)? else {
            return Ok(Vec::new());
        };
        if view.to_move().is_none_or(|s| !s.is(user)) {
            return Ok(Vec::new());
        }
        let p = view.game.position();
        Ok(view
            .game
            .legal_moves()
            .iter()
            .map(|mv| Choice {
                mv,
                seeds: p.seeds(mv.pit()),
            })
            .collect())
    }

    /// The game in a channel, the side `user` plays in it, and its replayed state.
    pub(super) fn player_game(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<(Stored<LiveGame>, Side, Game), TableError> {
        let stored = self.load_game(channel)?.ok_or(TableError::NoGame)?;
        let side = stored
            .value
            .side_of(user)
            .ok_or_else(|| not_a_player(&stored.value.players))?;
        let game = stored.value.game()?;
        Ok((stored, side, game))
    }

    /// Checks that `user` may move now (and, for a click on a board's menu,
    /// that the game is still the one at the ply of that `board`), returning
    /// the stored game and its state.
    fn turn_of(
        &self,
        channel: ChannelId,
        user: UserId,
        board: Option<BoardRef>,
    ) -> Result<(Stored<LiveGame>, Game), TableError> {
        let (stored, side, game) = self.player_game(channel, user)?;
        let live = &stored.value;
        if board.is_some_and(|b| b.game != live.id || b.ply != game.ply()) {
            return Err(TableError::Stale);
        }
        let to_move = game.position().to_move();
        if to_move != side {
            return Err(TableError::NotYourTurn(live.seat(to_move).name()));
        }
        Ok((stored, game))
    }

    /// `user` plays the pit named by `pit` (any text: it is parsed here).
    pub fn play(&self, channel: ChannelId, user: UserId, pit: &str) -> Result<MoveOutcome, TableError> {
        self.play_on(channel, user, pit, None)
    }

    /// Whether [`Table::play_on`] would take this move now, without making
    /// it: the same refusals, read only (a front end decides with it before
    /// acknowledging anything, then makes the move).
    pub fn check_move(
        &self,
        channel: ChannelId,
        user: UserId,
        pit: &str,
        board: Option<BoardRef>,
    ) -> Result<(), TableError> {
        let (_, mut game) = self.turn_of(channel, user, board)?;
        let mv: Move = pit.parse::<Pit>().map(Move)?;
        game.play(mv).map(drop).map_err(TableError::Illegal)
    }

    /// [`Table::play`] from a menu under `board`: refused as
    /// [`TableError::Stale`] unless the channel's game is still that game at
    /// that ply, checked on the same read the move's compare-and-swap
    /// commits against (so a double click, or an old game's menu in a
    /// rematch, never plays).
    pub fn play_on(
        &self,
        channel: ChannelId,
        user: UserId,
        pit: &str,
        board: Option<BoardRef>,
    ) -> Result<MoveOutcome, TableError> {
        self.retry(|| {
            let (stored, game) = self.turn_of(channel, user, board)?;
            let mv: Move = pit.parse::<Pit>().map(Move)?;
            self.apply_move(stored, game, mv)
        })
    }

    /// Plays the bot's move if it is the bot's turn (searching on this thread:
    /// call it from a blocking task). `None` when it is not the bot's turn.
    pub fn bot_move(&self, channel: ChannelId) -> Result<Option<MoveOutcome>, TableError> {
        self.retry(|| {
            let Some(stored) = self.load_game(channel)? else {
                return Ok(None);
            };
            let game = stored.value.game()?;
            let Some(side) = game.to_move() else {
                return Ok(None);
            };
            let Seat::Bot { level } = *stored.value.seat(side) else {
                return Ok(None);
            };
            let seed = stored.value.id.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ game.ply() as u64;
            let Some(mv) = level.player_with(seed, self.ai.budget()).choose(game.position()) else {
                return Err(TableError::Illegal(IllegalMove::GameOver));
            };
            self.apply_move(stored, game, mv).map(Some)
        })
    }

    fn apply_move(
        &self,
        stored: Stored<LiveGame>,
        mut game: Game,
        mv: Move,
    ) -> Result<MoveOutcome, TableError> {
        let now = self.now_ms();
        let before = *game.position();
        let report = game.play(mv).map_err(TableError::Illegal)?;
        let mut live = stored.value.clone();
        next_turn(&mut live, mv, now);
        let mut answer = None;
        if report.result.is_none() {
            if let Some(to_move) = game.to_move() {
                // The other player's conditional line answers in this commit.
                let found = super::conditional::answer_to(&mut live, mv, to_move);
                let first = GameView {
                    live: live.clone(),
                    game: game.clone(),
                };
                if let Some(found) = found {
                    let mut after = game.clone();
                    let answer_before = *after.position();
                    // Checked from this very position when entered: a
                    // refusal here would mean a corrupt line, dropped.
                    if let Ok(answer_report) = after.play(found.mv) {
                        live.conditional_plies.push(live.moves.len());
                        next_turn(&mut live, found.mv, now);
                        if answer_report.result.is_none() {
                            let to_move = after.to_move().unwrap_or(to_move.opponent());
                            live.conditional.retain(|l| l.side != to_move);
                        }
                        answer = Some((first, answer_before, answer_report));
                        game = after;
                    }
                }
            }
        }
        let result = game.result();
        let finished = match result {
            Some(result) => Some(self.finish(stored.version, live.clone(), &game, result)?),
            None => {
                self.save(stored.version, &live)?;
                None
            }
        };
        let last_view = GameView { live, game };
        Ok(match answer {
            None => MoveOutcome {
                before,
                report,
                view: last_view,
                finished,
                answer: None,
            },
            Some((first, answer_before, answer_report)) => MoveOutcome {
                before,
                report,
                view: first,
                finished: None,
                answer: Some(Box::new(MoveOutcome {
                    before: answer_before,
                    report: answer_report,
                    view: last_view,
                    finished,
                    answer: None,
                })),
            },
        })
    }
}

/// A move was played in `live` at `now`: the next turn begins (stopped,
/// if a vacation holds the clock).
fn next_turn(live: &mut LiveGame, mv: Move, now: u64) {
    live.moves.push(mv);
    live.turn_started_ms = now;
    live.reminders = 0;
    live.flagged = false;
    live.draw_offer = None;
    live.takeback = None;
    if let Some(p) = &mut live.paused {
        p.since_ms = now;
    }
}

impl Table {
    pub(super) fn save(&self, version: u64, live: &LiveGame) -> Result<(), TableError> {
        let mut batch = Batch::new();
        batch.put(
            Space::Games,
            &game_key(live.channel),
            live,
            Expect::Version(version),
        )?;
        // Challenges waiting beside the game keep their expiry.
        let waiting = self.challenges_expiry_into(&mut batch, live.channel)?;
        batch.set_deadline(
            live.channel,
            super::challenges::earliest(live.next_event_ms(), waiting),
        );
        self.commit(&batch).map(drop)
    }

    /// The player to move may ask the bot for a hint: in games against the bot,
    /// or everywhere if the configuration allows. Returns the move the strongest
    /// level would play (searching on this thread) and the seeds it captures.
    pub fn hint(&self, channel: ChannelId, user: UserId) -> Result<Hint, TableError> {
        let (stored, game) = self.turn_of(channel, user, None)?;
        let vs_bot = stored.value.players.iter().any(|p| matches!(p, Seat::Bot { .. }));
        if !vs_bot && !self.config.hints_in_human_games {
            return Err(TableError::HintsNotAllowed);
        }
        crate::ai::hint(game.position(), self.ai.budget()).ok_or(TableError::Illegal(IllegalMove::GameOver))
    }
}
