//! The board PNG and the sowing GIF as a Discord client receives them: format,
//! size, frames, and the GIF ending on the same picture as the PNG.

use crate::walk;

use image::AnimationDecoder;
use isolo_bot::engine::{AfterCapture, CaptureFrom, Game, Move, MoveReport, Position, Rules, Side, Variant};
use isolo_bot::render::{
    alt_text, pit_bounds, render_gif, render_png, render_rgba, render_text, BoardView, Palette, Style,
    ALT_TEXT_MAX, HEIGHT, WIDTH,
};
use isolo_bot::words::Lang;

fn play(rules: Rules, moves: &str) -> (Game, Position, Option<MoveReport>) {
    let mut game = Game::new(rules);
    let mut before = *game.position();
    let mut last = None;
    for m in moves.split_whitespace() {
        before = *game.position();
        last = Some(game.play(m.parse::<Move>().expect("move")).expect("legal"));
    }
    (game, before, last)
}

fn women(moves: &str) -> (Game, Position, Option<MoveReport>) {
    play(Rules::new(Variant::Women), moves)
}

#[test]
fn png_is_a_small_png_of_the_board_size() {
    for (variant, moves) in [
        (Variant::Women, "b2 h4 d2"),
        (Variant::Boys, "h1"),
        (Variant::Boys, ""),
    ] {
        let (game, _, last) = play(Rules::new(variant), moves);
        let view = BoardView::of_game(&game, &Lang::ENGLISH)
            .last_move(last.as_ref())
            .names(Some("alice"), Some("bob"));
        let png = render_png(&view);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert!(png.len() <= 60 * 1024, "{} bytes", png.len());
        let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).expect("decodes");
        assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
        // The decoded PNG is exactly what render_rgba reports.
        assert_eq!(img.to_rgba8().into_raw(), render_rgba(&view));
    }
}

#[test]
fn a_pits_picture_changes_with_its_seeds() {
    let (start, _, _) = women("");
    let (after, _, _) = women("b2");
    let a = render_rgba(&BoardView::new(start.position(), &Lang::ENGLISH));
    let b = render_rgba(&BoardView::new(after.position(), &Lang::ENGLISH));
    let differing = |pit: &str| {
        let (x, y, w, h) = pit_bounds(pit.parse().expect("pit"), Side::South);
        let mut n = 0;
        for row in y..y + h {
            for col in x..x + w {
                let i = ((row * WIDTH + col) * 4) as usize;
                n += usize::from(a[i..i + 3] != b[i..i + 3]);
            }
        }
        n
    };
    // a1: 2 seeds -> empty; h1: 2 -> 5. a4 is unchanged (2 -> 2).
    assert!(differing("a1") > 400);
    assert!(differing("h1") > 400);
    assert_eq!(differing("a4"), 0);
}

/// Frames of a GIF, composited to full RGBA pictures, with their delays in ms.
fn gif_frames(gif: &[u8]) -> Vec<(Vec<u8>, u32)> {
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("GIF header");
    decoder
        .into_frames()
        .collect_frames()
        .expect("frames decode")
        .into_iter()
        .map(|f| {
            let (n, d) = f.delay().numer_denom_ms();
            (f.into_buffer().into_raw(), n / d.max(1))
        })
        .collect()
}

#[test]
fn gif_plays_the_move_and_ends_on_the_png() {
    let cases = [
        (Rules::new(Variant::Women), "b2"),
        (Rules::new(Variant::Women), "b2 h4 d2"),
        (Rules::new(Variant::Boys), "h1"),
        (Rules::new(Variant::Boys), "c1"),
        (
            Rules {
                variant: Variant::Women,
                capture_from: CaptureFrom::CapturePit,
                after_capture: AfterCapture::End,
                first: Side::North,
            },
            "g4",
        ),
    ];
    for (rules, moves) in cases {
        let (game, before, last) = play(rules, moves);
        let report = last.expect("a move");
        let names = [Some("alice"), None];
        let gif = render_gif(&before, &report, names, Style::default(), &Lang::ENGLISH);
        assert_eq!(&gif[..6], b"GIF89a");
        assert!(gif.len() <= 1024 * 1024, "{moves}: {} bytes", gif.len());
        let frames = gif_frames(&gif);
        assert!(frames.len() >= 5, "{moves}: {} frames", frames.len());
        // The first frame is the position before the move.
        let first = render_rgba(&BoardView::new(&before, &Lang::ENGLISH).names(Some("alice"), None));
        let board_rows = 80 * WIDTH as usize * 4..480 * WIDTH as usize * 4;
        let same = frames[0].0[board_rows.clone()]
            .chunks(4)
            .zip(first[board_rows].chunks(4))
            .filter(|(a, b)| a == b)
            .count();
        assert!(
            same as f64 > 0.97 * 400.0 * f64::from(WIDTH),
            "{moves}: first frame"
        );
        // The last frame is the PNG of the position after the move, and it is held.
        let view = BoardView::of_game(&game, &Lang::ENGLISH)
            .last_move(Some(&report))
            .names(Some("alice"), None);
        let png = render_rgba(&view);
        let (last_frame, hold) = frames.last().expect("frames");
        let differing = last_frame
            .chunks(4)
            .zip(png.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(differing, 0, "{moves}: final frame differs from the PNG");
        assert!(*hold >= 2000, "{moves}: final hold {hold} ms");
        // Intermediate frames really show the sowing: some differ from both ends.
        let middle = &frames[frames.len() / 2].0;
        assert!(middle != last_frame && *middle != frames[0].0, "{moves}");
    }
}

#[test]
fn a_long_move_stays_within_the_frame_and_size_budget() {
    // Find the move with the most laps in some early positions of both variants.
    let mut longest: Option<(Position, MoveReport)> = None;
    for variant in Variant::ALL {
        let mut game = Game::new(Rules::new(variant));
        for _ in 0..12 {
            let pos = *game.position();
            let moves: Vec<Move> = game.legal_moves().iter().collect();
            let Some(&first) = moves.first() else { break };
            for mv in moves {
                let (_, r) = pos.play(mv).expect("legal");
                if longest.as_ref().is_none_or(|(_, l)| r.laps.len() > l.laps.len()) {
                    longest = Some((pos, r));
                }
            }
            game.play(first).expect("legal");
        }
    }
    let (before, report) = longest.expect("some move");
    let gif = render_gif(&before, &report, [None, None], Style::default(), &Lang::ENGLISH);
    let frames = gif_frames(&gif);
    assert!(frames.len() <= 100, "{} frames", frames.len());
    assert!(gif.len() <= 1024 * 1024, "{} bytes", gif.len());
}

#[test]
fn a_report_from_another_position_does_not_panic() {
    let (_, _, last) = women("b2 h4 d2");
    let report = last.expect("a move");
    let (other, _, _) = play(Rules::new(Variant::Boys), "");
    let gif = render_gif(
        other.position(),
        &report,
        [None, None],
        Style::default(),
        &Lang::ENGLISH,
    );
    assert!(gif_frames(&gif).len() > 1);
}

#[test]
fn text_board_is_a_grid_with_marks_and_names() {
    let (game, _, last) = women("b2");
    let view = BoardView::of_game(&game, &Lang::ENGLISH)
        .last_move(last.as_ref())
        .names(Some("al`ice"), Some("bob"));
    let text = render_text(&view);
    let lines: Vec<&str> = text.lines().collect();
    let rank = |r: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(r))
            .expect("rank row")
            .to_string()
    };
    // rules.md W1, with the last move's marks: b2 was played, f2 ended it, g3/g4 were taken.
    assert_eq!(rank("4 "), "4    2    2    2    2    2    2    0x   2  4");
    assert_eq!(rank("3 "), "3    2    2    2    2    2    2    0x   2  3");
    assert_eq!(rank("2 "), "2    3   >0    2    2    2    3*   4    4  2");
    assert_eq!(rank("1 "), "1    0    3    3    0    3    3    0    4  1");
    // The column letters sit above the units digits.
    let letters = lines
        .iter()
        .find(|l| l.trim_start().starts_with("a "))
        .expect("letters");
    assert_eq!(letters.find('g'), rank("4 ").find('0'));
    assert!(text.contains("North (bob): 28 seeds  << to move"));
    assert!(
        text.contains("South (al'ice): 36 seeds"),
        "backticks cannot close the code block"
    );
    assert!(text.contains("Last: South played b2 -> f2, took 4 (g3 2, g4 2)"));
    // Every row of the grid has the same width, for a code block.
    let widths: Vec<usize> = lines
        .iter()
        .filter(|l| l.starts_with(['1', '2', '3', '4']))
        .map(|l| l.len())
        .collect();
    assert!(widths.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn alt_text_describes_the_board_within_discords_limit() {
    let (game, _, last) = play(Rules::new(Variant::Boys), "h1");
    let view = BoardView::of_game(&game, &Lang::ENGLISH).last_move(last.as_ref());
    let alt = alt_text(&view);
    assert!(alt.contains("boys' game"));
    // rules.md B1: North's h4 was taken; his ng'hana keeps its 17.
    assert!(alt.contains("rank 4: 17 2 0 2 0 2 0 0"), "{alt}");
    assert!(alt.contains("capturing 2 from h4."), "{alt}");
    assert!(alt.contains("North to move"));
    assert!(alt.contains("South played h1"));
    assert!(alt.contains("ng'hana a4 protected"));
    let long = "n".repeat(5000);
    let view = view.names(Some(&long), Some(&long));
    assert!(alt_text(&view).chars().count() <= ALT_TEXT_MAX);
}

#[test]
fn random_games_render_at_every_ply() {
    // A fixed pseudo-random walk through both variants: every position drawn,
    // every fifth move animated, all texts within their limits.
    let mut next = walk::picker();
    for rules in walk::rule_sets() {
        let mut game = Game::new(rules);
        let mut largest = 0;
        for ply in 0..40 {
            let moves: Vec<Move> = game.legal_moves().iter().collect();
            if moves.is_empty() {
                break;
            }
            let before = *game.position();
            let report = game.play(moves[next(moves.len())]).expect("legal");
            let view = BoardView::of_game(&game, &Lang::ENGLISH).last_move(Some(&report));
            let png = render_png(&view);
            assert!(png.len() <= 60 * 1024, "{} bytes at ply {ply}", png.len());
            largest = largest.max(png.len());
            assert!(alt_text(&view).chars().count() <= ALT_TEXT_MAX);
            assert_eq!(
                render_text(&view).lines().filter(|l| l.ends_with(" 4")).count(),
                1
            );
            if ply % 5 == 0 {
                let gif = render_gif(&before, &report, [None, None], Style::default(), &Lang::ENGLISH);
                assert!(gif.len() <= 1024 * 1024);
            }
        }
        eprintln!("{rules:?}: largest PNG {largest} bytes");
    }
}

#[test]
fn text_board_and_alt_text_turn_with_north_at_the_bottom() {
    let (game, _, last) = women("b2");
    let view = BoardView::of_game(&game, &Lang::ENGLISH)
        .last_move(last.as_ref())
        .names(Some("alice"), Some("bob"));
    let south = render_text(&view);
    let north = render_text(&view.bottom(Side::North));
    assert!(south.starts_with("South (alice) at the bottom\n"), "{south}");
    assert!(north.starts_with("North (bob) at the bottom\n"), "{north}");
    let grid = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(['1', '2', '3', '4']))
            .map(String::from)
            .collect()
    };
    let (s, n) = (grid(&south), grid(&north));
    // Ranks 1 to 4 from the top, each row read from h to a.
    assert_eq!(n[0], "1    4    0    3    3    0    3    3    0  1");
    assert_eq!(n[1], "2    4    4    3*   2    2    2   >0    3  2");
    assert_eq!(n[3], "4    2    0x   2    2    2    2    2    2  4");
    // Every cell of the turned grid is a cell of South's grid, mirrored.
    for (row_n, row_s) in n.iter().zip(s.iter().rev()) {
        let cells = |r: &str| -> Vec<String> {
            let inner = &r[2..r.len() - 2];
            inner
                .as_bytes()
                .chunks(5)
                .map(|c| String::from_utf8_lossy(c).into_owned())
                .collect()
        };
        let mut mirrored = cells(row_s);
        mirrored.reverse();
        assert_eq!(cells(row_n), mirrored);
    }
    let letters: Vec<&str> = north
        .lines()
        .filter(|l| l.trim_start().starts_with("h "))
        .collect();
    assert_eq!(letters, ["     h    g    f    e    d    c    b    a"; 2]);
    // The bands follow: South on top, North (to move) at the bottom.
    let south_band = north.find("South (alice): 36 seeds").expect("South's band");
    let north_band = north
        .find("North (bob): 28 seeds  << to move")
        .expect("North's band");
    assert!(south_band < north.find("1 ").expect("rank 1") && north_band > north.find("4 ").expect("rank 4"));

    // The alt text says which side is at the bottom and reads the turned grid.
    let alt = alt_text(&view);
    assert!(
        alt.starts_with("Isolo board, women's game, South (alice) at the bottom. "),
        "{alt}"
    );
    assert!(alt.contains("columns a to h: rank 4: 2 2 2 2 2 2 0 2;"), "{alt}");
    let alt = alt_text(&view.bottom(Side::North));
    assert!(alt.contains("North (bob) at the bottom."), "{alt}");
    assert!(alt.contains("South (alice), ranks 1 and 2, top"), "{alt}");
    assert!(alt.contains("North (bob), ranks 3 and 4, bottom"), "{alt}");
    assert!(alt.contains("columns h to a: rank 1: 4 0 3 3 0 3 3 0;"), "{alt}");
}

#[test]
fn gif_from_north_ends_on_the_png_from_north() {
    let (game, before, last) = women("b2");
    let report = last.expect("a move");
    let style = Style {
        bottom: Side::North,
        palette: Palette::ColourBlindSafe,
    };
    let gif = render_gif(
        &before,
        &report,
        [Some("alice"), Some("bob")],
        style,
        &Lang::ENGLISH,
    );
    let frames = gif_frames(&gif);
    let view = BoardView::of_game(&game, &Lang::ENGLISH)
        .last_move(Some(&report))
        .names(Some("alice"), Some("bob"))
        .style(style);
    let (last_frame, _) = frames.last().expect("frames");
    assert!(
        *last_frame == render_rgba(&view),
        "the final frame is the turned PNG"
    );
    // The first frame is the board before the move, turned too.
    let first = render_rgba(
        &BoardView::new(&before, &Lang::ENGLISH)
            .names(Some("alice"), Some("bob"))
            .style(style),
    );
    let (x, y, w, h) = pit_bounds("b2".parse().expect("pit"), Side::North);
    let cell = |rgba: &[u8]| -> Vec<u8> {
        (y..y + h)
            .flat_map(|row| {
                let i = ((row * WIDTH + x) * 4) as usize;
                rgba[i..i + (w * 4) as usize].to_vec()
            })
            .collect()
    };
    assert!(
        cell(&frames[0].0) == cell(&first),
        "b2 before the move, in its turned place"
    );
}
