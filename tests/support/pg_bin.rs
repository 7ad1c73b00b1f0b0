//! Where PostgreSQL's server programs are installed, if anywhere. Shared by
//! `build.rs` (which tells the tests whether they can run) and the tests'
//! throwaway server (`pg_server.rs`): std only.

use std::path::PathBuf;

/// The directory holding `initdb` and `postgres`: the newest
/// `/usr/lib/postgresql/<major>/bin` (Debian, Ubuntu), else one on `PATH`.
pub fn bin_dir() -> Option<PathBuf> {
    let has_server = |dir: &PathBuf| dir.join("initdb").is_file() && dir.join("postgres").is_file();
    let mut versioned: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let major = e.file_name().to_str()?.parse().ok()?;
            Some((major, e.path().join("bin")))
        })
        .filter(|(_, dir)| has_server(dir))
        .collect();
    versioned.sort();
    if let Some((_, dir)) = versioned.pop() {
        return Some(dir);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find(has_server)
}
