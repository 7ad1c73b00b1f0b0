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
    /// Run the Discord bot (needs a token: see config.example.toml).
    Run(cli::run::RunArgs),
    /// Play a game in the terminal, against the computer or a friend.
    Play(cli::play::PlayArgs),
    /// Draw the board after some moves as a PNG (and the last move as a GIF).
    Render(cli::render::RenderArgs),
    /// Replay moves and print every position (text board or JSON).
    Replay(cli::replay::ReplayArgs),
    /// Review a finished game: the computer's preferred moves and the turning points.
    Review(cli::review::ReviewArgs),
    /// The search's verdict on the setup (or the position after some moves).
    Analyse(cli::analyse::AnalyseArgs),
    /// Find and prove puzzles (`generate`), or prove a set again (`check`).
    Puzzles(cli::puzzles::PuzzlesArgs),
    /// Play engine players against each other and print the totals.
    Selfplay(cli::selfplay::SelfplayArgs),
    /// Write every stored entry to a JSON Lines file (backup or migration).
    Export(cli::store_cmd::ExportArgs),
    /// Load a JSON Lines export into an empty store.
    Import(cli::store_cmd::ImportArgs),
    /// Look after the store: `store set-aside list`, `store set-aside restore KEY`.
    Store(cli::store_cmd::StoreCmdArgs),
    /// Forget a member by user id: settings, game lists and ratings deleted,
    /// their name in finished games replaced (docs/operators.md, "What the bot stores").
    Forget(cli::forget::ForgetArgs),
    /// Ask the running bot's /healthz (on `[metrics] listen`): exit 0 if healthy, 1 if not.
    Healthcheck(cli::healthcheck::HealthcheckArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Run(a) => cli::run::run(a),
        Command::Play(a) => cli::play::run(a),
        Command::Render(a) => cli::render::run(a).map(|()| ExitCode::SUCCESS),
        Command::Replay(a) => cli::replay::run(a),
        Command::Selfplay(a) => cli::selfplay::run(a),
        Command::Analyse(a) => cli::analyse::run(a),
        Command::Review(a) => cli::review::run(a),
        Command::Puzzles(a) => cli::puzzles::run(a),
        Command::Export(a) => cli::store_cmd::export(a).map(|()| ExitCode::SUCCESS),
        Command::Import(a) => cli::store_cmd::import(a).map(|()| ExitCode::SUCCESS),
        Command::Store(a) => cli::store_cmd::store(a).map(|()| ExitCode::SUCCESS),
        Command::Forget(a) => cli::forget::run(a).map(|()| ExitCode::SUCCESS),
        Command::Healthcheck(a) => cli::healthcheck::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if let Some(refused) = e.downcast_ref::<cli::RefusedMove>() {
                eprintln!("{refused}");
                return ExitCode::from(2);
            }
            eprintln!("error: {}", isolo_bot::logging::printable(&format!("{e:#}")));
            match e.downcast_ref::<cli::ConfigFailure>() {
                Some(_) => ExitCode::from(cli::EX_CONFIG),
                None => ExitCode::FAILURE,
            }
        }
    }
}
