//! One way through the adapter: what a slash command and a button or menu
//! share. Each step asks the table, draws, sends and lets the bot answer,
//! whichever way the interaction came ([`Reply`]).

use poise::serenity_prelude as serenity;

use super::errors::{Error, ForcedPrivate, Saved};
use super::language;
use super::limits::Owner;
use super::posting::{
    delete_thread, game_thread, mover_settings, track_board, with_live, MAX_TRACKED_BOARDS,
};
use super::posts;
use super::present::{self, Out};
use super::reply::Reply;
use super::state::Data;
use crate::table::{
    BoardRef, Challenge, ChallengeOutcome, ChallengeRequest, ChannelId, FinishedGame, MemberSettings,
    MoveOutcome, Notice, Opponent, Seat, UserId,
};
use crate::words::Lang;

/// Runs the answer to a change already saved, marking its failure [`Saved`].
pub(crate) async fn saved<T, E: Into<Error>>(
    answer: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, Error> {
    answer.await.map_err(|e| e.into().context(Saved))
}

/// Where a move was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveFrom {
    /// `/isolo move`.
    Command,
    /// The select menu under this board.
    Menu(BoardRef),
}

/// How a challenge is closed without a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Close {
    /// The challenged player says no.
    Decline,
    /// The challenger takes it back.
    Withdraw,
}

/// Draws a picture ([`Data::render`]) for an answer: when many are drawn at
/// once and this one is not ready by the interaction's
/// [deadline](Reply::deadline), the interaction is acknowledged first.
pub(crate) async fn draw<T: Send + 'static>(
    data: &Data,
    reply: &mut Reply<'_>,
    draw: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    let deadline = reply.deadline();
    reply.by_deadline(deadline, data.render(draw)).await?
}

/// Runs an analysis (a review, a hint) in its own pool ([`Data`]'s
/// `analysis`, served in turn by `owner`): when it is not done by the
/// interaction's [deadline](Reply::deadline), the interaction is
/// acknowledged first.
pub(crate) async fn analyse<T: Send + 'static>(
    data: &Data,
    reply: &mut Reply<'_>,
    owner: Owner,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    let deadline = reply.deadline();
    reply
        .by_deadline(deadline, data.analysis.run(owner, work))
        .await?
}

/// Plays the bot's move in `channel` if it is its turn, searching in the
/// analysis pool's queue of the game's player (never refused: the move is
/// stored as due, and players expect it).
pub(crate) async fn search_bot_move(data: &Data, channel: ChannelId) -> Result<Option<MoveOutcome>, Error> {
    let Some(view) = data.run(move |t| t.game(channel)).await? else {
        return Ok(None);
    };
    if !view.live.bot_to_move() {
        return Ok(None);
    }
    let owner = Owner {
        member: view.live.players.iter().find_map(Seat::user).unwrap_or_default(),
        server: view.live.guild,
        channel,
    };
    let table = data.table.clone();
    data.analysis
        .queue(owner, move || table.bot_move(channel))
        .await?
        .map_err(Error::from)
}

/// Sends a board; one with a move menu becomes the channel's newest board.
pub(crate) async fn send_board(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    out: Out,
) -> Result<(), Error> {
    if out.components.is_empty() {
        return reply.send(&out).await;
    }
    let msg = reply.send_message(&out).await?;
    // The bot cannot edit older messages where it can only answer: an old
    // board's menu stays, and a click on it is refused as out of date.
    if !reply.answer_only() {
        track_board(data, &reply.http(), channel, msg).await;
    }
    Ok(())
}

/// `user` plays `pit`: the board after the move, then the bot's answer.
pub(crate) async fn play(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    user: UserId,
    pit: String,
    from: MoveFrom,
) -> Result<(), Error> {
    // A menu under an old board, or another game's, is refused in the
    // same compare-and-swap as the move.
    let board = match from {
        MoveFrom::Menu(board) => Some(board),
        MoveFrom::Command => None,
    };
    // Refusals are decided before anything is acknowledged, so they stay
    // private; then the save counts against the interaction's 3 s too.
    let checked = pit.clone();
    data.run(move |t| t.check_move(channel, user, &checked, board))
        .await?;
    let deadline = reply.deadline();
    let played = data.run(move |t| t.play_on(channel, user, &pit, board));
    let (out, acked) = reply.finish_by_deadline(deadline, played).await;
    let out = out?;
    if let Err(e) = acked {
        // Saved, but the interaction could not be acknowledged: shown as
        // when the answer fails (below).
        announce(data, &reply.http(), Notice::Moved(Box::new(out))).await;
        return Err(e.context(Saved));
    }
    let unseen = out.clone();
    let mut board_sent = false;
    let shown = saved(async {
        // The used menu goes at once; the new board follows.
        reply.retire_menu().await?;
        let drawn = out.clone();
        // A conditional answer played in the same commit: the board after it.
        let last = out.last();
        // Copied into the drawing; read once for the picture and the DM.
        let viewer = mover_settings(data, &last.view).await;
        let lang = data
            .game_lang(last.view.live.guild, &last.view.live.players)
            .await;
        let drawn_for = viewer.clone();
        let board = draw(data, reply, move || {
            present::board_after_outcome(lang, &drawn, &drawn_for)
        })
        .await?;
        let board = with_live(data, lang, board, &last.view);
        send_board(data, reply, channel, board).await?;
        board_sent = true;
        match &last.finished {
            Some(f) => game_over(data, &reply.http(), f).await,
            None => {
                notify_turn(&reply.http(), &last.view, &viewer, lang).await;
                bot_turns(data, reply, channel).await?
            }
        }
        Ok::<_, Error>(())
    })
    .await;
    if shown.is_err() && !board_sent {
        // Saved but not shown: posted to the channel where the bot may post,
        // else held for the next interaction there (and the player to move
        // told by DM if they asked for turn DMs).
        announce(data, &reply.http(), Notice::Moved(Box::new(unseen))).await;
    }
    shown
}

/// `/isolo next` (or the turn DM's button): privately, the member's own
/// game waiting longest for their move, in any place, with its board and a
/// link there.
pub(crate) async fn next_game(
    data: &Data,
    reply: &mut Reply<'_>,
    user: UserId,
    lang: Lang,
) -> Result<(), Error> {
    // It may name a private game: a slow answer is deferred privately, and
    // the reads count against the interaction's 3 s too.
    reply.answer_privately();
    let deadline = reply.deadline();
    let read = async {
        (
            data.run(move |t| t.next_game(user)).await,
            data.member_settings(user).await,
        )
    };
    let (found, viewer) = reply.by_deadline(deadline, read).await?;
    let found = found?;
    let out = draw(data, reply, move || {
        present::next_game(lang, found.as_ref(), &viewer)
    })
    .await?;
    reply.send(&out).await
}

/// Sends the person to move a direct message, if their `settings` ask for
/// one (`/isolo settings turn-dm`). Not in games against the bot, whose
/// moves come at once; a failure (DMs closed) is only logged.
async fn notify_turn(
    http: &serenity::Http,
    view: &crate::table::GameView,
    settings: &MemberSettings,
    game: Lang,
) {
    let Some(user) = view.to_move().and_then(Seat::user) else {
        return;
    };
    // A daily digest stands in for the turn DMs.
    if !settings.dm_on_turn || settings.digest || view.live.players.iter().any(|s| s.user().is_none()) {
        return;
    }
    let dm = present::turn_dm(language::private(settings, None, game), view);
    if let Err(e) = serenity::UserId::new(user)
        .direct_message(http, dm.message())
        .await
    {
        tracing::info!("could not send {user} a turn notice: {e}");
    }
}

/// Whether a board's game is still played (a finished one's page is its
/// record: the link is kept off the last board, whose buttons are the rematch).
fn view_is_on(view: &crate::table::GameView) -> bool {
    view.game.result().is_none()
}

/// "Play live" and `/isolo board live`: opens the Activity where the
/// application has one; otherwise (or with no game here) answers with the
/// page's link, or says the live board is not served.
pub(crate) async fn live(data: &Data, reply: &mut Reply<'_>, channel: ChannelId) -> Result<(), Error> {
    let lang = data.langs(reply).await.private;
    let Some(live) = data.live.clone() else {
        return reply
            .send(&Out::private(crate::tr!(lang, "board-live-off")))
            .await;
    };
    if live.activity {
        return reply.launch_activity().await;
    }
    let (id, key) = data
        .run(move |t| {
            let view = t.game(channel)?.ok_or(crate::table::TableError::NoGame)?;
            Ok((view.live.id, t.link_key(channel, view.live.id)?))
        })
        .await?;
    reply
        .send(&present::live_link(lang, &live, channel, id, &key))
        .await
}

/// Plays the bot's move if it is the bot's turn, and posts the board; a
/// saved move whose board could not be sent is posted to the channel
/// instead, as a player's is ([`play`]).
async fn bot_turns(data: &Data, reply: &mut Reply<'_>, channel: ChannelId) -> Result<(), Error> {
    let Some(out) = search_bot_move(data, channel).await? else {
        return Ok(());
    };
    let unseen = out.clone();
    let shown = show_bot_move(data, reply, channel, out).await;
    if shown.is_err() {
        announce(data, &reply.http(), Notice::Moved(Box::new(unseen))).await;
    }
    shown
}

/// The board after the bot's move `out`, sent as an answer; then the
/// game's end, if it ended.
async fn show_bot_move(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    out: MoveOutcome,
) -> Result<(), Error> {
    // A conditional answer to the bot's move is shown with it.
    let last = out.last();
    let finished = last.finished.clone();
    let viewer = mover_settings(data, &last.view).await;
    let lang = data
        .game_lang(last.view.live.guild, &last.view.live.players)
        .await;
    let view = last.view.clone();
    let board = draw(data, reply, move || {
        present::board_after_outcome(lang, &out, &viewer)
    })
    .await?;
    let board = with_live(data, lang, board, &view);
    send_board(data, reply, channel, board).await?;
    if let Some(f) = finished {
        game_over(data, &reply.http(), &f).await;
    }
    Ok(())
}

/// A new challenge (or, against the bot, a game at once).
pub(crate) async fn challenge(
    data: &Data,
    reply: &mut Reply<'_>,
    req: ChallengeRequest,
) -> Result<(), Error> {
    let channel = req.channel;
    if reply.forced_private() {
        return Err(ForcedPrivate.into());
    }
    if reply.answer_only() {
        data.run(move |t| t.mark_private(channel)).await?;
    }
    let threads = may_open_threads(data, reply, req.guild);
    let Opponent::Bot(level) = req.opponent else {
        let outcome = data.run(move |t| t.challenge(req)).await?;
        return saved(challenged(data, reply, channel, outcome)).await;
    };
    // A game against the bot starts at once, in a thread of its own when
    // allowed and possible; a refusal comes before any thread is opened.
    let checked = req.clone();
    data.run(move |t| t.check_challenge(&checked)).await?;
    let deadline = reply.deadline();
    let seats = [
        Seat::Human {
            id: req.challenger,
            name: req.challenger_name.clone(),
        },
        Seat::Bot { level },
    ];
    let lang = data.game_lang(req.guild, &seats).await;
    let (host, note) = match threads {
        true => {
            reply
                .by_deadline(deadline, open_game_thread(&reply.http(), channel, &seats, lang))
                .await?
        }
        false => (None, String::new()),
    };
    let view = match data.run(move |t| t.challenge_hosted(req, host)).await {
        Ok(ChallengeOutcome::Started(view)) => view,
        Ok(ChallengeOutcome::Pending(_)) => unreachable!("a game against the bot starts at once"),
        Err(e) => {
            if let Some(thread) = host {
                delete_thread(&reply.http(), thread).await;
            }
            return Err(e);
        }
    };
    let started = host.map(|thread| present::bot_game_in_thread(lang, &view.live, thread));
    saved(show_start(
        data,
        reply,
        channel,
        (host, started),
        &note,
        view,
        deadline,
    ))
    .await
}

/// Asks for (or, when both asked, starts) a rematch; from a button, of
/// game number `game` only.
pub(crate) async fn rematch(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    user: UserId,
    game: Option<u64>,
) -> Result<(), Error> {
    let outcome = data.run(move |t| t.rematch_of(channel, user, game)).await?;
    saved(challenged(data, reply, channel, outcome)).await
}

/// Shows a challenge with its buttons, or a started game's first board and
/// the bot's first move.
async fn challenged(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    outcome: ChallengeOutcome,
) -> Result<(), Error> {
    match outcome {
        ChallengeOutcome::Pending(c) => {
            let lang = challenge_lang(data, &c).await;
            let mut out = present::challenge(lang, &c, newcomer(data, &c).await);
            if reply.answer_only() {
                out.content.push_str(&present::answer_only_note(lang, &c));
                return reply.send(&out).await;
            }
            let msg = reply.send_message(&out).await?;
            if let Some(msg) = msg {
                remember_challenge(data, &c, msg.channel_id.get(), msg.id.get());
                // Answered or withdrawn while its message was on its way: the
                // answer found no message to retire, so it is retired here.
                let here = c.channel;
                let open = data.run(move |t| t.challenges_in(here)).await;
                let gone = open.is_ok_and(|all| all.iter().all(|o| challenge_key(o) != challenge_key(&c)));
                if gone {
                    retire_challenge(data, &reply.http(), &c, false).await;
                }
            }
            Ok(())
        }
        ChallengeOutcome::Started(view) => {
            let viewer = mover_settings(data, &view).await;
            let lang = data.game_lang(view.live.guild, &view.live.players).await;
            let shown = view.clone();
            let board = draw(data, reply, move || {
                present::board_after(lang, &view, None, None, &viewer)
            })
            .await?;
            let board = with_live(data, lang, board, &shown);
            send_board(data, reply, channel, board).await?;
            bot_turns(data, reply, channel).await
        }
    }
}

/// Whether the challenged member never played here and did no lesson (a
/// failed read counts as not new: the offer is only a courtesy).
async fn newcomer(data: &Data, c: &Challenge) -> bool {
    let Some(opponent) = c.opponent.user() else {
        return false;
    };
    let guild = c.guild;
    data.run(move |t| Ok(t.stats(guild, opponent)?.is_none() && t.course_progress(opponent)?.done.is_empty()))
        .await
        .unwrap_or(false)
}

/// Declines or withdraws the challenge in `channel`, after any accept in
/// progress there.
pub(crate) async fn close(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    user: UserId,
    how: Close,
    other: Option<UserId>,
) -> Result<(), Error> {
    let _turn = data.answering(channel).await;
    let c = data
        .run(move |t| match how {
            Close::Decline => t.decline_from(channel, user, other),
            Close::Withdraw => t.withdraw_to(channel, user, other),
        })
        .await?;
    let lang = challenge_lang(data, &c).await;
    let out = match how {
        Close::Decline => present::declined(lang, &c),
        Close::Withdraw => present::withdrawn(lang, &c),
    };
    saved(async {
        reply.replace(&out).await?;
        retire_challenge(data, &reply.http(), &c, reply.is_component()).await;
        Ok::<_, Error>(())
    })
    .await
}

/// The language of a challenge's public messages: its players' (see
/// [`language`]).
async fn challenge_lang(data: &Data, c: &Challenge) -> Lang {
    data.game_lang(c.guild, &[c.challenger.clone(), c.opponent.clone()])
        .await
}

/// The key of a challenge in [`super::state::ChallengeMessages`].
fn challenge_key(c: &Challenge) -> Option<(ChannelId, UserId, UserId)> {
    let (a, b) = (c.challenger.user()?, c.opponent.user()?);
    Some((c.channel, a.min(b), a.max(b)))
}

/// Remembers the message that shows challenge `c` (its channel and id).
fn remember_challenge(data: &Data, c: &Challenge, channel: u64, message: u64) {
    let Some(key) = challenge_key(c) else { return };
    let mut map = data.challenge_messages.lock().expect("challenge messages");
    if map.len() >= MAX_TRACKED_BOARDS {
        map.clear();
    }
    map.insert(key, (channel, message));
}

/// Takes the buttons off the message of challenge `c`, now answered,
/// withdrawn or expired (if this process showed it; a click on a button
/// left behind is refused anyway). `clicked`: the answer came from a button
/// on that message, whose update took them off already.
pub(crate) async fn retire_challenge(data: &Data, http: &serenity::Http, c: &Challenge, clicked: bool) {
    let Some(key) = challenge_key(c) else { return };
    let Some((channel, message)) = data
        .challenge_messages
        .lock()
        .expect("challenge messages")
        .remove(&key)
    else {
        return;
    };
    if clicked {
        return;
    }
    let edit = serenity::EditMessage::new().components(Vec::new());
    if let Err(e) = serenity::ChannelId::new(channel)
        .edit_message(http, serenity::MessageId::new(message), edit)
        .await
    {
        tracing::debug!("could not retire a challenge's buttons: {e}");
    }
}

/// Announces a finished game with its final board.
pub(crate) async fn finished(data: &Data, reply: &mut Reply<'_>, f: FinishedGame) -> Result<(), Error> {
    saved(async {
        let drawn = f.clone();
        let lang = data.game_lang(f.guild, &f.players).await;
        let out = draw(data, reply, move || present::finished(lang, &drawn)).await?;
        reply.send(&out).await?;
        game_over(data, &reply.http(), &f).await;
        Ok::<_, Error>(())
    })
    .await
}

/// Accepts a challenge: in a new thread when allowed and possible, else here.
pub(crate) async fn accept(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    user: UserId,
    from: Option<UserId>,
) -> Result<(), Error> {
    let _turn = data.answering(channel).await;
    // Decide before doing anything visible: a refusal stays private.
    let c = data.run(move |t| t.challenge_for(channel, user, from)).await?;
    let from = c.challenger.user();
    let http = reply.http();
    // Opening a thread and drawing the board share one answer deadline.
    let deadline = reply.deadline();
    let lang = challenge_lang(data, &c).await;
    let (host, thread_note) = match may_open_threads(data, reply, c.guild) {
        true => {
            reply
                .by_deadline(
                    deadline,
                    open_game_thread(&http, channel, &[c.challenger.clone(), c.opponent.clone()], lang),
                )
                .await?
        }
        false => (None, String::new()),
    };
    let view = match data.run(move |t| t.accept_from(channel, user, from, host)).await {
        Ok(view) => view,
        Err(e) => {
            // The challenge expired meanwhile: remove the thread (this
            // needs Manage Threads; without it, it stays empty).
            if let Some(thread) = host {
                delete_thread(&http, thread).await;
            }
            return Err(e);
        }
    };
    saved(async {
        // The challenge's buttons go once it is accepted.
        reply.retire_menu().await?;
        retire_challenge(data, &http, &c, reply.is_component()).await;
        let started = host.map(|thread| present::accepted_in_thread(lang, &c, view.live.id, thread));
        show_start(
            data,
            reply,
            channel,
            (host, started),
            &thread_note,
            view,
            deadline,
        )
        .await
    })
    .await
}

/// Shows a started game: its first board here, or the note `started` here
/// and the board in its thread `host` (here after all if the thread refuses
/// it), then the bot's first move if it starts.
async fn show_start(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    (host, started): (Option<ChannelId>, Option<Out>),
    note: &str,
    view: crate::table::GameView,
    deadline: tokio::time::Instant,
) -> Result<(), Error> {
    let http = reply.http();
    let drawn = view.clone();
    let viewer = mover_settings(data, &view).await;
    let lang = data.game_lang(view.live.guild, &view.live.players).await;
    let draw = data.render(move || present::board_after(lang, &drawn, None, None, &viewer));
    let board = reply.by_deadline(deadline, draw).await??;
    let mut board = with_live(data, lang, board, &view);
    board.content = format!("{note}{}", board.content);
    let (Some(thread), Some(started)) = (host, started) else {
        send_board(data, reply, channel, board).await?;
        return bot_turns(data, reply, channel).await;
    };
    reply.send(&started).await?;
    match serenity::ChannelId::new(thread)
        .send_message(&http, board.message())
        .await
    {
        Ok(msg) => track_board(data, &http, thread, Some(msg)).await,
        Err(e) => {
            // The thread took a message a moment ago; show the board
            // here rather than nowhere. Moves go on in the thread.
            tracing::warn!("cannot post the board in thread {thread}: {e}");
            let board = present::board_for_thread(lang, board, thread);
            send_board(data, reply, channel, board).await?;
        }
    }
    // The bot's first move goes into the thread, not as an answer here.
    let t = thread;
    if let Some(out) = search_bot_move(data, t).await? {
        announce(data, &http, Notice::Moved(Box::new(out))).await;
    }
    Ok(())
}

/// Whether a game starting here gets a thread: when the operator allows
/// threads, in a server, and where the bot is a member.
fn may_open_threads(data: &Data, reply: &Reply<'_>, guild: crate::table::GuildId) -> bool {
    data.use_threads && guild != 0 && !reply.answer_only()
}

/// Shows the news held for a channel the bot can only answer in (what the
/// clock did since the last interaction there), as a followup, and forgets
/// it once sent. Nothing is forgotten that was not shown.
pub(crate) async fn show_held(data: &Data, reply: &mut Reply<'_>, channel: ChannelId) {
    if !reply.answer_only() {
        return;
    }
    // One at a time per channel: the next interaction reads the news only
    // once this one has shown it and forgotten it.
    let _turn = data.answering(channel).await;
    let held = match data.run(move |t| t.held(channel)).await {
        Ok(h) if !h.is_empty() => h,
        Ok(_) => return,
        Err(e) => {
            tracing::warn!("cannot read the news held for {channel}: {e}");
            return;
        }
    };
    let upto = held.last().map_or(0, |(n, _)| *n);
    let out = present::held(data.langs(reply).await.private, &held);
    if let Err(e) = reply.send(&out).await {
        tracing::info!("could not show the news held for {channel} (kept for later): {e}");
        return;
    }
    if let Err(e) = data.run(move |t| t.shown(channel, upto)).await {
        tracing::warn!("shown news for {channel} could not be forgotten: {e}");
    }
}

/// Opens a public thread for a game between `seats` and introduces the
/// game in it. Without the right to create the thread or to post in it, the
/// game stays in the channel: `(None, note)` with a note saying why.
pub(crate) async fn open_game_thread(
    http: &serenity::Http,
    channel: ChannelId,
    seats: &[Seat; 2],
    lang: Lang,
) -> (Option<ChannelId>, String) {
    match game_thread(http, channel, seats, lang).await {
        Ok(thread) => (Some(thread), String::new()),
        Err(_) => (None, present::thread_note(lang)),
    }
}

/// After a game's end: its thread closes, and its tournament (if any)
/// moves on (the next round's pairings and games, or the final standings).
pub(crate) async fn game_over(data: &Data, http: &serenity::Http, f: &FinishedGame) {
    close_thread(http, f).await;
    posts::after_game(data, http, f).await;
}

/// Posts a game that ended away from its channel (a player left its
/// tournament) with its final board, in its channel, then [`game_over`].
pub(crate) async fn post_finished(data: &Data, http: &serenity::Http, f: FinishedGame) {
    let lang = data.game_lang(f.guild, &f.players).await;
    let drawn = f.clone();
    match data.render(move || present::finished(lang, &drawn)).await {
        Ok(out) => {
            if let Err(e) = serenity::ChannelId::new(f.channel)
                .send_message(http, out.message())
                .await
            {
                tracing::warn!("could not post the end of game {} in {}: {e}", f.id, f.channel);
            }
        }
        Err(e) => tracing::warn!("could not draw the end of game {}: {e:#}", f.id),
    }
    game_over(data, http, &f).await;
}

/// Archives the thread of a game that ended, and locks it when the bot may
/// (Manage Threads): the result and the rematch button stay in it.
async fn close_thread(http: &serenity::Http, f: &FinishedGame) {
    if f.parent.is_none() {
        return;
    }
    let thread = serenity::ChannelId::new(f.channel);
    let locked = serenity::EditThread::new().archived(true).locked(true);
    if thread.edit_thread(http, locked).await.is_ok() {
        return;
    }
    if let Err(e) = thread
        .edit_thread(http, serenity::EditThread::new().archived(true))
        .await
    {
        tracing::info!("could not archive the finished game's thread {thread}: {e}");
    }
}

/// Posts what the clock did into the game's channel; a board the bot
/// moved on becomes the channel's newest, and a game's end closes its thread.
pub(crate) async fn announce(data: &Data, http: &serenity::Http, notice: Notice) {
    if let Notice::ChallengeExpired(c) = &notice {
        retire_challenge(data, http, c, false).await;
    }
    if let Notice::Tournament(update) = &notice {
        // Its messages and games go out through the tournament's claims.
        return posts::drive(data, http, &update.tournament).await;
    }
    if let Notice::DailyPuzzle(due) = notice {
        return posts::post_daily(data, http, *due).await;
    }
    if let Notice::Digest(digest) = notice {
        return posts::send_digest(data, http, *digest).await;
    }
    if let Notice::Takeback(outcome) = notice {
        return posts::announce_takeback(data, http, *outcome).await;
    }
    let ended = match &notice {
        Notice::TimedOut(f) => Some(f.clone()),
        Notice::Moved(out) => out.last().finished.clone(),
        _ => None,
    };
    let viewer = match &notice {
        Notice::Moved(out) => mover_settings(data, &out.last().view).await,
        _ => MemberSettings::default(),
    };
    let channel = notice.channel();
    let lang = notice_lang(data, &notice).await;
    match data.run(move |t| t.is_private(channel)).await {
        Ok(true) => return hold(data, http, channel, notice, lang).await,
        Ok(false) => {}
        Err(e) => tracing::warn!("cannot tell whether the bot may post in {channel}: {e}"),
    }
    let moved = match &notice {
        Notice::Moved(out) => Some(out.view.clone()),
        _ => None,
    };
    let Ok(Some((channel, out))) = data.render(move || present::notice(lang, notice, &viewer)).await else {
        return;
    };
    let out = match &moved {
        Some(view) if view_is_on(view) => with_live(data, lang, out, view),
        _ => out,
    };
    match serenity::ChannelId::new(channel)
        .send_message(http, out.message())
        .await
    {
        Ok(msg) if !out.components.is_empty() => track_board(data, http, channel, Some(msg)).await,
        Ok(_) => {}
        Err(e) => {
            tracing::warn!(
                "could not post to channel {channel}: {e} (does the bot have Send Messages there?)"
            )
        }
    }
    if let Some(f) = ended {
        game_over(data, http, &f).await;
    }
}

/// Keeps what the clock did in a channel the bot cannot post in for the
/// next interaction there, and sends the player whose turn it is a direct
/// message if they asked for turn DMs (Discord delivers it if they added the
/// app or share a server with the bot; otherwise it is only logged).
async fn hold(data: &Data, http: &serenity::Http, channel: ChannelId, notice: Notice, game: Lang) {
    let dm_to = match &notice {
        Notice::Reminder { user, .. } | Notice::Idle { user, .. } => Some(*user),
        Notice::Moved(out) => out.last().view.to_move().and_then(Seat::user),
        _ => None,
    };
    let Some(user) = dm_to else {
        if let Err(e) = data.run(move |t| t.hold(channel, &notice)).await {
            tracing::warn!("cannot keep the clock's news for {channel}: {e}");
        }
        return;
    };
    let settings = data.member_settings(user).await;
    // A daily digest stands in for the DM of each move, not for reminders.
    let wanted = settings.dm_on_turn && !(settings.digest && matches!(notice, Notice::Moved(_)));
    let text = present::held_dm(language::private(&settings, None, game), &notice);
    if let Err(e) = data.run(move |t| t.hold(channel, &notice)).await {
        tracing::warn!("cannot keep the clock's news for {channel}: {e}");
    }
    let Some(text) = text.filter(|_| wanted) else {
        return;
    };
    if let Err(e) = serenity::UserId::new(user)
        .direct_message(http, Out::text(text).message())
        .await
    {
        tracing::info!("could not send {user} a turn notice: {e}");
    }
}

/// The language of what the clock did: the game's (or the challenge's).
async fn notice_lang(data: &Data, notice: &Notice) -> Lang {
    match notice {
        Notice::Moved(out) => data.game_lang(out.view.live.guild, &out.view.live.players).await,
        Notice::TimedOut(f) => data.game_lang(f.guild, &f.players).await,
        Notice::ChallengeExpired(c) => challenge_lang(data, c).await,
        other => {
            let channel = other.channel();
            match data.run(move |t| t.game(channel)).await {
                Ok(Some(view)) => data.game_lang(view.live.guild, &view.live.players).await,
                _ => Lang::default(),
            }
        }
    }
}
