//! Writes sample board pictures and animations to a folder, to look at them
//! (and to refresh the README pictures in `assets/`).
//!
//! `cargo run --example render_gallery -- /tmp/gallery`

use std::path::PathBuf;

use isolo_bot::engine::{
    AfterCapture, CaptureFrom, Game, GameResult, Move, MoveReport, Outcome, Position, Rules, Side,
    Termination, Variant,
};
use isolo_bot::render::{alt_text, render_gif, render_png, render_text, BoardView, Palette, Style};
use isolo_bot::words::Lang;

fn play(variant: Variant, moves: &str) -> (Game, Position, Option<MoveReport>) {
    play_rules(Rules::new(variant), moves)
}

fn play_rules(rules: Rules, moves: &str) -> (Game, Position, Option<MoveReport>) {
    let mut game = Game::new(rules);
    let mut before = *game.position();
    let mut last = None;
    for m in moves.split_whitespace() {
        let mv: Move = m.parse().expect("a pit name");
        before = *game.position();
        last = Some(game.play(mv).unwrap_or_else(|e| panic!("{m}: {e}")));
    }
    (game, before, last)
}

/// A picture to draw: file name, variant, moves, names (South, North), style.
type Case<'a> = (&'a str, Variant, &'a str, [Option<&'a str>; 2], Style);

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "gallery".into()));
    std::fs::create_dir_all(&dir)?;
    let north = Style {
        bottom: Side::North,
        palette: Palette::Standard,
    };
    let safe = Style {
        bottom: Side::South,
        palette: Palette::ColourBlindSafe,
    };
    let north_safe = Style {
        bottom: Side::North,
        palette: Palette::ColourBlindSafe,
    };
    let plain = Style::default();
    let cases: &[Case] = &[
        ("women-start", Variant::Women, "", [None, None], plain),
        (
            "women-w1",
            Variant::Women,
            "b2",
            [Some("alice"), Some("bob")],
            plain,
        ),
        (
            "women-w1-north",
            Variant::Women,
            "b2",
            [Some("alice"), Some("bob")],
            north,
        ),
        (
            "women-w1-safe",
            Variant::Women,
            "b2",
            [Some("alice"), Some("bob")],
            safe,
        ),
        (
            "women-w1-north-safe",
            Variant::Women,
            "b2",
            [Some("alice"), Some("bob")],
            north_safe,
        ),
        (
            "women-w3",
            Variant::Women,
            "b2 h4 d2",
            [Some("alice"), Some("bob")],
            plain,
        ),
        (
            "boys-start",
            Variant::Boys,
            "",
            [Some("Kwame"), Some("Nyanda")],
            plain,
        ),
        (
            "boys-start-north",
            Variant::Boys,
            "",
            [Some("Kwame"), Some("Nyanda")],
            north,
        ),
        (
            "boys-b1",
            Variant::Boys,
            "h1",
            [Some("Kwame"), Some("Nyanda")],
            plain,
        ),
        (
            "boys-b1-north",
            Variant::Boys,
            "h1",
            [Some("Kwame"), Some("Nyanda")],
            north,
        ),
        (
            "boys-b2",
            Variant::Boys,
            "c1",
            [Some("Kwame"), Some("Nyanda")],
            plain,
        ),
        (
            "boys-b2-safe",
            Variant::Boys,
            "c1",
            [Some("Kwame"), Some("Nyanda")],
            safe,
        ),
        (
            "long-names",
            Variant::Women,
            "b2 h4",
            [Some("A very long display name indeed 🎲🎲"), Some("北の人")],
            north,
        ),
    ];
    for (name, variant, moves, names, style) in cases {
        let (game, before, last) = play(*variant, moves);
        let view = BoardView::of_game(&game, &Lang::ENGLISH)
            .last_move(last.as_ref())
            .names(names[0], names[1])
            .style(*style);
        write_png(&dir, name, &view, style.bottom == Side::North)?;
        std::fs::write(
            dir.join(format!("{name}.txt")),
            format!("{}\n\n{}\n", render_text(&view), alt_text(&view)),
        )?;
        if let Some(r) = &last {
            std::fs::write(
                dir.join(format!("{name}.gif")),
                render_gif(&before, r, *names, *style, &Lang::ENGLISH),
            )?;
        }
    }
    // A finished game: a resignation shown on the board.
    let (game, _, last) = play(Variant::Women, "b2 h4 d2");
    let result = GameResult {
        outcome: Outcome::Win(isolo_bot::engine::Side::South),
        termination: Termination::Resignation,
    };
    let view = BoardView::new(game.position(), &Lang::ENGLISH)
        .last_move(last.as_ref())
        .names(Some("alice"), Some("bob"))
        .result(Some(result));
    std::fs::write(dir.join("women-over.png"), render_png(&view))?;
    std::fs::write(
        dir.join("women-over.txt"),
        format!("{}\n\n{}\n", render_text(&view), alt_text(&view)),
    )?;
    // Names in joined and right-to-left scripts, on boards in other languages.
    let scripts = [
        ("scripts-sw", "sw", ["مريم", "प्रिया"]),
        ("scripts-fr", "fr", ["สมชาย", "김민준"]),
        ("scripts-de", "de", ["דוד", "Ελένη"]),
    ];
    for (name, tag, [south, north]) in scripts {
        let lang = Lang::from_tag(tag).expect("a shipped language");
        let (game, _, last) = play(Variant::Boys, "h1");
        let view = BoardView::of_game(&game, &lang)
            .last_move(last.as_ref())
            .names(Some(south), Some(north));
        write_png(&dir, name, &view, false)?;
        std::fs::write(
            dir.join(format!("{name}.txt")),
            format!("{}\n\n{}\n", render_text(&view), alt_text(&view)),
        )?;
    }
    // House rules from North's side: the note stays in the top band.
    let rules = Rules {
        capture_from: CaptureFrom::CapturePit,
        after_capture: AfterCapture::Continue,
        ..Rules::new(Variant::Boys)
    };
    let (game, _, last) = play_rules(rules, "h1");
    let view = BoardView::of_game(&game, &Lang::ENGLISH)
        .last_move(last.as_ref())
        .names(Some("Kwame"), Some("Nyanda"))
        .style(north_safe);
    write_png(&dir, "boys-house-north-safe", &view, true)?;
    Ok(())
}

/// Writes the picture, and with `phone` a 400-pixel-wide copy as a phone shows it.
fn write_png(dir: &std::path::Path, name: &str, view: &BoardView, phone: bool) -> std::io::Result<()> {
    let png = render_png(view);
    std::fs::write(dir.join(format!("{name}.png")), &png)?;
    if phone {
        let img = image::load_from_memory(&png).map_err(std::io::Error::other)?;
        let small = img.resize(400, 400, image::imageops::FilterType::Triangle);
        small
            .save(dir.join(format!("{name}-phone.png")))
            .map_err(std::io::Error::other)?;
    }
    Ok(())
}
