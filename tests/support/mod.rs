//! Helpers shared by the integration tests.
//!
//! Each test binary compiles this module on its own and uses only part of it,
//! hence the crate-wide `dead_code` and `unused_imports` allowances.
#![allow(dead_code, unused_imports)]

pub mod bot;
pub mod browser;
pub mod fake_discord;
pub mod faulty;
pub mod ops;
pub mod pg_bin;
#[cfg(unix)]
pub mod pg_server;
pub mod site;
pub mod store;
