//! Answering an interaction, whichever way it came: a slash command (through
//! poise) or a button or select menu (a component interaction), and the
//! deadline Discord sets for the first answer.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::present::Out;
use super::state::Context;

/// How long after an interaction was created its answer may wait before
/// the interaction is acknowledged without it: Discord drops an interaction
/// not answered within 3 seconds of its creation, and the answer itself
/// needs time to travel.
pub(crate) const ANSWER_WITHIN: Duration = Duration::from_millis(1500);

/// Discord's epoch (2015-01-01) in unix ms: a snowflake's time counts from it.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// When the interaction with snowflake `id` was created (unix ms).
pub(crate) fn created_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// The latest moment to acknowledge an interaction created at `created_ms`
/// (unix ms), given the time now (unix ms and the runtime's clock): never
/// later than [`ANSWER_WITHIN`] from now either, should the clocks disagree.
pub(crate) fn answer_deadline(
    created_ms: u64,
    now_ms: u64,
    now: tokio::time::Instant,
) -> tokio::time::Instant {
    let budget = ANSWER_WITHIN.as_millis() as u64;
    let left = (created_ms + budget).saturating_sub(now_ms).min(budget);
    now + Duration::from_millis(left)
}

/// How to answer: through a poise context, or a component interaction.
pub(crate) enum Reply<'a> {
    /// A slash command.
    Poise(Context<'a>),
    /// A slash command whose answer only its sender sees: deferred
    /// privately, since Discord shows the answer that replaces a deferral
    /// as the deferral was shown, whatever the answer's own flags say.
    Private(Context<'a>),
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

    /// Says, before anything is acknowledged, that the answer is private,
    /// so that a slow one is deferred privately ([`Reply::Private`]). A
    /// component's deferral shows nothing and fixes no visibility: it stays.
    pub(crate) fn answer_privately(&mut self) {
        if let Reply::Poise(ctx) = *self {
            *self = Reply::Private(ctx);
        }
    }

    /// The latest moment to acknowledge this interaction before its answer
    /// is ready: [`ANSWER_WITHIN`] after Discord created it (its id is a
    /// snowflake with that time), so time spent queued or saving counts.
    pub(crate) fn deadline(&self) -> tokio::time::Instant {
        let id = match self {
            Reply::Poise(poise::Context::Application(a)) | Reply::Private(poise::Context::Application(a)) => {
                Some(a.interaction.id.get())
            }
            Reply::Poise(_) | Reply::Private(_) => None,
            Reply::Component { ci, .. } => Some(ci.id.get()),
        };
        let now = tokio::time::Instant::now();
        let Some(id) = id else {
            return now + ANSWER_WITHIN;
        };
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        answer_deadline(created_ms(id), now_ms, now)
    }

    /// Whether this answers a button or menu (whose message it can update).
    pub(crate) fn is_component(&self) -> bool {
        matches!(self, Reply::Component { .. })
    }

    /// The serenity context (for REST calls beyond the answer).
    pub(crate) fn serenity(&self) -> &serenity::Context {
        match self {
            Reply::Poise(ctx) | Reply::Private(ctx) => ctx.serenity_context(),
            Reply::Component { ctx, .. } => ctx,
        }
    }

    /// Where the interaction came from and who installed the app for it
    /// (`None` for a prefix command).
    fn origin(
        &self,
    ) -> Option<(
        Option<serenity::InteractionContext>,
        &serenity::AuthorizingIntegrationOwners,
        Option<&serenity::Member>,
    )> {
        match self {
            Reply::Poise(poise::Context::Application(a)) | Reply::Private(poise::Context::Application(a)) => {
                Some((
                    a.interaction.context,
                    &a.interaction.authorizing_integration_owners,
                    a.interaction.member.as_deref(),
                ))
            }
            Reply::Poise(_) | Reply::Private(_) => None,
            Reply::Component { ci, .. } => {
                Some((ci.context, &ci.authorizing_integration_owners, ci.member.as_ref()))
            }
        }
    }

    /// Whether the bot can only answer here, not post on its own: a DM or
    /// group DM between people, or a server where only members added the
    /// app. Threads, channel messages and edits of older messages are out.
    pub(crate) fn answer_only(&self) -> bool {
        self.origin()
            .is_some_and(|(context, owners, _)| answer_only(context, owners))
    }

    /// Whether Discord shows every answer here to the member alone: a server
    /// that did not add the app, whose moderators keep Use External Apps
    /// from the member.
    pub(crate) fn forced_private(&self) -> bool {
        self.origin().is_some_and(|(context, owners, member)| {
            answer_only(context, owners)
                && context == Some(serenity::InteractionContext::Guild)
                && member
                    .and_then(|m| m.permissions)
                    .is_some_and(|p| !p.use_external_apps())
        })
    }

    /// The REST client.
    pub(crate) fn http(&self) -> Arc<serenity::Http> {
        self.serenity().http.clone()
    }

    /// Sends a message: the interaction's first response, then followups.
    pub(crate) async fn send(&mut self, out: &Out) -> Result<(), Error> {
        match self {
            Reply::Poise(ctx) | Reply::Private(ctx) => {
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
            Reply::Poise(ctx) | Reply::Private(ctx) => {
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
        if let Reply::Poise(_) | Reply::Private(_) = self {
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

    /// Opens the application's Activity where the member clicked or typed
    /// (the interaction response LAUNCH_ACTIVITY, type 12): the first answer.
    pub(crate) async fn launch_activity(&mut self) -> Result<(), Error> {
        match self {
            Reply::Poise(poise::Context::Application(a)) | Reply::Private(poise::Context::Application(a)) => {
                a.interaction
                    .create_response(
                        a.serenity_context(),
                        serenity::CreateInteractionResponse::LaunchActivity,
                    )
                    .await?;
                a.has_sent_initial_response
                    .store(true, std::sync::atomic::Ordering::SeqCst);
            }
            Reply::Poise(_) | Reply::Private(_) => {}
            Reply::Component { ctx, ci, responded } => {
                ci.create_response(&ctx.http, serenity::CreateInteractionResponse::LaunchActivity)
                    .await?;
                *responded = true;
            }
        }
        Ok(())
    }

    /// Acknowledges the interaction if nothing was sent yet (Discord shows
    /// "thinking...", to all or, for a private answer, to its sender alone;
    /// for a component, nothing): what follows are followups.
    pub(crate) async fn defer(&mut self) -> Result<(), Error> {
        match self {
            Reply::Poise(ctx) => ctx.defer().await?,
            Reply::Private(ctx) => ctx.defer_ephemeral().await?,
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

    /// [`Reply::by_deadline`] for work that saves a change: `work` is
    /// finished even when the acknowledgment fails, so what was saved is
    /// known and can be shown another way. Returns the work's result and
    /// the acknowledgment's.
    pub(crate) async fn finish_by_deadline<T>(
        &mut self,
        deadline: tokio::time::Instant,
        work: impl std::future::Future<Output = T>,
    ) -> (T, Result<(), Error>) {
        tokio::pin!(work);
        if let Ok(done) = tokio::time::timeout_at(deadline, &mut work).await {
            return (done, Ok(()));
        }
        let (acked, done) = tokio::join!(self.defer(), work);
        (done, acked)
    }
}

/// Whether an interaction from `context`, for an app installed by `owners`,
/// can only be answered: a private channel between people, or a server
/// where the app is installed by a member but not by the server.
pub(crate) fn answer_only(
    context: Option<serenity::InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
) -> bool {
    use serenity::AuthorizingIntegrationOwner as Owner;
    match context {
        Some(serenity::InteractionContext::PrivateChannel) => true,
        Some(serenity::InteractionContext::Guild) => {
            let by_server = owners.0.iter().any(|o| matches!(o, Owner::GuildInstall(_)));
            let by_member = owners.0.iter().any(|o| matches!(o, Owner::UserInstall(_)));
            by_member && !by_server
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{answer_deadline, answer_only, created_ms, ANSWER_WITHIN};
    use std::time::Duration;

    #[test]
    fn the_deadline_counts_from_the_interactions_creation() {
        // Discord's documented example snowflake: 2016-04-30 11:18:25.796 UTC.
        assert_eq!(created_ms(175_928_847_299_117_063), 1_462_015_105_796);
        let now = tokio::time::Instant::now();
        let created = 1_800_000_000_000;
        // Received at once: the whole budget.
        assert_eq!(answer_deadline(created, created, now), now + ANSWER_WITHIN);
        // Received 1.2 s late (a busy machine, a slow save): 0.3 s left.
        assert_eq!(
            answer_deadline(created, created + 1200, now),
            now + Duration::from_millis(300)
        );
        // Past it: acknowledge now.
        assert_eq!(answer_deadline(created, created + 5000, now), now);
        // A clock behind Discord's never gives more than the budget.
        assert_eq!(answer_deadline(created, created - 9000, now), now + ANSWER_WITHIN);
    }
    use poise::serenity_prelude as serenity;
    use serenity::AuthorizingIntegrationOwner as Owner;
    use serenity::InteractionContext as Ctx;

    #[test]
    fn only_private_channels_and_servers_that_did_not_add_the_app_are_answer_only() {
        let server = serenity::AuthorizingIntegrationOwners(vec![Owner::GuildInstall(Some(
            serenity::GuildId::new(5),
        ))]);
        let member =
            serenity::AuthorizingIntegrationOwners(vec![Owner::UserInstall(serenity::UserId::new(7))]);
        let both = serenity::AuthorizingIntegrationOwners(vec![
            Owner::GuildInstall(Some(serenity::GuildId::new(5))),
            Owner::UserInstall(serenity::UserId::new(7)),
        ]);
        let none = serenity::AuthorizingIntegrationOwners::default();
        assert!(answer_only(Some(Ctx::PrivateChannel), &member));
        assert!(answer_only(Some(Ctx::Guild), &member));
        assert!(!answer_only(Some(Ctx::Guild), &server));
        assert!(!answer_only(Some(Ctx::Guild), &both));
        assert!(!answer_only(Some(Ctx::Guild), &none));
        assert!(!answer_only(Some(Ctx::BotDm), &member));
        assert!(!answer_only(None, &none));
    }
}
