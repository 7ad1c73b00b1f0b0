//! The `isolo-bot` command line.

use clap::{Parser, Subcommand};

mod cli {
    pub mod store_cmd;
}

/// Host the mancala game Isolo in Discord.
#[derive(Parser)]
#[command(name = "isolo-bot", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write every stored entry to a JSON Lines file (backup or migration).
    Export(cli::store_cmd::ExportArgs),
    /// Load a JSON Lines export into an empty store.
    Import(cli::store_cmd::ImportArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Export(args) => cli::store_cmd::export(&args),
        Command::Import(args) => cli::store_cmd::import(&args),
    }
}
