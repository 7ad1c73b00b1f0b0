//! `isolo-bot play`: a game in the terminal, through the same hosting layer
//! (and the same messages) as the Discord bot. The way to try it without a token.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;

use super::words;
use isolo_bot::ai::{Budget, Level, REVIEW_NODES};
use isolo_bot::engine::{MoveReport, Variant};
use isolo_bot::render::{alt_text, render_gif, render_png, render_text, BoardView, Style};
use isolo_bot::store::MemoryStore;
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, DrawOutcome, FirstMove, GameSettings, GameView, MoveOutcome,
    Opponent, SystemClock, Table, TableConfig,
};
use isolo_bot::words::Lang;

const CHANNEL: u64 = 1;
const YOU: u64 = 1;
const FRIEND: u64 = 2;

/// Options of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The variant.
    #[arg(long, default_value = "women", value_parser = super::listed::<Variant>(super::VARIANTS))]
    variant: Variant,
    /// Your opponent: a computer level, or `human` (alias `friend`) for two players at one keyboard.
    #[arg(long, default_value = "medium", value_parser = opponents())]
    vs: String,
    /// Let the opponent move first.
    #[arg(long)]
    second: bool,
    #[command(flatten)]
    house: super::HouseRuleArgs,
    /// Write the board picture here after every move.
    #[arg(long)]
    png: Option<PathBuf>,
    /// Solve puzzles of the variant instead of playing a game.
    #[arg(long, conflicts_with = "learn")]
    puzzle: bool,
    /// Take the course for newcomers, lesson by lesson.
    #[arg(long)]
    learn: bool,
    /// The language to play in (en, sw, fr, pt-BR, es, de; default: $LANG, else English).
    #[arg(long, value_parser = languages())]
    lang: Option<String>,
    /// Play on the live board in your browser instead, at 127.0.0.1 (no Discord at all).
    #[arg(long, conflicts_with_all = ["puzzle", "learn", "png"])]
    web: bool,
    /// With --web: the port to serve the page on (0: any free one).
    #[arg(long, default_value_t = 8080, requires = "web")]
    port: u16,
}

/// The values of `--lang`: the shipped languages' tags.
fn languages() -> PossibleValuesParser {
    PossibleValuesParser::new(isolo_bot::words::languages().map(|l| PossibleValue::new(l.tag())))
}

/// The terminal's language: `--lang`, else the system's (`LANG`, like
/// `sw_TZ.UTF-8`), else English.
fn choose_lang(asked: Option<&str>) -> isolo_bot::words::Lang {
    let system = std::env::var("LANG").ok();
    let system = system
        .as_deref()
        .and_then(|l| l.split('.').next())
        .filter(|l| !l.is_empty() && *l != "C");
    asked
        .or(system)
        .and_then(isolo_bot::words::Lang::from_tag)
        .unwrap_or_default()
}

/// The values of `--vs`: every computer level, and a second human.
fn opponents() -> PossibleValuesParser {
    let levels = Level::ALL.into_iter().map(|l| PossibleValue::new(l.name()));
    PossibleValuesParser::new(levels.chain([PossibleValue::new("human").alias("friend")]))
}

/// The board view of a game, with its last move and the players' names.
fn board_of<'a>(
    view: &'a GameView,
    report: Option<&'a MoveReport>,
    names: &'a [String; 2],
    lang: &'a Lang,
) -> BoardView<'a> {
    BoardView::of_game(&view.game, lang)
        .last_move(report)
        .names(Some(&names[0]), Some(&names[1]))
}

/// The players' names, South then North.
fn names_of(view: &GameView) -> [String; 2] {
    [view.live.players[0].name(), view.live.players[1].name()]
}

/// Writes a file, or says why not: a bad path never ends the game.
fn write_file(path: &Path, bytes: &[u8]) -> bool {
    match std::fs::write(path, bytes) {
        Ok(()) => true,
        Err(e) => {
            println!("{}", words::cannot_write(path, &e));
            false
        }
    }
}

fn show(view: &GameView, report: Option<&MoveReport>, png: Option<&PathBuf>) {
    let names = names_of(view);
    let lang = words::lang();
    let bv = board_of(view, report, &names, &lang);
    println!("{}", render_text(&bv));
    if let Some(path) = png {
        if write_file(path, &render_png(&bv)) {
            println!("{}", words::board_picture(path));
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

/// The offline live board: the page at 127.0.0.1, where you start games
/// against the computer or a friend at the same screen, until Ctrl-C.
fn web(table: Table, port: u16) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{port}: {e} (try --port 0)"))?;
        let addr = listener.local_addr()?;
        println!("{}", words::web_open(&format!("http://{addr}/")));
        let parts = isolo_bot::web::WebParts {
            table: Arc::new(table),
            config: isolo_bot::web::WebConfig::default(),
            bot_token: None,
            plays_bot: true,
            local_player: Some((YOU, words::you())),
        };
        isolo_bot::web::serve(listener, parts, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
        Ok::<_, anyhow::Error>(ExitCode::SUCCESS)
    })
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    words::set_lang(choose_lang(args.lang.as_deref()));
    let table = Table::new(
        Arc::new(MemoryStore::new()),
        Arc::new(SystemClock),
        TableConfig::default(),
    );
    if args.puzzle {
        return super::train::puzzles(&table, args.variant);
    }
    if args.learn {
        return super::train::learn(&table);
    }
    if args.web {
        return web(table, args.port);
    }
    let opponent = match args.vs.as_str() {
        "human" | "friend" => Opponent::User {
            id: FRIEND,
            name: words::friend(),
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
        challenger_name: words::you(),
        opponent,
        settings,
    };
    let view = match table.challenge(req)? {
        ChallengeOutcome::Started(v) => v,
        ChallengeOutcome::Pending(_) => table.accept(CHANNEL, FRIEND, None)?,
    };
    println!("{}", words::intro(args.variant, &view.live.players[1]));
    println!("{}", words::help());
    show(&view, None, args.png.as_ref());
    let png = args.png.as_ref();
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
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
        print!("{}", words::prompt(view.to_move()));
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            if !terminal || confirm_leave(&mut lines)? {
                println!("{}", words::left_unfinished());
                return Ok(ExitCode::SUCCESS);
            }
            continue;
        };
        match command(&table, &view, &line?, png)? {
            Turn::Goes => {}
            Turn::Over => break,
            Turn::Quit => return Ok(ExitCode::SUCCESS),
        }
    }
    after_game(&table, &mut lines)
}

/// After end of input on a terminal: whether the player really leaves (a
/// second end of input or "yes") or goes on.
fn confirm_leave(lines: &mut impl Iterator<Item = std::io::Result<String>>) -> anyhow::Result<bool> {
    print!("{}", words::leave_ask());
    std::io::stdout().flush()?;
    let leave = match lines.next() {
        None => true,
        Some(line) => matches!(line?.trim().to_ascii_lowercase().as_str(), "y" | "yes"),
    };
    if !leave {
        println!("{}", words::goes_on());
    }
    Ok(leave)
}

/// What a command left the game loop to do.
enum Turn {
    /// Ask for the next command.
    Goes,
    /// The game is over.
    Over,
    /// The player left.
    Quit,
}

/// Runs one command of the game loop.
fn command(table: &Table, view: &GameView, line: &str, png: Option<&PathBuf>) -> anyhow::Result<Turn> {
    let mover = view.to_move().and_then(|s| s.user()).unwrap_or(YOU);
    let mut parts = line.split_whitespace();
    let (cmd, arg) = (parts.next().unwrap_or(""), parts.next());
    let last = view.last_move();
    let names = names_of(view);
    match cmd {
        "" => {}
        "quit" | "exit" => return Ok(Turn::Quit),
        "help" => println!("{}", words::help()),
        "rules" => println!("{}", words::rules()),
        "board" => show(view, last.as_ref().map(|(_, r)| r), None),
        "png" => {
            let path = PathBuf::from(arg.unwrap_or("board.png"));
            let lang = words::lang();
            let bv = board_of(view, last.as_ref().map(|(_, r)| r), &names, &lang);
            if write_file(&path, &render_png(&bv)) {
                println!("{}", words::wrote(&path, Some(&alt_text(&bv))));
            }
        }
        "animate" => match &last {
            Some((before, report)) => {
                let path = PathBuf::from(arg.unwrap_or("sowing.gif"));
                let gif = render_gif(
                    before,
                    report,
                    [Some(&names[0]), Some(&names[1])],
                    Style::default(),
                    &words::lang(),
                );
                if write_file(&path, &gif) {
                    println!("{}", words::wrote(&path, None));
                }
            }
            None => println!("{}", words::no_move_yet()),
        },
        "save" => save(table, arg)?,
        "history" => println!("{}", table.record(CHANNEL)?),
        "hint" => match table.hint(CHANNEL, mover) {
            Ok(hint) => println!("{}", words::hint(&hint)),
            Err(e) => println!("{}", words::refusal(&e)),
        },
        "resign" => {
            let f = table.resign(CHANNEL, mover)?;
            println!("{}", words::result(&f));
            return Ok(Turn::Over);
        }
        "draw" => match table.offer_draw(CHANNEL, mover) {
            Ok(DrawOutcome::Agreed(f)) => {
                println!("{}", words::result(&f));
                return Ok(Turn::Over);
            }
            Ok(DrawOutcome::Offered(_)) => println!("{}", words::draw_offered()),
            Ok(DrawOutcome::Declined(_)) => println!("{}", words::draw_declined()),
            Err(e) => println!("{}", words::refusal(&e)),
        },
        _ if cmd == "move" || looks_like_pit(cmd) => {
            let pit = if cmd == "move" { arg.unwrap_or("") } else { cmd };
            match table.play(CHANNEL, mover, pit) {
                Ok(out) => {
                    if after_move(&out, png) {
                        return Ok(Turn::Over);
                    }
                }
                Err(e) => println!("{}", words::refusal(&e)),
            }
        }
        _ => println!("{}", words::unknown_command()),
    }
    Ok(Turn::Goes)
}

/// A letter and a digit, like "b2" or "z9": meant as a pit, so a refusal
/// names what is wrong with it rather than calling it an unknown command.
fn looks_like_pit(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit()
}

/// `save FILE`: the game's record, as `replay --record` and `review` read it.
fn save(table: &Table, arg: Option<&str>) -> anyhow::Result<()> {
    let Some(path) = arg.map(Path::new) else {
        println!("{}", words::save_needs_file());
        return Ok(());
    };
    let record = table.record(CHANNEL)?;
    if write_file(path, record.to_string().as_bytes()) {
        println!("{}", words::saved(path));
    }
    Ok(())
}

/// Once the game is over: its review, its record and saving it on request, then leave.
fn after_game(
    table: &Table,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
) -> anyhow::Result<ExitCode> {
    println!("{}", words::game_over());
    loop {
        print!("> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return Ok(ExitCode::SUCCESS);
        };
        let line = line?;
        let mut parts = line.split_whitespace();
        match (parts.next().unwrap_or(""), parts.next()) {
            ("review", _) => match table.review(CHANNEL, Budget::nodes(REVIEW_NODES)) {
                Ok(reviewed) => print!("{}", words::review(&reviewed)),
                Err(e) => println!("{}", words::refusal(&e)),
            },
            ("history", _) => println!("{}", table.record(CHANNEL)?),
            ("save", file) => save(table, file)?,
            _ => return Ok(ExitCode::SUCCESS),
        }
    }
}
