//! `isolo-bot`: the command line. Each subcommand lives in `cli/`.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Isolo, the Sukuma mancala game, in Discord and in your terminal.
#[derive(Parser)]
#[command(name = "isolo-bot", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay moves and print every position (text board or JSON).
    Replay(cli::replay::ReplayArgs),
    /// Play engine players against each other and print the totals.
    Selfplay(cli::selfplay::SelfplayArgs),
    /// Write every stored entry to a JSON Lines file (backup or migration).
    Export(cli::store_cmd::ExportArgs),
    /// Load a JSON Lines export into an empty store.
    Import(cli::store_cmd::ImportArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Replay(a) => cli::replay::run(a),
        Command::Selfplay(a) => cli::selfplay::run(a),
        Command::Export(a) => cli::store_cmd::export(a).map(|()| ExitCode::SUCCESS),
        Command::Import(a) => cli::store_cmd::import(a).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
