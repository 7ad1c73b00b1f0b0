//! Answering an interaction, whichever way it came: a slash command (through
//! poise) or a button or select menu (a component interaction), and the
//! deadline Discord sets for the first answer.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::present::Out;
use super::{Context, Error};

/// How long an answer may take before the interaction is acknowledged
/// without it: Discord drops an interaction not answered within 3 seconds.
pub(crate) const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

/// How to answer: through a poise context, or a component interaction.
pub(crate) enum Reply<'a> {
    /// A slash command.
    Poise(Context<'a>),
    /// A button or select menu; `responded` once the first answer went out.
    Component {
        /// The serenity context.
        ctx: &'a serenity::Context,
        /// The interaction.
        ci: &'a serenity::ComponentInteraction,
        /// Whether the first answer went out.
        responded: bool,
    },
}

impl<'a> Reply<'a> {
    /// Answers a button or menu click.
    pub(crate) fn component(ctx: &'a serenity::Context, ci: &'a serenity::ComponentInteraction) -> Reply<'a> {
        Reply::Component {
            ctx,
            ci,
            responded: false,
        }
    }

    /// The serenity context (for REST calls beyond the answer).
    pub(crate) fn serenity(&self) -> &serenity::Context {
        match self {
            Reply::Poise(ctx) => ctx.serenity_context(),
            Reply::Component { ctx, .. } => ctx,
        }
    }

    /// The REST client.
    pub(crate) fn http(&self) -> Arc<serenity::Http> {
        self.serenity().http.clone()
    }

    /// Sends a message: the interaction's first response, then followups.
    pub(crate) async fn send(&mut self, out: &Out) -> Result<(), Error> {
        match self {
            Reply::Poise(ctx) => {
                ctx.send(out.reply()).await?;
                Ok(())
            }
            Reply::Component { .. } => self.send_message(out).await.map(drop),
        }
    }

    /// Sends a message and returns it when Discord says which it became (a
    /// followup, or a command's answer with components), to edit it later.
    pub(crate) async fn send_message(&mut self, out: &Out) -> Result<Option<serenity::Message>, Error> {
        match self {
            Reply::Poise(ctx) => {
                let handle = ctx.send(out.reply()).await?;
                if out.components.is_empty() {
                    return Ok(None);
                }
                Ok(handle.message().await.ok().map(|m| m.into_owned()))
            }
            Reply::Component { ctx, ci, responded } => {
                if *responded {
                    Ok(Some(ci.create_followup(&ctx.http, out.followup()).await?))
                } else {
                    let first = serenity::CreateInteractionResponse::Message(out.response());
                    ci.create_response(&ctx.http, first).await?;
                    *responded = true;
                    Ok(None)
                }
            }
        }
    }

    /// Replaces the clicked message with `out` (its buttons go); a slash
    /// command has no such message and sends `out` instead.
    pub(crate) async fn replace(&mut self, out: &Out) -> Result<(), Error> {
        if let Reply::Poise(_) = self {
            return self.send(out).await;
        }
        let msg = serenity::CreateInteractionResponseMessage::new()
            .content(out.content.clone())
            .components(Vec::new())
            .allowed_mentions(out.allowed_mentions());
        self.update(msg).await
    }

    /// Takes the menu off the clicked message, whose menu was just used; a
    /// slash command has nothing to retire.
    pub(crate) async fn retire_menu(&mut self) -> Result<(), Error> {
        match self {
            // Acknowledged already (a slow answer): the clicked message is
            // the interaction's original message, edited like any other.
            Reply::Component {
                ctx,
                ci,
                responded: true,
            } => {
                let edit = serenity::EditInteractionResponse::new().components(Vec::new());
                ci.edit_response(&ctx.http, edit).await?;
                Ok(())
            }
            _ => {
                self.update(serenity::CreateInteractionResponseMessage::new().components(Vec::new()))
                    .await
            }
        }
    }

    /// A component's first answer as an edit of its own message (nothing for
    /// a slash command).
    async fn update(&mut self, msg: serenity::CreateInteractionResponseMessage) -> Result<(), Error> {
        if let Reply::Component { ctx, ci, responded } = self {
            let update = serenity::CreateInteractionResponse::UpdateMessage(msg);
            ci.create_response(&ctx.http, update).await?;
            *responded = true;
        }
        Ok(())
    }

    /// Acknowledges the interaction if nothing was sent yet (Discord shows
    /// "thinking..."; for a component, nothing): what follows are followups.
    pub(crate) async fn defer(&mut self) -> Result<(), Error> {
        match self {
            Reply::Poise(ctx) => ctx.defer().await?,
            Reply::Component { ctx, ci, responded } => {
                if !*responded {
                    ci.defer(&ctx.http).await?;
                    *responded = true;
                }
            }
        }
        Ok(())
    }

    /// Waits for `work`; if it is not done by `deadline`, acknowledges the
    /// interaction first (Discord shows "thinking...") and the answer follows
    /// when it is done. Only for work after every refusal was decided.
    pub(crate) async fn by_deadline<T>(
        &mut self,
        deadline: tokio::time::Instant,
        work: impl std::future::Future<Output = T>,
    ) -> Result<T, Error> {
        tokio::pin!(work);
        match tokio::time::timeout_at(deadline, &mut work).await {
            Ok(done) => Ok(done),
            Err(_) => {
                self.defer().await?;
                Ok(work.await)
            }
        }
    }
}
