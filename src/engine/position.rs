//! The position and the sowing kernel.

use serde::{Deserialize, Serialize};

use super::report::{Lap, LapEnd, LapSource, MoveReport, Taken};
use super::{AfterCapture, CaptureFrom, GameResult, Move, Outcome, Pit, Rules, Side, Termination, Variant};

/// A move that needs this many laps is never-ending (rules.md section 2).
pub const MAX_LAPS: u32 = 10_000;

/// The state of the board between moves: seeds, overture flags, side to move.
///
/// 38 bytes, `Copy`: the AI copies positions freely. Each side's pits are kept
/// as its ring (`k = 0..16`, rules.md section 1), so sowing is index arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    rings: [[u8; 16]; 2],
    overture: [bool; 2],
    to_move: Side,
    variant: Variant,
    capture_from: CaptureFrom,
    after_capture: AfterCapture,
}

/// Why a move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum IllegalMove {
    /// The pit belongs to the opponent.
    #[error("{pit} is not your pit: {side} plays from ranks {ranks}")]
    NotYourPit {
        /// The pit named.
        pit: Pit,
        /// The side to move.
        side: Side,
        /// The mover's ranks, for the message.
        ranks: &'static str,
    },
    /// The pit holds fewer than two seeds.
    #[error("{pit} holds {seeds} seed{s}: a move needs a pit with at least 2", s = if *seeds == 1 { "" } else { "s" })]
    TooFewSeeds {
        /// The pit named.
        pit: Pit,
        /// Seeds it holds.
        seeds: u8,
    },
    /// The pit is out of play during the mover's overture.
    #[error("{pit} is out of play until you play your ng'hana (overture)")]
    OutOfPlay {
        /// The pit named.
        pit: Pit,
    },
    /// The move would never end.
    #[error("{pit} would start a move that never ends, so it is not allowed")]
    NeverEnding {
        /// The pit named.
        pit: Pit,
    },
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

/// A refused move, handing back the untouched position (like shakmaty's `PlayError`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct PlayError<P> {
    /// Why the move was refused.
    pub reason: IllegalMove,
    /// The position (or game), unchanged.
    pub position: P,
}

/// A small fixed list of moves (at most 16): no allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveList {
    moves: [Option<Move>; 16],
    len: u8,
}

impl MoveList {
    fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = Some(m);
        self.len += 1;
    }
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// True when there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves, in ring order of the mover.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves[..self.len()].iter().flatten().copied()
    }
    /// True if `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.iter().any(|x| x == m)
    }
}

/// Receives the events of a move as the kernel plays it. The fast path uses
/// `()`, which compiles to nothing; reports use [`Recorder`].
pub(crate) trait Observer {
    fn lap(&mut self, _source: LapSource, _origin: usize) {}
    fn sow(&mut self, _k: usize) {}
    fn end(&mut self, _end: KernelEnd) {}
}

impl Observer for () {}

/// How a lap ended, in ring indices (the kernel's own vocabulary).
#[derive(Clone, Copy)]
pub(crate) enum KernelEnd {
    Empty(usize),
    Capture {
        at: usize,
        inner: (usize, u8),
        outer: (usize, u8),
    },
    Relay(usize, u8),
    WipeOut(usize),
    Sown(usize),
}

/// Summary of a move played on the fast path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Played {
    /// Seeds captured.
    pub captured: u8,
    /// Laps sown.
    pub laps: u32,
    /// The opponent was left without seeds.
    pub wiped_out: bool,
}

/// The lap-start state used to spot a move that cycles.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    rings: [[u8; 16]; 2],
    hand: u8,
    pos: u8,
    origin: u8,
}

impl Position {
    /// The starting position of a game with these rules.
    pub fn new(rules: Rules) -> Position {
        let setup = rules.variant.setup();
        let o = rules.variant.has_overture();
        Position {
            rings: [setup; 2],
            overture: [o, o],
            to_move: rules.first,
            variant: rules.variant,
            capture_from: rules.capture_from,
            after_capture: rules.after_capture,
        }
    }

    /// Builds a position from raw parts, checking the invariants the kernel relies on:
    /// 64 seeds, and for a player in his overture an ng'hana of 17 with an empty pit in front.
    pub fn from_parts(
        variant: Variant,
        (capture_from, after_capture): (CaptureFrom, AfterCapture),
        rings: [[u8; 16]; 2],
        overture: [bool; 2],
        to_move: Side,
    ) -> Result<Position, String> {
        let total: u32 = rings.iter().flatten().map(|&x| u32::from(x)).sum();
        if total != 64 {
            return Err(format!("the board holds {total} seeds, not 64"));
        }
        for side in Side::ALL {
            let i = side.index();
            if overture[i] {
                if !variant.has_overture() {
                    return Err(format!("the {variant} game has no overture"));
                }
                if rings[i][7] != 17 || rings[i][8] != 0 {
                    return Err(format!(
                        "{side} is in the overture, so {} must hold 17 seeds and {} none",
                        Pit::from_ring(side, 7),
                        Pit::from_ring(side, 8)
                    ));
                }
            }
        }
        Ok(Position {
            rings,
            overture,
            to_move,
            variant,
            capture_from,
            after_capture,
        })
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Where captured seeds are sown from.
    #[inline]
    pub fn capture_from(&self) -> CaptureFrom {
        self.capture_from
    }

    /// What happens after a capture.
    #[inline]
    pub fn after_capture(&self) -> AfterCapture {
        self.after_capture
    }

    /// The same position under other house rules.
    pub fn with_house_rules(mut self, capture_from: CaptureFrom, after_capture: AfterCapture) -> Position {
        self.capture_from = capture_from;
        self.after_capture = after_capture;
        self
    }

    /// Whether this is the starting position of `variant` (with any side to move).
    pub fn is_start(&self) -> bool {
        let o = self.variant.has_overture();
        self.rings == [self.variant.setup(); 2] && self.overture == [o, o]
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Whether `side` is still in his overture (boys' game).
    #[inline]
    pub fn in_overture(&self, side: Side) -> bool {
        self.overture[side.index()]
    }

    /// Seeds in a pit.
    #[inline]
    pub fn seeds(&self, pit: Pit) -> u8 {
        self.rings[pit.owner().index()][pit.ring()]
    }

    /// A side's 16 pits in ring order.
    #[inline]
    pub fn ring(&self, side: Side) -> &[u8; 16] {
        &self.rings[side.index()]
    }

    /// Total seeds of a side.
    pub fn total(&self, side: Side) -> u32 {
        self.rings[side.index()].iter().map(|&x| u32::from(x)).sum()
    }

    /// Whether a pit is protected from capture (the opponent's overture column).
    pub fn is_protected(&self, pit: Pit) -> bool {
        self.in_overture(pit.owner()) && matches!(pit.ring(), 7 | 8)
    }

    /// A 64-bit hash of the position (seeds, overture flags, side to move).
    pub fn hash64(&self) -> u64 {
        let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
        for side in &self.rings {
            for chunk in side.chunks_exact(8) {
                let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
                h = (h ^ w).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
            }
        }
        let flags =
            u64::from(self.overture[0]) | u64::from(self.overture[1]) << 1 | (self.to_move as u64) << 2;
        (h ^ flags).wrapping_mul(0xff51_afd7_ed55_8ccd)
    }

    /// The side to move's candidate pits as a ring bit mask: in play and holding
    /// at least two seeds. Cheap; a candidate is legal unless it never ends.
    #[inline]
    pub fn candidate_mask(&self) -> u16 {
        let me = self.to_move.index();
        let ring = &self.rings[me];
        let mut mask = 0u16;
        for (k, &n) in ring.iter().enumerate() {
            mask |= u16::from(n >= 2) << k;
        }
        if self.overture[me] {
            // k8 is out of play; k7 (the ng'hana) may be played and ends the overture.
            mask &= !(1 << 8);
        }
        mask
    }

    /// The move of the side to move starting at ring index `k`.
    #[inline]
    pub fn ring_move(&self, k: usize) -> Move {
        Move(Pit::from_ring(self.to_move, k))
    }

    /// The candidates that are legal (do not run forever), lazily, in ring order.
    fn legal_rings(&self) -> impl Iterator<Item = usize> + '_ {
        let mask = self.candidate_mask();
        (0..16).filter(move |&k| mask & (1 << k) != 0 && { *self }.kernel(k, &mut ()).is_ok())
    }

    /// Every legal move of the side to move (each candidate simulated once to
    /// rule out never-ending moves).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        for k in self.legal_rings() {
            list.push(self.ring_move(k));
        }
        list
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.legal_rings().next().is_some()
    }

    /// Checks a move without simulating it: owner, overture, seeds.
    fn check(&self, mv: Move) -> Result<usize, IllegalMove> {
        let pit = mv.pit();
        let side = self.to_move;
        if pit.owner() != side {
            let ranks = if side == Side::South { "1 and 2" } else { "3 and 4" };
            return Err(IllegalMove::NotYourPit { pit, side, ranks });
        }
        let k = pit.ring();
        if self.overture[side.index()] && k == 8 {
            return Err(IllegalMove::OutOfPlay { pit });
        }
        let seeds = self.rings[side.index()][k];
        if seeds < 2 {
            return Err(IllegalMove::TooFewSeeds { pit, seeds });
        }
        Ok(k)
    }

    /// Plays a move in place on the fast path (no report, no allocation).
    /// On error the position is unchanged. Does not decide whether the game is over.
    #[inline]
    pub fn play_mut(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        let k = self.check(mv)?;
        self.kernel(k, &mut ())
    }

    /// Plays the side to move's ring index `k`, which must be a candidate
    /// (see [`Position::candidate_mask`]). The AI's inner loop.
    #[inline]
    pub fn play_ring(&mut self, k: usize) -> Result<Played, IllegalMove> {
        debug_assert!(self.candidate_mask() & (1 << k) != 0);
        self.kernel(k, &mut ())
    }

    /// Plays a move and reports what happened lap by lap, with the result if the
    /// move ends the game (the opponent has no legal move). On error the position
    /// is handed back unchanged.
    pub fn play(self, mv: Move) -> Result<(Position, MoveReport), PlayError<Position>> {
        let fail = |reason| PlayError {
            reason,
            position: self,
        };
        let k = self.check(mv).map_err(fail)?;
        let mut next = self;
        let mut rec = Recorder {
            side: self.to_move,
            laps: Vec::new(),
        };
        next.kernel(k, &mut rec).map_err(fail)?;
        let result = (!next.has_legal_move()).then_some(GameResult {
            outcome: Outcome::Win(self.to_move),
            termination: Termination::NoLegalMove,
        });
        let report = MoveReport {
            side: self.to_move,
            mv,
            ended_overture: self.overture[self.to_move.index()] && k == 7,
            laps: rec.laps,
            result,
        };
        Ok((next, report))
    }

    /// The sowing kernel: plays ring index `k` of the side to move, which has
    /// passed [`Position::check`]. Commits only if the move ends.
    pub(crate) fn kernel<O: Observer>(&mut self, k: usize, obs: &mut O) -> Result<Played, IllegalMove> {
        let me = self.to_move.index();
        let opp = 1 - me;
        let mut rings = self.rings;
        let mut skip = self.overture[me];
        let opp_protected = self.overture[opp];
        if skip && k == 7 {
            // Playing the ng'hana ends the overture before sowing.
            skip = false;
        }
        let mut opp_total: u32 = rings[opp].iter().map(|&x| u32::from(x)).sum();
        let mut played = Played::default();
        let mut origin = k;
        let mut pos = k;
        let mut hand = rings[me][k];
        rings[me][k] = 0;
        obs.lap(
            LapSource::Move {
                pit: Pit::from_ring(self.to_move, k),
            },
            origin,
        );
        // Brent's cycle detection on lap-start states: a repeated state means
        // the move never ends; the lap cap catches anything else.
        let mut snapshot: Option<LapState> = None;
        let mut power = 1u32;
        loop {
            played.laps += 1;
            if played.laps > 16 {
                let state = LapState {
                    rings,
                    hand,
                    pos: pos as u8,
                    origin: origin as u8,
                };
                if snapshot == Some(state) || played.laps >= MAX_LAPS {
                    return Err(IllegalMove::NeverEnding {
                        pit: Pit::from_ring(self.to_move, k),
                    });
                }
                if played.laps == power * 2 || snapshot.is_none() {
                    power = played.laps;
                    snapshot = Some(state);
                }
            }
            pos = sow(&mut rings[me], pos, hand, skip, obs);
            let n = rings[me][pos];
            if n == 1 {
                obs.end(KernelEnd::Empty(pos));
                break;
            }
            if pos >= 8 && !(pos == 15 && opp_protected) {
                let (a, b) = (23 - pos, pos - 8);
                let cap = rings[opp][a] + rings[opp][b];
                if cap > 0 {
                    obs.end(KernelEnd::Capture {
                        at: pos,
                        inner: (a, rings[opp][a]),
                        outer: (b, rings[opp][b]),
                    });
                    rings[opp][a] = 0;
                    rings[opp][b] = 0;
                    played.captured += cap;
                    opp_total -= u32::from(cap);
                    hand = cap;
                    if self.capture_from == CaptureFrom::Origin {
                        pos = origin;
                    }
                    obs.lap(LapSource::Capture, origin);
                    if opp_total == 0 || self.after_capture == AfterCapture::End {
                        // The captured seeds are sown once and the move ends
                        // (always after a wipe-out, whatever the house rules).
                        pos = sow(&mut rings[me], pos, hand, skip, obs);
                        played.wiped_out = opp_total == 0;
                        obs.end(if played.wiped_out {
                            KernelEnd::WipeOut(pos)
                        } else {
                            KernelEnd::Sown(pos)
                        });
                        played.laps += 1;
                        break;
                    }
                    continue;
                }
            }
            obs.end(KernelEnd::Relay(pos, n));
            hand = n;
            rings[me][pos] = 0;
            origin = pos;
            obs.lap(
                LapSource::Relay {
                    pit: Pit::from_ring(self.to_move, pos),
                },
                origin,
            );
        }
        self.rings = rings;
        self.overture[me] = skip;
        self.to_move = self.to_move.opponent();
        Ok(played)
    }
}

/// The next pit of a ring: `NEXT[skip][k]`, where `skip` leaves out the
/// overture column (k7, k8).
const NEXT: [[u8; 16]; 2] = {
    let mut t = [[0u8; 16]; 2];
    let mut k = 0;
    while k < 16 {
        t[0][k] = ((k + 1) & 15) as u8;
        t[1][k] = if k == 6 { 9 } else { ((k + 1) & 15) as u8 };
        k += 1;
    }
    t
};

/// Sows `hand` seeds into `ring` after `pos`; returns where the last one fell.
#[inline(always)]
fn sow<O: Observer>(ring: &mut [u8; 16], mut pos: usize, hand: u8, skip: bool, obs: &mut O) -> usize {
    let next = &NEXT[usize::from(skip)];
    for _ in 0..hand {
        pos = usize::from(next[pos]);
        ring[pos] += 1;
        obs.sow(pos);
    }
    pos
}

/// Builds the lap-by-lap report.
struct Recorder {
    side: Side,
    laps: Vec<Lap>,
}

impl Observer for Recorder {
    fn lap(&mut self, source: LapSource, origin: usize) {
        self.laps.push(Lap {
            source,
            origin: Pit::from_ring(self.side, origin),
            sown: Vec::new(),
            // Overwritten by `end`; every lap the kernel starts also ends.
            end: LapEnd::Empty {
                pit: Pit::from_ring(self.side, origin),
            },
        });
    }
    fn sow(&mut self, k: usize) {
        if let Some(l) = self.laps.last_mut() {
            l.sown.push(Pit::from_ring(self.side, k));
        }
    }
    fn end(&mut self, end: KernelEnd) {
        let mine = |k| Pit::from_ring(self.side, k);
        let theirs = |k| Pit::from_ring(self.side.opponent(), k);
        let end = match end {
            KernelEnd::Empty(k) => LapEnd::Empty { pit: mine(k) },
            KernelEnd::WipeOut(k) => LapEnd::WipeOut { pit: mine(k) },
            KernelEnd::Sown(k) => LapEnd::Sown { pit: mine(k) },
            KernelEnd::Relay(k, seeds) => LapEnd::Relay { pit: mine(k), seeds },
            KernelEnd::Capture { at, inner, outer } => LapEnd::Capture {
                pit: mine(at),
                taken: vec![
                    Taken {
                        pit: theirs(inner.0),
                        seeds: inner.1,
                    },
                    Taken {
                        pit: theirs(outer.0),
                        seeds: outer.1,
                    },
                ],
            },
        };
        if let Some(l) = self.laps.last_mut() {
            l.end = end;
        }
    }
}
