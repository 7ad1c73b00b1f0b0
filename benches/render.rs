//! Render benchmarks: the board PNG (draw + quantize + encode) and the sowing
//! GIF of a typical move. Budgets: PNG 15 ms, GIF 150 ms.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use isolo_bot::engine::{Game, Move, Rules, Variant};
use isolo_bot::render::{render_gif, render_png, BoardView};

fn mv(s: &str) -> Move {
    s.parse().expect("a pit name")
}

fn bench(c: &mut Criterion) {
    // Women's game after b2 h4 (W1, W2): captures, relays and a marked last move.
    let mut game = Game::new(Rules::new(Variant::Women));
    game.play(mv("b2")).expect("legal");
    let before = *game.position();
    let report = game.play(mv("h4")).expect("legal");
    let view = BoardView::new(game.position())
        .last_move(Some(&report))
        .names(Some("alice"), Some("bob"));
    let png = render_png(&view);
    eprintln!("board PNG: {} bytes", png.len());
    c.bench_function("render_png women", |b| b.iter(|| render_png(black_box(&view))));

    // A typical capturing move to animate: W1 from the start (5 laps, 2 captures).
    let start = *Game::new(Rules::new(Variant::Women)).position();
    let mut g = Game::new(Rules::new(Variant::Women));
    let w1 = g.play(mv("b2")).expect("legal");
    let gif = render_gif(&start, &w1, [Some("alice"), Some("bob")]);
    eprintln!("W1 GIF: {} bytes", gif.len());
    c.bench_function("render_gif women b2", |b| {
        b.iter(|| render_gif(black_box(&start), black_box(&w1), [Some("alice"), Some("bob")]))
    });
    let _ = before;
}

criterion_group!(benches, bench);
criterion_main!(benches);
