//! `isolo-bot selfplay`: engine players against each other.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use isolo_bot::ai::{play_match, Level};
use isolo_bot::engine::{Rules, Variant};
use serde_json::json;

/// Options of `selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// women or boys.
    #[arg(long, default_value = "women")]
    variant: Variant,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// South's player.
    #[arg(long, default_value = "random")]
    south: Level,
    /// North's player.
    #[arg(long, default_value = "random")]
    north: Level,
    /// Seed for reproducible games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `selfplay`.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::new(args.variant);
    let mut south = args.south.player(args.seed);
    let mut north = args
        .north
        .player(args.seed.wrapping_mul(0x9e37_79b9).wrapping_add(1));
    let start = Instant::now();
    let stats = play_match(rules, south.as_mut(), north.as_mut(), args.games);
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        println!(
            "{}",
            json!({
                "games": stats.games, "south_wins": stats.south_wins, "north_wins": stats.north_wins,
                "draws": stats.draws, "plies": stats.plies, "seconds": seconds,
            })
        );
    } else {
        println!(
            "{} games, {} variant: south ({}) won {}, north ({}) won {}, draws {}",
            stats.games,
            args.variant,
            args.south,
            stats.south_wins,
            args.north,
            stats.north_wins,
            stats.draws
        );
        println!(
            "{} plies in {:.3} s: {:.0} plies/s",
            stats.plies,
            seconds,
            stats.plies as f64 / seconds.max(1e-9)
        );
    }
    Ok(ExitCode::SUCCESS)
}
