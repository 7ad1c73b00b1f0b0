//! `isolo-bot render`: draws the board after a list of moves or a game record,
//! and optionally the sowing animation of the last move.
//!
//! ```text
//! isolo-bot render --variant boys --moves "h1 h4 c1" --out board.png --gif sowing.gif
//! isolo-bot render --record game.isolo --out board.png
//! ```

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context};
use isolo_bot::logging::printable;
use isolo_bot::render::{alt_text, render_gif, render_png, render_text, BoardView, Style};

/// Arguments of `render`.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderArgs {
    #[command(flatten)]
    game: super::GameArgs,
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

/// Renders the position after the moves (and the animation of the last move).
pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let (mut game, moves, record) = super::replay::load_game(&args.game)?;
    let mut last = None;
    for (i, &mv) in moves.iter().enumerate() {
        let before = *game.position();
        let report = game
            .play(mv)
            .map_err(|e| super::RefusedMove(format!("ply {}: {mv} is illegal: {e}", i + 1)))?;
        last = Some((before, report));
    }
    if let Some(rec) = &record {
        // A result from outside the board (resignation, timeout...), checked against the moves.
        let finished = rec
            .to_game()
            .map_err(|e| anyhow!("the record does not replay: {e}"))?;
        if let (None, Some(result), true) = (game.result(), finished.result(), moves.len() == rec.moves.len())
        {
            game.end(result).map_err(|e| anyhow!("{e}"))?;
        }
    }
    let names = record
        .as_ref()
        .map_or([None, None], |r| [r.south.clone(), r.north.clone()]);
    let south = args.south.as_deref().or(names[0].as_deref());
    let north = args.north.as_deref().or(names[1].as_deref());
    let lang = super::words::lang();
    let view = BoardView::of_game(&game, &lang)
        .last_move(last.as_ref().map(|(_, r)| r))
        .names(south, north);
    std::fs::write(&args.out, render_png(&view))
        .with_context(|| format!("writing {}", args.out.display()))?;
    if let Some(path) = &args.gif {
        let Some((before, report)) = &last else {
            bail!("no move to animate: give at least one move for --gif");
        };
        std::fs::write(
            path,
            render_gif(before, report, [south, north], Style::default(), &lang),
        )
        .with_context(|| format!("writing {}", path.display()))?;
    }
    // Names come from the record file: no raw control characters on the terminal.
    println!("{}", printable(&render_text(&view)));
    println!("{}", printable(&alt_text(&view)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{run, RenderArgs};
    use crate::cli::replay::tests::{args_for, positioned_record, record_file};

    #[test]
    fn a_record_with_a_position_tag_renders_and_animates_its_last_move() {
        let (record, _) = positioned_record(2);
        let (dir, path) = record_file(&record.to_string());
        let args = RenderArgs {
            game: args_for(path),
            south: None,
            north: None,
            out: dir.path().join("board.png"),
            gif: Some(dir.path().join("last.gif")),
        };
        run(&args).expect("renders from the tag");
        let png = std::fs::read(&args.out).expect("the board");
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        let gif = std::fs::read(args.gif.as_ref().expect("gif path")).expect("the animation");
        assert!(gif.starts_with(b"GIF89a"), "a GIF");
    }
}
