//! Export and import of every entry as JSON Lines, for backups and for moving
//! to another backend. One object per line:
//! `{"space":"games","key":"<hex>","version":3,"envelope":{"kind":..,"format":..,"data":..}}`.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use super::{keys, Entry, Envelope, KeyRange, Op, Result, Space, Store, StoreError};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    space: Space,
    key: String,
    version: u64,
    envelope: Envelope,
}

/// What an export wrote and what it could not read.
#[derive(Debug, Default)]
pub struct ExportReport {
    /// Lines written.
    pub entries: usize,
    /// Unreadable entries left out, one error each (keys included).
    pub skipped: Vec<StoreError>,
}

/// Write every readable entry of every space to `out`, one JSON object per
/// line. Unreadable entries are skipped and listed in the report rather than
/// aborting the backup. Spaces are read one after another: export a store no
/// one is writing to for a consistent snapshot.
pub fn export_jsonl<S: Store + ?Sized>(store: &S, mut out: impl Write) -> Result<ExportReport> {
    let mut report = ExportReport::default();
    for space in Space::ALL {
        for (key, rec) in store.scan(space, &KeyRange::all())? {
            let rec = match rec {
                Ok(rec) => rec,
                Err(e) => {
                    report.skipped.push(e);
                    continue;
                }
            };
            let envelope = match serde_json::from_slice::<Envelope>(&rec.value) {
                Ok(env) => env,
                Err(e) => {
                    report.skipped.push(StoreError::Corrupt {
                        space,
                        key,
                        reason: format!("bad envelope: {e}"),
                    });
                    continue;
                }
            };
            let line = Line {
                space,
                key: keys::to_hex(&key),
                version: rec.version,
                envelope,
            };
            serde_json::to_writer(&mut out, &line).map_err(std::io::Error::from)?;
            out.write_all(b"\n")?;
            report.entries += 1;
        }
    }
    out.flush()?;
    Ok(report)
}

/// Load an export into `store`, keeping keys and versions. The whole input is
/// validated first and then written in one atomic commit, so a bad line
/// leaves the store untouched. The store must be empty. Returns the number of
/// entries loaded.
pub fn import_jsonl<S: Store + ?Sized>(store: &S, input: impl BufRead) -> Result<usize> {
    for space in Space::ALL {
        if !store.scan(space, &KeyRange::all().limit(1))?.is_empty() {
            return Err(StoreError::NotEmpty);
        }
    }
    let mut ops = Vec::new();
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: String| StoreError::Import { line: n + 1, reason };
        let parsed: Line = serde_json::from_str(&line).map_err(|e| bad(e.to_string()))?;
        let key = keys::from_hex(&parsed.key).ok_or_else(|| bad("key is not hex".into()))?;
        let value = serde_json::to_vec(&parsed.envelope).map_err(|e| bad(e.to_string()))?;
        ops.push(Op::Restore {
            space: parsed.space,
            key,
            entry: Entry {
                version: parsed.version,
                value,
            },
        });
    }
    if !ops.is_empty() {
        store.commit(&ops)?;
    }
    Ok(ops.len())
}
