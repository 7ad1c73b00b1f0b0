//! What the bot says: messages built from the hosting layer's answers, as
//! plain data ([`Out`]) that commands and components turn into Discord replies.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, UserId as SUserId,
};

use crate::engine::Move;
use crate::engine::MoveReport;
use crate::render::{alt_text, render_gif, render_png, render_text, BoardView, Palette, Style};
use crate::words::{self, narrate, Lang};
use crate::{
    table::{
        BoardSide, Challenge, FinishedGame, GameView, Held, LiveGame, MemberSettings, MoveOutcome, Notice,
        PlayerStats, Reviewed, Seat, TableError, VacationChange,
    },
    tr,
};

/// Fills any of Discord's message builders from an [`Out`] (they share
/// method names but no trait).
macro_rules! build {
    ($out:expr, $builder:expr, $add_file:ident) => {{
        let mut b = $builder
            .content($out.content.clone())
            .allowed_mentions($out.allowed_mentions())
            .components($out.components.clone());
        if let Some(a) = $out.attachment() {
            b = b.$add_file(a);
        }
        b
    }};
}

/// A message to send: text, an optional picture, components, who may be pinged.
#[derive(Debug, Clone, Default)]
pub struct Out {
    /// The text.
    pub content: String,
    /// An attached file.
    pub file: Option<Attachment>,
    /// Buttons and select menus.
    pub components: Vec<CreateActionRow>,
    /// The only users this message may ping.
    pub mentions: Vec<u64>,
    /// Only the user who asked sees it.
    pub ephemeral: bool,
}

/// A file attached to a message.
#[derive(Debug, Clone, Default)]
pub struct Attachment {
    /// The content.
    pub bytes: Vec<u8>,
    /// The file name, which tells Discord the type (`.png`, `.gif`, `.txt`).
    pub name: String,
    /// Alt text, for screen readers.
    pub alt: String,
}

impl Attachment {
    /// A file named `name` with `alt` text.
    pub fn new(bytes: Vec<u8>, name: impl Into<String>, alt: impl Into<String>) -> Attachment {
        Attachment {
            bytes,
            name: name.into(),
            alt: alt.into(),
        }
    }
}

impl Out {
    /// A plain text message.
    pub fn text(content: impl Into<String>) -> Out {
        Out {
            content: content.into(),
            ..Out::default()
        }
    }

    /// A private message to the user who asked.
    pub fn private(content: impl Into<String>) -> Out {
        Out {
            content: content.into(),
            ephemeral: true,
            ..Out::default()
        }
    }

    /// Allowed mentions: exactly the listed users, never @everyone or roles.
    pub fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .empty_roles()
            .everyone(false)
            .users(self.mentions.iter().map(|&u| SUserId::new(u)).collect::<Vec<_>>())
    }

    /// The attachment, if any.
    pub fn attachment(&self) -> Option<CreateAttachment> {
        self.file
            .as_ref()
            .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()).description(&f.alt))
    }

    /// As a poise reply.
    pub fn reply(&self) -> poise::CreateReply {
        build!(
            self,
            poise::CreateReply::default().ephemeral(self.ephemeral),
            attachment
        )
    }

    /// As a response to a component interaction.
    pub fn response(&self) -> serenity::CreateInteractionResponseMessage {
        build!(
            self,
            serenity::CreateInteractionResponseMessage::new().ephemeral(self.ephemeral),
            add_file
        )
    }

    /// As a followup to an interaction.
    pub fn followup(&self) -> serenity::CreateInteractionResponseFollowup {
        build!(
            self,
            serenity::CreateInteractionResponseFollowup::new().ephemeral(self.ephemeral),
            add_file
        )
    }

    /// As a plain channel message.
    pub fn message(&self) -> serenity::CreateMessage {
        build!(self, serenity::CreateMessage::new(), add_file)
    }
}

/// Longest record text shown inline; a longer one shows its end (the moves).
const RECORD_INLINE: usize = 1800;

/// A game record as a code block that fits a message. Names in the tags are
/// player-chosen: none may close the block.
pub fn record_block(record: &str) -> String {
    let mut cut = record.len().saturating_sub(RECORD_INLINE);
    while !record.is_char_boundary(cut) {
        cut += 1;
    }
    let ellipsis = if cut > 0 { "..." } else { "" };
    let text = record[cut..].replace("```", "`\u{200b}`\u{200b}`");
    format!("```\n{ellipsis}{text}\n```")
}

/// Custom ids of components: `isolo:<action>:<channel>[:<number>[:<tail>]]`.
pub mod ids {
    /// Accept a challenge.
    pub const ACCEPT: &str = "accept";
    /// Decline a challenge.
    pub const DECLINE: &str = "decline";
    /// Withdraw a challenge.
    pub const WITHDRAW: &str = "withdraw";
    /// Play a pit from the select menu (the number is the board's ply, the
    /// tail the game's number).
    pub const MOVE: &str = "move";
    /// Ask for a rematch (the number is the finished game's).
    pub const REMATCH: &str = "rematch";
    /// Confirm `/isolo forget-me` (the number is the member who asked).
    pub const FORGET: &str = "forget";
    /// A pit of a member's puzzle (the number is the solution ply; the tail
    /// the puzzle, and for a daily run its day and public message).
    pub const PUZZLE: &str = "puzzle";
    /// A pit of the public daily puzzle (the number is the day).
    pub const DAILY: &str = "daily";
    /// A pit of a lesson (the number is the solution ply; the tail the
    /// lesson and the wrong tries so far).
    pub const LESSON: &str = "lesson";
    /// `/isolo next` from a turn DM: the clicker's own game waiting longest
    /// for their move (the channel is 0: it acts for the clicker anywhere).
    pub const NEXT: &str = "next";
    /// Open the live board as the Activity (the number is the game's).
    pub const LIVE: &str = "live";

    /// The custom id of an action in a channel, with an optional number:
    /// the ply of a move menu's board, or the other member of a challenge.
    pub fn make(action: &str, channel: u64, extra: Option<u64>) -> String {
        match extra {
            Some(n) => format!("isolo:{action}:{channel}:{n}"),
            None => format!("isolo:{action}:{channel}"),
        }
    }

    /// A component's custom id, read.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CustomId<'a> {
        /// What the component does ([`ACCEPT`], [`MOVE`], ...).
        pub action: &'a str,
        /// The channel of the challenge or game.
        pub channel: u64,
        /// The ply of the board a move menu was under; for a challenge's
        /// buttons the other member (the challenger for accept and decline,
        /// the challenged for withdraw).
        pub extra: Option<u64>,
        /// The parts after the number, for [`make_with`]'s ids.
        pub tail: Option<&'a str>,
    }

    /// [`make`] with a tail of more parts (`:`-separated, read by the
    /// action's handler).
    pub fn make_with(action: &str, channel: u64, n: u64, tail: &str) -> String {
        format!("isolo:{action}:{channel}:{n}:{tail}")
    }

    /// Reads a custom id made by [`make`] or [`make_with`].
    pub fn parse(id: &str) -> Option<CustomId<'_>> {
        let mut parts = id.strip_prefix("isolo:")?.splitn(4, ':');
        let action = parts.next()?;
        let channel = parts.next()?.parse().ok()?;
        let extra = match parts.next() {
            Some(p) => Some(p.parse().ok()?),
            None => None,
        };
        Some(CustomId {
            action,
            channel,
            extra,
            tail: parts.next(),
        })
    }
}

/// The live board's buttons under a board: "Play live" (the Activity,
/// where the application has one) and the page's link.
pub fn live_row(lang: Lang, live: &super::Live, channel: u64, game: u64, key: &str) -> CreateActionRow {
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
pub fn live_link(lang: Lang, live: &super::Live, channel: u64, game: u64, key: &str) -> Out {
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

/// Text that cannot format, disguise or ping (see [`super::markdown`]).
pub fn plain(s: &str) -> String {
    super::markdown::plain(s)
}

/// Names as the picture shows them (a former member in the viewer's words).
fn names(lang: Lang, players: &[Seat; 2]) -> [String; 2] {
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
fn bottom_line(lang: Lang, live: &LiveGame, style: Style) -> String {
    let line = tr!(
        lang,
        "board-drawn-from",
        side = narrate::side(lang, style.bottom),
        player = name(lang, live.seat(style.bottom))
    );
    format!("\n-# {line}")
}

/// The board PNG of a game with its alt text, drawn in `style`.
fn board_file(lang: Lang, view: &GameView, report: Option<&MoveReport>, id: u64, style: Style) -> Attachment {
    let names = names(lang, &view.live.players);
    let bv = BoardView::of_game(&view.game, &lang)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]))
        .style(style);
    picture(&bv, format!("isolo-{id}-{}.png", view.game.ply()))
}

/// A board picture with its alt text.
pub(crate) fn picture(bv: &BoardView, name: String) -> Attachment {
    Attachment::new(render_png(bv), name, alt_text(bv))
}

/// The select menu of the legal pits of the player to move.
fn move_menu(lang: Lang, view: &GameView) -> Vec<CreateActionRow> {
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

/// At most `max` characters (Discord's limits on labels and placeholders).
fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => text[..cut].to_string(),
        None => text.to_string(),
    }
}

/// The rematch button under the end of game number `game`.
fn rematch_button(lang: Lang, channel: u64, game: u64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(ids::make(
        ids::REMATCH,
        channel,
        Some(game),
    ))
    .label(clip(&tr!(lang, "button-rematch"), 80))
    .style(ButtonStyle::Primary)])]
}

fn humans(players: &[Seat; 2]) -> Vec<u64> {
    players.iter().filter_map(Seat::user).collect()
}

/// Whose turn it is, with a ping and the clock.
fn turn_line(lang: Lang, view: &GameView) -> String {
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
fn challenge_news(lang: Lang, id: &str, c: &Challenge) -> String {
    tr!(
        lang,
        id,
        challenger = name(lang, &c.challenger),
        opponent = name(lang, &c.opponent)
    )
}

/// A player's statistics.
pub fn stats(lang: Lang, p: &PlayerStats) -> String {
    let mut lines = vec![tr!(
        lang,
        "stats",
        player = plain(&p.name),
        rating = format!("{:.0}{}", p.rating.rating, provisional_mark(p)),
        deviation = format!("{:.0}", p.rating.deviation),
        provisional = if p.rating.is_provisional() { "yes" } else { "no" },
        games = p.tally.games(),
        wins = p.tally.wins,
        losses = p.tally.losses,
        draws = p.tally.draws,
        streak_kind = match p.streak.signum() {
            1 => "win",
            -1 => "loss",
            _ => "none",
        },
        streak = p.streak.unsigned_abs(),
        best = p.best_streak,
    )];
    let mut rivals: Vec<_> = p.head_to_head.iter().collect();
    rivals.sort_by_key(|(_, t)| std::cmp::Reverse(t.games()));
    for (opp, t) in rivals.into_iter().take(10) {
        lines.push(tr!(
            lang,
            "stats-rival",
            rival = format!("<@{opp}>"),
            wins = t.wins,
            losses = t.losses,
            draws = t.draws
        ));
    }
    lines.join("\n")
}

/// A member's puzzle rating, streak and solved count (`None` before their
/// first counted puzzle).
pub fn puzzle_stats(lang: Lang, s: &crate::table::PuzzleStats) -> Option<String> {
    (s.solved + s.failed > 0).then(|| {
        tr!(
            lang,
            "training-stats-puzzles",
            rating = format!("{:.0}", s.rating.rating),
            solved = s.solved,
            failed = s.failed,
            streak = s.streak,
            best = s.best_streak
        )
    })
}

/// The leaderboard.
pub fn leaderboard(lang: Lang, players: &[PlayerStats]) -> String {
    if players.is_empty() {
        return tr!(lang, "leaderboard-empty");
    }
    let mut s = format!("**{}**\n", tr!(lang, "leaderboard-title"));
    for (i, p) in players.iter().enumerate() {
        s.push_str(&tr!(
            lang,
            "leaderboard-line",
            rank = i + 1,
            player = plain(&p.name),
            rating = format!("{:.0}{}", p.rating.rating, provisional_mark(p)),
            games = p.tally.games(),
            wins = p.tally.wins,
            losses = p.tally.losses,
            draws = p.tally.draws
        ));
        s.push('\n');
    }
    if players.iter().any(|p| p.rating.is_provisional()) {
        s.push_str(&tr!(lang, "leaderboard-provisional"));
        s.push('\n');
    }
    s
}

/// Lichess's mark of a provisional rating: `?` after the number.
fn provisional_mark(p: &PlayerStats) -> &'static str {
    if p.rating.is_provisional() {
        "?"
    } else {
        ""
    }
}

/// A refusal as the player reads it: names and typed text neutralised, and
/// where it helps, the command that gets them further.
pub fn refusal(lang: Lang, e: &TableError) -> String {
    let e = e.escaped(plain);
    if let TableError::WhichChallenge(names) = &e {
        let names = names.join(&tr!(lang, "list-separator"));
        return tr!(lang, "refusal-which-challenge-here", names = names);
    }
    let base = words::refusal::refusal(lang, &e);
    let way_on = match &e {
        TableError::NoGame => "way-on-no-game",
        TableError::Busy { .. } => "way-on-busy",
        TableError::NotAPlayer { .. } => "way-on-not-a-player",
        TableError::StillPlaying { games, .. } if !games.is_empty() => "way-on-still-playing-games",
        TableError::StillPlaying { .. } => "way-on-still-playing-challenges",
        TableError::Corrupt { .. } => "way-on-corrupt",
        TableError::Stale => "way-on-stale",
        _ => return base,
    };
    tr!(
        lang,
        "refusal-with-way-on",
        refusal = base,
        way_on = tr!(lang, way_on)
    )
}

/// What the user is told when something failed on the bot's side.
pub fn internal_error(lang: Lang, reference: &str) -> String {
    tr!(lang, "internal-error", reference = reference)
}

/// A command held back to share the bot fairly.
pub(crate) fn limited(lang: Lang, l: &super::limits::Limited) -> String {
    use super::limits::Limited;
    match l {
        Limited::Cooldown { command, secs } => tr!(
            lang,
            "limited-cooldown",
            // As the command picker shows it in this language.
            command = format!(
                "/isolo {}",
                lang.tr(&format!("cmd-isolo-{}.name", command.command()), None)
            ),
            seconds = *secs
        ),
        Limited::Busy => tr!(lang, "limited-busy"),
    }
}

/// What the user is told when a change was saved but its answer failed.
pub fn saved_not_shown(lang: Lang) -> String {
    tr!(lang, "saved-not-shown")
}

/// What the user is told when a command panicked.
pub fn panicked(lang: Lang, reference: &str) -> String {
    tr!(lang, "panicked", reference = reference)
}

/// What `/isolo forget-me` asks first, privately, with the button that
/// confirms it (only `user` may press it).
pub fn forget_confirm(lang: Lang, channel: u64, user: u64) -> Out {
    let button = CreateButton::new(ids::make(ids::FORGET, channel, Some(user)))
        .label(clip(&tr!(lang, "button-forget-me"), 80))
        .style(ButtonStyle::Danger);
    Out {
        content: tr!(lang, "forget-confirm", former = tr!(lang, "former-member")),
        components: vec![CreateActionRow::Buttons(vec![button])],
        ephemeral: true,
        ..Out::default()
    }
}

/// The answer once a member was forgotten.
pub fn forgotten(lang: Lang, f: &crate::table::Forgotten) -> Out {
    Out::private(tr!(
        lang,
        "forgotten",
        games = f.games,
        former = tr!(lang, "former-member")
    ))
}

/// Said to anyone but the member who asked when they press a forget-me button.
pub fn not_your_button(lang: Lang) -> String {
    tr!(lang, "not-your-button")
}

/// The bot's presence: how to start (a command, the same in every language).
pub const PRESENCE: &str = "/isolo help";

/// The answer to options the bot cannot read.
pub fn unreadable_options(lang: Lang) -> String {
    tr!(lang, "unreadable-options")
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

/// `/isolo settings`: the member's settings as they are now.
pub fn member_settings(lang: Lang, s: &MemberSettings, server: Option<Lang>) -> Out {
    let language = s.language.as_deref().and_then(Lang::from_tag);
    let mut text = tr!(
        lang,
        "settings",
        turn_dm = if s.dm_on_turn { "on" } else { "off" },
        board = match s.board {
            BoardSide::Mover => "mover",
            BoardSide::South => "south",
        },
        colours = if s.colour_blind {
            "colour-blind"
        } else {
            "standard"
        },
        language = language.map_or_else(|| tr!(lang, "settings-language-discord"), Lang::name),
    );
    if let Some(server) = server {
        text.push('\n');
        text.push_str(&tr!(lang, "settings-server-language", language = server.name()));
    }
    Out::private(text)
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

/// The link that opens a game's channel (or private chat) in Discord.
pub fn jump_link(guild: u64, channel: u64) -> String {
    match guild {
        crate::table::PRIVATE_GUILD => format!("https://discord.com/channels/@me/{channel}"),
        g => format!("https://discord.com/channels/{g}/{channel}"),
    }
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

/// The member's vacation bank: a line for `/isolo stats` and the answer to
/// `/isolo settings vacation`.
pub fn vacation_bank(lang: Lang, bank: &crate::table::VacationView) -> String {
    match bank.on {
        Some(on) => tr!(lang, "vacation-on", until = on.until_ms / 1000),
        None => tr!(
            lang,
            "vacation-bank",
            left = narrate::duration(lang, bank.left_ms)
        ),
    }
}

/// `/isolo games`: the member's games in progress, each with whose turn it
/// is, the time left and where it is played.
pub fn live_games(lang: Lang, user: u64, games: &[GameView], now_ms: u64) -> Out {
    if games.is_empty() {
        return Out::private(tr!(lang, "games-none"));
    }
    let mut lines = vec![tr!(lang, "games-title", count = games.len())];
    for g in games {
        let side = g.live.side_of(user);
        let opponent = side
            .map(|s| g.live.seat(s.opponent()))
            .unwrap_or(&g.live.players[1]);
        let mut turn = match g.to_move() {
            Some(seat) if seat.is(user) => tr!(lang, "games-your-move"),
            Some(seat) => tr!(lang, "games-their-move", player = name(lang, seat)),
            None => tr!(lang, "games-over"),
        };
        // A held clock shows the time it stopped with.
        let stopped = g.live.paused.as_ref().map(|p| p.since_ms);
        if stopped.is_some() {
            turn = format!("{turn} {}", tr!(lang, "clock-stopped"));
        }
        let left = g
            .deadline_ms()
            .map(|d| narrate::duration(lang, d.saturating_sub(stopped.unwrap_or(now_ms))));
        lines.push(tr!(
            lang,
            "games-line",
            game = g.live.id,
            opponent = name(lang, opponent),
            variant = narrate::variant_short(lang, g.live.rules.variant),
            turn = turn,
            clock = if left.is_some() { "yes" } else { "no" },
            left = left.unwrap_or_default(),
            channel = format!("<#{}>", g.live.channel),
            tournament = g.live.tournament.as_ref().map_or(0, |t| t.number),
        ));
    }
    Out::private(lines.join("\n"))
}

/// `/isolo games finished:true`: the member's last finished games, newest
/// first, each with its result and how to get its record.
pub fn finished_games(lang: Lang, user: u64, games: &[FinishedGame]) -> Out {
    if games.is_empty() {
        return Out::private(tr!(lang, "finished-games-none"));
    }
    let mut lines = vec![tr!(lang, "finished-games-title", count = games.len())];
    for f in games {
        let me = f.players.iter().position(|p| p.is(user));
        let opponent = me.map_or(&f.players[1], |i| &f.players[1 - i]);
        lines.push(tr!(
            lang,
            "finished-games-line",
            game = f.id,
            opponent = name(lang, opponent),
            result = result_for(f, me),
            channel = format!("<#{}>", f.channel),
        ));
    }
    Out::private(lines.join("\n"))
}

/// How a finished game went for the player in seat `me`: won, lost, draw or aborted.
fn result_for(f: &FinishedGame, me: Option<usize>) -> &'static str {
    match (f.result.termination, f.result.outcome, me) {
        (crate::engine::Termination::Aborted, _, _) => "aborted",
        (_, crate::engine::Outcome::Draw, _) => "draw",
        (_, crate::engine::Outcome::Win(side), Some(i)) if side.index() == i => "won",
        _ => "lost",
    }
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

/// Said when a player has no statistics yet.
pub fn no_stats(lang: Lang, user: u64) -> String {
    tr!(lang, "no-stats", player = format!("<@{user}>"))
}

/// Said in a private chat when asking for another member's results.
pub fn stats_private(lang: Lang) -> String {
    tr!(lang, "no-stats-private")
}

/// Said for `/isolo leaderboard` in a private chat, which has none.
pub fn leaderboard_private(lang: Lang) -> String {
    tr!(lang, "leaderboard-private")
}

/// Said when `/isolo animate` has no move to show.
pub fn no_move_yet(lang: Lang) -> String {
    tr!(lang, "no-move-yet")
}

/// Said when an unreadable game was removed.
pub fn unreadable_removed(lang: Lang) -> String {
    tr!(lang, "unreadable-removed")
}

/// The rules, with the rule book's key terms in bold.
pub fn rules(lang: Lang, boys: Option<bool>) -> Out {
    Out::private(narrate::rules(lang, boys))
}

/// What `/isolo help` says: how the game is named, then one line per
/// command: a clickable mention when `command_id` (the id Discord gave
/// `/isolo`) is known, its options (`[optional]`) and what it does, in the
/// reader's language. Split into messages of at most 2,000 characters,
/// Discord's limit.
pub fn help(lang: Lang, isolo: &poise::Command<super::Data, super::Error>, command_id: u64) -> Vec<Out> {
    let mut lines = vec![tr!(lang, "help-intro")];
    help_lines(lang, isolo, &isolo.name, &isolo.name, command_id, &mut lines);
    let mut messages: Vec<String> = Vec::new();
    for line in lines {
        match messages.last_mut() {
            Some(m) if m.chars().count() + 1 + line.chars().count() <= 2000 => {
                m.push('\n');
                m.push_str(&line);
            }
            _ => messages.push(line),
        }
    }
    messages.into_iter().map(Out::private).collect()
}

/// The help lines of `command`'s subcommands, groups descended into. A
/// mention uses the command's own (English) path, which Discord shows in the
/// reader's language; the text shows the localized names.
fn help_lines(
    lang: Lang,
    command: &poise::Command<super::Data, super::Error>,
    path: &str,
    shown: &str,
    id: u64,
    out: &mut Vec<String>,
) {
    for sub in &command.subcommands {
        let path = format!("{path} {}", sub.name);
        // Worded from commands.ftl, so languages Discord lacks (Swahili) read theirs too.
        let key = super::localize::message_id(sub, &path);
        let shown = format!("{shown} {}", lang.tr(&format!("{key}.name"), None));
        if !sub.subcommands.is_empty() {
            help_lines(lang, sub, &path, &shown, id, out);
            continue;
        }
        let name = match id {
            0 => format!("`/{shown}`"),
            id => format!("</{path}:{id}>"),
        };
        let options: String = sub
            .parameters
            .iter()
            .map(|p| {
                let n = lang.tr(&format!("{key}.{}-name", p.name), None);
                match p.required {
                    true => format!(" `{n}`"),
                    false => format!(" `[{n}]`"),
                }
            })
            .collect();
        out.push(format!("{name}{options}: {}", lang.tr(&key, None)));
    }
}

/// A reminder that a player's time is running out.
fn reminder(lang: Lang, user: u64, game: u64, deadline_ms: u64) -> String {
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
fn vacation_notice(
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
fn idle(lang: Lang, user: u64, game: u64, closes_ms: u64) -> String {
    tr!(
        lang,
        "idle",
        player = format!("<@{user}>"),
        game = game,
        closes = closes_ms / 1000
    )
}

/// Who ran out of time, and who may claim the win.
fn flagged(lang: Lang, claimant: u64, flagged: u64) -> String {
    tr!(
        lang,
        "flagged",
        flagged = format!("<@{flagged}>"),
        claimant = format!("<@{claimant}>")
    )
}

/// A challenge that expired unanswered.
fn expired(lang: Lang, c: &Challenge) -> String {
    challenge_news(lang, "challenge-expired", c)
}

/// A line that says what the clock did, for a channel the bot can only
/// answer in (`held`), with the players it concerns.
fn held_line(lang: Lang, held: &Held) -> (String, Vec<u64>) {
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

/// `text` cut to Discord's 2,000 characters, with an ellipsis when cut.
fn fit_message(text: String) -> String {
    const MAX: usize = 2000;
    if text.chars().count() <= MAX {
        return text;
    }
    let mut cut: String = text.chars().take(MAX - 1).collect();
    cut.push('…');
    cut
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

/// Why a game cannot start where every answer is shown to its sender alone.
pub fn forced_private(lang: Lang) -> String {
    tr!(lang, "forced-private")
}

/// An autocomplete choice naming a finished game: its number, the opponent
/// and how it went for the member (`None`: a draw). At most 100 characters.
pub fn game_choice(lang: Lang, id: u64, opponent: &str, won: Option<bool>) -> String {
    let how = match won {
        Some(true) => "won",
        Some(false) => "lost",
        None => "draw",
    };
    let opponent: String = opponent.chars().take(60).collect();
    clip(
        &tr!(lang, "game-choice", game = id, opponent = opponent, result = how),
        100,
    )
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
        Notice::Tournament(_) | Notice::DailyPuzzle(_) | Notice::Takeback(_) => return None,
        Notice::Unreadable { channel, reason } => {
            tracing::warn!("channel {channel}: {reason}; set aside for inspection (isolo-bot export)");
            (channel, Out::text(tr!(lang, "set-aside")))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_way_on_and_neutralise_names() {
        let corrupt = TableError::Corrupt {
            what: crate::table::Unreadable::Game(1),
            reason: "**bad** @everyone".into(),
        };
        let text = refusal(Lang::ENGLISH, &corrupt);
        assert_eq!(
            text,
            "the saved game #1 cannot be read; a moderator can /isolo game abort it"
        );
        let not_yours = TableError::NotYourTurn("**bad** @everyone".into());
        let text = refusal(Lang::ENGLISH, &not_yours);
        assert!(
            text.contains("\\*\\*bad") && text.contains("@\u{200b}everyone"),
            "{text}"
        );
        assert_eq!(
            refusal(Lang::ENGLISH, &TableError::NotModerator),
            "only moderators (Manage Messages) can abort a game or its challenges"
        );
        assert_eq!(
            refusal(Lang::ENGLISH, &TableError::NoGame),
            "there is no game in this channel: start one with /isolo challenge"
        );
    }

    #[test]
    fn rules_set_key_terms_in_bold() {
        let text = rules(Lang::ENGLISH, Some(true)).content;
        assert!(text.starts_with("**How a move works.** Take"), "{text}");
        assert!(
            text.contains("\n**Boys' game:** each") && !text.contains("Women's"),
            "{text}"
        );
    }

    #[test]
    fn help_lists_every_command_once_with_its_options_in_messages_discord_takes() {
        let isolo = crate::discord::commands::isolo();
        let messages: Vec<String> = help(Lang::ENGLISH, &isolo, 42)
            .into_iter()
            .map(|o| o.content)
            .collect();
        for m in &messages {
            assert!(m.chars().count() <= 2000, "{}", m.len());
        }
        let text = messages.join("\n");
        let mut leaves = Vec::new();
        for sub in &isolo.subcommands {
            match sub.subcommands.is_empty() {
                true => leaves.push(sub.name.clone()),
                false => leaves.extend(
                    sub.subcommands
                        .iter()
                        .map(|s| format!("{} {}", sub.name, s.name).into()),
                ),
            }
        }
        assert!(leaves.len() > 20, "{leaves:?}");
        for leaf in leaves {
            let mention = format!("</isolo {leaf}:42>");
            assert_eq!(
                text.matches(&format!("{mention} ")).count() + text.matches(&format!("{mention}:")).count(),
                1,
                "{mention}"
            );
        }
        assert!(
            text.contains("</isolo move:42> `pit`: Sow from one of your pits"),
            "{text}"
        );
        assert!(
            text.contains("</isolo challenge:42> `opponent` `[variant]`"),
            "{text}"
        );
        assert!(text.contains("</isolo game history:42>: "), "{text}");
        let plain = help(Lang::ENGLISH, &isolo, 0)
            .into_iter()
            .map(|o| o.content)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(plain.contains("`/isolo move` `pit`: "), "{plain}");
    }

    #[test]
    fn record_blocks_stay_closed_and_short() {
        let record = "[South \"```@everyone\"]\n\n1. b2 h4";
        let block = record_block(record);
        assert_eq!(block.matches("```").count(), 2, "{block}");
        assert!(
            block.starts_with("```\n[South") && block.ends_with("h4\n```"),
            "{block}"
        );
        let long = format!("[South \"Ann\"]\n\n{}", "12. b2 h4 ".repeat(400));
        let block = record_block(&long);
        assert!(block.len() < 2000 && block.starts_with("```\n...") && block.ends_with("h4 \n```"));
        let wide = "南".repeat(1000);
        assert!(record_block(&wide).len() < 2000, "cut on a character boundary");
    }
}
