//! `isolo-bot play`: a game in the terminal, through the same hosting layer
//! (and the same messages) as the Discord bot. The way to try it without a token.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use super::words;
use isolo_bot::ai::{Budget, Level, REVIEW_NODES};
use isolo_bot::engine::Variant;
use isolo_bot::render::{alt_text, render_gif, render_png, render_text, BoardView};
use isolo_bot::store::MemoryStore;
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, DrawOutcome, FirstMove, GameSettings, GameView, MoveOutcome,
    Opponent, SystemClock, Table, TableConfig,
};

const CHANNEL: u64 = 1;
const YOU: u64 = 1;
const FRIEND: u64 = 2;

/// Options of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// women or boys.
    #[arg(long, default_value = "women")]
    variant: Variant,
    /// Your opponent: a computer level (random, greedy, easy, medium, hard) or `human` for two players at one keyboard.
    #[arg(long, default_value = "medium")]
    vs: String,
    /// Let the opponent move first.
    #[arg(long)]
    second: bool,
    #[command(flatten)]
    house: super::HouseRuleArgs,
    /// Write the board picture here after every move.
    #[arg(long)]
    png: Option<PathBuf>,
}

fn show(view: &GameView, report: Option<&isolo_bot::engine::MoveReport>, png: Option<&PathBuf>) {
    let names = [view.live.players[0].name(), view.live.players[1].name()];
    let bv = BoardView::of_game(&view.game)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]));
    println!("{}", render_text(&bv));
    if let Some(path) = png {
        match std::fs::write(path, render_png(&bv)) {
            Ok(()) => println!("(board picture: {})", path.display()),
            Err(e) => println!("cannot write {}: {e}", path.display()),
        }
    }
}

fn after_move(out: &MoveOutcome, png: Option<&PathBuf>) -> bool {
    println!("{}", words::moved(&out.view.live, &out.report));
    show(&out.view, Some(&out.report), png);
    if let Some(f) = &out.finished {
        println!("{}", words::result(f));
        return true;
    }
    false
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let table = Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(SystemClock),
        TableConfig::default(),
    );
    let opponent = match args.vs.as_str() {
        "human" | "friend" => Opponent::User {
            id: FRIEND,
            name: "Friend".into(),
        },
        level => Opponent::Bot(level.parse::<Level>()?),
    };
    let rules = args.house.rules(args.variant);
    let settings = GameSettings {
        variant: args.variant,
        capture_from: rules.capture_from,
        after_capture: rules.after_capture,
        first: if args.second {
            FirstMove::Opponent
        } else {
            FirstMove::Challenger
        },
        move_secs: None,
        rated: false,
        ..GameSettings::default()
    };
    let req = ChallengeRequest {
        guild: 0,
        channel: CHANNEL,
        challenger: YOU,
        challenger_name: "You".into(),
        opponent,
        settings,
    };
    let view = match table.challenge(req)? {
        ChallengeOutcome::Started(v) => v,
        ChallengeOutcome::Pending(_) => table.accept(CHANNEL, FRIEND, None)?,
    };
    println!("{}", words::intro(args.variant, &view.live.players[1]));
    println!("{}", words::HELP);
    show(&view, None, args.png.as_ref());
    let png = args.png.as_ref();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        // The computer moves whenever it is its turn.
        while let Some(out) = table.bot_move(CHANNEL)? {
            if after_move(&out, png) {
                break;
            }
        }
        let Some(view) = table.game(CHANNEL)? else {
            break;
        };
        let mover = view.to_move().and_then(|s| s.user()).unwrap_or(YOU);
        print!("{}", words::prompt(view.to_move()));
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        let mut words = line.split_whitespace();
        let (cmd, arg) = (words.next().unwrap_or(""), words.next());
        match cmd {
            "" => {}
            "quit" | "exit" => return Ok(ExitCode::SUCCESS),
            "help" => println!("{}", words::HELP),
            "rules" => println!("{}", words::rules()),
            "board" => show(&view, view.last_move().as_ref().map(|(_, r)| r), None),
            "png" => {
                let path = PathBuf::from(arg.unwrap_or("board.png"));
                let names = [view.live.players[0].name(), view.live.players[1].name()];
                let last = view.last_move();
                let bv = BoardView::of_game(&view.game)
                    .last_move(last.as_ref().map(|(_, r)| r))
                    .names(Some(&names[0]), Some(&names[1]));
                std::fs::write(&path, render_png(&bv))?;
                println!("wrote {} ({})", path.display(), alt_text(&bv));
            }
            "animate" => match view.last_move() {
                Some((before, report)) => {
                    let path = PathBuf::from(arg.unwrap_or("sowing.gif"));
                    let names = [view.live.players[0].name(), view.live.players[1].name()];
                    std::fs::write(
                        &path,
                        render_gif(&before, &report, [Some(&names[0]), Some(&names[1])]),
                    )?;
                    println!("wrote {}", path.display());
                }
                None => println!("{}", words::NO_MOVE_YET),
            },
            "history" => println!("{}", table.record(CHANNEL)?),
            "hint" => match table.hint(CHANNEL, mover) {
                Ok(hint) => println!("{}", words::hint(hint.mv, hint.captured)),
                Err(e) => println!("{}", words::refusal(&e)),
            },
            "resign" => {
                let f = table.resign(CHANNEL, mover)?;
                println!("{}", words::result(&f));
                break;
            }
            "draw" => match table.offer_draw(CHANNEL, mover) {
                Ok(DrawOutcome::Agreed(f)) => {
                    println!("{}", words::result(&f));
                    break;
                }
                Ok(DrawOutcome::Offered(_)) => println!("{}", words::DRAW_OFFERED),
                Ok(DrawOutcome::Declined(_)) => println!("{}", words::DRAW_DECLINED),
                Err(e) => println!("{}", words::refusal(&e)),
            },
            _ => {
                let pit = if cmd == "move" { arg.unwrap_or("") } else { cmd };
                match table.play(CHANNEL, mover, pit) {
                    Ok(out) => {
                        if after_move(&out, png) {
                            break;
                        }
                    }
                    Err(e) => println!("{}", words::refusal(&e)),
                }
            }
        }
    }
    after_game(&table, &mut lines)
}

/// Once the game is over: its review and its record on request, then leave.
fn after_game(
    table: &Table,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> anyhow::Result<ExitCode> {
    println!("{}", words::GAME_OVER);
    loop {
        print!("> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(ExitCode::SUCCESS);
        };
        match line?.trim() {
            "review" => match table.review(CHANNEL, Budget::nodes(REVIEW_NODES)) {
                Ok(reviewed) => print!("{}", words::review(&reviewed)),
                Err(e) => println!("{}", words::refusal(&e)),
            },
            "history" => println!("{}", table.record(CHANNEL)?),
            _ => return Ok(ExitCode::SUCCESS),
        }
    }
}
