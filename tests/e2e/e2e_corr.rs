//! End-to-end: correspondence play against the fake Discord. Conditional
//! lines that play, are dropped or are refused; `/isolo next` (and the turn
//! DM's button) across a server and a DM; a vacation that stops a clock
//! across a restart until its bank runs out; a restart past a day's clock
//! that posts the result alone, no reminder before it.

use crate::support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use isolo_bot::engine::{Move, Variant};
use isolo_bot::table::{ManualClock, VacationConfig};
use support::bot::{boards, expect_refusal, posted, until, Board, Duel, InProcess, T};
use support::fake_discord::{
    ComponentClick, FakeDiscord, FakeUser, Place, Route, SentInteraction, SlashCommand, CHANNEL_ID,
    DM_CHANNEL_ID, GUILD_ID,
};

/// A DM between alice and bob, where alice added the app.
const PEOPLE_DM: u64 = 1_300_000_000_000_000_911;

/// The text of the private answer to `sent`, checked to be ephemeral.
async fn private_answer(fake: &FakeDiscord, sent: &SentInteraction) -> String {
    let r = fake
        .wait_for(
            |r| r.is_for(sent) && r.message().content.is_some_and(|c| !c.is_empty()),
            T,
        )
        .await
        .expect("an answer");
    let m = r.message();
    assert!(m.is_ephemeral(), "a private answer: {:?}", m.content);
    m.content.unwrap_or_default()
}

fn line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conditional_lines_play_at_once_are_dropped_and_refused() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 7).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // Bob's line, from alice's move: a1 b1 a2 b2.
    let mut game = duel.mirror.clone();
    let mut plies = Vec::new();
    for _ in 0..4 {
        let mv = game.legal_moves().iter().next().unwrap();
        game.play(mv).unwrap();
        plies.push(mv);
    }
    let add = |by: &FakeUser, text: &str| {
        SlashCommand::new("isolo")
            .sub("game conditional")
            .string("add", text)
            .by(by)
            .in_channel(CHANNEL_ID)
    };
    // Illegal at its third move (bob's pit where alice moves): refused, named.
    let mut after_one = duel.mirror.clone();
    after_one.play(plies[0]).unwrap();
    let bobs_pit = after_one.legal_moves().iter().next().unwrap();
    let bad = format!("{} {} {} {}", plies[0], plies[1], bobs_pit, plies[3]);
    let sent = fake.send_command(&add(&bob, &bad)).await;
    expect_refusal(fake, &sent, "move 3 of the line").await;
    // Alice, to move, cannot enter one.
    let sent = fake.send_command(&add(&alice, &line(&plies))).await;
    expect_refusal(fake, &sent, "while your opponent is to move").await;

    let sent = fake.send_command(&add(&bob, &line(&plies))).await;
    let text = private_answer(fake, &sent).await;
    assert!(
        text.contains(&format!("if {}, then {}", plies[0], plies[1])),
        "{text}"
    );
    assert!(
        bot.table
            .game(CHANNEL_ID)
            .unwrap()
            .unwrap()
            .live
            .conditional
            .len()
            == 1,
        "stored"
    );

    // Alice plays the line's first move: bob's answer comes in the same answer.
    let sent = duel.send(fake, plies[0], support::bot::Via::Command).await;
    let board: Board = boards(fake, &sent, 1).await.remove(0);
    assert!(
        board.content.contains(&format!("sowed {}", plies[0])),
        "{}",
        board.content
    );
    assert!(
        board.content.contains("Answered at once from a conditional line"),
        "{}",
        board.content
    );
    assert!(
        board.content.contains(&format!("sowed {}", plies[1])),
        "{}",
        board.content
    );
    assert_eq!(board.pings(), [alice.id], "alice is to move again");
    duel.mirror.play(plies[0]).unwrap();
    duel.mirror.play(plies[1]).unwrap();
    let live = bot.table.game(CHANNEL_ID).unwrap().unwrap().live;
    assert_eq!(live.moves, plies[..2].to_vec());
    assert_eq!(live.conditional_plies, vec![1]);

    // Alice plays something else: the rest of bob's line is dropped.
    let other = duel.mirror.legal_moves().iter().find(|m| *m != plies[2]);
    if let Some(other) = other {
        let sent = duel.send(fake, other, support::bot::Via::Command).await;
        let board = boards(fake, &sent, 1).await.remove(0);
        assert!(!board.content.contains("conditional"), "{}", board.content);
        let list = SlashCommand::new("isolo")
            .sub("game conditional")
            .by(&bob)
            .in_channel(CHANNEL_ID);
        let sent = fake.send_command(&list).await;
        let text = private_answer(fake, &sent).await;
        assert!(text.contains("no conditional lines"), "{text}");
    }

    // The review marks the conditional move.
    let resign = SlashCommand::new("isolo")
        .sub("resign")
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&resign).await;
    boards(fake, &sent, 1).await;
    let review = SlashCommand::new("isolo")
        .sub("review")
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&review).await;
    let file = fake
        .wait_for(
            |r| r.is_for(&sent) && !r.files.is_empty(),
            Duration::from_secs(90),
        )
        .await
        .expect("a review");
    let table = String::from_utf8_lossy(&file.files[0].data).to_string();
    let marked: Vec<&str> = table
        .lines()
        .filter(|l| l.contains("(conditional move)"))
        .collect();
    assert_eq!(marked.len(), 1, "{table}");
    assert!(marked[0].trim_start().starts_with('2'), "{table}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn next_finds_the_game_waiting_longest_across_a_server_and_a_dm() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    fake.add_place(
        PEOPLE_DM,
        Place::Private {
            channel_type: 1,
            installer: alice.id,
        },
    );
    let mut server = Duel::start(fake, CHANNEL_ID, &alice, &bob, Variant::Women, false, 3).await;
    let _dm = Duel::start_by_button(fake, PEOPLE_DM, &alice, &bob, Variant::Women, 4).await;
    let next =
        |by: &FakeUser, channel: u64| SlashCommand::new("isolo").sub("next").by(by).in_channel(channel);

    // Alice is to move in both: the server game has waited longer.
    let sent = fake.send_command(&next(&alice, PEOPLE_DM)).await;
    let text = private_answer(fake, &sent).await;
    assert!(
        text.contains(&format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}")),
        "{text}"
    );
    assert!(text.contains("Game #1"), "{text}");

    // Bob asks for a DM on his move; alice moves in the server.
    let dm_on = SlashCommand::new("isolo")
        .sub("settings")
        .boolean("turn-dm", true)
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let dm_on = fake.send_command(&dm_on).await;
    private_answer(fake, &dm_on).await;
    let mv = server.choose();
    server.play(fake, mv, support::bot::Via::Command).await;

    let sent = fake.send_command(&next(&alice, CHANNEL_ID)).await;
    let text = private_answer(fake, &sent).await;
    assert!(
        text.contains(&format!("https://discord.com/channels/@me/{PEOPLE_DM}")),
        "{text}"
    );
    // Bob's turn DM has the button; it answers as /isolo next does.
    let dm = fake
        .wait_for(
            |r| matches!(r.route, Route::CreateMessage { channel_id } if channel_id == DM_CHANNEL_ID),
            T,
        )
        .await
        .expect("bob hears it is his move");
    assert!(dm.message().custom_ids().contains(&"isolo:next:0".to_string()));
    let message = support::bot::snowflake(&dm.response["id"]).expect("the DM's id");
    let click = ComponentClick::button(message, "isolo:next:0").by(&bob);
    let sent = fake.send_component(&click).await;
    let text = private_answer(fake, &sent).await;
    assert!(
        text.contains(&format!("https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}")),
        "{text}"
    );
    // Carol plays nowhere: nothing is revealed to her.
    let sent = fake.send_command(&next(&carol, CHANNEL_ID)).await;
    let text = private_answer(fake, &sent).await;
    assert!(text.contains("None of your games"), "{text}");
    assert!(!text.contains("https://"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_stops_the_clock_across_a_restart_until_the_bank_runs_out() {
    const DAY: u64 = 86_400_000;
    let start_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let clock = Arc::new(ManualClock::new(start_ms));
    let bank = VacationConfig {
        start_days: 2,
        monthly_days: 0,
        cap_days: 2,
    };
    let bot = InProcess::start_with(false, clock.clone(), |c| c.vacation = bank).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // A day per move ("1 day" is the second clock choice).
    let challenge = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("clock", 1)
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&challenge).await;
    fake.wait_for_callback(&sent, T).await.expect("the challenge");
    let accept = SlashCommand::new("isolo")
        .sub("accept")
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&accept).await;
    boards(fake, &sent, 1).await;

    // Six hours into alice's turn, bob goes on vacation: alice is told.
    clock.advance(6 * 3_600_000);
    let away = SlashCommand::new("isolo")
        .sub("settings")
        .integer("vacation", 0)
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&away).await;
    let text = private_answer(fake, &sent).await;
    assert!(text.contains("You are on vacation"), "{text}");
    let until_ms = start_ms + 6 * 3_600_000 + 2 * DAY;
    assert_eq!(bot.table.vacation(bob.id).unwrap().on.unwrap().until_ms, until_ms);
    until(&bot, "alice is told bob is away", || {
        posted(fake, CHANNEL_ID, "is on vacation") == 1
    })
    .await;
    let told = fake
        .requests()
        .into_iter()
        .find(|r| r.message().content.is_some_and(|c| c.contains("is on vacation")))
        .unwrap();
    assert!(told
        .message()
        .content
        .unwrap()
        .contains(&format!("<@{}>", alice.id)));

    // Past alice's whole day: the clock is stopped, nothing happens, and a
    // restarted bot has the same deadline: the end of bob's bank.
    clock.advance(DAY + 60_000);
    bot.table.deadlines_changed().notify_one();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        bot.table.game(CHANNEL_ID).unwrap().is_some(),
        "no timeout while held"
    );
    let bot = bot.restart(false, clock.clone()).await;
    let fake = &bot.fake;
    assert_eq!(bot.table.next_deadline().unwrap(), Some(until_ms));
    assert_eq!(posted(fake, CHANNEL_ID, "ran out of time"), 0);

    // The bank runs out: everyone is told, the clock runs again with the
    // 18 hours alice had left.
    clock.set(until_ms + 1_000);
    until(&bot, "the end of the bank is announced", || {
        posted(fake, CHANNEL_ID, "vacation days have run out") == 1
    })
    .await;
    let live = bot
        .table
        .game(CHANNEL_ID)
        .unwrap()
        .expect("the game goes on")
        .live;
    assert!(live.paused.is_none());
    assert_eq!(live.deadline_ms(), Some(until_ms + 18 * 3_600_000));
    assert_eq!(bot.table.vacation(bob.id).unwrap().left_ms, 0);
    let stats = SlashCommand::new("isolo")
        .sub("stats")
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&stats).await;
    let r = fake
        .wait_for(|r| r.is_for(&sent) && r.message().content.is_some(), T)
        .await
        .expect("stats");
    assert!(
        r.message().content.unwrap().contains("Vacation days left"),
        "{:?}",
        r.message().content
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_downtime_past_the_clock_the_result_comes_without_a_reminder() {
    const DAY: u64 = 86_400_000;
    let start_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let clock = Arc::new(ManualClock::new(start_ms));
    let bot = InProcess::start_with(false, clock.clone(), |_| {}).await;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    // A day per move ("1 day" is the second clock choice); alice is to move.
    let challenge = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("clock", 1)
        .by(&alice)
        .in_channel(CHANNEL_ID);
    let sent = bot.fake.send_command(&challenge).await;
    bot.fake.wait_for_callback(&sent, T).await.expect("the challenge");
    let accept = SlashCommand::new("isolo")
        .sub("accept")
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = bot.fake.send_command(&accept).await;
    boards(&bot.fake, &sent, 1).await;

    // The bot is down past both reminders' times and the timeout.
    clock.advance(DAY + 60_000);
    let bot = bot.restart(false, clock.clone()).await;
    let fake = &bot.fake;
    until(&bot, "the win on time is posted", || {
        posted(fake, CHANNEL_ID, "ran out of time") >= 1
    })
    .await;
    assert!(bot.table.game(CHANNEL_ID).unwrap().is_none(), "the game is over");
    // The clock's notices go out in order: a reminder would be there by now.
    assert_eq!(posted(fake, CHANNEL_ID, "it is your move in game"), 0);
    assert_eq!(posted(fake, CHANNEL_ID, "your time runs out"), 0);
    bot.stop().await;
}

/// A guild on shard 0 of 2 ([`GUILD_ID`] is on shard 1).
const GUILD_0: u64 = GUILD_ID + (1 << 22);
/// The game channel in [`GUILD_0`].
const GAME_0: u64 = CHANNEL_ID + 1_000;

/// Alice challenges Bob to a game with a day per move in `channel`, and Bob accepts.
async fn day_game(fake: &FakeDiscord, channel: u64) {
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let challenge = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("clock", 1)
        .by(&alice)
        .in_channel(channel);
    let sent = fake.send_command(&challenge).await;
    fake.wait_for_callback(&sent, T).await.expect("the challenge");
    let accept = SlashCommand::new("isolo")
        .sub("accept")
        .by(&bob)
        .in_channel(channel);
    let sent = fake.send_command(&accept).await;
    boards(fake, &sent, 1).await;
}

#[test]
#[cfg_attr(
    not(isolo_pg),
    ignore = "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL"
)]
fn a_vacation_runs_out_once_across_two_processes_on_one_database() {
    let url = support::store::pg_url().expect(support::store::PG_MISSING);
    let schema = support::store::PgSchema::new(&url);
    // The schema is dropped (with blocking SQL) outside this runtime.
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(two_processes(&schema));
}

/// Shards 0 and 1 of one bot, each its own table on one PostgreSQL schema
/// and one manual clock: a game in a guild of each, bob goes on vacation
/// through one, and the end of his bank is announced once in each game.
async fn two_processes(schema: &support::store::PgSchema) {
    const DAY: u64 = 86_400_000;
    support::bot::prepare_environment();
    let fake = FakeDiscord::start(support::fake_discord::FakeOptions {
        guilds: vec![GUILD_ID, GUILD_0],
        ..support::fake_discord::FakeOptions::default()
    })
    .await;
    fake.add_channel_in_guild(GAME_0, GUILD_0);
    let start_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let clock = Arc::new(ManualClock::new(start_ms));
    let mut tables = Vec::new();
    let mut running = Vec::new();
    for shard in 0..2 {
        let text = format!(
            "[discord]\ntoken = \"{}\"\nguild_id = {GUILD_ID}\napi_proxy = \"{}\"\nuse_threads = false\n\
             shards = {{ total = 2, first = {shard}, last = {shard} }}\n\n\
             [storage]\nurl = \"{}\"\nschema = \"{}\"\n\n[vacation]\nstart_days = 2\nmonthly_days = 0\ncap_days = 2\n",
            support::fake_discord::TOKEN,
            fake.base_url(),
            schema.url,
            schema.name
        );
        let config = isolo_bot::config::Config::parse(&text).expect("config parses");
        let store = isolo_bot::store::open(&config.storage).expect("the database");
        let table = Arc::new(
            isolo_bot::table::Table::new(store, clock.clone(), config.games.clone())
                .with_ai(config.ai)
                .with_vacation(config.vacation),
        );
        let connection = isolo_bot::discord::Connection::new(&config.discord).expect("a token");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(isolo_bot::discord::run(connection, table.clone(), async move {
            let _ = stopped.await;
        }));
        tables.push(table);
        running.push((stop, task));
    }
    fake.wait_shards_ready(2, Duration::from_secs(30))
        .await
        .expect("both shards");
    fake.wait_for(|r| matches!(r.route, Route::PutCommands { .. }), T)
        .await
        .expect("commands registered");
    day_game(&fake, GAME_0).await;
    day_game(&fake, CHANNEL_ID).await;

    // Bob goes away through shard 1's process: both games are held.
    clock.advance(6 * 3_600_000);
    let bob = FakeUser::bob();
    let away = SlashCommand::new("isolo")
        .sub("settings")
        .integer("vacation", 0)
        .by(&bob)
        .in_channel(CHANNEL_ID);
    let sent = fake.send_command(&away).await;
    assert!(private_answer(&fake, &sent).await.contains("You are on vacation"));
    let until_ms = start_ms + 6 * 3_600_000 + 2 * DAY;
    let nudge = || tables.iter().for_each(|t| t.deadlines_changed().notify_one());
    let start = Instant::now();
    while [GAME_0, CHANNEL_ID]
        .iter()
        .any(|&c| posted(&fake, c, "is on vacation") != 1)
    {
        assert!(start.elapsed() < T, "alice is told in both games");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for table in &tables {
        assert_eq!(
            table.next_deadline().unwrap(),
            Some(until_ms),
            "both see the held clocks"
        );
    }

    // The bank runs out: told once in each game, whichever process fires it.
    clock.set(until_ms + 1_000);
    let start = Instant::now();
    while [GAME_0, CHANNEL_ID]
        .iter()
        .any(|&c| posted(&fake, c, "vacation days have run out") == 0)
    {
        assert!(start.elapsed() < T, "the end of the bank is announced");
        nudge();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for _ in 0..20 {
        nudge();
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for channel in [GAME_0, CHANNEL_ID] {
        assert_eq!(
            posted(&fake, channel, "vacation days have run out"),
            1,
            "once in {channel}"
        );
        let live = tables[0].game(channel).unwrap().expect("the game goes on").live;
        assert!(live.paused.is_none());
        assert_eq!(live.deadline_ms(), Some(until_ms + 18 * 3_600_000));
    }
    for (stop, task) in running {
        let _ = stop.send(());
        let ended = tokio::time::timeout(T, task).await.expect("run returns");
        ended.expect("the run task").expect("run ends with Ok");
    }
}
