//! The computer players: determinism, budgets, tactics, a strength smoke test,
//! hints and reviews.

use std::time::{Duration, Instant};

use isolo_bot::ai::{
    hint, play_game, play_pairing, review, Budget, Judgement, Level, Openings, Player, Random, Searching,
};
use isolo_bot::engine::{AfterCapture, Game, Move, Outcome, Position, Rules, Side, Variant};

fn game_moves(rules: Rules, south: &mut dyn Player, north: &mut dyn Player) -> (Outcome, Vec<Move>) {
    let mut seen = Vec::new();
    let mut moves = Vec::new();
    let (result, _) = play_game(rules, south, north, &mut seen, Some(&mut moves));
    (result.outcome, moves)
}

#[test]
fn same_seed_and_node_budget_give_the_same_game() {
    let budget = Budget::nodes(2_000);
    let run = |seed: u64| {
        let mut s = Level::Hard.player_with(seed, budget);
        let mut n = Level::Easy.player_with(seed + 1, budget);
        game_moves(Rules::new(Variant::Women), s.as_mut(), n.as_mut())
    };
    let (first, second) = (run(7), run(7));
    assert!(!first.1.is_empty());
    assert_eq!(first, second, "same seeds, same budget: the same game");
    // The seed varies the tie-breaks, so another seed gives another game.
    let other = run(8);
    assert_ne!(first.1, other.1);
}

#[test]
fn a_node_budget_is_never_exceeded() {
    for variant in Variant::ALL {
        let mut pos = Position::new(Rules::new(variant));
        let mut random = Random::new(3);
        for _ in 0..12 {
            let mut s = Searching::new(1, Budget::nodes(3_000));
            let r = s.analyse(&pos);
            assert!(r.nodes <= 3_000, "{variant}: {} nodes", r.nodes);
            // The search stops early only when it has solved the position.
            assert!(
                r.nodes == 3_000 || r.score.forced_in().is_some(),
                "{variant}: {r:?}"
            );
            let Some(mv) = random.choose(&pos) else { break };
            pos.play_mut(mv).expect("legal");
        }
    }
    // The boys' setup is far from solved within the budget: all of it is used.
    let r = Searching::new(1, Budget::nodes(3_000)).analyse(&Position::new(Rules::new(Variant::Boys)));
    assert_eq!(r.nodes, 3_000);
}

#[test]
fn a_time_budget_is_kept() {
    // The boys' setup takes far longer than 50 ms to solve (the women's is solved at once).
    let pos = Position::new(Rules::new(Variant::Boys));
    // The best of three runs: on a busy machine the scheduler alone may hold
    // a thread back for several milliseconds, which is no fault of the search.
    let mut fastest = Duration::MAX;
    for seed in 0..3 {
        let mut s = Searching::new(seed, Budget::time(50));
        let start = Instant::now();
        let r = s.analyse(&pos);
        let took = start.elapsed();
        assert!(r.best.is_some());
        assert!(r.score.forced_in().is_none(), "{r:?}");
        assert!(took >= Duration::from_millis(50), "stopped early: {took:?}");
        fastest = fastest.min(took);
    }
    assert!(fastest <= Duration::from_millis(60), "searched for {fastest:?}");
}

#[test]
fn hard_takes_a_wipe_out() {
    // North has only column c; South's e2 (2 seeds) ends in c2, which is
    // occupied: it captures c3 and c4, all of North's seeds.
    let pos: Position = "women 0,0,2,0,0,0,0,0/0,0,2,0,0,0,0,0/5,5,5,5,2,5,5,5/0,5,5,5,0,5,3,0 s -"
        .parse()
        .expect("position");
    let mut e2 = pos;
    assert!(e2.play_mut("e2".parse().unwrap()).expect("legal").wiped_out);
    let h = hint(&pos, Budget::nodes(10_000)).expect("a move");
    assert_eq!(h.captured, 4);
    assert!(h.score.is_win(), "{}", h.score);
    assert_eq!(h.score.forced_in(), Some(1));
    let mut p = pos;
    assert!(p.play_mut(h.mv).expect("legal").wiped_out);
}

#[test]
fn hard_beats_random_from_the_setup() {
    // Standard rules, from the setup: no forced win for either side is known,
    // and the reseeded tie-breaks make every game a different one.
    let mut hard = Level::Hard.player_with(11, Budget::nodes(1_500));
    let mut random = Level::Random.player(12);
    for variant in Variant::ALL {
        let stats = play_pairing(
            Rules::new(variant),
            hard.as_mut(),
            random.as_mut(),
            20,
            Openings::SETUP,
        );
        assert_eq!(stats.a_wins, 20, "{variant}: {stats:?}");
        assert!(stats.distinct_games >= 18, "{variant}: {stats:?}");
    }
}

#[test]
fn captures_going_on_make_the_women_game_a_first_player_win() {
    let rules = Rules {
        after_capture: AfterCapture::Continue,
        ..Rules::new(Variant::Women)
    };
    let h = hint(&Position::new(rules), Budget::nodes(100_000)).expect("a move");
    assert_eq!(h.score.forced_in(), Some(5), "{h:?}");
    // Under the standard rules the same search finds no forced result.
    let h = hint(&Position::new(Rules::new(Variant::Women)), Budget::nodes(100_000)).expect("a move");
    assert_eq!(h.score.forced_in(), None, "{h:?}");
}

#[test]
fn levels_parse_and_have_caps() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
        let json = serde_json::to_string(&level).unwrap();
        assert_eq!(json, format!("\"{}\"", level.name()));
    }
    assert!("grandmaster".parse::<Level>().is_err());
    // Easy and medium keep their caps whatever nodes are offered; hard takes them.
    let big = Budget::nodes(1_000_000);
    assert_eq!(Level::Easy.budget(big).nodes, Level::Easy.node_cap());
    assert_eq!(Level::Medium.budget(big).nodes, Level::Medium.node_cap());
    assert_eq!(Level::Hard.budget(big), big);
    assert_eq!(Level::Easy.budget(Budget::nodes(10)).nodes, Some(10));
    assert!(Level::Hard.budget(Budget::default()).think_ms.is_some());
}

#[test]
fn a_hint_reports_its_capture() {
    let pos = Position::new(Rules::new(Variant::Women));
    let h = hint(&pos, Budget::nodes(5_000)).expect("a move");
    let (_, report) = pos.play(h.mv).expect("legal");
    assert_eq!(h.captured, report.captured());
    assert!(h.nodes <= 5_000 && h.depth >= 1);
    // Deterministic: no jitter in hints.
    assert_eq!(hint(&pos, Budget::nodes(5_000)), Some(h));
}

#[test]
fn a_review_finds_the_blunders_of_a_random_player() {
    // Random moves first in the boys' game, a forced win it soon throws away.
    let rules = Rules::new(Variant::Boys);
    let mut hard = Level::Hard.player_with(5, Budget::nodes(2_000));
    let mut random = Level::Random.player(6);
    let (_, moves) = game_moves(rules, random.as_mut(), hard.as_mut());
    let game = Game::replay(Position::new(rules), &moves).expect("legal game");
    let r = review(&game, Budget::nodes(2_000));
    assert_eq!(r.plies.len(), moves.len());
    for (i, p) in r.plies.iter().enumerate() {
        assert_eq!(p.ply, i + 1);
        assert_eq!(p.played, moves[i]);
        assert!(p.loss >= 0.0);
        if p.played == p.best {
            assert_eq!(p.loss, 0.0);
        }
    }
    let (random_loss, _) = r.total_loss(Side::South);
    let (hard_loss, _) = r.total_loss(Side::North);
    assert!(random_loss > hard_loss, "random {random_loss}, hard {hard_loss}");
    assert!(!r.turning_points.is_empty());
    assert!(r.turning_points.windows(2).all(|w| w[0] < w[1]));
    assert!(r.turning_points.iter().all(|&i| r.plies[i].loss >= 1.0));
    let text = isolo_bot::words::narrate::review_table(isolo_bot::words::Lang::ENGLISH, &r);
    assert!(text.contains("turning points:"), "{text}");
    assert!(text.contains("result: North won"), "{text}");
    // The tally counts every judged move once.
    for side in Side::ALL {
        let judged = r
            .plies
            .iter()
            .filter(|p| p.side == side && p.judgement().is_some())
            .count();
        assert_eq!(r.tally(side).iter().map(|&(_, n)| n).sum::<usize>(), judged);
    }
    let blunders = r.tally(Side::South)[0];
    assert_eq!(blunders.0, Judgement::Blunder);
    let en = isolo_bot::words::Lang::ENGLISH;
    let count = |n: usize| isolo_bot::tr!(en, "judgement", kind = "blunder", count = n);
    assert!(
        text.contains(&format!(
            "South: {} moves: {}",
            r.total_loss(Side::South).1,
            count(blunders.1)
        )),
        "{text}"
    );
    assert_eq!(
        isolo_bot::tr!(en, "judgement", kind = "inaccuracy", count = 1),
        "1 inaccuracy"
    );
    assert_eq!(
        isolo_bot::tr!(en, "judgement", kind = "inaccuracy", count = 2),
        "2 inaccuracies"
    );
}
