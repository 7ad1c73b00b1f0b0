//! `isolo-bot selfplay`: engine players against each other.

use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use isolo_bot::ai::{play_match, play_pairing, Budget, Level, Openings};
use isolo_bot::engine::Variant;
use serde_json::json;

/// Options of `selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// The variant.
    #[arg(long, default_value = "women", value_parser = super::listed::<Variant>(super::VARIANTS))]
    variant: Variant,
    #[command(flatten)]
    house: super::HouseRuleArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// South's player (with --alternate: the first player, who starts as South).
    #[arg(long, default_value = "random", value_parser = super::level())]
    south: Level,
    /// North's player (with --alternate: the second player).
    #[arg(long, default_value = "random", value_parser = super::level())]
    north: Level,
    /// Seed for reproducible games (with --alternate, game i reseeds both
    /// players from this seed and i, so games from the setup differ).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Swap seats every game and report each player's wins.
    #[arg(long)]
    alternate: bool,
    /// With --alternate: random plies played before each pair of games, both
    /// games of a pair starting from the same position.
    #[arg(long, default_value_t = 0)]
    openings: u32,
    /// With --openings: keep only openings that a search of this many nodes
    /// cannot solve (most positions are forced wins for the side to move).
    #[arg(long)]
    undecided: Option<u64>,
    /// Thinking time per move of the searching players, in milliseconds.
    #[arg(long)]
    think_ms: Option<u64>,
    /// Nodes per move of the searching players (easy and medium never exceed
    /// their own caps); reproducible, unlike --think-ms.
    #[arg(long)]
    nodes: Option<u64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `selfplay`.
pub fn run(args: &SelfplayArgs) -> anyhow::Result<ExitCode> {
    let rules = args.house.rules(args.variant);
    let budget = Budget {
        think_ms: args.think_ms,
        nodes: args.nodes,
    };
    let mut south = args.south.player_with(args.seed, budget);
    let mut north = args
        .north
        .player_with(args.seed.wrapping_mul(0x9e37_79b9).wrapping_add(1), budget);
    let start = Instant::now();
    if args.alternate {
        let stats = play_pairing(
            rules,
            south.as_mut(),
            north.as_mut(),
            args.games,
            Openings {
                plies: args.openings,
                undecided_nodes: args.undecided,
                seed: args.seed,
            },
        );
        let seconds = start.elapsed().as_secs_f64();
        let pct = |n: u64| 100.0 * n as f64 / stats.games.max(1) as f64;
        if args.json {
            println!(
                "{}",
                json!({
                    "variant": args.variant.name(), "a": args.south.name(), "b": args.north.name(),
                    "games": stats.games, "a_wins": stats.a_wins, "b_wins": stats.b_wins,
                    "draws": stats.draws, "a_wins_moving_first": stats.a_wins_moving_first,
                    "b_wins_moving_first": stats.b_wins_moving_first, "openings": args.openings,
                    "plies": stats.plies, "distinct_games": stats.distinct_games, "seconds": seconds,
                })
            );
        } else {
            println!(
                "{} games, {} variant, seats alternating{}: {} won {} ({:.1}%; {} moving first), {} won {} ({:.1}%; {} moving first), draws {} ({:.1}%)",
                stats.games,
                args.variant,
                if args.openings > 0 {
                    format!(
                        ", {}-ply random openings{}",
                        args.openings,
                        args.undecided
                            .map_or(String::new(), |n| format!(" unsolved by {n} nodes"))
                    )
                } else {
                    String::new()
                },
                args.south,
                stats.a_wins,
                pct(stats.a_wins),
                stats.a_wins_moving_first,
                args.north,
                stats.b_wins,
                pct(stats.b_wins),
                stats.b_wins_moving_first,
                stats.draws,
                pct(stats.draws),
            );
            println!(
                "{} distinct games; {} plies in {:.3} s: {:.0} plies/s",
                stats.distinct_games,
                stats.plies,
                seconds,
                stats.plies as f64 / seconds.max(1e-9)
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
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
