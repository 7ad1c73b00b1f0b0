//! Tournament benchmarks: pairing a round of the largest Swiss (64
//! players, round 7 after six rounds of results), its standings, and the
//! standings pictures of that Swiss and of the largest double round robin.
//! Budgets: a pairing 20 ms, standings 1 ms, a picture 50 ms and 200 KB.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use isolo_bot::ai::Rng;
use isolo_bot::render::standings::{render_standings_png, Labels, Mark, Row, StandingsView};
use isolo_bot::table::tournament::pairing::{round_robin, swiss, Round, Score};
use isolo_bot::table::tournament::tiebreak::standings;

const LABELS: Labels<'static> = Labels {
    rank: "#",
    player: "Player",
    points: "Pts",
    buchholz: "BH-1",
    sonneborn: "SB",
    direct: "DE",
    wins: "W",
    withdrawn: "(withdrew)",
};

fn results(rng: &mut Rng, round: &mut Round) {
    for b in &mut round.boards {
        b.score = Some([Score::White, Score::Black, Score::Draw][rng.below(3) as usize]);
    }
}

fn bench(c: &mut Criterion) {
    let n = 64;
    let active = vec![true; n];
    let mut rng = Rng::new(23);
    let mut rounds = Vec::new();
    for _ in 0..6 {
        let mut round = swiss(n, &active, &rounds).expect("a pairing");
        results(&mut rng, &mut round);
        rounds.push(round);
    }
    c.bench_function("swiss pairing 64 players round 7", |b| {
        b.iter(|| swiss(black_box(n), &active, black_box(&rounds)))
    });
    c.bench_function("standings 64 players 6 rounds", |b| {
        b.iter(|| standings(black_box(n), black_box(&rounds)))
    });

    let names: Vec<String> = (0..n).map(|i| format!("player number {i}")).collect();
    let rows = |lines: &[isolo_bot::table::Standing]| -> Vec<Row<'_>> {
        lines
            .iter()
            .map(|l| Row {
                rank: l.rank,
                name: "",
                halves: l.halves,
                buchholz: l.buchholz,
                sonneborn: l.sonneborn,
                direct: l.direct,
                wins: l.wins,
                withdrawn: false,
            })
            .collect()
    };
    let lines = standings(n, &rounds);
    let mut swiss_rows = rows(&lines);
    for (r, l) in swiss_rows.iter_mut().zip(&lines) {
        r.name = &names[usize::from(l.player)];
    }
    let view = StandingsView {
        title: "Tournament #1 · round 6 of 7",
        labels: LABELS,
        rows: swiss_rows,
        cross: None,
    };
    eprintln!(
        "standings PNG, 64-player Swiss: {} bytes",
        render_standings_png(&view).len()
    );
    c.bench_function("standings png 64-player swiss", |b| {
        b.iter(|| render_standings_png(black_box(&view)))
    });

    let m = 16;
    let mut rr = round_robin(m, true);
    for round in &mut rr {
        results(&mut rng, round);
    }
    let lines = standings(m, &rr);
    let mut rr_rows = rows(&lines);
    for (r, l) in rr_rows.iter_mut().zip(&lines) {
        r.name = &names[usize::from(l.player)];
    }
    let cross = vec![vec![vec![Mark::Win, Mark::Draw]; m]; m];
    let view = StandingsView {
        title: "Tournament #2 · final standings",
        labels: LABELS,
        rows: rr_rows,
        cross: Some(cross),
    };
    eprintln!(
        "standings PNG, 16-player double round robin: {} bytes",
        render_standings_png(&view).len()
    );
    c.bench_function("standings png 16-player double round robin", |b| {
        b.iter(|| render_standings_png(black_box(&view)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
