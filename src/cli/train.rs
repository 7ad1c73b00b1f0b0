//! `isolo-bot play --puzzle` and `play --learn`: the shipped puzzles and the
//! course in the terminal, through the same table calls as the chat.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use super::words;
use isolo_bot::engine::{MoveReport, Position, Variant};
use isolo_bot::render::{render_text, BoardView};
use isolo_bot::table::{LessonAnswer, PuzzleAnswer, Table};

/// The member the terminal plays as.
const YOU: u64 = 1;

/// The board from the mover's seat, with the last move marked.
fn show(pos: &Position, last: Option<&MoveReport>) {
    println!(
        "{}",
        render_text(
            &BoardView::new(pos, &words::lang())
                .last_move(last)
                .bottom(pos.to_move())
        )
    );
}

/// What the player typed: a move, or leaving.
enum Input {
    Pit(String),
    Quit,
}

/// Reads until a pit or `quit` (end of input leaves); `board` redraws `pos`.
fn read_move(
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    pos: &Position,
) -> anyhow::Result<Input> {
    loop {
        print!("{}", words::side_prompt(pos.to_move()));
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(Input::Quit);
        };
        let line = line?;
        match line.trim() {
            "" => {}
            "quit" | "exit" => return Ok(Input::Quit),
            "help" => println!("{}", words::train_help()),
            "board" => show(pos, None),
            pit => return Ok(Input::Pit(pit.to_string())),
        }
    }
}

/// Solves puzzles of `variant` near the player's rating until they leave.
pub fn puzzles(table: &Table, variant: Variant) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{}", words::train_help());
    loop {
        let mut view = match table.next_puzzle(YOU, variant) {
            Ok(v) => v,
            Err(e) => {
                println!("{}", words::refusal(&e));
                return Ok(ExitCode::SUCCESS);
            }
        };
        println!("{}", words::puzzle_task(&view));
        show(&view.position, None);
        loop {
            let Input::Pit(pit) = read_move(&mut lines, &view.position)? else {
                return Ok(ExitCode::SUCCESS);
            };
            match table.puzzle_move(YOU, &view.puzzle.id, view.plies, &pit, None) {
                Err(e) => println!("{}", words::refusal(&e)),
                Ok(PuzzleAnswer::Right {
                    report,
                    reply,
                    next,
                    also,
                    change,
                    stats,
                }) => {
                    println!("{}", words::laps(&report));
                    if let Some(best) = also {
                        println!("{}", words::puzzle_also(view.puzzle.kind, report.mv, best));
                    }
                    match (reply, next) {
                        (Some(reply), Some(next)) => {
                            println!("{}\n{}", words::puzzle_reply(&reply), words::laps(&reply));
                            show(&next.position, Some(&reply));
                            view = next;
                        }
                        _ => {
                            println!("{}", words::puzzle_solved(change, &stats));
                            break;
                        }
                    }
                }
                Ok(PuzzleAnswer::Wrong {
                    report,
                    after,
                    best,
                    solution,
                    change,
                    stats,
                    ..
                }) => {
                    println!("{}", words::laps(&report));
                    println!(
                        "{}",
                        words::puzzle_failed(report.mv, after, best, &solution, change, &stats)
                    );
                    break;
                }
            }
        }
    }
}

/// The course, from the player's next lesson to the end.
pub fn learn(table: &Table) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{}", words::train_help());
    loop {
        if table.course_progress(YOU)?.next() >= isolo_bot::table::course().len() {
            println!("{}", words::course_done());
            return Ok(ExitCode::SUCCESS);
        }
        let mut view = table.lesson(YOU, None, 0)?;
        println!(
            "\n{} {}\n{}",
            words::lesson_heading(view.index + 1, view.done.1),
            words::text(&view.lesson.intro),
            words::task(&view.lesson.task)
        );
        show(&view.position, None);
        let mut tries = 0;
        loop {
            let Input::Pit(pit) = read_move(&mut lines, &view.position)? else {
                return Ok(ExitCode::SUCCESS);
            };
            match table.lesson_move(YOU, view.index, view.plies, &pit, tries) {
                Err(e) => println!("{}", words::refusal(&e)),
                Ok(LessonAnswer::Wrong { report, hint }) => {
                    println!("{}\n{}", words::laps(&report), words::lesson_wrong(hint));
                    tries += 1;
                }
                Ok(LessonAnswer::Right { report, reply, next }) => {
                    println!("{}", words::laps(&report));
                    match (reply, next) {
                        (Some(reply), Some(next)) => {
                            println!("{}", words::puzzle_reply(&reply));
                            show(&next.position, Some(&reply));
                            view = next;
                        }
                        _ => {
                            println!("{}", words::text(&view.lesson.done));
                            break;
                        }
                    }
                }
            }
        }
    }
}
