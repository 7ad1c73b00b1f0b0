//! Text versions of the board: a monospace grid for a Discord code block, and
//! alt text for the picture attachment.

use std::fmt::Write;

use crate::engine::{Pit, Side, Variant};

use super::board::Scene;
use super::words::{Place, TextMark};
use super::BoardView;

/// Discord's limit on an attachment's description.
pub const ALT_TEXT_MAX: usize = 1024;

/// At most `max` characters of `s`, with "..." when cut.
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(3)).collect();
        out.push_str("...");
        out
    }
}

/// A name for a code block: backticks would close the block.
fn code_safe(s: &str) -> String {
    clip(&s.replace('`', "'"), 32)
}

/// "South" or "South (alice)".
fn who(scene: &Scene, side: Side, clean: impl Fn(&str) -> String) -> String {
    let name = &scene.names[side.index()];
    let title = scene.words.side(side);
    if *name == title {
        title
    } else {
        scene.words.who(side, &clean(name))
    }
}

/// The rows (top to bottom) and columns (left to right) as the picture shows
/// them with `bottom`'s rows at the bottom.
fn grid(bottom: Side) -> ([u8; 4], [u8; 8]) {
    match bottom {
        Side::South => ([4, 3, 2, 1], [0, 1, 2, 3, 4, 5, 6, 7]),
        Side::North => ([1, 2, 3, 4], [7, 6, 5, 4, 3, 2, 1, 0]),
    }
}

/// "North (bob) at the bottom".
fn at_the_bottom(scene: &Scene, clean: impl Fn(&str) -> String) -> String {
    scene.words.at_the_bottom(&who(scene, scene.style.bottom, clean))
}

/// The seeds captured from each pit by the last move, in board order.
fn taken(taken: &[u8; 32]) -> Vec<(Pit, u8)> {
    Pit::all()
        .filter(|p| taken[p.index()] > 0)
        .map(|p| (p, taken[p.index()]))
        .collect()
}

/// The board as a monospace grid for a Discord code block (without the fences),
/// drawn like the picture (South's ranks 1 and 2 at the bottom unless the view
/// turns it), with the last move and overture marked.
pub fn render_text(view: &BoardView) -> String {
    let scene = view.scene();
    let bottom = scene.style.bottom;
    let (ranks, columns) = grid(bottom);
    let mut out = at_the_bottom(&scene, code_safe) + "\n";
    let mut marks = [false; 4];
    let band = |out: &mut String, side: Side| {
        let overture = (scene.variant == Variant::Boys).then(|| scene.overture[side.index()]);
        let line = scene.words.text_band(
            &who(&scene, side, code_safe),
            scene.total(side),
            overture,
            scene.to_move == Some(side),
        );
        out.push_str(&line);
        out.push('\n');
    };
    // Cells are 5 characters wide with the units digit in the 4th; the letters sit above it.
    let mut letters = "   ".to_string();
    for col in columns {
        let _ = write!(letters, "  {}  ", (b'a' + col) as char);
    }
    letters.truncate(letters.trim_end().len());
    letters.push('\n');
    band(&mut out, bottom.opponent());
    out.push_str(&letters);
    for (row, rank) in ranks.into_iter().enumerate() {
        if row == 2 {
            out.push_str("  ----------------------------------------\n");
        }
        let _ = write!(out, "{rank} ");
        for col in columns {
            let Some(pit) = Pit::new(col, rank) else { continue };
            let look = scene.look(pit);
            let pre = if look.from { ">" } else { "" };
            let suf = if look.end {
                '*'
            } else if look.taken > 0 {
                'x'
            } else if look.protected {
                '#'
            } else {
                ' '
            };
            marks[0] |= look.from;
            marks[1] |= look.end;
            marks[2] |= look.taken > 0;
            marks[3] |= look.protected;
            // The start mark hugs the number so the units digit stays in its column.
            let _ = write!(out, " {:>3}{suf}", format!("{pre}{}", look.count));
        }
        let _ = writeln!(out, " {rank}");
    }
    out.push_str(&letters);
    band(&mut out, bottom);
    let words = scene.words;
    if let Some(l) = &scene.last {
        let line = words.text_last(l.side, l.from, l.end, l.captured, &taken(&l.taken));
        let _ = writeln!(out, "{line}");
    }
    if !scene.house.is_empty() {
        let _ = writeln!(out, "{}", words.house_rules(&scene.house, true));
    }
    let legend: Vec<(char, TextMark)> = [
        ('>', TextMark::From),
        ('*', TextMark::End),
        ('x', TextMark::Taken),
        ('#', TextMark::Protected),
    ]
    .into_iter()
    .zip(marks)
    .filter_map(|(m, on)| on.then_some(m))
    .collect();
    if !legend.is_empty() {
        let _ = writeln!(out, "{}", words.text_marks(&legend));
    }
    if let Some(r) = &scene.result {
        let names = [code_safe(&scene.names[0]), code_safe(&scene.names[1])];
        let line = words.text_result(&words.result(r, &names), r.outcome.notation());
        let _ = writeln!(out, "{line}");
    }
    out
}

/// A description of the picture for screen readers, at most [`ALT_TEXT_MAX`]
/// characters: players, seeds, every rank, whose turn, last move, overture, result.
pub fn alt_text(view: &BoardView) -> String {
    let scene = view.scene();
    let words = scene.words;
    let clean = |s: &str| clip(s, 40);
    let bottom = scene.style.bottom;
    let (ranks, columns) = grid(bottom);
    let mut sentences = vec![words.alt_intro(scene.variant, &at_the_bottom(&scene, clean))];
    if !scene.house.is_empty() {
        sentences.push(words.house_rules(&scene.house, true) + ".");
    }
    for side in [bottom.opponent(), bottom] {
        // South's ranks are named from its home row; North's as drawn.
        let (half, place) = match (side, side == bottom) {
            (Side::North, false) => ([4, 3], Place::Top),
            (Side::South, true) => ([1, 2], Place::Bottom),
            (Side::South, false) => ([1, 2], Place::Top),
            (Side::North, true) => ([3, 4], Place::Bottom),
        };
        let overture =
            (scene.variant == Variant::Boys).then(|| (scene.overture[side.index()], Pit::from_ring(side, 7)));
        sentences.push(words.alt_side(
            &who(&scene, side, clean),
            half,
            place,
            scene.total(side),
            overture,
        ));
    }
    let letters = [(b'a' + columns[0]) as char, (b'a' + columns[7]) as char];
    let counts: Vec<(u8, String)> = ranks
        .into_iter()
        .map(|rank| {
            let counts: Vec<String> = columns
                .iter()
                .filter_map(|&c| Pit::new(c, rank))
                .map(|p| scene.counts[p.index()].to_string())
                .collect();
            (rank, counts.join(" "))
        })
        .collect();
    sentences.push(words.alt_seeds(letters, &counts));
    if let Some(l) = &scene.last {
        sentences.push(words.alt_last(l.side, l.from, l.end, &taken(&l.taken)));
    }
    match (&scene.result, scene.to_move) {
        (Some(r), _) => {
            let names = [clean(&scene.names[0]), clean(&scene.names[1])];
            sentences.push(words.alt_over(&words.result(r, &names)));
        }
        (None, Some(side)) => sentences.push(words.alt_to_move(side)),
        (None, None) => {}
    }
    clip(sentences.join(" ").trim_end(), ALT_TEXT_MAX)
}
