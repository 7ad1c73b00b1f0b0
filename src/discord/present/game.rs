//! A game's messages besides its board: its thread, draw offers, the
//! turn's private note, the next game, hints, conditional lines, and its end
//! (the final board, the review, the record).

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton};

use super::board::{board, finished_line, humans, mention, name, names, rematch_button};
use super::ids;
use super::out::{clip, jump_link, picture, Attachment, Out};
use crate::engine::Move;
use crate::render::BoardView;
use crate::words::{narrate, Lang};
use crate::{
    table::{Challenge, FinishedGame, GameView, LiveGame, MemberSettings, Reviewed, Seat},
    tr,
};

/// A game's review: the summary, and the whole ply-by-ply table as a file.
pub fn review(lang: Lang, reviewed: &Reviewed) -> Out {
    let (f, review) = (&reviewed.finished, &reviewed.review);
    let table = format!(
        "{}\n\n{}",
        tr!(
            lang,
            "review-file-title",
            game = f.id,
            south = f.players[0].name(),
            north = f.players[1].name()
        ),
        narrate::review_table_marked(lang, review, &crate::table::conditional_plies(&f.record))
    );
    let summary = narrate::review_summary(lang, f, review, |s| name(lang, s));
    Out {
        content: tr!(lang, "review-message", title = summary.title, text = summary.text),
        file: Some(Attachment::new(
            table.into_bytes(),
            format!("isolo-review-{}.txt", f.id),
            tr!(lang, "review-file-alt", game = f.id),
        )),
        ..Out::default()
    }
}

/// The end of a game not ended by a move (resignation, agreement, time, abort):
/// the final board, who won, and the rematch button.
pub fn finished(lang: Lang, f: &FinishedGame) -> Out {
    let mut out = Out {
        content: finished_line(lang, f),
        components: rematch_button(lang, f.channel, f.id),
        mentions: humans(&f.players),
        ..Out::default()
    };
    if let Ok(game) = f.game() {
        let last = crate::table::last_move(game.rules(), game.moves());
        let names = names(lang, &f.players);
        let bv = BoardView::of_game(&game, &lang)
            .last_move(last.as_ref().map(|(_, r)| r))
            .names(Some(&names[0]), Some(&names[1]))
            .result(Some(f.result));
        out.file = Some(picture(&bv, format!("isolo-{}-final.png", f.id)));
    }
    out
}

/// Said when a game cannot have its own thread.
pub fn thread_note(lang: Lang) -> String {
    tr!(lang, "thread-note") + "\n"
}

/// The first message in a game's new thread.
pub fn thread_intro(lang: Lang, seats: &[Seat; 2]) -> Out {
    Out::text(tr!(
        lang,
        "thread-intro",
        south = name(lang, &seats[0]),
        north = name(lang, &seats[1])
    ))
}

/// The answer to an accept whose game moved into a thread.
pub fn accepted_in_thread(lang: Lang, c: &Challenge, game: u64, thread: u64) -> Out {
    Out::text(tr!(
        lang,
        "accepted-in-thread",
        opponent = name(lang, &c.opponent),
        game = game,
        thread = format!("<#{thread}>")
    ))
}

/// The answer to a challenge of the bot whose game is in a thread.
pub fn bot_game_in_thread(lang: Lang, live: &LiveGame, thread: u64) -> Out {
    let bot = live
        .players
        .iter()
        .find(|s| s.user().is_none())
        .unwrap_or(&live.players[1]);
    Out::text(tr!(
        lang,
        "bot-game-in-thread",
        game = live.id,
        bot = name(lang, bot),
        thread = format!("<#{thread}>")
    ))
}

/// A board shown in the channel because its thread refused it.
pub fn board_for_thread(lang: Lang, mut board: Out, thread: u64) -> Out {
    let note = tr!(lang, "play-in-thread", thread = format!("<#{thread}>"));
    board.content = format!("{note} {}", board.content);
    board
}

/// A draw offer by `view`'s player `by`, pinging the opponent.
pub fn draw_offered(lang: Lang, view: &GameView, by: crate::engine::Side) -> Out {
    let other = view.live.seat(by.opponent());
    Out {
        content: tr!(
            lang,
            "draw-offered",
            player = name(lang, view.live.seat(by)),
            opponent = mention(lang, other)
        ),
        mentions: other.user().into_iter().collect(),
        ..Out::default()
    }
}

/// The direct message telling a member it is their move.
pub fn turn_dm(lang: Lang, view: &GameView) -> Out {
    let opponent = view
        .to_move()
        .and_then(|s| view.live.side_of(s.user().unwrap_or_default()))
        .map(|side| name(lang, view.live.seat(side.opponent())));
    let mut out = Out::text(tr!(
        lang,
        "turn-dm",
        game = view.live.id,
        against = if opponent.is_some() { "yes" } else { "no" },
        opponent = opponent.unwrap_or_default(),
        channel = format!("<#{}>", view.live.channel)
    ));
    out.components = vec![CreateActionRow::Buttons(vec![CreateButton::new(ids::make(
        ids::NEXT,
        0,
        None,
    ))
    .label(clip(&tr!(lang, "button-next"), 80))
    .style(ButtonStyle::Secondary)])];
    out
}

/// `/isolo next`, privately: the member's game waiting longest for their
/// move, its place, a link there and its board; or that none waits.
pub fn next_game(lang: Lang, view: Option<&GameView>, viewer: &MemberSettings) -> Out {
    let Some(view) = view else {
        return Out::private(tr!(lang, "next-none"));
    };
    let mut out = board(lang, view, false, viewer);
    let place = match view.live.guild {
        crate::table::PRIVATE_GUILD => "private",
        _ => "server",
    };
    out.content = format!(
        "{}\n{}",
        tr!(
            lang,
            "next-game",
            game = view.live.id,
            place = place,
            channel = format!("<#{}>", view.live.channel),
            link = jump_link(view.live.guild, view.live.channel),
            since = view.live.turn_started_ms / 1000
        ),
        out.content
    );
    // A private answer: nothing to ping, no menu to play from elsewhere.
    out.mentions = Vec::new();
    out.components = Vec::new();
    out.ephemeral = true;
    out
}

/// `/isolo game conditional`, privately: the member's lines in the game here.
pub fn conditional_lines(lang: Lang, lines: &[Vec<Move>]) -> Out {
    if lines.is_empty() {
        return Out::private(tr!(lang, "conditional-none"));
    }
    let mut text = vec![tr!(
        lang,
        "conditional-title",
        count = lines.len(),
        max = crate::table::MAX_CONDITIONAL_LINES
    )];
    for (i, line) in lines.iter().enumerate() {
        let pairs: Vec<String> = line
            .chunks(2)
            .map(|p| match p {
                [theirs, mine] => tr!(
                    lang,
                    "conditional-pair",
                    theirs = theirs.to_string(),
                    mine = mine.to_string()
                ),
                _ => p.iter().map(ToString::to_string).collect(),
            })
            .collect();
        text.push(format!("{}. {}", i + 1, pairs.join(" → ")));
    }
    Out::private(text.join("\n"))
}

/// `/isolo game conditional clear:true`: how many lines went.
pub fn conditional_cleared(lang: Lang, count: usize) -> String {
    tr!(lang, "conditional-cleared", count = count)
}

/// The bot's answer to a draw offer it declines (it is ahead).
pub fn draw_declined(lang: Lang, view: &GameView) -> Out {
    let bot = view.live.players.iter().find(|s| s.user().is_none());
    Out::private(tr!(
        lang,
        "draw-declined",
        bot = bot.map(|b| name(lang, b)).unwrap_or_default()
    ))
}

/// A game record as a file to download.
pub fn export(lang: Lang, record: String) -> Out {
    Out {
        content: tr!(lang, "export"),
        file: Some(Attachment::new(
            record.into_bytes(),
            "isolo-game.txt",
            tr!(lang, "export-alt"),
        )),
        ..Out::default()
    }
}

/// The computer's hint, privately.
pub fn hint(lang: Lang, mv: Move, captured: u32) -> Out {
    Out::private(tr!(lang, "hint", pit = mv.to_string(), captured = captured))
}
