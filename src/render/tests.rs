//! Pixel checks of the board picture where it matters to a player.

use crate::engine::{
    AfterCapture, CaptureFrom, Game, GameResult, Move, MoveReport, Outcome, Pit, Position, Rules, Side,
    Termination, Variant,
};
use crate::words::Lang;

use super::board::{BAND_H, HEIGHT, WIDTH};
use super::theme::{Rgb, COLORS, SAFE_COLORS};
use super::{pit_bounds, render_rgba, BoardView, Palette, Style};

fn pit(s: &str) -> Pit {
    s.parse().expect("pit name")
}

fn play(variant: Variant, moves: &str) -> (Game, Option<MoveReport>) {
    let mut game = Game::new(Rules::new(variant));
    let mut last = None;
    for m in moves.split_whitespace() {
        last = Some(game.play(m.parse::<Move>().expect("move")).expect("legal"));
    }
    (game, last)
}

/// Pixels of exactly colour `c` inside `(x, y, w, h)`.
fn count(rgba: &[u8], rect: (usize, usize, usize, usize), c: Rgb) -> usize {
    let (x, y, w, h) = rect;
    let mut n = 0;
    for row in y..y + h {
        for col in x..x + w {
            let i = (row * WIDTH as usize + col) * 4;
            if rgba[i] == c.0 && rgba[i + 1] == c.1 && rgba[i + 2] == c.2 {
                n += 1;
            }
        }
    }
    n
}

/// A pit's cell with South at the bottom.
fn cell_rect(p: Pit) -> (usize, usize, usize, usize) {
    Style::default().cell_rect(p)
}

fn cell(p: &str) -> (usize, usize, usize, usize) {
    cell_rect(pit(p))
}

fn band_y(side: Side) -> f32 {
    Style::default().band_y(side)
}

#[test]
fn pit_bounds_match_the_cells_and_tile_the_board() {
    for p in Pit::all() {
        let (x, y, w, h) = pit_bounds(p, Side::South);
        assert_eq!((x as usize, y as usize, w as usize, h as usize), cell_rect(p));
        assert!(x + w <= WIDTH && y + h <= HEIGHT);
    }
    // Rank 4 is on top and column a on the left.
    let south = |p: &str| pit_bounds(pit(p), Side::South);
    assert!(south("a4").1 < south("a1").1);
    assert!(south("a1").0 < south("h1").0);
    // North at the bottom turns the board: every pit takes the place of its mirror.
    for p in Pit::all() {
        let mirror = Pit::new(7 - p.column(), 5 - p.rank()).expect("on the board");
        assert_eq!(pit_bounds(p, Side::North), pit_bounds(mirror, Side::South));
    }
}

#[test]
fn an_empty_pit_shows_no_seeds_and_a_full_one_does() {
    // After W1, a1 is empty and h1 holds 5.
    let (game, last) = play(Variant::Women, "b2");
    let rgba = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH).last_move(last.as_ref()));
    assert_eq!(game.position().seeds(pit("a1")), 0);
    assert_eq!(count(&rgba, cell("a1"), COLORS.seed), 0);
    assert!(count(&rgba, cell("h1"), COLORS.seed) > 5 * 60, "five seeds drawn");
    // The count differs too: white digits in the full pit, a faint zero in the empty one.
    assert_eq!(count(&rgba, cell("a1"), COLORS.number), 0);
    assert!(count(&rgba, cell("h1"), COLORS.number) > 50);
    assert!(count(&rgba, cell("a1"), COLORS.zero[0]) > 50);
}

#[test]
fn more_seeds_draw_more_seed_pixels() {
    let (game, _) = play(Variant::Boys, "");
    let rgba = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH));
    // a4 holds 17 (a full ring), b3 holds 1.
    let many = count(&rgba, cell("a4"), COLORS.seed);
    let one = count(&rgba, cell("b3"), COLORS.seed);
    assert!(one > 20 && many > 10 * one, "{one} {many}");
}

#[test]
fn last_move_marks_start_end_and_captured_pits() {
    // W1 (rules.md): South b2 captures from North's g3 and g4.
    let (game, last) = play(Variant::Women, "b2");
    let report = last.expect("a move");
    let rgba = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH).last_move(Some(&report)));
    let from = cell_rect(report.mv.pit());
    let end = cell_rect(report.last_pit());
    assert!(count(&rgba, from, COLORS.from) > 300, "start pit ringed");
    assert!(count(&rgba, end, COLORS.end) > 300, "end pit ringed");
    let taken: Vec<Pit> = report.captures().map(|t| t.pit).collect();
    assert!(!taken.is_empty());
    for p in &taken {
        assert!(count(&rgba, cell_rect(*p), COLORS.taken) > 300, "{p} ringed red");
        assert_eq!(p.owner(), Side::North);
    }
    // An untouched pit carries no mark.
    let quiet = Pit::all()
        .find(|p| *p != report.mv.pit() && *p != report.last_pit() && !taken.contains(p))
        .expect("some pit");
    for c in [COLORS.from, COLORS.end, COLORS.taken] {
        assert_eq!(count(&rgba, cell_rect(quiet), c), 0);
    }
    // Without the last move, no marks anywhere on the board.
    let plain = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH));
    assert_eq!(count(&plain, from, COLORS.from), 0);
}

#[test]
fn whose_turn_it_is_shows_as_the_movers_frame_and_pill() {
    let (game, _) = play(Variant::Women, "b2");
    let rgba = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH));
    // North to move: North's band holds his accent pill, South's holds none of North's colour.
    let north_band = (0, band_y(Side::North) as usize, WIDTH as usize, BAND_H as usize);
    let south_band = (0, band_y(Side::South) as usize, WIDTH as usize, BAND_H as usize);
    let north = COLORS.accent[Side::North.index()];
    let south = COLORS.accent[Side::South.index()];
    assert!(count(&rgba, north_band, north) > 1500, "TO MOVE pill");
    assert!(count(&rgba, south_band, south) < 400, "only the name dot");
    // And the frame around North's half (its top edge).
    let frame_rows = (40, 60, 900, 20);
    assert!(count(&rgba, frame_rows, north) > 800, "frame along North's half");
}

#[test]
fn overture_protection_is_drawn_until_the_nghana_is_played() {
    let (start, _) = play(Variant::Boys, "");
    let rgba = render_rgba(&BoardView::new(start.position(), &Lang::ENGLISH));
    for p in ["h1", "h2", "a4", "a3"] {
        assert!(count(&rgba, cell(p), COLORS.guard) > 80, "{p} protected");
    }
    // (A few antialiased pixels of the white digits may quantize to the light guard grey.)
    assert!(count(&rgba, cell("g1"), COLORS.guard) < 20);
    // South plays his ng'hana: his column is open, North's still protected.
    let (game, last) = play(Variant::Boys, "h1");
    let rgba = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH).last_move(last.as_ref()));
    assert!(count(&rgba, cell("h2"), COLORS.guard) < 20);
    assert!(count(&rgba, cell("a4"), COLORS.guard) > 80);
}

#[test]
fn the_result_banner_appears_only_when_the_game_is_over() {
    let (game, _) = play(Variant::Women, "b2");
    let middle = (300, 260, 400, 40);
    let live = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH));
    assert_eq!(count(&live, middle, COLORS.banner), 0);
    let result = GameResult {
        outcome: Outcome::Win(Side::South),
        termination: Termination::Resignation,
    };
    let over = render_rgba(&BoardView::new(game.position(), &Lang::ENGLISH).result(Some(result)));
    assert!(count(&over, middle, COLORS.banner) > 3000);
}

#[test]
fn odd_positions_render_without_panicking() {
    let mut all_in_one = [[0u8; 16]; 2];
    all_in_one[0][3] = 64;
    let mut spread = [[0u8; 16]; 2];
    spread[1] = [4; 16];
    let cases = [
        Position::from_parts(
            Variant::Women,
            (CaptureFrom::Origin, AfterCapture::End),
            all_in_one,
            [false; 2],
            Side::North,
        ),
        Position::from_parts(
            Variant::Women,
            (CaptureFrom::CapturePit, AfterCapture::Continue),
            spread,
            [false; 2],
            Side::South,
        ),
    ];
    let long = "x".repeat(500);
    for p in cases {
        let p = p.expect("valid parts");
        let result = GameResult {
            outcome: Outcome::Draw,
            termination: Termination::Aborted,
        };
        let view = BoardView::new(&p, &Lang::ENGLISH)
            .names(Some("\u{0}\u{7}"), Some(&long))
            .result(Some(result));
        let rgba = render_rgba(&view);
        assert_eq!(rgba.len(), (WIDTH * HEIGHT * 4) as usize);
        assert!(super::alt_text(&view).chars().count() <= super::ALT_TEXT_MAX);
        assert!(super::render_text(&view).contains("64"));
    }
}

#[test]
fn house_rules_are_named_only_when_they_differ_from_the_defaults() {
    let default = Position::new(Rules::new(Variant::Women));
    assert!(super::words::house_rules(default.capture_from(), default.after_capture()).is_empty());
    assert!(!super::render_text(&BoardView::new(&default, &Lang::ENGLISH)).contains("House rules"));
    let house = default.with_house_rules(CaptureFrom::Origin, AfterCapture::Continue);
    let text = super::render_text(&BoardView::new(&house, &Lang::ENGLISH));
    assert!(text.contains("House rules: captures go on\n"), "{text}");
    let both = default.with_house_rules(CaptureFrom::CapturePit, AfterCapture::Continue);
    let alt = super::alt_text(&BoardView::new(&both, &Lang::ENGLISH));
    assert!(
        alt.contains("House rules: captures go on, captures sown from the capturing pit."),
        "{alt}"
    );
    // The picture carries the note too: it differs from the default board's.
    assert_ne!(
        render_rgba(&BoardView::new(&default, &Lang::ENGLISH)),
        render_rgba(&BoardView::new(&house, &Lang::ENGLISH))
    );
}

/// The pixels of `rect` in a picture, row by row.
fn block(rgba: &[u8], rect: (usize, usize, usize, usize)) -> Vec<u8> {
    let (x, y, w, h) = rect;
    (y..y + h)
        .flat_map(|row| {
            let i = (row * WIDTH as usize + x) * 4;
            rgba[i..i + w * 4].iter().copied()
        })
        .collect()
}

/// Pixels that differ between two blocks of the same size.
fn differing(a: &[u8], b: &[u8]) -> usize {
    a.chunks(4).zip(b.chunks(4)).filter(|(p, q)| p != q).count()
}

/// The picture with `bottom`'s rows at the bottom, and its style.
fn drawn(view: &BoardView, bottom: Side) -> (Vec<u8>, Style) {
    let view = view.bottom(bottom);
    (render_rgba(&view), view.style)
}

#[test]
fn north_at_the_bottom_is_the_same_board_turned() {
    // W1: South's b2 ends in f2 and takes g3 and g4.
    let (game, last) = play(Variant::Women, "b2");
    let view = BoardView::new(game.position(), &Lang::ENGLISH)
        .last_move(last.as_ref())
        .names(Some("alice"), Some("bob"));
    let ((south, s), (north, n)) = (drawn(&view, Side::South), drawn(&view, Side::North));
    for p in Pit::all() {
        let (a, b) = (s.cell_rect(p), n.cell_rect(p));
        if (1..7).contains(&p.column()) {
            // Inner pits are the same pixels in their turned places.
            // (Up to 1% may differ: float rounding in antialiased edges.)
            let d = differing(&block(&south, a), &block(&north, b));
            assert!(d * 100 <= a.2 * a.3, "{p}: {d} pixels differ");
        } else {
            // Edge pits sit at other corners of the halves: same seeds, count and marks.
            for c in [COLORS.seed, COLORS.number, COLORS.from, COLORS.end, COLORS.taken] {
                assert_eq!(count(&south, a, c), count(&north, b, c), "{p}");
            }
        }
    }
    // The marks themselves: f2 (end) is now in the upper half, g3 and g4 (taken) in the lower.
    assert!(n.cell_rect(pit("f2")).1 < n.cell_rect(pit("g3")).1);
    assert!(count(&north, n.cell_rect(pit("f2")), COLORS.end) > 300);
    assert!(count(&north, n.cell_rect(pit("g4")), COLORS.taken) > 300);
    // North, to move, has his band and TO MOVE pill at the bottom now.
    let bottom_band = (0, n.band_y(Side::North) as usize, WIDTH as usize, BAND_H as usize);
    assert_eq!(bottom_band.1, (HEIGHT as f32 - BAND_H) as usize);
    assert!(count(&north, bottom_band, COLORS.accent[Side::North.index()]) > 1500);
    assert!(count(&north, bottom_band, COLORS.accent[Side::South.index()]) == 0);
}

#[test]
fn labels_turn_with_the_board_and_stay_upright() {
    // A finished game: no turn frame near the labels.
    let (game, _) = play(Variant::Women, "b2");
    let over = GameResult {
        outcome: Outcome::Win(Side::South),
        termination: Termination::Resignation,
    };
    let view = BoardView::new(game.position(), &Lang::ENGLISH).result(Some(over));
    let ((south, s), (north, n)) = (drawn(&view, Side::South), drawn(&view, Side::North));
    for p in Pit::all() {
        let (sx, sy, sw, sh) = s.cell_rect(p);
        let (nx, ny, _, _) = n.cell_rect(p);
        // The column letter above the top half (whose panel, from row 69,
        // changes colour): the same glyph, upright, over the turned column.
        let label = |x: usize| (x, BAND_H as usize, sw, 23);
        assert_eq!(
            differing(&block(&south, label(sx)), &block(&north, label(nx))),
            0,
            "column of {p}"
        );
        // The rank number left of the board, beside the turned row.
        let rank = |y: usize| (0, y, 36, sh);
        assert_eq!(
            differing(&block(&south, rank(sy)), &block(&north, rank(ny))),
            0,
            "rank of {p}"
        );
    }
    // And the picture did turn: the top-left letter differs.
    let corner = (40, BAND_H as usize, 120, 23);
    assert!(differing(&block(&south, corner), &block(&north, corner)) > 50);
}

/// A pixel's hue in degrees, or `None` for greys and dark pixels.
fn hue(px: &[u8]) -> Option<f32> {
    let (r, g, b) = (f32::from(px[0]), f32::from(px[1]), f32::from(px[2]));
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max < 80.0 || (max - min) / max < 0.4 {
        return None;
    }
    let d = max - min;
    let h = if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    Some(h)
}

/// Pixels of the picture whose hue is green (between yellow-green and cyan-green).
fn green_pixels(rgba: &[u8]) -> usize {
    rgba.chunks(4)
        .filter(|p| hue(p).is_some_and(|h| (80.0..=160.0).contains(&h)))
        .count()
}

#[test]
fn the_safe_palette_has_no_red_against_green() {
    let (game, last) = play(Variant::Women, "b2");
    let view = BoardView::new(game.position(), &Lang::ENGLISH).last_move(last.as_ref());
    let standard = render_rgba(&view);
    let safe = render_rgba(&view.palette(Palette::ColourBlindSafe));
    // The standard end ring is green (the check sees it); the safe board has no green at all.
    assert!(green_pixels(&standard) > 300);
    assert_eq!(green_pixels(&safe), 0);
    // The safe marks are drawn, each in its own colour, and the halves keep their colours.
    let k = &SAFE_COLORS;
    assert!(count(&safe, cell("b2"), k.from) > 300);
    assert!(count(&safe, cell("f2"), k.end) > 300);
    assert!(count(&safe, cell("g3"), k.taken) > 300);
    assert_ne!(k.from, k.end);
    assert_ne!(k.end, k.taken);
    for side in Side::ALL {
        assert_eq!(k.panel[side.index()], COLORS.panel[side.index()]);
    }
    // Only the marks changed: an untouched pit shows the same seeds and count.
    for c in [COLORS.seed, COLORS.number, COLORS.pit[1]] {
        assert_eq!(count(&standard, cell("c4"), c), count(&safe, cell("c4"), c));
    }
}

/// Runs of colour `c` along row `y` of `rect`.
fn runs(rgba: &[u8], rect: (usize, usize, usize, usize), y: usize, c: Rgb) -> usize {
    let (x, _, w, _) = rect;
    let on = |col: usize| {
        let i = (y * WIDTH as usize + col) * 4;
        rgba[i..i + 3] == [c.0, c.1, c.2]
    };
    (x..x + w).filter(|&col| on(col) && !on(col - 1)).count()
}

#[test]
fn the_marks_differ_by_shape_not_only_by_colour() {
    let (game, last) = play(Variant::Women, "b2");
    for palette in [Palette::Standard, Palette::ColourBlindSafe] {
        let k = super::theme::colors(palette);
        let view = BoardView::new(game.position(), &Lang::ENGLISH)
            .last_move(last.as_ref())
            .palette(palette);
        let rgba = render_rgba(&view);
        let (from, end, taken) = (cell("b2"), cell("f2"), cell("g3"));
        // Across the middle of the cell: the end pit's ring is double (two
        // strokes on each side), the captured pit's single.
        let mid = |r: (usize, usize, usize, usize)| r.1 + r.3 / 2;
        assert_eq!(runs(&rgba, end, mid(end), k.end), 4, "{palette:?}");
        assert_eq!(runs(&rgba, taken, mid(taken), k.taken), 2, "{palette:?}");
        // Along the top edge: the start pit's ring is dashed.
        let top = from.1 + 5 + 2;
        assert!(runs(&rgba, from, top, k.from) >= 4, "{palette:?}");
        assert_eq!(runs(&rgba, end, end.1 + 5 + 1, k.end), 1, "{palette:?}");
        // The captured pit carries its "-2" badge in its top corner.
        let badge = (taken.0 + taken.2 - 40, taken.1, 40, 28);
        assert!(count(&rgba, badge, k.taken) > 300, "{palette:?}");
    }
}

#[test]
fn the_picture_and_its_texts_speak_the_callers_language() {
    let sw = Lang::from_tag("sw").expect("Kiswahili is shipped");
    let (game, last) = play(Variant::Boys, "c1");
    let view = |words| {
        BoardView::new(game.position(), words)
            .last_move(last.as_ref())
            .names(Some("Amani"), None)
    };
    let (en, kiswahili) = (view(&Lang::ENGLISH), view(&sw));
    let text = super::render_text(&kiswahili);
    // North has no name: the side's own name in Swahili stands for it.
    assert!(
        text.contains("Kaskazini: kete") && text.contains("ufunguzi") && !text.contains("overture"),
        "{text}"
    );
    let alt = super::alt_text(&kiswahili);
    assert!(alt.starts_with("Ubao wa Isolo, mchezo wa wavulana"), "{alt}");
    assert!(
        !alt.contains("seeds") && !text.contains("seeds"),
        "English left: {alt}\n{text}"
    );
    // The bands are worded; the board itself is the same.
    let (a, b) = (render_rgba(&en), render_rgba(&kiswahili));
    let band = |rgba: &[u8], side| block(rgba, Style::default().band_rect(side));
    assert_ne!(band(&a, Side::South), band(&b, Side::South));
    assert_eq!(block(&a, cell("c1")), block(&b, cell("c1")));
}
