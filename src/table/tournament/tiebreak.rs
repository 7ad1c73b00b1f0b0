//! Standings and tie-breaks, pure: points, then Buchholz cut-1,
//! Sonneborn-Berger, direct encounter, then wins (FIDE C.07).
//!
//! Points are kept in half-points and Sonneborn-Berger in quarter-points,
//! so every comparison is exact.
//!
//! A round without an opponent over the board (a bye, or a forfeit either
//! way) counts for Buchholz and Sonneborn-Berger as a game against a dummy
//! opponent with the player's own final points (FIDE C.07's rule for
//! unplayed rounds); cut-1 drops the lowest contribution.

use serde::{Deserialize, Serialize};

use super::pairing::{Player, Round};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Place, shared by players equal on every tie-break (1 is first).
    pub rank: u32,
    /// The player (index in the entry list).
    pub player: Player,
    /// Points, in half-points.
    pub halves: u32,
    /// Buchholz cut-1, in half-points.
    pub buchholz: u32,
    /// Sonneborn-Berger, in quarter-points.
    pub sonneborn: u32,
    /// Points scored against the other players on the same points and
    /// first tie-breaks, in half-points, when they have all met; else `None`.
    pub direct: Option<u32>,
    /// Games won, forfeits included (byes are not games).
    pub wins: u32,
    /// Games still counted: rounds with a result for this player.
    pub games: u32,
}

/// What one round gave a player, for the tie-breaks.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The opponent over the board; `None` for a dummy (bye or forfeit).
    opponent: Option<Player>,
    /// Half-points scored.
    halves: u32,
    won: bool,
}

/// The standings after `rounds` (results so far) of `n` players, best first.
pub fn standings(n: usize, rounds: &[Round]) -> Vec<Standing> {
    let mut entries: Vec<Vec<Entry>> = vec![Vec::new(); n];
    for round in rounds {
        if let Some(p) = round.bye {
            entries[usize::from(p)].push(Entry {
                opponent: None,
                halves: 2,
                won: false,
            });
        }
        for b in &round.boards {
            let Some(s) = b.score else { continue };
            for (p, o, white) in [(b.white, b.black, true), (b.black, b.white, false)] {
                let halves = s.halves(white);
                entries[usize::from(p)].push(Entry {
                    opponent: s.played().then_some(o),
                    halves,
                    won: halves == 2,
                });
            }
        }
    }
    let points: Vec<u32> = entries.iter().map(|e| e.iter().map(|x| x.halves).sum()).collect();
    let of = |e: &Entry, own: u32| e.opponent.map_or(own, |o| points[usize::from(o)]);
    let mut lines: Vec<Standing> = (0..n)
        .map(|p| {
            let own = points[p];
            let mut contributions: Vec<u32> = entries[p].iter().map(|e| of(e, own)).collect();
            contributions.sort_unstable();
            let buchholz = contributions.iter().skip(1).sum();
            let sonneborn = entries[p].iter().map(|e| of(e, own) * e.halves).sum();
            Standing {
                rank: 0,
                player: p as Player,
                halves: own,
                buchholz,
                sonneborn,
                direct: None,
                wins: entries[p].iter().filter(|e| e.won).count() as u32,
                games: entries[p].len() as u32,
            }
        })
        .collect();
    let key = |s: &Standing| (s.halves, s.buchholz, s.sonneborn);
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    // Direct encounter inside each group equal on the first three.
    let mut start = 0;
    while start < lines.len() {
        let end = start
            + lines[start..]
                .iter()
                .take_while(|s| key(s) == key(&lines[start]))
                .count();
        if end - start > 1 {
            let group: Vec<Player> = lines[start..end].iter().map(|s| s.player).collect();
            if let Some(direct) = direct_encounter(&group, rounds) {
                for (line, d) in lines[start..end].iter_mut().zip(direct) {
                    line.direct = Some(d);
                }
            }
        }
        start = end;
    }
    let full = |s: &Standing| (s.halves, s.buchholz, s.sonneborn, s.direct.unwrap_or(0), s.wins);
    lines.sort_by(|a, b| full(b).cmp(&full(a)).then(a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].rank = match i {
            0 => 1,
            _ if full(&lines[i]) == full(&lines[i - 1]) => lines[i - 1].rank,
            _ => i as u32 + 1,
        };
    }
    lines
}

/// Each of `group`'s points in the games among them (played over the
/// board), in `group`'s order, when every two of them have met; else `None`.
fn direct_encounter(group: &[Player], rounds: &[Round]) -> Option<Vec<u32>> {
    let mut scored = vec![0u32; group.len()];
    let mut met = vec![false; group.len() * group.len()];
    let at = |p: Player| group.iter().position(|&g| g == p);
    for b in rounds.iter().flat_map(|r| &r.boards) {
        let (Some(w), Some(bl), Some(s)) = (at(b.white), at(b.black), b.score) else {
            continue;
        };
        if !s.played() {
            continue;
        }
        scored[w] += s.halves(true);
        scored[bl] += s.halves(false);
        met[w * group.len() + bl] = true;
        met[bl * group.len() + w] = true;
    }
    let all_met = (0..group.len()).all(|i| (0..group.len()).all(|j| i == j || met[i * group.len() + j]));
    all_met.then_some(scored)
}

#[cfg(test)]
mod tests {
    use super::super::pairing::{Board, Score};
    use super::*;

    fn board(w: Player, b: Player, s: Score) -> Board {
        Board {
            score: Some(s),
            ..Board::new(w, b)
        }
    }

    #[test]
    fn tie_breaks_by_hand() {
        // 0 beats 1, 1 beats 2, 2 beats 0 (a cycle), 3 loses to all.
        let rounds = vec![
            Round {
                boards: vec![board(0, 1, Score::White), board(2, 3, Score::White)],
                bye: None,
            },
            Round {
                boards: vec![board(1, 2, Score::White), board(3, 0, Score::Black)],
                bye: None,
            },
            Round {
                boards: vec![board(2, 0, Score::White), board(1, 3, Score::White)],
                bye: None,
            },
        ];
        let s = standings(4, &rounds);
        // Three players on 2 points, each with opponents on 2, 2 and 0:
        // Buchholz cut-1 4 points (8 halves); Sonneborn-Berger 2 x 2 (8
        // quarters); the cycle gives direct encounter 1 point each, and 2
        // wins each: a shared first place.
        assert_eq!(s.iter().map(|l| l.rank).collect::<Vec<_>>(), vec![1, 1, 1, 4]);
        assert!(s[..3]
            .iter()
            .all(|l| (l.halves, l.buchholz, l.sonneborn, l.direct, l.wins) == (4, 8, 8, Some(2), 2)));
        assert_eq!((s[3].player, s[3].buchholz, s[3].sonneborn), (3, 8, 0));
    }

    #[test]
    fn a_bye_counts_as_a_dummy_with_own_points() {
        let rounds = vec![Round {
            boards: vec![board(0, 1, Score::Draw)],
            bye: Some(2),
        }];
        let s = standings(3, &rounds);
        let bye = s.iter().find(|l| l.player == 2).unwrap();
        // One contribution (own 2 half-points), cut: Buchholz 0; SB = 2 x 2.
        assert_eq!((bye.halves, bye.buchholz, bye.sonneborn, bye.wins), (2, 0, 4, 0));
        assert_eq!(s[0].player, 2);
    }
}
