//! `isolo-bot analyse`: the search's verdict on a position (the setup by default).

use std::process::ExitCode;

use clap::Args;
use isolo_bot::ai::{hint, Budget, ANALYSE_NODES};
use isolo_bot::engine::{AfterCapture, CaptureFrom, Game};
use serde_json::json;

use super::GameArgs;

/// Options of `analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Nodes to search (moves simulated): the verdict is reproducible.
    #[arg(long, default_value_t = ANALYSE_NODES)]
    nodes: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `analyse`: searches the position after the moves given (none: the
/// setup) and prints whether the side to move has a forced result, and its best move.
pub fn run(args: &AnalyseArgs) -> anyhow::Result<ExitCode> {
    let (start, moves, _) = super::replay::load_game(&args.game)?;
    let rules = start.rules();
    let game = Game::replay(*start.position(), &moves).map_err(|(i, reason)| {
        super::RefusedMove(format!("ply {}: {} is illegal: {reason}", i + 1, moves[i]))
    })?;
    let pos = game.position();
    let side = pos.to_move();
    let found = hint(pos, Budget::nodes(args.nodes));
    let verdict = match found.map(|h| h.score.forced_in()) {
        None => format!("{side} has no legal move: {side} has lost"),
        Some(Some(n)) if n >= 0 => format!("forced win for {side} in {n} plies"),
        Some(Some(n)) => format!("forced loss for {side} in {} plies", -n),
        Some(None) => "no forced result found".to_string(),
    };
    if args.json {
        println!(
            "{}",
            json!({
                "variant": rules.variant.name(),
                "capture_from": rules.capture_from.name(),
                "after_capture": rules.after_capture.name(),
                "to_move": side.name(),
                "plies_played": moves.len(),
                "verdict": verdict,
                "forced_in": found.and_then(|h| h.score.forced_in()),
                "best": found.map(|h| h.mv.to_string()),
                "score": found.map(|h| h.score.to_string()),
                "depth": found.map(|h| h.depth),
                "nodes": found.map(|h| h.nodes),
            })
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} game, captured seeds sown from the {}, after a capture the move {}; {side} to move after {} plies",
        rules.variant,
        match rules.capture_from {
            CaptureFrom::Origin => "lap's origin",
            CaptureFrom::CapturePit => "capturing pit",
        },
        match rules.after_capture {
            AfterCapture::End => "ends",
            AfterCapture::Continue => "goes on",
        },
        moves.len(),
    );
    match found {
        Some(h) => println!(
            "{verdict}; best move {} ({}), depth {}, {} nodes",
            h.mv, h.score, h.depth, h.nodes
        ),
        None => println!("{verdict}"),
    }
    Ok(ExitCode::SUCCESS)
}
