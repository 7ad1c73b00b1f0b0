//! Who may see what, and clicks that act only on what they were made for:
//! private games by number, ratings of private chats, a move menu or a
//! rematch button under an older game.

use std::sync::Arc;

use isolo_bot::ai::Level;
use isolo_bot::engine::Variant;
use isolo_bot::store::MemoryStore;
use isolo_bot::table::{
    BoardRef, ChallengeOutcome, ChallengeRequest, GameSettings, ManualClock, Opponent, Table, TableConfig,
    TableError, Viewer, PRIVATE_GUILD,
};

const SERVER: u64 = 1;
const ROOM: u64 = 100;
const DM: u64 = 200;
const ANN: u64 = 11;
const BO: u64 = 22;
const EVE: u64 = 33;

fn table() -> Table {
    Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(ManualClock::new(1_800_000_000_000)),
        TableConfig::default(),
    )
}

/// Ann challenges `to` in `channel` of `guild`; a person accepts.
fn start(t: &Table, guild: u64, channel: u64, to: Opponent) -> u64 {
    let req = ChallengeRequest {
        guild,
        channel,
        challenger: ANN,
        challenger_name: "Ann".into(),
        opponent: to,
        settings: GameSettings::default(),
    };
    match t.challenge(req).unwrap() {
        ChallengeOutcome::Started(view) => view.live.id,
        ChallengeOutcome::Pending(_) => t.accept(channel, BO, None).unwrap().live.id,
    }
}

fn bo() -> Opponent {
    Opponent::User {
        id: BO,
        name: "Bo".into(),
    }
}

fn viewer(guild: u64, channel: u64, user: u64) -> Viewer {
    Viewer { guild, channel, user }
}

#[test]
fn a_private_game_is_read_only_in_its_own_chat() {
    let t = table();
    let private = start(&t, PRIVATE_GUILD, DM, bo());
    t.resign(DM, BO).unwrap();
    let public = start(&t, SERVER, ROOM, bo());
    t.resign(ROOM, BO).unwrap();
    let missing = public + 10;

    assert!(t.record_of(viewer(PRIVATE_GUILD, DM, ANN), Some(private)).is_ok());
    assert!(
        t.record_of(viewer(PRIVATE_GUILD, DM, EVE), Some(private)).is_ok(),
        "anyone in that chat"
    );
    // Elsewhere the number is answered as one that does not exist.
    for elsewhere in [
        viewer(PRIVATE_GUILD, DM + 1, EVE),
        viewer(PRIVATE_GUILD, DM + 1, ANN),
        viewer(SERVER, ROOM, ANN),
    ] {
        let refused = t.record_of(elsewhere, Some(private)).unwrap_err();
        assert!(
            matches!(refused, TableError::NoSuchGame(n) if n == private),
            "{elsewhere:?}"
        );
        let none = t.record_of(elsewhere, Some(missing)).unwrap_err();
        assert!(matches!(none, TableError::NoSuchGame(n) if n == missing));
        // The same words but for the number: nothing says it exists.
        assert_eq!(
            refused.to_string().replace(&private.to_string(), "N"),
            none.to_string().replace(&missing.to_string(), "N")
        );
    }
    // A server's game: in that server only.
    assert!(t.record_of(viewer(SERVER, ROOM + 5, EVE), Some(public)).is_ok());
    for elsewhere in [viewer(SERVER + 1, ROOM, EVE), viewer(PRIVATE_GUILD, DM, ANN)] {
        let refused = t.record_of(elsewhere, Some(public)).unwrap_err();
        assert!(matches!(refused, TableError::NoSuchGame(n) if n == public));
    }
}

#[test]
fn private_ratings_are_their_players_own() {
    let t = table();
    start(&t, PRIVATE_GUILD, DM, bo());
    t.resign(DM, BO).unwrap();
    assert!(
        t.leaderboard(PRIVATE_GUILD, 10).unwrap().is_empty(),
        "no ranking of private games"
    );
    assert!(t
        .stats_seen_by(viewer(PRIVATE_GUILD, DM, ANN), ANN)
        .unwrap()
        .is_some());
    assert!(t
        .stats_seen_by(viewer(PRIVATE_GUILD, DM, EVE), ANN)
        .unwrap()
        .is_none());
    assert!(t
        .stats_seen_by(viewer(PRIVATE_GUILD, DM, BO), ANN)
        .unwrap()
        .is_none());
    // They count toward no server.
    assert!(t.stats_seen_by(viewer(SERVER, ROOM, ANN), ANN).unwrap().is_none());
}

#[test]
fn an_old_games_menu_does_not_play_in_the_rematch() {
    let t = table();
    let first = start(&t, SERVER, ROOM, bo());
    // Ann's menu under the first board of game one.
    let old = BoardRef { game: first, ply: 0 };
    t.resign(ROOM, BO).unwrap();
    let ChallengeOutcome::Pending(_) = t.rematch(ROOM, BO).unwrap() else {
        panic!("the rematch waits for Ann")
    };
    let ChallengeOutcome::Started(second) = t.rematch(ROOM, ANN).unwrap() else {
        panic!("both asked: it starts")
    };
    assert_ne!(second.live.id, first);
    let mover = second.to_move().unwrap().user().unwrap();
    let pit = t.moves_for(ROOM, mover).unwrap()[0].mv.to_string();
    let before = t.game(ROOM).unwrap().unwrap().live.moves.len();
    let stale = BoardRef { ply: 0, ..old };
    assert!(matches!(
        t.play_on(ROOM, mover, &pit, Some(stale)).map(drop),
        Err(TableError::Stale)
    ));
    assert_eq!(
        t.game(ROOM).unwrap().unwrap().live.moves.len(),
        before,
        "nothing played"
    );
    // The rematch's own menu plays.
    let own = BoardRef {
        game: second.live.id,
        ply: 0,
    };
    assert!(t.play_on(ROOM, mover, &pit, Some(own)).is_ok());
    // The first game's rematch button no longer acts once the second ended.
    t.resign(ROOM, ANN).unwrap();
    assert!(matches!(
        t.rematch_of(ROOM, BO, Some(first)).map(drop),
        Err(TableError::Stale)
    ));
    assert!(t.rematch_of(ROOM, BO, Some(second.live.id)).is_ok());
}

#[test]
fn a_second_click_on_the_same_menu_after_the_bots_reply_is_refused() {
    let t = table();
    let req = ChallengeRequest {
        guild: SERVER,
        channel: ROOM,
        challenger: ANN,
        challenger_name: "Ann".into(),
        opponent: Opponent::Bot(Level::Greedy),
        settings: GameSettings {
            variant: Variant::Women,
            ..GameSettings::default()
        },
    };
    let ChallengeOutcome::Started(view) = t.challenge(req).unwrap() else {
        panic!("a game against the bot starts at once")
    };
    let board = BoardRef {
        game: view.live.id,
        ply: 0,
    };
    let pits: Vec<String> = t
        .moves_for(ROOM, ANN)
        .unwrap()
        .iter()
        .map(|c| c.mv.to_string())
        .collect();
    t.play_on(ROOM, ANN, &pits[0], Some(board)).unwrap();
    t.bot_move(ROOM).unwrap().expect("the bot replies");
    let plies = t.game(ROOM).unwrap().unwrap().game.ply();
    assert_eq!(plies, 2, "Ann to move again");
    // The same menu clicked again (any pit): it is Ann's turn, but not on that board.
    for pit in &pits {
        assert!(matches!(
            t.play_on(ROOM, ANN, pit, Some(board)).map(drop),
            Err(TableError::Stale)
        ));
    }
    assert_eq!(t.game(ROOM).unwrap().unwrap().game.ply(), 2, "nothing played");
}
