//! The analysis a game's page shows: the review's evaluation of every ply
//! (`GET /api/g/<channel>/<game>/analysis`) and variations tried from any
//! ply (`POST /api/g/<channel>/<game>/variation`), each with the engine's
//! best line. The table decides when the engine may help
//! ([`crate::table::may_analyse`]) and plays every variation move; the
//! page draws what it is sent. Searches are CPU: each waits for a place in
//! the work pool and is bounded in nodes, and every request is counted
//! against its address and member.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};

use super::game::{board, names, ply_state, Board, PlyState};
use super::guard;
use super::state::{ask, refusal, refused_change, watched, GamePath, Web};
use crate::ai::{PlyReview, Review, Score};
use crate::engine::Side;
use crate::table::{Line, Variation, Watched};
use crate::tr;
use crate::words::narrate::{judgement_key, review_tallies, score};
use crate::words::Lang;

/// An evaluation as the page shows it: from South's side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Eval {
    /// Seeds South is ahead (negative: North); a forced result is ±64.
    pub seeds: f64,
    /// Worded: `+3.5`, or who wins by force and in how many plies.
    pub text: String,
}

/// One ply of the graph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// The ply (1-based).
    pub ply: usize,
    /// Who moved.
    pub side: Side,
    /// The move played.
    pub played: String,
    /// The move the engine preferred.
    pub best: String,
    /// The position after the move.
    pub eval: Eval,
    /// Seeds the move gave away.
    pub loss: f64,
    /// The review's mark: `inaccuracy`, `mistake` or `blunder`.
    pub judgement: Option<&'static str>,
    /// The point in a sentence (its name for a screen reader).
    pub label: String,
}

/// The analysis of a game so far.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// The plies reviewed.
    pub plies: usize,
    /// The starting position's value.
    pub start: Eval,
    /// Every ply.
    pub points: Vec<Point>,
    /// The review's turning points (the moves that gave the most away), as plies.
    pub turning: Vec<usize>,
    /// Each player's moves and marks, a line each.
    pub tallies: Vec<String>,
    /// The analysis's words, by message id.
    pub words: std::collections::BTreeMap<&'static str, String>,
}

/// The engine's line as the page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LineState {
    /// The moves, best first.
    pub moves: Vec<String>,
    /// The value of the position it starts from, if the game goes on.
    pub eval: Option<Eval>,
    /// The line in a sentence.
    pub text: String,
}

/// A variation played by the server, as the page draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariationState {
    /// The game's ply it starts from.
    pub ply: usize,
    /// The moves played in it.
    pub moves: Vec<String>,
    /// The position it starts from.
    pub start: Board,
    /// Each move's report and the position after it.
    pub plies: Vec<PlyState>,
    /// The pits the side to move may play at its end.
    pub legal: Vec<String>,
    /// The side to move at its end, unless the game ended in it.
    pub to_move: Option<Side>,
    /// The engine's best line from its end: its first move is the answer.
    pub line: LineState,
}

/// The words the analysis labels itself with, sent with it.
const WORDS: [&str; 12] = [
    "web-analysis",
    "web-analysis-move",
    "web-analysis-player",
    "web-analysis-played",
    "web-analysis-best",
    "web-analysis-eval",
    "web-analysis-mark",
    "web-analysis-try",
    "web-analysis-answer",
    "web-analysis-leave",
    "web-analysis-in-variation",
    "web-analysis-thinking",
];

/// `s`, a value for `side`, from South's side and worded.
fn eval(lang: Lang, names: &[String; 2], side: Side, s: Score) -> Eval {
    let south = if side == Side::South { s } else { s.flip() };
    let text = match south.forced_in() {
        Some(n) => {
            let winner = if n >= 0 { 0 } else { 1 };
            tr!(
                lang,
                "web-analysis-forced",
                player = names[winner].as_str(),
                plies = n.abs()
            )
        }
        None => score(lang, south),
    };
    Eval {
        seeds: south.seeds(),
        text,
    }
}

fn point(lang: Lang, names: &[String; 2], p: &PlyReview) -> Point {
    let eval = eval(lang, names, p.side, p.after);
    let judgement = p.judgement().map(judgement_key);
    let player = names[p.side.index()].as_str();
    let label = match judgement {
        Some(kind) => tr!(
            lang,
            "web-analysis-point-marked",
            ply = p.ply,
            player = player,
            played = p.played.to_string(),
            kind = kind,
            best = p.best.to_string(),
            eval = eval.text.as_str()
        ),
        None => tr!(
            lang,
            "web-analysis-point",
            ply = p.ply,
            player = player,
            played = p.played.to_string(),
            eval = eval.text.as_str()
        ),
    };
    Point {
        ply: p.ply,
        side: p.side,
        played: p.played.to_string(),
        best: p.best.to_string(),
        eval,
        loss: p.loss,
        judgement,
        label,
    }
}

/// What the page is sent of `review`, the review of `w`.
pub fn analysis(lang: Lang, w: &Watched, review: &Review) -> Analysis {
    let names = names(lang, w);
    let first = w.game.start().to_move();
    let start = match review.plies.first() {
        Some(p) => eval(lang, &names, p.side, p.before),
        None => eval(lang, &names, first, Score(0)),
    };
    let mut words: std::collections::BTreeMap<&'static str, String> =
        WORDS.iter().map(|&k| (k, tr!(lang, k))).collect();
    words.insert(
        "web-analysis-graph",
        tr!(
            lang,
            "web-analysis-graph",
            south = names[0].as_str(),
            north = names[1].as_str()
        ),
    );
    words.insert(
        "web-analysis-start",
        tr!(lang, "web-analysis-start", eval = start.text.as_str()),
    );
    Analysis {
        plies: review.plies.len(),
        start,
        points: review.plies.iter().map(|p| point(lang, &names, p)).collect(),
        turning: review
            .turning_points
            .iter()
            .map(|&i| review.plies[i].ply)
            .collect(),
        tallies: review_tallies(lang, review, |s| names[s.index()].clone()),
        words,
    }
}

fn line(lang: Lang, names: &[String; 2], to_move: Side, line: &Line) -> LineState {
    let moves: Vec<String> = line.moves.iter().map(|m| m.to_string()).collect();
    let eval = line.score.map(|s| eval(lang, names, to_move, s));
    let text = match &eval {
        Some(e) => tr!(
            lang,
            "web-analysis-line",
            line = moves.join(" "),
            eval = e.text.as_str()
        ),
        None => tr!(lang, "web-analysis-line-over"),
    };
    LineState { moves, eval, text }
}

/// What the page is sent of `v`, a variation of `w`.
pub fn variation(lang: Lang, w: &Watched, v: &Variation) -> VariationState {
    let names = names(lang, w);
    VariationState {
        ply: v.ply,
        moves: v.moves.iter().map(|(r, _)| r.mv.to_string()).collect(),
        start: board(&v.start),
        plies: v
            .moves
            .iter()
            .map(|(report, after)| ply_state(lang, &names, report.clone(), after))
            .collect(),
        legal: v.legal().iter().map(|m| m.to_string()).collect(),
        to_move: v.game.to_move(),
        line: line(lang, &names, v.game.position().to_move(), &v.line),
    }
}

/// A variation asked for: the game's ply it starts from and its moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VariationRequest {
    ply: usize,
    #[serde(default)]
    moves: Vec<String>,
}

/// Counts a signed-in viewer's request against their member's allowance
/// (the address's was counted in front of every request).
async fn counted(web: &Web, headers: &HeaderMap, lang: Lang) -> Result<(), Response> {
    match web.viewer(headers).await {
        Some(who) => web.limits.member(who.user).map_err(|r| r.answer(lang)),
        None => Ok(()),
    }
}

/// Runs a search for `w` in the work pool, off the async threads.
async fn search<T: Send + 'static>(
    web: &Web,
    lang: Lang,
    op: impl FnOnce(&crate::table::Table) -> Result<T, crate::table::TableError> + Send + 'static,
) -> Result<T, Response> {
    let _work = web.limits.work().await.map_err(|r| r.answer(lang))?;
    ask(&web.table, op).await.map_err(|e| refusal(lang, &e))
}

/// `GET /api/g/<channel>/<game>/analysis`: the review's figures, to whoever
/// may watch the game, once the engine may help on it.
pub(crate) async fn get_analysis(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
) -> Response {
    let (w, lang, _) = match watched(&web, &path, client, &headers).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    if let Err(r) = counted(&web, &headers, lang).await {
        return r;
    }
    let shared = w.clone();
    match search(&web, lang, move |t| t.analysis(&shared)).await {
        Ok(review) => Json(analysis(lang, &w, &review)).into_response(),
        Err(r) => r,
    }
}

/// `POST /api/g/<channel>/<game>/variation` with `{"ply": N, "moves":
/// ["b2", ...]}`: the variation played from ply N by the server, and the
/// engine's answer. Nothing is stored; the game is not touched.
pub(crate) async fn post_variation(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    // Only this site's page asks: another's cannot spend the server's CPU
    // through its visitors' browsers.
    if let Some(r) = refused_change(&web, &headers) {
        return r;
    }
    let request: VariationRequest = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            return guard::error(
                StatusCode::BAD_REQUEST,
                &format!("a variation is {{\"ply\":N,\"moves\":[\"b2\",...]}}: {e}"),
            )
        }
    };
    let (w, lang, _) = match watched(&web, &path, client, &headers).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    if let Err(r) = counted(&web, &headers, lang).await {
        return r;
    }
    let shared = w.clone();
    let tried = search(&web, lang, move |t| {
        t.variation(&shared, request.ply, &request.moves)
    })
    .await;
    match tried {
        Ok(v) => Json(variation(lang, &w, &v)).into_response(),
        Err(r) => r,
    }
}
