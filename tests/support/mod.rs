//! Helpers shared by the integration tests.
//!
//! Each test binary compiles this module on its own and uses only part of it,
//! hence the crate-wide `dead_code` allowance.
#![allow(dead_code)]

pub mod fake_discord;
