//! `isolo-bot render`: draws the board after a list of moves or a game record,
//! and optionally the sowing animation of the last move.
//!
//! ```text
//! isolo-bot render --variant boys --moves "h1 h4 c1" --out board.png --gif sowing.gif
//! isolo-bot render --record game.isolo --out board.png
//! ```

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context};
use isolo_bot::engine::{CaptureFrom, Game, Move, MoveReport, Position, Record, Rules, Side, Variant};
use isolo_bot::render::{alt_text, render_gif, render_png, render_text, BoardView};

/// Arguments of `render`.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderArgs {
    /// Variant: women or boys (default women; taken from the record with --record).
    #[arg(long, conflicts_with = "record")]
    pub variant: Option<Variant>,
    /// Who moves first: south or north (default south).
    #[arg(long, conflicts_with = "record")]
    pub first: Option<Side>,
    /// Where captured seeds are sown from: origin or capture-pit (default origin).
    #[arg(long, conflicts_with = "record")]
    pub capture_from: Option<CaptureFrom>,
    /// The moves, separated by spaces or commas, like "b2 h4 d2".
    #[arg(long, conflicts_with = "record")]
    pub moves: Option<String>,
    /// A game record file to replay instead of --moves.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// South's name (default: the record's, or "South").
    #[arg(long)]
    pub south: Option<String>,
    /// North's name (default: the record's, or "North").
    #[arg(long)]
    pub north: Option<String>,
    /// Where to write the board picture.
    #[arg(long, default_value = "board.png")]
    pub out: PathBuf,
    /// Where to write the animation of the last move (needs at least one move).
    #[arg(long)]
    pub gif: Option<PathBuf>,
}

/// The replayed game and what the pictures need from it.
struct Replay {
    game: Game,
    /// The position before the last move, and that move's report.
    last: Option<(Position, MoveReport)>,
    names: [Option<String>; 2],
}

fn replay_moves(args: &RenderArgs) -> anyhow::Result<Replay> {
    let rules = Rules {
        variant: args.variant.unwrap_or(Variant::Women),
        capture_from: args.capture_from.unwrap_or_default(),
        first: args.first.unwrap_or(Side::South),
    };
    let mut game = Game::new(rules);
    let mut last = None;
    let text = args.moves.as_deref().unwrap_or("");
    for (i, token) in text
        .split([' ', ',', '\t', '\n'])
        .filter(|t| !t.is_empty())
        .enumerate()
    {
        let mv: Move = token
            .parse()
            .with_context(|| format!("move {} (`{token}`)", i + 1))?;
        let before = *game.position();
        let report = game
            .play(mv)
            .map_err(|e| anyhow!("move {} ({mv}) is illegal: {e}", i + 1))?;
        last = Some((before, report));
    }
    Ok(Replay {
        game,
        last,
        names: [None, None],
    })
}

fn replay_record(path: &PathBuf) -> anyhow::Result<Replay> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let record: Record = text
        .parse()
        .with_context(|| format!("{} is not a valid record", path.display()))?;
    // Checks every move and the stated result, with the record's own error messages.
    let finished = record
        .to_game()
        .with_context(|| format!("{} does not replay", path.display()))?;
    let mut game = Game::from_position(record.start_position());
    let mut last = None;
    for &mv in &record.moves {
        let before = *game.position();
        let report = game.play(mv).map_err(|e| anyhow!("{mv} is illegal: {e}"))?;
        last = Some((before, report));
    }
    if let (None, Some(result)) = (game.result(), finished.result()) {
        // A result from outside the board (resignation, timeout...).
        game.end(result).map_err(|e| anyhow!("{e}"))?;
    }
    Ok(Replay {
        game,
        last,
        names: [record.south.clone(), record.north.clone()],
    })
}

/// Renders the position after the moves (and the animation of the last move).
pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let replay = match &args.record {
        Some(path) => replay_record(path)?,
        None => replay_moves(args)?,
    };
    let south = args.south.as_deref().or(replay.names[0].as_deref());
    let north = args.north.as_deref().or(replay.names[1].as_deref());
    let view = BoardView::of_game(&replay.game)
        .last_move(replay.last.as_ref().map(|(_, r)| r))
        .names(south, north);
    std::fs::write(&args.out, render_png(&view))
        .with_context(|| format!("writing {}", args.out.display()))?;
    if let Some(path) = &args.gif {
        let Some((before, report)) = &replay.last else {
            bail!("no move to animate: give at least one move for --gif");
        };
        std::fs::write(path, render_gif(before, report, [south, north]))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    println!("{}", render_text(&view));
    println!("{}", alt_text(&view));
    Ok(())
}
