//! What happened, in plain words without commands: shared by every front end
//! (Discord, terminal), which add their own emphasis and hints. Text marked
//! `**so**` is stressed: Discord shows it bold, the terminal plain.

use super::{list, Lang};
use crate::ai::{Judgement, Review, Score, SEED};
use crate::engine::{AfterCapture, CaptureFrom, MoveReport, Outcome, Side, Termination, Variant};
use crate::table::{FinishedGame, LiveGame, Seat};
use crate::tr;

/// A side's name: "South", "North".
pub fn side(lang: Lang, side: Side) -> String {
    match side {
        Side::South => tr!(lang, "side-south"),
        Side::North => tr!(lang, "side-north"),
    }
}

/// A variant's name, as in "the women's game".
pub fn variant(lang: Lang, v: Variant) -> String {
    match v {
        Variant::Women => tr!(lang, "variant-women"),
        Variant::Boys => tr!(lang, "variant-boys"),
    }
}

/// A variant's short name, as in a list of games: "women", "boys".
pub fn variant_short(lang: Lang, v: Variant) -> String {
    match v {
        Variant::Women => tr!(lang, "variant-short-women"),
        Variant::Boys => tr!(lang, "variant-short-boys"),
    }
}

/// A judgement's name, singular.
pub fn judgement(lang: Lang, j: Judgement) -> String {
    tr!(lang, "judgement", kind = judgement_key(j), count = 1)
}

/// The key of a judgement in the messages' selectors.
pub fn judgement_key(j: Judgement) -> &'static str {
    match j {
        Judgement::Inaccuracy => "inaccuracy",
        Judgement::Mistake => "mistake",
        Judgement::Blunder => "blunder",
    }
}

/// A score in a few characters: "+3.5" seeds, "win in 7", "loss in 4" plies.
pub fn score(lang: Lang, s: Score) -> String {
    match s.forced_in() {
        Some(n) if n >= 0 => tr!(lang, "score-win-in", plies = n),
        Some(n) => tr!(lang, "score-loss-in", plies = -n),
        None => format!("{:+.1}", f64::from(s.0) / f64::from(SEED)),
    }
}

/// A score as a sentence for the player to move.
pub fn evaluation(lang: Lang, s: Score) -> String {
    match s.forced_in() {
        Some(n) if n >= 0 => tr!(lang, "evaluation-forced-win", plies = n),
        Some(n) => tr!(lang, "evaluation-forced-loss", plies = -n),
        None => {
            let seeds = (f64::from(s.0) / f64::from(SEED)).round() as i64;
            let direction = match seeds.signum() {
                0 => "even",
                1 => "ahead",
                _ => "behind",
            };
            tr!(
                lang,
                "evaluation-seeds",
                seeds = seeds.abs(),
                direction = direction
            )
        }
    }
}

/// One sentence about a move: who sowed which pit, and what it captured;
/// `who` names the seat (a front end escapes names with it).
pub fn describe_move(
    lang: Lang,
    live: &LiveGame,
    report: &MoveReport,
    who: impl Fn(&Seat) -> String,
) -> String {
    describe_report(lang, who(live.seat(report.side)), report)
}

/// [`describe_move`] with the mover's name given.
pub fn describe_report(lang: Lang, player: String, report: &MoveReport) -> String {
    let taken: Vec<String> = report.captures().map(|t| capture_part(lang, &t)).collect();
    tr!(
        lang,
        "move-described",
        player = player,
        pit = report.mv.to_string(),
        laps = report.laps.len(),
        nghana = if report.ended_overture { "yes" } else { "no" },
        captured = report.captured(),
        captures = list(lang, &taken),
    )
}

/// Seeds taken from one pit: "4 from c3".
pub fn capture_part(lang: Lang, t: &crate::engine::Taken) -> String {
    tr!(
        lang,
        "move-capture-part",
        seeds = t.seeds,
        pit = t.pit.to_string()
    )
}

/// Why a game ended, in words that need no names.
pub fn termination(lang: Lang, t: Termination) -> String {
    tr!(lang, "termination", reason = t.name())
}

/// Why a game ended, in a few words for the picture's result line.
pub fn termination_short(lang: Lang, t: Termination) -> String {
    tr!(lang, "termination-short", reason = t.name())
}

/// Who won and why, with rating changes; `who` writes the winner's seat (a
/// mention or a name), every other name is the seat's name.
pub fn result_line(lang: Lang, f: &FinishedGame, who: impl Fn(&Seat) -> String) -> String {
    let reason = f.result.termination.name();
    let mut s = match (f.result.termination, f.result.outcome) {
        (Termination::Aborted | Termination::Abandoned, _) => {
            tr!(lang, "result-no-winner", game = f.id, reason = reason)
        }
        (_, Outcome::Draw) => tr!(lang, "result-draw", game = f.id, reason = reason),
        (_, Outcome::Win(winner)) => tr!(
            lang,
            "result-win",
            game = f.id,
            winner = who(&f.players[winner.index()]),
            side = side(lang, winner),
            loser = f.players[winner.opponent().index()].name(),
            reason = reason,
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
        s.push('\n');
        s.push_str(&tr!(
            lang,
            "result-rating-change",
            player = name,
            before = format!("{:.0}", c.before),
            after = format!("{:.0}", c.after),
            change = format!("{:+.0}", c.after - c.before),
        ));
    }
    s
}

/// A review of a finished game in a few lines: its turning points (the moves
/// that gave the most away, with the better move and both values) and each
/// player's count of inaccuracies, mistakes and blunders. `who` names a seat
/// (a front end escapes names with it).
pub fn review_summary(
    lang: Lang,
    f: &FinishedGame,
    review: &Review,
    who: impl Fn(&Seat) -> String,
) -> Titled {
    let seat = |side: Side| who(&f.players[side.index()]);
    let mut lines = vec![tr!(
        lang,
        "review-players",
        south = seat(Side::South),
        north = seat(Side::North)
    )];
    lines.extend(review_lines(lang, review, seat));
    Titled {
        title: tr!(lang, "review-title", game = f.id),
        text: lines.join("\n"),
    }
}

/// A review's turning points (the moves that gave the most away, with the
/// better move and both values) and each player's count of inaccuracies,
/// mistakes and blunders, a line each; `seat` names a side.
pub fn review_lines(lang: Lang, review: &Review, seat: impl Fn(Side) -> String + Copy) -> Vec<String> {
    let mut lines = Vec::new();
    if review.turning_points.is_empty() {
        lines.push(tr!(lang, "review-clean"));
    } else {
        lines.push(tr!(lang, "review-turning-points"));
        for p in review.turning_points.iter().map(|&i| &review.plies[i]) {
            lines.push(tr!(
                lang,
                "review-turning-point",
                ply = p.ply,
                player = seat(p.side),
                played = p.played.to_string(),
                kind = p.judgement().map_or("inaccuracy", judgement_key),
                best = p.best.to_string(),
                before = score(lang, p.before),
                after = score(lang, p.after),
            ));
        }
    }
    lines.extend(review_tallies(lang, review, seat));
    lines
}

/// Each player's moves and count of inaccuracies, mistakes and blunders, a
/// line each; `seat` names a side.
pub fn review_tallies(lang: Lang, review: &Review, seat: impl Fn(Side) -> String) -> Vec<String> {
    let mut lines = Vec::new();
    for side in Side::ALL {
        let (_, moves) = review.total_loss(side);
        if moves == 0 {
            continue;
        }
        let tally: Vec<String> = review
            .tally(side)
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(|(j, n)| tr!(lang, "judgement", kind = judgement_key(j), count = n))
            .collect();
        let tally = if tally.is_empty() {
            tr!(lang, "review-nothing-given")
        } else {
            list(lang, &tally)
        };
        lines.push(tr!(
            lang,
            "review-player-tally",
            player = seat(side),
            moves = moves,
            tally = tally
        ));
    }
    lines
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

/// The rules in a few paragraphs: both variants, or one (`Some(true)` for
/// the boys' game). Stressed terms are marked `**so**`.
pub fn rules(lang: Lang, boys: Option<bool>) -> String {
    let parts: &[&str] = match boys {
        Some(true) => &["rules-common", "rules-house", "rules-boys"],
        Some(false) => &["rules-common", "rules-house", "rules-women"],
        None => &[
            "rules-common",
            "rules-house",
            "rules-women",
            "rules-boys",
            "rules-no-men",
        ],
    };
    parts
        .iter()
        .map(|id| tr!(lang, id))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Text without its stress marks, for a front end with no bold.
pub fn unstressed(text: &str) -> String {
    text.replace("**", "")
}

/// A duration in days and hours, or hours and minutes: "3 days 4 hours",
/// "less than a minute".
pub fn duration(lang: Lang, ms: u64) -> String {
    let minutes = ms / 60_000;
    let (days, hours, minutes) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    let (big, small) = match (days, hours) {
        (0, 0) => (("minute", minutes), ("", 0)),
        (0, h) => (("hour", h), ("minute", minutes)),
        (d, h) => (("day", d), ("hour", h)),
    };
    if big.1 == 0 {
        return tr!(lang, "duration-less-than-a-minute");
    }
    let part = |(unit, n): (&str, u64)| tr!(lang, "duration-part", unit = unit, count = n);
    match small {
        (_, 0) => part(big),
        small => tr!(
            lang,
            "duration-two-parts",
            first = part(big),
            second = part(small)
        ),
    }
}

/// A game's house rules in words ("house rules: captures go on"), or
/// `None` for the standard rules, so that only unusual games carry a note.
pub fn house_rules(lang: Lang, capture_from: CaptureFrom, after_capture: AfterCapture) -> Option<String> {
    let mut rules = Vec::new();
    if after_capture == AfterCapture::Continue {
        rules.push(tr!(lang, "house-rule-captures-go-on"));
    }
    if capture_from == CaptureFrom::CapturePit {
        rules.push(tr!(lang, "house-rule-capturing-pit"));
    }
    (!rules.is_empty()).then(|| {
        tr!(
            lang,
            "house-rules",
            rules = rules.join(&tr!(lang, "list-separator"))
        )
    })
}

/// A review as a table of every ply (`=` when the move played was the
/// search's choice; `+n` the seeds it captured), then the turning points and
/// each side's total: the file attached to a review, and `isolo-bot review`.
pub fn review_table(lang: Lang, review: &Review) -> String {
    review_table_marked(lang, review, &[])
}

/// [`review_table`] with the plies (0-based) played from a conditional
/// line marked (see [`crate::table::conditional_plies`]).
pub fn review_table_marked(lang: Lang, review: &Review, conditional: &[usize]) -> String {
    let mut lines = vec![tr!(lang, "review-table-header")];
    for p in &review.plies {
        let best = if p.best == p.played {
            "=".to_string()
        } else {
            p.best.to_string()
        };
        let mut line = format!(
            "{:>4}  {:<5}  {:<4} {:<4}  {:>11} {:>11}  {:>5.1}",
            p.ply,
            side(lang, p.side),
            p.played.to_string(),
            best,
            score(lang, p.before),
            score(lang, p.after),
            p.loss
        );
        if p.captured > 0 {
            line.push_str(&format!("  +{}", p.captured));
        }
        if let Some(j) = p.judgement() {
            line.push_str("  ");
            line.push_str(&judgement(lang, j));
        }
        if conditional.contains(&p.ply.saturating_sub(1)) {
            line.push_str("  ");
            line.push_str(&tr!(lang, "review-table-conditional"));
        }
        lines.push(line);
    }
    if let Some(r) = review.result {
        let outcome = match r.outcome {
            Outcome::Win(s) => tr!(lang, "review-table-won", side = side(lang, s)),
            Outcome::Draw => tr!(lang, "review-table-draw"),
        };
        lines.push(tr!(
            lang,
            "review-table-result",
            outcome = outcome,
            reason = termination_short(lang, r.termination)
        ));
    }
    if review.turning_points.is_empty() {
        lines.push(tr!(lang, "review-table-no-turning-points"));
    } else {
        lines.push(tr!(lang, "review-table-turning-points"));
        for p in review.turning_points.iter().map(|&i| &review.plies[i]) {
            // A forced result counts as the whole board: no seed count to quote.
            let forced = p.before.forced_in().is_some() || p.after.forced_in().is_some();
            lines.push(tr!(
                lang,
                "review-table-turning-point",
                ply = p.ply,
                side = side(lang, p.side),
                played = p.played.to_string(),
                kind = p.judgement().map_or("inaccuracy", judgement_key),
                forced = if forced { "yes" } else { "no" },
                loss = format!("{:.1}", p.loss),
                best = p.best.to_string(),
                before = score(lang, p.before),
                after = score(lang, p.after),
            ));
        }
    }
    for s in Side::ALL {
        let (loss, n) = review.total_loss(s);
        if n > 0 {
            let tally: Vec<String> = review
                .tally(s)
                .into_iter()
                .map(|(j, k)| tr!(lang, "judgement", kind = judgement_key(j), count = k))
                .collect();
            lines.push(tr!(
                lang,
                "review-table-side-total",
                side = side(lang, s),
                moves = n,
                tally = tally.join(&tr!(lang, "list-separator")),
                loss = format!("{loss:.1}")
            ));
        }
    }
    lines.join("\n") + "\n"
}
