//! Puzzles and the course in Discord: `/isolo puzzle` (a member's next
//! puzzle near their puzzle rating, privately, or the server's daily puzzle
//! for everyone), `/isolo learn`, and the menus under their boards. The table
//! judges and keeps the score; this draws and words its answers.

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::flow;
use super::limits::{Costly, Owner};
use super::options::VariantChoice;
use super::present::{self, ids, Attachment, Out};
use super::reply::Reply;
use super::state::{Context, Data};
use crate::engine::{Move, MoveReport, Position, Variant};
use crate::render::{render_gif, BoardView, Palette, Style};
use crate::table::{
    course, ChannelId, DailyDue, DailyRef, DailyTally, LessonAnswer, LessonView, PuzzleAnswer, PuzzleView,
    TableError, UserId,
};
use crate::tr;
use crate::words::{train, Lang};

/// Discord's longest message.
const MAX_MESSAGE: usize = 2000;

/// Lines joined into one message, cut to Discord's length.
fn message(lines: &[String]) -> String {
    let text = lines.join("\n");
    match text.char_indices().nth(MAX_MESSAGE) {
        Some((cut, _)) => text[..cut].to_string(),
        None => text,
    }
}

/// The colours the member chose for the last move's marks.
async fn palette(data: &Data, user: UserId) -> Palette {
    match data.member_settings(user).await.colour_blind {
        true => Palette::ColourBlindSafe,
        false => Palette::Standard,
    }
}

/// The board of `pos` from the side to move (the solver, the learner), the
/// move that led to it marked.
fn board(
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
    present::picture(&bv, name)
}

/// Where a daily run is answered from: its day and the public message whose
/// count of solvers it moves (0: none to edit).
#[derive(Debug, Clone, Copy)]
struct Daily {
    day: u64,
    message: u64,
}

/// The custom id of a puzzle's menu at its solution ply.
fn puzzle_id(channel: ChannelId, view: &PuzzleView, daily: Option<Daily>) -> String {
    let tail = match daily {
        Some(d) => format!("{}:{}:{}", view.puzzle.id, d.day, d.message),
        None => view.puzzle.id.clone(),
    };
    ids::make_with(ids::PUZZLE, channel, view.plies as u64, &tail)
}

/// A board to move on: the picture of `pos` (the move that led to it
/// marked) in the file `file`, with the menu `menu` of `moves`.
struct Step<'a> {
    pos: &'a Position,
    moves: &'a [Move],
    last: Option<&'a MoveReport>,
    palette: Palette,
    file: String,
    menu: String,
}

impl Step<'_> {
    /// The message: `content` above the picture, the menu below.
    fn out(self, lang: Lang, content: String) -> Out {
        Out {
            content,
            file: Some(board(lang, self.pos, self.last, self.palette, self.file)),
            components: present::pit_menu(
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
fn puzzle_board(
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
fn daily_text(lang: Lang, view: &PuzzleView, day: u64, tally: DailyTally) -> String {
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
fn daily_board(lang: Lang, channel: ChannelId, view: &PuzzleView, day: u64, tally: DailyTally) -> Out {
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

/// Posts a server's daily puzzle where a moderator asked for it (once: the
/// table's claim, and a nonce should a retry cross a slow answer). Where the
/// bot may not post, the day is given up and whoever set it told, once.
pub(crate) async fn post_daily(data: &Data, http: &serenity::Http, due: DailyDue) {
    let DailyDue {
        guild,
        channel,
        day,
        view,
    } = due;
    let lang = data.server_lang(guild).await;
    let tally = tally(&view);
    let out = match data
        .render(move || daily_board(lang, channel, &view, day, tally))
        .await
    {
        Ok(out) => out,
        Err(e) => return tracing::warn!("cannot draw the daily puzzle of {guild}: {e:#}"),
    };
    let message = out
        .message()
        .nonce(serenity::Nonce::String(format!("daily-{day}")))
        .enforce_nonce(true);
    let sent = serenity::ChannelId::new(channel)
        .send_message(http, message)
        .await;
    let done = match sent {
        Ok(_) => data.run(move |t| t.daily_posted(guild, day)).await,
        Err(e) if refused(&e) => {
            tracing::info!("may not post the daily puzzle in {channel} of {guild}: {e}");
            let told = data.run(move |t| t.daily_post_failed(guild, day)).await;
            if let Ok(Some(user)) = told {
                tell_daily_failed(data, http, user, channel, lang).await;
            }
            told.map(drop)
        }
        // Discord down or slow: the table's retry comes back to it.
        Err(e) => {
            tracing::warn!("could not post the daily puzzle in {channel}: {e}");
            return;
        }
    };
    if let Err(e) = done {
        tracing::warn!("cannot record the daily puzzle of {guild}: {e:#}");
    }
}

/// Whether Discord refused a post for good: no access to the channel or no
/// right to post there (403), or no such channel (404).
fn refused(e: &serenity::Error) -> bool {
    matches!(super::errors::http_status(e), Some(403 | 404))
}

/// Tells the member who set the daily post that the bot may not post there.
async fn tell_daily_failed(
    data: &Data,
    http: &serenity::Http,
    user: UserId,
    channel: ChannelId,
    server: Lang,
) {
    let lang = super::language::private(&data.member_settings(user).await, None, server);
    let text = tr!(lang, "daily-post-failed", channel = format!("<#{channel}>"));
    if let Err(e) = serenity::UserId::new(user)
        .direct_message(http, Out::text(text).message())
        .await
    {
        tracing::info!("could not tell {user} that the daily puzzle cannot be posted: {e}");
    }
}

/// The daily puzzle's solvers so far, in its view.
fn tally(view: &PuzzleView) -> DailyTally {
    view.daily.as_ref().map(|(_, t)| t.clone()).unwrap_or_default()
}

/// Solve an Isolo puzzle near your puzzle rating (only you see it), or this server's daily puzzle
#[poise::command(slash_command)]
pub async fn puzzle(
    ctx: Context<'_>,
    daily: Option<bool>,
    variant: Option<VariantChoice>,
) -> Result<(), Error> {
    let data = ctx.data();
    let user = ctx.author().id.get();
    let channel = ctx.channel_id().get();
    let mut reply = Reply::Poise(ctx);
    let langs = data.langs(&reply).await;
    if daily == Some(true) {
        let guild = ctx.guild_id().map_or(0, |g| g.get());
        let day = data.table.today();
        let view = data.run(move |t| t.daily_puzzle(guild, day)).await?;
        let tally = tally(&view);
        let lang = langs.server;
        let out = flow::draw(data, &mut reply, move || {
            daily_board(lang, channel, &view, day, tally)
        })
        .await?;
        return reply.send(&out).await;
    }
    let variant = match variant {
        Some(VariantChoice::Boys) => Variant::Boys,
        _ => Variant::Women,
    };
    // A member's own puzzle is private, however slow (the daily one is not).
    reply.answer_privately();
    let view = data.run(move |t| t.next_puzzle(user, variant)).await?;
    // An unfinished daily run goes on, with no public message to update.
    let daily = view.daily.as_ref().map(|(d, _)| Daily {
        day: d.day,
        message: 0,
    });
    let (lang, palette) = (langs.private, palette(data, user).await);
    let out = flow::draw(data, &mut reply, move || {
        puzzle_board(lang, channel, &view, daily, None, &[], palette)
    })
    .await?;
    reply.send(&out).await
}

/// The server a menu was clicked in (0 outside one).
fn guild_of(ci: &serenity::ComponentInteraction) -> u64 {
    ci.guild_id.map_or(0, |g| g.get())
}

/// Plays the pit chosen in `ci` in puzzle `puzzle` at solution ply `plies`.
async fn answer_click(
    data: &Data,
    reply: &mut Reply<'_>,
    ci: &serenity::ComponentInteraction,
    channel: ChannelId,
    (puzzle, plies, daily): (String, usize, Option<Daily>),
) -> Result<(), Error> {
    let run = Run {
        guild: guild_of(ci),
        channel,
        user: ci.user.id.get(),
        id: puzzle,
        plies,
        daily,
    };
    // A member's own board loses its menu; the public daily one keeps it.
    let retire = daily.is_none_or(|d| d.message != ci.message.id.get());
    answer(data, reply, run, super::options::chosen(ci), retire).await
}

/// A click on a member's puzzle menu: the number is the solution ply, the
/// tail the puzzle, and for a daily run its day and public message.
pub(crate) async fn puzzle_menu(
    data: &Data,
    reply: &mut Reply<'_>,
    ci: &serenity::ComponentInteraction,
    id: ids::CustomId<'_>,
) -> Result<(), Error> {
    let mut parts = id.tail.unwrap_or_default().split(':');
    let puzzle = parts.next().filter(|p| !p.is_empty());
    let (Some(puzzle), Some(plies)) = (puzzle, id.extra) else {
        return Err(TableError::Stale.into());
    };
    let daily = match (parts.next(), parts.next()) {
        (Some(day), Some(message)) => Some(Daily {
            day: day.parse().map_err(|_| TableError::Stale)?,
            message: message.parse().map_err(|_| TableError::Stale)?,
        }),
        _ => None,
    };
    let run = (puzzle.to_string(), plies as usize, daily);
    answer_click(data, reply, ci, id.channel, run).await
}

/// A click on the public daily puzzle's menu (the number is the day): the
/// member's answer is private, and the count of solvers is public.
pub(crate) async fn daily_menu(
    data: &Data,
    reply: &mut Reply<'_>,
    ci: &serenity::ComponentInteraction,
    id: ids::CustomId<'_>,
) -> Result<(), Error> {
    let guild = guild_of(ci);
    let day = id.extra.ok_or(TableError::Stale)?;
    let view = data.run(move |t| t.daily_puzzle(guild, day)).await?;
    let daily = Daily {
        day,
        message: ci.message.id.get(),
    };
    let run = (view.puzzle.id.clone(), 0, Some(daily));
    answer_click(data, reply, ci, id.channel, run).await
}

/// One move of a member's puzzle run.
struct Run {
    guild: u64,
    channel: ChannelId,
    user: UserId,
    id: String,
    plies: usize,
    daily: Option<Daily>,
}

/// Plays `pit` in `run` (searching on the analysis pool) and answers
/// privately: the next board, or the verdict. `retire` takes the clicked
/// menu away (a member's own board; never the public daily one).
async fn answer(
    data: &Data,
    reply: &mut Reply<'_>,
    run: Run,
    pit: String,
    retire: bool,
) -> Result<(), Error> {
    let Run {
        guild,
        channel,
        user,
        plies,
        daily,
        ..
    } = run;
    let play_pit = pit.clone();
    let cooling = data.cooldowns.start(user, Costly::Puzzle)?;
    let table = data.table.clone();
    let id = run.id.clone();
    let kind = crate::table::puzzles::find(&run.id).map(|p| p.kind);
    let daily_ref = daily.map(|d| DailyRef { guild, day: d.day });
    let play = move || table.puzzle_move(user, &id, plies, &pit, daily_ref);
    // A move judged without a search (the solution, a win at once, an
    // illegal pit) never waits for the analysis pool, nor is refused by it.
    let (id, pit) = (run.id.clone(), play_pit.clone());
    let searches = data.run(move |t| t.puzzle_needs_search(user, &id, &pit)).await?;
    let answer = match searches {
        false => data.run(move |_| play()).await?,
        true => {
            flow::analyse(
                data,
                reply,
                Owner {
                    member: user,
                    server: guild,
                    channel,
                },
                play,
            )
            .await??
        }
    };
    cooling.keep();
    let lang = data.langs(reply).await.private;
    let palette = palette(data, user).await;
    flow::saved(async {
        if retire {
            reply.retire_menu().await?;
        }
        match answer {
            PuzzleAnswer::Right {
                report,
                reply: Some(answered),
                next: Some(next),
                also,
                ..
            } => {
                let mut header = train::laps(lang, &report);
                header.extend(also.map(|best| train::puzzle_also(lang, next.puzzle.kind, report.mv, best)));
                header.push(train::puzzle_reply(lang, &answered));
                let out = flow::draw(data, reply, move || {
                    puzzle_board(lang, channel, &next, daily, Some(&answered), &header, palette)
                })
                .await?;
                return reply.send(&out).await;
            }
            PuzzleAnswer::Right {
                report,
                also,
                change,
                stats,
                ..
            } => {
                let mut lines = train::laps(lang, &report);
                lines.extend(
                    also.zip(kind)
                        .map(|(best, kind)| train::puzzle_also(lang, kind, report.mv, best)),
                );
                lines.push(train::puzzle_solved(lang, change, &stats));
                lines.push(tr!(lang, "training-puzzle-next"));
                reply.send(&Out::private(message(&lines))).await?;
            }
            PuzzleAnswer::Wrong {
                report,
                after,
                best,
                solution,
                change,
                stats,
                ..
            } => {
                let mut lines = train::laps(lang, &report);
                lines.push(train::puzzle_failed(
                    lang, report.mv, after, best, &solution, change, &stats,
                ));
                lines.push(tr!(lang, "training-puzzle-next"));
                reply.send(&Out::private(message(&lines))).await?;
            }
        }
        if let (Some(d), Some(r)) = (daily, daily_ref) {
            show_tally(data, reply, channel, r, d.message).await;
        }
        Ok::<_, Error>(())
    })
    .await
}

/// Edits the public daily puzzle's count of solvers, where the bot may
/// edit its messages (not where it can only answer).
async fn show_tally(data: &Data, reply: &Reply<'_>, channel: ChannelId, daily: DailyRef, message: u64) {
    if message == 0 || reply.answer_only() {
        return;
    }
    let view = match data.run(move |t| t.daily_puzzle(daily.guild, daily.day)).await {
        Ok(v) => v,
        Err(e) => return tracing::warn!("cannot read the daily puzzle's count: {e:#}"),
    };
    let tally = tally(&view);
    let lang = data.langs(reply).await.server;
    let edit = serenity::EditMessage::new().content(daily_text(lang, &view, daily.day, tally));
    let at = serenity::ChannelId::new(channel);
    if let Err(e) = at
        .edit_message(&reply.http(), serenity::MessageId::new(message), edit)
        .await
    {
        tracing::debug!("could not update the daily puzzle's count: {e}");
    }
}

/// The custom id of a lesson's menu at solution ply `plies`, after `tries`
/// wrong moves.
fn lesson_id(channel: ChannelId, view: &LessonView, tries: usize) -> String {
    ids::make_with(
        ids::LESSON,
        channel,
        view.plies as u64,
        &format!("{}:{tries}", view.index),
    )
}

/// A lesson's board: `header`, the task, the picture and the menu.
fn lesson_board(
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

/// Learn Isolo: a short course, lesson by lesson, with a board to play on (only you see it)
#[poise::command(slash_command)]
pub async fn learn(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    let user = ctx.author().id.get();
    let channel = ctx.channel_id().get();
    // Only the learner sees the lesson, however slow.
    let mut reply = Reply::Private(ctx);
    let lang = data.langs(&reply).await.private;
    let view = data.run(move |t| t.lesson(user, None, 0)).await?;
    let palette = palette(data, user).await;
    let header = vec![
        tr!(
            lang,
            "training-lesson",
            n = view.index + 1,
            total = view.done.1,
            done = view.done.0
        ),
        train::text(lang, &view.lesson.intro),
    ];
    let out = flow::draw(data, &mut reply, move || {
        lesson_board(lang, channel, &view, 0, None, &header, palette)
    })
    .await?;
    reply.send(&out).await
}

/// A click on a lesson's menu: the number is the solution ply, the tail
/// the lesson and the wrong tries so far.
pub(crate) async fn lesson_menu(
    data: &Data,
    reply: &mut Reply<'_>,
    ci: &serenity::ComponentInteraction,
    id: ids::CustomId<'_>,
) -> Result<(), Error> {
    let (user, pit) = (ci.user.id.get(), super::options::chosen(ci));
    let channel = id.channel;
    let mut parts = id.tail.unwrap_or_default().split(':').map(str::parse::<usize>);
    let (Some(plies), Some(Ok(index)), Some(Ok(tries))) = (id.extra, parts.next(), parts.next()) else {
        return Err(TableError::Stale.into());
    };
    let plies = plies as usize;
    let answer = data
        .run(move |t| {
            let answer = t.lesson_move(user, index, plies, &pit, tries)?;
            // The board to try again on, after a wrong move.
            let again = match answer {
                LessonAnswer::Wrong { .. } => Some(t.lesson(user, Some(index), plies)?),
                LessonAnswer::Right { .. } => None,
            };
            Ok((answer, again))
        })
        .await?;
    let lang = data.langs(reply).await.private;
    let palette = palette(data, user).await;
    flow::saved(async {
        reply.retire_menu().await?;
        let out = match answer {
            (LessonAnswer::Wrong { report, hint }, Some(again)) => {
                let mut header = train::laps(lang, &report);
                header.push(tr!(lang, "training-lesson-wrong", hint = train::text(lang, hint)));
                flow::draw(data, reply, move || {
                    lesson_board(lang, channel, &again, tries + 1, None, &header, palette)
                })
                .await?
            }
            (
                LessonAnswer::Right {
                    report,
                    reply: Some(answered),
                    next: Some(next),
                },
                _,
            ) => {
                let mut header = train::laps(lang, &report);
                header.push(train::puzzle_reply(lang, &answered));
                flow::draw(data, reply, move || {
                    lesson_board(lang, channel, &next, 0, Some(&answered), &header, palette)
                })
                .await?
            }
            (LessonAnswer::Right { report, .. }, _) => {
                let lesson = &course()[index];
                let mut lines = train::laps(lang, &report);
                lines.push(train::text(lang, &lesson.done));
                lines.push(match index + 1 < course().len() {
                    true => tr!(lang, "training-lesson-next"),
                    false => tr!(lang, "training-course-done"),
                });
                let before = lesson.position_at(plies)?;
                let file = flow::draw(data, reply, move || {
                    lesson_picture(lang, &before, &report, palette)
                })
                .await?;
                Out {
                    content: message(&lines),
                    file: Some(file),
                    ephemeral: true,
                    ..Out::default()
                }
            }
            (LessonAnswer::Wrong { .. }, None) => return Err(TableError::Stale.into()),
        };
        reply.send(&out).await
    })
    .await
}

/// The picture of a lesson's last move: the sowing animated when it went
/// round more than once (a relay, a capture), else the board after it.
fn lesson_picture(lang: Lang, before: &Position, report: &MoveReport, palette: Palette) -> Attachment {
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
    present::picture(&bv, format!("isolo-lesson-{}.png", report.mv))
}
