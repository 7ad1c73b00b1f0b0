//! Challenges' messages: the challenge with its buttons, its answers and
//! its end.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton};

use super::board::{clock, mention, name};
use super::ids;
use super::out::{clip, Out};
use crate::words::{narrate, Lang};
use crate::{table::Challenge, tr};

/// A new challenge with its buttons; a `newcomer` opponent (no games here,
/// no lesson done) is offered the course.
pub fn challenge(lang: Lang, c: &Challenge, newcomer: bool) -> Out {
    let s = &c.settings;
    let house = narrate::house_rules(lang, s.capture_from, s.after_capture);
    let mut content = tr!(
        lang,
        "challenge",
        challenger = mention(lang, &c.challenger),
        opponent = mention(lang, &c.opponent),
        variant = narrate::variant(lang, s.variant),
        clock = clock(lang, s.move_secs),
        house = if house.is_some() { "yes" } else { "no" },
        rules = house.unwrap_or_default(),
        rated = if s.rated { "yes" } else { "no" },
        expires = c.expires_ms / 1000
    );
    if s.move_secs.is_none() {
        content.push('\n');
        content.push_str(&tr!(
            lang,
            "challenge-no-clock",
            idle = narrate::duration(lang, s.idle_secs.saturating_mul(1000))
        ));
    }
    if newcomer {
        content.push('\n');
        content.push_str(&tr!(lang, "training-newcomer"));
    }
    let (from, to) = (c.challenger.user(), c.opponent.user());
    let button = |action, extra, label: &str, style| {
        CreateButton::new(ids::make(action, c.channel, extra))
            .label(clip(&tr!(lang, label), 80))
            .style(style)
    };
    let buttons = vec![
        button(ids::ACCEPT, from, "button-accept", ButtonStyle::Success),
        button(ids::DECLINE, from, "button-decline", ButtonStyle::Danger),
        button(ids::WITHDRAW, to, "button-withdraw", ButtonStyle::Secondary),
    ];
    Out {
        content,
        components: vec![CreateActionRow::Buttons(buttons)],
        mentions: c.opponent.user().into_iter().collect(),
        ..Out::default()
    }
}

/// The challenges a moderator withdrew from a channel with no game.
pub fn challenges_aborted(lang: Lang, withdrawn: &[Challenge]) -> Out {
    let pairs: Vec<String> = withdrawn
        .iter()
        .map(|c| {
            tr!(
                lang,
                "challenge-pair",
                challenger = name(lang, &c.challenger),
                opponent = name(lang, &c.opponent)
            )
        })
        .collect();
    let pairs = pairs.join(&tr!(lang, "list-separator"));
    Out::text(tr!(lang, "challenges-aborted", challenges = pairs))
}

/// A declined challenge.
pub fn declined(lang: Lang, c: &Challenge) -> Out {
    Out::text(challenge_news(lang, "challenge-declined", c))
}

/// A withdrawn challenge.
pub fn withdrawn(lang: Lang, c: &Challenge) -> Out {
    Out::text(challenge_news(lang, "challenge-withdrawn", c))
}

/// What became of challenge `c`, as message `id` names it.
pub(super) fn challenge_news(lang: Lang, id: &str, c: &Challenge) -> String {
    tr!(
        lang,
        id,
        challenger = name(lang, &c.challenger),
        opponent = name(lang, &c.opponent)
    )
}

/// Added to a challenge in a chat the bot can only answer in: what works
/// differently there.
pub fn answer_only_note(lang: Lang, c: &Challenge) -> String {
    let clock = if c.settings.move_secs.is_some() {
        "yes"
    } else {
        "no"
    };
    format!("\n-# {}", tr!(lang, "answer-only-note", clock = clock))
}
