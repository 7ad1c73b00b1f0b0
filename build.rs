//! Tells the tests whether PostgreSQL is there for them (`cfg(isolo_pg)`):
//! `ISOLO_TEST_PG_URL` names a server, or PostgreSQL is installed and the
//! tests start their own. Without either, the PostgreSQL tests are reported
//! as ignored, with the reason, rather than passing without running.
//! (After installing PostgreSQL, `touch build.rs` or set the variable.)

#[path = "tests/support/pg_bin.rs"]
mod pg_bin;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(isolo_pg)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=tests/support/pg_bin.rs");
    println!("cargo::rerun-if-env-changed=ISOLO_TEST_PG_URL");
    let url = std::env::var("ISOLO_TEST_PG_URL").is_ok_and(|u| !u.trim().is_empty());
    if url || pg_bin::bin_dir().is_some() {
        println!("cargo::rustc-cfg=isolo_pg");
    }
}
