//! Takebacks in friendly games: asked, accepted or declined, never in a
//! rated or tournament game; the clock and the record stay right.

use std::sync::Arc;

use isolo_bot::ai::Level;
use isolo_bot::engine::Side;
use isolo_bot::store::{keys, Expect, MemoryStore, Space, StoreExt};
use isolo_bot::table::takeback::TakebackOutcome;
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, LiveGame, ManualClock, Opponent, Table, TableConfig,
    TableError, TournamentGame,
};

const GUILD: u64 = 1;
const CH: u64 = 100;
const ANN: u64 = 11;
const BO: u64 = 22;
const EVE: u64 = 33;

fn table() -> (Table, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let t = Table::new(
        Arc::new(MemoryStore::new()),
        clock.clone(),
        TableConfig::default(),
    );
    (t, clock)
}

fn friendly() -> GameSettings {
    GameSettings {
        rated: false,
        move_secs: Some(3600),
        ..GameSettings::default()
    }
}

/// Ann (South, first) against `to`, with `settings`.
fn start(t: &Table, to: Opponent, settings: GameSettings) {
    let request = ChallengeRequest {
        guild: GUILD,
        channel: CH,
        challenger: ANN,
        challenger_name: "Ann".into(),
        opponent: to,
        settings,
    };
    if let ChallengeOutcome::Pending(_) = t.challenge(request).unwrap() {
        t.accept(CH, BO, None).unwrap();
    }
}

fn bo() -> Opponent {
    Opponent::User {
        id: BO,
        name: "Bo".into(),
    }
}

/// The player to move plays their first legal move.
fn move_once(t: &Table) -> u64 {
    let view = t.game(CH).unwrap().unwrap();
    let mover = view.to_move().unwrap().user().unwrap();
    let mv = t.moves_for(CH, mover).unwrap()[0].mv;
    t.play(CH, mover, &mv.to_string()).unwrap();
    mover
}

fn stored(t: &Table) -> Vec<u8> {
    t.store()
        .get_raw(Space::Games, &keys::id(CH))
        .unwrap()
        .unwrap()
        .value
}

#[test]
fn an_accepted_takeback_undoes_the_move_and_leaves_no_trace_in_the_record() {
    let (t, clock) = table();
    start(&t, bo(), friendly());
    move_once(&t); // Ann
    let record_before = t.record(CH).unwrap().to_string();
    move_once(&t); // Bo
    clock.advance(60_000);
    // Bo asks while Ann is to move: only Bo's move goes.
    let TakebackOutcome::Asked { by, view } = t.ask_takeback(CH, BO).unwrap() else {
        panic!("a person is asked")
    };
    assert_eq!((by, view.live.takeback), (Side::North, Some(Side::North)));
    // Asking twice changes nothing; the asker cannot answer their own.
    let again = stored(&t);
    t.ask_takeback(CH, BO).unwrap();
    assert_eq!(stored(&t), again);
    assert!(matches!(
        t.answer_takeback(CH, BO, true),
        Err(TableError::NoTakebackRequest)
    ));
    assert!(matches!(
        t.answer_takeback(CH, EVE, true),
        Err(TableError::NotAPlayer { .. })
    ));
    assert_eq!(stored(&t), again);
    clock.advance(60_000);
    let TakebackOutcome::Taken(taken) = t.answer_takeback(CH, ANN, true).unwrap() else {
        panic!("accepted")
    };
    assert_eq!((taken.by, taken.plies), (Side::North, 1));
    let view = t.game(CH).unwrap().unwrap();
    assert_eq!(view.game.ply(), 1);
    assert_eq!(view.to_move().unwrap().user(), Some(BO));
    assert_eq!(view.live.takeback, None);
    assert_eq!(view.live.takebacks, 1);
    // Bo's turn begins anew: a full hour from the takeback.
    assert_eq!(view.deadline_ms(), Some(t.now_ms() + 3_600_000));
    assert_eq!(t.record(CH).unwrap().to_string(), record_before);
}

#[test]
fn asking_on_your_own_turn_takes_back_the_answer_too() {
    let (t, _) = table();
    start(&t, bo(), friendly());
    assert!(matches!(
        t.ask_takeback(CH, ANN),
        Err(TableError::NothingToTakeBack)
    ));
    move_once(&t); // Ann
    move_once(&t); // Bo
    t.ask_takeback(CH, ANN).unwrap();
    let TakebackOutcome::Taken(taken) = t.answer_takeback(CH, BO, true).unwrap() else {
        panic!("accepted")
    };
    assert_eq!(taken.plies, 2);
    let view = t.game(CH).unwrap().unwrap();
    assert_eq!((view.game.ply(), view.to_move().unwrap().user()), (0, Some(ANN)));
}

#[test]
fn a_declined_or_outplayed_request_changes_no_move() {
    let (t, _) = table();
    start(&t, bo(), friendly());
    move_once(&t); // Ann
    t.ask_takeback(CH, ANN).unwrap();
    let TakebackOutcome::Declined { by, view } = t.answer_takeback(CH, BO, false).unwrap() else {
        panic!("declined")
    };
    assert_eq!((by, view.game.ply(), view.live.takeback), (Side::North, 1, None));
    assert!(matches!(
        t.answer_takeback(CH, BO, true),
        Err(TableError::NoTakebackRequest)
    ));
    // A move instead of an answer declines it too.
    t.ask_takeback(CH, ANN).unwrap();
    move_once(&t); // Bo
    assert_eq!(t.game(CH).unwrap().unwrap().live.takeback, None);
    assert!(matches!(
        t.answer_takeback(CH, BO, true),
        Err(TableError::NoTakebackRequest)
    ));
}

#[test]
fn the_bot_takes_back_at_once_and_its_answer_goes_too() {
    let (t, _) = table();
    // Games against the bot change no rating, whatever the setting says.
    start(&t, Opponent::Bot(Level::Greedy), GameSettings::default());
    move_once(&t);
    t.bot_move(CH).unwrap().expect("the bot's turn");
    let TakebackOutcome::Taken(taken) = t.ask_takeback(CH, ANN).unwrap() else {
        panic!("the bot agrees at once")
    };
    assert_eq!(taken.plies, 2);
    assert_eq!(t.game(CH).unwrap().unwrap().game.ply(), 0);
}

#[test]
fn rated_and_tournament_games_never_take_back() {
    let (t, _) = table();
    start(&t, bo(), GameSettings::default());
    move_once(&t);
    let before = stored(&t);
    assert!(matches!(
        t.ask_takeback(CH, ANN),
        Err(TableError::TakebackNotAllowed)
    ));
    assert_eq!(stored(&t), before);
    t.abort(CH, true).unwrap();

    start(&t, bo(), friendly());
    move_once(&t);
    // The same friendly game, made a tournament board.
    let key = keys::id(CH);
    let mut game = t.store().get::<LiveGame>(Space::Games, &key).unwrap().unwrap();
    game.value.tournament = Some(TournamentGame {
        number: 1,
        round: 1,
        board: 1,
    });
    let mut batch = isolo_bot::store::Batch::new();
    batch
        .put(Space::Games, &key, &game.value, Expect::Version(game.version))
        .unwrap();
    t.store().apply(&batch).unwrap();
    let before = stored(&t);
    assert!(matches!(
        t.ask_takeback(CH, ANN),
        Err(TableError::TakebackNotAllowed)
    ));
    assert_eq!(stored(&t), before);
}
