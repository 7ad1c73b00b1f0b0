//! Names in every script on the pictures: drawn with real ink of the width
//! the shaper gave them, right-to-left names in their order, and a stand-in
//! box where no font has a character.
//!
//! Tests that need the system's fonts (Debian's `fonts-noto-core`,
//! `fonts-noto-cjk`, `fonts-noto-color-emoji`, which `.ci/run` installs)
//! run under `cfg(isolo_fonts)`, set by `build.rs` when they are installed;
//! without them they are reported as ignored, with the reason.
//! `ISOLO_SCRIPT_PICTURES=DIR` writes every picture they draw to DIR, to look at.

use crate::engine::{GameResult, Outcome, Side, Termination};

use super::board::{BAND_H, HEIGHT, WIDTH};
use super::fonts::{self, INTER};
use super::shape::{self, Ink};
use super::standings::{
    render_standings_png, Row, StandingsView, HEAD_H, MARGIN, RANK_W, ROW_H, TEXT_PX, TITLE_H,
};
use super::theme::{Rgb, COLORS};
use super::BoardWords;
use super::{alt_text, render_png, render_rgba, BoardView, Palette, Style};
use crate::engine::{Game, Rules, Variant};
use crate::words::Lang;

/// A name in each script the issue names, with what its script is.
const NAMES: [(&str, &str); 11] = [
    ("cyrillic", "Наталья Петрова"),
    ("greek", "Αλέξανδρος"),
    ("arabic", "مريم الحسن"),
    ("hebrew", "רות כהן"),
    ("devanagari", "राम शर्मा"),
    ("chinese", "李明"),
    ("japanese", "山田さくら"),
    ("korean", "김민준"),
    ("thai", "สมชาย ใจดี"),
    ("emoji", "Zawadi 🦁🔥"),
    ("emoji sequence", "👩‍👩‍👧 Amani"),
];

/// Writes a picture when `ISOLO_SCRIPT_PICTURES` names a folder.
fn keep(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("ISOLO_SCRIPT_PICTURES") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("picture folder");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("picture written");
    }
}

/// The columns of `(y0, y1)` rows of a picture `width` pixels wide, from
/// `x0` on, where it differs from `bg`: the first and last such column of
/// the first run of ink that no gap of `gap` columns interrupts.
fn ink_in(
    rgba: &[u8],
    width: usize,
    rows: (usize, usize),
    x0: usize,
    gap: usize,
    bg: Rgb,
) -> Option<(usize, usize)> {
    let inked = |x: usize| {
        (rows.0..rows.1).any(|y| {
            let i = (y * width + x) * 4;
            (rgba[i], rgba[i + 1], rgba[i + 2]) != (bg.0, bg.1, bg.2)
        })
    };
    let first = (x0..width).find(|&x| inked(x))?;
    let mut last = first;
    let mut x = first;
    while x < width && x - last <= gap {
        if inked(x) {
            last = x;
        }
        x += 1;
    }
    Some((first, last))
}

/// [`ink_in`] on a board picture's background.
fn ink_span(rgba: &[u8], rows: (usize, usize), x0: usize, gap: usize) -> Option<(usize, usize)> {
    ink_in(rgba, WIDTH as usize, rows, x0, gap, COLORS.bg)
}

/// Whether ink `first..=last` is where a line `width` wide starts at `x` (give or take
/// the glyphs' side bearings) and covers most of it.
fn spans(first: usize, last: usize, x: usize, width: f32) -> bool {
    let drawn = (last + 1 - first) as f32;
    (x.saturating_sub(4)..=x + 4).contains(&first) && drawn >= 0.6 * width && drawn <= width + 8.0
}

/// The bottom band's rows.
fn bottom_band() -> (usize, usize) {
    ((HEIGHT as f32 - BAND_H) as usize, HEIGHT as usize)
}

/// The bottom band's pixels.
fn band(rgba: &[u8]) -> &[u8] {
    let (y0, y1) = bottom_band();
    &rgba[y0 * WIDTH as usize * 4..y1 * WIDTH as usize * 4]
}

/// A game after one move, and a style.
fn board(bottom: Side, palette: Palette) -> (Game, Style) {
    let mut game = Game::new(Rules::new(Variant::Women));
    game.play("b2".parse().expect("pit")).expect("legal");
    (game, Style { bottom, palette })
}

#[cfg_attr(
    not(isolo_fonts),
    ignore = "needs the system's Noto fonts (fonts-noto-core, -cjk, -color-emoji)"
)]
#[test]
fn names_in_every_script_are_drawn_at_their_width() {
    for (script, name) in NAMES {
        let line = shape::line(name, 28.0);
        assert!(
            line.glyphs.iter().all(|g| g.ink != Ink::Missing),
            "{script}: a stand-in in {name}"
        );
        let system = line
            .glyphs
            .iter()
            .any(|g| !matches!(g.ink, Ink::Glyph { face: INTER, .. }));
        // The bundled font draws Cyrillic and Greek; every other script comes from the system.
        assert_eq!(system, !matches!(script, "cyrillic" | "greek"), "{script}");

        for bottom in Side::ALL {
            for palette in [Palette::Standard, Palette::ColourBlindSafe] {
                let (game, style) = board(bottom, palette);
                let (south, north) = match bottom {
                    Side::South => (Some(name), Some("bob")),
                    Side::North => (Some("bob"), Some(name)),
                };
                let view = BoardView::new(game.position(), &Lang::ENGLISH)
                    .names(south, north)
                    .style(style);
                let rgba = render_rgba(&view);
                // The named player's band is the bottom one; the name starts at x = 40.
                let (first, last) = ink_span(&rgba, bottom_band(), 34, 12).expect("ink in the band");
                assert!(
                    spans(first, last, 40, line.width),
                    "{script} from {bottom:?}: ink {first}..={last} for a name {} wide",
                    line.width
                );
                let titled = render_rgba(
                    &BoardView::new(game.position(), &Lang::ENGLISH)
                        .names(
                            south.filter(|_| bottom == Side::North),
                            north.filter(|_| bottom == Side::South),
                        )
                        .style(style),
                );
                assert_ne!(band(&titled), band(&rgba), "{script}: drawn as the side's title");
                let file = format!("board-{}-{bottom:?}-{palette:?}", script.replace(' ', "-"));
                keep(&file, &render_png(&view));
            }
        }
    }
}

/// Glyph clusters (byte offsets) from left to right.
fn clusters(text: &str) -> Vec<usize> {
    shape::line(text, 28.0).glyphs.iter().map(|g| g.cluster).collect()
}

#[cfg_attr(not(isolo_fonts), ignore = "needs the system's Noto fonts (fonts-noto-core)")]
#[test]
fn right_to_left_names_are_drawn_from_the_right() {
    for word in ["مريم", "רות"] {
        let c = clusters(word);
        assert!(c.len() >= 3, "{word}: {c:?}");
        // The first letter is drawn rightmost: clusters fall from left to right.
        assert!(c.windows(2).all(|w| w[0] >= w[1]), "{word}: {c:?}");
        assert_eq!(c.last(), Some(&0), "{word}: the first letter is not at the right");
    }
    // Latin then Arabic: the Latin word reads left to right, then the Arabic from its right.
    let mixed = "Ahmed محمد";
    let c = clusters(mixed);
    assert_eq!(&c[..6], &[0, 1, 2, 3, 4, 5], "{c:?}");
    let arabic = &c[6..];
    assert!(arabic.windows(2).all(|w| w[0] >= w[1]), "{c:?}");
    assert_eq!(arabic.last(), Some(&6), "{c:?}");
    // Arabic letters join: the shaper picks joined forms, not the letters' isolated forms.
    let joined = shape::line("محمد", 28.0);
    let face = match joined.glyphs[0].ink {
        Ink::Glyph { face, .. } => face,
        Ink::Missing => panic!("Arabic has no font"),
    };
    let f = fonts::face(face).expect("the face loads");
    let isolated: Vec<u16> = "محمد"
        .chars()
        .rev()
        .map(|ch| ab_glyph::Font::glyph_id(&f.ab, ch).0)
        .collect();
    let shaped: Vec<u16> = joined
        .glyphs
        .iter()
        .filter_map(|g| match g.ink {
            Ink::Glyph { id, .. } => Some(id),
            Ink::Missing => None,
        })
        .collect();
    assert_ne!(shaped, isolated, "Arabic drawn letter by letter");
}

#[test]
fn a_name_no_font_can_draw_shows_stand_in_boxes_not_the_side() {
    // U+0378 is unassigned and U+10FFFD private: no font draws them.
    let name = "\u{378}\u{10FFFD}";
    let line = shape::line(name, 28.0);
    assert_eq!(
        line.glyphs.iter().map(|g| g.ink).collect::<Vec<_>>(),
        [Ink::Missing; 2]
    );
    let (game, style) = board(Side::South, Palette::Standard);
    let view = BoardView::new(game.position(), &Lang::ENGLISH)
        .names(Some(name), Some("bob"))
        .style(style);
    let rgba = render_rgba(&view);
    let (first, last) = ink_span(&rgba, bottom_band(), 34, 12).expect("boxes in the band");
    assert!(
        (first, last + 1 - first) == (42, line.width as usize - 4),
        "{first}..={last}"
    );
    // The boxes are solid text-coloured lines, not the title "South".
    let (y0, y1) = bottom_band();
    let text = COLORS.text;
    let box_ink = (y0..y1)
        .flat_map(|y| (first..=last).map(move |x| (y * WIDTH as usize + x) * 4))
        .filter(|&i| (rgba[i], rgba[i + 1], rgba[i + 2]) == (text.0, text.1, text.2))
        .count();
    assert!(box_ink > 40, "{box_ink} pixels of box");
    let titled = render_rgba(
        &BoardView::new(game.position(), &Lang::ENGLISH)
            .names(None, Some("bob"))
            .style(style),
    );
    assert_ne!(band(&titled), band(&rgba), "drawn as the side's title");
    // The words keep the name whole for those who read them.
    assert!(alt_text(&view).contains(name));
    keep("board-stand-in", &render_png(&view));
}

#[cfg_attr(
    not(isolo_fonts),
    ignore = "needs the system's Noto fonts (fonts-noto-core, -cjk, -color-emoji)"
)]
#[test]
fn the_result_banner_keeps_its_words_in_order_around_a_right_to_left_name() {
    let (game, _) = board(Side::South, Palette::Standard);
    let result = GameResult {
        outcome: Outcome::Win(Side::South),
        termination: Termination::Resignation,
    };
    let view = BoardView::new(game.position(), &Lang::ENGLISH)
        .names(Some("مريم"), Some("李明"))
        .result(Some(result));
    // "مريم wins · 李明 resigned", as the banner words it: the sentence reads
    // left to right, each name in its own order.
    let text = Lang::ENGLISH.result(&result, &[shape::isolated("مريم"), shape::isolated("李明")]);
    let c = clusters(&text);
    let wins = text.find("wins").expect("in the text");
    let at = c.iter().position(|&k| k == wins).expect("drawn");
    assert!(
        c[..at].iter().all(|&k| k < wins),
        "the name is not before its verb: {c:?}"
    );
    keep("board-result-rtl", &render_png(&view));
}

#[cfg_attr(
    not(isolo_fonts),
    ignore = "needs the system's Noto fonts (fonts-noto-core, -cjk, -color-emoji)"
)]
#[test]
fn standings_draw_names_in_every_script() {
    let labels = super::standings::tests::LABELS;
    let rows: Vec<Row> = NAMES
        .iter()
        .enumerate()
        .map(|(i, (_, name))| Row {
            rank: i as u32 + 1,
            name,
            halves: 20 - 2 * i as u32,
            buchholz: 10,
            sonneborn: 8,
            direct: None,
            wins: 10 - i as u32,
            withdrawn: i == 3,
        })
        .collect();
    let view = StandingsView {
        title: "Kombe la Isolo · 李明 · مريم",
        labels,
        rows,
        cross: None,
    };
    let png = render_standings_png(&view);
    let img = image::load_from_memory(&png).expect("decodes").to_rgba8();
    let width = img.width() as usize;
    let rgba = img.into_raw();
    let name_x = (MARGIN + RANK_W) as usize;
    for (i, row) in view.rows.iter().enumerate() {
        let top = (MARGIN + TITLE_H + HEAD_H + i as f32 * ROW_H) as usize;
        // Odd lines are striped.
        let bg = if i % 2 == 1 { COLORS.pit[1] } else { COLORS.bg };
        let rows = (top + 2, top + ROW_H as usize - 2);
        let (first, last) = ink_in(&rgba, width, rows, name_x - 6, 14, bg).expect("a name");
        let shown = match row.withdrawn {
            true => format!("{} {}", shape::isolated(row.name), labels.withdrawn),
            false => row.name.to_string(),
        };
        let line = shape::line(&shown, TEXT_PX);
        assert!(line.glyphs.iter().all(|g| g.ink != Ink::Missing), "{shown}");
        assert!(
            spans(first, last, name_x, line.width),
            "{shown}: ink {first}..={last} for a line {} wide",
            line.width
        );
        if row.withdrawn {
            // The label follows the name on the right, whichever way the name reads.
            let label_at = shown.find(labels.withdrawn).expect("the label");
            assert!(
                line.glyphs.last().is_some_and(|g| g.cluster >= label_at),
                "{shown}"
            );
        }
    }
    keep("standings-scripts", &png);
}
