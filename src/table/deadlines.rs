//! Deadlines: expired challenges, reminders and timeouts, found through the
//! store's deadline index and never by scanning games.

use crate::engine::{Game, GameResult, Outcome, Termination};
use crate::store::StoreExt;

use super::host::Newer;
use super::{ChannelId, LiveGame, Notice, Reminders, Table, TableError, TimeoutPolicy, Unreadable};

/// How soon a due deadline whose entry a newer version of the bot wrote is
/// looked at again: that version serves it meanwhile, if it runs.
pub const NEWER_RETRY_MS: u64 = 60_000;

/// Deadlines handled by one tick at most (besides those waiting to be retried).
const TICK_BATCH: usize = 256;

/// True for an entry written by a newer version of the bot.
pub(super) fn is_newer(e: &TableError) -> bool {
    matches!(
        e,
        TableError::Corrupt {
            what: Unreadable::Newer(_),
            ..
        }
    )
}

/// Counts as sent the reminders a late clock (after downtime) would post
/// with the event after them already due: only the latest due reminder is
/// posted, and none once the time is gone, so the result comes alone.
fn skip_stale_reminders(live: &mut LiveGame, now: u64) {
    let most = match live.settings.move_secs {
        Some(secs) => Reminders::every_slot(secs.saturating_mul(1000)).len(),
        None => 1,
    };
    let most = u8::try_from(most).unwrap_or(u8::MAX);
    while live.reminders < most {
        live.reminders += 1;
        if live.next_event_ms().is_some_and(|at| at > now) {
            live.reminders -= 1;
            break;
        }
    }
}

impl Table {
    fn newer(&self) -> std::sync::MutexGuard<'_, Newer> {
        // The map holds no invariant a panic elsewhere could break.
        self.newer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// When this process next has a deadline to handle (unix ms): the
    /// earliest of the index, a deadline left to a newer version counting
    /// from when it is looked at again.
    pub fn next_deadline(&self) -> Result<Option<u64>, TableError> {
        let now = self.now_ms();
        let waiting = self.newer().waiting(now);
        if waiting == 0 {
            return Ok(self.store.next_deadline()?.map(|d| d.at));
        }
        // Past the waiting ones, the first other deadline is among these.
        let first = self.store.due_deadlines(u64::MAX, waiting + 1)?;
        let newer = self.newer();
        Ok(first
            .iter()
            .map(|d| newer.waits(d.channel, now).map_or(d.at, |at| at.max(d.at)))
            .min())
    }

    /// Handles every deadline that is due: expired challenges, reminders,
    /// timeouts. Reads only the deadline index, never every game.
    ///
    /// A deadline whose entry a newer version of the bot wrote (a rollback,
    /// or a cluster of mixed versions) is left exactly as it is: logged
    /// once, looked at again after [`NEWER_RETRY_MS`], never set aside and
    /// its deadline kept, so the newer process serves it.
    pub fn tick(&self) -> Result<Vec<Notice>, TableError> {
        let now = self.now_ms();
        let mut notices = Vec::new();
        let waiting = self.newer().waiting(now);
        for d in self.store.due_deadlines(now, TICK_BATCH + waiting)? {
            if self.newer().waits(d.channel, now).is_some() {
                continue;
            }
            // Another process is on it (see claims.rs).
            let Some(claim) = self.claim_deadline(&d, now)? else {
                continue;
            };
            let handled = self.handle_deadline(d.channel, now);
            self.release_deadline(claim);
            match handled {
                Ok(done) => {
                    self.newer().handled(d.channel);
                    notices.extend(done);
                }
                Err(e) if is_newer(&e) => self.leave_to_newer(d.channel, now, &e)?,
                Err(e @ TableError::Corrupt { .. }) => {
                    // One damaged entry harms its channel only, and once: it
                    // is set aside, or at least its deadline is dropped.
                    if self.set_aside_damaged(d.channel)? == 0 {
                        self.store.set_deadline(d.channel, None)?;
                    }
                    notices.push(Notice::Unreadable {
                        channel: d.channel,
                        reason: e.to_string(),
                    });
                }
                // A failing store: the deadline stays due for the next tick,
                // after what was done so far is announced.
                Err(e) if notices.is_empty() => return Err(e),
                Err(_) => break,
            }
        }
        Ok(notices)
    }

    /// Leaves a due deadline whose entry a newer version wrote for later,
    /// touching nothing stored; only when too many wait already is the
    /// deadline itself moved on by [`NEWER_RETRY_MS`].
    fn leave_to_newer(&self, channel: ChannelId, now: u64, e: &TableError) -> Result<(), TableError> {
        let again = now.saturating_add(NEWER_RETRY_MS);
        let (kept, first) = {
            let mut newer = self.newer();
            (newer.wait(channel, again, now), newer.first_log(channel))
        };
        if first {
            tracing::warn!(
                "deadline of channel {channel} skipped: {e}; the entry is left as it is for the newer \
                 version to serve, and looked at again every {} s",
                NEWER_RETRY_MS / 1000
            );
        }
        if !kept {
            self.store.set_deadline(channel, Some(again))?;
        }
        Ok(())
    }

    /// Gives a game where the bot is to move a due deadline, so the clock
    /// plays it (games saved before bot moves had deadlines). True if it
    /// had none.
    pub(super) fn resume_bot_game(&self, live: &LiveGame) -> Result<bool, TableError> {
        if !live.bot_to_move() || self.store.deadline_of(live.channel)? == live.next_event_ms() {
            return Ok(false);
        }
        self.store.set_deadline(live.channel, live.next_event_ms())?;
        self.deadlines_changed.notify_one();
        Ok(true)
    }

    /// Gives a game flagged before claim windows existed a due deadline,
    /// so the clock gives it its window (or ends it). True if it had none.
    pub(super) fn resume_flagged_game(&self, live: &LiveGame) -> Result<bool, TableError> {
        if !live.flagged || live.claim_closes_ms.is_some() || self.store.deadline_of(live.channel)?.is_some()
        {
            return Ok(false);
        }
        self.store.set_deadline(live.channel, live.next_event_ms())?;
        self.deadlines_changed.notify_one();
        Ok(true)
    }

    /// A game without a clock fell silent: one reminder, then the end as an
    /// unrated draw.
    fn idle(
        &self,
        version: u64,
        mut live: LiveGame,
        game: &Game,
        now: u64,
    ) -> Result<Option<Notice>, TableError> {
        if live.reminders == 0 {
            live.reminders = 1;
            self.save(version, &live)?;
            let late = live.seat(game.position().to_move());
            let closes_ms = live.next_event_ms().unwrap_or(now);
            return Ok(late.user().map(|user| Notice::Idle {
                channel: live.channel,
                user,
                game: live.id,
                closes_ms,
            }));
        }
        let result = GameResult {
            outcome: Outcome::Draw,
            termination: Termination::Abandoned,
        };
        self.finish(version, live, game, result)
            .map(|f| Some(Notice::TimedOut(f)))
    }

    /// What a channel's due deadline does: the expiry of its due
    /// challenges, then its game's clock event. Both share the channel's
    /// deadline, so it is set again from whatever is still there.
    fn handle_deadline(&self, channel: ChannelId, now: u64) -> Result<Vec<Notice>, TableError> {
        if super::digest::is_digest_deadline(channel) {
            return Ok(self.digest_deadline(channel, now)?.into_iter().collect());
        }
        // Before tournaments': a daily post's channel has their bit too.
        if super::daily_post::is_daily_deadline(channel) {
            return Ok(self.daily_deadline(channel)?.into_iter().collect());
        }
        if super::tournament::is_tournament_deadline(channel) {
            let update = self.tournament_deadline(channel)?;
            return Ok(update
                .map(|u| Notice::Tournament(Box::new(u)))
                .into_iter()
                .collect());
        }
        if self.load_game(channel)?.is_none() {
            let expired = self.expire_challenges(channel, now)?;
            return Ok(expired.into_iter().map(Notice::ChallengeExpired).collect());
        }
        let waiting = self.challenges_in(channel)?;
        let mut notices = Vec::new();
        if waiting.iter().any(|c| c.expires_ms <= now) {
            let expired = self.expire_challenges(channel, now)?;
            notices.extend(expired.into_iter().map(Notice::ChallengeExpired));
        }
        notices.extend(self.game_deadline(channel, now)?);
        if waiting.iter().any(|c| c.expires_ms > now) {
            // The game's clock set the game's own deadline: the challenges
            // still waiting beside it count too.
            self.refresh_deadline(channel)?;
        }
        Ok(notices)
    }

    fn game_deadline(&self, channel: ChannelId, now: u64) -> Result<Vec<Notice>, TableError> {
        // A clock stopped by a vacation: the due vacations end first (the
        // game's clock then runs again, its deadline set anew).
        let held = self.vacations_due(channel, now)?;
        if !held.is_empty() {
            return Ok(held);
        }
        Ok(self.clock_deadline(channel, now)?.into_iter().collect())
    }

    fn clock_deadline(&self, channel: ChannelId, now: u64) -> Result<Option<Notice>, TableError> {
        self.retry(|| {
            let Some(stored) = self.load_game(channel)? else {
                return Ok(None);
            };
            let mut live = stored.value.clone();
            // A clock still held runs nothing until the hold's end.
            let held = live.paused.is_some();
            let Some(at) = live.next_event_ms().filter(|&at| at <= now && !held) else {
                self.store.set_deadline(channel, live.next_event_ms())?;
                return Ok(None);
            };
            if live.bot_to_move() {
                return Ok(self.bot_move(channel)?.map(|o| Notice::Moved(Box::new(o))));
            }
            let game = live.game()?;
            let late = game.position().to_move();
            let first = usize::from(live.reminders);
            skip_stale_reminders(&mut live, now);
            let Some(secs) = live.settings.move_secs else {
                return self.idle(stored.version, live, &game, now);
            };
            let deadline = live.deadline_ms().unwrap_or(at);
            let slots = Reminders::every_slot(secs.saturating_mul(1000));
            let due = usize::from(live.reminders);
            if due < slots.len() {
                // The player's own plan says whether one of the times
                // passed now is theirs (several, after downtime).
                let user = live.seat(late).user();
                let plan = match user {
                    Some(u) => self.member_settings(u).map(|s| s.reminders).unwrap_or_default(),
                    None => Reminders::Off,
                };
                let theirs = plan.slots(secs.saturating_mul(1000));
                let passed = &slots[first.min(due)..=due];
                live.reminders += 1;
                self.save(stored.version, &live)?;
                let remind = passed.iter().any(|s| theirs.contains(s));
                return Ok(user.filter(|_| remind).map(|user| Notice::Reminder {
                    channel,
                    user,
                    game: live.id,
                    deadline_ms: deadline,
                }));
            }
            let winner = late.opponent();
            let claimant = live.seat(winner).user();
            // A tournament round never waits on a claim.
            let may_claim = self.config.timeout == TimeoutPolicy::Claim
                && live.tournament.is_none()
                && claimant.is_some();
            // Flagged now, or flagged before claim windows existed: the
            // window runs from the timeout.
            if may_claim && (!live.flagged || live.claim_closes_ms.is_none()) {
                let window = self.config.claim_window_secs.saturating_mul(1000);
                let closes_ms = deadline.saturating_add(window);
                // A clock late past the whole window ends the game at once.
                if closes_ms > now {
                    let notice = (!live.flagged).then(|| Notice::Flagged {
                        channel,
                        claimant: claimant.unwrap_or_default(),
                        flagged: live.seat(late).user().unwrap_or_default(),
                        closes_ms,
                    });
                    live.flagged = true;
                    live.claim_closes_ms = Some(closes_ms);
                    self.save(stored.version, &live)?;
                    return Ok(notice);
                }
            }
            // The timeout under the auto-win policy, or the claim window
            // closed unclaimed: a win on time for the opponent.
            let result = GameResult {
                outcome: Outcome::Win(winner),
                termination: Termination::Timeout,
            };
            self.finish(stored.version, live, &game, result)
                .map(|f| Some(Notice::TimedOut(f)))
        })
    }
}
