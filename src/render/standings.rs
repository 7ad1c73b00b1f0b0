//! A tournament's standings as a picture (PNG) and as text for screen
//! readers: rank, player, points and tie-breaks, and for a round robin the
//! cross-table. Drawn like the board (its font, colours and palette), at
//! least [`MIN_WIDTH`] pixels wide with large type, so it reads on a phone.
//!
//! Every word comes from the caller ([`Labels`], the title): only numbers
//! and the cross-table's result marks are drawn from here.

use super::board::{self, fit};
use super::canvas::{cap_height, has_glyph, Align, Canvas};
use super::shape::isolated;
use super::theme::COLORS;
use super::Palette;

/// Narrowest picture; a cross-table of many players makes it wider.
pub const MIN_WIDTH: u32 = 1000;

/// Column headings and other words of the picture, chosen by the caller
/// (short: "#", "Player", "Pts", "BH-1", "SB", "DE", "W").
#[derive(Debug, Clone, Copy)]
pub struct Labels<'a> {
    /// Rank.
    pub rank: &'a str,
    /// Player.
    pub player: &'a str,
    /// Points.
    pub points: &'a str,
    /// Buchholz cut-1.
    pub buchholz: &'a str,
    /// Sonneborn-Berger.
    pub sonneborn: &'a str,
    /// Direct encounter.
    pub direct: &'a str,
    /// Wins.
    pub wins: &'a str,
    /// Put after a withdrawn player's name (e.g. "(withdrew)").
    pub withdrawn: &'a str,
}

/// One player's line.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    /// Place (shared on full ties).
    pub rank: u32,
    /// Display name.
    pub name: &'a str,
    /// Points, in half-points.
    pub halves: u32,
    /// Buchholz cut-1, in half-points.
    pub buchholz: u32,
    /// Sonneborn-Berger, in quarter-points.
    pub sonneborn: u32,
    /// Direct encounter points (half-points), when it applied.
    pub direct: Option<u32>,
    /// Games won.
    pub wins: u32,
    /// Left the tournament.
    pub withdrawn: bool,
}

/// One game of a cross-table cell, from the row player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Won over the board: "1".
    Win,
    /// Drawn: "½".
    Draw,
    /// Lost over the board: "0".
    Loss,
    /// Won by forfeit: "+".
    ForfeitWin,
    /// Lost by forfeit: "−".
    ForfeitLoss,
    /// Not played yet: "·".
    Pending,
}

/// What to draw.
#[derive(Debug, Clone)]
pub struct StandingsView<'a> {
    /// The heading (the tournament's name and round, worded by the caller).
    pub title: &'a str,
    /// Column headings.
    pub labels: Labels<'a>,
    /// The lines, best first.
    pub rows: Vec<Row<'a>>,
    /// For a round robin: `cross[i][j]` holds the games of row `i` against
    /// row `j` (two in a double round robin; empty on the diagonal).
    pub cross: Option<Vec<Vec<Vec<Mark>>>>,
}

impl Mark {
    fn text(self) -> &'static str {
        match self {
            Mark::Win => "1",
            Mark::Draw if has_glyph('½') => "½",
            Mark::Draw => "=",
            Mark::Loss => "0",
            Mark::ForfeitWin => "+",
            Mark::ForfeitLoss if has_glyph('−') => "−",
            Mark::ForfeitLoss => "-",
            Mark::Pending if has_glyph('·') => "·",
            Mark::Pending => ".",
        }
    }
}

/// Half-points as a number: "3½" in pictures (`glyph`), "3.5" in text.
fn halves_text(h: u32, glyph: bool) -> String {
    match (h / 2, h % 2, glyph && has_glyph('½')) {
        (0, 1, true) => "½".into(),
        (w, 1, true) => format!("{w}½"),
        (w, 1, false) => format!("{w}.5"),
        (w, _, _) => w.to_string(),
    }
}

/// Quarter-points as a decimal: "8.25".
fn quarters_text(q: u32) -> String {
    match q % 4 {
        0 => (q / 4).to_string(),
        2 => format!("{}.5", q / 4),
        r => format!("{}.{}", q / 4, r * 25),
    }
}

/// A name as drawn (see [`board::drawable`]), "?" when it is blank.
fn drawable(name: &str) -> String {
    let clean = board::drawable(name);
    if clean.is_empty() {
        "?".into()
    } else {
        clean
    }
}

/// Geometry of the table (the script tests find rows and names by it).
pub(crate) const MARGIN: f32 = 32.0;
pub(crate) const TITLE_H: f32 = 72.0;
pub(crate) const HEAD_H: f32 = 44.0;
pub(crate) const ROW_H: f32 = 46.0;
pub(crate) const TEXT_PX: f32 = 26.0;
const HEAD_PX: f32 = 20.0;
pub(crate) const RANK_W: f32 = 56.0;
const NAME_W: f32 = 300.0;
const NUM_W: f32 = 84.0;
const CELL_W: f32 = 46.0;

/// The columns after the name: heading and each row's value (direct
/// encounter only when it separated someone).
fn numbers<'a>(view: &'a StandingsView<'a>) -> Vec<(&'a str, Vec<String>)> {
    let l = view.labels;
    let rows = &view.rows;
    let mut columns: Vec<(&str, Vec<String>)> = vec![
        (
            l.points,
            rows.iter().map(|r| halves_text(r.halves, true)).collect(),
        ),
        (
            l.buchholz,
            rows.iter().map(|r| halves_text(r.buchholz, true)).collect(),
        ),
        (
            l.sonneborn,
            rows.iter().map(|r| quarters_text(r.sonneborn)).collect(),
        ),
        (
            l.direct,
            rows.iter()
                .map(|r| r.direct.map_or(String::new(), |d| halves_text(d, true)))
                .collect(),
        ),
        (l.wins, rows.iter().map(|r| r.wins.to_string()).collect()),
    ];
    columns.retain(|(_, values)| values.iter().any(|v| !v.is_empty()));
    columns
}

/// The picture's size in pixels.
pub fn standings_size(view: &StandingsView) -> (u32, u32) {
    let (w, h, _) = layout(view);
    (w, h)
}

/// Width, height and the name column's width: a narrow table gives its
/// spare width to the names.
fn layout(view: &StandingsView) -> (u32, u32, f32) {
    let cells = view.cross.as_ref().map_or(0, |_| view.rows.len());
    let cell_w = view.cross.as_ref().map_or(0.0, |c| cell_width(c));
    let rest = 2.0 * MARGIN + RANK_W + cells as f32 * cell_w + numbers(view).len() as f32 * NUM_W;
    let name_w = NAME_W.max(MIN_WIDTH as f32 - rest);
    let h = 2.0 * MARGIN + TITLE_H + HEAD_H + view.rows.len() as f32 * ROW_H;
    ((rest + name_w).ceil() as u32, h.ceil() as u32, name_w)
}

/// A cell wide enough for its games (two in a double round robin).
fn cell_width(cross: &[Vec<Vec<Mark>>]) -> f32 {
    let most = cross.iter().flatten().map(Vec::len).max().unwrap_or(1).max(1);
    CELL_W + (most as f32 - 1.0) * 22.0
}

/// The standings as a PNG (8-bit indexed, the board's palette).
pub fn render_standings_png(view: &StandingsView) -> Vec<u8> {
    let (w, h, name_w) = layout(view);
    let cv = draw(view, w, h, name_w);
    let idx = super::encode::indices(&cv, Palette::Standard);
    // Encoding a buffer of the right size into memory cannot fail.
    // Not a board: the general zlib stream, not the one made for board pictures.
    super::encode::png(&idx, w, h, Palette::Standard, super::encode::Deflate::Level1)
        .expect("in-memory PNG encoding")
}

fn draw(view: &StandingsView, w: u32, h: u32, name_w: f32) -> Canvas {
    let c = &COLORS;
    let mut cv = Canvas::new(w, h, c.bg);
    let baseline = |top: f32, row_h: f32, px: f32| top + row_h / 2.0 + cap_height(px) / 2.0;
    let title = fit(&drawable(view.title), 34.0, w as f32 - 2.0 * MARGIN);
    cv.text(
        &title,
        34.0,
        MARGIN,
        baseline(MARGIN, TITLE_H, 34.0),
        Align::Left,
        c.text,
    );
    let head_top = MARGIN + TITLE_H;
    let mut x = MARGIN;
    let columns = numbers(view);
    let cell_w = view.cross.as_ref().map_or(0.0, |cr| cell_width(cr));
    // Headings.
    let hy = baseline(head_top, HEAD_H, HEAD_PX);
    cv.text(
        &fit(view.labels.rank, HEAD_PX, RANK_W - 6.0),
        HEAD_PX,
        x + RANK_W / 2.0,
        hy,
        Align::Center,
        c.label,
    );
    x += RANK_W;
    cv.text(
        &fit(view.labels.player, HEAD_PX, name_w - 12.0),
        HEAD_PX,
        x,
        hy,
        Align::Left,
        c.label,
    );
    x += name_w;
    if view.cross.is_some() {
        for i in 0..view.rows.len() {
            cv.text(
                &(i + 1).to_string(),
                HEAD_PX,
                x + cell_w / 2.0,
                hy,
                Align::Center,
                c.label,
            );
            x += cell_w;
        }
    }
    for (head, _) in &columns {
        cv.text(
            &fit(head, HEAD_PX, NUM_W - 8.0),
            HEAD_PX,
            x + NUM_W / 2.0,
            hy,
            Align::Center,
            c.label,
        );
        x += NUM_W;
    }
    cv.fill_rect(
        MARGIN,
        head_top + HEAD_H - 2.0,
        w as f32 - 2.0 * MARGIN,
        2.0,
        c.dim,
    );
    // Lines.
    for (i, row) in view.rows.iter().enumerate() {
        let top = head_top + HEAD_H + i as f32 * ROW_H;
        if i % 2 == 1 {
            cv.fill_rect(MARGIN, top, w as f32 - 2.0 * MARGIN, ROW_H, c.pit[1]);
        }
        let y = baseline(top, ROW_H, TEXT_PX);
        let mut x = MARGIN;
        let first = row.rank == 1;
        let ink = if first { c.accent[0] } else { c.text };
        cv.text(
            &row.rank.to_string(),
            TEXT_PX,
            x + RANK_W / 2.0,
            y,
            Align::Center,
            ink,
        );
        x += RANK_W;
        let name = match row.withdrawn {
            true => format!("{} {}", isolated(&drawable(row.name)), view.labels.withdrawn),
            false => drawable(row.name),
        };
        let name_ink = if row.withdrawn { c.dim } else { ink };
        cv.text(
            &fit(&name, TEXT_PX, name_w - 12.0),
            TEXT_PX,
            x,
            y,
            Align::Left,
            name_ink,
        );
        x += name_w;
        if let Some(cross) = &view.cross {
            for (j, games) in cross.get(i).into_iter().flatten().enumerate() {
                if i == j {
                    cv.fill_rect(x + 4.0, top + 6.0, cell_w - 8.0, ROW_H - 12.0, c.panel[1]);
                } else {
                    let marks: Vec<&str> = games.iter().map(|m| m.text()).collect();
                    cv.text(
                        &marks.join(" "),
                        TEXT_PX,
                        x + cell_w / 2.0,
                        y,
                        Align::Center,
                        c.text,
                    );
                }
                x += cell_w;
            }
        }
        for (k, (_, values)) in columns.iter().enumerate() {
            let ink = if k == 0 { c.accent[0] } else { c.text };
            cv.text(&values[i], TEXT_PX, x + NUM_W / 2.0, y, Align::Center, ink);
            x += NUM_W;
        }
    }
    cv
}

/// The standings as plain text for screen readers (alt text, `text`
/// mode): one line per player, headed by the title; a round robin's line
/// lists the results against each other player by rank.
pub fn standings_text(view: &StandingsView) -> String {
    let l = view.labels;
    let mut out = String::from(view.title);
    for (i, r) in view.rows.iter().enumerate() {
        out.push('\n');
        out.push_str(&format!("{}. {}", r.rank, r.name));
        if r.withdrawn {
            out.push_str(&format!(" {}", l.withdrawn));
        }
        out.push_str(&format!(
            ": {} {}, {} {}, {} {}",
            l.points,
            halves_text(r.halves, false),
            l.buchholz,
            halves_text(r.buchholz, false),
            l.sonneborn,
            quarters_text(r.sonneborn)
        ));
        if let Some(d) = r.direct {
            out.push_str(&format!(", {} {}", l.direct, halves_text(d, false)));
        }
        out.push_str(&format!(", {} {}", l.wins, r.wins));
        if let Some(row) = view.cross.as_ref().and_then(|c| c.get(i)) {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(j, games)| {
                    let marks: Vec<&str> = games.iter().map(|m| m.text_plain()).collect();
                    format!("{} {}", j + 1, marks.join(" "))
                })
                .collect();
            out.push_str(&format!(" ({})", cells.join(", ")));
        }
    }
    out
}

impl Mark {
    /// The mark in plain characters a screen reader pronounces.
    fn text_plain(self) -> &'static str {
        match self {
            Mark::Win => "1",
            Mark::Draw => "0.5",
            Mark::Loss => "0",
            Mark::ForfeitWin => "+",
            Mark::ForfeitLoss => "-",
            Mark::Pending => "?",
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// English headings for the tests (the bot's come from its words).
    pub(crate) const LABELS: Labels<'static> = Labels {
        rank: "#",
        player: "Player",
        points: "Pts",
        buchholz: "BH-1",
        sonneborn: "SB",
        direct: "DE",
        wins: "W",
        withdrawn: "(withdrew)",
    };

    fn view() -> StandingsView<'static> {
        let row = |rank, name, halves, withdrawn| Row {
            rank,
            name,
            halves,
            buchholz: 3,
            sonneborn: 9,
            direct: None,
            wins: halves / 2,
            withdrawn,
        };
        use Mark::*;
        StandingsView {
            title: "Tournament #1 · final standings",
            labels: LABELS,
            rows: vec![
                row(1, "Ann", 5, false),
                row(2, "Bo", 3, false),
                row(3, "Cy", 0, true),
            ],
            cross: Some(vec![
                vec![vec![], vec![Win, Draw], vec![ForfeitWin, Pending]],
                vec![vec![Loss, Draw], vec![], vec![ForfeitWin, Pending]],
                vec![vec![ForfeitLoss, Pending], vec![ForfeitLoss, Pending], vec![]],
            ]),
        }
    }

    #[test]
    fn numbers_read_as_points() {
        assert_eq!(halves_text(5, false), "2.5");
        assert_eq!(halves_text(1, true), "½");
        assert_eq!(halves_text(4, true), "2");
        assert_eq!(quarters_text(9), "2.25");
        assert_eq!(quarters_text(10), "2.5");
        assert_eq!(quarters_text(11), "2.75");
    }

    #[test]
    fn text_form_names_every_column_and_result() {
        let text = standings_text(&view());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[1],
            "1. Ann: Pts 2.5, BH-1 1.5, SB 2.25, W 2 (2 1 0.5, 3 + ?)"
        );
        assert!(lines[3].starts_with("3. Cy (withdrew): Pts 0"));
    }

    #[test]
    fn the_picture_is_a_png_of_its_size() {
        let v = view();
        let (w, h) = standings_size(&v);
        assert!(w >= MIN_WIDTH && h > 200);
        let png = render_standings_png(&v);
        let img = image::load_from_memory(&png).expect("a PNG");
        assert_eq!((img.width(), img.height()), (w, h));
        if let Ok(dir) = std::env::var("ISOLO_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join("standings.png"), &png).expect("write");
        }
    }
}
