//! The fuzz targets' checks under `cargo test`: every seed
//! (`fuzz/seeds/TARGET/`) and every input a target once crashed on
//! (`fuzz/regressions/TARGET/`) goes through the target's check again.

use std::path::Path;

use crate::checks;

#[test]
fn every_seed_and_past_crash_passes_its_target_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut ran = Vec::new();
    for (target, check) in checks::TARGETS {
        for kind in ["seeds", "regressions"] {
            let Ok(files) = std::fs::read_dir(root.join(kind).join(target)) else {
                continue;
            };
            for file in files {
                let path = file.expect("a directory entry").path();
                let data = std::fs::read(&path).expect("a fuzz input");
                // Names the input if the check panics.
                eprintln!("{target}: {}", path.display());
                check(&data);
                ran.push(target);
            }
        }
    }
    for (target, _) in checks::TARGETS {
        assert!(ran.contains(&target), "no input for {target}");
    }
}
