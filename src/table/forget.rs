//! Forgetting a member on request (`/isolo forget-me`, `isolo-bot forget`):
//! their settings, game lists and ratings go; in finished games their seat
//! becomes [`Seat::Former`]. Results stay, so nobody else's rating moves.

use crate::store::{keys, Batch, Expect, Space, Versioned};

use super::listing::{PLAYED, PLAYING};
use super::members::member_key;
use super::model::{GameRef, FORMER_ID, FORMER_NAME};
use super::{Challenge, FinishedGame, LiveGame, PlayerStats, Seat, Table, TableError, UserId};

/// What [`Table::forget_member`] deleted or changed (all zero: nothing was
/// stored about the member).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// Servers whose rating of the member was deleted.
    pub ratings: usize,
    /// Finished games whose seat now shows a former member.
    pub games: usize,
    /// Entries of the member's game lists (`/isolo games`) deleted.
    pub listed: usize,
    /// Whether their own settings were deleted.
    pub settings: bool,
    /// Other players' head-to-head results against them taken out (their
    /// totals and ratings stay).
    pub head_to_head: usize,
}

impl Forgotten {
    fn add(&mut self, other: Forgotten) {
        self.ratings += other.ratings;
        self.games += other.games;
        self.listed += other.listed;
        self.settings |= other.settings;
        self.head_to_head += other.head_to_head;
    }
}

impl Table {
    /// Forgets member `user` in every server: deletes their settings, their
    /// game lists and their ratings, and in every finished game replaces
    /// their seat and record name with [`Seat::Former`] (the record shows
    /// `?`, the front ends word it, e.g. "a former member"). Results and
    /// rating changes stay, so opponents' ratings are unchanged; only their
    /// head-to-head line against this member goes.
    ///
    /// Refused with [`TableError::StillPlaying`] while the member sits in a
    /// live game or a pending challenge: they resign, decline or withdraw
    /// first (or a moderator aborts). Every change is a compare-and-swap
    /// commit of at most a page of entries; a call cut short is finished by
    /// calling again (it is idempotent). Scans every finished game: call it
    /// off the async threads.
    pub fn forget_member(&self, user: UserId) -> Result<Forgotten, TableError> {
        let games = self.scan_all::<LiveGame>(Space::Games, &[], |g| g.players.iter().any(|s| s.is(user)))?;
        let challenges = self.scan_all::<Challenge>(Space::Challenges, &[], |c| {
            c.challenger.is(user) || c.opponent.is(user)
        })?;
        if !games.is_empty() || !challenges.is_empty() {
            return Err(TableError::StillPlaying {
                games: games.iter().map(|(_, g)| g.value.id).collect(),
                challenges: challenges.len(),
            });
        }
        // Every step commits what it read with compare-and-swap and only
        // what is left is read again, so a lost race just runs it again.
        let mut done = Forgotten::default();
        self.retry(|| self.forget_steps(user, &mut done))?;
        Ok(done)
    }

    /// The steps of [`Table::forget_member`], adding what each commit did to `done`.
    fn forget_steps(&self, user: UserId, done: &mut Forgotten) -> Result<(), TableError> {
        self.forget_in(Space::Records, user, done, |f: &mut FinishedGame, page| {
            let changed = forget_seats(f, user);
            page.games += usize::from(changed);
            changed
        })?;
        self.forget_in(Space::Ratings, user, done, |p: &mut PlayerStats, page| {
            let had = p.head_to_head.remove(&user).is_some();
            page.head_to_head += usize::from(had);
            had
        })?;
        for prefix in [PLAYING, PLAYED] {
            let listed = self.scan_all::<GameRef>(Space::Meta, prefix, |_| true)?;
            let mine: Vec<_> = listed
                .into_iter()
                .filter(|(key, _)| listed_user(prefix, key) == Some(user))
                .collect();
            for page in mine.chunks(super::PAGE) {
                let mut batch = Batch::new();
                for (key, stored) in page {
                    batch.delete(Space::Meta, key, Expect::Version(stored.version));
                }
                self.commit(&batch)?;
                done.listed += page.len();
            }
        }
        let key = member_key(user);
        if let Some(stored) = self.store.get_raw(Space::Meta, &key)? {
            let mut batch = Batch::new();
            batch.delete(Space::Meta, &key, Expect::Version(stored.version));
            self.commit(&batch)?;
            done.settings = true;
        }
        Ok(())
    }

    /// Rewrites the entries of `space` that `change` alters, and deletes the
    /// member's own rating entries, a page per commit; `change` counts
    /// what it did into the page's tally.
    fn forget_in<T: Versioned>(
        &self,
        space: Space,
        user: UserId,
        done: &mut Forgotten,
        change: impl Fn(&mut T, &mut Forgotten) -> bool,
    ) -> Result<(), TableError> {
        self.pages::<T>(space, &[], |page| {
            let mut batch = Batch::new();
            let mut counted = Forgotten::default();
            for (key, mut stored) in page {
                if space == Space::Ratings && keys::parse_rating(&key).is_some_and(|(_, u)| u == user) {
                    batch.delete(space, &key, Expect::Version(stored.version));
                    counted.ratings += 1;
                } else if change(&mut stored.value, &mut counted) {
                    batch.put(space, &key, &stored.value, Expect::Version(stored.version))?;
                }
            }
            if !batch.ops().is_empty() {
                self.commit(&batch)?;
                done.add(counted);
            }
            Ok(())
        })
    }
}

/// The member a game-list key belongs to (`prefix`, server, member, number).
fn listed_user(prefix: &[u8], key: &[u8]) -> Option<UserId> {
    let id = key.get(prefix.len() + 8..prefix.len() + 16)?;
    Some(u64::from_be_bytes(id.try_into().ok()?))
}

/// Puts [`Seat::Former`] in the member's seats of a finished game and `?`
/// in its record; true if they played in it.
fn forget_seats(f: &mut FinishedGame, user: UserId) -> bool {
    let mut changed = false;
    for (i, seat) in f.players.iter_mut().enumerate() {
        if seat.is(user) {
            *seat = Seat::Former;
            let name = if i == 0 {
                &mut f.record.south
            } else {
                &mut f.record.north
            };
            *name = Some(FORMER_NAME.to_owned());
            changed = true;
        }
    }
    for c in f.rating_changes.iter_mut().filter(|c| c.user == user) {
        c.user = FORMER_ID;
    }
    changed
}
