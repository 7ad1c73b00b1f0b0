//! Players' pages and the explorer: `/p/<member>` (the shell, then
//! `/api/p/<member>`: each server's rating history, recent games and
//! results by variant, only what the viewer may watch), and
//! `/api/g/<channel>/<game>/explorer?ply=N` (the moves played at the game's
//! position in its server's finished games, under the game's own
//! [`crate::table::may_watch`]). The table keeps both; this words them.

use std::collections::{BTreeMap, HashMap};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};

use super::client::escape;
use super::state::{ask, game_url, refusal, watched, GamePath, Web};
use super::{guard, outbound};
use crate::engine::{Outcome, Position, Side, Termination, Variant};
use crate::table::{Profile, Seat, Sight, PRIVATE_GUILD};
use crate::tr;
use crate::words::Lang;

/// The player page's shell.
const SHELL: &str = include_str!("../../web/player.html");

/// Most places whose sight one page asks Discord about; the rest count as
/// hidden (a page never opens on a guess).
const SIGHTS_ASKED: usize = 48;

/// The player page's fixed words.
const PLAYER_WORDS: [&str; 10] = [
    "web-player-rating",
    "web-player-history",
    "web-player-games",
    "web-player-by-variant",
    "web-player-none",
    "web-player-deviation",
    "web-player-private",
    "web-player-rated",
    "web-player-casual",
    "web-player-no-rating",
];

/// The explorer's fixed words.
const EXPLORER_WORDS: [&str; 6] = [
    "web-explorer",
    "web-explorer-move",
    "web-explorer-games",
    "web-explorer-score",
    "web-explorer-none",
    "web-explorer-private",
];

fn labels(lang: Lang, keys: &[&'static str]) -> BTreeMap<&'static str, String> {
    keys.iter().map(|&k| (k, tr!(lang, k))).collect()
}

/// A member's id from the path.
fn member_id(text: &str) -> Option<u64> {
    text.parse::<u64>().ok().filter(|&id| id > 0)
}

/// The answer to an address that names no member.
fn bad_address(lang: Lang) -> Response {
    guard::error(StatusCode::BAD_REQUEST, &tr!(lang, "web-player-bad-address"))
}

fn unknown(lang: Lang) -> Response {
    guard::error(StatusCode::NOT_FOUND, &tr!(lang, "web-player-unknown"))
}

/// `GET /p/<member>`: the shell, 404 for a member nothing is kept about
/// (unknown, or forgotten).
pub(crate) async fn page(State(web): State<Web>, Path(member): Path<String>, headers: HeaderMap) -> Response {
    let lang = guard::language(&headers);
    let Some(member) = member_id(&member) else {
        return bad_address(lang);
    };
    match ask(&web.table, move |t| t.profile(member)).await {
        Ok(Some(_)) => {}
        Ok(None) => return unknown(lang),
        Err(e) => return refusal(lang, &e),
    }
    let words = serde_json::to_string(&labels(lang, &PLAYER_WORDS))
        .expect("words serialize")
        .replace('<', "\\u003c");
    Html(
        SHELL
            .replace("{{lang}}", &escape(lang.tag()))
            .replace("{{title}}", &escape(&tr!(lang, "web-player-title")))
            .replace("{{member}}", &member.to_string())
            .replace("{{words}}", &words),
    )
    .into_response()
}

/// A point of a rating chart.
#[derive(Debug, Serialize)]
struct Point {
    at_ms: u64,
    rating: f64,
    deviation: Option<f64>,
    game: String,
}

/// A server's chart.
#[derive(Debug, Serialize)]
struct History {
    server: String,
    alt: String,
    rating: String,
    points: Vec<Point>,
}

/// A game in the list.
#[derive(Debug, Serialize)]
struct GameLine {
    id: String,
    link: Option<String>,
    variant: String,
    opponent: String,
    /// "vs <opponent>", worded.
    versus: String,
    /// `win`, `draw`, `loss` or `none`, for the member.
    result: &'static str,
    result_text: String,
    /// Whether it changed ratings.
    rated: bool,
    finished_ms: u64,
}

/// Results in one variant.
#[derive(Debug, Serialize)]
struct VariantLine {
    variant: String,
    wins: u32,
    draws: u32,
    losses: u32,
    text: String,
}

/// What `/api/p/<member>` answers.
#[derive(Debug, Serialize)]
struct PlayerState {
    member: String,
    name: String,
    histories: Vec<History>,
    games: Vec<GameLine>,
    by_variant: Vec<VariantLine>,
    games_text: String,
}

/// The member's result of a game: `win`, `draw`, `loss` or `none`.
fn result_of(f: &crate::table::FinishedGame, side: Side) -> &'static str {
    match (f.result.termination, f.result.outcome) {
        (Termination::Aborted | Termination::Abandoned, _) => "none",
        (_, Outcome::Draw) => "draw",
        (_, Outcome::Win(s)) if s == side => "win",
        _ => "loss",
    }
}

/// The message that words a result of [`result_of`].
fn result_word(result: &str) -> &'static str {
    match result {
        "win" => "web-player-won",
        "draw" => "web-player-drew",
        "loss" => "web-player-lost",
        _ => "web-player-aborted",
    }
}

fn seat_name(lang: Lang, seat: &Seat) -> String {
    match seat {
        Seat::Former => tr!(lang, "former-member"),
        other => other.name(),
    }
}

/// `GET /api/p/<member>`: the member's page for the viewer, each point
/// and game only if the viewer may watch its game.
pub(crate) async fn state(
    State(web): State<Web>,
    Path(member): Path<String>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
) -> Response {
    let lang = guard::language(&headers);
    let Some(member) = member_id(&member) else {
        return bad_address(lang);
    };
    let who = web.viewer(&headers).await.map(|s| s.user);
    let sealed = {
        let Ok(_work) = web.limits.work().await else {
            return guard::Refused::Busy.answer(lang);
        };
        match ask(&web.table, move |t| t.profile(member)).await {
            Ok(Some(s)) => s,
            Ok(None) => return unknown(lang),
            Err(e) => return refusal(lang, &e),
        }
    };
    let caller = outbound::Caller {
        address: Some(client.0),
        member: who,
    };
    let mut sights = HashMap::new();
    for (guild, place) in sealed.places(who).into_iter().take(SIGHTS_ASKED) {
        sights.insert((guild, place), web.sight(caller, guild, place, who).await);
    }
    let profile = sealed.open(who, |g, c| sights.get(&(g, c)).copied().unwrap_or(Sight::Hidden));
    let mut servers = HashMap::new();
    for h in &profile.histories {
        let name = match h.guild {
            PRIVATE_GUILD => tr!(lang, "web-player-private"),
            g => match web.guild_name(caller, g).await {
                Some(n) => n,
                None => tr!(lang, "web-player-server", id = g.to_string()),
            },
        };
        servers.insert(h.guild, name);
    }
    let links = {
        let ids: Vec<(u64, u64)> = profile
            .games
            .iter()
            .map(|g| (g.game.channel, g.game.id))
            .collect();
        ask(&web.table, move |t| {
            ids.into_iter()
                .map(|(c, id)| t.link_key(c, id).map(|k| game_url("", c, id, &k)))
                .collect::<Result<Vec<_>, _>>()
        })
        .await
    };
    match links {
        Ok(links) => Json(player_state(lang, &profile, &servers, links)).into_response(),
        Err(e) => refusal(lang, &e),
    }
}

/// The page's data, worded in `lang`.
fn player_state(lang: Lang, p: &Profile, servers: &HashMap<u64, String>, links: Vec<String>) -> PlayerState {
    let histories = p
        .histories
        .iter()
        .map(|h| History {
            server: servers.get(&h.guild).cloned().unwrap_or_default(),
            alt: tr!(
                lang,
                "web-player-chart-alt",
                server = servers.get(&h.guild).cloned().unwrap_or_default(),
                count = h.points.len(),
                rating = h
                    .points
                    .last()
                    .map(|pt| format!("{:.0}", pt.rating))
                    .unwrap_or_default()
            ),
            rating: h
                .points
                .last()
                .map(|pt| format!("{:.0}", pt.rating))
                .unwrap_or_default(),
            points: h
                .points
                .iter()
                .map(|pt| Point {
                    at_ms: pt.at_ms,
                    rating: (pt.rating * 10.0).round() / 10.0,
                    deviation: pt.deviation.map(|d| (d * 10.0).round() / 10.0),
                    game: pt.game.to_string(),
                })
                .collect(),
        })
        .collect();
    let mut tallies: BTreeMap<&'static str, (Variant, [u32; 3])> = BTreeMap::new();
    let games: Vec<GameLine> = p
        .games
        .iter()
        .zip(links)
        .map(|(g, link)| {
            let f = &g.game;
            let result = result_of(f, g.side);
            let v = f.record.rules.variant;
            let (_, t) = tallies.entry(v.name()).or_insert((v, [0; 3]));
            match result {
                "win" => t[0] += 1,
                "draw" => t[1] += 1,
                "loss" => t[2] += 1,
                _ => {}
            }
            let opponent = seat_name(lang, &f.players[g.side.opponent().index()]);
            GameLine {
                id: f.id.to_string(),
                link: Some(link),
                variant: crate::words::narrate::variant_short(lang, f.record.rules.variant),
                result_text: tr!(lang, result_word(result)),
                versus: tr!(lang, "web-player-versus", opponent = opponent.as_str()),
                opponent,
                result,
                rated: !f.rating_changes.is_empty(),
                finished_ms: f.finished_ms,
            }
        })
        .collect();
    let by_variant = tallies
        .into_iter()
        .map(|(_, (v, [wins, draws, losses]))| VariantLine {
            variant: crate::words::narrate::variant_short(lang, v),
            text: tr!(
                lang,
                "web-player-tally",
                wins = wins,
                draws = draws,
                losses = losses
            ),
            wins,
            draws,
            losses,
        })
        .collect();
    PlayerState {
        member: p.member.to_string(),
        name: p.name.clone(),
        histories,
        games_text: tr!(lang, "web-player-count", count = games.len()),
        games,
        by_variant,
    }
}

/// `?ply=N`: the position after N plies (default: the last).
#[derive(Debug, Deserialize)]
pub(crate) struct ExplorerQuery {
    ply: Option<usize>,
}

/// A move in the explorer.
#[derive(Debug, Serialize)]
struct ExplorerLine {
    #[serde(rename = "move")]
    mv: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    games_text: String,
}

/// What the explorer answers.
#[derive(Debug, Serialize)]
struct ExplorerState {
    ply: usize,
    /// Whether the game's place has an explorer (a private chat's has none).
    counted: bool,
    moves: Vec<ExplorerLine>,
    total_text: String,
    words: BTreeMap<&'static str, String>,
}

/// `GET /api/g/<channel>/<game>/explorer?ply=N`, for whoever may watch the game.
pub(crate) async fn explorer(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Query(query): Query<ExplorerQuery>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
) -> Response {
    let (w, lang, _) = match watched(&web, &path, client, &headers).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    let ply = query.ply.unwrap_or(w.moves.len());
    if ply > w.moves.len() {
        return guard::error(
            StatusCode::BAD_REQUEST,
            &tr!(lang, "web-explorer-bad-ply", plies = w.moves.len()),
        );
    }
    let mut pos = Position::new(w.rules);
    for &m in &w.moves[..ply] {
        match pos.play(m) {
            Ok((after, _)) => pos = after,
            Err(_) => break,
        }
    }
    let (guild, variant) = (w.guild, w.rules.variant);
    let moves = {
        let Ok(_work) = web.limits.work().await else {
            return guard::Refused::Busy.answer(lang);
        };
        match ask(&web.table, move |t| t.explorer(guild, variant, &pos)).await {
            Ok(m) => m,
            Err(e) => return refusal(lang, &e),
        }
    };
    let total: u32 = moves.iter().map(|m| m.tally.games).sum();
    Json(ExplorerState {
        ply,
        counted: guild != PRIVATE_GUILD,
        moves: moves
            .into_iter()
            .map(|m| ExplorerLine {
                games_text: tr!(lang, "web-explorer-count", count = m.tally.games),
                mv: m.mv,
                games: m.tally.games,
                wins: m.tally.wins,
                draws: m.tally.draws,
                losses: m.tally.losses,
            })
            .collect(),
        total_text: tr!(lang, "web-explorer-count", count = total),
        words: labels(lang, &EXPLORER_WORDS),
    })
    .into_response()
}
