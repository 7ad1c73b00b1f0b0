//! Render benchmarks: the board PNG and the sowing GIF of a typical move.
//! Budgets: PNG 1 ms and 60 KB, GIF 10 ms and 1 MB.
//!
//! `render_png ... drawn whole` is the picture made as before the layers
//! (`render_png_drawn_whole`: every pixel drawn, quantized, deflated at zlib
//! level 1), timed in the same run for comparison; the pixels are the same.
//! `render_png walk` cycles through the 40 boards of a game, so kept cells
//! are shared as between the moves of real games rather than one board
//! drawn over and over.
//! `... names latin` and `... names cjk arabic` draw the same board and move
//! with Latin names and with names in Chinese and Arabic (shaped, from the
//! system's fonts when installed; without them, stand-ins).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use isolo_bot::engine::{Game, Move, MoveReport, Position, Rules, Side, Variant};
use isolo_bot::render::{render_gif, render_png, render_png_drawn_whole, BoardView, Palette, Style};
use isolo_bot::words::Lang;

fn mv(s: &str) -> Move {
    s.parse().expect("a pit name")
}

/// The sowing GIF of `report` from `before`, South at the bottom, in English.
fn gif(before: &Position, report: &MoveReport, names: [Option<&str>; 2]) -> Vec<u8> {
    render_gif(before, report, names, Style::default(), &Lang::ENGLISH)
}

fn bench(c: &mut Criterion) {
    // Women's game after b2 h4 (rules.md W1, W2): a marked last move, names, a turn.
    let mut game = Game::new(Rules::new(Variant::Women));
    game.play(mv("b2")).expect("legal");
    let report = game.play(mv("h4")).expect("legal");
    let view = BoardView::new(game.position(), &Lang::ENGLISH)
        .last_move(Some(&report))
        .names(Some("alice"), Some("bob"));
    eprintln!("board PNG (women, b2 h4): {} bytes", render_png(&view).len());
    c.bench_function("render_png women", |b| b.iter(|| render_png(black_box(&view))));
    c.bench_function("render_png women drawn whole", |b| {
        b.iter(|| render_png_drawn_whole(black_box(&view)))
    });
    // The same board from North's side, with the colour-blind-safe palette.
    let turned = view.bottom(Side::North).palette(Palette::ColourBlindSafe);
    c.bench_function("render_png women north safe", |b| {
        b.iter(|| render_png(black_box(&turned)))
    });

    // Boys' game after B2 (c1): overture locks, captures, busier pits.
    let mut boys = Game::new(Rules::new(Variant::Boys));
    let b2 = boys.play(mv("c1")).expect("legal");
    let view = BoardView::new(boys.position(), &Lang::ENGLISH).last_move(Some(&b2));
    eprintln!("board PNG (boys, c1): {} bytes", render_png(&view).len());
    c.bench_function("render_png boys", |b| b.iter(|| render_png(black_box(&view))));

    // The boards of a whole game, one after the other.
    let mut walk = Game::new(Rules::new(Variant::Boys));
    let mut boards = Vec::new();
    for ply in 0..40 {
        let moves: Vec<Move> = walk.legal_moves().iter().collect();
        let Some(&m) = moves.get(ply * 7 % moves.len().max(1)) else {
            break;
        };
        let report = walk.play(m).expect("legal");
        boards.push((*walk.position(), report));
    }
    let mut next = 0;
    c.bench_function("render_png walk", |b| {
        b.iter(|| {
            let (position, report) = &boards[next % boards.len()];
            next += 1;
            render_png(&BoardView::new(position, &Lang::ENGLISH).last_move(Some(report)))
        })
    });
    let sizes: Vec<usize> = boards
        .iter()
        .map(|(p, r)| render_png(&BoardView::new(p, &Lang::ENGLISH).last_move(Some(r))).len())
        .collect();
    eprintln!(
        "walk PNGs: {} to {} bytes",
        sizes.iter().min().unwrap_or(&0),
        sizes.iter().max().unwrap_or(&0)
    );

    // A typical capturing move to animate: W1 from the start (5 laps, 2 captures).
    let start = *Game::new(Rules::new(Variant::Women)).position();
    let w1 = Game::new(Rules::new(Variant::Women))
        .play(mv("b2"))
        .expect("legal");
    let names = [Some("alice"), Some("bob")];
    eprintln!("GIF (women, b2): {} bytes", gif(&start, &w1, names).len());
    c.bench_function("render_gif women b2", |b| {
        b.iter(|| gif(black_box(&start), black_box(&w1), names))
    });

    // A long move: B1, the ng'hana (17 seeds, 4 captures, several relays).
    let boys_start = *Game::new(Rules::new(Variant::Boys)).position();
    let b1 = Game::new(Rules::new(Variant::Boys))
        .play(mv("h1"))
        .expect("legal");
    eprintln!("GIF (boys, h1): {} bytes", gif(&boys_start, &b1, names).len());
    c.bench_function("render_gif boys h1", |b| {
        b.iter(|| gif(black_box(&boys_start), black_box(&b1), names))
    });

    // Names in other scripts against Latin ones, on the same board and move.
    for (label, south, north) in [("latin", "alice", "bob"), ("cjk arabic", "李明", "مريم")] {
        let names = [Some(south), Some(north)];
        let view = BoardView::new(game.position(), &Lang::ENGLISH)
            .last_move(Some(&report))
            .names(names[0], names[1]);
        eprintln!("board PNG names {label}: {} bytes", render_png(&view).len());
        c.bench_function(&format!("render_png names {label}"), |b| {
            b.iter(|| render_png(black_box(&view)))
        });
        eprintln!("GIF names {label}: {} bytes", gif(&start, &w1, names).len());
        c.bench_function(&format!("render_gif names {label}"), |b| {
            b.iter(|| gif(black_box(&start), black_box(&w1), names))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
