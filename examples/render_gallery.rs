//! Writes sample board pictures and animations to a folder, to look at them
//! (and to refresh the README pictures in `assets/`).
//!
//! `cargo run --example render_gallery -- /tmp/gallery`

use std::path::PathBuf;

use isolo_bot::engine::{Game, GameResult, Move, MoveReport, Outcome, Position, Rules, Termination, Variant};
use isolo_bot::render::{alt_text, render_gif, render_png, render_text, BoardView};

fn play(variant: Variant, moves: &str) -> (Game, Position, Option<MoveReport>) {
    let mut game = Game::new(Rules::new(variant));
    let mut before = *game.position();
    let mut last = None;
    for m in moves.split_whitespace() {
        let mv: Move = m.parse().expect("a pit name");
        before = *game.position();
        last = Some(game.play(mv).unwrap_or_else(|e| panic!("{m}: {e}")));
    }
    (game, before, last)
}

fn main() -> std::io::Result<()> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "gallery".into()));
    std::fs::create_dir_all(&dir)?;
    let cases: &[(&str, Variant, &str, [Option<&str>; 2])] = &[
        ("women-start", Variant::Women, "", [None, None]),
        ("women-w1", Variant::Women, "b2", [Some("alice"), Some("bob")]),
        (
            "women-w3",
            Variant::Women,
            "b2 h4 d2",
            [Some("alice"), Some("bob")],
        ),
        ("boys-start", Variant::Boys, "", [Some("Kwame"), Some("Nyanda")]),
        ("boys-b1", Variant::Boys, "h1", [Some("Kwame"), Some("Nyanda")]),
        ("boys-b2", Variant::Boys, "c1", [Some("Kwame"), Some("Nyanda")]),
        (
            "long-names",
            Variant::Women,
            "b2 h4",
            [Some("A very long display name indeed 🎲🎲"), Some("北の人")],
        ),
    ];
    for (name, variant, moves, names) in cases {
        let (game, before, last) = play(*variant, moves);
        let view = BoardView::of_game(&game)
            .last_move(last.as_ref())
            .names(names[0], names[1]);
        std::fs::write(dir.join(format!("{name}.png")), render_png(&view))?;
        std::fs::write(
            dir.join(format!("{name}.txt")),
            format!("{}\n\n{}\n", render_text(&view), alt_text(&view)),
        )?;
        if let Some(r) = &last {
            std::fs::write(dir.join(format!("{name}.gif")), render_gif(&before, r, *names))?;
        }
    }
    // A finished game: a resignation shown on the board.
    let (game, _, last) = play(Variant::Women, "b2 h4 d2");
    let result = GameResult {
        outcome: Outcome::Win(isolo_bot::engine::Side::South),
        termination: Termination::Resignation,
    };
    let view = BoardView::new(game.position())
        .last_move(last.as_ref())
        .names(Some("alice"), Some("bob"))
        .result(Some(result));
    std::fs::write(dir.join("women-over.png"), render_png(&view))?;
    std::fs::write(
        dir.join("women-over.txt"),
        format!("{}\n\n{}\n", render_text(&view), alt_text(&view)),
    )?;
    Ok(())
}
