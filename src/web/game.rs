//! What a page is sent about a game: every position of its history with the
//! engine's report of each move (the page animates it lap by lap and
//! replays it), who plays, whose turn it is and the legal pits, the clock,
//! the result, and the board's alt text, in the viewer's language. The page
//! draws this and decides nothing.

use serde::Serialize;

use crate::engine::{Game, MoveReport, Pit, Position, Side};
use crate::render::{alt_text, render_png, BoardView};
use crate::table::{Seat, Watched};
use crate::tr;
use crate::words::Lang;

/// The pits in the order of every `seeds` array: row 1 (South's outer row)
/// a to h, then rows 2, 3 and 4.
pub const PIT_ORDER: [&str; 32] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "a3",
    "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
];

/// A position: seeds per pit in [`PIT_ORDER`], and who is in the overture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Seeds of each pit.
    pub seeds: Vec<u8>,
    /// South's and North's overture (boys' game).
    pub overture: [bool; 2],
    /// The side to move.
    pub to_move: Side,
}

/// The position as every `seeds` array gives it.
pub(crate) fn board(pos: &Position) -> Board {
    Board {
        seeds: PIT_ORDER
            .iter()
            .map(|p| p.parse::<Pit>().map_or(0, |pit| pos.seeds(pit)))
            .collect(),
        overture: [pos.in_overture(Side::South), pos.in_overture(Side::North)],
        to_move: pos.to_move(),
    }
}

/// One ply: the move's report and the position after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyState {
    /// What the move did, lap by lap.
    pub report: MoveReport,
    /// The position after it.
    pub after: Board,
    /// The move in words, for a screen reader ("Amani sowed c3: ...").
    pub said: String,
}

/// A player as the page shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    /// The name (a seat's own; the bot's; "a former member").
    pub name: String,
    /// The member's id, as text (JavaScript numbers cannot hold it), for
    /// the page to know whether the viewer plays.
    pub user: Option<String>,
    /// Whether it is the computer.
    pub bot: bool,
}

/// Everything a page is sent about a game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameState {
    /// Game number, as text.
    pub id: String,
    /// The key its link carries (`/g/<channel>/<id>-<key>`), set by the
    /// server for the viewer who opened it by that link.
    pub key: String,
    /// Its channel, as text.
    pub channel: String,
    /// Whether it is still played.
    pub live: bool,
    /// `women` or `boys`.
    pub variant: &'static str,
    /// South, then North.
    pub players: [Player; 2],
    /// The setup.
    pub start: Board,
    /// Every move, in order.
    pub plies: Vec<PlyState>,
    /// The side to move while the game is on.
    pub to_move: Option<Side>,
    /// The pits the side to move may play (what the engine allows).
    pub legal: Vec<String>,
    /// When the side to move runs out of time (unix ms).
    pub deadline_ms: Option<u64>,
    /// The server's clock when this was sent (unix ms), to count down from.
    pub now_ms: u64,
    /// The result, worded.
    pub result: Option<String>,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// The current board's text alternative.
    pub alt: String,
    /// The game record, to copy.
    pub record: String,
    /// The side asking to take back a move, if one asks.
    pub takeback: Option<Side>,
    /// Takebacks made so far (a history may shrink only when this grows).
    pub takebacks: u32,
    /// Whether the players may ask to take back a move.
    pub takeback_allowed: bool,
    /// The page's words in the viewer's language.
    pub words: Words,
}

/// What changed since ply `from`: the plies after it and everything that
/// is not history (a socket already holds the rest; one that holds fewer
/// plies reads the whole game again).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Update<'a> {
    /// Always `"update"`.
    pub kind: &'static str,
    /// The first ply sent.
    pub from: usize,
    /// The plies from `from` on.
    pub plies: &'a [PlyState],
    /// As in [`GameState`].
    pub live: bool,
    /// As in [`GameState`].
    pub to_move: Option<Side>,
    /// As in [`GameState`].
    pub legal: &'a [String],
    /// As in [`GameState`].
    pub deadline_ms: Option<u64>,
    /// As in [`GameState`].
    pub now_ms: u64,
    /// As in [`GameState`].
    pub result: Option<&'a str>,
    /// As in [`GameState`].
    pub winner: Option<Side>,
    /// As in [`GameState`].
    pub alt: &'a str,
    /// As in [`GameState`].
    pub record: &'a str,
    /// As in [`GameState`].
    pub takeback: Option<Side>,
    /// As in [`GameState`].
    pub takebacks: u32,
    /// As in [`GameState`].
    pub takeback_allowed: bool,
}

impl GameState {
    /// The update from ply `from` (clamped to the history's length).
    pub fn update(&self, from: usize) -> Update<'_> {
        let from = from.min(self.plies.len());
        Update {
            kind: "update",
            from,
            plies: &self.plies[from..],
            live: self.live,
            to_move: self.to_move,
            legal: &self.legal,
            deadline_ms: self.deadline_ms,
            now_ms: self.now_ms,
            result: self.result.as_deref(),
            winner: self.winner,
            alt: &self.alt,
            record: &self.record,
            takeback: self.takeback,
            takebacks: self.takebacks,
            takeback_allowed: self.takeback_allowed,
        }
    }
}

/// The words of the page, in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Words {
    /// The language tag, for the page's `lang`.
    pub lang: &'static str,
    /// Every label, by message id.
    pub labels: std::collections::BTreeMap<&'static str, String>,
    /// A side's seed total, worded for every total (the index).
    pub seeds: Vec<String>,
}

/// The page's fixed labels of a game (messages of `web.ftl`); the page's own
/// buttons are labelled from the shell (`client::PAGE_WORDS`).
const LABELS: [&str; 15] = [
    "web-live",
    "web-finished",
    "web-to-move",
    "web-your-move",
    "web-waiting",
    "web-replay",
    "web-copied",
    "web-reconnecting",
    "web-time-left",
    "web-takeback",
    "web-takeback-waiting",
    "web-takeback-asked",
    "web-takeback-accept",
    "web-takeback-decline",
    "web-taken-back",
];

/// The page's words in `lang`.
pub fn words(lang: Lang) -> Words {
    Words {
        lang: lang.tag(),
        labels: LABELS.iter().map(|&k| (k, tr!(lang, k))).collect(),
        seeds: crate::words::page::seed_counts(lang),
    }
}

fn player(lang: Lang, seat: &Seat) -> Player {
    Player {
        name: match seat {
            Seat::Human { name, .. } => name.clone(),
            Seat::Bot { .. } => seat.name(),
            Seat::Former => tr!(lang, "former-member"),
        },
        user: seat.user().map(|u| u.to_string()),
        bot: matches!(seat, Seat::Bot { .. }),
    }
}

/// One ply as the page is sent it: `report`, the position `after` it, and
/// the move in words with the players' `names`.
pub(crate) fn ply_state(lang: Lang, names: &[String; 2], report: MoveReport, after: &Position) -> PlyState {
    PlyState {
        said: crate::words::narrate::describe_report(lang, names[report.side.index()].clone(), &report),
        report,
        after: board(after),
    }
}

/// The history of `game`: every ply's report, the position after it and
/// the move in words, in `lang` with the players' `names`.
fn plies(game: &Game, start: &Position, lang: Lang, names: &[String; 2]) -> Vec<PlyState> {
    let mut pos = *start;
    game.moves()
        .iter()
        .filter_map(|&m| {
            let (after, report) = pos.play(m).ok()?;
            pos = after;
            Some(ply_state(lang, names, report, &after))
        })
        .collect()
}

/// The players' names as the page shows them, South then North.
pub(crate) fn names(lang: Lang, w: &Watched) -> [String; 2] {
    [player(lang, &w.players[0]).name, player(lang, &w.players[1]).name]
}

/// What a page is sent about `w`, in `lang`, at `now_ms`.
pub fn state(w: &Watched, lang: Lang, now_ms: u64) -> GameState {
    let start = Position::new(w.rules);
    let names = names(lang, w);
    let result = w.result.or(w.game.result());
    let last = crate::table::last_move(w.rules, &w.moves).map(|(_, r)| r);
    let view = view(w, &lang, &names, last.as_ref());
    let to_move = w.game.to_move().filter(|_| result.is_none());
    let mut record = crate::engine::Record::from_game(&w.game);
    record.south = Some(names[0].clone());
    record.north = Some(names[1].clone());
    if let Some(r) = result {
        record.outcome = Some(r.outcome);
        record.termination = Some(r.termination);
    }
    GameState {
        id: w.id.to_string(),
        key: String::new(),
        channel: w.channel.to_string(),
        live: w.live,
        variant: w.rules.variant.name(),
        players: [player(lang, &w.players[0]), player(lang, &w.players[1])],
        start: board(&start),
        plies: plies(&w.game, &start, lang, &names),
        to_move,
        legal: match to_move {
            Some(_) if w.live => w.game.legal_moves().iter().map(|m| m.to_string()).collect(),
            _ => Vec::new(),
        },
        deadline_ms: w.deadline_ms,
        now_ms,
        result: result
            .as_ref()
            .map(|r| crate::render::BoardWords::result(&lang, r, &names)),
        winner: result.and_then(|r| match r.outcome {
            crate::engine::Outcome::Win(s) => Some(s),
            crate::engine::Outcome::Draw => None,
        }),
        alt: alt_text(&view),
        record: record.to_string(),
        takeback: w.takeback.filter(|_| w.live),
        takebacks: w.takebacks,
        takeback_allowed: w.live && w.takeback_allowed,
        words: words(lang),
    }
}

/// The board of `w` as the bot's pictures show it.
fn view<'a>(
    w: &'a Watched,
    lang: &'a Lang,
    names: &'a [String; 2],
    last: Option<&'a MoveReport>,
) -> BoardView<'a> {
    BoardView::of_game(&w.game, lang)
        .result(w.result.or(w.game.result()))
        .last_move(last)
        .names(Some(&names[0]), Some(&names[1]))
}

/// The board picture of `w` in `lang` (a link's preview).
pub fn png(w: &Watched, lang: Lang) -> Vec<u8> {
    let names = names(lang, w);
    let last = crate::table::last_move(w.rules, &w.moves).map(|(_, r)| r);
    render_png(&view(w, &lang, &names, last.as_ref()))
}
