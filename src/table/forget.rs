//! Forgetting a member on request (`/isolo forget-me`, `isolo-bot forget`):
//! everything stored about them goes, in one pass over the store a page at
//! a time: settings, game lists, ratings, puzzle records and attempts,
//! course progress; in finished games and tournaments their seat becomes a
//! former member, and a daily post they set keeps running without their
//! name. Results stay, so nobody else's rating moves.

use crate::store::{decode, keys, Batch, Expect, KeyRange, Space, StoreExt, Versioned};

use super::damage::SET_ASIDE;
use super::listing::{everywhere_prefix, PLAYED, PLAYING};
use super::members::member_key;
use super::model::{FORMER_ID, FORMER_NAME};
use super::private::PrivateChannel;
use super::puzzles::key;
use super::tournament::TOURNAMENT;
use super::{
    Challenge, DailyPost, FinishedGame, Held, LiveGame, PlayerStats, Seat, Table, TableError, Tournament,
    UserId,
};

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
    /// Entries of their page deleted: rating history points and their
    /// list of finished games.
    pub page: usize,
    /// Whether their own settings were deleted.
    pub settings: bool,
    /// Other players' head-to-head results against them taken out (their
    /// totals and ratings stay).
    pub head_to_head: usize,
    /// Puzzle records, puzzle attempts and course progress deleted.
    pub training: usize,
    /// Tournaments that now show a former member (left first if still live).
    pub tournaments: usize,
    /// Servers' daily posts they had set, kept without their id.
    pub daily_posts: usize,
    /// News held for private chats and set-aside entries that named them,
    /// dropped.
    pub other: usize,
}

impl Forgotten {
    fn add(&mut self, other: Forgotten) {
        self.ratings += other.ratings;
        self.games += other.games;
        self.listed += other.listed;
        self.page += other.page;
        self.settings |= other.settings;
        self.head_to_head += other.head_to_head;
        self.training += other.training;
        self.tournaments += other.tournaments;
        self.daily_posts += other.daily_posts;
        self.other += other.other;
    }
}

/// The daily posts' keys in the meta space (see daily_post.rs).
const DAILY_POSTS: &[u8] = b"puzzle-post:";
/// The private chats' keys in the meta space (see private.rs).
const PRIVATE: &[u8] = b"private:";

impl Table {
    /// Forgets member `user` in every server: deletes their settings, game
    /// lists, ratings, puzzle records and attempts and course progress; in
    /// every finished game replaces their seat and record name with
    /// [`Seat::Former`] (the record shows `?`, the front ends word it, e.g.
    /// "a former member"), in every tournament their entry and its name
    /// (leaving it first if it is still live), and takes their id off a
    /// daily post they set. Results and rating changes stay, so opponents'
    /// ratings are unchanged; only their head-to-head line against this
    /// member goes.
    ///
    /// Refused with [`TableError::StillPlaying`] while the member sits in a
    /// live game or a pending challenge: they resign, decline or withdraw
    /// first (or a moderator aborts). One pass reads each space once, a
    /// page of entries at a time, and every change is a compare-and-swap
    /// commit of at most a page; a call cut short is finished by calling
    /// again (it is idempotent). Reads the whole store: call it off the
    /// async threads.
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
        // Their sign-ins to the live board end with them.
        self.end_sessions_of(user)?;
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
        self.forget_meta(user, done)
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

    /// One pass over the meta space, a page per commit: the member's own
    /// entries are deleted by key (readable or not), and the shared ones
    /// that name them are rewritten without them.
    fn forget_meta(&self, user: UserId, done: &mut Forgotten) -> Result<(), TableError> {
        let be = user.to_be_bytes();
        let settings = member_key(user);
        let own = [key(&[b"puzzle-stats", &be]), key(&[b"course-progress", &be])];
        let bank = key(&[b"vacation", &be]);
        // Their games in every place (left by a game set aside, say).
        let everywhere = everywhere_prefix(user);
        let attempts = key(&[b"puzzle-attempt", &be, b""]);
        // Their rating history and game list (their page).
        let page = super::history::member_prefixes(user);
        let mut range = KeyRange::all().limit(super::PAGE);
        loop {
            let raw = self.store.scan(Space::Meta, &range)?;
            let full = raw.len() == super::PAGE;
            if let Some((last, _)) = raw.last() {
                // The next page starts just after the last key read.
                range.start = [last.as_slice(), &[0]].concat();
            }
            let mut batch = Batch::new();
            let mut counted = Forgotten::default();
            let mut leave = Vec::new();
            for (k, entry) in raw {
                // An entry the backend cannot read has no version to delete by.
                let Ok(entry) = entry else { continue };
                let version = Expect::Version(entry.version);
                let listed = [PLAYING, PLAYED]
                    .iter()
                    .any(|p| k.starts_with(p) && listed_user(p, &k) == Some(user))
                    || k.starts_with(&everywhere);
                if k == settings || k == bank {
                    batch.delete(Space::Meta, &k, version);
                    counted.settings = true;
                } else if own.contains(&k) || k.starts_with(&attempts) {
                    batch.delete(Space::Meta, &k, version);
                    counted.training += 1;
                } else if listed {
                    batch.delete(Space::Meta, &k, version);
                    counted.listed += 1;
                } else if page.iter().any(|p| k.starts_with(p)) {
                    batch.delete(Space::Meta, &k, version);
                    counted.page += 1;
                } else if k.starts_with(TOURNAMENT) {
                    let Ok(mut t) = decode::<Tournament>(Space::Meta, &k, &entry.value) else {
                        continue;
                    };
                    if t.is_live() && t.entrants.iter().any(|e| e.user == user && e.left_in.is_none()) {
                        // Left through the tournament's own rules, then anonymised.
                        leave.push((t.guild, t.number));
                    } else if forget_entrant(&mut t, user) {
                        batch.put(Space::Meta, &k, &t, version)?;
                        counted.tournaments += 1;
                    }
                } else if k.starts_with(DAILY_POSTS) {
                    let Ok(mut post) = decode::<DailyPost>(Space::Meta, &k, &entry.value) else {
                        continue;
                    };
                    if post.set_by == Some(user) {
                        post.set_by = None;
                        batch.put(Space::Meta, &k, &post, version)?;
                        counted.daily_posts += 1;
                    }
                } else if k.starts_with(PRIVATE) {
                    let Ok(mut private) = decode::<PrivateChannel>(Space::Meta, &k, &entry.value) else {
                        continue;
                    };
                    let (before, mut changed) = (private.held.len(), false);
                    private.held.retain_mut(|(_, held)| {
                        let (drop, rewritten) = forget_held(held, user);
                        changed |= drop || rewritten;
                        !drop
                    });
                    if changed {
                        batch.put(Space::Meta, &k, &private, version)?;
                        counted.other += before - private.held.len();
                    }
                } else if k.starts_with(SET_ASIDE) && names(&entry.value, user) {
                    // Damaged data cannot be rewritten without them: it goes.
                    batch.delete(Space::Meta, &k, version);
                    counted.other += 1;
                }
            }
            if !batch.ops().is_empty() {
                self.commit(&batch)?;
                done.add(counted);
            }
            for (guild, number) in leave {
                done.tournaments += usize::from(self.leave_and_forget(guild, number, user)?);
            }
            if !full {
                return Ok(());
            }
        }
    }

    /// Takes the member out of a live tournament as leaving does, then
    /// anonymises what stays of their entry; true if it changed.
    fn leave_and_forget(&self, guild: u64, number: u64, user: UserId) -> Result<bool, TableError> {
        match self.leave_tournament(guild, Some(number), user) {
            // Left, or over meanwhile: what stays is anonymised below.
            Ok(_)
            | Err(TableError::NotJoined(_) | TableError::TournamentOver(_) | TableError::NoTournament) => {}
            Err(e) => return Err(e),
        }
        let k = tournament_key(guild, number);
        let Some(stored) = self.store.get::<Tournament>(Space::Meta, &k)? else {
            return Ok(false);
        };
        let mut t = stored.value;
        if !forget_entrant(&mut t, user) {
            // Before the start, leaving took them off the list.
            return Ok(true);
        }
        let mut batch = Batch::new();
        batch.put(Space::Meta, &k, &t, Expect::Version(stored.version))?;
        self.commit(&batch)?;
        Ok(true)
    }
}

/// The key of a server's tournament.
fn tournament_key(guild: u64, number: u64) -> Vec<u8> {
    let mut k = TOURNAMENT.to_vec();
    k.extend_from_slice(&guild.to_be_bytes());
    k.extend_from_slice(&number.to_be_bytes());
    k
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
        changed = true;
    }
    changed
}

/// Puts a former member in the member's tournament entry and creator; true
/// if they were named there.
fn forget_entrant(t: &mut Tournament, user: UserId) -> bool {
    let mut changed = false;
    for e in t.entrants.iter_mut().filter(|e| e.user == user) {
        e.user = FORMER_ID;
        e.name = FORMER_NAME.to_owned();
        changed = true;
    }
    if t.creator == user {
        t.creator = FORMER_ID;
        changed = true;
    }
    changed
}

/// Rewrites news held for a private chat without the member: a finished
/// game keeps its news with a former member's seat; news about them alone
/// is to be dropped. Says (drop it, it was rewritten).
fn forget_held(held: &mut Held, user: UserId) -> (bool, bool) {
    match held {
        Held::Reminder { user: u, .. } | Held::Idle { user: u, .. } => (*u == user, false),
        Held::Flagged { claimant, flagged } => (*claimant == user || *flagged == user, false),
        Held::TimedOut(f) => (false, forget_seats(f, user)),
        Held::ChallengeExpired(c) => (c.challenger.is(user) || c.opponent.is(user), false),
        Held::BotMoved { .. } => (false, false),
        Held::Vacation {
            user: u, opponent, ..
        } => (*u == user || *opponent == Some(user), false),
    }
}

/// Whether stored bytes name the member: their id as a number or a string
/// anywhere in the JSON, or as a word of text that is not JSON.
fn names(bytes: &[u8], user: UserId) -> bool {
    fn within(v: &serde_json::Value, user: UserId, id: &str) -> bool {
        match v {
            serde_json::Value::Number(n) => n.as_u64() == Some(user),
            serde_json::Value::String(s) => s == id || (s.starts_with('{') && names(s.as_bytes(), user)),
            serde_json::Value::Array(a) => a.iter().any(|v| within(v, user, id)),
            serde_json::Value::Object(o) => o.values().any(|v| within(v, user, id)),
            _ => false,
        }
    }
    let id = user.to_string();
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(v) => within(&v, user, &id),
        Err(_) => String::from_utf8_lossy(bytes)
            .split(|c: char| !c.is_ascii_digit())
            .any(|w| w == id),
    }
}
