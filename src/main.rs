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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Replay(a) => cli::replay::run(a),
        Command::Selfplay(a) => cli::selfplay::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
