//! Players' pages and the explorer: what they add to the commit that ends
//! a game, and the rating chart picture of `/isolo stats`.
//!
//! `finish after N plies` resigns a rated game between two members after N
//! plies on a memory store: the record, ratings, rating points, the
//! players' lists and (for N > 0) N explorer entries read and written in
//! one commit. Comparing 0 and 40 plies gives the explorer's cost.
//! `rating chart 50 points` draws the chart picture.

use std::sync::Arc;

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use isolo_bot::render::chart::{render_rating_chart_png, ChartPoint, RatingChart};
use isolo_bot::store::MemoryStore;
use isolo_bot::table::{ChallengeRequest, GameSettings, ManualClock, Opponent, Table, TableConfig};

/// A rated game between members 1 and 2 in channel 10, `plies` moves in.
fn game_after(plies: usize) -> Table {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let t = Table::new(Arc::new(MemoryStore::new()), clock, TableConfig::default());
    // A channel everyone sees: its end writes the explorer too.
    t.note_place_sight(10, true).expect("notes the channel");
    let req = ChallengeRequest {
        guild: 7,
        channel: 10,
        challenger: 1,
        challenger_name: "ann".into(),
        opponent: Opponent::User {
            id: 2,
            name: "bo".into(),
        },
        settings: GameSettings::default(),
    };
    t.challenge(req).expect("challenges");
    t.accept(10, 2, None).expect("accepts");
    for _ in 0..plies {
        let mover = t.game(10).unwrap().unwrap().to_move().unwrap().user().unwrap();
        let mv = t.moves_for(10, mover).unwrap()[0].mv;
        if t.play(10, mover, &mv.to_string()).unwrap().finished.is_some() {
            break;
        }
    }
    t
}

fn bench(c: &mut Criterion) {
    for plies in [0, 40] {
        c.bench_function(&format!("finish after {plies} plies"), |b| {
            b.iter_batched(
                || game_after(plies),
                |t| t.resign(10, 2).expect("resigns"),
                BatchSize::SmallInput,
            )
        });
    }
    let points: Vec<ChartPoint> = (0..50)
        .map(|i| ChartPoint {
            rating: 1500.0 + 7.0 * f64::from(i),
            deviation: Some(350.0 / (1.0 + f64::from(i)).sqrt()),
        })
        .collect();
    let chart = RatingChart {
        title: "alice · 1843",
        points: &points,
    };
    c.bench_function("rating chart 50 points", |b| {
        b.iter(|| render_rating_chart_png(black_box(&chart)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
