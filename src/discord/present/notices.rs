//! What the clock did, told: reminders, timeouts, vacations, expired
//! challenges, and the news held for channels the bot can only answer in.

use super::board::{board_after_outcome, finished_line, humans};
use super::challenges::challenge_news;
use super::out::{fit_message, Out};
use crate::words::Lang;
use crate::{
    table::{Challenge, Held, MemberSettings, Notice, VacationChange},
    tr,
};

/// A reminder that a player's time is running out.
pub(super) fn reminder(lang: Lang, user: u64, game: u64, deadline_ms: u64) -> String {
    tr!(
        lang,
        "reminder",
        player = format!("<@{user}>"),
        game = game,
        deadline = deadline_ms / 1000
    )
}

/// A player's vacation stopped or restarted a game's clock, told to the
/// opponent in the game's place.
pub(super) fn vacation_notice(
    lang: Lang,
    game: u64,
    user: u64,
    opponent: Option<u64>,
    change: VacationChange,
) -> String {
    let opponent = opponent.map_or_else(String::new, |o| format!("<@{o}>"));
    match change {
        VacationChange::Started { until_ms } => tr!(
            lang,
            "vacation-started",
            opponent = opponent,
            player = format!("<@{user}>"),
            game = game,
            until = until_ms / 1000
        ),
        VacationChange::Ended => tr!(
            lang,
            "vacation-ended",
            opponent = opponent,
            player = format!("<@{user}>"),
            game = game
        ),
        VacationChange::RanOut => tr!(
            lang,
            "vacation-ran-out",
            opponent = opponent,
            player = format!("<@{user}>"),
            game = game
        ),
    }
}

/// A reminder that a game without a clock waits for a move.
pub(super) fn idle(lang: Lang, user: u64, game: u64, closes_ms: u64) -> String {
    tr!(
        lang,
        "idle",
        player = format!("<@{user}>"),
        game = game,
        closes = closes_ms / 1000
    )
}

/// Who ran out of time, and who may claim the win.
pub(super) fn flagged(lang: Lang, claimant: u64, flagged: u64) -> String {
    tr!(
        lang,
        "flagged",
        flagged = format!("<@{flagged}>"),
        claimant = format!("<@{claimant}>")
    )
}

/// A challenge that expired unanswered.
pub(super) fn expired(lang: Lang, c: &Challenge) -> String {
    challenge_news(lang, "challenge-expired", c)
}

/// A line that says what the clock did, for a channel the bot can only
/// answer in (`held`), with the players it concerns.
pub(super) fn held_line(lang: Lang, held: &Held) -> (String, Vec<u64>) {
    match held {
        Held::Reminder {
            user,
            game,
            deadline_ms,
        } => (reminder(lang, *user, *game, *deadline_ms), vec![*user]),
        Held::Idle {
            user,
            game,
            closes_ms,
        } => (idle(lang, *user, *game, *closes_ms), vec![*user]),
        Held::Flagged { claimant, flagged: f } => (flagged(lang, *claimant, *f), vec![*claimant, *f]),
        Held::TimedOut(f) => (finished_line(lang, f), humans(&f.players)),
        Held::ChallengeExpired(c) => (expired(lang, c), Vec::new()),
        Held::BotMoved { game, mover: None } => (tr!(lang, "held-bot-moved", game = *game), Vec::new()),
        Held::BotMoved {
            game,
            mover: Some(user),
        } => (
            tr!(lang, "held-moved", game = *game, player = format!("<@{user}>")),
            Vec::new(),
        ),
        Held::Vacation {
            game,
            user,
            opponent,
            change,
        } => (
            vacation_notice(lang, *game, *user, *opponent, *change),
            opponent.iter().copied().collect(),
        ),
    }
}

/// The news held for a channel the bot can only answer in, shown at the
/// next interaction there: what the clock did meanwhile, in order.
pub fn held(lang: Lang, held: &[(u64, Held)]) -> Out {
    let mut content = tr!(lang, "held-title");
    let mut mentions = Vec::new();
    for (_, h) in held {
        let (line, pinged) = held_line(lang, h);
        content.push_str("\n- ");
        content.push_str(&line);
        mentions.extend(pinged);
    }
    mentions.sort_unstable();
    mentions.dedup();
    Out {
        content: fit_message(content),
        mentions,
        ..Out::default()
    }
}

/// A direct message for the player a clock event concerns, when the game
/// is in a chat the bot cannot post in (`None`: nothing to tell them).
pub fn held_dm(lang: Lang, notice: &Notice) -> Option<String> {
    Some(match notice {
        Notice::Reminder {
            game, deadline_ms, ..
        } => tr!(
            lang,
            "held-dm-reminder",
            game = *game,
            deadline = deadline_ms / 1000
        ),
        Notice::Idle { game, closes_ms, .. } => {
            tr!(lang, "held-dm-idle", game = *game, closes = closes_ms / 1000)
        }
        Notice::Moved(out) => match out.view.live.seat(out.report.side).user() {
            None => tr!(lang, "held-dm-bot-moved", game = out.view.live.id),
            Some(_) => tr!(lang, "held-dm-moved", game = out.view.live.id),
        },
        _ => return None,
    })
}

/// What the clock did, as a message for the game's channel (drawing the
/// board of a move: call it off the async threads); `None` for what is
/// only logged.
pub fn notice(lang: Lang, notice: Notice, viewer: &MemberSettings) -> Option<(u64, Out)> {
    let pinging = |content, mentions| Out {
        content,
        mentions,
        ..Out::default()
    };
    Some(match notice {
        Notice::Reminder {
            channel,
            user,
            game,
            deadline_ms,
        } => (
            channel,
            pinging(reminder(lang, user, game, deadline_ms), vec![user]),
        ),
        Notice::Idle {
            channel,
            user,
            game,
            closes_ms,
        } => (channel, pinging(idle(lang, user, game, closes_ms), vec![user])),
        Notice::Flagged {
            channel,
            claimant,
            flagged: f,
            closes_ms,
        } => {
            let text = format!(
                "{} {}",
                flagged(lang, claimant, f),
                tr!(lang, "flagged-closes", closes = closes_ms / 1000)
            );
            (channel, pinging(text, vec![claimant, f]))
        }
        Notice::TimedOut(f) => (f.channel, pinging(finished_line(lang, &f), humans(&f.players))),
        Notice::ChallengeExpired(c) => (c.channel, Out::text(expired(lang, &c))),
        Notice::Moved(o) => (o.view.live.channel, board_after_outcome(lang, &o, viewer)),
        Notice::Vacation {
            channel,
            game,
            user,
            opponent,
            change,
        } => {
            let text = vacation_notice(lang, game, user, opponent, change);
            // A bank that ran out concerns both: the player's clock runs too.
            let mut told: Vec<u64> = opponent.into_iter().collect();
            if change == VacationChange::RanOut {
                told.push(user);
            }
            (channel, pinging(text, told))
        }
        // Tournaments and daily puzzles are posted by their own front end code.
        Notice::Tournament(_) | Notice::DailyPuzzle(_) | Notice::Takeback(_) | Notice::Digest(_) => {
            return None
        }
        Notice::Unreadable { channel, reason } => {
            tracing::warn!("channel {channel}: {reason}; set aside for inspection (isolo-bot export)");
            (channel, Out::text(tr!(lang, "set-aside")))
        }
    })
}
