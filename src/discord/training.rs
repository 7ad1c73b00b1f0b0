//! Puzzles and the course in Discord: `/isolo puzzle` (a member's next
//! puzzle near their puzzle rating, privately, or the server's daily puzzle
//! for everyone), `/isolo learn`, and the menus under their boards. The table
//! judges and keeps the score; this draws and words its answers.

use poise::serenity_prelude as serenity;

use super::errors::Error;
use super::flow;
use super::limits::{Costly, Owner};
use super::options::VariantChoice;
use super::present::training::*;
use super::present::{ids, Out};
use super::reply::Reply;
use super::state::{Context, Data};
use crate::engine::Variant;
use crate::render::Palette;
use crate::table::{course, ChannelId, DailyRef, LessonAnswer, PuzzleAnswer, TableError, UserId};
use crate::tr;
use crate::words::train;

/// The colours the member chose for the last move's marks.
async fn palette(data: &Data, user: UserId) -> Palette {
    match data.member_settings(user).await.colour_blind {
        true => Palette::ColourBlindSafe,
        false => Palette::Standard,
    }
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
