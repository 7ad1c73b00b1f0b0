//! The analysis a game's page shows, at the table: no engine help during a
//! game between people, for anyone; a game against the computer analysed
//! at any time, one new move at a time, with the review's own figures; and
//! variations played by the rules that never touch the game.

use std::sync::Arc;

use isolo_bot::ai::{review, review_continued, Budget, Level};
use isolo_bot::engine::{Game, Side};
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, Opponent, Sight, Table, TableError, Watched,
    ANALYSIS_NODES, MAX_VARIATION,
};

use super::web::{start_game, table};

/// Game `id` of `channel` as a page opens it for `who`, seeing it as `sight`.
fn watched(t: &Table, channel: u64, id: u64, who: Option<u64>, sight: Sight) -> Watched {
    let key = t.link_key(channel, id).expect("a key");
    t.watch(channel, id, &key)
        .expect("found")
        .open(who, sight)
        .expect("may watch")
}

/// Plays `plies` moves in `channel`, each the first legal move, by whoever
/// of members 11 and 12 is to move.
fn play_first_moves(t: &Table, channel: u64, plies: usize) {
    for _ in 0..plies {
        let view = t.game(channel).expect("reads").expect("a game");
        let side = view.game.to_move().expect("a turn");
        let user = view.live.players[side.index()].user().expect("a person");
        let pit = view.game.legal_moves().iter().next().expect("a move").to_string();
        t.play(channel, user, &pit).expect("legal");
    }
}

#[test]
fn the_engine_helps_nobody_during_a_game_between_people_and_everyone_once_it_ends() {
    let t = table();
    let id = start_game(&t, 5, 70);
    play_first_moves(&t, 70, 6);
    for (who, sight) in [
        (Some(11), Sight::Hidden),
        (Some(12), Sight::Hidden),
        (None, Sight::Everyone),
    ] {
        let w = watched(&t, 70, id, who, sight);
        assert!(matches!(t.analysis(&w), Err(TableError::EngineLater)), "{who:?}");
        assert!(matches!(t.variation(&w, 2, &[]), Err(TableError::EngineLater)));
    }
    t.resign(70, 11).expect("resigns");
    let w = watched(&t, 70, id, None, Sight::Everyone);
    let analysis = t.analysis(&w).expect("a finished game is analysed");
    assert_eq!(analysis.plies.len(), 6);
    // The review's own figures, the same as /isolo review's.
    let same = review(&w.game, Budget::nodes(ANALYSIS_NODES));
    assert_eq!(*analysis, same);
    assert_eq!(
        t.review(70, Budget::nodes(ANALYSIS_NODES))
            .expect("reviewed")
            .review,
        same
    );
    // Computed once: a second view is the kept review.
    assert!(Arc::ptr_eq(&analysis, &t.analysis(&w).expect("again")));
}

#[test]
fn a_game_against_the_computer_is_analysed_at_any_time_one_new_move_at_a_time() {
    let t = table();
    let req = ChallengeRequest {
        guild: 5,
        channel: 71,
        challenger: 11,
        challenger_name: "Amani".into(),
        opponent: Opponent::Bot(Level::Easy),
        settings: GameSettings {
            move_secs: None,
            rated: false,
            ..GameSettings::default()
        },
    };
    let id = match t.challenge(req).expect("a game") {
        ChallengeOutcome::Started(v) => v.live.id,
        ChallengeOutcome::Pending(_) => panic!("the bot accepts at once"),
    };
    let mut last = None;
    for _ in 0..3 {
        let view = t.game(71).expect("reads").expect("the game");
        if view.live.bot_to_move() {
            t.bot_move(71).expect("the bot moves");
        } else {
            let pit = view.game.legal_moves().iter().next().expect("a move").to_string();
            t.play(71, 11, &pit).expect("legal");
        }
        let w = watched(&t, 71, id, Some(11), Sight::Hidden);
        let analysis = t.analysis(&w).expect("a game against the computer");
        assert_eq!(analysis.plies.len(), w.game.moves().len());
        assert_eq!(*analysis, review(&w.game, Budget::nodes(ANALYSIS_NODES)));
        if let Some(earlier) = last.replace(analysis.clone()) {
            let earlier: Arc<isolo_bot::ai::Review> = earlier;
            assert_eq!(analysis.plies[..earlier.plies.len()], earlier.plies[..]);
        }
    }
}

#[test]
fn a_continued_review_is_the_whole_review() {
    let mut game = Game::new(Default::default());
    let budget = Budget::nodes(20_000);
    let mut earlier = None;
    for n in 0..10 {
        let mv = game.legal_moves().iter().last().expect("a move");
        game.play(mv).expect("legal");
        let whole = review(&game, budget);
        let continued = review_continued(&game, budget, earlier.as_ref());
        assert_eq!(continued, whole, "after {} plies", n + 1);
        earlier = Some(continued);
    }
    // A review of other moves is not reused.
    let mut other = Game::new(Default::default());
    other
        .play(other.legal_moves().iter().next().expect("a move"))
        .expect("legal");
    assert_eq!(
        review_continued(&other, budget, earlier.as_ref()),
        review(&other, budget)
    );
}

#[test]
fn a_variation_is_played_by_the_rules_and_never_touches_the_game() {
    let t = table();
    let id = start_game(&t, 5, 72);
    play_first_moves(&t, 72, 8);
    let finished = t.resign(72, 12).expect("resigns");
    let w = watched(&t, 72, id, None, Sight::Everyone);
    // From ply 3: a legal move, then the engine's answer.
    let mut pos = Game::replay(*w.game.start(), &w.game.moves()[..3]).expect("replays");
    let first = pos.legal_moves().iter().next().expect("a move");
    let v = t.variation(&w, 3, &[first.to_string()]).expect("a variation");
    pos.play(first).expect("legal");
    assert_eq!(v.moves.len(), 1);
    assert_eq!(v.moves[0].1, *pos.position());
    assert_eq!(v.legal(), pos.legal_moves().iter().collect::<Vec<_>>());
    let answer = v.line.moves[0];
    assert!(pos.legal_moves().contains(answer), "the answer is a legal move");
    assert_eq!(
        Some(answer),
        isolo_bot::ai::hint(pos.position(), Budget::nodes(ANALYSIS_NODES)).map(|h| h.mv),
        "the answer is the search's"
    );
    // The line at a ply of the game starts with the review's best move.
    let at = t.variation(&w, 4, &[]).expect("the line at ply 4");
    let reviewed = t.analysis(&w).expect("the review");
    assert_eq!(at.line.moves[0], reviewed.plies[4].best);
    assert_eq!(at.line.score, Some(reviewed.plies[4].before));
    // Refusals, each clear: a move of the wrong side, no pit, past the end,
    // too long.
    let theirs = match pos.position().to_move() {
        Side::South => "d4",
        Side::North => "d1",
    };
    let moves = [first.to_string(), theirs.to_string()];
    assert!(matches!(
        t.variation(&w, 3, &moves),
        Err(TableError::ConditionalIllegal { ply: 2, .. })
    ));
    assert!(matches!(
        t.variation(&w, 3, &["z9".to_string()]),
        Err(TableError::ConditionalBadPit { ply: 1, .. })
    ));
    assert!(matches!(
        t.variation(&w, 9, &[]),
        Err(TableError::VariationPly { ply: 9, plies: 8 })
    ));
    let long = vec!["a1".to_string(); MAX_VARIATION + 1];
    assert!(matches!(
        t.variation(&w, 0, &long),
        Err(TableError::VariationLength { .. })
    ));
    // The game is as it was.
    assert_eq!(
        t.finished(id).expect("reads").expect("the record").record,
        finished.record
    );
    assert!(t.game(72).expect("reads").is_none());
}
