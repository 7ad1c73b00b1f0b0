//! Who may do what, row by row as the "Who may do what" table of docs/players.md says.
//! For each row, every member without the right is answered privately (one
//! ephemeral message and nothing else) and nothing the bot stored changes
//! (game, challenge, last game, ratings); then the member with the right
//! succeeds. The real bot runs in this process against the fake Discord.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use isolo_bot::engine::{Side, Variant};
use isolo_bot::store::{keys, Space, StoreExt};
use isolo_bot::table::{Challenge, LiveGame, ManualClock, MemberSettings, PlayerStats, Table, TimeoutPolicy};
use serenity::model::Permissions;
use support::bot::{boards, bot_user, challenge, expect_refusal, Board, Duel, InProcess, Via, T};
use support::fake_discord::{
    CallbackKind, ComponentClick, FakeDiscord, FakeUser, Request, Route, SentInteraction, SlashCommand,
    CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, MODERATOR_PERMISSIONS,
};

/// A second guild channel, for a game beside the one in [`CHANNEL_ID`].
const OTHER_CHANNEL: u64 = CHANNEL_ID + 5;

/// A fourth member.
fn dave() -> FakeUser {
    FakeUser::new(1_500_000_000_000_000_004, "dave")
}

/// What the bot stored about a channel and the people in these tests.
#[derive(Debug, PartialEq)]
struct Stored {
    game: Option<LiveGame>,
    challenges: Vec<Challenge>,
    last_game: Option<u64>,
    ratings: Vec<Option<PlayerStats>>,
    settings: Vec<MemberSettings>,
}

fn stored(table: &Table, channel: u64) -> Stored {
    let people = [FakeUser::alice(), FakeUser::bob(), FakeUser::carol(), dave()];
    Stored {
        game: table.game(channel).expect("readable game").map(|v| v.live),
        challenges: table.challenges_in(channel).expect("readable challenges"),
        last_game: table.last_game(channel).expect("readable record").map(|f| f.id),
        // As stored: `stats` shows the deviation as it stands at this instant.
        ratings: people
            .iter()
            .map(|p| {
                let key = keys::rating(GUILD_ID, p.id);
                let stored = table.store().get::<PlayerStats>(Space::Ratings, &key);
                stored.expect("readable rating").map(|s| s.value)
            })
            .collect(),
        settings: people
            .iter()
            .map(|p| table.member_settings(p.id).expect("readable settings"))
            .collect(),
    }
}

/// An interaction a test sends: a slash command or a click.
enum Act {
    Command(SlashCommand),
    Click(ComponentClick),
}

impl Act {
    async fn send(&self, fake: &FakeDiscord) -> SentInteraction {
        match self {
            Act::Command(c) => fake.send_command(c).await,
            Act::Click(c) => fake.send_component(c).await,
        }
    }
}

/// `/isolo <sub>` by `by` in `channel`.
fn command(sub: &str, by: &FakeUser, channel: u64) -> Act {
    Act::Command(SlashCommand::new("isolo").sub(sub).by(by).in_channel(channel))
}

/// A click by `by` on the `action` button (`isolo:<action>:<channel>`) of `message`.
fn button(message: u64, action: &str, channel: u64, by: &FakeUser) -> Act {
    Act::Click(ComponentClick::button(message, &format!("isolo:{action}:{channel}")).by(by))
}

/// A choice by `by` of `pit` in the move menu under `board`.
fn menu(board: &Board, pit: &str, by: &FakeUser) -> Act {
    let menu = board.menu.as_ref().expect("the board has a move menu");
    Act::Click(ComponentClick::select(board.message_id, &menu.custom_id, &[pit]).by(by))
}

/// Sends refused interactions and checks each refusal.
struct Refusals<'a> {
    bot: &'a InProcess,
    sent: Vec<SentInteraction>,
}

impl<'a> Refusals<'a> {
    fn new(bot: &'a InProcess) -> Self {
        Refusals {
            bot,
            sent: Vec::new(),
        }
    }

    /// Sends `act` and checks it is refused privately with `needle` and that
    /// nothing stored about `channel` changed.
    async fn check(&mut self, channel: u64, act: Act, needle: &str) {
        let before = stored(&self.bot.table, channel);
        let sent = act.send(&self.bot.fake).await;
        expect_refusal(&self.bot.fake, &sent, needle).await;
        assert_eq!(
            stored(&self.bot.table, channel),
            before,
            "refused with {needle:?}, yet the stored state changed"
        );
        self.sent.push(sent);
    }

    /// `/isolo <sub>` by `by`, who plays in no game in `channel`, is refused.
    async fn bystander(&mut self, channel: u64, sub: &str, by: &FakeUser) {
        self.check(channel, command(sub, by, channel), "not playing in this game")
            .await;
    }

    /// Each refusal was the whole answer: no followup, edit or post came after.
    async fn were_alone(self) {
        assert!(!self.sent.is_empty(), "no refusal was checked");
        tokio::time::sleep(Duration::from_millis(150)).await;
        for sent in &self.sent {
            let answers = self.bot.fake.requests_for(sent);
            assert_eq!(answers.len(), 1, "a refusal is one private message: {answers:#?}");
        }
    }
}

/// Waits for the first request answering `sent` that carries a message (a
/// deferral carries none), and checks it is public.
async fn public_answer(fake: &FakeDiscord, sent: &SentInteraction) -> Request {
    let answer = fake
        .wait_for(
            |r| r.is_for(sent) && (r.message().content.is_some() || !r.files.is_empty()),
            T,
        )
        .await
        .expect("an answer");
    let msg = answer.message();
    assert!(!msg.is_ephemeral(), "a public answer: {:?}", msg.content);
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn any_member_may_challenge_but_not_themselves_a_bot_account_or_into_a_taken_channel() {
    let bot = InProcess::start(false).await;
    let fake = &bot.fake;
    fake.add_channel(OTHER_CHANNEL);
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let mut refusals = Refusals::new(&bot);
    let challenge_by = |by: &FakeUser, opponent: &FakeUser, channel: u64| {
        Act::Command(
            SlashCommand::new("isolo")
                .sub("challenge")
                .user("opponent", opponent)
                .by(by)
                .in_channel(channel),
        )
    };
    refusals
        .check(
            CHANNEL_ID,
            challenge_by(&carol, &carol, CHANNEL_ID),
            "cannot challenge yourself",
        )
        .await;
    let robot = FakeUser {
        bot: true,
        ..FakeUser::new(bot_user().id + 9, "another-bot")
    };
    refusals
        .check(
            CHANNEL_ID,
            challenge_by(&carol, &robot, CHANNEL_ID),
            "is a bot account",
        )
        .await;
    // Carol, who plays nowhere and moderates nothing, challenges dave: public.
    challenge(fake, CHANNEL_ID, &carol, &dave(), Variant::Women).await;
    let pending = bot.table.challenges_in(CHANNEL_ID).unwrap();
    assert!(matches!(&pending[..], [c] if c.challenger.is(carol.id) && c.opponent.is(dave().id)));
    // One open challenge per pair of members in a channel, whoever asks.
    refusals
        .check(
            CHANNEL_ID,
            challenge_by(&dave(), &carol, CHANNEL_ID),
            "has already challenged",
        )
        .await;
    // One game per channel.
    Duel::alice_and_bob(fake, OTHER_CHANNEL, Variant::Women, 1).await;
    refusals
        .check(
            OTHER_CHANNEL,
            challenge_by(&carol, &dave(), OTHER_CHANNEL),
            "already has a game in progress",
        )
        .await;
    refusals.were_alone().await;
    // Another pair may challenge in the same channel meanwhile.
    challenge(fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    assert_eq!(bot.table.challenges_in(CHANNEL_ID).unwrap().len(), 2);
    bot.stop().await;
}

/// Alice challenges Bob. The other two of Alice, Bob and Carol (a
/// bystander) are refused `action` on the challenge, by command and by its
/// button, with `needle`; then `allowed` does it, by the button with
/// `by_button`. Returns `allowed`'s interaction.
async fn only_one_may(
    bot: &InProcess,
    action: &str,
    allowed: FakeUser,
    needle: &str,
    by_button: bool,
) -> SentInteraction {
    let (alice, bob) = (FakeUser::alice(), FakeUser::bob());
    let message = challenge(&bot.fake, CHANNEL_ID, &alice, &bob, Variant::Women).await;
    let mut refusals = Refusals::new(bot);
    for by in [alice, bob, FakeUser::carol()] {
        if by == allowed {
            continue;
        }
        refusals
            .check(CHANNEL_ID, command(action, &by, CHANNEL_ID), needle)
            .await;
        refusals
            .check(CHANNEL_ID, button(message, action, CHANNEL_ID, &by), needle)
            .await;
    }
    refusals.were_alone().await;
    let act = match by_button {
        true => button(message, action, CHANNEL_ID, &allowed),
        false => command(action, &allowed, CHANNEL_ID),
    };
    act.send(&bot.fake).await
}

/// Bob's answer `action` after the others were refused it.
async fn only_bob_may(bot: &InProcess, action: &str, by_button: bool) -> SentInteraction {
    let needle = "only bob can answer this challenge";
    only_one_may(bot, action, FakeUser::bob(), needle, by_button).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_challenged_member_may_accept() {
    let bot = InProcess::start(false).await;
    let sent = only_bob_may(&bot, "accept", true).await;
    boards(&bot.fake, &sent, 1).await;
    let game = bot.table.game(CHANNEL_ID).unwrap().expect("the game started");
    assert_eq!(game.live.side_of(FakeUser::bob().id), Some(Side::North));
    assert!(bot.table.challenges_in(CHANNEL_ID).unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_challenged_member_may_decline() {
    let bot = InProcess::start(false).await;
    let sent = only_bob_may(&bot, "decline", false).await;
    let answer = public_answer(&bot.fake, &sent).await;
    let text = answer.message().content.unwrap_or_default();
    assert!(text.contains("bob declined the challenge from alice"), "{text}");
    assert!(bot.table.challenges_in(CHANNEL_ID).unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_challenger_may_withdraw() {
    let bot = InProcess::start(false).await;
    let needle = "only alice, who made the challenge, can withdraw it";
    let sent = only_one_may(&bot, "withdraw", FakeUser::alice(), needle, true).await;
    let cb = bot.fake.wait_for_callback(&sent, T).await.expect("withdrawn");
    assert_eq!(
        cb.kind,
        CallbackKind::UpdateMessage,
        "the challenge message is replaced"
    );
    let text = cb.message.content.unwrap_or_default();
    assert!(text.contains("alice withdrew the challenge to bob"), "{text}");
    assert!(cb.message.components.is_empty(), "its buttons go");
    assert!(bot.table.challenges_in(CHANNEL_ID).unwrap().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_to_move_may_move_and_is_offered_pits() {
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 3).await;
    let fake = &bot.fake;
    let carol = FakeUser::carol();
    let pit = duel.choose().to_string();
    let waiting = duel.waiting().clone();
    let mut refusals = Refusals::new(&bot);
    for (by, needle) in [(&waiting, "not your turn"), (&carol, "not playing in this game")] {
        let cmd = SlashCommand::new("isolo").sub("move").string("pit", &pit).by(by);
        refusals.check(CHANNEL_ID, Act::Command(cmd), needle).await;
        refusals
            .check(CHANNEL_ID, menu(&duel.board, &pit, by), needle)
            .await;
    }
    refusals.were_alone().await;
    // Autocomplete offers pits to the player to move only.
    let offered = |by: FakeUser| async move {
        let typing = SlashCommand::new("isolo")
            .sub("move")
            .focused("pit", 3, "")
            .by(&by);
        let sent = fake.send_autocomplete(&typing).await;
        let cb = fake.wait_for_callback(&sent, T).await.expect("autocomplete");
        assert_eq!(cb.kind, CallbackKind::Autocomplete);
        cb.message.choices.len()
    };
    assert_eq!(
        offered(waiting.clone()).await,
        0,
        "nothing for the waiting player"
    );
    assert_eq!(offered(carol.clone()).await, 0, "nothing for a bystander");
    let legal = duel.mirror.legal_moves().iter().count();
    assert_eq!(offered(duel.to_move().clone()).await, legal);
    let mv = pit.parse().expect("a pit");
    duel.play(fake, mv, Via::Menu).await;
    let game = bot.table.game(CHANNEL_ID).unwrap().expect("the game goes on");
    assert_eq!(game.live.moves, [mv]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_player_may_resign_on_either_turn() {
    let (bot, duel) = InProcess::with_duel(Variant::Boys, 4).await;
    let mut refusals = Refusals::new(&bot);
    refusals.bystander(CHANNEL_ID, "resign", &FakeUser::carol()).await;
    refusals.were_alone().await;
    // The player not to move may resign too.
    let waiting = duel.waiting().clone();
    let sent = command("resign", &waiting, CHANNEL_ID).send(&bot.fake).await;
    let end = boards(&bot.fake, &sent, 1).await.remove(0);
    assert!(end.content.contains("resigned"), "{}", end.content);
    assert!(bot.table.game(CHANNEL_ID).unwrap().is_none(), "the game is over");
    assert!(bot.table.last_game(CHANNEL_ID).unwrap().is_some());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_player_may_offer_or_accept_a_draw() {
    let (bot, _duel) = InProcess::with_duel(Variant::Women, 5).await;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let mut refusals = Refusals::new(&bot);
    refusals.bystander(CHANNEL_ID, "draw", &carol).await;
    let sent = command("draw", &alice, CHANNEL_ID).send(&bot.fake).await;
    public_answer(&bot.fake, &sent).await;
    let game = bot.table.game(CHANNEL_ID).unwrap().expect("on");
    assert_eq!(game.live.draw_offer, Some(Side::South), "alice's offer is stored");
    // A bystander cannot accept the offer for bob.
    refusals.bystander(CHANNEL_ID, "draw", &carol).await;
    refusals.were_alone().await;
    let sent = command("draw", &bob, CHANNEL_ID).send(&bot.fake).await;
    let end = boards(&bot.fake, &sent, 1).await.remove(0);
    assert!(end.content.contains("both players agreed"), "{}", end.content);
    assert!(bot.table.game(CHANNEL_ID).unwrap().is_none());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_last_games_players_may_ask_for_a_rematch() {
    let (bot, _duel) = InProcess::with_duel(Variant::Women, 6).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    let sent = command("resign", &bob, CHANNEL_ID).send(fake).await;
    let end = boards(fake, &sent, 1).await.remove(0);
    let mut refusals = Refusals::new(&bot);
    let needle = "not playing in this game";
    refusals.bystander(CHANNEL_ID, "rematch", &carol).await;
    refusals
        .check(
            CHANNEL_ID,
            button(end.message_id, "rematch", CHANNEL_ID, &carol),
            needle,
        )
        .await;
    refusals.were_alone().await;
    let sent = button(end.message_id, "rematch", CHANNEL_ID, &alice)
        .send(fake)
        .await;
    public_answer(fake, &sent).await;
    let asked = bot
        .table
        .challenges_in(CHANNEL_ID)
        .unwrap()
        .pop()
        .expect("a rematch challenge");
    assert!(asked.challenger.is(alice.id) && asked.opponent.is(bob.id));
    let sent = command("rematch", &bob, CHANNEL_ID).send(fake).await;
    boards(fake, &sent, 1).await;
    let game = bot.table.game(CHANNEL_ID).unwrap().expect("the rematch started");
    assert_eq!(game.live.side_of(bob.id), Some(Side::South), "colours swapped");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_to_move_gets_a_hint_and_only_against_the_bot() {
    let (bot, duel) = InProcess::with_duel(Variant::Women, 7).await;
    let fake = &bot.fake;
    fake.add_channel(OTHER_CHANNEL);
    let carol = FakeUser::carol();
    let mut refusals = Refusals::new(&bot);
    for (by, needle) in [
        (duel.to_move().clone(), "only available in games against the bot"),
        (duel.waiting().clone(), "not your turn"),
        (carol.clone(), "not playing in this game"),
    ] {
        refusals
            .check(CHANNEL_ID, command("hint", &by, CHANNEL_ID), needle)
            .await;
    }
    // Carol against the bot, next door; she moves first.
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bot_user())
        .by(&carol)
        .in_channel(OTHER_CHANNEL);
    let sent = fake.send_command(&cmd).await;
    boards(fake, &sent, 1).await;
    refusals
        .bystander(OTHER_CHANNEL, "hint", &FakeUser::alice())
        .await;
    refusals.were_alone().await;
    let before = stored(&bot.table, OTHER_CHANNEL);
    let sent = command("hint", &carol, OTHER_CHANNEL).send(fake).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("a hint");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(
        cb.message.is_ephemeral() && text.starts_with("I would play"),
        "{text}"
    );
    assert_eq!(
        stored(&bot.table, OTHER_CHANNEL),
        before,
        "a hint changes nothing"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_waiting_player_may_claim_once_time_ran_out() {
    let start_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_millis() as u64;
    let clock = Arc::new(ManualClock::new(start_ms));
    let bot = InProcess::start_with(false, clock.clone(), |c| c.games.timeout = TimeoutPolicy::Claim).await;
    let fake = &bot.fake;
    let (alice, bob, carol) = (FakeUser::alice(), FakeUser::bob(), FakeUser::carol());
    // A game with a day per move ("1 day" is the second clock choice).
    let cmd = SlashCommand::new("isolo")
        .sub("challenge")
        .user("opponent", &bob)
        .integer("clock", 1)
        .by(&alice);
    let sent = fake.send_command(&cmd).await;
    public_answer(fake, &sent).await;
    let sent = command("accept", &bob, CHANNEL_ID).send(fake).await;
    boards(fake, &sent, 1).await;
    let mut refusals = Refusals::new(&bot);
    let claim = |by: &FakeUser| command("game claim", by, CHANNEL_ID);
    refusals.bystander(CHANNEL_ID, "game claim", &carol).await;
    refusals
        .check(CHANNEL_ID, claim(&alice), "no time to claim")
        .await;
    refusals.check(CHANNEL_ID, claim(&bob), "alice still has").await;
    // A day passes: two reminders, then alice is flagged.
    clock.advance(86_400_000 + 60_000);
    bot.table.deadlines_changed().notify_one();
    fake.wait_for(
        |r| {
            r.route
                == Route::CreateMessage {
                    channel_id: CHANNEL_ID,
                }
                && r.message().content.is_some_and(|c| c.contains("ran out of time"))
        },
        T,
    )
    .await
    .expect("alice is flagged");
    assert!(bot.table.game(CHANNEL_ID).unwrap().expect("on").live.flagged);
    refusals.bystander(CHANNEL_ID, "game claim", &carol).await;
    refusals
        .check(CHANNEL_ID, claim(&alice), "no time to claim")
        .await;
    refusals.were_alone().await;
    let sent = claim(&bob).send(fake).await;
    let end = boards(fake, &sent, 1).await.remove(0);
    assert!(
        end.content.contains(&format!("<@{}> wins", bob.id)),
        "{}",
        end.content
    );
    assert!(bot.table.game(CHANNEL_ID).unwrap().is_none());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_moderator_may_abort_with_manage_messages_or_administrator() {
    let (bot, _duel) = InProcess::with_duel(Variant::Women, 8).await;
    let fake = &bot.fake;
    let (alice, carol) = (FakeUser::alice(), FakeUser::carol());
    let mut refusals = Refusals::new(&bot);
    let needle = "only moderators (Manage Messages) can abort a game";
    // Neither a bystander nor a player, without the permission.
    for by in [&carol, &alice] {
        refusals
            .check(CHANNEL_ID, command("game abort", by, CHANNEL_ID), needle)
            .await;
    }
    refusals.were_alone().await;
    let ratings = stored(&bot.table, CHANNEL_ID).ratings;
    // Manage Messages; then, in a new game, Administrator alone.
    for (round, permissions) in [
        MODERATOR_PERMISSIONS,
        MEMBER_PERMISSIONS | Permissions::ADMINISTRATOR.bits(),
    ]
    .into_iter()
    .enumerate()
    {
        if round > 0 {
            Duel::alice_and_bob(fake, CHANNEL_ID, Variant::Boys, 9).await;
        }
        let moderator = carol.clone().with_permissions(permissions);
        let sent = command("game abort", &moderator, CHANNEL_ID).send(fake).await;
        let end = boards(fake, &sent, 1).await.remove(0);
        assert!(end.content.contains("aborted by a moderator"), "{}", end.content);
        let after = stored(&bot.table, CHANNEL_ID);
        assert!(after.game.is_none(), "the game is gone");
        assert_eq!(after.ratings, ratings, "no rating changes");
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_may_look_publicly_and_looking_changes_nothing() {
    // Carol neither plays nor moderates.
    let look = |sub: &str| SlashCommand::new("isolo").sub(sub).by(&FakeUser::carol());
    let (bot, mut duel) = InProcess::with_duel(Variant::Women, 10).await;
    let fake = &bot.fake;
    let first = duel.choose();
    duel.play(fake, first, Via::Command).await;
    let mut looks = vec![
        look("board"),
        look("board").boolean("text", true),
        look("game animate"),
        look("game history"),
        look("export"),
        look("stats"),
        look("stats").user("user", &FakeUser::alice()),
        look("leaderboard"),
    ];
    for round in 0..2 {
        for cmd in &looks {
            let before = stored(&bot.table, CHANNEL_ID);
            let sent = fake.send_command(cmd).await;
            public_answer(fake, &sent).await;
            assert_eq!(
                stored(&bot.table, CHANNEL_ID),
                before,
                "looking changed something"
            );
        }
        if round == 0 {
            // Over: the review of the finished game is anyone's too.
            let sent = command("resign", &FakeUser::bob(), CHANNEL_ID).send(fake).await;
            boards(fake, &sent, 1).await;
            looks = vec![
                look("review"),
                look("game history"),
                look("stats"),
                look("leaderboard"),
            ];
        }
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anyone_may_read_the_rules_and_help_privately() {
    let (bot, _duel) = InProcess::with_duel(Variant::Boys, 11).await;
    for (sub, says) in [("rules", "seeds"), ("help", "/isolo move")] {
        let cmd = SlashCommand::new("isolo").sub(sub).by(&FakeUser::carol());
        answered_privately(&bot, &cmd, says).await;
    }
    bot.stop().await;
}

/// Sends `cmd` in the test channel and checks it is answered by one private
/// message that says `says`, and that nothing stored changed.
async fn answered_privately(bot: &InProcess, cmd: &SlashCommand, says: &str) {
    let before = stored(&bot.table, CHANNEL_ID);
    let sent = bot.fake.send_command(cmd).await;
    let cb = bot.fake.wait_for_callback(&sent, T).await.expect("an answer");
    let text = cb.message.content.clone().unwrap_or_default();
    assert_eq!(cb.kind, CallbackKind::Message, "{text}");
    assert!(cb.message.is_ephemeral(), "only the member sees it: {text}");
    assert!(text.contains(says), "{text}");
    assert_eq!(
        stored(&bot.table, CHANNEL_ID),
        before,
        "changed something: {text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_of_this_server_is_anyones_by_number() {
    let (bot, _duel) = InProcess::with_duel(Variant::Women, 12).await;
    let fake = &bot.fake;
    let carol = FakeUser::carol();
    let export = |game: i64| {
        Act::Command(
            SlashCommand::new("isolo")
                .sub("export")
                .integer("game", game)
                .by(&carol),
        )
    };
    let mut refusals = Refusals::new(&bot);
    // Game 1 is still on: only finished games are exported by number.
    refusals.check(CHANNEL_ID, export(1), "game #1").await;
    refusals.check(CHANNEL_ID, export(99), "game #99").await;
    refusals.were_alone().await;
    let sent = command("resign", &FakeUser::alice(), CHANNEL_ID).send(fake).await;
    boards(fake, &sent, 1).await;
    let sent = export(1).send(fake).await;
    let file = fake.wait_for_file_reply(&sent, T).await.expect("the record");
    assert!(!file.message().is_ephemeral());
    let record = String::from_utf8_lossy(&file.files[0].data).into_owned();
    assert!(record.contains("alice") && record.contains("bob"), "{record}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_member_lists_their_own_games_privately() {
    let (bot, _duel) = InProcess::with_duel(Variant::Boys, 13).await;
    for (by, finished, says) in [
        (FakeUser::carol(), false, "You have no game in progress"),
        (FakeUser::carol(), true, "You have no finished game"),
        (FakeUser::alice(), false, "vs bob"),
    ] {
        let cmd = SlashCommand::new("isolo")
            .sub("games")
            .boolean("finished", finished)
            .by(&by);
        answered_privately(&bot, &cmd, says).await;
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_member_changes_only_their_own_settings_privately() {
    let (bot, _duel) = InProcess::with_duel(Variant::Women, 14).await;
    let fake = &bot.fake;
    let before = stored(&bot.table, CHANNEL_ID);
    let carol = FakeUser::carol();
    let cmd = SlashCommand::new("isolo")
        .sub("settings")
        .boolean("turn-dm", true)
        .by(&carol);
    let sent = fake.send_command(&cmd).await;
    let cb = fake.wait_for_callback(&sent, T).await.expect("the settings");
    let text = cb.message.content.clone().unwrap_or_default();
    assert!(cb.message.is_ephemeral(), "only the member sees them: {text}");
    assert!(text.contains("a direct message on your move: on"), "{text}");
    let after = stored(&bot.table, CHANNEL_ID);
    // Carol is third in the list; nobody else's settings, nor anything else, moved.
    assert!(after.settings[2].dm_on_turn, "carol's setting is stored");
    let mut expected = before;
    expected.settings[2] = after.settings[2].clone();
    assert_eq!(after, expected);
    bot.stop().await;
}
