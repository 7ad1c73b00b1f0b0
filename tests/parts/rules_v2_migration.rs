//! Rule book version 2: games, challenges and records made under version 1
//! keep "captures go on"; everything new states both house rules.

use std::sync::Arc;

use isolo_bot::engine::{AfterCapture, CaptureFrom, Record, Rules, Side, Variant};
use isolo_bot::store::{import_jsonl, MemoryStore};
use isolo_bot::table::{ManualClock, Table, TableConfig};

const TABLE_V1: &str = include_str!("../fixtures/table_v1.jsonl");
const RECORD_V1: &str = include_str!("../fixtures/record_v1.isolo");

fn ring(side: &[u8; 16]) -> Vec<u8> {
    side.to_vec()
}

fn v1_table() -> Table {
    let store = Arc::new(MemoryStore::new());
    import_jsonl(&*store, std::io::Cursor::new(TABLE_V1), &|_, _, _| Ok(())).expect("the v1 export imports");
    let clock = Arc::new(ManualClock::new(1_790_000_100_000));
    Table::new(store, clock, TableConfig::default())
}

#[test]
fn a_version_1_game_continues_with_captures_going_on() {
    let t = v1_table();
    let view = t.game(100).unwrap().expect("the stored game");
    assert_eq!(view.live.rules.after_capture, AfterCapture::Continue);
    // rules.md C1, then C2 and C3 as the game goes on.
    let p = view.game.position();
    assert_eq!(
        ring(p.ring(Side::South)),
        [0, 3, 3, 0, 3, 3, 0, 5, 5, 5, 0, 3, 3, 3, 1, 3]
    );
    t.play(100, 22, "h4").unwrap();
    t.play(100, 11, "d2").unwrap();
    let view = t.game(100).unwrap().unwrap();
    let p = view.game.position();
    assert_eq!(
        ring(p.ring(Side::South)),
        [1, 3, 3, 0, 3, 3, 0, 5, 5, 5, 0, 3, 0, 5, 3, 5]
    );
    assert_eq!(
        ring(p.ring(Side::North)),
        [0, 1, 1, 2, 2, 2, 2, 0, 0, 2, 2, 2, 2, 0, 0, 2]
    );
    assert_eq!((p.total(Side::South), p.total(Side::North)), (44, 20));
}

#[test]
fn a_version_1_challenge_and_finished_game_keep_their_rules() {
    let t = v1_table();
    let view = t.accept(300, 22, None).expect("the stored challenge is accepted");
    assert_eq!(view.live.settings.after_capture, AfterCapture::Continue);
    assert_eq!(view.live.rules.after_capture, AfterCapture::Continue);
    let finished = t.finished(2).unwrap().expect("the stored finished game");
    assert_eq!(finished.settings.after_capture, AfterCapture::Continue);
    let record: Record = finished.record.clone();
    assert_eq!(record.rules.after_capture, AfterCapture::Continue);
    let game = record.to_game().expect("it replays as it was played");
    // rules.md C2: North's h4 ended on an empty pit.
    assert_eq!(
        ring(game.position().ring(Side::North)),
        [0, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 2]
    );
}

#[test]
fn a_record_of_the_previous_release_replays_as_played() {
    let record: Record = RECORD_V1.parse().unwrap();
    assert_eq!(record.rules.after_capture, AfterCapture::Continue);
    let game = record.to_game().unwrap();
    assert_eq!(
        (
            game.position().total(Side::South),
            game.position().total(Side::North)
        ),
        (44, 20)
    );
    // Written again, it states both switches, so it reads the same anywhere.
    let text = record.to_string();
    assert!(
        text.contains("[CaptureFrom \"origin\"]\n[AfterCapture \"continue\"]"),
        "{text}"
    );
    assert_eq!(text.parse::<Record>().unwrap(), record);
}

#[test]
fn new_records_state_both_switches_and_bare_records_get_the_defaults() {
    let mut game = isolo_bot::engine::Game::new(Rules::new(Variant::Boys));
    game.play("h1".parse().unwrap()).unwrap();
    let text = Record::from_game(&game).to_string();
    assert!(
        text.contains("[CaptureFrom \"origin\"]\n[AfterCapture \"end\"]"),
        "{text}"
    );
    let bare: Record = "[Variant \"women\"]\n\n1. b2 *\n".parse().unwrap();
    assert_eq!(bare.rules, Rules::new(Variant::Women));
    let both: Record =
        "[Variant \"women\"]\n[CaptureFrom \"capture-pit\"]\n[AfterCapture \"continue\"]\n\n*\n"
            .parse()
            .unwrap();
    assert_eq!(
        (both.rules.capture_from, both.rules.after_capture),
        (CaptureFrom::CapturePit, AfterCapture::Continue)
    );
    assert!("[Variant \"women\"]\n[AfterCapture \"sometimes\"]\n\n*\n"
        .parse::<Record>()
        .is_err());
}

#[test]
fn position_text_names_the_house_rules() {
    let mut game = isolo_bot::engine::Game::new(Rules {
        after_capture: AfterCapture::Continue,
        capture_from: CaptureFrom::CapturePit,
        ..Rules::new(Variant::Women)
    });
    game.play("b2".parse().unwrap()).unwrap();
    let text = game.position().to_string();
    assert!(text.starts_with("women+capture-pit+captures-go-on "), "{text}");
    assert_eq!(
        text.parse::<isolo_bot::engine::Position>().unwrap(),
        *game.position()
    );
    assert!(
        "women+sometimes 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 s -"
            .parse::<isolo_bot::engine::Position>()
            .is_err()
    );
}
