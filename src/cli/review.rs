//! `isolo-bot review`: the AI's comments on a finished (or unfinished) game.

use std::process::ExitCode;

use clap::Args;
use isolo_bot::ai::{review, Budget, REVIEW_NODES};
use isolo_bot::engine::{Record, RecordError};
use isolo_bot::logging::printable;
use std::path::Path;

/// Options of `review`.
#[derive(Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The game record file to review.
    #[arg(long)]
    pub record: std::path::PathBuf,
    /// Override the record's house rules (a record states them; old ones
    /// without `AfterCapture` were played with captures going on).
    #[command(flatten)]
    pub house: super::HouseRuleArgs,
    /// Thinking time per search, in milliseconds.
    #[arg(long)]
    pub think_ms: Option<u64>,
    /// Nodes per search (reproducible; the default when no time is given).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Reads a game record file. Its errors quote the file, so their control
/// characters are escaped before they can reach a terminal.
pub fn read_record(path: &Path) -> anyhow::Result<Record> {
    let text =
        std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    text.parse()
        .map_err(|e: RecordError| anyhow::anyhow!("{}: {}", path.display(), printable(&e.to_string())))
}

/// Runs `review`. A record that cannot be read or replayed is an error.
pub fn run(args: &ReviewArgs) -> anyhow::Result<ExitCode> {
    let path = &args.record;
    let mut record = read_record(path)?;
    args.house.apply(&mut record.rules);
    record.start = record
        .start
        .map(|p| p.with_house_rules(record.rules.capture_from, record.rules.after_capture));
    let game = record
        .to_game()
        .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let budget = match (args.think_ms, args.nodes) {
        (None, None) => Budget::nodes(REVIEW_NODES),
        (think_ms, nodes) => Budget { think_ms, nodes },
    };
    let r = review(&game, budget);
    if args.json {
        println!("{}", serde_json::to_string(&r)?);
    } else {
        print!(
            "{}",
            isolo_bot::words::narrate::review_table(super::words::lang(), &r)
        );
    }
    Ok(ExitCode::SUCCESS)
}
