//! Conditional moves: "if they play X, I play Y", entered on the
//! opponent's turn and played in the same commit as the move they answer.

use crate::engine::{Game, Move, Pit, Side};

use super::model::ConditionalLine;
use super::{ChannelId, LiveGame, Table, TableError, UserId};

/// Lines one player may keep in a game.
pub const MAX_LINES: usize = 30;

/// Plies in one line at most (four of theirs, four answers).
pub const MAX_PLIES: usize = 8;

/// A conditional answer found for the move just played.
pub(super) struct Answer {
    /// The answer to play.
    pub mv: Move,
}

impl Table {
    /// `user` adds a line of conditional moves (pit names separated by
    /// spaces or commas, the opponent's move first) to the game in
    /// `channel`, on the opponent's turn. Every ply is played from the
    /// current position; an illegal one refuses the whole line, naming it.
    /// Returns the user's lines after the change.
    pub fn add_conditional(
        &self,
        channel: ChannelId,
        user: UserId,
        line: &str,
    ) -> Result<Vec<Vec<Move>>, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let moves = parse_line(line, game.clone(), side)?;
            let mut live = stored.value.clone();
            let own: Vec<&ConditionalLine> = live.conditional.iter().filter(|l| l.side == side).collect();
            if let Some(n) = own.iter().position(|l| conflicts(&l.moves, &moves)) {
                return Err(TableError::ConditionalConflict { line: n + 1 });
            }
            if !own.iter().any(|l| l.moves == moves) {
                if own.len() >= MAX_LINES {
                    return Err(TableError::ConditionalFull { max: MAX_LINES });
                }
                live.conditional.push(ConditionalLine { side, moves });
                self.save(stored.version, &live)?;
            }
            Ok(lines_of(&live, side))
        })
    }

    /// `user`'s conditional lines in the game in `channel` (only theirs).
    pub fn conditionals(&self, channel: ChannelId, user: UserId) -> Result<Vec<Vec<Move>>, TableError> {
        let (stored, side, _) = self.player_game(channel, user)?;
        Ok(lines_of(&stored.value, side))
    }

    /// Removes all of `user`'s conditional lines in the game in `channel`;
    /// returns how many there were.
    pub fn clear_conditionals(&self, channel: ChannelId, user: UserId) -> Result<usize, TableError> {
        self.retry(|| {
            let (stored, side, _) = self.player_game(channel, user)?;
            let mut live = stored.value.clone();
            let before = live.conditional.len();
            live.conditional.retain(|l| l.side != side);
            let removed = before - live.conditional.len();
            if removed > 0 {
                self.save(stored.version, &live)?;
            }
            Ok(removed)
        })
    }
}

/// The lines of `side`, in the order they were entered.
fn lines_of(live: &LiveGame, side: Side) -> Vec<Vec<Move>> {
    live.conditional
        .iter()
        .filter(|l| l.side == side)
        .map(|l| l.moves.clone())
        .collect()
}

/// True when two lines of one player agree on the opponent's moves up to a
/// ply where they answer differently: the answer would be ambiguous.
fn conflicts(a: &[Move], b: &[Move]) -> bool {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x != y {
            // Their moves may differ (other branches); the answers may not.
            return i % 2 == 1;
        }
    }
    false
}

/// Reads and checks a line from the current position of `game`, where
/// the opponent of `side` is to move.
fn parse_line(text: &str, mut game: Game, side: Side) -> Result<Vec<Move>, TableError> {
    if game.to_move() != Some(side.opponent()) {
        return Err(TableError::ConditionalNotNow);
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() < 2 || words.len() > MAX_PLIES || !words.len().is_multiple_of(2) {
        return Err(TableError::ConditionalLength { max: MAX_PLIES });
    }
    let mut moves = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let ply = i + 1;
        let pit: Pit = word
            .parse()
            .map_err(|e: crate::engine::ParsePitError| TableError::ConditionalBadPit { ply, text: e.0 })?;
        let mv = Move(pit);
        game.play(mv).map_err(|reason| TableError::ConditionalIllegal {
            ply,
            mv: mv.to_string(),
            reason,
        })?;
        moves.push(mv);
    }
    Ok(moves)
}

/// After `mv` was played in `live` (already pushed, the game on), the
/// answer of the player to move from their matching line, if any. Their
/// lines are shortened by the two plies (a matching line with nothing
/// left goes), and the lines that do not match are dropped.
pub(super) fn answer_to(live: &mut LiveGame, mv: Move, to_move: Side) -> Option<Answer> {
    let (mine, others): (Vec<ConditionalLine>, Vec<ConditionalLine>) =
        live.conditional.drain(..).partition(|l| l.side == to_move);
    live.conditional = others;
    let answer = mine
        .iter()
        .find(|l| l.moves.first() == Some(&mv) && l.moves.len() >= 2)
        .map(|l| l.moves[1])?;
    live.conditional.extend(
        mine.into_iter()
            .filter(|l| l.moves.len() > 2 && l.moves[0] == mv && l.moves[1] == answer)
            .map(|l| ConditionalLine {
                side: l.side,
                moves: l.moves[2..].to_vec(),
            }),
    );
    Some(Answer { mv: answer })
}
