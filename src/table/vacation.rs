//! Vacation: a bank of days per member that stops the clocks of all their
//! clocked games, in every place, while they are away.
//!
//! The bank is stored per member and earned lazily (a monthly amount up to
//! a cap, counted when it is next read). Starting a vacation writes the
//! bank and every held game in one commit: each game keeps the hold and
//! its channel's deadline becomes the hold's end, so the clock that ends a
//! vacation whose bank ran out is the ordinary deadline index, served by
//! whichever process claims it, across restarts. Tournament games are
//! held only in tournaments created to allow it (off by default: a round
//! never waits beyond its clock).

use serde::{Deserialize, Serialize};

use crate::store::{Batch, Expect, Space, StoreExt, Stored, Versioned};

use super::model::{Paused, VacationHold};
use super::{ChannelId, LiveGame, Notice, Table, TableError, UserId, VacationChange, VacationConfig};

/// A day in milliseconds.
const DAY_MS: u64 = 24 * 3600 * 1000;

/// The period after which a member earns `monthly_days`: 30 days.
pub const MONTH_MS: u64 = 30 * DAY_MS;

/// A vacation shorter than this is not started: the bank is empty.
pub const MIN_VACATION_MS: u64 = 60_000;

/// A member's vacation bank, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationBank {
    /// Time left in the bank (unix ms), not counting a vacation under way.
    pub left_ms: u64,
    /// Until when the monthly days are counted (unix ms).
    pub accrued_ms: u64,
    /// The vacation under way, if any.
    pub on: Option<OnVacation>,
}

impl Versioned for VacationBank {
    const KIND: &'static str = "vacation";
    const FORMAT: u32 = 1;
}

/// A vacation under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnVacation {
    /// When it started (unix ms).
    pub since_ms: u64,
    /// When the bank runs out (unix ms).
    pub until_ms: u64,
}

/// A member's bank as a front end shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VacationView {
    /// Time left now (during a vacation: until it runs out).
    pub left_ms: u64,
    /// The vacation under way, if any.
    pub on: Option<OnVacation>,
}

fn bank_key(user: UserId) -> Vec<u8> {
    let mut k = b"vacation:".to_vec();
    k.extend_from_slice(&user.to_be_bytes());
    k
}

impl VacationBank {
    /// A new member's bank.
    fn new(config: &VacationConfig, now: u64) -> VacationBank {
        VacationBank {
            left_ms: u64::from(config.start_days.min(config.cap_days)) * DAY_MS,
            accrued_ms: now,
            on: None,
        }
    }

    /// The bank with the monthly days earned up to `now` counted in.
    fn accrue(mut self, config: &VacationConfig, now: u64) -> VacationBank {
        let months = now.saturating_sub(self.accrued_ms) / MONTH_MS;
        if months > 0 {
            let accrued = self.accrued_ms + months * MONTH_MS;
            // `left_ms` still counts the time a vacation under way has
            // used: the cap is on what is really left, so days earned
            // during a vacation are kept after it.
            let used = self.on.map_or(0, |on| used_by(on, accrued));
            let cap = (u64::from(config.cap_days) * DAY_MS).saturating_add(used);
            let earned = months.saturating_mul(u64::from(config.monthly_days) * DAY_MS);
            self.left_ms = self.left_ms.saturating_add(earned).min(cap.max(self.left_ms));
            self.accrued_ms = accrued;
        }
        self
    }

    /// The time left after the vacation under way, used up to `end`.
    fn left_after(&self, on: OnVacation, end: u64) -> u64 {
        self.left_ms.saturating_sub(used_by(on, end))
    }

    /// The bank as it stands once a vacation that ran out by `now` is
    /// over: its time out of the bank, days earned since kept.
    fn settled(mut self, now: u64) -> VacationBank {
        if let Some(on) = self.on.filter(|on| on.until_ms <= now) {
            self.left_ms = self.left_after(on, now);
            self.on = None;
        }
        self
    }

    fn view(&self, now: u64) -> VacationView {
        // A vacation that ran out is over, whether or not the clock has
        // ended it in the games it held (it held none, or they ended).
        let bank = self.settled(now);
        VacationView {
            left_ms: match bank.on {
                Some(on) => on.until_ms.saturating_sub(now),
                None => bank.left_ms,
            },
            on: bank.on,
        }
    }
}

/// The time a vacation has used by `end` (never past its bank's end).
fn used_by(on: OnVacation, end: u64) -> u64 {
    end.min(on.until_ms).saturating_sub(on.since_ms)
}

/// True when `user`'s vacation holds the game's clock.
fn holds(live: &LiveGame, user: UserId) -> bool {
    live.paused
        .as_ref()
        .is_some_and(|p| p.by.iter().any(|h| h.user == user))
}

/// Whether a vacation may hold this game's clock now: a clocked game
/// between people (in a tournament only if it lets vacations count), not
/// already out of time.
fn holdable(live: &LiveGame, tournament_allows: bool, now: u64) -> bool {
    live.settings.move_secs.is_some()
        && (live.tournament.is_none() || tournament_allows)
        && live.players.iter().all(|s| s.user().is_some())
        && !live.flagged
        && (live.paused.is_some() || live.deadline_ms().is_some_and(|d| d > now))
}

/// Takes `user`'s hold off a game; when none is left the clock runs again
/// from where it stopped. True if the game had the hold.
fn release(live: &mut LiveGame, user: UserId, now: u64) -> bool {
    let Some(p) = &mut live.paused else {
        return false;
    };
    let before = p.by.len();
    p.by.retain(|h| h.user != user);
    if p.by.len() == before {
        return false;
    }
    // Holds end in any order: the clock runs again from the latest end.
    let end = now.max(p.ended_ms);
    p.ended_ms = end;
    if p.by.is_empty() {
        let stopped = end.saturating_sub(p.since_ms);
        live.turn_started_ms = live.turn_started_ms.saturating_add(stopped);
        live.paused = None;
    }
    true
}

impl Table {
    /// Sets the vacation bank (`[vacation]` of the config file).
    pub fn with_vacation(mut self, config: VacationConfig) -> Table {
        self.vacation = config;
        self
    }

    fn load_bank(&self, user: UserId, now: u64) -> Result<(VacationBank, Expect), TableError> {
        Ok(
            match self.store.get::<VacationBank>(Space::Meta, &bank_key(user))? {
                Some(s) => (s.value.accrue(&self.vacation, now), Expect::Version(s.version)),
                None => (VacationBank::new(&self.vacation, now), Expect::Absent),
            },
        )
    }

    /// A member's vacation bank now.
    pub fn vacation(&self, user: UserId) -> Result<VacationView, TableError> {
        let now = self.now_ms();
        Ok(self.load_bank(user, now)?.0.view(now))
    }

    /// Writes a held (or released) game into `batch`, with its channel's deadline.
    fn put_held(
        &self,
        batch: &mut Batch,
        stored: &Stored<LiveGame>,
        live: &LiveGame,
    ) -> Result<(), TableError> {
        batch.put(
            Space::Games,
            &super::game_key(live.channel),
            live,
            Expect::Version(stored.version),
        )?;
        let waiting = self.challenges_expiry_into(batch, live.channel)?;
        batch.set_deadline(
            live.channel,
            super::challenges::earliest(live.next_event_ms(), waiting),
        );
        Ok(())
    }

    /// `user` goes on vacation: the clocks of all their clocked games (in
    /// every place; not tournament games) stop until they come back or
    /// their bank runs out. The opponents are told (the notices). A
    /// vacation that would hold no game is refused: it would only spend
    /// the bank.
    pub fn start_vacation(&self, user: UserId) -> Result<(VacationView, Vec<Notice>), TableError> {
        self.retry(|| {
            let now = self.now_ms();
            let (bank, expect) = self.load_bank(user, now)?;
            let games = self.stored_games_everywhere(user)?;
            if let Some(on) = bank.on {
                if on.until_ms > now {
                    return Err(TableError::OnVacation);
                }
                // Ran out while it still holds games: the clock ends it
                // in them at its deadline, due now.
                if games.iter().any(|g| holds(&g.value, user)) {
                    return Err(TableError::NoVacationLeft);
                }
            }
            // One that ran out holding nothing is simply over.
            let mut bank = bank.settled(now);
            if bank.left_ms < MIN_VACATION_MS {
                return Err(TableError::NoVacationLeft);
            }
            let until_ms = now.saturating_add(bank.left_ms);
            bank.on = Some(OnVacation {
                since_ms: now,
                until_ms,
            });
            let mut batch = Batch::new();
            batch.put(Space::Meta, &bank_key(user), &bank, expect)?;
            let mut notices = Vec::new();
            for stored in games {
                let mut live = stored.value.clone();
                let allows = match &live.tournament {
                    Some(g) => self.tournament(live.guild, g.number).is_ok_and(|t| t.vacation),
                    None => false,
                };
                if !holdable(&live, allows, now) {
                    continue;
                }
                let p = live.paused.get_or_insert(Paused {
                    since_ms: now,
                    by: Vec::new(),
                    ended_ms: 0,
                });
                p.by.retain(|h| h.user != user);
                p.by.push(VacationHold { user, until_ms });
                self.put_held(&mut batch, &stored, &live)?;
                notices.push(notice(&live, user, VacationChange::Started { until_ms }));
            }
            if notices.is_empty() {
                return Err(TableError::NothingToHold);
            }
            self.commit(&batch)?;
            Ok((bank.view(now), notices))
        })
    }

    /// `user` comes back from vacation: the time used leaves the bank and
    /// their games' clocks run again. The opponents are told.
    pub fn end_vacation(&self, user: UserId) -> Result<(VacationView, Vec<Notice>), TableError> {
        self.retry(|| {
            let now = self.now_ms();
            let (bank, expect) = self.load_bank(user, now)?;
            if bank.on.is_none() {
                return Err(TableError::NotOnVacation);
            }
            self.close_vacation(user, bank, expect, now)
        })
    }

    /// Ends a vacation in one commit: the bank, and every game it held.
    fn close_vacation(
        &self,
        user: UserId,
        mut bank: VacationBank,
        expect: Expect,
        now: u64,
    ) -> Result<(VacationView, Vec<Notice>), TableError> {
        let Some(on) = bank.on.take() else {
            return Ok((bank.view(now), Vec::new()));
        };
        let ran_out = now >= on.until_ms;
        let end = now.min(on.until_ms);
        // Only the time used leaves the bank: days earned since stay.
        bank.left_ms = bank.left_after(on, end);
        let change = match ran_out {
            true => VacationChange::RanOut,
            false => VacationChange::Ended,
        };
        let mut batch = Batch::new();
        batch.put(Space::Meta, &bank_key(user), &bank, expect)?;
        let mut notices = Vec::new();
        for stored in self.stored_games_everywhere(user)? {
            let mut live = stored.value.clone();
            // The clock runs again from the end of the bank, not from a late tick.
            if release(&mut live, user, end) {
                self.put_held(&mut batch, &stored, &live)?;
                notices.push(notice(&live, user, change));
            }
        }
        self.commit(&batch)?;
        Ok((bank.view(now), notices))
    }

    /// The clock of a held game is due: the vacations holding it whose
    /// bank ran out by `now` end (every game they held runs again, in one
    /// commit each); a hold whose vacation ended otherwise is taken off.
    pub(super) fn vacations_due(&self, channel: ChannelId, now: u64) -> Result<Vec<Notice>, TableError> {
        let Some(stored) = self.load_game(channel)? else {
            return Ok(Vec::new());
        };
        let Some(p) = &stored.value.paused else {
            return Ok(Vec::new());
        };
        let due: Vec<UserId> =
            p.by.iter()
                .filter(|h| h.until_ms <= now)
                .map(|h| h.user)
                .collect();
        let mut notices = Vec::new();
        for user in due {
            notices.extend(self.retry(|| {
                let (bank, expect) = self.load_bank(user, now)?;
                match bank.on {
                    Some(on) if on.until_ms <= now => Ok(self.close_vacation(user, bank, expect, now)?.1),
                    _ => self.drop_stale_hold(channel, user, now),
                }
            })?);
        }
        Ok(notices)
    }

    /// Takes off a hold whose vacation is over (or was never stored).
    fn drop_stale_hold(&self, channel: ChannelId, user: UserId, now: u64) -> Result<Vec<Notice>, TableError> {
        let Some(stored) = self.load_game(channel)? else {
            return Ok(Vec::new());
        };
        let mut live = stored.value.clone();
        let until = live
            .paused
            .as_ref()
            .and_then(|p| p.by.iter().find(|h| h.user == user))
            .map(|h| h.until_ms);
        let Some(until) = until.filter(|&u| u <= now) else {
            return Ok(Vec::new());
        };
        release(&mut live, user, until);
        let mut batch = Batch::new();
        self.put_held(&mut batch, &stored, &live)?;
        self.commit(&batch)?;
        Ok(vec![notice(&live, user, VacationChange::RanOut)])
    }
}

/// The notice for `user`'s opponent in `live`.
fn notice(live: &LiveGame, user: UserId, change: VacationChange) -> Notice {
    let opponent = live.side_of(user).and_then(|s| live.seat(s.opponent()).user());
    Notice::Vacation {
        channel: live.channel,
        game: live.id,
        user,
        opponent,
        change,
    }
}
