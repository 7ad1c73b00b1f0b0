//! The stores: conformance of every backend, sled and PostgreSQL on their
//! own, moving between them, and a full disk.
//!
//! One binary for many modules: each test binary links the whole crate and
//! its dependencies, so fewer of them build and link faster and fill less disk.

#[path = "../support/mod.rs"]
mod support;

mod store_conformance;
mod store_full_disk;
mod store_move;
mod store_pg;
mod store_profiles;
mod store_sled;
