//! isolo-bot: host the Sukuma mancala game Isolo in Discord group chats.
//!
//! The crate is laid out by responsibility, with dependencies pointing one way
//! (`discord -> table -> engine/store/render/ai -> engine`):
//!
//! - [`engine`]: the rules of Isolo. Pure, no I/O, fast.
//! - [`render`]: board pictures (PNG), the sowing animation (GIF) and text boards.
pub mod engine;
pub mod render;
