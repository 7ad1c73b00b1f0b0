//! Pairing, pure: FIDE Berger tables for round robin and a Dutch-system
//! Swiss. No I/O and no clock: a round is a function of the players and
//! the rounds before it, so the property tests drive it directly.
//!
//! Players are numbered `0..n` in seed order (0 is the top seed). "White"
//! is the player who moves first (South); "black" moves second.

use serde::{Deserialize, Serialize};

use crate::table::ChannelId;

/// A player: their index in the tournament's entry list (seed order).
pub type Player = u16;

/// How a board ended, in the points each side gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Score {
    /// White won over the board.
    White,
    /// Black won over the board.
    Black,
    /// A draw over the board.
    Draw,
    /// Black forfeited (withdrew, or the game could not be played): white wins.
    WhiteByForfeit,
    /// White forfeited: black wins.
    BlackByForfeit,
    /// Both forfeited (a moderator aborted the game): nobody scores.
    DoubleForfeit,
}

impl Score {
    /// Half-points of white (`white = true`) or black.
    pub fn halves(self, white: bool) -> u32 {
        let (w, b) = match self {
            Score::White | Score::WhiteByForfeit => (2, 0),
            Score::Black | Score::BlackByForfeit => (0, 2),
            Score::Draw => (1, 1),
            Score::DoubleForfeit => (0, 0),
        };
        if white {
            w
        } else {
            b
        }
    }

    /// True when the game was played over the board (forfeits were not:
    /// they give no colour and count as unplayed for the tie-breaks).
    pub fn played(self) -> bool {
        matches!(self, Score::White | Score::Black | Score::Draw)
    }

    /// The forfeit of the side that is gone (`white_gone`): the other wins.
    pub fn forfeit(white_gone: bool) -> Score {
        if white_gone {
            Score::BlackByForfeit
        } else {
            Score::WhiteByForfeit
        }
    }
}

/// One game of a round, and (once known) how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Moves first.
    pub white: Player,
    /// Moves second.
    pub black: Player,
    /// The result, once the game has ended.
    #[serde(default)]
    pub score: Option<Score>,
    /// The hosted game (number and thread), set by the table when it starts.
    #[serde(default)]
    pub game: Option<GameLink>,
}

/// The hosted game of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameLink {
    /// The game number.
    pub game: u64,
    /// The thread it is played in.
    pub thread: ChannelId,
}

impl Board {
    /// A board not yet played.
    pub fn new(white: Player, black: Player) -> Board {
        Board {
            white,
            black,
            score: None,
            game: None,
        }
    }

    /// True if `p` plays on this board.
    pub fn has(&self, p: Player) -> bool {
        self.white == p || self.black == p
    }

    /// The opponent of `p` on this board (`p` must play on it).
    pub fn opponent(&self, p: Player) -> Player {
        if self.white == p {
            self.black
        } else {
            self.white
        }
    }
}

/// A paired round: its boards, and the player with the bye (worth a win).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Round {
    /// The games, board 1 first.
    pub boards: Vec<Board>,
    /// Who sits out with a full point (an odd count of players).
    #[serde(default)]
    pub bye: Option<Player>,
}

impl Round {
    /// True when every board has a result.
    pub fn complete(&self) -> bool {
        self.boards.iter().all(|b| b.score.is_some())
    }
}

/// The FIDE Berger table for `n` players (`n` even, at least 2), as
/// published in the FIDE Handbook C.05 Annex 1: `n - 1` rounds of
/// `(white, black)` pairs of 1-based numbers, board 1 first.
///
/// Round 1 is `1-n, 2-(n-1), ...`; each next round adds `n/2` to every
/// number but `n` (modulo `n - 1`, in `1..n`) keeping the boards' order and
/// colours, and turns the colours of player `n`'s board.
pub fn berger(n: usize) -> Vec<Vec<(usize, usize)>> {
    debug_assert!(n >= 2 && n.is_multiple_of(2));
    let m = n - 1;
    let step = |x: usize| if x == n { n } else { (x - 1 + n / 2) % m + 1 };
    let mut round: Vec<(usize, usize)> = (0..n / 2).map(|i| (i + 1, n - i)).collect();
    let mut table = Vec::with_capacity(m);
    for _ in 0..m {
        table.push(round.clone());
        round = round
            .iter()
            .map(|&(w, b)| match (w == n, b == n) {
                (true, _) => (step(b), n),
                (_, true) => (n, step(w)),
                _ => (step(w), step(b)),
            })
            .collect();
    }
    table
}

/// Every round of a round robin of `players` (at least 2) by the Berger
/// tables: an odd count plays with a dummy last number, whose opponent has
/// the bye. A double round robin plays the table twice, colours turned in
/// the second cycle. As FIDE C.05 recommends, the last two rounds of the
/// first cycle are swapped, and the second cycle keeps the table's own
/// order: then nobody gets one colour three times running where the cycles
/// meet (checked for 3 to 16 players by the tests).
pub fn round_robin(players: usize, double: bool) -> Vec<Round> {
    let n = players + players % 2;
    let table: Vec<Round> = berger(n)
        .into_iter()
        .map(|pairs| {
            let mut round = Round::default();
            for (w, b) in pairs {
                if w > players || b > players {
                    round.bye = Some((w.min(b) - 1) as Player);
                } else {
                    round
                        .boards
                        .push(Board::new((w - 1) as Player, (b - 1) as Player));
                }
            }
            round
        })
        .collect();
    if !double {
        return table;
    }
    let mut first = table.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 1, len - 2);
    }
    let second = table.into_iter().map(|r| Round {
        boards: r.boards.iter().map(|b| Board::new(b.black, b.white)).collect(),
        bye: r.bye,
    });
    first.into_iter().chain(second).collect()
}

/// Which colour a player should get next (FIDE C.04.3 A6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    /// No games yet.
    None,
    /// Colours even: alternate from the last game.
    Mild,
    /// One colour once more than the other.
    Strong,
    /// Twice more, or the last two games of one colour.
    Absolute,
}

/// A player's colour preference: the colour wanted (`true` for white) and how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Preference {
    white: bool,
    strength: Strength,
}

/// What the pairing needs to know of a player.
#[derive(Debug, Clone, Default)]
struct Record {
    halves: u32,
    /// Everyone met (or paired with and forfeited).
    met: Vec<Player>,
    /// Colours of games played over the board, oldest first (`true` = white).
    colours: Vec<bool>,
    had_bye: bool,
}

impl Record {
    /// True when `white` (or black) next keeps the colour rule: no colour
    /// three games running, nor three times more than the other.
    fn allows(&self, white: bool) -> bool {
        let whites = self.colours.iter().filter(|&&w| w).count() as i32 + i32::from(white);
        let diff = 2 * whites - (self.colours.len() as i32 + 1);
        let three = matches!(self.colours[..], [.., a, b] if a == white && b == white);
        diff.abs() <= 2 && !three
    }

    fn preference(&self) -> Preference {
        let whites = self.colours.iter().filter(|&&w| w).count() as i32;
        let diff = whites * 2 - self.colours.len() as i32;
        let last_two = match self.colours[..] {
            [.., a, b] if a == b => Some(a),
            _ => None,
        };
        let last = self.colours.last().copied();
        let (white, strength) = match (diff, last_two, last) {
            (_, _, None) => (true, Strength::None),
            (d, _, _) if d < -1 => (true, Strength::Absolute),
            (d, _, _) if d > 1 => (false, Strength::Absolute),
            (_, Some(c), _) => (!c, Strength::Absolute),
            (-1, _, _) => (true, Strength::Strong),
            (1, _, _) => (false, Strength::Strong),
            (_, _, Some(c)) => (!c, Strength::Mild),
        };
        Preference { white, strength }
    }
}

/// Each player's record over `rounds`.
fn records(n: usize, rounds: &[Round]) -> Vec<Record> {
    let mut rec = vec![Record::default(); n];
    for round in rounds {
        if let Some(p) = round.bye {
            rec[usize::from(p)].had_bye = true;
            rec[usize::from(p)].halves += 2;
        }
        for b in &round.boards {
            let (w, bl) = (usize::from(b.white), usize::from(b.black));
            rec[w].met.push(b.black);
            rec[bl].met.push(b.white);
            if let Some(s) = b.score {
                rec[w].halves += s.halves(true);
                rec[bl].halves += s.halves(false);
                if s.played() {
                    rec[w].colours.push(true);
                    rec[bl].colours.push(false);
                }
            }
        }
    }
    rec
}

/// Nodes a pairing search may visit before it gives up on its pass.
const SEARCH_BUDGET: usize = 200_000;

/// The next round of a Swiss tournament of `n` players by the Dutch system.
/// `active[p]` is false for a withdrawn player, who is not paired. `None`
/// when no pairing without a rematch exists (the tournament then ends).
///
/// The system (after FIDE C.04.3, the Dutch system):
/// - Players are ranked by points, then seed. Each score bracket is split
///   into a top half S1 and a bottom half S2, and S1's i-th player meets
///   S2's i-th; when that breaks a criterion, the nearest transposition
///   that keeps it is taken, and a player left over floats down to the
///   next bracket.
/// - Absolute criteria, never broken: no two players meet twice; no one
///   gets a second bye while a player without one can take it.
/// - Colours: nobody gets a colour three times running or twice more than
///   the other (two players who both must have the same colour do not
///   meet) unless no pairing avoids it; each player gets their preferred
///   colour where the two preferences allow, else the stronger preference
///   wins, then the higher ranked player's.
/// - The bye goes to the lowest ranked player without one (who can be
///   given it with the rest still paired) and is worth a win.
///
/// Where C.04.3 weighs competing quality criteria by its full rule set,
/// this search takes them in the order above: the first legal pairing in
/// the S1-S2 order, found by backtracking. Rare heavily constrained
/// brackets may thus be paired differently from a certified program, but
/// every absolute rule holds, and the property tests check each of them
/// against an exhaustive search on small fields.
pub fn swiss(n: usize, active: &[bool], rounds: &[Round]) -> Option<Round> {
    let rec = records(n, rounds);
    let mut order: Vec<Player> = (0..n as Player).filter(|&p| active[usize::from(p)]).collect();
    order.sort_by(|&a, &b| {
        rec[usize::from(b)]
            .halves
            .cmp(&rec[usize::from(a)].halves)
            .then(a.cmp(&b))
    });
    if order.len() < 2 {
        return None;
    }
    let first_round = rounds.iter().all(|r| r.boards.is_empty());
    // Bye candidates from the lowest ranked: first those without a bye.
    let (fresh, repeat): (Vec<Option<Player>>, Vec<Option<Player>>) = match order.len() % 2 {
        0 => (vec![None], Vec::new()),
        _ => order
            .iter()
            .rev()
            .map(|&p| Some(p))
            .partition(|p| p.is_some_and(|p| !rec[usize::from(p)].had_bye)),
    };
    for group in [fresh, repeat] {
        for strict in [true, false] {
            for &bye in &group {
                let rest: Vec<Player> = order.iter().copied().filter(|&p| Some(p) != bye).collect();
                if let Some(pairs) = pair_brackets(&rest, &rec, strict) {
                    return Some(Round {
                        boards: colour(&pairs, &rec, first_round),
                        bye,
                    });
                }
            }
        }
    }
    None
}

/// True when `a` and `b` may meet: not met before, and (`strict`) with
/// colours that keep the colour rule for both.
fn compatible(rec: &[Record], a: Player, b: Player, strict: bool) -> bool {
    let (ra, rb) = (&rec[usize::from(a)], &rec[usize::from(b)]);
    !ra.met.contains(&b)
        && (!strict || (ra.allows(true) && rb.allows(false)) || (ra.allows(false) && rb.allows(true)))
}

/// Pairs the ranked players `order` (an even count) bracket by bracket, or
/// `None` if the search finds no legal pairing within its budget.
fn pair_brackets(order: &[Player], rec: &[Record], strict: bool) -> Option<Vec<(Player, Player)>> {
    let prefs: Vec<Preference> = rec.iter().map(Record::preference).collect();
    let m = order.len();
    let mut fits = vec![false; m * m];
    for i in 0..m {
        for j in 0..m {
            fits[i * m + j] = i != j && compatible(rec, order[i], order[j], strict);
        }
    }
    let mut search = Search {
        halves: order.iter().map(|&p| rec[usize::from(p)].halves).collect(),
        prefs: order.iter().map(|&p| prefs[usize::from(p)]).collect(),
        fits,
        paired: vec![false; m],
        pairs: Vec::with_capacity(m / 2),
        budget: SEARCH_BUDGET,
    };
    search
        .run()
        .then(|| search.pairs.iter().map(|&(i, j)| (order[i], order[j])).collect())
}

/// A backtracking search over players by rank position.
struct Search {
    halves: Vec<u32>,
    prefs: Vec<Preference>,
    /// `fits[i * m + j]`: positions `i` and `j` may meet.
    fits: Vec<bool>,
    paired: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    budget: usize,
}

impl Search {
    fn fits(&self, i: usize, j: usize) -> bool {
        self.fits[i * self.paired.len() + j]
    }

    /// The opponents to try for the top unpaired player `i`, best first:
    /// S1's i-th against S2's i-th in its bracket, then the rest of S2,
    /// then S1 (transpositions), then lower brackets (a float down); a
    /// candidate whose colour preference fits before one whose does not.
    fn candidates(&self, i: usize) -> Vec<usize> {
        let score = self.halves[i];
        let bracket: Vec<usize> = (0..self.paired.len())
            .filter(|&j| !self.paired[j] || j == i)
            .filter(|&j| self.halves[j] == score)
            .collect();
        let half = bracket.len() / 2;
        let at = bracket.iter().position(|&j| j == i).unwrap_or(0);
        let pref_i = self.prefs[i];
        let mut ranked: Vec<(u8, bool, usize, usize)> = (0..self.paired.len())
            .filter(|&j| !self.paired[j] && j != i && self.fits(i, j))
            .map(|j| {
                let (tier, distance) = match bracket.iter().position(|&k| k == j) {
                    Some(p) if half > 0 && p >= half => (0, (p - half).abs_diff(at)),
                    Some(p) => (1, p),
                    None => (2, score.abs_diff(self.halves[j]) as usize),
                };
                let pref_j = self.prefs[j];
                let clash = pref_i.strength != Strength::None
                    && pref_j.strength != Strength::None
                    && pref_i.white == pref_j.white;
                (tier, clash, distance, j)
            })
            .collect();
        ranked.sort_unstable();
        ranked.into_iter().map(|(.., j)| j).collect()
    }

    /// Forward check: every unpaired player still has someone to meet.
    fn viable(&self) -> bool {
        let m = self.paired.len();
        (0..m)
            .filter(|&a| !self.paired[a])
            .all(|a| (0..m).any(|b| !self.paired[b] && self.fits(a, b)))
    }

    fn run(&mut self) -> bool {
        let Some(i) = self.paired.iter().position(|&p| !p) else {
            return true;
        };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        self.paired[i] = true;
        for j in self.candidates(i) {
            self.paired[j] = true;
            self.pairs.push((i, j));
            if self.viable() && self.run() {
                return true;
            }
            self.pairs.pop();
            self.paired[j] = false;
            if self.budget == 0 {
                break;
            }
        }
        self.paired[i] = false;
        false
    }
}

/// Gives each pair its colours (FIDE C.04.3 E): both preferences when they
/// differ, else the stronger, else the higher ranked player's (`pairs`
/// name the higher ranked first). In the first round the top seed of each
/// odd board gets white.
fn colour(pairs: &[(Player, Player)], rec: &[Record], first_round: bool) -> Vec<Board> {
    pairs
        .iter()
        .enumerate()
        .map(|(i, &(hi, lo))| {
            let (ph, pl) = (
                rec[usize::from(hi)].preference(),
                rec[usize::from(lo)].preference(),
            );
            let hi_white = match (ph.strength, pl.strength) {
                _ if first_round => i % 2 == 0,
                (Strength::None, Strength::None) => i % 2 == 0,
                (Strength::None, _) => !pl.white,
                (_, Strength::None) => ph.white,
                _ if ph.white != pl.white => ph.white,
                (h, l) if h > l => ph.white,
                (h, l) if l > h => !pl.white,
                _ => alternate(&rec[usize::from(hi)], &rec[usize::from(lo)]).unwrap_or(ph.white),
            };
            // The colour rule comes first where only one way keeps it.
            let (rh, rl) = (&rec[usize::from(hi)], &rec[usize::from(lo)]);
            let keeps = |hi_white: bool| rh.allows(hi_white) && rl.allows(!hi_white);
            let hi_white = if !keeps(hi_white) && keeps(!hi_white) {
                !hi_white
            } else {
                hi_white
            };
            if hi_white {
                Board::new(hi, lo)
            } else {
                Board::new(lo, hi)
            }
        })
        .collect()
}

/// Equal preferences for one colour: going back through the colour
/// histories, the first round where the two had different colours decides
/// (each alternates from it); `Some(true)` gives the higher ranked white.
fn alternate(hi: &Record, lo: &Record) -> Option<bool> {
    hi.colours
        .iter()
        .rev()
        .zip(lo.colours.iter().rev())
        .find(|(a, b)| a != b)
        .map(|(&a, _)| !a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berger_4_matches_fide() {
        assert_eq!(
            berger(4),
            vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]
        );
    }

    #[test]
    fn odd_round_robin_gives_each_player_one_bye() {
        let rounds = round_robin(5, false);
        let mut byes: Vec<Player> = rounds.iter().filter_map(|r| r.bye).collect();
        byes.sort();
        assert_eq!(byes, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn first_swiss_round_pairs_top_half_against_bottom_half() {
        let r = swiss(6, &[true; 6], &[]).unwrap();
        assert_eq!(
            r.boards,
            vec![Board::new(0, 3), Board::new(4, 1), Board::new(2, 5)]
        );
        let r = swiss(5, &[true; 5], &[]).unwrap();
        assert_eq!(r.bye, Some(4));
    }
}
