//! End-to-end: puzzles and the course through the fake Discord. A member
//! solves a puzzle from its private menus and fails another (the solution
//! shown, a later run only practice), two members answer the daily puzzle
//! and its public count moves, a lesson's wrong move gets a hint and its
//! solution completes it, and `/isolo stats` shows the puzzle rating.

use crate::support;

use isolo_bot::ai::puzzle::Puzzle;
use std::sync::Arc;

use isolo_bot::table::course;
use isolo_bot::table::puzzles::find;
use isolo_bot::table::{ManualClock, DAILY_RETRY_MS};
use support::bot::{challenge, expect_refusal, InProcess, T};
use support::fake_discord::{
    custom_ids, CallbackKind, ComponentClick, FakeDiscord, FakeUser, MessagePayload, Request, Route,
    SentInteraction, SlashCommand, CHANNEL_ID, GUILD_ID, MODERATOR_PERMISSIONS,
};

use isolo_bot::engine::Variant;

/// A message the bot sent in answer to an interaction, with its id.
struct Said {
    message: MessagePayload,
    id: u64,
}

impl Said {
    /// The text.
    fn text(&self) -> String {
        self.message.content.clone().unwrap_or_default()
    }

    /// The select menu whose id starts with `prefix`: its id and its pits.
    fn menu(&self, prefix: &str) -> (String, Vec<String>) {
        self.message
            .components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find_map(|c| {
                let id = c["custom_id"].as_str()?.to_owned();
                let pits = c["options"]
                    .as_array()?
                    .iter()
                    .filter_map(|o| o["value"].as_str().map(str::to_owned))
                    .collect();
                id.starts_with(prefix).then_some((id, pits))
            })
            .unwrap_or_else(|| panic!("a menu {prefix}... under {:?}", self.message.content))
    }
}

/// The `n`-th message (from 0) answering `sent`: its first response when
/// that is a message, or a followup.
async fn said(fake: &FakeDiscord, sent: &SentInteraction, n: usize) -> Said {
    let is_message = |r: &support::fake_discord::Request| {
        r.is_for(sent)
            && match r.route {
                Route::InteractionCallback { .. } => {
                    r.callback().is_some_and(|c| c.kind == CallbackKind::Message)
                }
                Route::CreateFollowup { .. } => true,
                _ => false,
            }
    };
    let requests = fake
        .wait_for_n(n + 1, is_message, T)
        .await
        .unwrap_or_else(|e| panic!("message {n}: {e}"));
    let r = &requests[n];
    let id = match r.route {
        Route::InteractionCallback { .. } => fake
            .original_message(sent)
            .and_then(|m| m["id"].as_str().and_then(|i| i.parse().ok())),
        _ => r.response_message_id(),
    }
    .expect("the fake holds the message");
    Said {
        message: r.message(),
        id,
    }
}

/// Sends `/isolo <sub>` (with `daily:true` when asked) as `by`.
async fn command(fake: &FakeDiscord, by: &FakeUser, sub: &str, daily: bool) -> Said {
    let mut cmd = SlashCommand::new("isolo").sub(sub).by(by);
    if daily {
        cmd = cmd.boolean("daily", true);
    }
    let sent = fake.send_command(&cmd).await;
    said(fake, &sent, 0).await
}

/// Chooses `pit` in the menu `prefix` under `board`, as `by`: the answer.
async fn choose(fake: &FakeDiscord, by: &FakeUser, board: &Said, prefix: &str, pit: &str) -> Said {
    let (id, pits) = board.menu(prefix);
    assert!(pits.iter().any(|p| p == pit), "{pit} is offered: {pits:?}");
    let click = ComponentClick::select(board.id, &id, &[pit]).by(by);
    let sent = fake.send_component(&click).await;
    let answer = said(fake, &sent, 0).await;
    assert!(
        answer.message.is_ephemeral(),
        "a training answer is private: {}",
        answer.text()
    );
    answer
}

/// The puzzle a private board shows, from its menu's id.
fn puzzle_of(board: &Said) -> &'static Puzzle {
    let (id, _) = board.menu("isolo:puzzle:");
    let name = id.split(':').nth(4).expect("the puzzle in the id");
    find(name).unwrap_or_else(|| panic!("no puzzle {name}"))
}

/// Plays `p`'s solution from `board` (solution ply `plies`) to the end: the
/// verdict.
async fn solve(fake: &FakeDiscord, by: &FakeUser, mut board: Said, p: &Puzzle, prefix: &str) -> Said {
    let mut plies = 0;
    let mut prefix = prefix.to_string();
    loop {
        let pit = p.solution[plies].to_string();
        let answer = choose(fake, by, &board, &prefix, &pit).await;
        if plies + 1 == p.solution.len() {
            return answer;
        }
        let reply = p.solution[plies + 1];
        assert!(
            answer.text().contains(&format!("The opponent answers {reply}")),
            "{}",
            answer.text()
        );
        assert_eq!(answer.message.files.len(), 1, "the next board is drawn");
        plies += 2;
        prefix = format!("isolo:puzzle:{CHANNEL_ID}:{plies}:{}", p.id);
        board = answer;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_solved_moves_the_rating_and_a_failed_one_counts_once() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());

    let board = command(fake, &alice, "puzzle", false).await;
    assert!(board.message.is_ephemeral(), "a member's puzzle is private");
    assert_eq!(board.message.files.len(), 1, "with a board picture");
    assert!(board.text().contains("Puzzle "), "{}", board.text());
    let p = puzzle_of(&board);
    let prefix = format!("isolo:puzzle:{CHANNEL_ID}:0:{}", p.id);
    let verdict = solve(fake, &alice, board, p, &prefix).await;
    assert!(verdict.text().contains("Solved!"), "{}", verdict.text());
    assert!(
        verdict.text().contains("Puzzle rating 1500 -> "),
        "{}",
        verdict.text()
    );

    let stats = command(fake, &alice, "stats", false).await;
    assert!(
        stats.text().contains("Puzzles: rating") && stats.text().contains("solved 1, failed 0, streak 1"),
        "{}",
        stats.text()
    );

    // Bob plays a wrong first move: the solution is shown.
    let board = command(fake, &bob, "puzzle", false).await;
    let p = puzzle_of(&board);
    let (_, pits) = board.menu("isolo:puzzle:");
    let right = p.solution[0].to_string();
    let wrong = pits
        .iter()
        .find(|pit| **pit != right)
        .expect("a wrong move")
        .clone();
    let verdict = choose(fake, &bob, &board, "isolo:puzzle:", &wrong).await;
    let line: Vec<String> = p.solution.iter().map(|m| m.to_string()).collect();
    assert!(
        verdict.text().contains(&format!("{wrong} is not it"))
            && verdict
                .text()
                .contains(&format!("The solution was {}", line.join(" "))),
        "{}",
        verdict.text()
    );
    // The solution played after that is practice: the record stays.
    let again = solve(fake, &bob, board, p, "isolo:puzzle:").await;
    assert!(again.text().contains("Practice"), "{}", again.text());
    let stats = command(fake, &bob, "stats", false).await;
    assert!(
        stats.text().contains("solved 0, failed 1, streak 0"),
        "{}",
        stats.text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_counts_its_solvers_in_public() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());

    let daily = command(fake, &carol, "puzzle", true).await;
    assert!(!daily.message.is_ephemeral(), "the daily puzzle is public");
    assert_eq!(daily.message.files.len(), 1);
    assert!(
        daily.text().contains("Nobody has solved it yet (0 tried)"),
        "{}",
        daily.text()
    );
    let (menu, _) = daily.menu("isolo:daily:");
    let name = daily
        .text()
        .split("Puzzle ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .map(str::to_owned)
        .expect("the puzzle's id in the text");
    let p = find(&name).expect("a shipped puzzle");
    // The same puzzle for everyone here today.
    let again = command(fake, &alice, "puzzle", true).await;
    assert_eq!(again.menu("isolo:daily:").0, menu);

    let verdict = solve(fake, &alice, daily, p, "isolo:daily:").await;
    assert!(verdict.text().contains("Solved!"), "{}", verdict.text());
    let public = |solved: &'static str| {
        move |r: &support::fake_discord::Request| {
            matches!(r.route, Route::EditMessage { .. })
                && r.message().content.is_some_and(|c| c.contains(solved))
        }
    };
    fake.wait_for(public("One member has solved it (1 tried)"), T)
        .await
        .expect("the count after alice");

    // Bob answers wrong on the other public message: tried, not solved.
    let daily = again;
    let (_, pits) = daily.menu("isolo:daily:");
    let wrong = pits
        .iter()
        .find(|pit| **pit != p.solution[0].to_string())
        .expect("a wrong move");
    let verdict = choose(fake, &bob, &daily, "isolo:daily:", wrong).await;
    assert!(verdict.text().contains("The solution was"), "{}", verdict.text());
    fake.wait_for(public("One member has solved it (2 tried)"), T)
        .await
        .expect("the count after bob");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_hints_at_a_wrong_move_and_its_solution_moves_the_course_on() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());

    // A challenged member who never played is offered the course.
    let msg = challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    let challenged = fake.message(msg).expect("the challenge");
    let offers = challenged["content"]
        .as_str()
        .is_some_and(|t| t.contains("/isolo learn"));
    assert!(offers, "the course is offered: {challenged}");

    let lesson = &course()[0];
    let board = command(fake, &bob, "learn", false).await;
    assert!(board.message.is_ephemeral(), "a lesson is private");
    assert_eq!(board.message.files.len(), 1);
    assert!(board.text().contains("Lesson 1 of"), "{}", board.text());
    let menu = format!("isolo:lesson:{CHANNEL_ID}:0:0:");
    let hinted = choose(fake, &bob, &board, &menu, &lesson.wrong.to_string()).await;
    assert!(hinted.text().contains("Not yet."), "{}", hinted.text());
    let mut board = hinted;
    let mut plies = 0;
    let mut prefix = format!("isolo:lesson:{CHANNEL_ID}:0:0:1");
    let done = loop {
        let answer = choose(fake, &bob, &board, &prefix, &lesson.solution[plies].to_string()).await;
        if plies + 1 == lesson.solution.len() {
            break answer;
        }
        plies += 2;
        prefix = format!("isolo:lesson:{CHANNEL_ID}:{plies}:0:0");
        board = answer;
    };
    assert!(done.text().contains("Next lesson"), "{}", done.text());
    assert_eq!(done.message.files.len(), 1, "the move is shown");
    let next = command(fake, &bob, "learn", false).await;
    assert!(next.text().contains("Lesson 2 of"), "{}", next.text());
    assert!(next.text().contains("(1 done)"), "{}", next.text());
    bot.stop().await;
}

/// 08:00 UTC on a day of 2027.
const EIGHT_UTC: u64 = 1_800_000_000_000;
/// One day, in ms.
const DAY: u64 = 86_400_000;

/// The bot's own posts in the test channel that carry the daily puzzle's menu.
fn daily_posts(fake: &FakeDiscord) -> Vec<Request> {
    fake.requests()
        .into_iter()
        .filter(|r| !daily_posts_in(r).is_empty())
        .collect()
}

/// Moves the bot's clock to `at` and wakes its scheduler.
fn at(bot: &InProcess, clock: &ManualClock, at: u64) {
    clock.set(at);
    bot.table.deadlines_changed().notify_one();
}

/// Waits until the table says `day`'s daily post of the test server is done.
async fn done(bot: &InProcess, day: u64) {
    let deadline = std::time::Instant::now() + T;
    while bot.table.daily_post(GUILD_ID).expect("readable").done_day != Some(day) {
        assert!(std::time::Instant::now() < deadline, "day {day}'s post is done");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// A moderator has the daily puzzle posted in a channel at 09:00 UTC: it
/// comes at nine, once, with the public menu anyone may answer, and again
/// the next day; where the bot may no longer post, the moderator is told
/// once by direct message, and the day after it is tried again, quietly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_where_and_when_a_moderator_set_it() {
    let clock = Arc::new(ManualClock::new(EIGHT_UTC));
    let bot = InProcess::start_with(false, clock.clone(), |_| {}).await;
    let fake = &bot.fake;
    let (bob, carol) = (FakeUser::bob(), FakeUser::carol());
    let moderator = FakeUser::alice().with_permissions(MODERATOR_PERMISSIONS);
    let set = |by: &FakeUser| {
        SlashCommand::new("isolo")
            .sub("settings")
            .by(by)
            .boolean("server-daily-puzzle", true)
            .integer("server-daily-hour", 9)
    };

    // A member who does not moderate is refused, and nothing is set.
    let sent = fake.send_command(&set(&bob)).await;
    expect_refusal(fake, &sent, "only moderators").await;
    assert_eq!(bot.table.daily_post(GUILD_ID).unwrap().channel, None);

    let sent = fake.send_command(&set(&moderator)).await;
    let answer = said(fake, &sent, 0).await;
    assert!(answer.message.is_ephemeral(), "settings are private");
    let text = answer.text();
    let nine = EIGHT_UTC + 3_600_000;
    assert!(
        text.contains(&format!("<#{CHANNEL_ID}>")) && text.contains("09:00 UTC"),
        "{text}"
    );
    assert!(
        text.contains(&format!("<t:{}:f>", nine / 1000)),
        "the next post: {text}"
    );
    assert!(daily_posts(fake).is_empty(), "nothing before nine");

    // Nine o'clock: the day's puzzle, once.
    let day = EIGHT_UTC / DAY;
    at(&bot, &clock, nine);
    let post = fake
        .wait_for(|r| !daily_posts_in(r).is_empty(), T)
        .await
        .expect("the daily puzzle at nine");
    done(&bot, day).await;
    let content = post.message().content.unwrap_or_default();
    assert!(content.contains("**Daily puzzle**"), "{content}");
    assert_eq!(post.files.len(), 1, "its board");
    at(&bot, &clock, nine + DAILY_RETRY_MS + 1);
    let expected = bot.table.daily_puzzle(GUILD_ID, day).unwrap();

    // Anyone may answer it from its menu, privately.
    let board = Said {
        message: post.message(),
        id: post.response_message_id().expect("the posted message's id"),
    };
    let first = expected.puzzle.solution[0].to_string();
    let reply = choose(fake, &carol, &board, "isolo:daily:", &first).await;
    assert!(!reply.text().is_empty());
    assert_eq!(daily_posts(fake).len(), 1, "posted once");

    // The next day again; the day after, the bot may not post there.
    at(&bot, &clock, nine + DAY);
    done(&bot, day + 1).await;
    assert_eq!(daily_posts(fake).len(), 2, "once a day");
    fake.fail_next(
        |r| matches!(r, Route::CreateMessage { channel_id } if *channel_id == CHANNEL_ID),
        403,
    );
    at(&bot, &clock, nine + 2 * DAY);
    let told = fake
        .wait_for(
            |r| {
                matches!(r.route, Route::CreateMessage { channel_id } if channel_id != CHANNEL_ID)
                    && r.message()
                        .content
                        .is_some_and(|c| c.contains("could not post the daily puzzle"))
            },
            T,
        )
        .await
        .expect("the moderator is told");
    assert!(told
        .message()
        .content
        .unwrap()
        .contains(&format!("<#{CHANNEL_ID}>")));
    done(&bot, day + 2).await;
    fake.fail_next(
        |r| matches!(r, Route::CreateMessage { channel_id } if *channel_id == CHANNEL_ID),
        403,
    );
    at(&bot, &clock, nine + 3 * DAY);
    done(&bot, day + 3).await;
    let dms = fake.count_requests(|r| r.route == Route::CreateDm);
    assert_eq!(dms, 1, "told once");
    assert_eq!(daily_posts(fake).len(), 2);
    bot.stop().await;
}

/// The daily puzzle's menus among `r`'s, when it is a post in the test channel.
fn daily_posts_in(r: &Request) -> Vec<String> {
    if r.route
        != (Route::CreateMessage {
            channel_id: CHANNEL_ID,
        })
        || r.status != 200
    {
        return Vec::new();
    }
    r.message()
        .components
        .iter()
        .flat_map(custom_ids)
        .filter(|id| id.starts_with("isolo:daily:"))
        .collect()
}
