//! Nodes per second of the alpha-beta search, from a few positions of each variant.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use isolo_bot::ai::{search, Budget, Player, Random};
use isolo_bot::engine::{Position, Rules, Variant};

/// The start and the positions after 10 and 30 random plies.
fn positions(variant: Variant) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    let mut pos = Position::new(Rules::new(variant));
    let mut random = Random::new(42);
    for ply in 0..=30 {
        if matches!(ply, 0 | 10 | 30) {
            out.push((format!("{variant}/ply{ply}"), pos));
        }
        match random.choose(&pos) {
            Some(mv) => {
                pos.play_mut(mv).expect("legal");
            }
            None => break,
        }
    }
    out
}

fn bench_search(c: &mut Criterion) {
    const NODES: u64 = 200_000;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for variant in Variant::ALL {
        for (name, pos) in positions(variant) {
            // The node count is deterministic: measure it once for the throughput.
            let nodes = search(&pos, Budget::nodes(NODES)).nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(&name, |b| {
                b.iter(|| search(black_box(&pos), Budget::nodes(NODES)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
