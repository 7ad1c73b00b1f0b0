//! isolo-bot: host the Sukuma mancala game Isolo in Discord group chats.
//!
//! The crate is laid out by responsibility, with dependencies pointing one way
//! (`discord -> table -> engine/store/render/ai -> engine`):
//!
//! - [`engine`]: the rules of Isolo. Pure, no I/O, fast.
//! - [`ai`]: computer opponents built on the engine.
//! - [`render`]: board pictures (PNG), the sowing animation (GIF) and text boards.
//! - [`store`]: durable, versioned, compare-and-swap storage (sled by default).
//! - [`table`]: hosting games in a chat: challenges, turns, clocks, ratings;
//!   it answers with data, and each front end words it.
//! - [`discord`]: the serenity/poise adapter.
//! - [`config`]: the configuration file.
//! - [`metrics`]: counters and the operator's `/metrics` and `/healthz` page.
//!
//! `ARCHITECTURE.md` follows a move from Discord to disk and back, and says
//! where a new command, message or storage backend goes.
#![warn(missing_docs)]
pub mod ai;
pub mod config;
pub mod discord;
pub mod engine;
pub mod logging;
pub mod metrics;
pub mod render;
pub mod store;
pub mod table;
pub mod web;
pub mod words;
