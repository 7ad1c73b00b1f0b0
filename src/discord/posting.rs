//! Boards and threads posted to a channel, not as an interaction's answer:
//! the newest board of a channel, a game's thread, its first board.

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::present::{self, Out};
use super::state::Data;
use crate::table::{ChannelId, ChannelRight, MemberSettings, Seat};
use crate::words::Lang;

/// Channels whose newest board is remembered. Forgetting one only leaves an
/// old menu in place, and a stale menu is refused anyway.
pub(crate) const MAX_TRACKED_BOARDS: usize = 10_000;

/// Remembers the newest board of a channel and retires the menu of the one before.
pub(crate) async fn track_board(
    data: &Data,
    http: &serenity::Http,
    channel: ChannelId,
    msg: Option<serenity::Message>,
) {
    let Some(msg) = msg else { return };
    let previous = {
        let mut boards = data.boards.lock().expect("board map");
        if boards.len() >= MAX_TRACKED_BOARDS && !boards.contains_key(&channel) {
            boards.clear();
        }
        boards.insert(channel, msg.id)
    };
    if let Some(prev) = previous.filter(|p| *p != msg.id) {
        let edit = serenity::EditMessage::new().components(Vec::new());
        if let Err(e) = msg.channel_id.edit_message(http, prev, edit).await {
            tracing::debug!("could not retire an old board's menu: {e}");
        }
    }
}

/// `board` with the live board's buttons, when the page is served.
pub(crate) fn with_live(
    data: &Data,
    lang: crate::words::Lang,
    mut board: Out,
    view: &crate::table::GameView,
) -> Out {
    if let Some(live) = &data.live {
        // The key is read once a process, then computed: no wait here.
        match data.table.link_key(view.live.channel, view.live.id) {
            Ok(key) if board.components.len() < 5 => board.components.push(present::live_row(
                lang,
                live,
                view.live.channel,
                view.live.id,
                &key,
            )),
            Ok(_) => {}
            Err(e) => tracing::warn!("no live board link for game {}: {e}", view.live.id),
        }
    }
    board
}

/// Opens a public thread for a game under `channel` and posts its intro
/// there. `Err` names the right Discord refused (403), or is `None` for
/// another failure (worth trying again).
pub(crate) async fn game_thread(
    http: &serenity::Http,
    channel: ChannelId,
    seats: &[Seat; 2],
    lang: Lang,
) -> Result<ChannelId, Option<ChannelRight>> {
    let refused = |e: &serenity::Error, right| (super::errors::http_status(e) == Some(403)).then_some(right);
    let name = crate::tr!(
        lang,
        "thread-name",
        south = seats[0].name(),
        north = seats[1].name()
    );
    let create = serenity::CreateThread::new(name.chars().take(90).collect::<String>())
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match serenity::ChannelId::new(channel)
        .create_thread(http, create)
        .await
    {
        Ok(t) => t.id,
        Err(e) => {
            tracing::info!("no thread for the game in {channel} ({e}); hosting it in the channel");
            return Err(refused(&e, ChannelRight::CreatePublicThreads));
        }
    };
    // Posting first proves the bot may speak here before the game moves in.
    match thread
        .send_message(http, present::thread_intro(lang, seats).message())
        .await
    {
        Ok(_) => Ok(thread.get()),
        Err(e) => {
            tracing::info!("cannot post in the new thread {thread} ({e}); hosting the game in {channel}");
            delete_thread(http, thread.get()).await;
            Err(refused(&e, ChannelRight::SendMessagesInThreads))
        }
    }
}

/// Deletes a thread the bot made for a game that will not be played in it.
pub(crate) async fn delete_thread(http: &serenity::Http, thread: ChannelId) {
    if let Err(e) = serenity::ChannelId::new(thread).delete(http).await {
        tracing::warn!("could not delete the unused thread {thread}: {e}");
    }
}

/// Posts a game's first board in its channel (a tournament's thread) with
/// `intro` before it, pinging both players; it becomes the channel's newest.
pub(crate) async fn post_first_board(
    data: &Data,
    http: &serenity::Http,
    view: crate::table::GameView,
    intro: &str,
) -> Result<(), Error> {
    let channel = view.live.channel;
    let viewer = mover_settings(data, &view).await;
    let lang = data.game_lang(view.live.guild, &view.live.players).await;
    let players = view.live.players.clone();
    let shown = view.clone();
    let board = data
        .render(move || present::board_after(lang, &view, None, None, &viewer))
        .await?;
    let mut board = with_live(data, lang, board, &shown);
    board.content = format!("{intro}\n{}", board.content);
    board.mentions = players.iter().filter_map(Seat::user).collect();
    let msg = serenity::ChannelId::new(channel)
        .send_message(http, board.message())
        .await?;
    track_board(data, http, channel, Some(msg)).await;
    Ok(())
}

/// The settings of the person to move (the defaults for the bot, or when
/// they cannot be read: a picture is never refused for them).
pub(crate) async fn mover_settings(data: &Data, view: &crate::table::GameView) -> MemberSettings {
    match view.to_move().and_then(Seat::user) {
        Some(user) => data.member_settings(user).await,
        None => MemberSettings::default(),
    }
}
