//! What happened, in plain words without markup or commands: shared by every
//! front end (Discord, terminal), which add their own emphasis and hints.

use super::{FinishedGame, LiveGame, Seat};
use crate::ai::{Judgement, Review};
use crate::engine::{MoveReport, Outcome, Side, Termination};

/// One sentence about a move: who sowed which pit, and what it captured;
/// `who` names the seat (a front end escapes names with it).
pub fn describe_move(live: &LiveGame, report: &MoveReport, who: impl Fn(&Seat) -> String) -> String {
    let mut s = format!("{} sowed {}", who(live.seat(report.side)), report.mv);
    let laps = report.laps.len();
    if laps > 1 {
        s.push_str(&format!(" ({laps} laps)"));
    }
    if report.ended_overture {
        s.push_str(", playing the ng'hana and ending the overture");
    }
    let taken: Vec<String> = report
        .captures()
        .map(|t| format!("{} from {}", t.seeds, t.pit))
        .collect();
    if taken.is_empty() {
        s.push_str(": no capture.");
    } else {
        s.push_str(&format!(
            ": captured {} seeds ({}).",
            report.captured(),
            taken.join(", ")
        ));
    }
    s
}

/// Why a game ended, in words that need no names.
pub fn termination(t: Termination) -> &'static str {
    match t {
        Termination::NoLegalMove => "the opponent has no legal move left",
        Termination::Repetition => "the same position came up three times",
        Termination::PlyLimit => "2,000 plies were played",
        Termination::Resignation => "the opponent resigned",
        Termination::Agreement => "both players agreed",
        Termination::Timeout => "the opponent ran out of time",
        Termination::Aborted => "a moderator aborted the game",
        Termination::Abandoned => "nobody moved for too long",
    }
}

/// Why a game ended, naming the player who lost (or the one to move).
fn reason(t: Termination, loser: &str) -> String {
    match t {
        Termination::NoLegalMove => format!("{loser} has no legal move left"),
        Termination::Resignation => format!("{loser} resigned"),
        Termination::Timeout => format!("{loser} ran out of time"),
        other => termination(other).to_string(),
    }
}

/// Who won and why, with rating changes; `who` writes the winner's seat (a
/// mention or a name), every other name is the seat's name.
pub fn result_line(f: &FinishedGame, who: impl Fn(&Seat) -> String) -> String {
    let mut s = match (f.result.termination, f.result.outcome) {
        (Termination::Aborted, _) => format!("Game #{} was aborted by a moderator: no result.", f.id),
        (Termination::Abandoned, _) => format!(
            "Game #{} is over: nobody moved for too long, so it ends as a draw (unrated).",
            f.id
        ),
        (t, Outcome::Draw) => format!("Game #{} is a draw: {}.", f.id, reason(t, "")),
        (t, Outcome::Win(side)) => format!(
            "{} wins game #{} as {side}: {}.",
            who(&f.players[side.index()]),
            f.id,
            reason(t, &f.players[side.opponent().index()].name()),
        ),
    };
    for (i, c) in f.rating_changes.iter().enumerate() {
        // South's change comes first; a forgotten member's has no id to match.
        let name = f
            .players
            .iter()
            .find(|p| p.is(c.user))
            .or(f.players.get(i))
            .map(Seat::name)
            .unwrap_or_default();
        s.push_str(&format!(
            "\n{name}: {:.0} -> {:.0} ({:+.0})",
            c.before,
            c.after,
            c.after - c.before
        ));
    }
    s
}

/// A review of a finished game in a few lines: its turning points (the moves
/// that gave the most away, with the better move and both values) and each
/// player's count of inaccuracies, mistakes and blunders. `who` names a seat
/// (a front end escapes names with it).
pub fn review_summary(f: &FinishedGame, review: &Review, who: impl Fn(&Seat) -> String) -> Titled {
    let seat = |side: Side| who(&f.players[side.index()]);
    let mut s = format!("({} vs {}).", seat(Side::South), seat(Side::North));
    if review.turning_points.is_empty() {
        s.push_str("\nNo move gave away a seed or more: a clean game.");
    } else {
        s.push_str("\nTurning points (values for the mover: seeds ahead, or a forced result):");
        for p in review.turning_points.iter().map(|&i| &review.plies[i]) {
            s.push_str(&format!(
                "\n- ply {}: {} played {} ({}); {} was better ({} instead of {}).",
                p.ply,
                seat(p.side),
                p.played,
                p.judgement().map_or("inaccuracy", Judgement::name),
                p.best,
                p.before,
                p.after
            ));
        }
    }
    for side in Side::ALL {
        let (_, moves) = review.total_loss(side);
        if moves == 0 {
            continue;
        }
        let tally: Vec<String> = review
            .tally(side)
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(|(j, n)| j.count(n))
            .collect();
        let plural = if moves == 1 { "" } else { "s" };
        let tally = if tally.is_empty() {
            "no move gave anything away".to_string()
        } else {
            tally.join(", ")
        };
        s.push_str(&format!("\n{}: {moves} move{plural}, {tally}.", seat(side)));
    }
    Titled {
        title: format!("Review of game #{}", f.id),
        text: s,
    }
}

/// A text under a title: each front end sets the title off its own way
/// (bold in Discord, plain in the terminal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Titled {
    /// The title.
    pub title: String,
    /// What follows it, starting on the title's line.
    pub text: String,
}

/// A run of rule-book text, plain or stressed; a front end shows stress its
/// own way (bold in Discord, plain in the terminal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span {
    /// Ordinary text.
    Plain(&'static str),
    /// A key term or a heading.
    Strong(&'static str),
}

use Span::{Plain as P, Strong as S};

const COMMON: &[Span] = &[
    S("How a move works."),
    P(" Take all the seeds of one of your pits holding at least 2 and sow them one by one counterclockwise around your own 16 pits (your outer row left to right, then your inner row right to left). Where the last seed falls:\n1. an "),
    S("empty"),
    P(" pit: your move ends;\n2. a pit of your "),
    S("inner row"),
    P(" that was not empty, with seeds in either of the two opponent pits of that column: "),
    S("capture"),
    P(" both and sow them again from where this lap started; when the last captured seed is dropped, your move ends;\n3. otherwise: "),
    S("relay"),
    P(": lift that pit and sow on.\nA player with no legal move loses. A move that would never end is not allowed. Third repetition or 2,000 plies: draw.\n"),
    S("House rules"),
    P(" (chosen in the challenge; the standard rule comes first):\n- after a capture: the move ends (standard), or "),
    S("captures go on"),
    P(": the lap of captured seeds ends like any other lap, so it may capture or relay again (sharp: the first player can force a win early);\n- captured seeds are sown from the start of the capturing lap (standard), or from the "),
    S("capturing pit"),
    P("."),
];

const WOMEN: &[Span] = &[
    P("\n"),
    S("Women's game:"),
    P(" 2 seeds in every pit; the rules above, nothing more."),
];

const BOYS: &[Span] = &[
    P("\n"),
    S("Boys' game:"),
    P(" each player starts with 17 seeds in his rightmost outer pit, the "),
    S("ng'hana"),
    P(". In the "),
    S("overture"),
    P(" his rightmost column is out of play and cannot be captured; sowing skips it. Playing the ng'hana (17 seeds round all 16 pits) ends his overture."),
];

const NO_MEN: &[Span] = &[P(
    "\nThe men's game is not available: its rules are not described in any source we could reach.",
)];

/// The rules in a few paragraphs: both variants, or one (`Some(true)` for the boys' game).
pub fn rules(boys: Option<bool>) -> Vec<Span> {
    let parts: &[&[Span]] = match boys {
        Some(true) => &[COMMON, BOYS],
        Some(false) => &[COMMON, WOMEN],
        None => &[COMMON, WOMEN, BOYS, NO_MEN],
    };
    parts.concat()
}
