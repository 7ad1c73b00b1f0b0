//! What the bot posts on its own, driven by the table's work: a tournament's
//! pairings, games and standings, a server's daily puzzle, a member's daily
//! digest, and a takeback asked or answered on the live board.

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::posting;
use super::present::tournaments::post_out;
use super::present::training::{daily_board, tally};
use super::present::{self, Out};
use super::state::Data;
use crate::table::{ChannelId, DailyDue, Post, Seat, TableError, Tournament, UserId, Work};
use crate::tr;
use crate::words::Lang;

/// Does what is left for tournament `t`: posts its messages
/// (each claimed first and confirmed after, so it appears once whichever
/// process gets there first) and starts its boards' games in threads. A
/// failure is logged and left for the next pass (a claim lapses).
pub(crate) async fn drive(data: &Data, http: &serenity::Http, t: &Tournament) {
    // One pass at a time per tournament in this process; other processes
    // are kept out by the claims and the boards' compare-and-swap.
    let _turn = data
        .answering(crate::table::tournament::deadline_channel(t.id))
        .await;
    // Read again: a pass that just finished may have done it all.
    let (guild, number) = (t.guild, t.number);
    let t = match data.run(move |table| table.tournament(guild, number)).await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!("cannot read tournament #{number} of {guild}: {e:#}");
            return;
        }
    };
    let lang = data.server_lang(guild).await;
    for work in t.work() {
        let done = match work {
            Work::Post(post) => post_once(data, http, &t, post, lang).await,
            Work::StartGame { round, board, .. } => start_game(data, http, &t, round, board).await,
        };
        if let Err(e) = done {
            tracing::warn!("tournament #{number} of {guild}: {work:?} failed (tried again later): {e:#}");
            // Posts come first: a round's games wait for its pairings.
            if matches!(work, Work::Post(_)) {
                return;
            }
        }
    }
}

/// Does the work of the tournament a game played in, once it has ended.
pub(crate) async fn after_game(data: &Data, http: &serenity::Http, f: &crate::table::FinishedGame) {
    let Some(g) = f.tournament else { return };
    let (guild, number) = (f.guild, g.number);
    match data.run(move |t| t.tournament(guild, number)).await {
        Ok(tournament) => drive(data, http, &tournament).await,
        Err(e) => tracing::warn!("cannot read tournament #{number} of {guild}: {e:#}"),
    }
}

/// How often every tournament's work is looked at again: a failed post or
/// a claim of a process that died is taken up within this (and a lease).
const KEEP_UP: std::time::Duration = std::time::Duration::from_secs(60);

/// Every tournament's work in every server: at start-up (a restart at any
/// point resumes it) and every [`KEEP_UP`] until `stop`.
pub(crate) async fn keep_up(
    data: Data,
    http: std::sync::Arc<serenity::Http>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    while !*stop.borrow() {
        match data.run(|t| t.tournament_work()).await {
            Ok(all) => {
                for update in all {
                    drive(&data, &http, &update.tournament).await;
                }
            }
            Err(e) => tracing::warn!("cannot read the tournaments' work: {e:#}"),
        }
        tokio::select! {
            () = tokio::time::sleep(KEEP_UP) => {}
            r = stop.changed() => if r.is_err() { return },
        }
    }
}

/// Claims, posts and confirms one message.
async fn post_once(
    data: &Data,
    http: &serenity::Http,
    t: &Tournament,
    post: Post,
    lang: Lang,
) -> Result<(), Error> {
    let (guild, number) = (t.guild, t.number);
    let Some(ticket) = data
        .run(move |table| table.claim_post(guild, number, post))
        .await?
    else {
        return Ok(());
    };
    let drawn = t.clone();
    let out = data.render(move || post_out(lang, &drawn, post)).await?;
    let message = out
        .message()
        .nonce(serenity::Nonce::String(post.nonce(ticket.tournament_id)))
        .enforce_nonce(true);
    serenity::ChannelId::new(t.channel)
        .send_message(http, message)
        .await?;
    data.run(move |table| table.posted(ticket)).await?;
    Ok(())
}

/// Opens a board's thread, starts its game there and posts the first board,
/// pinging both players with the round and the clock.
async fn start_game(
    data: &Data,
    http: &serenity::Http,
    t: &Tournament,
    round: u32,
    board: u32,
) -> Result<(), Error> {
    let b = &t.rounds[round as usize - 1].boards[board as usize - 1];
    let seat = |p: crate::table::tournament::pairing::Player| {
        let e = &t.entrants[usize::from(p)];
        Seat::Human {
            id: e.user,
            name: e.name.clone(),
        }
    };
    let seats = [seat(b.white), seat(b.black)];
    let lang = data.game_lang(t.guild, &seats).await;
    let made = posting::game_thread(http, t.channel, &seats, lang).await;
    let thread = made.ok();
    // Without a thread (no right to make one) the game is played in the channel.
    let host = thread.unwrap_or(t.channel);
    let (guild, number) = (t.guild, t.number);
    let view = match data
        .run(move |table| table.start_board(guild, number, round, board, host))
        .await
    {
        Ok(view) => view,
        Err(e) => {
            if let Some(thread) = thread {
                posting::delete_thread(http, thread).await;
            }
            return match (e.downcast_ref::<TableError>(), made) {
                // Another pass (or process) was first: nothing is lost.
                (Some(TableError::BoardStarted { .. } | TableError::NoSuchBoard { .. }), _) => Ok(()),
                // The channel is taken and no thread can be had: the
                // channel hears why, once; the board waits its turn.
                (Some(TableError::Busy { .. }), Err(Some(missing))) => {
                    let lang = data.server_lang(guild).await;
                    let notice = data
                        .run(move |table| table.board_blocked(guild, number, round, missing))
                        .await?;
                    if let Some(post) = notice {
                        post_once(data, http, t, post, lang).await?;
                    }
                    Err(e)
                }
                _ => Err(e),
            };
        }
    };
    let intro = tr!(
        lang,
        "tournament-game-intro",
        white = present::mention(lang, &seats[0]),
        black = present::mention(lang, &seats[1]),
        number = number,
        round = round,
        board = board,
        clock = present::clock(lang, t.settings.move_secs)
    );
    posting::post_first_board(data, http, view, &intro).await
}

/// Posts a server's daily puzzle where a moderator asked for it (once: the
/// table's claim, and a nonce should a retry cross a slow answer). Where the
/// bot may not post, the day is given up and whoever set it told, once.
pub(crate) async fn post_daily(data: &Data, http: &serenity::Http, due: DailyDue) {
    let DailyDue {
        guild,
        channel,
        day,
        view,
    } = due;
    let lang = data.server_lang(guild).await;
    let tally = tally(&view);
    let out = match data
        .render(move || daily_board(lang, channel, &view, day, tally))
        .await
    {
        Ok(out) => out,
        Err(e) => return tracing::warn!("cannot draw the daily puzzle of {guild}: {e:#}"),
    };
    let message = out
        .message()
        .nonce(serenity::Nonce::String(format!("daily-{day}")))
        .enforce_nonce(true);
    let sent = serenity::ChannelId::new(channel)
        .send_message(http, message)
        .await;
    let done = match sent {
        Ok(_) => data.run(move |t| t.daily_posted(guild, day)).await,
        Err(e) if refused(&e) => {
            tracing::info!("may not post the daily puzzle in {channel} of {guild}: {e}");
            let told = data.run(move |t| t.daily_post_failed(guild, day)).await;
            if let Ok(Some(user)) = told {
                tell_daily_failed(data, http, user, channel, lang).await;
            }
            told.map(drop)
        }
        // Discord down or slow: the table's retry comes back to it.
        Err(e) => {
            tracing::warn!("could not post the daily puzzle in {channel}: {e}");
            return;
        }
    };
    if let Err(e) = done {
        tracing::warn!("cannot record the daily puzzle of {guild}: {e:#}");
    }
}

/// Whether Discord refused a post for good: no access to the channel or no
/// right to post there (403), or no such channel (404).
fn refused(e: &serenity::Error) -> bool {
    matches!(super::errors::http_status(e), Some(403 | 404))
}

/// Tells the member who set the daily post that the bot may not post there.
async fn tell_daily_failed(
    data: &Data,
    http: &serenity::Http,
    user: UserId,
    channel: ChannelId,
    server: Lang,
) {
    let lang = super::language::private(&data.member_settings(user).await, None, server);
    let text = tr!(lang, "daily-post-failed", channel = format!("<#{channel}>"));
    if let Err(e) = serenity::UserId::new(user)
        .direct_message(http, Out::text(text).message())
        .await
    {
        tracing::info!("could not tell {user} that the daily puzzle cannot be posted: {e}");
    }
}

/// Posts a takeback asked or answered on a page into its game's channel:
/// a request with its buttons, or the new board (the channel's newest).
pub(crate) async fn announce_takeback(
    data: &Data,
    http: &serenity::Http,
    outcome: crate::table::takeback::TakebackOutcome,
) {
    let view = outcome.view();
    let (channel, viewer) = (view.live.channel, posting::mover_settings(data, view).await);
    let lang = data.game_lang(view.live.guild, &view.live.players).await;
    let words = present::takeback::message;
    let Ok(out) = data.render(move || words(lang, outcome, &viewer)).await else {
        return;
    };
    match serenity::ChannelId::new(channel)
        .send_message(http, out.message())
        .await
    {
        Ok(msg) if present::takeback::has_move_menu(&out) => {
            posting::track_board(data, http, channel, Some(msg)).await
        }
        Ok(_) => {}
        Err(e) => tracing::warn!("could not post a takeback to channel {channel}: {e}"),
    }
}

/// Sends a member their daily digest as a direct message, in their own
/// language (else their oldest waiting game's). A failure (DMs closed) is
/// only logged: the next comes a day later.
pub(crate) async fn send_digest(data: &Data, http: &serenity::Http, digest: crate::table::Digest) {
    let user = digest.user;
    let settings = data.member_settings(user).await;
    let game = match digest.games.first() {
        Some(g) => data.game_lang(g.live.guild, &g.live.players).await,
        None => Lang::default(),
    };
    let lang = super::language::private(&settings, None, game);
    let out = present::digest(lang, &digest);
    if let Err(e) = serenity::UserId::new(user)
        .direct_message(http, out.message())
        .await
    {
        tracing::info!("could not send {user} their daily digest: {e}");
    }
}
