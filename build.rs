//! Tells the tests whether PostgreSQL is there for them (`cfg(isolo_pg)`):
//! `ISOLO_TEST_PG_URL` names a server, or PostgreSQL is installed and the
//! tests start their own. Without either, the PostgreSQL tests are reported
//! as ignored, with the reason, rather than passing without running.
//! (After installing PostgreSQL, `touch build.rs` or set the variable.)
//!
//! Likewise `cfg(isolo_fonts)`: the system's fonts for the scripts the
//! pictures' tests draw (Debian's `fonts-noto-core`, `fonts-noto-cjk`,
//! `fonts-noto-color-emoji`) are installed.
//!
//! It also embeds every language folder under `locales/` (`words::LOCALES`),
//! so adding a language is copying a folder: no list to keep in code.

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

/// Whether the browser tests have a Chromium: `ISOLO_TEST_CHROMIUM`, or
/// `chromium` on the PATH (Debian's package).
fn chromium_installed() -> bool {
    if std::env::var_os("ISOLO_TEST_CHROMIUM").is_some() {
        return true;
    }
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    let mut found = false;
    for d in std::env::split_paths(&path).filter(|d| d.is_dir()) {
        // Installing a package changes the folder: look again then.
        println!("cargo::rerun-if-changed={}", d.display());
        found |= ["chromium", "chromium-browser"]
            .iter()
            .any(|n| d.join(n).is_file());
    }
    found
}

fn main() {
    embed_locales();
    println!("cargo::rustc-check-cfg=cfg(isolo_pg)");
    println!("cargo::rustc-check-cfg=cfg(isolo_fonts)");
    println!("cargo::rustc-check-cfg=cfg(isolo_chromium)");
    println!("cargo::rerun-if-env-changed=ISOLO_TEST_CHROMIUM");
    if chromium_installed() {
        println!("cargo::rustc-cfg=isolo_chromium");
    }
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

/// Writes `$OUT_DIR/locales.rs`: each language tag with its `.ftl` files,
/// sorted so that the build is reproducible.
fn embed_locales() {
    use std::fmt::Write;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo::rerun-if-changed=locales");
    let mut langs: Vec<_> = std::fs::read_dir(&root)
        .expect("locales/ folder")
        .map(|e| e.expect("locales/ entry").path())
        .filter(|p| p.is_dir())
        .collect();
    langs.sort();
    let mut out = String::from("&[\n");
    for dir in langs {
        let tag = dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 folder name");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("language folder")
            .map(|e| e.expect("language folder entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        let _ = writeln!(out, "    ({tag:?}, &[");
        for f in files {
            let name = f.file_name().and_then(|n| n.to_str()).expect("a UTF-8 file name");
            let path = f.to_str().expect("a UTF-8 path");
            let _ = writeln!(out, "        ({name:?}, include_str!({path:?})),");
        }
        out.push_str("    ]),\n");
    }
    out.push(']');
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("locales.rs");
    std::fs::write(dest, out).expect("write locales.rs");
}
