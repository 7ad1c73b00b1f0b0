//! `/isolo game takeback` and its buttons: a player asks to take back their
//! last move in a friendly game, the opponent accepts or declines. The rule
//! is the table's ([`crate::table::takeback`]); the words are
//! [`super::present::takeback`].

use super::errors::Error;
use super::flow;
use super::posting::mover_settings;
use super::present::takeback as words;
use super::present::Out;
use super::reply::Reply;
use super::state::{Context, Data};
use crate::table::takeback::TakebackOutcome;
use crate::table::{ChannelId, GameView, UserId};
use crate::words::Lang;

/// Ask to take back your last move (unrated games)
#[poise::command(slash_command)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let (channel, user) = (ctx.channel_id().get(), ctx.author().id.get());
    let outcome = ctx.data().run(move |t| t.ask_takeback(channel, user)).await?;
    let mut reply = Reply::Poise(ctx);
    let asked = matches!(outcome, TakebackOutcome::Asked { .. });
    let out = message(ctx.data(), outcome).await?;
    match asked {
        // Saved: a failed answer must not read as a refusal.
        true => flow::saved(reply.send(&out)).await,
        false => flow::send_board(ctx.data(), &mut reply, channel, out).await,
    }
}

/// A click on a request's button: `accept` or decline it.
pub(crate) async fn button(
    data: &Data,
    reply: &mut Reply<'_>,
    channel: ChannelId,
    user: UserId,
    accept: bool,
) -> Result<(), Error> {
    let outcome = data
        .run(move |t| t.answer_takeback(channel, user, accept))
        .await?;
    let lang = lang_of(data, outcome.view()).await;
    // The request is answered: its buttons go, its text says how.
    reply
        .replace(&Out::text(words::answered_line(lang, &outcome)))
        .await?;
    if let TakebackOutcome::Taken(_) = outcome {
        let out = message(data, outcome).await?;
        flow::send_board(data, reply, channel, out).await?;
    }
    Ok(())
}

/// The message for `outcome`, in the game's language, its board drawn
/// for the player to move.
async fn message(data: &Data, outcome: TakebackOutcome) -> Result<Out, Error> {
    let lang = lang_of(data, outcome.view()).await;
    let viewer = mover_settings(data, outcome.view()).await;
    data.render(move || words::message(lang, outcome, &viewer)).await
}

async fn lang_of(data: &Data, view: &GameView) -> Lang {
    data.game_lang(view.live.guild, &view.live.players).await
}
