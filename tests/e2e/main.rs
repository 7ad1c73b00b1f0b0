//! End-to-end: the real bot against the fake Discord, in this process or as
//! child processes, one module per former test binary.
//!
//! One binary for many modules: each test binary links the whole crate and
//! its dependencies, so fewer of them build and link faster and fill less disk.

#[path = "../support/mod.rs"]
mod support;

mod e2e_analysis;
mod e2e_anywhere;
mod e2e_bot;
mod e2e_corr;
mod e2e_defer;
mod e2e_fairness;
mod e2e_games;
mod e2e_ops;
mod e2e_permissions;
mod e2e_process;
mod e2e_profiles;
mod e2e_rate_limits;
mod e2e_registration;
mod e2e_relay;
mod e2e_reminders;
mod e2e_resilience;
mod e2e_shards;
mod e2e_takeback;
mod e2e_tournaments;
mod e2e_training;
mod e2e_web;
mod e2e_web_trust;
mod fake_discord_fixtures;
mod fake_discord_smoke;
