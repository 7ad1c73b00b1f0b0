//! Properties of the engine over many random games and arbitrary input.

use isolo_bot::ai::{Player, Random};
use isolo_bot::engine::{
    AfterCapture, CaptureFrom, Game, IllegalMove, Move, Pit, Position, Record, Rules, Side, Termination,
    Variant, MAX_PLIES,
};
use proptest::prelude::*;

fn all_rules() -> Vec<Rules> {
    let mut v = Vec::new();
    for variant in Variant::ALL {
        for capture_from in [CaptureFrom::Origin, CaptureFrom::CapturePit] {
            for after_capture in [AfterCapture::End, AfterCapture::Continue] {
                for first in Side::ALL {
                    v.push(Rules {
                        variant,
                        capture_from,
                        after_capture,
                        first,
                    });
                }
            }
        }
    }
    v
}

/// Plays a random game through `Game`, checking invariants after every move.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut game = Game::new(rules);
    let mut player = Random::new(seed);
    while game.result().is_none() {
        let before = *game.position();
        let legal = before.legal_moves();
        // Every pit that is not a legal move is refused and changes nothing.
        for pit in Pit::all() {
            let mv = Move(pit);
            if !legal.contains(mv) {
                let err = before.play(mv).expect_err("not in the legal list");
                assert_eq!(err.position, before);
                let mut g2 = game.clone();
                assert!(g2.play(mv).is_err());
                assert_eq!(g2, game, "a refused move leaves the game unchanged");
            }
        }
        let mv = player
            .choose(&before)
            .expect("a game in progress has a legal move");
        assert!(legal.contains(mv));
        let report = game.play(mv).expect("legal");
        let after = *game.position();
        // 64 seeds, always.
        assert_eq!(after.total(Side::South) + after.total(Side::North), 64);
        // Seeds change sides only by capture, and only toward the mover.
        let mover = before.to_move();
        let gained = after.total(mover) as i64 - before.total(mover) as i64;
        assert_eq!(
            gained,
            i64::from(report.captured() as u16),
            "seeds move only by capture"
        );
        // The fast path agrees with the reporting path.
        let mut fast = before;
        let played = fast.play_mut(mv).unwrap();
        assert_eq!(fast, after);
        assert_eq!(u32::from(played.captured), report.captured());
        assert_eq!(played.laps as usize, report.laps.len());
        // Position text round-trips.
        assert_eq!(after.to_string().parse::<Position>().unwrap(), after);
        assert!(game.ply() <= MAX_PLIES);
    }
    game
}

#[test]
fn random_games_keep_every_invariant_and_end() {
    let mut terminations = std::collections::HashMap::new();
    for rules in all_rules() {
        for seed in 0..40 {
            let game = random_game(rules, seed);
            let result = game.result().unwrap();
            *terminations.entry(result.termination).or_insert(0) += 1;
            if result.termination == Termination::NoLegalMove {
                assert!(game.position().legal_moves().is_empty());
                assert_eq!(
                    result.outcome.winner(),
                    Some(game.position().to_move().opponent())
                );
            }
            // Records round-trip and replay to the same game.
            let mut rec = Record::from_game(&game);
            rec.south = Some("Ann \"the sower\"".into());
            rec.north = Some("Bo\\b".into());
            let text = rec.to_string();
            let back: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, rec);
            assert_eq!(back.to_game().unwrap(), game);
        }
    }
    assert!(terminations[&Termination::NoLegalMove] > 0);
}

#[test]
fn illegal_moves_say_why() {
    let p = Position::new(Rules::new(Variant::Boys));
    let reason = |m: &str| p.play(m.parse().unwrap()).unwrap_err().reason;
    assert!(matches!(reason("c3"), IllegalMove::NotYourPit { .. }));
    assert!(matches!(reason("b1"), IllegalMove::TooFewSeeds { seeds: 0, .. }));
    assert!(matches!(reason("b3"), IllegalMove::NotYourPit { .. }));
    assert!(matches!(reason("g2"), IllegalMove::TooFewSeeds { seeds: 1, .. }));
    assert!(matches!(reason("h2"), IllegalMove::OutOfPlay { .. }));
    let mut g = Game::new(Rules::new(Variant::Women));
    g.end(isolo_bot::engine::GameResult {
        outcome: isolo_bot::engine::Outcome::Draw,
        termination: Termination::Agreement,
    })
    .unwrap();
    assert_eq!(g.play("b2".parse().unwrap()), Err(IllegalMove::GameOver));
}

/// A plain simulation of pure relay sowing (no captures possible), with only
/// the lap cap: an independent check of the kernel's cycle detection.
fn relays_forever(ring: [u8; 16], k: usize) -> bool {
    let (mut ring, mut pos) = (ring, k);
    let mut hand = std::mem::take(&mut ring[k]);
    for _ in 0..isolo_bot::engine::MAX_LAPS {
        while hand > 0 {
            pos = (pos + 1) % 16;
            ring[pos] += 1;
            hand -= 1;
        }
        if ring[pos] == 1 {
            return false;
        }
        hand = std::mem::take(&mut ring[pos]);
    }
    true
}

#[test]
fn never_ending_moves_are_illegal() {
    // North is in the boys' overture with only its protected ng'hana, so South
    // can never capture: South's moves are pure relay sowing over 47 seeds.
    let mut rng = isolo_bot::ai::Rng::new(99);
    let (mut never, mut ending) = (0, 0);
    for _ in 0..3_000 {
        let mut south = [0u8; 16];
        for _ in 0..47 {
            south[rng.below(16) as usize] += 1;
        }
        let mut north = [0u8; 16];
        north[7] = 17;
        let p = Position::from_parts(
            Variant::Boys,
            (CaptureFrom::Origin, AfterCapture::End),
            [south, north],
            [false, true],
            Side::South,
        )
        .unwrap();
        let legal = p.legal_moves();
        for k in (0..16).filter(|&k| south[k] >= 2) {
            let mv = Move(Pit::from_ring(Side::South, k));
            let forever = relays_forever(south, k);
            match p.play(mv) {
                Err(e) => {
                    assert_eq!(e.reason, IllegalMove::NeverEnding { pit: mv.pit() });
                    assert!(forever, "the kernel refused a move that ends");
                    assert!(!legal.contains(mv));
                    never += 1;
                }
                Ok(_) => {
                    assert!(!forever, "the kernel accepted a move that never ends");
                    ending += 1;
                }
            }
        }
    }
    assert!(
        never > 0 && ending > 0,
        "both kinds were met: {never} never-ending, {ending} ending"
    );
}

proptest! {
    #[test]
    fn pit_parser_never_panics(s in ".{0,12}") {
        let _ = s.parse::<Pit>();
    }

    #[test]
    fn pit_names_round_trip(i in 0usize..32, upper in any::<bool>(), pad in any::<bool>()) {
        let pit = Pit::from_index(i).unwrap();
        let mut text = pit.to_string();
        if upper { text = text.to_uppercase(); }
        if pad { text = format!(" {} ", text.chars().map(String::from).collect::<Vec<_>>().join(" ")); }
        prop_assert_eq!(text.parse::<Pit>().unwrap(), pit);
    }

    #[test]
    fn position_parser_never_panics(s in "\\PC{0,120}") {
        let _ = s.parse::<Position>();
    }

    #[test]
    fn position_parser_rejects_mangled_texts(cut in 0usize..80, junk in "[0-9,/ a-z]{0,6}") {
        let text = Position::new(Rules::new(Variant::Boys)).to_string();
        let cut = cut.min(text.len());
        let mangled = format!("{}{}{}", &text[..cut], junk, &text[cut..]);
        if let Ok(p) = mangled.parse::<Position>() {
            prop_assert_eq!(p.total(Side::South) + p.total(Side::North), 64);
        }
    }

    #[test]
    fn record_parser_never_panics(s in "\\PC{0,300}") {
        let _ = s.parse::<Record>().map(|r| r.to_game());
    }

    #[test]
    fn record_parser_survives_mangled_records(seed in 0u64..50, cut in 0usize..400, junk in "\\PC{0,8}") {
        let game = random_game(Rules::new(Variant::Women), seed);
        let text = Record::from_game(&game).to_string();
        let mut cut = cut.min(text.len());
        while !text.is_char_boundary(cut) { cut -= 1; }
        let mangled = format!("{}{}{}", &text[..cut], junk, &text[cut..]);
        let _ = mangled.parse::<Record>().map(|r| r.to_game());
    }
}

#[test]
fn a_position_is_a_few_dozen_bytes() {
    assert!(
        std::mem::size_of::<Position>() <= 40,
        "{}",
        std::mem::size_of::<Position>()
    );
}
