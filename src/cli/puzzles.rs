//! `isolo-bot puzzles`: find puzzles in games and prove them (`generate`),
//! or prove a stored set again (`check`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};
use isolo_bot::ai::puzzle::{parse_set, theme_counts, verify, Origin};
use isolo_bot::ai::{generate, GenConfig, SelfPlayGames, SourceGame};
use isolo_bot::engine::{Rules, Side, Variant};
use isolo_bot::store::{Space, StoreExt};
use isolo_bot::table::{FinishedGame, Seat};
use serde_json::json;

use super::store_cmd::StoreArgs;

/// Options of `puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Find puzzles in the bot's games between its levels (and people's
    /// finished games with --people), prove each by a deeper search, and
    /// write them as JSON Lines.
    Generate(GenerateArgs),
    /// Prove every puzzle of a set again (or a sample of it).
    Check(CheckArgs),
}

/// Options of `puzzles generate`.
#[derive(Args)]
struct GenerateArgs {
    /// The variant.
    #[arg(long, default_value = "women", value_parser = super::listed::<Variant>(super::VARIANTS))]
    variant: Variant,
    #[command(flatten)]
    house: super::HouseRuleArgs,
    /// Puzzles wanted.
    #[arg(long, default_value_t = 500)]
    count: usize,
    /// The JSON Lines file to write.
    #[arg(long)]
    out: PathBuf,
    /// Seed of the self-play games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes per search of the scan (the proof searches ten times as many).
    #[arg(long, default_value_t = GenConfig::default().scan_nodes)]
    scan_nodes: u64,
    /// Stop after this many seconds even with fewer puzzles.
    #[arg(long)]
    seconds: Option<u64>,
    /// Most puzzles from one game.
    #[arg(long, default_value_t = GenConfig::default().per_game)]
    per_game: usize,
    /// Scan the store's finished games between people first (kept anonymous).
    #[arg(long)]
    people: bool,
    /// The store to read people's games from (with --people).
    #[command(flatten)]
    store: StoreArgs,
}

/// Options of `puzzles check`.
#[derive(Args)]
struct CheckArgs {
    /// The JSON Lines file to check.
    file: PathBuf,
    /// Check only every n-th puzzle.
    #[arg(long, default_value_t = 1)]
    every: usize,
}

/// Runs `puzzles`.
pub fn run(args: &PuzzlesArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        PuzzlesCommand::Generate(a) => generate_set(a),
        PuzzlesCommand::Check(a) => check(a),
    }
}

/// The finished games between two people under `rules`, from the setup with
/// South first: their moves only.
fn people_games(store: &StoreArgs, rules: Rules) -> anyhow::Result<Vec<SourceGame>> {
    let (store, _) = store.open()?;
    let mut games = Vec::new();
    for (_, entry) in store.list::<FinishedGame>(Space::Records, &[])? {
        let Ok(stored) = entry else { continue };
        let f = stored.value;
        let people = f.players.iter().all(|s| matches!(s, Seat::Human { .. }));
        let same = f.record.rules == rules && f.record.start.is_none();
        if people && same {
            games.push(SourceGame {
                moves: f.record.moves,
                origin: Origin::People,
            });
        }
    }
    Ok(games)
}

fn generate_set(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let mut rules = args.house.rules(args.variant);
    rules.first = Side::South;
    let cfg = GenConfig {
        count: args.count,
        scan_nodes: args.scan_nodes,
        deadline: args.seconds.map(|s| Instant::now() + Duration::from_secs(s)),
        per_game: args.per_game,
        ..GenConfig::default()
    };
    let people = if args.people {
        people_games(&args.store, rules)?
    } else {
        Vec::new()
    };
    let from_people = people.len();
    let games = people.into_iter().chain(SelfPlayGames::new(rules, args.seed));
    let file = File::create(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let mut out = BufWriter::new(file);
    let stats = generate(&cfg, rules, games, |p, s| -> anyhow::Result<()> {
        writeln!(out, "{}", serde_json::to_string(p)?)?;
        out.flush()?;
        if s.kept % 25 == 0 {
            eprintln!(
                "{} puzzles, {} positions, {} games, {:.0} s",
                s.kept, s.positions, s.games, s.seconds
            );
        }
        Ok(())
    })?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    println!(
        "{}",
        json!({
            "variant": args.variant.name(),
            "people_games": from_people,
            "stats": stats,
            "seconds_per_puzzle": stats.seconds / stats.kept.max(1) as f64,
        })
    );
    Ok(ExitCode::SUCCESS)
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let text =
        std::fs::read_to_string(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let set = parse_set(&text)?;
    let mut failed = 0;
    for p in set.iter().step_by(args.every.max(1)) {
        if let Err(e) = verify(p) {
            println!("{e}");
            failed += 1;
        }
    }
    let counts: Vec<String> = theme_counts(&set)
        .into_iter()
        .map(|(t, n)| format!("{} {n}", t.name()))
        .collect();
    println!(
        "{} puzzles, {} checked, {failed} failed; themes: {}",
        set.len(),
        set.len().div_ceil(args.every.max(1)),
        counts.join(", ")
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
