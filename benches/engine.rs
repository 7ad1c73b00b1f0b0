//! Engine speed: random self-play (plies per second), legal moves, reports.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use isolo_bot::ai::{play_match, Random};
use isolo_bot::engine::{AfterCapture, Position, Rules, Variant};

fn selfplay(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_selfplay");
    // The default rules, then "captures go on" (rule book 1's default), so the
    // figures compare with those measured before rule book 2.
    for after_capture in [AfterCapture::End, AfterCapture::Continue] {
        for variant in Variant::ALL {
            let rules = Rules {
                after_capture,
                ..Rules::new(variant)
            };
            // Plies per batch, for the throughput figure.
            let plies = play_match(rules, &mut Random::new(1), &mut Random::new(2), 200).plies;
            group.throughput(Throughput::Elements(plies));
            let name = match after_capture {
                AfterCapture::End => variant.name().to_string(),
                AfterCapture::Continue => format!("{variant}-continue"),
            };
            group.bench_function(name, |b| {
                b.iter(|| play_match(rules, &mut Random::new(1), &mut Random::new(2), black_box(200)))
            });
        }
    }
    group.finish();
}

fn positions(c: &mut Criterion) {
    let p = Position::new(Rules::new(Variant::Women));
    c.bench_function("legal_moves_start_women", |b| {
        b.iter(|| black_box(&p).legal_moves())
    });
    let mv = "b2".parse().unwrap();
    c.bench_function("play_with_report_b2", |b| {
        b.iter(|| black_box(p).play(mv).unwrap())
    });
    c.bench_function("play_fast_b2", |b| b.iter(|| black_box(p).play_mut(mv).unwrap()));
}

criterion_group!(benches, selfplay, positions);
criterion_main!(benches);
