//! End-to-end: tournaments in a server, against the fake Discord. A 4-player
//! round robin and a 5-player Swiss with a bye are played to the end: games
//! in their own threads (both players pinged with the round and the clock),
//! one resigned by a player who leaves, one lost on time, the rest
//! resigned. The test keeps its own score of what it made happen and checks
//! the table's standings and the final message against it, and that each
//! round's pairings and the final standings are posted exactly once.
//! Around them: a channel where games cannot get threads, cancelling, the
//! entry deadline, and a restart in the middle.

use crate::support;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use isolo_bot::table::{ManualClock, Status, Tournament};
use serenity::model::Permissions;
use support::bot::{allowed_users, expect_refusal, InProcess, T};
use support::fake_discord::{
    FakeDiscord, FakeUser, Request, Route, SentInteraction, SlashCommand, CHANNEL_ID, GUILD_ID,
};

/// Minutes per move in these tournaments.
const CLOCK_MINUTES: i64 = 60;

/// The players: alice, bob, carol, then dave and erin.
fn players(n: usize) -> Vec<FakeUser> {
    let mut all = vec![FakeUser::alice(), FakeUser::bob(), FakeUser::carol()];
    all.push(FakeUser::new(1_500_000_000_000_000_004, "dave"));
    all.push(FakeUser::new(1_500_000_000_000_000_005, "erin"));
    all.truncate(n);
    all
}

/// `/isolo tournament <sub>` by `by` in the tournament's channel.
fn tournament(sub: &str, by: &FakeUser) -> SlashCommand {
    SlashCommand::new("isolo")
        .sub(&format!("tournament {sub}"))
        .by(by)
}

/// Waits for the public first answer to `sent` and returns its text.
async fn public(fake: &FakeDiscord, sent: &SentInteraction) -> String {
    let cb = fake.wait_for_callback(sent, T).await.expect("an answer");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(!cb.message.is_ephemeral(), "a public answer: {text}");
    text
}

/// The messages the bot posted in the tournament's channel on its own
/// (not answers to interactions) whose text contains `needle`.
fn posts(fake: &FakeDiscord, needle: &str) -> Vec<Request> {
    fake.requests()
        .into_iter()
        .filter(|r| {
            r.route
                == Route::CreateMessage {
                    channel_id: CHANNEL_ID,
                }
                && r.status == 200
        })
        .filter(|r| r.message().content.is_some_and(|c| c.contains(needle)))
        .collect()
}

/// Polls the stored tournament until `done` holds.
async fn until(bot: &InProcess, number: u64, what: &str, done: impl Fn(&Tournament) -> bool) -> Tournament {
    let start = std::time::Instant::now();
    loop {
        let t = bot
            .table
            .tournament(GUILD_ID, number)
            .expect("readable tournament");
        if done(&t) {
            return t;
        }
        assert!(start.elapsed() < T, "timed out waiting for {what}: {t:#?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What the test makes happen, and the points (halves) it expects.
struct Event {
    bot: InProcess,
    clock: Arc<ManualClock>,
    people: Vec<FakeUser>,
    number: u64,
    expected: HashMap<u64, u32>,
    /// Who leaves in which round.
    leaver: Option<(u32, u64)>,
    /// The round in which one game is lost on time.
    timeout_round: u32,
    /// Every pairing played or forfeited, as (lower id, higher id).
    met: Vec<(u64, u64)>,
    byes: Vec<u64>,
}

impl Event {
    async fn start(n: usize) -> Event {
        let start_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis() as u64;
        let clock = Arc::new(ManualClock::new(start_ms));
        let bot = InProcess::start_with(true, clock.clone(), |_| {}).await;
        let people = players(n);
        Event {
            bot,
            clock,
            expected: people.iter().map(|p| (p.id, 0)).collect(),
            people,
            number: 1,
            leaver: None,
            timeout_round: 0,
            met: Vec::new(),
            byes: Vec::new(),
        }
    }

    /// Stops the bot and starts another on the same store and fake Discord.
    async fn restart(mut self) -> Event {
        self.bot = self.bot.restart(true, self.clock.clone()).await;
        self
    }

    fn user(&self, id: u64) -> &FakeUser {
        self.people.iter().find(|p| p.id == id).expect("a player")
    }

    /// Creates the tournament (`format` is the choice's index), has
    /// everyone join, and starts it.
    async fn open(&mut self, format: i64) {
        self.enter(format).await;
        self.begin().await;
    }

    /// Creates the tournament and has everyone join.
    async fn enter(&mut self, format: i64) {
        let fake = &self.bot.fake;
        let alice = &self.people[0];
        // A clock of zero is refused, and nothing is created.
        let zero = tournament("create", alice)
            .integer("format", format)
            .integer("clock", 0);
        let sent = fake.send_command(&zero).await;
        expect_refusal(fake, &sent, "a tournament needs a clock").await;
        assert!(self.bot.table.tournaments(GUILD_ID).expect("readable").is_empty());
        let create = tournament("create", alice)
            .integer("format", format)
            .integer("clock", CLOCK_MINUTES);
        let text = public(fake, &fake.send_command(&create).await).await;
        assert!(
            text.contains("created tournament #1") && text.contains("60 minutes per move"),
            "{text}"
        );
        for (i, p) in self.people.iter().enumerate() {
            let text = public(fake, &fake.send_command(&tournament("join", p)).await).await;
            assert!(
                text.contains(&format!("joined tournament #1 ({} player", i + 1)),
                "{text}"
            );
        }
        let again = fake
            .send_command(&tournament("join", alice).integer("tournament", 1))
            .await;
        expect_refusal(fake, &again, "already in tournament #1").await;
    }

    /// Starts the tournament: refused to a player, then by its creator.
    async fn begin(&self) {
        let (fake, alice) = (&self.bot.fake, &self.people[0]);
        let early = fake
            .send_command(&tournament("start", &self.people[1]).integer("tournament", 1))
            .await;
        expect_refusal(fake, &early, "only the creator of tournament #1").await;
        let text = public(fake, &fake.send_command(&tournament("start", alice)).await).await;
        assert!(text.contains("Tournament #1 has started"), "{text}");
    }

    /// Plays every round to the end.
    async fn play(&mut self) -> Tournament {
        let mut seen_round = 0;
        loop {
            let t = until(&self.bot, self.number, "the next round", |t| {
                t.status == Status::Finished || t.released > seen_round
            })
            .await;
            if t.status == Status::Finished {
                return t;
            }
            seen_round = t.released;
            self.round(seen_round).await;
        }
    }

    /// Plays round `round` until it is complete.
    async fn round(&mut self, round: u32) {
        let number = self.number;
        // Every board without a result has its game, in its thread.
        let t = until(&self.bot, number, "the round's games", |t| {
            t.rounds[round as usize - 1]
                .boards
                .iter()
                .all(|b| b.score.is_some() || b.game.is_some())
        })
        .await;
        let title = format!("round {round} of {}**", t.total_rounds);
        let fake = &self.bot.fake;
        fake.wait_for(|r| r.message().content.is_some_and(|c| c.contains(&title)), T)
            .await
            .expect("the round's pairings");
        let user = |p: u16| t.entrants[usize::from(p)].user;
        let r = &t.rounds[round as usize - 1];
        if let Some(p) = r.bye {
            self.byes.push(user(p));
            *self.expected.get_mut(&user(p)).expect("a player") += 2;
        }
        let mut live = Vec::new();
        for b in &r.boards {
            let (white, black) = (user(b.white), user(b.black));
            self.met.push((white.min(black), white.max(black)));
            match b.game {
                Some(link) => {
                    self.check_thread(link.thread, white, black, round).await;
                    live.push((link.thread, white, black));
                }
                // Decided without a game: the player who left forfeits.
                None => {
                    let gone = self.leaver.map(|(_, u)| u);
                    assert!(
                        gone == Some(white) || gone == Some(black),
                        "only a leaver forfeits: {b:?}"
                    );
                    let winner = if gone == Some(white) { black } else { white };
                    *self.expected.get_mut(&winner).expect("a player") += 2;
                }
            }
        }
        if round == 1 {
            self.games_list(live[0].1).await;
        }
        if let Some((_, leaver)) = self.leaver.filter(|(r, _)| *r == round) {
            // Leaving resigns the game in progress: the opponent wins it.
            let at = live.iter().position(|(_, w, b)| *w == leaver || *b == leaver);
            let at = at.expect("the leaver plays this round");
            let (thread, white, black) = live.remove(at);
            let text = public(
                fake,
                &fake.send_command(&tournament("leave", self.user(leaver))).await,
            )
            .await;
            assert!(text.contains("withdrew from tournament #1"), "{text}");
            let winner = if white == leaver { black } else { white };
            *self.expected.get_mut(&winner).expect("a player") += 2;
            fake.wait_for(
                |r| {
                    r.route == Route::CreateMessage { channel_id: thread }
                        && r.message().content.is_some_and(|c| c.contains("resign"))
                },
                T,
            )
            .await
            .expect("the resignation in the leaver's thread");
        }
        let timed = (round == self.timeout_round).then(|| live.remove(0));
        for (thread, white, black) in live {
            // Black resigns: white wins.
            let resign = SlashCommand::new("isolo")
                .sub("resign")
                .by(self.user(black))
                .in_channel(thread);
            let sent = fake.send_command(&resign).await;
            fake.wait_for(|r| r.is_for(&sent) && !r.files.is_empty(), T)
                .await
                .expect("the final board");
            *self.expected.get_mut(&white).expect("a player") += 2;
        }
        if let Some((thread, white, black)) = timed {
            // White, to move, lets the clock run out: black wins on time.
            self.clock.advance((CLOCK_MINUTES as u64 + 1) * 60_000);
            self.bot.table.deadlines_changed().notify_one();
            fake.wait_for(
                |r| {
                    r.route == Route::CreateMessage { channel_id: thread }
                        && r.message()
                            .content
                            .is_some_and(|c| c.contains(&format!("<@{black}> wins")))
                },
                T,
            )
            .await
            .expect("white loses on time");
            *self.expected.get_mut(&black).expect("a player") += 2;
            let _ = white;
        }
        until(&self.bot, number, "the round's end", |t| {
            t.rounds[round as usize - 1].complete()
        })
        .await;
    }

    /// The first message in a board's thread is its board, pinging both
    /// players with the round and the clock.
    async fn check_thread(&self, thread: u64, white: u64, black: u64, round: u32) {
        let fake = &self.bot.fake;
        assert!(fake.thread(thread).is_some(), "the game's thread {thread}");
        let first = fake
            .wait_for(
                |r| r.route == Route::CreateMessage { channel_id: thread } && !r.files.is_empty(),
                T,
            )
            .await
            .expect("the first board in the thread");
        let text = first.message().content.unwrap_or_default();
        assert!(
            text.contains(&format!("tournament #1, round {round}")) && text.contains("60 minutes per move"),
            "{text}"
        );
        let mut pinged = allowed_users(&first.message().allowed_mentions);
        pinged.sort_unstable();
        assert_eq!(
            pinged,
            vec![white.min(black), white.max(black)],
            "both players are pinged"
        );
    }

    /// `/isolo games` lists a tournament game.
    async fn games_list(&self, player: u64) {
        let fake = &self.bot.fake;
        let list = fake
            .send_command(&SlashCommand::new("isolo").sub("games").by(self.user(player)))
            .await;
        let cb = fake.wait_for_callback(&list, T).await.expect("the list");
        let text = cb.message.content.unwrap_or_default();
        assert!(text.contains("(tournament #1)"), "{text}");
    }

    /// Checks the end: standings as expected, the final message once with
    /// its picture and the winner, each round's pairings once.
    async fn check_end(&self, t: &Tournament) {
        let fake = &self.bot.fake;
        let standings = t.standings();
        for line in &standings {
            let user = t.entrants[usize::from(line.player)].user;
            assert_eq!(
                line.halves,
                self.expected[&user],
                "points of {}",
                t.entrants[usize::from(line.player)].name
            );
        }
        let finals = until_posted(fake, "final standings").await;
        assert_eq!(finals.len(), 1, "the final standings once");
        let last = &finals[0];
        assert!(last.files.iter().any(|f| f.is_png()), "the standings picture");
        let text = last.message().content.unwrap_or_default();
        let best = standings.iter().filter(|l| l.rank == 1);
        for l in best {
            let user = t.entrants[usize::from(l.player)].user;
            assert!(
                text.contains(&format!("<@{user}>")),
                "the winner is named: {text}"
            );
        }
        for e in &t.entrants {
            assert!(
                text.contains(&e.name),
                "{} is in the standings text: {text}",
                e.name
            );
        }
        for round in 1..=t.released {
            let title = format!("round {round} of {}**", t.total_rounds);
            assert_eq!(posts(fake, &title).len(), 1, "round {round}'s pairings once");
        }
        // A round's work done again (a second process, a restart) posts nothing more.
        let now = until(&self.bot, self.number, "the final post confirmed", |t| {
            t.work().is_empty()
        })
        .await;
        assert_eq!(now.status, Status::Finished);
        let pairs: BTreeSet<_> = self.met.iter().collect();
        assert_eq!(
            pairs.len(),
            self.met.len(),
            "no two players meet twice: {:?}",
            self.met
        );
    }
}

/// Waits for a post containing `needle`, then gives the bot a moment to
/// repeat it (it must not), and returns them all.
async fn until_posted(fake: &FakeDiscord, needle: &str) -> Vec<Request> {
    fake.wait_for(
        |r| {
            r.route
                == Route::CreateMessage {
                    channel_id: CHANNEL_ID,
                }
                && r.message().content.is_some_and(|c| c.contains(needle))
        },
        T,
    )
    .await
    .expect("the post");
    tokio::time::sleep(Duration::from_millis(300)).await;
    posts(fake, needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_is_played_to_the_end_in_threads() {
    let mut event = Event::start(4).await;
    let dave = event.people[3].id;
    event.leaver = Some((2, dave));
    event.timeout_round = 3;
    event.open(0).await;
    let t = event.play().await;
    assert_eq!(
        (t.total_rounds, t.released),
        (3, 3),
        "a round robin of 4 has 3 rounds"
    );
    assert!(t.rounds.iter().all(|r| r.boards.len() == 2 && r.bye.is_none()));
    // Everyone met everyone once.
    assert_eq!(event.met.len(), 6);
    event.check_end(&t).await;
    // Threads: 2 games a round, less dave's forfeited one in round 3.
    assert_eq!(event.bot.fake.threads().len(), 5, "one thread per game played");
    // Standings on request: a picture for everyone.
    let sent = event
        .bot
        .fake
        .send_command(&tournament("standings", &event.people[0]).integer("tournament", 1))
        .await;
    let cb = event
        .bot
        .fake
        .wait_for_callback(&sent, T)
        .await
        .expect("the standings");
    assert!(
        cb.message.files.iter().any(|f| f.is_png()),
        "{:?}",
        cb.message.content
    );
    event.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_five_has_a_bye_each_round_and_ends_with_the_standings() {
    let mut event = Event::start(5).await;
    event.timeout_round = 3;
    event.open(1).await;
    // The leaver is chosen once round 2 is paired: black of its first board.
    let t = until(&event.bot, 1, "round 1", |t| t.released >= 1).await;
    assert_eq!(t.total_rounds, 4, "ceil(log2 5) + 1 rounds");
    event.round(1).await;
    let t = until(&event.bot, 1, "round 2", |t| t.released >= 2).await;
    let b = &t.rounds[1].boards[0];
    event.leaver = Some((2, t.entrants[usize::from(b.black)].user));
    let t = event.play().await;
    assert!(t.released <= 4, "at most the rounds asked for");
    // Five players: a bye in rounds 1 and 2, each to someone new.
    assert_eq!(event.byes.len(), 2, "a bye while five play: {:?}", event.byes);
    assert_ne!(event.byes[0], event.byes[1], "nobody gets a second bye");
    let gone = event.leaver.map(|(_, u)| u).expect("a leaver");
    for r in &t.rounds[2..t.released as usize] {
        assert!(r.bye.is_none(), "four players left: no bye");
        assert!(
            r.boards
                .iter()
                .all(|b| t.entrants[usize::from(b.white)].user != gone
                    && t.entrants[usize::from(b.black)].user != gone),
            "a player who left is not paired"
        );
    }
    event.check_end(&t).await;
    event.bot.stop().await;
}

/// The channel's own messages (not answers) saying `needle`, once the bot
/// had a moment to repeat them (it must not).
async fn settled_posts(fake: &FakeDiscord, needle: &str) -> Vec<Request> {
    tokio::time::sleep(Duration::from_millis(300)).await;
    posts(fake, needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_tournament_is_created_where_its_games_cannot_get_threads() {
    let bot = InProcess::start(true).await;
    let fake = &bot.fake;
    let alice = FakeUser::alice();
    let create = |channel| {
        tournament("create", &alice)
            .integer("format", 0)
            .integer("clock", CLOCK_MINUTES)
            .in_channel(channel)
    };
    fake.deny_threads_in(CHANNEL_ID);
    let sent = fake.send_command(&create(CHANNEL_ID)).await;
    let cb = expect_refusal(fake, &sent, "the **Create Public Threads** permission").await;
    let text = cb.message.content.unwrap_or_default();
    assert!(text.contains("another channel"), "a way on: {text}");
    let quiet = 1_300_000_000_000_000_077;
    fake.add_channel(quiet);
    fake.deny_in(quiet, Permissions::SEND_MESSAGES_IN_THREADS);
    let sent = fake.send_command(&create(quiet)).await;
    expect_refusal(fake, &sent, "the **Send Messages in Threads** permission").await;
    assert!(
        bot.table.tournaments(GUILD_ID).expect("readable").is_empty(),
        "nothing is created"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_without_a_thread_waits_for_the_channel_and_the_channel_is_told_once() {
    let mut event = Event::start(4).await;
    event.enter(0).await;
    // Threads are taken away after the creation: the first board is played
    // in the channel, and the second must wait for it.
    event.bot.fake.deny_threads_in(CHANNEL_ID);
    event.begin().await;
    let (bot, fake) = (&event.bot, &event.bot.fake);
    let t = until(bot, 1, "the first board in the channel", |t| {
        t.rounds[0].boards.iter().any(|b| b.game.is_some())
    })
    .await;
    let hosted: Vec<_> = t.rounds[0].boards.iter().filter_map(|b| b.game).collect();
    assert_eq!(hosted.len(), 1, "one board at a time in the channel");
    assert_eq!(hosted[0].thread, CHANNEL_ID);
    let needle = "Tournament #1, round 1: a game cannot start";
    until_posted(fake, needle).await;
    let told = settled_posts(fake, needle).await;
    assert_eq!(told.len(), 1, "the channel is told once");
    let text = told[0].message().content.unwrap_or_default();
    assert!(
        text.contains("the **Create Public Threads** permission"),
        "{text}"
    );
    // The game in the channel ends: the waiting board starts there.
    let first = t.rounds[0]
        .boards
        .iter()
        .find(|b| b.game.is_some())
        .expect("the hosted board");
    let black = t.entrants[usize::from(first.black)].user;
    let resign = SlashCommand::new("isolo")
        .sub("resign")
        .by(event.user(black))
        .in_channel(CHANNEL_ID);
    fake.send_command(&resign).await;
    let t = until(bot, 1, "the second board in the channel", |t| {
        t.rounds[0]
            .boards
            .iter()
            .all(|b| b.score.is_some() || b.game.is_some_and(|g| g.thread == CHANNEL_ID))
            && t.rounds[0].boards.iter().any(|b| b.score.is_none())
    })
    .await;
    assert_eq!(t.released, 1, "still round 1");
    assert_eq!(settled_posts(fake, needle).await.len(), 1, "told once a round");
    event.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_is_for_the_creator_and_the_channel_hears_it_once() {
    let mut event = Event::start(3).await;
    event.open(0).await;
    let (bot, fake) = (&event.bot, &event.bot.fake);
    let before = until(bot, 1, "round 1's game", |t| {
        t.rounds[0].boards.iter().all(|b| b.game.is_some())
    })
    .await;
    let bob = &event.people[1];
    let sent = fake
        .send_command(&tournament("cancel", bob).integer("tournament", 1))
        .await;
    expect_refusal(fake, &sent, "only the creator of tournament #1 or a moderator").await;
    let after = bot.table.tournament(GUILD_ID, 1).expect("readable");
    assert_eq!(
        (after.status, &after.rounds, after.released),
        (Status::Running, &before.rounds, before.released),
        "a refused cancel changes nothing"
    );
    let sent = fake.send_command(&tournament("cancel", &event.people[0])).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the answer");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(
        cb.message.is_ephemeral() && text.contains("Tournament #1 is cancelled"),
        "{text}"
    );
    let told = until_posted(fake, "Tournament #1 was cancelled").await;
    assert_eq!(told.len(), 1, "the channel is told once");
    let t = until(bot, 1, "the notice confirmed", |t| t.work().is_empty()).await;
    assert_eq!(t.status, Status::Cancelled);
    assert!(
        bot.table.tournaments(GUILD_ID).expect("readable").is_empty(),
        "no longer live"
    );
    // The game in progress goes on as an ordinary game, and no longer counts.
    let board = &t.rounds[0].boards[0];
    let link = board.game.expect("round 1's game");
    let black = t.entrants[usize::from(board.black)].user;
    let resign = SlashCommand::new("isolo")
        .sub("resign")
        .by(event.user(black))
        .in_channel(link.thread);
    let sent = fake.send_command(&resign).await;
    fake.wait_for(|r| r.is_for(&sent) && !r.files.is_empty(), T)
        .await
        .expect("the game ends in its thread");
    let t = bot.table.tournament(GUILD_ID, 1).expect("readable");
    assert_eq!(t.rounds[0].boards[0].score, None, "its result no longer counts");
    assert!(settled_posts(fake, "final standings").await.is_empty());
    assert_eq!(posts(fake, "Tournament #1 was cancelled").len(), 1);
    event.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_entry_deadline_starts_the_tournament_and_posts_round_one_once() {
    let event = Event::start(3).await;
    let (bot, fake) = (&event.bot, &event.bot.fake);
    let create = tournament("create", &event.people[0])
        .integer("format", 0)
        .integer("clock", CLOCK_MINUTES)
        .integer("deadline", 1);
    let text = public(fake, &fake.send_command(&create).await).await;
    assert!(text.contains("entries close <t:"), "{text}");
    for p in &event.people {
        public(fake, &fake.send_command(&tournament("join", p)).await).await;
    }
    assert_eq!(
        bot.table.tournament(GUILD_ID, 1).expect("readable").status,
        Status::Open
    );
    event.clock.advance(3_600_000 + 1_000);
    bot.table.deadlines_changed().notify_one();
    let t = until(bot, 1, "the start at the deadline", |t| {
        t.status == Status::Running
    })
    .await;
    assert_eq!(t.released, 1);
    let title = format!("round 1 of {}**", t.total_rounds);
    until_posted(fake, &title).await;
    until(bot, 1, "round 1's game", |t| {
        t.rounds[0].boards.iter().all(|b| b.game.is_some())
    })
    .await;
    assert_eq!(
        settled_posts(fake, &title).await.len(),
        1,
        "round 1's pairings once"
    );
    event.bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_tournament_goes_on_to_the_end_without_repeating_a_round() {
    let mut event = Event::start(4).await;
    event.open(0).await;
    let t = until(&event.bot, 1, "round 1's games", |t| {
        t.released == 1 && t.rounds[0].boards.iter().all(|b| b.game.is_some())
    })
    .await;
    let title = format!("round 1 of {}**", t.total_rounds);
    until_posted(&event.bot.fake, &title).await;
    event = event.restart().await;
    let t = event.play().await;
    assert_eq!(t.released, 3, "every round is played");
    event.check_end(&t).await;
    assert_eq!(
        event.bot.fake.threads().len(),
        6,
        "one thread per game: none opened twice"
    );
    event.bot.stop().await;
}
