//! Nodes per second of the alpha-beta search (a node is one move simulated).
//!
//! Positions the search cannot solve within its budget, so that every run
//! searches the full budget: the boys' setup, and random openings of both
//! variants kept only when a 100,000-node search finds no forced result.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use isolo_bot::ai::{random_opening, search, Budget, Rng};
use isolo_bot::engine::{Position, Rules, Variant};

fn positions() -> Vec<(String, Position)> {
    let mut out = vec![("boys/setup".to_string(), Position::new(Rules::new(Variant::Boys)))];
    let mut rng = Rng::new(2024);
    for variant in Variant::ALL {
        for i in 0..2 {
            let pos = random_opening(Rules::new(variant), 4, Some(100_000), &mut rng);
            out.push((format!("{variant}/open{i}"), pos));
        }
    }
    out
}

fn bench_search(c: &mut Criterion) {
    const NODES: u64 = 200_000;
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, pos) in positions() {
        // The node count is deterministic: measure it once for the throughput.
        let nodes = search(&pos, Budget::nodes(NODES)).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(&name, |b| {
            b.iter(|| search(black_box(&pos), Budget::nodes(NODES)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
