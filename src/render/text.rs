//! Text versions of the board: a monospace grid for a Discord code block, and
//! alt text for the picture attachment.

use std::fmt::Write;

use crate::engine::{AfterCapture, CaptureFrom, Pit, Side, Variant};

use super::board::{result_text, side_title, Scene};
use super::BoardView;

/// Discord's limit on an attachment's description.
pub const ALT_TEXT_MAX: usize = 1024;

fn variant_title(v: Variant) -> &'static str {
    match v {
        Variant::Women => "women's game",
        Variant::Boys => "boys' game",
    }
}

/// The house rules a game is played under, in words, or `None` for the
/// default rules (so that only unusual games carry a note).
pub fn house_rules_text(capture_from: CaptureFrom, after_capture: AfterCapture) -> Option<String> {
    let mut rules = Vec::new();
    if after_capture == AfterCapture::Continue {
        rules.push("captures go on");
    }
    if capture_from == CaptureFrom::CapturePit {
        rules.push("captures sown from the capturing pit");
    }
    (!rules.is_empty()).then(|| format!("house rules: {}", rules.join(", ")))
}

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

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A name for a code block: backticks would close the block.
fn code_safe(s: &str) -> String {
    clip(&s.replace('`', "'"), 32)
}

/// "South" or "South (alice)".
fn who(scene: &Scene, side: Side, clean: impl Fn(&str) -> String) -> String {
    let name = &scene.names[side.index()];
    if name == side_title(side) {
        name.clone()
    } else {
        format!("{} ({})", side_title(side), clean(name))
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
    format!("{} at the bottom", who(scene, scene.style.bottom, clean))
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
        let _ = write!(
            out,
            "{}: {} seeds",
            who(&scene, side, code_safe),
            scene.total(side)
        );
        if scene.variant == Variant::Boys {
            out.push_str(if scene.overture[side.index()] {
                ", in overture"
            } else {
                ", overture over"
            });
        }
        if scene.to_move == Some(side) {
            out.push_str("  << to move");
        }
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
    if let Some(l) = &scene.last {
        let _ = write!(out, "Last: {} played {} -> {}", side_title(l.side), l.from, l.end);
        if l.captured > 0 {
            let _ = write!(out, ", took {} (", l.captured);
            let taken: Vec<String> = Pit::all()
                .filter(|p| l.taken[p.index()] > 0)
                .map(|p| format!("{p} {}", l.taken[p.index()]))
                .collect();
            let _ = write!(out, "{})", taken.join(", "));
        }
        out.push('\n');
    }
    if let Some(h) = &scene.house {
        let _ = writeln!(out, "H{}", &h[1..]);
    }
    let legend: Vec<&str> = ["> from", "* end", "x taken", "# protected (overture)"]
        .into_iter()
        .zip(marks)
        .filter_map(|(t, on)| on.then_some(t))
        .collect();
    if !legend.is_empty() {
        let _ = writeln!(out, "Marks: {}", legend.join("  "));
    }
    if let Some(r) = &scene.result {
        let names = [code_safe(&scene.names[0]), code_safe(&scene.names[1])];
        let _ = writeln!(
            out,
            "Result: {} ({})",
            result_text(r, &names),
            r.outcome.notation()
        );
    }
    out
}

/// A description of the picture for screen readers, at most [`ALT_TEXT_MAX`]
/// characters: players, seeds, every rank, whose turn, last move, overture, result.
pub fn alt_text(view: &BoardView) -> String {
    let scene = view.scene();
    let clean = |s: &str| clip(s, 40);
    let bottom = scene.style.bottom;
    let (ranks, columns) = grid(bottom);
    let mut out = format!(
        "Isolo board, {}, {}. ",
        variant_title(scene.variant),
        at_the_bottom(&scene, clean)
    );
    if let Some(h) = &scene.house {
        let _ = write!(out, "H{}. ", &h[1..]);
    }
    for side in [bottom.opponent(), bottom] {
        let ranks = match (side, side == bottom) {
            (Side::North, false) => "ranks 4 and 3, top",
            (Side::South, true) => "ranks 1 and 2, bottom",
            (Side::South, false) => "ranks 1 and 2, top",
            (Side::North, true) => "ranks 3 and 4, bottom",
        };
        let _ = write!(
            out,
            "{}, {ranks}: {} seeds",
            who(&scene, side, clean),
            scene.total(side)
        );
        if scene.variant == Variant::Boys {
            let nghana = Pit::from_ring(side, 7);
            if scene.overture[side.index()] {
                let _ = write!(out, ", in overture (ng'hana {nghana} protected)");
            } else {
                out.push_str(", overture over");
            }
        }
        out.push_str(". ");
    }
    let (first, last) = ((b'a' + columns[0]) as char, (b'a' + columns[7]) as char);
    let _ = write!(out, "Seeds by rank, top to bottom, columns {first} to {last}: ");
    for rank in ranks {
        let counts: Vec<String> = columns
            .iter()
            .filter_map(|&c| Pit::new(c, rank))
            .map(|p| scene.counts[p.index()].to_string())
            .collect();
        let _ = write!(out, "rank {rank}: {}; ", counts.join(" "));
    }
    out.truncate(out.trim_end_matches([';', ' ']).len());
    out.push_str(". ");
    if let Some(l) = &scene.last {
        let _ = write!(
            out,
            "Last move: {} played {}, ending at {}",
            side_title(l.side),
            l.from,
            l.end
        );
        if l.captured > 0 {
            let taken: Vec<String> = Pit::all()
                .filter(|p| l.taken[p.index()] > 0)
                .map(|p| format!("{} from {p}", l.taken[p.index()]))
                .collect();
            let _ = write!(out, ", capturing {}", and_list(&taken));
        }
        out.push_str(". ");
    }
    match (&scene.result, scene.to_move) {
        (Some(r), _) => {
            let names = [clean(&scene.names[0]), clean(&scene.names[1])];
            let _ = write!(out, "Game over: {}.", result_text(r, &names));
        }
        (None, Some(side)) => {
            let _ = write!(out, "{} to move.", side_title(side));
        }
        (None, None) => {}
    }
    clip(out.trim_end(), ALT_TEXT_MAX)
}
