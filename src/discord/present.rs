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
use crate::table::narrate::{self, Span};
use crate::table::{
    BoardSide, Challenge, FinishedGame, GameView, Held, LiveGame, MemberSettings, Notice, PlayerStats,
    Reviewed, Seat, TableError,
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

/// A game's review: the summary, and the whole ply-by-ply table as a file.
pub fn review(reviewed: &Reviewed) -> Out {
    let (f, review) = (&reviewed.finished, &reviewed.review);
    let table = format!(
        "Isolo game #{}: {} vs {}\n\n{review}",
        f.id, f.players[0], f.players[1]
    );
    let summary = narrate::review_summary(f, review, name);
    Out {
        content: format!(
            "**{}** {}\nEvery move, with the move the search prefers, is in the file.",
            summary.title, summary.text
        ),
        file: Some(Attachment::new(
            table.into_bytes(),
            format!("isolo-review-{}.txt", f.id),
            format!("Review of Isolo game #{}", f.id),
        )),
        ..Out::default()
    }
}

/// A mention of a seat: `<@id>` for people, the bot's name otherwise.
pub fn mention(seat: &Seat) -> String {
    match seat.user() {
        Some(id) => format!("<@{id}>"),
        None => format!("**{}**", seat.name()),
    }
}

/// A seat's name as plain text (markdown and mentions neutralised).
pub fn name(seat: &Seat) -> String {
    match seat {
        Seat::Human { name, .. } => plain(name),
        // The bot's name is ours, not a player's: shown as written.
        Seat::Bot { .. } => seat.name(),
        Seat::Former => "a former member".into(),
    }
}

/// Text that cannot format, disguise or ping (see [`super::markdown`]).
pub fn plain(s: &str) -> String {
    super::markdown::plain(s)
}

/// Custom ids of components: `isolo:<action>:<channel>[:<ply>]`.
pub mod ids {
    /// Accept a challenge.
    pub const ACCEPT: &str = "accept";
    /// Decline a challenge.
    pub const DECLINE: &str = "decline";
    /// Withdraw a challenge.
    pub const WITHDRAW: &str = "withdraw";
    /// Play a pit from the select menu.
    pub const MOVE: &str = "move";
    /// Ask for a rematch.
    pub const REMATCH: &str = "rematch";
    /// Confirm `/isolo forget-me` (the number is the member who asked).
    pub const FORGET: &str = "forget";

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
    }

    /// Reads a custom id made by [`make`].
    pub fn parse(id: &str) -> Option<CustomId<'_>> {
        let mut parts = id.strip_prefix("isolo:")?.split(':');
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
        })
    }
}

fn names(live: &LiveGame) -> [String; 2] {
    [live.players[0].name(), live.players[1].name()]
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
fn bottom_line(live: &LiveGame, style: Style) -> String {
    let side = match style.bottom {
        crate::engine::Side::South => "South",
        crate::engine::Side::North => "North",
    };
    format!(
        "\n-# Drawn from {side}'s side: {} at the bottom.",
        name(live.seat(style.bottom))
    )
}

/// The board PNG of a game with its alt text, drawn in `style`.
fn board_file(view: &GameView, report: Option<&MoveReport>, id: u64, style: Style) -> Attachment {
    let names = names(&view.live);
    let bv = BoardView::of_game(&view.game)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]))
        .style(style);
    picture(&bv, format!("isolo-{id}-{}.png", view.game.ply()))
}

/// A board picture with its alt text.
fn picture(bv: &BoardView, name: String) -> Attachment {
    Attachment::new(render_png(bv), name, alt_text(bv))
}

/// The select menu of the legal pits of the player to move.
fn move_menu(view: &GameView) -> Vec<CreateActionRow> {
    let legal = view.game.legal_moves();
    let Some(seat) = view.to_move() else {
        return Vec::new();
    };
    if legal.is_empty() || seat.user().is_none() {
        return Vec::new();
    }
    let p = view.game.position();
    let options = legal
        .iter()
        .map(|m| CreateSelectMenuOption::new(format!("{m} ({} seeds)", p.seeds(m.pit())), m.to_string()))
        .collect();
    let menu = CreateSelectMenu::new(
        ids::make(ids::MOVE, view.live.channel, Some(view.game.ply() as u64)),
        CreateSelectMenuKind::String { options },
    )
    .placeholder(format!("{}: choose a pit to sow", seat.name()));
    vec![CreateActionRow::SelectMenu(menu)]
}

fn rematch_button(channel: u64) -> Vec<CreateActionRow> {
    vec![CreateActionRow::Buttons(vec![CreateButton::new(ids::make(
        ids::REMATCH,
        channel,
        None,
    ))
    .label("Rematch")
    .style(ButtonStyle::Primary)])]
}

fn humans(players: &[Seat; 2]) -> Vec<u64> {
    players.iter().filter_map(Seat::user).collect()
}

/// Whose turn it is, with a ping and the clock.
fn turn_line(view: &GameView) -> String {
    let Some(seat) = view.to_move() else {
        return String::new();
    };
    let side = view.game.position().to_move();
    let clock = view
        .deadline_ms()
        .map(|d| format!(" (time runs out <t:{}:R>)", d / 1000))
        .unwrap_or_default();
    match seat {
        Seat::Bot { .. } => format!("{} ({side}) is thinking...", mention(seat)),
        _ => format!(
            "{}, your move ({side}){clock}: pick a pit below or use `/isolo move`.",
            mention(seat)
        ),
    }
}

/// What a move did, in words (names made safe).
pub fn describe_move(live: &LiveGame, report: &MoveReport) -> String {
    narrate::describe_move(live, report, name)
}

/// The end of a game: who won and why, rating changes. The winner is
/// mentioned; every other name (the loser, the rating lines) is player-chosen
/// text and is made plain first, so a player named `@everyone` or `**x**`
/// shows as written and pings or formats nothing.
pub fn finished_line(f: &FinishedGame) -> String {
    let mut safe = f.clone();
    for seat in &mut safe.players {
        if let Seat::Human { name, .. } = seat {
            *name = plain(name);
        }
    }
    narrate::result_line(&safe, |seat| match seat.user() {
        Some(id) => format!("<@{id}>"),
        None => name(seat),
    })
}

/// The board after a move (or at the start), pinging the next player.
/// Drawn as `viewer` (the player to move) sees it: see [`style`].
pub fn board_after(
    view: &GameView,
    report: Option<&MoveReport>,
    finished: Option<&FinishedGame>,
    viewer: &MemberSettings,
) -> Out {
    let style = style(view, viewer);
    let mut content = String::new();
    if let Some(r) = report {
        content.push_str(&describe_move(&view.live, r));
        content.push('\n');
    } else {
        content.push_str(&format!(
            "Game #{} on: {} (South) vs {} (North), {} game.\n",
            view.live.id,
            mention(&view.live.players[0]),
            mention(&view.live.players[1]),
            view.live.rules.variant
        ));
    }
    let mut components = Vec::new();
    match finished {
        Some(f) => {
            content.push_str(&finished_line(f));
            components = rematch_button(view.live.channel);
        }
        None => {
            content.push_str(&turn_line(view));
            components.extend(move_menu(view));
        }
    }
    content.push_str(&bottom_line(&view.live, style));
    Out {
        content,
        file: Some(board_file(view, report, view.live.id, style)),
        components,
        mentions: match finished {
            // The end pings both players; a turn pings only the player to move.
            Some(_) => humans(&view.live.players),
            None => view.to_move().and_then(Seat::user).into_iter().collect(),
        },
        ephemeral: false,
    }
}

/// The end of a game not ended by a move (resignation, agreement, time, abort):
/// the final board, who won, and the rematch button.
pub fn finished(f: &FinishedGame) -> Out {
    let mut out = Out {
        content: finished_line(f),
        components: rematch_button(f.channel),
        mentions: humans(&f.players),
        ..Out::default()
    };
    if let Ok(game) = f.game() {
        let last = crate::table::last_move(game.rules(), game.moves());
        let names = [f.players[0].name(), f.players[1].name()];
        let bv = BoardView::of_game(&game)
            .last_move(last.as_ref().map(|(_, r)| r))
            .names(Some(&names[0]), Some(&names[1]))
            .result(Some(f.result));
        out.file = Some(picture(&bv, format!("isolo-{}-final.png", f.id)));
    }
    out
}

/// The board of a game for `/isolo board` (anyone may look), with the last move marked.
/// Drawn as `viewer` (who asked) sees it: see [`style`].
pub fn board(view: &GameView, as_text: bool, viewer: &MemberSettings) -> Out {
    let last = view.last_move();
    let report = last.as_ref().map(|(_, r)| r);
    let names = names(&view.live);
    let style = style(view, viewer);
    let bv = BoardView::of_game(&view.game)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]))
        .style(style);
    let header = format!(
        "Game #{}: {} (South) vs {} (North), {} game, ply {}.",
        view.live.id,
        name(&view.live.players[0]),
        name(&view.live.players[1]),
        view.live.rules.variant,
        view.game.ply()
    );
    if as_text {
        return Out::text(format!("{header}\n```\n{}\n```", render_text(&bv)));
    }
    let turn = view
        .to_move()
        .map(|s| format!(" {} ({}) to move.", name(s), view.game.position().to_move()));
    Out {
        content: format!(
            "{header}{}{}",
            turn.unwrap_or_default(),
            bottom_line(&view.live, style)
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
pub fn animation(view: &GameView, viewer: &MemberSettings) -> Option<Out> {
    let (before, report) = view.last_move()?;
    let names = names(&view.live);
    let mut style = style(view, viewer);
    if viewer.board == BoardSide::Mover {
        style.bottom = report.side;
    }
    let gif = render_gif(&before, &report, [Some(&names[0]), Some(&names[1])], style);
    Some(Out {
        content: describe_move(&view.live, &report),
        file: Some(Attachment::new(
            gif,
            format!("isolo-{}-{}.gif", view.live.id, view.game.ply()),
            format!(
                "Animation of {} sowing {}",
                name(view.live.seat(report.side)),
                report.mv
            ),
        )),
        ..Out::default()
    })
}

/// A new challenge with its buttons.
pub fn challenge(c: &Challenge) -> Out {
    let s = &c.settings;
    let clock = match s.move_secs {
        Some(secs) if secs % 86_400 == 0 => format!("{} day(s) per move", secs / 86_400),
        Some(secs) => format!("{} minutes per move", secs.div_ceil(60)),
        None => "no clock".into(),
    };
    let rule = crate::render::house_rules_text(s.capture_from, s.after_capture)
        .map(|h| format!(", {h}"))
        .unwrap_or_default();
    let idle = match s.move_secs {
        Some(_) => String::new(),
        None => format!(
            "\nNo clock: after a day without a move the player to move is reminded once, and after {} \
             without a move the game ends as an unrated draw.",
            crate::table::duration_text(s.idle_secs.saturating_mul(1000))
        ),
    };
    let content = format!(
        "{} challenges {} to a game of Isolo ({} game, {clock}{rule}, {}). It expires <t:{}:R>.{idle}",
        mention(&c.challenger),
        mention(&c.opponent),
        s.variant,
        if s.rated { "rated" } else { "unrated" },
        c.expires_ms / 1000
    );
    let (from, to) = (c.challenger.user(), c.opponent.user());
    let buttons = vec![
        CreateButton::new(ids::make(ids::ACCEPT, c.channel, from))
            .label("Accept")
            .style(ButtonStyle::Success),
        CreateButton::new(ids::make(ids::DECLINE, c.channel, from))
            .label("Decline")
            .style(ButtonStyle::Danger),
        CreateButton::new(ids::make(ids::WITHDRAW, c.channel, to))
            .label("Withdraw")
            .style(ButtonStyle::Secondary),
    ];
    Out {
        content,
        components: vec![CreateActionRow::Buttons(buttons)],
        mentions: c.opponent.user().into_iter().collect(),
        ..Out::default()
    }
}

/// The challenges a moderator withdrew from a channel with no game.
pub fn challenges_aborted(withdrawn: &[Challenge]) -> Out {
    let list: Vec<String> = withdrawn
        .iter()
        .map(|c| format!("{} to {}", name(&c.challenger), name(&c.opponent)))
        .collect();
    Out::text(format!(
        "A moderator withdrew the open challenges here: {}.",
        list.join(", ")
    ))
}

/// A declined challenge.
pub fn declined(c: &Challenge) -> Out {
    Out::text(format!(
        "{} declined the challenge from {}.",
        name(&c.opponent),
        name(&c.challenger)
    ))
}

/// A withdrawn challenge.
pub fn withdrawn(c: &Challenge) -> Out {
    Out::text(format!(
        "{} withdrew the challenge to {}.",
        name(&c.challenger),
        name(&c.opponent)
    ))
}

/// A player's statistics.
pub fn stats(p: &PlayerStats) -> String {
    let mut s = format!(
        "**{}**: rating {:.0}{} (±{:.0}{}), {} games: {} won, {} lost, {} drawn.",
        plain(&p.name),
        p.rating.rating,
        provisional_mark(p),
        p.rating.deviation,
        if p.rating.is_provisional() {
            ", provisional: few games, or none for a long time"
        } else {
            ""
        },
        p.tally.games(),
        p.tally.wins,
        p.tally.losses,
        p.tally.draws
    );
    match p.streak {
        n if n > 0 => s.push_str(&format!(" Current streak: {n} win(s).")),
        n if n < 0 => s.push_str(&format!(" Current streak: {} loss(es).", -n)),
        _ => {}
    }
    s.push_str(&format!(" Best winning streak: {}.", p.best_streak));
    let mut rivals: Vec<_> = p.head_to_head.iter().collect();
    rivals.sort_by_key(|(_, t)| std::cmp::Reverse(t.games()));
    for (opp, t) in rivals.into_iter().take(10) {
        s.push_str(&format!("\nvs <@{opp}>: {}-{}-{}", t.wins, t.losses, t.draws));
    }
    s
}

/// The leaderboard.
pub fn leaderboard(players: &[PlayerStats]) -> String {
    if players.is_empty() {
        return "No rated games in this server yet: challenge someone with `/isolo challenge`.".into();
    }
    let mut s = String::from("**Isolo leaderboard**\n");
    for (i, p) in players.iter().enumerate() {
        s.push_str(&format!(
            "{}. {} {:.0}{} ({} games, {}-{}-{})\n",
            i + 1,
            plain(&p.name),
            p.rating.rating,
            provisional_mark(p),
            p.tally.games(),
            p.tally.wins,
            p.tally.losses,
            p.tally.draws
        ));
    }
    if players.iter().any(|p| p.rating.is_provisional()) {
        s.push_str("`?` marks a provisional rating (few games, or none for a long time); the order is by rating minus twice its ±.\n");
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
pub fn refusal(e: &TableError) -> String {
    let e = e.escaped(plain);
    match &e {
        TableError::NoGame => format!("{e}: start one with /isolo challenge"),
        TableError::Busy { .. } => format!("{e}: finish it or start a thread"),
        TableError::NotAPlayer { .. } => format!("{e}; you can watch with /isolo board"),
        TableError::StillPlaying { games, .. } if !games.is_empty() => format!(
            "{e}: resign or finish {} first (`/isolo games` lists them)",
            games
                .iter()
                .map(|g| format!("game #{g}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        TableError::StillPlaying { .. } => format!("{e}: withdraw or decline them first"),
        TableError::NotModerator => {
            "only moderators (Manage Messages) can abort a game or its challenges".into()
        }
        TableError::Corrupt { .. } => format!("{e}; a moderator can /isolo game abort it"),
        TableError::Stale => format!("{e}: use the menu under the newest board, or /isolo move"),
        TableError::WhichChallenge(names) => format!(
            "several challenges here concern you ({}): use the buttons on the one you mean, or say who \
             with the `from` option of /isolo accept and /isolo decline (the `to` option of /isolo withdraw)",
            names.join(", ")
        ),
        _ => e.to_string(),
    }
}

/// What the user is told when something failed on the bot's side.
pub fn internal_error(reference: &str) -> String {
    format!(
        "Something went wrong on my side; nothing was changed. Please try again. \
         If it keeps happening, tell the bot's operator: reference `{reference}`."
    )
}

/// A command held back to share the bot fairly.
pub(crate) fn limited(l: &super::limits::Limited) -> String {
    use super::limits::Limited;
    match l {
        Limited::Cooldown { command, secs } => format!(
            "You used `/isolo {}` several times just now: try again in {secs} s.",
            command.command()
        ),
        Limited::Busy => "I am busy analysing other games right now: try again in a minute.".into(),
    }
}

/// What the user is told when a change was saved but its answer failed.
pub const SAVED_NOT_SHOWN: &str = "That was done and saved, but I could not show it here \
(Discord did not take my answer). `/isolo board` shows the game as it is now.";

/// Said in a channel whose stored game could not be read any more.
pub const SET_ASIDE: &str = "The game saved in this channel could not be read, so it was set aside \
for the bot's operator to look at. The channel is free for a new game.";

/// What the user is told when a command panicked.
pub fn panicked(reference: &str) -> String {
    format!(
        "Something went wrong on my side. Please try again. \
         If it keeps happening, tell the bot's operator: reference `{reference}`."
    )
}

/// What `/isolo forget-me` asks first, privately, with the button that
/// confirms it (only `user` may press it).
pub fn forget_confirm(channel: u64, user: u64) -> Out {
    let button = CreateButton::new(ids::make(ids::FORGET, channel, Some(user)))
        .label("Forget me")
        .style(ButtonStyle::Danger);
    Out {
        content: "This deletes what I keep about you, in every server and chat: your settings, your ratings \
                  and the lists of your games. In finished games you will be shown as \"a former member\"; \
                  their results stay, so nobody else's rating changes. It cannot be undone. Games you are \
                  still playing, and open challenges, must end first."
            .into(),
        components: vec![CreateActionRow::Buttons(vec![button])],
        ephemeral: true,
        ..Out::default()
    }
}

/// The answer once a member was forgotten.
pub fn forgotten(f: &crate::table::Forgotten) -> Out {
    let mut content = String::from("Done: I have forgotten you.");
    if f.games > 0 {
        content.push_str(&format!(
            " {} finished game{} now show{} \"a former member\".",
            f.games,
            if f.games == 1 { "" } else { "s" },
            if f.games == 1 { "s" } else { "" }
        ));
    }
    Out::private(content)
}

/// Said to anyone but the member who asked when they press a forget-me button.
pub const NOT_YOUR_BUTTON: &str = "This button is for the member who asked to be forgotten.";

/// The bot's presence: how to start.
pub const PRESENCE: &str = "/isolo help";

/// The answer to options the bot cannot read.
pub const UNREADABLE_OPTIONS: &str =
    "I could not read this command's options: your Discord may still show an older version of \
     /isolo. Nothing was changed; please try again in a minute (or restart Discord).";

/// Said when a game cannot have its own thread.
pub const THREAD_NOTE: &str =
    "I could not open a thread for this game (I need Create Public Threads and Send \
Messages in Threads), so it is played in this channel.\n";

/// The first message in a game's new thread.
pub fn thread_intro(seats: &[Seat; 2]) -> Out {
    Out::text(format!(
        "A game of Isolo: {} against {}. Play here with `/isolo move` or the menu under the board; \
         `/isolo help` lists every command.",
        name(&seats[0]),
        name(&seats[1])
    ))
}

/// The answer to an accept whose game moved into a thread.
pub fn accepted_in_thread(c: &Challenge, game: u64, thread: u64) -> Out {
    Out::text(format!(
        "{} accepted. Game #{game} is played in <#{thread}>.",
        name(&c.opponent)
    ))
}

/// The answer to a challenge of the bot whose game is in a thread.
pub fn bot_game_in_thread(live: &LiveGame, thread: u64) -> Out {
    let bot = live
        .players
        .iter()
        .find(|s| s.user().is_none())
        .unwrap_or(&live.players[1]);
    Out::text(format!(
        "Game #{} against {} is on: it is played in <#{thread}>.",
        live.id,
        name(bot)
    ))
}

/// A board shown in the channel because its thread refused it.
pub fn board_for_thread(mut board: Out, thread: u64) -> Out {
    board.content = format!("(Play in <#{thread}>.) {}", board.content);
    board
}

/// A draw offer by `view`'s player `by`, pinging the opponent.
pub fn draw_offered(view: &GameView, by: crate::engine::Side) -> Out {
    let other = view.live.seat(by.opponent());
    Out {
        content: format!(
            "{} offers a draw. {}, use `/isolo draw` to accept, or just move to decline.",
            name(view.live.seat(by)),
            mention(other)
        ),
        mentions: other.user().into_iter().collect(),
        ..Out::default()
    }
}

/// `/isolo settings`: the member's settings as they are now.
pub fn member_settings(s: &MemberSettings) -> Out {
    Out::private(format!(
        "Your settings (in every server):\n\
         - a direct message on your move: {}\n\
         - boards drawn from: {}\n\
         - colours of the last move's marks: {}\n\
         Change one with `/isolo settings` and its option.",
        if s.dm_on_turn { "on" } else { "off" },
        match s.board {
            BoardSide::Mover => "the side of the player to move",
            BoardSide::South => "South, always",
        },
        if s.colour_blind {
            "colour-blind-safe"
        } else {
            "standard"
        },
    ))
}

/// The direct message telling a member it is their move.
pub fn turn_dm(view: &GameView) -> Out {
    let opponent = view
        .to_move()
        .and_then(|s| view.live.side_of(s.user().unwrap_or_default()))
        .map(|side| view.live.seat(side.opponent()));
    Out::text(format!(
        "Your move in game #{}{} of Isolo: <#{}>. (Turn these messages off with `/isolo settings turn-dm:false`.)",
        view.live.id,
        opponent.map(|o| format!(" against {}", name(o))).unwrap_or_default(),
        view.live.channel
    ))
}

/// `/isolo games`: the member's games in progress, each with whose turn it
/// is, the time left and where it is played.
pub fn live_games(user: u64, games: &[GameView], now_ms: u64) -> Out {
    if games.is_empty() {
        return Out::private("You have no game in progress in this server. `/isolo challenge` starts one.");
    }
    let mut text = format!("Your games in progress ({}):", games.len());
    for g in games {
        let side = g.live.side_of(user);
        let opponent = side
            .map(|s| g.live.seat(s.opponent()))
            .unwrap_or(&g.live.players[1]);
        let turn = match g.to_move() {
            Some(seat) if seat.is(user) => "**your move**".to_string(),
            Some(seat) => format!("{} to move", name(seat)),
            None => "over".into(),
        };
        let clock = match g.deadline_ms() {
            Some(d) => format!(", {} left", crate::table::duration_text(d.saturating_sub(now_ms))),
            None => String::new(),
        };
        text.push_str(&format!(
            "\n#{} vs {} ({}): {turn}{clock}, in <#{}>",
            g.live.id,
            name(opponent),
            g.live.rules.variant,
            g.live.channel
        ));
    }
    Out::private(text)
}

/// `/isolo games finished:true`: the member's last finished games, newest
/// first, each with its result and how to get its record.
pub fn finished_games(user: u64, games: &[FinishedGame]) -> Out {
    if games.is_empty() {
        return Out::private("You have no finished game in this server yet.");
    }
    let mut text = format!("Your last {} finished games:", games.len());
    for f in games {
        let me = f.players.iter().position(|p| p.is(user));
        let opponent = me.map_or(&f.players[1], |i| &f.players[1 - i]);
        let result = match (f.result.termination, f.result.outcome, me) {
            (crate::engine::Termination::Aborted, _, _) => "aborted",
            (_, crate::engine::Outcome::Draw, _) => "draw",
            (_, crate::engine::Outcome::Win(side), Some(i)) if side.index() == i => "won",
            _ => "lost",
        };
        text.push_str(&format!(
            "\n#{} vs {}: {result}, in <#{}> (record: `/isolo export game:{}`)",
            f.id,
            name(opponent),
            f.channel,
            f.id
        ));
    }
    Out::private(text)
}

/// The bot's answer to a draw offer it declines (it is ahead).
pub fn draw_declined(view: &GameView) -> Out {
    let bot = view.live.players.iter().find(|s| s.user().is_none());
    Out::private(format!(
        "{} declines the draw: it is ahead on seeds. Play on, or `/isolo resign`.",
        bot.map(name).unwrap_or_default()
    ))
}

/// A game record as a file to download.
pub fn export(record: String) -> Out {
    Out {
        content:
            "The game record (tag pairs and numbered moves; `isolo-bot replay --record FILE` replays it)."
                .into(),
        file: Some(Attachment::new(
            record.into_bytes(),
            "isolo-game.txt",
            "Isolo game record",
        )),
        ..Out::default()
    }
}

/// The computer's hint, privately.
pub fn hint(mv: Move, captured: u32) -> Out {
    let what = if captured > 0 {
        format!(", capturing {captured} seeds")
    } else {
        String::new()
    };
    Out::private(format!("I would play **{mv}**{what}."))
}

/// Said when a player has no statistics yet.
pub fn no_stats(user: u64) -> String {
    format!("<@{user}> has no rated games in this server yet.")
}

/// Said when `/isolo animate` has no move to show.
pub const NO_MOVE_YET: &str = "No move has been played yet in this game.";

/// Said when an unreadable game was removed.
pub const UNREADABLE_REMOVED: &str =
    "The unreadable game or challenge in this channel was set aside for the bot's operator; the channel is free again.";

/// The rules, with the rule book's key terms in bold.
pub fn rules(boys: Option<bool>) -> Out {
    let text: String = narrate::rules(boys)
        .into_iter()
        .map(|span| match span {
            Span::Plain(t) => t.to_string(),
            Span::Strong(t) => format!("**{t}**"),
        })
        .collect();
    Out::private(text)
}

/// What `/isolo help` says: how the game is named, then one line per
/// command: a clickable mention when `command_id` (the id Discord gave
/// `/isolo`) is known, its options (`[optional]`) and what it does. Split
/// into messages of at most 2,000 characters, Discord's limit.
pub fn help(isolo: &poise::Command<super::Data, super::Error>, command_id: u64) -> Vec<Out> {
    let mut lines = vec![String::from(
        "**Isolo**, the Sukuma mancala game, four rows of eight pits. Pits are named by column a-h \
         and rank 1-4; South owns ranks 1-2, North ranks 3-4. Buttons and the menu under the board \
         do the same as the commands.",
    )];
    help_lines(isolo, &isolo.name, command_id, &mut lines);
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

/// The help lines of `command`'s subcommands, groups descended into.
fn help_lines(
    command: &poise::Command<super::Data, super::Error>,
    path: &str,
    id: u64,
    out: &mut Vec<String>,
) {
    for sub in &command.subcommands {
        let path = format!("{path} {}", sub.name);
        if !sub.subcommands.is_empty() {
            help_lines(sub, &path, id, out);
            continue;
        }
        let name = match id {
            0 => format!("`/{path}`"),
            id => format!("</{path}:{id}>"),
        };
        let options: String = sub
            .parameters
            .iter()
            .map(|p| match p.required {
                true => format!(" `{}`", p.name),
                false => format!(" `[{}]`", p.name),
            })
            .collect();
        let about = sub.description.as_deref().unwrap_or_default();
        out.push(format!("{name}{options}: {about}"));
    }
}

/// A line that says what the clock did, for a channel the bot can only
/// answer in (`held`), with the players it concerns.
fn held_line(held: &Held) -> (String, Vec<u64>) {
    match held {
        Held::Reminder {
            user,
            game,
            deadline_ms,
        } => (
            format!(
                "<@{user}>, it is your move in game #{game}: your time runs out <t:{}:R>.",
                deadline_ms / 1000
            ),
            vec![*user],
        ),
        Held::Idle { user, game, closes_ms } => (
            format!(
                "<@{user}>, game #{game} is waiting for your move. Without one it ends as a draw \
                 (unrated) <t:{}:R>.",
                closes_ms / 1000
            ),
            vec![*user],
        ),
        Held::Flagged { claimant, flagged } => (
            format!("<@{flagged}> ran out of time. <@{claimant}>, you may claim the win with `/isolo game claim`."),
            vec![*claimant, *flagged],
        ),
        Held::TimedOut(f) => (finished_line(f), humans(&f.players)),
        Held::ChallengeExpired(c) => (
            format!(
                "The challenge from {} to {} expired unanswered.",
                name(&c.challenger),
                name(&c.opponent)
            ),
            Vec::new(),
        ),
        Held::BotMoved { game } => (
            format!("I played my move in game #{game}: `/isolo board` shows the position."),
            Vec::new(),
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
pub fn held(held: &[(u64, Held)]) -> Out {
    let mut content = String::from("**Meanwhile** (I can only speak here when someone uses me):");
    let mut mentions = Vec::new();
    for (_, h) in held {
        let (line, pinged) = held_line(h);
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
pub fn held_dm(notice: &Notice) -> Option<String> {
    Some(match notice {
        Notice::Reminder {
            game, deadline_ms, ..
        } => format!(
            "It is your move in Isolo game #{game}: your time runs out <t:{}:R>. \
             Use `/isolo move` in the chat where you play.",
            deadline_ms / 1000
        ),
        Notice::Idle { game, closes_ms, .. } => format!(
            "Isolo game #{game} is waiting for your move. Without one it ends as a draw (unrated) <t:{}:R>.",
            closes_ms / 1000
        ),
        Notice::BotMoved(out) => format!(
            "I played my move in Isolo game #{}: it is your move.",
            out.view.live.id
        ),
        _ => return None,
    })
}

/// Added to a challenge in a chat the bot can only answer in: what works
/// differently there.
pub fn answer_only_note(c: &Challenge) -> String {
    let clock = match c.settings.move_secs {
        Some(_) => {
            "If a clock runs out or the challenge expires, it shows with the next command or button here."
        }
        None => "If the challenge expires, it shows with the next command or button here.",
    };
    format!(
        "\n-# I can only answer here, not post on my own. {clock} Players who added the app, or share a \
         server with me, can get a DM on their move: `/isolo settings turn-dm`."
    )
}

/// Why a game cannot start where every answer is shown to its sender alone.
pub const FORCED_PRIVATE: &str =
    "This server lets apps that members added answer only the member who used them, \
    so nobody else would see this game. Ask a moderator to allow **Use External Apps** here, or to add \
    isolo-bot to the server.";

/// An autocomplete choice naming a finished game: its number, the opponent
/// and how it went for the member (`None`: a draw). At most 100 characters.
pub fn game_choice(id: u64, opponent: &str, won: Option<bool>) -> String {
    let how = match won {
        Some(true) => "won",
        Some(false) => "lost",
        None => "draw",
    };
    let opponent: String = opponent.chars().take(60).collect();
    format!("#{id} against {opponent}: {how}")
}

/// What the clock did, as a message for the game's channel (drawing the
/// board of a move: call it off the async threads); `None` for what is
/// only logged.
pub fn notice(notice: Notice, viewer: &MemberSettings) -> Option<(u64, Out)> {
    Some(match notice {
        Notice::Reminder {
            channel,
            user,
            game,
            deadline_ms,
        } => (
            channel,
            Out {
                content: format!(
                    "<@{user}>, it is your move in game #{game}: your time runs out <t:{}:R>.",
                    deadline_ms / 1000
                ),
                mentions: vec![user],
                ..Out::default()
            },
        ),
        Notice::Idle {
            channel,
            user,
            game,
            closes_ms,
        } => (
            channel,
            Out {
                content: format!(
                    "<@{user}>, game #{game} is waiting for your move. Without one it ends as a draw \
                     (unrated) <t:{}:R>.",
                    closes_ms / 1000
                ),
                mentions: vec![user],
                ..Out::default()
            },
        ),
        Notice::Flagged {
            channel,
            claimant,
            flagged,
        } => (
            channel,
            Out {
                content: format!(
                    "<@{flagged}> ran out of time. <@{claimant}>, you may claim the win with `/isolo game claim`."
                ),
                mentions: vec![claimant, flagged],
                ..Out::default()
            },
        ),
        Notice::TimedOut(f) => (
            f.channel,
            Out {
                content: finished_line(&f),
                mentions: humans(&f.players),
                ..Out::default()
            },
        ),
        Notice::ChallengeExpired(c) => (
            c.channel,
            Out::text(format!(
                "The challenge from {} to {} expired unanswered.",
                name(&c.challenger),
                name(&c.opponent)
            )),
        ),
        Notice::BotMoved(o) => (
            o.view.live.channel,
            board_after(&o.view, Some(&o.report), o.finished.as_ref(), viewer),
        ),
        // Tournaments are announced by their own front end code (issue 23).
        Notice::Tournament(_) => return None,
        Notice::Unreadable { channel, reason } => {
            tracing::warn!("channel {channel}: {reason}; set aside for inspection (isolo-bot export)");
            (channel, Out::text(SET_ASIDE))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_the_way_on_and_neutralise_names() {
        let corrupt = TableError::Corrupt {
            what: "game 1 in this channel".into(),
            reason: "**bad** @everyone".into(),
        };
        let text = refusal(&corrupt);
        assert!(text.ends_with("; a moderator can /isolo game abort it"), "{text}");
        assert!(
            text.contains("\\*\\*bad") && text.contains("@\u{200b}everyone"),
            "{text}"
        );
        assert_eq!(
            refusal(&TableError::NotModerator),
            "only moderators (Manage Messages) can abort a game or its challenges"
        );
        assert_eq!(
            refusal(&TableError::NoGame),
            "there is no game in this channel: start one with /isolo challenge"
        );
    }

    #[test]
    fn rules_set_key_terms_in_bold() {
        let text = rules(Some(true)).content;
        assert!(text.starts_with("**How a move works.** Take"), "{text}");
        assert!(
            text.contains("\n**Boys' game:** each") && !text.contains("Women's"),
            "{text}"
        );
    }

    #[test]
    fn help_lists_every_command_once_with_its_options_in_messages_discord_takes() {
        let isolo = crate::discord::commands::isolo();
        let messages: Vec<String> = help(&isolo, 42).into_iter().map(|o| o.content).collect();
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
        let plain = help(&isolo, 0)
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
