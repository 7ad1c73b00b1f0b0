//! Every message of a takeback: the request with its buttons, how it was
//! answered, the board after it. The command and buttons
//! (`discord::takeback`) and the relay of a page's takebacks (`posts`) both
//! word them here.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton};

use super::board::{board, mention, name};
use super::ids;
use super::out::Out;
use crate::engine::Side;
use crate::table::takeback::{Takeback, TakebackOutcome};
use crate::table::{GameView, MemberSettings};
use crate::tr;
use crate::words::Lang;

/// The message for `outcome`: a request with its buttons, a takeback
/// with the new board (drawn for `viewer`: call it off the async threads),
/// or a line for a declined one.
pub fn message(lang: Lang, outcome: TakebackOutcome, viewer: &MemberSettings) -> Out {
    match outcome {
        TakebackOutcome::Asked { view, by } => asked(lang, &view, by),
        TakebackOutcome::Taken(t) => taken_board(lang, &t, viewer),
        TakebackOutcome::Declined { .. } => Out::text(declined_line(lang, &outcome)),
    }
}

/// Whether `out` carries a board's move menu (a request's buttons do not):
/// such a message becomes the channel's newest board.
pub fn has_move_menu(out: &Out) -> bool {
    out.components
        .iter()
        .any(|row| matches!(row, CreateActionRow::SelectMenu(_)))
}

/// The request, pinging the opponent, with the buttons that answer it.
fn asked(lang: Lang, view: &GameView, by: Side) -> Out {
    let other = view.live.seat(by.opponent());
    let channel = view.live.channel;
    let buttons = vec![
        CreateButton::new(ids::make(ids::TAKEBACK_ACCEPT, channel, Some(view.live.id)))
            .label(tr!(lang, "button-takeback-accept"))
            .style(ButtonStyle::Success),
        CreateButton::new(ids::make(ids::TAKEBACK_DECLINE, channel, Some(view.live.id)))
            .label(tr!(lang, "button-takeback-decline"))
            .style(ButtonStyle::Secondary),
    ];
    Out {
        content: tr!(
            lang,
            "takeback-asked",
            player = name(lang, view.live.seat(by)),
            opponent = mention(lang, other)
        ),
        components: vec![CreateActionRow::Buttons(buttons)],
        mentions: other.user().into_iter().collect(),
        ..Out::default()
    }
}

/// One line saying how a request was answered (a clicked request's text
/// becomes it).
pub fn answered_line(lang: Lang, outcome: &TakebackOutcome) -> String {
    match outcome {
        TakebackOutcome::Taken(t) => taken_line(lang, t),
        _ => declined_line(lang, outcome),
    }
}

fn declined_line(lang: Lang, outcome: &TakebackOutcome) -> String {
    let (view, by) = match outcome {
        TakebackOutcome::Declined { view, by } | TakebackOutcome::Asked { view, by } => (view, *by),
        TakebackOutcome::Taken(t) => (&t.view, t.by),
    };
    tr!(
        lang,
        "takeback-declined",
        opponent = name(lang, view.live.seat(by))
    )
}

fn taken_line(lang: Lang, t: &Takeback) -> String {
    let live = &t.view.live;
    tr!(
        lang,
        "takeback-taken",
        player = name(lang, live.seat(t.by)),
        plies = t.plies,
        next = name(lang, live.seat(live.side_to_move()))
    )
}

/// The board after a takeback, under the line that says what went.
fn taken_board(lang: Lang, t: &Takeback, viewer: &MemberSettings) -> Out {
    let mut out = board(lang, &t.view, false, viewer);
    out.content = format!("{}\n{}", taken_line(lang, t), out.content);
    out
}
