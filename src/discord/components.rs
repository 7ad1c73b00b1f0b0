//! Buttons and select menus: the same actions as the slash commands.

use poise::serenity_prelude as serenity;

use super::present::{self, ids, Out};
use super::{accept_challenge, bot_turns_via, draw_via, rematch_in, send_board_via, Data, Error, Reply};
use crate::table::TableError;

/// Handles a component interaction; every refusal is a private reply.
pub async fn handle(ctx: &serenity::Context, data: &Data, ci: &serenity::ComponentInteraction) {
    let mut reply = Reply::Component {
        ctx,
        ci,
        responded: false,
    };
    if let Err(e) = dispatch(ctx, data, ci, &mut reply).await {
        let out = Out::private(super::error_text(&e, &format!("component {}", ci.data.custom_id)));
        let sent = match reply {
            Reply::Component { responded: true, .. } => {
                ci.create_followup(&ctx.http, out.followup()).await.map(drop)
            }
            _ => {
                ci.create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Message(out.response()),
                )
                .await
            }
        };
        if let Err(e) = sent {
            tracing::warn!("could not answer a component: {e}");
        }
    }
}

async fn dispatch<'a>(
    ctx: &'a serenity::Context,
    data: &Data,
    ci: &'a serenity::ComponentInteraction,
    reply: &mut Reply<'a>,
) -> Result<(), Error> {
    let user = ci.user.id.get();
    let Some((action, channel, ply)) = ids::parse(&ci.data.custom_id) else {
        return Err(TableError::NoGame.into());
    };
    match action {
        ids::ACCEPT => accept_challenge(ctx, data, channel, user, reply).await?,
        ids::DECLINE => {
            let c = data
                .close_challenge(channel, move |t| t.decline(channel, user))
                .await?;
            respond_update(ctx, ci, reply, present::declined(&c)).await?;
        }
        ids::WITHDRAW => {
            let c = data
                .close_challenge(channel, move |t| t.withdraw(channel, user))
                .await?;
            respond_update(ctx, ci, reply, present::withdrawn(&c)).await?;
        }
        ids::REMATCH => rematch_in(data, channel, user, reply).await?,
        ids::MOVE => {
            let pit = match &ci.data.kind {
                serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
                _ => None,
            }
            .unwrap_or_default();
            // A menu under an old board is refused: the position has moved on.
            let current = data
                .run(move |t| t.game(channel))
                .await?
                .ok_or(TableError::NoGame)?;
            if Some(current.game.ply()) != ply {
                return Err(TableError::Stale.into());
            }
            let out = data.run(move |t| t.play(channel, user, &pit)).await?;
            // Retire this board's menu, then post the new board.
            let retire = serenity::CreateInteractionResponseMessage::new().components(Vec::new());
            ci.create_response(
                &ctx.http,
                serenity::CreateInteractionResponse::UpdateMessage(retire),
            )
            .await?;
            *reply = Reply::Component {
                ctx,
                ci,
                responded: true,
            };
            let game_on = out.finished.is_none();
            let board = draw_via(data, reply, move || {
                present::board_after(&out.view, Some(&out.report), out.finished.as_ref())
            })
            .await?;
            send_board_via(data, reply, channel, board).await?;
            if game_on {
                bot_turns_via(data, reply, channel).await?;
            }
        }
        _ => return Err(TableError::NoGame.into()),
    }
    Ok(())
}

/// Answers a challenge button by replacing the challenge message (its buttons go).
async fn respond_update<'a>(
    ctx: &'a serenity::Context,
    ci: &'a serenity::ComponentInteraction,
    reply: &mut Reply<'a>,
    out: Out,
) -> Result<(), Error> {
    let msg = serenity::CreateInteractionResponseMessage::new()
        .content(out.content)
        .components(Vec::new())
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    ci.create_response(&ctx.http, serenity::CreateInteractionResponse::UpdateMessage(msg))
        .await?;
    *reply = Reply::Component {
        ctx,
        ci,
        responded: true,
    };
    Ok(())
}
