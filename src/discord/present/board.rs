//! A game's messages: the board after a move (picture, menu, live links),
//! its end, its thread, draw offers, hints, reviews and conditional lines.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateButton, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::ids;
use super::out::{clip, jump_link, picture, plain, Attachment, Out};
use crate::discord::state::Live;
use crate::engine::Move;
use crate::engine::MoveReport;
use crate::render::{render_gif, render_text, BoardView, Palette, Style};
use crate::words::{narrate, Lang};
use crate::{
    table::{
        BoardSide, Challenge, FinishedGame, GameView, LiveGame, MemberSettings, MoveOutcome, Reviewed, Seat,
    },
    tr,
};

/// The live board's buttons under a board: "Play live" (the Activity,
/// where the application has one) and the page's link.
pub fn live_row(lang: Lang, live: &Live, channel: u64, game: u64, key: &str) -> CreateActionRow {
    let mut buttons = Vec::new();
    if live.activity {
        buttons.push(
            CreateButton::new(ids::make(ids::LIVE, channel, Some(game)))
                .label(tr!(lang, "board-play-live"))
                .style(ButtonStyle::Primary),
        );
    }
    buttons.push(CreateButton::new_link(live.page(channel, game, key)).label(tr!(lang, "web-open-live")));
    CreateActionRow::Buttons(buttons)
}

/// Where to watch a game live, for `/isolo board live` where the Activity
/// cannot open: the page's link, privately.
pub fn live_link(lang: Lang, live: &Live, channel: u64, game: u64, key: &str) -> Out {
    Out {
        content: tr!(lang, "board-live-link", url = live.page(channel, game, key)),
        ephemeral: true,
        ..Out::default()
    }
}

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

/// A mention of a seat: `<@id>` for people, the bot's name otherwise.
pub fn mention(lang: Lang, seat: &Seat) -> String {
    match seat.user() {
        Some(id) => format!("<@{id}>"),
        None => format!("**{}**", name(lang, seat)),
    }
}

/// A seat's name as plain text (markdown and mentions neutralised).
pub fn name(lang: Lang, seat: &Seat) -> String {
    match seat {
        Seat::Human { name, .. } => plain(name),
        // The bot's name is ours, not a player's: shown as written.
        Seat::Bot { .. } => seat.name(),
        Seat::Former => tr!(lang, "former-member"),
    }
}

/// Names as the picture shows them (a former member in the viewer's words).
pub(super) fn names(lang: Lang, players: &[Seat; 2]) -> [String; 2] {
    players.each_ref().map(|s| match s {
        Seat::Former => tr!(lang, "former-member"),
        s => s.name(),
    })
}

/// How `viewer` sees a game's board: from the side of the player to move
/// (South once the game is over) unless they fixed it to South, in the
/// colours they chose.
pub fn style(view: &GameView, viewer: &MemberSettings) -> Style {
    let bottom = match (viewer.board, view.game.to_move()) {
        (BoardSide::Mover, Some(side)) => side,
        _ => crate::engine::Side::South,
    };
    let palette = match viewer.colour_blind {
        true => Palette::ColourBlindSafe,
        false => Palette::Standard,
    };
    Style { bottom, palette }
}

/// The line saying whose rows are at the bottom of the picture.
pub(super) fn bottom_line(lang: Lang, live: &LiveGame, style: Style) -> String {
    let line = tr!(
        lang,
        "board-drawn-from",
        side = narrate::side(lang, style.bottom),
        player = name(lang, live.seat(style.bottom))
    );
    format!("\n-# {line}")
}

/// The board PNG of a game with its alt text, drawn in `style`.
pub(super) fn board_file(
    lang: Lang,
    view: &GameView,
    report: Option<&MoveReport>,
    id: u64,
    style: Style,
) -> Attachment {
    let names = names(lang, &view.live.players);
    let bv = BoardView::of_game(&view.game, &lang)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]))
        .style(style);
    picture(&bv, format!("isolo-{id}-{}.png", view.game.ply()))
}

/// The select menu of the legal pits of the player to move.
pub(super) fn move_menu(lang: Lang, view: &GameView) -> Vec<CreateActionRow> {
    let legal = view.game.legal_moves();
    let Some(seat) = view.to_move() else {
        return Vec::new();
    };
    if legal.is_empty() || seat.user().is_none() {
        return Vec::new();
    }
    let moves: Vec<Move> = legal.iter().collect();
    pit_menu(
        lang,
        ids::make_with(
            ids::MOVE,
            view.live.channel,
            view.game.ply() as u64,
            &view.live.id.to_string(),
        ),
        view.game.position(),
        &moves,
        &tr!(lang, "menu-placeholder", player = seat.name()),
    )
}

/// A select menu `custom_id` of `moves` in `p`, each with its seeds (none
/// without moves).
pub(crate) fn pit_menu(
    lang: Lang,
    custom_id: String,
    p: &crate::engine::Position,
    moves: &[Move],
    placeholder: &str,
) -> Vec<CreateActionRow> {
    if moves.is_empty() {
        return Vec::new();
    }
    let options = moves
        .iter()
        .map(|m| {
            let label = tr!(lang, "menu-pit", pit = m.to_string(), seeds = p.seeds(m.pit()));
            CreateSelectMenuOption::new(label, m.to_string())
        })
        .collect();
    let menu = CreateSelectMenu::new(custom_id, CreateSelectMenuKind::String { options })
        .placeholder(clip(placeholder, 150));
    vec![CreateActionRow::SelectMenu(menu)]
}

/// The rematch button under the end of game number `game`.
pub(super) fn rematch_button(lang: Lang, channel: u64, game: u64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(ids::make(
        ids::REMATCH,
        channel,
        Some(game),
    ))
    .label(clip(&tr!(lang, "button-rematch"), 80))
    .style(ButtonStyle::Primary)])]
}

pub(super) fn humans(players: &[Seat; 2]) -> Vec<u64> {
    players.iter().filter_map(Seat::user).collect()
}

/// Whose turn it is, with a ping and the clock.
pub(super) fn turn_line(lang: Lang, view: &GameView) -> String {
    let Some(seat) = view.to_move() else {
        return String::new();
    };
    let side = narrate::side(lang, view.game.position().to_move());
    match seat {
        Seat::Bot { .. } => tr!(
            lang,
            "turn-bot-thinking",
            player = mention(lang, seat),
            side = side
        ),
        // A vacation holds the clock: no time runs out now.
        _ if view.live.paused.is_some() => format!(
            "{} {}",
            tr!(lang, "turn-your-move", player = mention(lang, seat), side = side),
            tr!(lang, "clock-stopped")
        ),
        _ => match view.deadline_ms() {
            Some(d) => tr!(
                lang,
                "turn-your-move-clock",
                player = mention(lang, seat),
                side = side,
                deadline = d / 1000
            ),
            None => tr!(lang, "turn-your-move", player = mention(lang, seat), side = side),
        },
    }
}

/// What a move did, in words (names made safe).
pub fn describe_move(lang: Lang, live: &LiveGame, report: &MoveReport) -> String {
    narrate::describe_move(lang, live, report, |s| name(lang, s))
}

/// The end of a game: who won and why, rating changes. The winner is
/// mentioned; every other name (the loser, the rating lines) is player-chosen
/// text and is made plain first, so a player named `@everyone` or `**x**`
/// shows as written and pings or formats nothing.
pub fn finished_line(lang: Lang, f: &FinishedGame) -> String {
    let mut safe = f.clone();
    for seat in &mut safe.players {
        if let Seat::Human { name, .. } = seat {
            *name = plain(name);
        }
    }
    narrate::result_line(lang, &safe, |seat| match seat.user() {
        Some(id) => format!("<@{id}>"),
        None => name(lang, seat),
    })
}

/// The board after a move (or at the start), pinging the next player.
/// Drawn as `viewer` (the player to move) sees it: see [`style`].
pub fn board_after(
    lang: Lang,
    view: &GameView,
    report: Option<&MoveReport>,
    finished: Option<&FinishedGame>,
    viewer: &MemberSettings,
) -> Out {
    let style = style(view, viewer);
    let mut content = match report {
        Some(r) => describe_move(lang, &view.live, r),
        None => tr!(
            lang,
            "game-on",
            game = view.live.id,
            south = mention(lang, &view.live.players[0]),
            north = mention(lang, &view.live.players[1]),
            variant = narrate::variant(lang, view.live.rules.variant)
        ),
    };
    content.push('\n');
    let mut components = Vec::new();
    match finished {
        Some(f) => {
            content.push_str(&finished_line(lang, f));
            components = rematch_button(lang, view.live.channel, f.id);
        }
        None => {
            content.push_str(&turn_line(lang, view));
            components.extend(move_menu(lang, view));
        }
    }
    content.push_str(&bottom_line(lang, &view.live, style));
    Out {
        content,
        file: Some(board_file(lang, view, report, view.live.id, style)),
        components,
        mentions: match finished {
            // The end pings both players; a turn pings only the player to move.
            Some(_) => humans(&view.live.players),
            None => view.to_move().and_then(Seat::user).into_iter().collect(),
        },
        ephemeral: false,
    }
}

/// The board after a move and, when the other player's conditional line
/// answered it at once, after that answer: both moves said, the answer
/// marked as conditional.
pub fn board_after_outcome(lang: Lang, out: &MoveOutcome, viewer: &MemberSettings) -> Out {
    let last = out.last();
    let mut board = board_after(
        lang,
        &last.view,
        Some(&last.report),
        last.finished.as_ref(),
        viewer,
    );
    if out.answer.is_some() {
        board.content = format!(
            "{}\n{} {}",
            describe_move(lang, &out.view.live, &out.report),
            tr!(lang, "conditional-played"),
            board.content
        );
    }
    board
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

/// The board of a game for `/isolo board` (anyone may look), with the last move marked.
/// Drawn as `viewer` (who asked) sees it: see [`style`].
pub fn board(lang: Lang, view: &GameView, as_text: bool, viewer: &MemberSettings) -> Out {
    let last = view.last_move();
    let report = last.as_ref().map(|(_, r)| r);
    let names = names(lang, &view.live.players);
    let style = style(view, viewer);
    let bv = BoardView::of_game(&view.game, &lang)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]))
        .style(style);
    let header = tr!(
        lang,
        "board-header",
        game = view.live.id,
        south = name(lang, &view.live.players[0]),
        north = name(lang, &view.live.players[1]),
        variant = narrate::variant(lang, view.live.rules.variant),
        ply = view.game.ply()
    );
    if as_text {
        return Out::text(format!("{header}\n```\n{}\n```", render_text(&bv)));
    }
    let turn = view.to_move().map(|s| {
        let side = narrate::side(lang, view.game.position().to_move());
        format!(
            " {}",
            tr!(lang, "board-to-move", player = name(lang, s), side = side)
        )
    });
    Out {
        content: format!(
            "{header}{}{}",
            turn.unwrap_or_default(),
            bottom_line(lang, &view.live, style)
        ),
        file: Some(picture(
            &bv,
            format!("isolo-{}-{}.png", view.live.id, view.game.ply()),
        )),
        ..Out::default()
    }
}

/// The sowing animation of the last move.
/// Drawn as `viewer` (who asked) sees it, from the side of the player who
/// moved unless they fixed it to South.
pub fn animation(lang: Lang, view: &GameView, viewer: &MemberSettings) -> Option<Out> {
    let (before, report) = view.last_move()?;
    let names = names(lang, &view.live.players);
    let mut style = style(view, viewer);
    if viewer.board == BoardSide::Mover {
        style.bottom = report.side;
    }
    let gif = render_gif(&before, &report, [Some(&names[0]), Some(&names[1])], style, &lang);
    Some(Out {
        content: describe_move(lang, &view.live, &report),
        file: Some(Attachment::new(
            gif,
            format!("isolo-{}-{}.gif", view.live.id, view.game.ply()),
            tr!(
                lang,
                "animation-alt",
                player = name(lang, view.live.seat(report.side)),
                pit = report.mv.to_string()
            ),
        )),
        ..Out::default()
    })
}

/// A clock in words: "1 day per move", "no clock".
pub(crate) fn clock(lang: Lang, move_secs: Option<u64>) -> String {
    match move_secs {
        Some(secs) if secs % 86_400 == 0 => tr!(lang, "clock-days", days = secs / 86_400),
        Some(secs) => tr!(lang, "clock-minutes", minutes = secs.div_ceil(60)),
        None => tr!(lang, "clock-none"),
    }
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
