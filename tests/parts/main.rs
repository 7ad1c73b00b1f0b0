//! The parts without Discord: the rules, the AI, the pictures, the words,
//! the table, tournaments, puzzles, the configuration and the command line.
//!
//! One binary for many modules: each test binary links the whole crate and
//! its dependencies, so fewer of them build and link faster and fill less disk.

#[path = "../../fuzz/checks.rs"]
mod checks;
#[path = "../support/faulty.rs"]
mod faulty;
#[path = "../support/walk.rs"]
mod walk;

mod ai;
mod analysis;
mod cli;
mod cli_play;
mod config;
mod correspondence;
mod engine_properties;
mod fuzz_regressions;
mod house;
mod puzzles;
mod rate_limiter;
mod reminders;
mod render_chart;
mod render_pictures;
mod render_unchanged;
mod rules_examples;
mod rules_v2_migration;
mod table;
mod table_access;
mod takeback;
mod tournament;
mod tournament_pairing;
mod web;
mod words;

/// The first legal move of the live game in `channel` of `table`.
fn first_legal(table: &isolo_bot::table::Table, channel: u64) -> String {
    let view = table.game(channel).unwrap().expect("a live game");
    view.game.legal_moves().iter().next().expect("a move").to_string()
}
