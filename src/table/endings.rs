//! Endings and ratings: resignations, draws, aborts, claims, the record of
//! a finished game, and the ratings it changes.

use crate::ai::{Budget, Review};
use crate::engine::{Game, GameResult, Outcome, Record, Side, Termination};
use crate::store::{keys, Batch, Expect, Space, StoreExt};

use super::access::{Viewer, PRIVATE_GUILD};
use super::model::LastGame;

/// Finished games whose reviews are kept in memory.
pub const REVIEWS_KEPT: usize = 64;

/// A finished game and the search's review of it.
#[derive(Debug, Clone)]
pub struct Reviewed {
    /// The game.
    pub finished: FinishedGame,
    /// Its review, ply by ply.
    pub review: Review,
}
use super::{
    game_key, last_key, Challenge, ChannelId, FinishedGame, GameView, GuildId, LiveGame, PlayerStats,
    RatingChange, Seat, Table, TableError, UserId,
};

/// What a moderator's abort did.
#[derive(Debug, Clone)]
pub enum Aborted {
    /// The game ended without a result.
    Game(Box<FinishedGame>),
    /// An unreadable game or challenge was set aside.
    SetAside,
    /// There was no game: these challenges were withdrawn.
    Challenges(Vec<Challenge>),
}

/// The answer to a draw offer.
#[derive(Debug, Clone)]
pub enum DrawOutcome {
    /// The offer waits for the opponent.
    Offered(GameView),
    /// The opponent had offered too: the game is drawn.
    Agreed(FinishedGame),
    /// The bot declines at once: it is ahead. Nothing changed.
    Declined(GameView),
}

impl Table {
    /// Ends a game: removes it from its channel, keeps the record, updates the
    /// ratings and its tournament: all in one commit.
    pub(super) fn finish(
        &self,
        version: u64,
        live: LiveGame,
        game: &Game,
        result: GameResult,
    ) -> Result<FinishedGame, TableError> {
        let mut batch = Batch::new();
        let finished = self.finish_into(&mut batch, version, live, game, result)?;
        if let Some(g) = &finished.tournament {
            self.record_into(&mut batch, finished.guild, g, result)?;
        }
        self.commit(&batch)?;
        Ok(finished)
    }

    /// [`Table::finish`] into `batch`, all but the tournament.
    pub(super) fn finish_into(
        &self,
        batch: &mut Batch,
        version: u64,
        live: LiveGame,
        game: &Game,
        result: GameResult,
    ) -> Result<FinishedGame, TableError> {
        let now = self.now_ms();
        let mut rating_changes = Vec::new();
        let mut rated = Vec::new();
        let humans = (live.players[0].user(), live.players[1].user());
        if let (Some(s), Some(n), true, false) = (
            humans.0,
            humans.1,
            live.settings.rated,
            matches!(result.termination, Termination::Aborted | Termination::Abandoned),
        ) {
            let load = |user: UserId, seat: &Seat| -> Result<(PlayerStats, Expect), TableError> {
                let key = keys::rating(live.guild, user);
                Ok(match self.store.get::<PlayerStats>(Space::Ratings, &key)? {
                    Some(st) => {
                        // Unsure again after time away, before the game counts.
                        let mut v = st.value.at(now);
                        v.name = seat.name();
                        (v, Expect::Version(st.version))
                    }
                    None => (PlayerStats::new(user, seat.name()), Expect::Absent),
                })
            };
            let (mut south, es) = load(s, &live.players[0])?;
            let (mut north, en) = load(n, &live.players[1])?;
            let score = match result.outcome {
                Outcome::Win(Side::South) => 1.0,
                Outcome::Win(Side::North) => 0.0,
                Outcome::Draw => 0.5,
            };
            let (s0, n0) = (south.clone(), north.clone());
            south.record(&n0, score, now);
            north.record(&s0, 1.0 - score, now);
            rating_changes.push(RatingChange {
                user: s,
                before: s0.rating.rating,
                after: south.rating.rating,
            });
            rating_changes.push(RatingChange {
                user: n,
                before: n0.rating.rating,
                after: north.rating.rating,
            });
            rated = vec![(s, south.rating), (n, north.rating)];
            batch.put(Space::Ratings, &keys::rating(live.guild, s), &south, es)?;
            batch.put(Space::Ratings, &keys::rating(live.guild, n), &north, en)?;
        }
        let finished = FinishedGame {
            id: live.id,
            guild: live.guild,
            channel: live.channel,
            players: live.players.clone(),
            settings: live.settings,
            result,
            record: live.record(game, Some(result)),
            finished_ms: now,
            rating_changes,
            parent: live.parent,
            tournament: live.tournament,
        };
        batch.delete(Space::Games, &game_key(live.channel), Expect::Version(version));
        // Challenges waiting beside the game keep their clock.
        let waiting = self.challenges_expiry_into(batch, live.channel)?;
        batch.set_deadline(live.channel, waiting);
        self.index_finished(batch, &live)?;
        batch.put(Space::Records, &keys::id(live.id), &finished, Expect::Absent)?;
        self.history_into(batch, &finished, &rated)?;
        self.explorer_into(batch, &finished)?;
        batch.put(
            Space::Meta,
            &last_key(live.channel),
            &LastGame { id: live.id },
            Expect::Any,
        )?;
        Ok(finished)
    }

    /// A player resigns (at any time, not only on their turn).
    pub fn resign(&self, channel: ChannelId, user: UserId) -> Result<FinishedGame, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let live = stored.value.clone();
            let result = GameResult {
                outcome: Outcome::Win(side.opponent()),
                termination: Termination::Resignation,
            };
            self.finish(stored.version, live, &game, result)
        })
    }

    /// A player offers a draw, or accepts the opponent's offer. The bot
    /// answers at once: it agrees unless it is ahead on seeds.
    pub fn offer_draw(&self, channel: ChannelId, user: UserId) -> Result<DrawOutcome, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let mut live = stored.value.clone();
            let other = side.opponent();
            let vs_bot = matches!(live.seat(other), Seat::Bot { .. });
            let bot_agrees = vs_bot && game.position().total(other) <= game.position().total(side);
            if vs_bot && !bot_agrees {
                return Ok(DrawOutcome::Declined(GameView { live, game }));
            }
            if live.draw_offer == Some(other) || bot_agrees {
                let result = GameResult {
                    outcome: Outcome::Draw,
                    termination: Termination::Agreement,
                };
                return self
                    .finish(stored.version, live, &game, result)
                    .map(DrawOutcome::Agreed);
            }
            live.draw_offer = Some(side);
            self.save(stored.version, &live)?;
            Ok(DrawOutcome::Offered(GameView { live, game }))
        })
    }

    /// A moderator aborts the game in a channel: no result, no rating change.
    /// An unreadable game or challenge there is set aside instead; with no
    /// game, the challenges waiting there are withdrawn.
    pub fn abort(&self, channel: ChannelId, is_moderator: bool) -> Result<Aborted, TableError> {
        if !is_moderator {
            return Err(TableError::NotModerator);
        }
        self.retry(|| {
            // An unreadable game or challenge is set aside, never deleted.
            if self.set_aside_damaged(channel)? > 0 {
                return Ok(Aborted::SetAside);
            }
            let Some(stored) = self.load_game(channel)? else {
                let withdrawn = self.withdraw_all(channel)?;
                return match withdrawn.is_empty() {
                    true => Err(TableError::NoGame),
                    false => Ok(Aborted::Challenges(withdrawn)),
                };
            };
            let live = stored.value.clone();
            let game = live.game()?;
            let result = GameResult {
                outcome: Outcome::Draw,
                termination: Termination::Aborted,
            };
            self.finish(stored.version, live, &game, result)
                .map(|f| Aborted::Game(Box::new(f)))
        })
    }

    /// The last finished game of a channel.
    pub fn last_game(&self, channel: ChannelId) -> Result<Option<FinishedGame>, TableError> {
        let Some(last) = self.store.get::<LastGame>(Space::Meta, &last_key(channel))? else {
            return Ok(None);
        };
        Ok(self
            .store
            .get::<FinishedGame>(Space::Records, &keys::id(last.value.id))?
            .map(|s| s.value))
    }

    /// A finished game by number.
    pub fn finished(&self, id: u64) -> Result<Option<FinishedGame>, TableError> {
        Ok(self
            .store
            .get::<FinishedGame>(Space::Records, &keys::id(id))?
            .map(|s| s.value))
    }

    /// The channel's last finished game, reviewed by the search with `budget`
    /// per search (see [`crate::ai::review`]). Seconds of CPU for a long
    /// game: call it off the async threads.
    ///
    /// A finished game never changes, so its review is computed once and
    /// kept (the last [`REVIEWS_KEPT`] games reviewed).
    pub fn review(&self, channel: ChannelId, budget: Budget) -> Result<Reviewed, TableError> {
        let finished = self.last_game(channel)?.ok_or(TableError::NothingToReview)?;
        // Replayed every time: a record damaged since is reported, not hidden by the cache.
        let game = finished.game()?;
        let review = self.reviewed(finished.id, &game, budget);
        Ok(Reviewed {
            finished,
            review: Review::clone(&review),
        })
    }

    /// After a timeout under [`TimeoutPolicy::Claim`], the waiting player
    /// claims the win (until the claim window closes: then the clock
    /// records it itself).
    pub fn claim(&self, channel: ChannelId, user: UserId) -> Result<FinishedGame, TableError> {
        self.retry(|| {
            let (stored, side, game) = self.player_game(channel, user)?;
            let live = stored.value.clone();
            let late = game.position().to_move();
            if !live.flagged || late == side {
                return Err(match live.deadline_ms() {
                    Some(d) if late != side => TableError::StillHasTime {
                        player: live.seat(late).name(),
                        left_ms: d.saturating_sub(self.clock.now_ms()),
                    },
                    _ => TableError::NothingToClaim,
                });
            }
            let result = GameResult {
                outcome: Outcome::Win(side),
                termination: Termination::Timeout,
            };
            self.finish(stored.version, live, &game, result)
        })
    }

    /// A player's statistics in a server, as they stand now: the deviation
    /// has grown with the time since their last rated game, and
    /// [`Rating::is_provisional`](super::Rating::is_provisional) says whether
    /// the rating is still too unsure to rank.
    pub fn stats(&self, guild: GuildId, user: UserId) -> Result<Option<PlayerStats>, TableError> {
        let now = self.now_ms();
        Ok(self
            .store
            .get::<PlayerStats>(Space::Ratings, &keys::rating(guild, user))?
            .map(|s| s.value.at(now)))
    }

    /// `member`'s statistics where `viewer` asks, if the viewer may see
    /// them ([`Viewer::may_see_stats_of`]): in a private chat, a member sees
    /// only their own, which come from private games.
    pub fn stats_seen_by(&self, viewer: Viewer, member: UserId) -> Result<Option<PlayerStats>, TableError> {
        match viewer.may_see_stats_of(member) {
            true => self.stats(viewer.guild, member),
            false => Ok(None),
        }
    }

    /// The server's players as they stand now, ranked by their conservative
    /// rating (rating minus twice the deviation,
    /// [`Rating::conservative`](super::Rating::conservative)), best first, so
    /// a newcomer with one win does not top it (unreadable entries skipped).
    /// Private chats ([`PRIVATE_GUILD`]) have none.
    pub fn leaderboard(&self, guild: GuildId, limit: usize) -> Result<Vec<PlayerStats>, TableError> {
        // Private chats' ratings are each member's own: no ranking of them.
        if guild == PRIVATE_GUILD {
            return Ok(Vec::new());
        }
        let now = self.now_ms();
        let mut all: Vec<PlayerStats> = self
            .store
            .list::<PlayerStats>(Space::Ratings, &keys::id(guild))?
            .into_iter()
            .filter_map(|(_, r)| r.ok().map(|s| s.value.at(now)))
            .collect();
        all.sort_by(|a, b| {
            b.rating
                .conservative()
                .total_cmp(&a.rating.conservative())
                .then(a.user.cmp(&b.user))
        });
        all.truncate(limit);
        Ok(all)
    }

    /// Stamps the ratings stored before inactivity counted (no
    /// `rated_ms`) with now, so their deviation grows from the upgrade on
    /// rather than from never. Returns how many were stamped; a page that
    /// lost a race to a finishing game is left for the next start.
    pub(super) fn stamp_ratings(&self) -> Result<usize, TableError> {
        let now = self.now_ms();
        let mut stamped = 0;
        self.pages::<PlayerStats>(Space::Ratings, &[], |page| {
            let mut batch = Batch::new();
            let mut n = 0;
            for (key, stored) in page.into_iter().filter(|(_, s)| s.value.rated_ms.is_none()) {
                let mut stats = stored.value;
                stats.rated_ms = Some(now);
                batch.put(Space::Ratings, &key, &stats, Expect::Version(stored.version))?;
                n += 1;
            }
            if n == 0 {
                return Ok(());
            }
            match self.commit(&batch) {
                Err(TableError::Contended) => Ok(()),
                other => other.map(|_| stamped += n),
            }
        })?;
        Ok(stamped)
    }

    /// The record of the channel's game in progress, or else of its last game.
    pub fn record(&self, channel: ChannelId) -> Result<Record, TableError> {
        if let Some(view) = self.game(channel)? {
            return Ok(view.live.record(&view.game, None));
        }
        self.last_game(channel)?
            .map(|f| f.record)
            .ok_or(TableError::NoGame)
    }

    /// The record of finished game number `game` when given and `viewer`
    /// may read it ([`Viewer::may_read`]; a game they may not read is
    /// refused exactly as one that does not exist), else the record of the
    /// viewer's channel's game, as [`Table::record`].
    pub fn record_of(&self, viewer: Viewer, game: Option<u64>) -> Result<Record, TableError> {
        let channel = viewer.channel;
        if let Some(id) = game {
            return match self.finished(id)? {
                Some(f) if viewer.may_read(&f) => Ok(f.record),
                _ => Err(TableError::NoSuchGame(id)),
            };
        }
        self.record(channel)
    }
}
