//! Puzzles' and lessons' messages: the boards to move on, the daily
//! puzzle's text and count of solvers.

use super::board::pit_menu;
use super::ids;
use super::out::{picture, Attachment, Out};
use crate::engine::{Move, MoveReport, Position};
use crate::render::{render_gif, BoardView, Palette, Style};
use crate::table::{ChannelId, DailyTally, LessonView, PuzzleView};
use crate::tr;
use crate::words::{train, Lang};

/// Discord's longest message.
pub(crate) const MAX_MESSAGE: usize = 2000;

/// Lines joined into one message, cut to Discord's length.
pub(crate) fn message(lines: &[String]) -> String {
    let text = lines.join("\n");
    match text.char_indices().nth(MAX_MESSAGE) {
        Some((cut, _)) => text[..cut].to_string(),
        None => text,
    }
}

/// The board of `pos` from the side to move (the solver, the learner), the
/// move that led to it marked.
pub(crate) fn board(
    lang: Lang,
    pos: &Position,
    last: Option<&MoveReport>,
    palette: Palette,
    name: String,
) -> Attachment {
    let bv = BoardView::new(pos, &lang)
        .last_move(last)
        .bottom(pos.to_move())
        .palette(palette);
    picture(&bv, name)
}

/// Where a daily run is answered from: its day and the public message whose
/// count of solvers it moves (0: none to edit).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Daily {
    pub(crate) day: u64,
    pub(crate) message: u64,
}

/// The custom id of a puzzle's menu at its solution ply.
pub(crate) fn puzzle_id(channel: ChannelId, view: &PuzzleView, daily: Option<Daily>) -> String {
    let tail = match daily {
        Some(d) => format!("{}:{}:{}", view.puzzle.id, d.day, d.message),
        None => view.puzzle.id.clone(),
    };
    ids::make_with(ids::PUZZLE, channel, view.plies as u64, &tail)
}

/// A board to move on: the picture of `pos` (the move that led to it
/// marked) in the file `file`, with the menu `menu` of `moves`.
pub(crate) struct Step<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) moves: &'a [Move],
    pub(crate) last: Option<&'a MoveReport>,
    pub(crate) palette: Palette,
    pub(crate) file: String,
    pub(crate) menu: String,
}

impl Step<'_> {
    /// The message: `content` above the picture, the menu below.
    pub(crate) fn out(self, lang: Lang, content: String) -> Out {
        Out {
            content,
            file: Some(board(lang, self.pos, self.last, self.palette, self.file)),
            components: pit_menu(
                lang,
                self.menu,
                self.pos,
                self.moves,
                &tr!(lang, "training-menu-placeholder"),
            ),
            ..Out::default()
        }
    }
}

/// A member's puzzle board: `header`, the task, the picture and the menu.
pub(crate) fn puzzle_board(
    lang: Lang,
    channel: ChannelId,
    view: &PuzzleView,
    daily: Option<Daily>,
    last: Option<&MoveReport>,
    header: &[String],
    palette: Palette,
) -> Out {
    let mut lines = header.to_vec();
    lines.push(train::puzzle_task(lang, view));
    let step = Step {
        pos: &view.position,
        moves: &view.moves,
        last,
        palette,
        file: format!("isolo-puzzle-{}-{}.png", view.puzzle.id, view.plies),
        menu: puzzle_id(channel, view, daily),
    };
    Out {
        ephemeral: true,
        ..step.out(lang, message(&lines))
    }
}

/// The public daily puzzle's text: the day, the task, the solvers so far.
pub(crate) fn daily_text(lang: Lang, view: &PuzzleView, day: u64, tally: DailyTally) -> String {
    message(&[
        tr!(lang, "training-daily", date = format!("<t:{}:D>", day * 86_400)),
        train::puzzle_task(lang, view),
        tr!(
            lang,
            "training-daily-tally",
            solvers = tally.solvers,
            tried = tally.tried
        ),
    ])
}

/// The public daily puzzle with its menu, which anyone may answer.
pub(crate) fn daily_board(
    lang: Lang,
    channel: ChannelId,
    view: &PuzzleView,
    day: u64,
    tally: DailyTally,
) -> Out {
    let step = Step {
        pos: &view.position,
        moves: &view.moves,
        last: None,
        palette: Palette::Standard,
        file: format!("isolo-daily-{day}.png"),
        menu: ids::make(ids::DAILY, channel, Some(day)),
    };
    step.out(lang, daily_text(lang, view, day, tally))
}

/// The daily puzzle's solvers so far, in its view.
pub(crate) fn tally(view: &PuzzleView) -> DailyTally {
    view.daily.as_ref().map(|(_, t)| t.clone()).unwrap_or_default()
}

/// The custom id of a lesson's menu at solution ply `plies`, after `tries`
/// wrong moves.
pub(crate) fn lesson_id(channel: ChannelId, view: &LessonView, tries: usize) -> String {
    ids::make_with(
        ids::LESSON,
        channel,
        view.plies as u64,
        &format!("{}:{tries}", view.index),
    )
}

/// A lesson's board: `header`, the task, the picture and the menu.
pub(crate) fn lesson_board(
    lang: Lang,
    channel: ChannelId,
    view: &LessonView,
    tries: usize,
    last: Option<&MoveReport>,
    header: &[String],
    palette: Palette,
) -> Out {
    let mut lines = header.to_vec();
    lines.push(train::task(lang, &view.lesson.task));
    let step = Step {
        pos: &view.position,
        moves: &view.moves,
        last,
        palette,
        file: format!("isolo-lesson-{}-{}.png", view.index + 1, view.plies),
        menu: lesson_id(channel, view, tries),
    };
    Out {
        ephemeral: true,
        ..step.out(lang, message(&lines))
    }
}

/// The picture of a lesson's last move: the sowing animated when it went
/// round more than once (a relay, a capture), else the board after it.
pub(crate) fn lesson_picture(
    lang: Lang,
    before: &Position,
    report: &MoveReport,
    palette: Palette,
) -> Attachment {
    let style = Style {
        bottom: report.side,
        palette,
    };
    if report.laps.len() > 1 {
        let gif = render_gif(before, report, [None, None], style, &lang);
        let alt = tr!(lang, "training-animation-alt", pit = report.mv.to_string());
        return Attachment::new(gif, format!("isolo-lesson-{}.gif", report.mv), alt);
    }
    let after = before.play(report.mv).map_or(*before, |(p, _)| p);
    let bv = BoardView::new(&after, &lang).last_move(Some(report)).style(style);
    picture(&bv, format!("isolo-lesson-{}.png", report.mv))
}
