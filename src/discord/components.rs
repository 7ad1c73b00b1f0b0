//! Buttons and select menus: the same actions as the slash commands, through
//! the same steps ([`super::flow`]).

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::flow::{self, Close, MoveFrom};
use super::options::chosen;
use super::present::{ids, Out};
use super::reply::Reply;
use super::state::Data;
use super::training;
use crate::table::{BoardRef, TableError};

/// Handles a component interaction; every refusal is a private reply.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    ci: &serenity::ComponentInteraction,
) -> crate::metrics::Outcome {
    let mut reply = Reply::component(ctx, ci);
    let Err(e) = dispatch(data, ci, &mut reply).await else {
        flow::show_held(data, &mut reply, ci.channel_id.get()).await;
        return crate::metrics::Outcome::Ok;
    };
    if super::errors::unanswerable(&e) {
        tracing::warn!(
            "component {}: the interaction can no longer be answered: {e:#}",
            ci.data.custom_id
        );
        return crate::metrics::Outcome::Error;
    }
    let lang = private_lang(data, ci, &reply).await;
    let out = Out::private(super::present::error_text(
        lang,
        &e,
        &format!("component {}", ci.data.custom_id),
    ));
    match reply.send(&out).await {
        Ok(()) => flow::show_held(data, &mut reply, ci.channel_id.get()).await,
        Err(e) => tracing::warn!("could not answer a component: {e}"),
    }
    super::errors::outcome_of(&e)
}

/// The language of private answers to `ci`.
async fn private_lang(
    data: &Data,
    ci: &serenity::ComponentInteraction,
    reply: &Reply<'_>,
) -> crate::words::Lang {
    let _ = ci;
    data.langs(reply).await.private
}

async fn dispatch(
    data: &Data,
    ci: &serenity::ComponentInteraction,
    reply: &mut Reply<'_>,
) -> Result<(), Error> {
    let user = ci.user.id.get();
    let Some(id) = ids::parse(&ci.data.custom_id) else {
        return Err(TableError::NoGame.into());
    };
    let ids::CustomId {
        action,
        channel,
        extra,
        ..
    } = id;
    if action == ids::NEXT {
        // The clicker's own games only, wherever the button is.
        let lang = private_lang(data, ci, reply).await;
        return flow::next_game(data, reply, user, lang).await;
    }
    // The id is the client's to forge: act only in the channel clicked in.
    let channel_clicked = ci.channel_id.get();
    if channel != channel_clicked {
        tracing::warn!("component id names channel {channel} but was clicked in {channel_clicked}; refused");
        return Err(TableError::NoGame.into());
    }
    match action {
        ids::ACCEPT => flow::accept(data, reply, channel, user, extra).await,
        ids::DECLINE => flow::close(data, reply, channel, user, Close::Decline, extra).await,
        ids::WITHDRAW => flow::close(data, reply, channel, user, Close::Withdraw, extra).await,
        ids::REMATCH => flow::rematch(data, reply, channel, user, extra).await,
        ids::LIVE => flow::live(data, reply, channel).await,
        ids::FORGET if extra == Some(user) => {
            // Read before the settings are gone with the member.
            let lang = private_lang(data, ci, reply).await;
            // Each press reads the whole store: a refused one is given back.
            let cooling = data.cooldowns.start(user, super::limits::Costly::Forget)?;
            let forgotten = data.run(move |t| t.forget_member(user)).await?;
            cooling.keep();
            reply.replace(&super::present::forgotten(lang, &forgotten)).await
        }
        ids::FORGET => {
            let lang = private_lang(data, ci, reply).await;
            reply
                .send(&Out::private(super::present::not_your_button(lang)))
                .await
        }
        ids::MOVE => {
            // Menus made before ids named their game are out of date.
            let board = extra
                .zip(id.tail.and_then(|t| t.parse().ok()))
                .map(|(ply, game)| BoardRef {
                    game,
                    ply: ply as usize,
                });
            let from = MoveFrom::Menu(board.ok_or(TableError::Stale)?);
            flow::play(data, reply, channel, user, chosen(ci), from).await
        }
        ids::TAKEBACK_ACCEPT => super::takeback::button(data, reply, channel, user, true).await,
        ids::TAKEBACK_DECLINE => super::takeback::button(data, reply, channel, user, false).await,
        ids::PUZZLE => training::puzzle_menu(data, reply, ci, id).await,
        ids::DAILY => training::daily_menu(data, reply, ci, id).await,
        ids::LESSON => training::lesson_menu(data, reply, ci, id).await,
        _ => Err(TableError::NoGame.into()),
    }
}
