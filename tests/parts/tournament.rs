//! Tournaments through the Table's API, without Discord: creating,
//! joining, starting, playing every board to the end (results, a
//! withdrawal, a timeout, a bye), standings, cancelling, every refusal,
//! the entry deadline, two processes, and a restart at any point.

use std::sync::Arc;

use isolo_bot::engine::Termination;
use isolo_bot::store::{MemoryStore, SledStore, Store, StoreExt};
use isolo_bot::table::tournament::pairing::Score;
use isolo_bot::table::tournament::{
    deadline_channel, MAX_LIVE_PER_SERVER, MAX_ROUND_ROBIN_PLAYERS, MIN_PLAYERS,
};
use isolo_bot::table::{
    ChannelRight, Format, GameSettings, ManualClock, Notice, Post, Status, Table, TableConfig, TableError,
    Tournament, TournamentRequest, TournamentUpdate, Work,
};

const GUILD: u64 = 7;
const CHANNEL: u64 = 500;
const ORGANIZER: u64 = 1;
const T0: u64 = 1_800_000_000_000;
const MOVE_SECS: u64 = 60;

fn settings() -> GameSettings {
    GameSettings {
        move_secs: Some(MOVE_SECS),
        rated: true,
        ..GameSettings::default()
    }
}

fn request(format: Format) -> TournamentRequest {
    TournamentRequest {
        guild: GUILD,
        channel: CHANNEL,
        creator: ORGANIZER,
        format,
        settings: settings(),
        rounds: None,
        entry_deadline_ms: None,
        vacation: false,
    }
}

fn name(user: u64) -> String {
    format!("player{user}")
}

/// A table over `store`, as a fresh process would build it.
fn table(store: &Arc<dyn Store>, clock: &Arc<ManualClock>) -> Table {
    Table::new(store.clone(), clock.clone(), TableConfig::default())
}

fn memory() -> (Arc<dyn Store>, Arc<ManualClock>) {
    (Arc::new(MemoryStore::new()), Arc::new(ManualClock::new(T0)))
}

/// What a front end saw: messages posted (by nonce) and games started.
#[derive(Default)]
struct FrontEnd {
    posts: Vec<(u64, Post, String)>,
    next_thread: u64,
    started: Vec<(u32, u32, u64)>,
}

impl FrontEnd {
    /// Does all the work of every tournament, as at start-up: posts each
    /// message once and starts each board's game in a new thread.
    fn drive(&mut self, t: &Table) {
        for update in t.tournament_work().unwrap() {
            self.work(t, &update);
        }
    }

    fn work(&mut self, t: &Table, update: &TournamentUpdate) {
        let tour = &update.tournament;
        for w in &update.work {
            match *w {
                Work::Post(post) => {
                    if let Some(ticket) = t.claim_post(GUILD, tour.number, post).unwrap() {
                        self.posts
                            .push((tour.number, post, post.nonce(ticket.tournament_id)));
                        t.posted(ticket).unwrap();
                    }
                }
                Work::StartGame {
                    round,
                    board,
                    white,
                    black,
                } => {
                    self.next_thread += 1;
                    let thread = 10_000 + self.next_thread;
                    let view = t.start_board(GUILD, tour.number, round, board, thread).unwrap();
                    assert!(view.live.players[0].is(white) && view.live.players[1].is(black));
                    assert_eq!(view.live.parent, Some(CHANNEL));
                    let g = view.live.tournament.unwrap();
                    assert_eq!((g.number, g.round, g.board), (tour.number, round, board));
                    self.started.push((round, board, thread));
                }
            }
        }
    }
}

/// The live game of a tournament board, as (thread, white, black).
fn live_boards(t: &Table, tour: &Tournament) -> Vec<(u64, u64, u64)> {
    let round = &tour.rounds[tour.released as usize - 1];
    round
        .boards
        .iter()
        .filter(|b| b.score.is_none())
        .filter_map(|b| b.game)
        .filter_map(|link| t.game(link.thread).unwrap())
        .map(|v| {
            (
                v.live.channel,
                v.live.players[0].user().unwrap(),
                v.live.players[1].user().unwrap(),
            )
        })
        .collect()
}

/// A tournament over a fresh memory store, joined by `users` and started
/// by its creator.
fn started(format: Format, users: &[u64]) -> (Table, u64, TournamentUpdate) {
    let (store, clock) = memory();
    let t = table(&store, &clock);
    let number = t.create_tournament(request(format)).unwrap().tournament.number;
    join_all(&t, number, users);
    let update = t.start_tournament(GUILD, Some(number), ORGANIZER, false).unwrap();
    (t, number, update)
}

fn join_all(t: &Table, number: u64, users: &[u64]) {
    for &u in users {
        t.join_tournament(GUILD, Some(number), u, &name(u)).unwrap();
    }
}

#[test]
fn a_four_player_round_robin_played_to_the_end_with_a_withdrawal_and_a_timeout() {
    let (store, clock) = memory();
    let t = table(&store, &clock);
    let created = t.create_tournament(request(Format::RoundRobin)).unwrap();
    let number = created.tournament.number;
    assert_eq!((number, created.tournament.status), (1, Status::Open));
    assert!(created.work.is_empty(), "nothing to post before the start");
    join_all(&t, number, &[11, 12, 13, 14]);
    let started = t.start_tournament(GUILD, None, ORGANIZER, false).unwrap();
    let tour = &started.tournament;
    assert_eq!(
        (tour.status, tour.total_rounds, tour.released),
        (Status::Running, 3, 1)
    );
    assert_eq!(
        started
            .work
            .iter()
            .filter(|w| matches!(w, Work::StartGame { .. }))
            .count(),
        2,
        "two boards in round 1"
    );
    assert_eq!(started.work[0], Work::Post(Post::Round { round: 1 }));
    let mut fe = FrontEnd::default();
    fe.drive(&t);
    assert_eq!(fe.started.len(), 2);
    fe.drive(&t);
    assert_eq!(fe.started.len(), 2, "nothing started twice");
    assert_eq!(fe.posts.len(), 1, "nothing posted twice");

    // Round 1: board 1's white wins by resignation; board 2 times out.
    let tour = t.tournament(GUILD, number).unwrap();
    let boards = live_boards(&t, &tour);
    let (thread, _, black) = boards[0];
    let f = t.resign(thread, black).unwrap();
    assert!(f.tournament.is_some(), "a finished game knows its tournament");
    clock.advance(MOVE_SECS * 1000 + 1);
    let mut timed_out = 0;
    for _ in 0..3 {
        for n in t.tick().unwrap() {
            if let Notice::TimedOut(f) = n {
                assert_eq!(f.result.termination, Termination::Timeout);
                timed_out += 1;
            }
        }
    }
    assert_eq!(timed_out, 1, "the clock ends the other board");
    let tour = t.tournament(GUILD, number).unwrap();
    assert_eq!(tour.released, 2, "round 2 starts once round 1 is over");
    let r1 = &tour.rounds[0];
    assert_eq!(r1.boards[0].score, Some(Score::White));
    assert!(matches!(r1.boards[1].score, Some(Score::White | Score::Black)));
    fe.drive(&t);
    assert_eq!(fe.started.len(), 4);

    // Round 2: one player withdraws mid-game (resigns it); the other board is drawn.
    let tour = t.tournament(GUILD, number).unwrap();
    let boards = live_boards(&t, &tour);
    let (_, leaver, _) = boards[0];
    let left = t.leave_tournament(GUILD, None, leaver).unwrap();
    assert!(left.resigned.is_some(), "the game in progress is resigned");
    let (thread, white, black) = boards[1];
    t.offer_draw(thread, white).unwrap();
    t.offer_draw(thread, black).unwrap();
    fe.drive(&t);

    // Round 3: the leaver's board is a forfeit at once; the other is played.
    let tour = t.tournament(GUILD, number).unwrap();
    assert_eq!(tour.released, 3);
    let p = tour.seat_of(leaver).unwrap();
    let leaver_board = tour.rounds[2].boards.iter().find(|b| b.has(p)).unwrap();
    assert_eq!(leaver_board.score, Some(Score::forfeit(leaver_board.white == p)));
    assert!(leaver_board.game.is_none(), "a forfeit is not played");
    let boards = live_boards(&t, &tour);
    assert_eq!(boards.len(), 1);
    t.resign(boards[0].0, boards[0].1).unwrap();

    let tour = t.tournament(GUILD, number).unwrap();
    assert_eq!(tour.status, Status::Finished);
    let standings = tour.standings();
    let total: u32 = standings.iter().map(|s| s.halves).sum();
    assert_eq!(total, 12, "six games, a point each");
    let cross = tour.cross_table(&standings).unwrap();
    assert_eq!(cross.len(), 4);
    assert!(cross
        .iter()
        .enumerate()
        .all(|(i, row)| row[i].is_empty() && row.iter().enumerate().all(|(j, c)| i == j || c.len() == 1)));
    fe.drive(&t);
    let kinds: Vec<Post> = fe.posts.iter().map(|p| p.1).collect();
    assert_eq!(
        kinds,
        vec![
            Post::Round { round: 1 },
            Post::Round { round: 2 },
            Post::Round { round: 3 },
            Post::Final
        ]
    );
    assert!(
        t.tournaments(GUILD).unwrap().is_empty(),
        "settled tournaments leave the live list"
    );
    assert!(t.tournament_work().unwrap().is_empty());
    assert_eq!(
        t.tournament(GUILD, number).unwrap().status,
        Status::Finished,
        "kept for standings"
    );
}

#[test]
fn a_five_player_swiss_with_byes_played_to_the_end() {
    let (t, number, started) = started(Format::Swiss, &[21, 22, 23, 24, 25]);
    assert_eq!(started.tournament.total_rounds, 4, "ceil(log2 5) + 1");
    let mut fe = FrontEnd::default();
    let mut byes = Vec::new();
    for round in 1..=4 {
        fe.drive(&t);
        let tour = t.tournament(GUILD, number).unwrap();
        assert_eq!(tour.released, round);
        let r = &tour.rounds[round as usize - 1];
        byes.push(r.bye.expect("five players: a bye every round"));
        // White wins every game: resigning is the quickest ending.
        for (thread, _, black) in live_boards(&t, &tour) {
            t.resign(thread, black).unwrap();
        }
    }
    let tour = t.tournament(GUILD, number).unwrap();
    assert_eq!(tour.status, Status::Finished);
    let mut distinct = byes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        4,
        "no second bye while others have none: {byes:?}"
    );
    for (i, a) in tour.rounds.iter().enumerate() {
        for b in &a.boards {
            for later in &tour.rounds[i + 1..] {
                assert!(
                    !later.boards.iter().any(|c| c.has(b.white) && c.has(b.black)),
                    "a rematch"
                );
            }
        }
    }
    let standings = tour.standings();
    let bye_player = standings.iter().find(|s| s.player == byes[0]).unwrap();
    assert!(bye_player.halves >= 2, "a bye is worth a win");
    assert!(tour.cross_table(&standings).is_none());
    fe.drive(&t);
    assert_eq!(fe.posts.last().unwrap().1, Post::Final);
}

#[test]
fn every_refusal_is_specific_and_changes_nothing() {
    let (store, clock) = memory();
    let t = table(&store, &clock);
    let mut no_clock = request(Format::Swiss);
    no_clock.settings.move_secs = None;
    assert!(matches!(
        t.create_tournament(no_clock.clone()),
        Err(TableError::ClockRequired)
    ));
    no_clock.settings.move_secs = Some(0);
    assert!(matches!(
        t.create_tournament(no_clock),
        Err(TableError::ClockRequired)
    ));
    let mut rr_rounds = request(Format::RoundRobin);
    rr_rounds.rounds = Some(3);
    assert!(matches!(
        t.create_tournament(rr_rounds),
        Err(TableError::RoundsOfRoundRobin)
    ));
    let mut many = request(Format::Swiss);
    many.rounds = Some(99);
    assert!(matches!(
        t.create_tournament(many),
        Err(TableError::BadRounds { .. })
    ));
    let mut past = request(Format::Swiss);
    past.entry_deadline_ms = Some(T0);
    assert!(matches!(
        t.create_tournament(past),
        Err(TableError::DeadlinePassed)
    ));
    assert!(t.tournaments(GUILD).unwrap().is_empty(), "refusals store nothing");
    assert!(matches!(
        t.join_tournament(GUILD, None, 5, "x"),
        Err(TableError::NoTournament)
    ));

    let a = t
        .create_tournament(request(Format::RoundRobin))
        .unwrap()
        .tournament
        .number;
    t.join_tournament(GUILD, None, 31, &name(31)).unwrap();
    assert!(matches!(
        t.join_tournament(GUILD, Some(a), 31, &name(31)),
        Err(TableError::AlreadyJoined(n)) if n == a
    ));
    t.join_tournament(GUILD, None, 32, &name(32)).unwrap();
    assert!(matches!(
        t.start_tournament(GUILD, Some(a), ORGANIZER, false),
        Err(TableError::NotEnoughPlayers {
            have: 2,
            need: MIN_PLAYERS,
            ..
        })
    ));
    assert!(matches!(
        t.cancel_tournament(GUILD, Some(a), 31, false),
        Err(TableError::NotOrganizer(n)) if n == a
    ));
    assert!(matches!(
        t.start_tournament(GUILD, Some(a), 31, false),
        Err(TableError::NotOrganizer(_))
    ));
    assert!(matches!(
        t.leave_tournament(GUILD, Some(a), 99),
        Err(TableError::NotJoined(_))
    ));

    // A second tournament: commands without a number must say which.
    let b = t
        .create_tournament(request(Format::Swiss))
        .unwrap()
        .tournament
        .number;
    assert_eq!(b, a + 1);
    match t.join_tournament(GUILD, None, 33, &name(33)) {
        Err(TableError::WhichTournament(numbers)) => assert_eq!(numbers, vec![a, b]),
        other => panic!("expected WhichTournament, got {other:?}"),
    }
    // Only one concerns 31: leave finds it.
    t.leave_tournament(GUILD, None, 31).unwrap();
    assert!(t.tournament(GUILD, a).unwrap().seat_of(31).is_none());

    // Bounded: the live tournaments of a server and the players of one.
    for _ in 2..MAX_LIVE_PER_SERVER {
        t.create_tournament(request(Format::Swiss)).unwrap();
    }
    assert!(matches!(
        t.create_tournament(request(Format::Swiss)),
        Err(TableError::TooManyTournaments {
            max: MAX_LIVE_PER_SERVER
        })
    ));
    for u in 0..MAX_ROUND_ROBIN_PLAYERS as u64 {
        let _ = t.join_tournament(GUILD, Some(a), 100 + u, &name(100 + u));
    }
    assert!(matches!(
        t.join_tournament(GUILD, Some(a), 999, "late"),
        Err(TableError::TournamentFull {
            max: MAX_ROUND_ROBIN_PLAYERS,
            ..
        })
    ));
    // A moderator may start and cancel anyone's; no late joiners after the start.
    let started = t.start_tournament(GUILD, Some(a), 4242, true).unwrap();
    assert_eq!(started.tournament.status, Status::Running);
    assert!(matches!(
        t.join_tournament(GUILD, Some(a), 998, "late"),
        Err(TableError::TournamentStarted(_))
    ));
    assert!(matches!(
        t.start_tournament(GUILD, Some(a), ORGANIZER, false),
        Err(TableError::TournamentStarted(_))
    ));
    let cancelled = t.cancel_tournament(GUILD, Some(a), 4242, true).unwrap();
    assert_eq!(cancelled.tournament.status, Status::Cancelled);
    assert_eq!(cancelled.work, vec![Work::Post(Post::Cancelled)]);
    assert!(matches!(
        t.cancel_tournament(GUILD, Some(a), ORGANIZER, false),
        Err(TableError::TournamentOver(_))
    ));
    assert!(matches!(
        t.start_board(GUILD, a, 1, 1, 77),
        Err(TableError::NoSuchBoard { .. })
    ));
    assert!(matches!(
        t.tournament(GUILD, 999),
        Err(TableError::NoSuchTournament(999))
    ));
}

#[test]
fn the_entry_deadline_starts_a_full_tournament_and_cancels_an_empty_one() {
    let (store, clock) = memory();
    let t = table(&store, &clock);
    let mut req = request(Format::Swiss);
    req.entry_deadline_ms = Some(T0 + 60_000);
    let full = t.create_tournament(req.clone()).unwrap().tournament;
    let empty = t.create_tournament(req).unwrap().tournament;
    join_all(&t, full.number, &[41, 42, 43]);
    t.join_tournament(GUILD, Some(empty.number), 44, &name(44))
        .unwrap();
    assert!(t.tick().unwrap().is_empty(), "not due yet");
    clock.advance(60_000);
    assert!(matches!(
        t.join_tournament(GUILD, Some(full.number), 45, "late"),
        Err(TableError::DeadlinePassed)
    ));
    let mut updates: Vec<TournamentUpdate> = t
        .tick()
        .unwrap()
        .into_iter()
        .filter_map(|n| match n {
            Notice::Tournament(u) => Some(*u),
            _ => None,
        })
        .collect();
    updates.sort_by_key(|u| u.tournament.number);
    assert_eq!(updates.len(), 2);
    assert_eq!(updates[0].tournament.status, Status::Running);
    assert_eq!(updates[0].tournament.released, 1);
    assert_eq!(updates[1].tournament.status, Status::Cancelled);
    assert_eq!(updates[1].work, vec![Work::Post(Post::Cancelled)]);
    assert!(t.tick().unwrap().is_empty(), "each deadline fires once");
    assert_eq!(store.deadline_of(deadline_channel(full.id)).unwrap(), None);
}

#[test]
fn two_processes_post_each_message_once_and_start_each_board_once() {
    let (store, clock) = memory();
    let (a, b) = (table(&store, &clock), table(&store, &clock));
    let number = a
        .create_tournament(request(Format::RoundRobin))
        .unwrap()
        .tournament
        .number;
    join_all(&a, number, &[51, 52, 53]);
    a.start_tournament(GUILD, Some(number), ORGANIZER, false).unwrap();
    let round = Post::Round { round: 1 };
    let ticket = a
        .claim_post(GUILD, number, round)
        .unwrap()
        .expect("the first claim wins");
    assert!(
        b.claim_post(GUILD, number, round).unwrap().is_none(),
        "a live claim is skipped"
    );
    // Process a dies before confirming: its claim lapses, b posts with the same nonce.
    clock.advance(isolo_bot::table::tournament::POST_LEASE_MS);
    let again = b
        .claim_post(GUILD, number, round)
        .unwrap()
        .expect("a lapsed claim is free");
    assert_eq!(
        round.nonce(again.tournament_id),
        round.nonce(ticket.tournament_id)
    );
    b.posted(again).unwrap();
    assert!(
        a.claim_post(GUILD, number, round).unwrap().is_none(),
        "posted: never again"
    );
    a.posted(ticket).unwrap();
    assert_eq!(
        a.tournament(GUILD, number).unwrap().posted,
        vec![round],
        "a late confirmation changes nothing"
    );
    // Both try to start board 1: one thread gets the game, the other is told to let go.
    a.start_board(GUILD, number, 1, 1, 9001).unwrap();
    match b.start_board(GUILD, number, 1, 1, 9002) {
        Err(TableError::BoardStarted { thread, .. }) => assert_eq!(thread, 9001),
        other => panic!("expected BoardStarted, got {other:?}"),
    }
    assert!(b.game(9002).unwrap().is_none());
}

#[test]
fn a_blocked_board_is_told_once_a_round_and_not_after_the_round() {
    let (store, clock) = memory();
    let (a, b) = (table(&store, &clock), table(&store, &clock));
    let number = a
        .create_tournament(request(Format::RoundRobin))
        .unwrap()
        .tournament
        .number;
    join_all(&a, number, &[51, 52, 53, 54]);
    a.start_tournament(GUILD, Some(number), ORGANIZER, false).unwrap();
    let blocked = a
        .board_blocked(GUILD, number, 1, ChannelRight::CreatePublicThreads)
        .unwrap()
        .expect("a notice to post");
    assert_eq!(
        blocked,
        Post::Blocked {
            round: 1,
            missing: ChannelRight::CreatePublicThreads
        }
    );
    // Another process, another reason: still the one notice of round 1.
    let again = b
        .board_blocked(GUILD, number, 1, ChannelRight::SendMessagesInThreads)
        .unwrap();
    assert_eq!(again, Some(blocked), "the first reason is kept");
    let ticket = a.claim_post(GUILD, number, blocked).unwrap().expect("claimed");
    assert!(b.claim_post(GUILD, number, blocked).unwrap().is_none());
    a.posted(ticket).unwrap();
    assert_eq!(
        b.board_blocked(GUILD, number, 1, ChannelRight::CreatePublicThreads)
            .unwrap(),
        None,
        "posted: never again"
    );
    assert_eq!(
        a.board_blocked(GUILD, number, 2, ChannelRight::CreatePublicThreads)
            .unwrap(),
        None,
        "not for a round not being played"
    );
    let t = a.tournament(GUILD, number).unwrap();
    assert!(!t.work().contains(&Work::Post(blocked)));
}

/// Plays a tournament with a new Table (a restarted process) for every
/// step; on sled, the store itself is reopened too.
fn play_with_restarts(open: &dyn Fn() -> Arc<dyn Store>, format: Format, players: &[u64]) -> Tournament {
    let clock = Arc::new(ManualClock::new(T0));
    let number = table(&open(), &clock)
        .create_tournament(request(format))
        .unwrap()
        .tournament
        .number;
    for &u in players {
        let t = table(&open(), &clock);
        t.join_tournament(GUILD, Some(number), u, &name(u)).unwrap();
    }
    table(&open(), &clock)
        .start_tournament(GUILD, Some(number), ORGANIZER, false)
        .unwrap();
    let mut fe = FrontEnd::default();
    for step in 0..200 {
        let t = table(&open(), &clock);
        // Half-done work: a post claimed and never confirmed (the process
        // died), taken over once its claim lapses.
        if step % 3 == 0 {
            for u in t.tournament_work().unwrap() {
                for w in &u.work {
                    if let Work::Post(p) = w {
                        t.claim_post(GUILD, number, *p).unwrap();
                    }
                }
            }
            clock.advance(isolo_bot::table::tournament::POST_LEASE_MS);
            continue;
        }
        fe.drive(&t);
        let tour = t.tournament(GUILD, number).unwrap();
        if tour.status == Status::Finished {
            fe.drive(&t);
            let mut posts: Vec<Post> = fe.posts.iter().map(|p| p.1).collect();
            let all = posts.len();
            posts.dedup();
            assert_eq!(posts.len(), all, "a message posted twice");
            assert_eq!(
                posts.len() as u32,
                tour.released + 1,
                "every round and the end posted"
            );
            return tour;
        }
        // One game ends per step: the player to move resigns.
        if let Some(&(thread, _, _)) = live_boards(&t, &tour).first() {
            let view = t.game(thread).unwrap().unwrap();
            let mover = view.to_move().unwrap().user().unwrap();
            t.resign(thread, mover).unwrap();
        }
    }
    panic!("the tournament did not finish");
}

#[test]
fn a_restart_at_any_point_loses_and_repeats_nothing() {
    let memory: Arc<dyn Store> = Arc::new(MemoryStore::new());
    let tour = play_with_restarts(&|| memory.clone(), Format::Swiss, &[61, 62, 63, 64, 65, 66]);
    assert_eq!(tour.rounds.len() as u32, tour.total_rounds);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let tour = play_with_restarts(
        &|| Arc::new(SledStore::open_path(&path).unwrap()) as Arc<dyn Store>,
        Format::DoubleRoundRobin,
        &[71, 72, 73],
    );
    assert_eq!(
        tour.total_rounds, 6,
        "three players, twice round, a bye each round"
    );
    assert!(tour.rounds.iter().all(|r| r.complete() && r.bye.is_some()));
}

#[test]
fn an_aborted_board_is_a_double_forfeit() {
    let (t, number, _) = started(Format::Swiss, &[81, 82, 83, 84]);
    FrontEnd::default().drive(&t);
    let tour = t.tournament(GUILD, number).unwrap();
    let (thread, _, _) = live_boards(&t, &tour)[0];
    t.abort(thread, true).unwrap();
    let tour = t.tournament(GUILD, number).unwrap();
    let aborted = tour.rounds[0]
        .boards
        .iter()
        .find(|b| b.game.is_some_and(|g| g.thread == thread))
        .unwrap();
    assert_eq!(aborted.score, Some(Score::DoubleForfeit));
}

/// Plays every board of a tournament: the lower seed of each board wins
/// (a resignation), every third game is drawn.
fn play_out(t: &Table, number: u64) -> Tournament {
    let mut fe = FrontEnd::default();
    let mut games = 0;
    loop {
        fe.drive(t);
        let tour = t.tournament(GUILD, number).unwrap();
        if tour.status != Status::Running {
            return tour;
        }
        for (thread, white, black) in live_boards(t, &tour) {
            games += 1;
            if games % 3 == 0 {
                t.offer_draw(thread, white).unwrap();
                t.offer_draw(thread, black).unwrap();
            } else {
                t.resign(thread, white.max(black)).unwrap();
            }
        }
    }
}

#[test]
fn standings_pictures_of_a_round_robin_and_a_swiss() {
    use isolo_bot::render::standings::{render_standings_png, standings_text, Labels, StandingsView};
    let labels = Labels {
        rank: "#",
        player: "Player",
        points: "Pts",
        buchholz: "BH-1",
        sonneborn: "SB",
        direct: "DE",
        wins: "W",
        withdrawn: "(withdrew)",
    };
    for (format, players) in [(Format::RoundRobin, 10u64), (Format::Swiss, 24)] {
        let users: Vec<u64> = (1..=players).map(|u| 200 + u).collect();
        let (t, number, _) = started(format, &users);
        let tour = play_out(&t, number);
        assert_eq!(tour.status, Status::Finished);
        let (tour, lines) = t
            .tournament_standings(GUILD, CHANNEL, Some(number), ORGANIZER)
            .unwrap();
        let view = StandingsView {
            title: "Tournament #1 · final standings",
            labels,
            rows: tour.picture_rows(&lines),
            cross: tour.cross_table(&lines),
        };
        assert_eq!(view.cross.is_some(), format == Format::RoundRobin);
        let png = render_standings_png(&view);
        let img = image::load_from_memory(&png).unwrap();
        assert!(img.width() >= 1000 && img.height() as u64 > players * 40);
        let text = standings_text(&view);
        assert_eq!(text.lines().count() as u64, players + 1);
        assert!(text.contains(&tour.entrants[usize::from(lines[0].player)].name));
        if let Ok(dir) = std::env::var("ISOLO_PICTURES") {
            let path = std::path::Path::new(&dir).join(format!("standings-{players}.png"));
            std::fs::write(path, &png).unwrap();
        }
    }
}

#[test]
fn the_largest_tournaments_fit_in_one_stored_value() {
    use isolo_bot::store::{Envelope, MAX_VALUE_BYTES};
    use isolo_bot::table::tournament::{MAX_SWISS_PLAYERS, MAX_SWISS_ROUNDS};
    for (format, players, rounds) in [
        (Format::Swiss, MAX_SWISS_PLAYERS, Some(MAX_SWISS_ROUNDS)),
        (Format::DoubleRoundRobin, MAX_ROUND_ROBIN_PLAYERS, None),
    ] {
        let (store, clock) = memory();
        let t = table(&store, &clock);
        let mut req = request(format);
        req.rounds = rounds;
        let number = t.create_tournament(req).unwrap().tournament.number;
        for u in 0..players as u64 {
            // Discord display names run to 32 characters.
            let long = format!("{:W<32}", u);
            t.join_tournament(GUILD, Some(number), 1_000_000_000_000_000_000 + u, &long)
                .unwrap();
        }
        t.start_tournament(GUILD, Some(number), ORGANIZER, false).unwrap();
        let tour = play_out(&t, number);
        assert_eq!(tour.status, Status::Finished);
        assert_eq!(tour.released, tour.total_rounds, "{format:?}: every round played");
        let stored = serde_json::to_vec(&Envelope {
            kind: "tournament".into(),
            format: 1,
            data: serde_json::to_value(&tour).unwrap(),
        })
        .unwrap();
        assert!(
            stored.len() < MAX_VALUE_BYTES,
            "{format:?}: {} bytes stored",
            stored.len()
        );
        eprintln!("{format:?} of {players}: {} bytes stored", stored.len());
    }
}

#[test]
fn standings_without_a_number_show_the_latest_tournament_of_the_channel_even_finished() {
    let users: Vec<u64> = (1..=4).map(|u| 300 + u).collect();
    let (t, number, _) = started(Format::RoundRobin, &users);
    let tour = play_out(&t, number);
    assert_eq!(tour.status, Status::Finished);
    // Its winner, in its channel, right after the end.
    let winner = t.tournament_standings(GUILD, CHANNEL, None, users[0]).unwrap().0;
    assert_eq!((winner.number, winner.status), (number, Status::Finished));
    // A bystander too; in another channel there is none to show.
    assert_eq!(
        t.tournament_standings(GUILD, CHANNEL, None, 999)
            .unwrap()
            .0
            .number,
        number
    );
    assert!(matches!(
        t.tournament_standings(GUILD, CHANNEL + 1, None, users[0]),
        Err(isolo_bot::table::TableError::NoTournament)
    ));
}
