//! Tells the tests whether PostgreSQL is there for them (`cfg(isolo_pg)`):
//! `ISOLO_TEST_PG_URL` names a server, or PostgreSQL is installed and the
//! tests start their own. Without either, the PostgreSQL tests are reported
//! as ignored, with the reason, rather than passing without running.
//! (After installing PostgreSQL, `touch build.rs` or set the variable.)
//!
//! Likewise `cfg(isolo_fonts)`: the system's fonts for the scripts the
//! pictures' tests draw (Debian's `fonts-noto-core`, `fonts-noto-cjk`,
//! `fonts-noto-color-emoji`) are installed.

#[path = "tests/support/pg_bin.rs"]
mod pg_bin;

/// Where the pictures look for the system's fonts (fontdb's folders on Linux).
const FONT_DIRS: [&str; 2] = ["/usr/share/fonts", "/usr/local/share/fonts"];

/// Font files the script tests need, by the start of their names.
const TEST_FONTS: [&str; 6] = [
    "NotoSansArabic-",
    "NotoSansHebrew-",
    "NotoSansDevanagari-",
    "NotoSansThai-",
    "NotoSansCJK-",
    "NotoColorEmoji",
];

/// The file names under `dir`, all the way down.
fn file_names(dir: &std::path::Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            file_names(&path, out);
        } else if let Some(n) = path.file_name().and_then(|n| n.to_str()) {
            out.push(n.to_string());
        }
    }
}

fn fonts_installed() -> bool {
    let mut names = Vec::new();
    for dir in FONT_DIRS {
        let dir = std::path::Path::new(dir);
        if dir.is_dir() {
            println!("cargo::rerun-if-changed={}", dir.display());
            file_names(dir, &mut names);
        }
    }
    TEST_FONTS.iter().all(|f| names.iter().any(|n| n.starts_with(f)))
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(isolo_pg)");
    println!("cargo::rustc-check-cfg=cfg(isolo_fonts)");
    if fonts_installed() {
        println!("cargo::rustc-cfg=isolo_fonts");
    }
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=tests/support/pg_bin.rs");
    println!("cargo::rerun-if-env-changed=ISOLO_TEST_PG_URL");
    let url = std::env::var("ISOLO_TEST_PG_URL").is_ok_and(|u| !u.trim().is_empty());
    if url || pg_bin::bin_dir().is_some() {
        println!("cargo::rustc-cfg=isolo_pg");
    }
}
