//! The worked examples of rules.md section 8, read from `tests/data/worked_examples.txt`.

use isolo_bot::engine::{AfterCapture, CaptureFrom, Game, Move, Pit, Position, Rules, Side, Variant};

struct Example {
    name: String,
    lines: Vec<(String, String)>,
}

fn examples() -> Vec<Example> {
    let text = include_str!("../data/worked_examples.txt");
    let mut out: Vec<Example> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("== ") {
            out.push(Example {
                name: name.into(),
                lines: Vec::new(),
            });
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        out.last_mut()
            .expect("a `==` header first")
            .lines
            .push((key.into(), value.into()));
    }
    out
}

fn ring(text: &str) -> [u8; 16] {
    let v: Vec<u8> = text.split(',').map(|x| x.trim().parse().unwrap()).collect();
    v.try_into().unwrap()
}

fn check(ex: &Example) {
    let name = &ex.name;
    let (mut game, mut last_report) = (None, None);
    let mut laps_expected = Vec::new();
    for (key, value) in &ex.lines {
        match key.as_str() {
            "rules" => {
                let mut words = value.split_whitespace();
                let variant: Variant = words.next().unwrap().parse().unwrap();
                let mut rules = Rules::new(variant);
                for word in words {
                    match word {
                        "capture-pit" => rules.capture_from = CaptureFrom::CapturePit,
                        "continue" => rules.after_capture = AfterCapture::Continue,
                        other => panic!("{name}: unknown house rule {other}"),
                    }
                }
                game = Some(Game::new(rules));
            }
            "moves" => {
                let g = game.as_mut().unwrap();
                for m in value.split_whitespace() {
                    let mv: Move = m.parse().unwrap();
                    last_report = Some(g.play(mv).unwrap_or_else(|e| panic!("{name}: {m} refused: {e}")));
                }
            }
            "lap" => laps_expected.push(value.clone()),
            "south" | "north" => {
                let side: Side = key.parse().unwrap();
                assert_eq!(
                    game.as_ref().unwrap().position().ring(side),
                    &ring(value),
                    "{name}: {key} ring"
                );
            }
            "board" => {
                let p = game.as_ref().unwrap().position();
                for (i, rank_text) in value.split('/').enumerate() {
                    let rank = 4 - i as u8;
                    let want: Vec<u8> = rank_text.split(',').map(|x| x.parse().unwrap()).collect();
                    let got: Vec<u8> = (0..8).map(|c| p.seeds(Pit::new(c, rank).unwrap())).collect();
                    assert_eq!(got, want, "{name}: rank {rank}");
                }
            }
            "totals" => {
                let p = game.as_ref().unwrap().position();
                let want: Vec<u32> = value.split(' ').map(|x| x.parse().unwrap()).collect();
                assert_eq!(
                    vec![p.total(Side::South), p.total(Side::North)],
                    want,
                    "{name}: totals"
                );
            }
            "overture" => {
                let p = game.as_ref().unwrap().position();
                let got: String = [("S", Side::South), ("N", Side::North)]
                    .iter()
                    .filter(|(_, s)| p.in_overture(*s))
                    .map(|(n, _)| *n)
                    .collect();
                assert_eq!(got, *value, "{name}: overture");
            }
            "legal" => {
                let p = game.as_ref().unwrap().position();
                let mut got: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
                let mut want: Vec<String> = value.split_whitespace().map(String::from).collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{name}: legal moves");
            }
            other => panic!("{name}: unknown key {other}"),
        }
    }
    if !laps_expected.is_empty() {
        let report = last_report.expect("a move was played");
        let got: Vec<String> = report.laps.iter().map(|l| l.to_string()).collect();
        assert_eq!(got, laps_expected, "{name}: laps");
    }
    // Every example keeps the 64 seeds and survives the position text.
    let p = *game.unwrap().position();
    assert_eq!(p.total(Side::South) + p.total(Side::North), 64, "{name}");
    assert_eq!(
        p.to_string().parse::<Position>().unwrap(),
        p,
        "{name}: position text"
    );
}

#[test]
fn worked_examples_of_the_rule_book() {
    let all = examples();
    assert!(all.len() >= 13, "the data file has every example");
    for ex in &all {
        check(ex);
    }
}
