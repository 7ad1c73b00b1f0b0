//! Export and import of every entry as JSON Lines, for backups and for moving
//! to another backend. One object per line:
//! `{"space":"games","key":"<hex>","version":3,"envelope":{"kind":..,"format":..,"data":..}}`.
//!
//! Both directions stream: memory stays bounded by a page of entries, not by
//! the size of the store or the file.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::io::{BufRead, Read, Seek, SeekFrom, Write};

use serde::{Deserialize, Serialize};

use super::{
    check_envelope, keys, typed, Deadline, Entry, Envelope, KeyRange, Op, Result, Space, Store, StoreError,
};

/// Entries read per scan while exporting, and written per commit while importing.
const PAGE: usize = 512;
/// Longest line an import reads: a largest value, JSON-escaped, fits easily.
const MAX_LINE: u64 = 1024 * 1024;

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
/// aborting the backup. Spaces are read page by page: export a store no one
/// is writing to for a consistent snapshot.
pub fn export_jsonl<S: Store + ?Sized>(store: &S, mut out: impl Write) -> Result<ExportReport> {
    let mut report = ExportReport::default();
    for space in Space::ALL {
        let mut range = KeyRange::all().limit(PAGE);
        loop {
            let page = store.scan(space, &range)?;
            let full = page.len() == PAGE;
            let Some((last, _)) = page.last() else { break };
            // The next page starts just after the last key.
            range.start = last.iter().copied().chain([0]).collect();
            for (key, entry) in page {
                write_entry(space, key, entry, &mut out, &mut report)?;
            }
            if !full {
                break;
            }
        }
    }
    out.flush()?;
    Ok(report)
}

fn write_entry(
    space: Space,
    key: Vec<u8>,
    entry: Result<Entry>,
    out: &mut impl Write,
    report: &mut ExportReport,
) -> Result<()> {
    let entry = match entry {
        Ok(entry) => entry,
        Err(e) => {
            report.skipped.push(e);
            return Ok(());
        }
    };
    let envelope = match serde_json::from_slice::<Envelope>(&entry.value) {
        Ok(env) => env,
        Err(e) => {
            report.skipped.push(StoreError::Corrupt {
                space,
                key,
                reason: format!("bad envelope: {e}"),
            });
            return Ok(());
        }
    };
    let line = Line {
        space,
        key: keys::to_hex(&key),
        version: entry.version,
        envelope,
    };
    serde_json::to_writer(&mut *out, &line).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    report.entries += 1;
    Ok(())
}

/// How an import checks an entry as the bot would read it: given its space,
/// key and encoded envelope, decode it as the type the bot keeps there.
pub type EntryCheck<'a> = dyn Fn(Space, &[u8], &[u8]) -> Result<(), String> + 'a;

/// What an import stored.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// Entries stored per space.
    pub per_space: BTreeMap<Space, usize>,
    /// Entries stored in all.
    pub entries: usize,
    /// Highest version among them; new commits continue above it.
    pub max_version: u64,
}

impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} entries (", self.entries)?;
        for (i, space) in Space::ALL.iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(f, "{sep}{space} {}", self.per_space.get(space).unwrap_or(&0))?;
        }
        write!(f, "), versions up to {}", self.max_version)
    }
}

impl ImportReport {
    fn add(&mut self, space: Space, version: u64) {
        *self.per_space.entry(space).or_default() += 1;
        self.entries += 1;
        self.max_version = self.max_version.max(version);
    }
}

/// Load an export into the empty `store`, keeping keys and versions.
///
/// A first pass reads the whole input and checks every line: its shape,
/// a possible version (1 to 2^63 - 1, what every backend can hold), no key
/// twice, a consistent deadline index, and `check` (the bot's own decoding
/// of each entry). Only then does a second pass write, [`PAGE`] entries per
/// commit, so bad input leaves the store untouched and memory stays bounded.
/// Should the backend fail during the second pass, the error
/// ([`StoreError::ImportIncomplete`]) says exactly how many entries it stored.
pub fn import_jsonl<S, R>(store: &S, mut input: R, check: &EntryCheck<'_>) -> Result<ImportReport>
where
    S: Store + ?Sized,
    R: BufRead + Seek,
{
    for space in Space::ALL {
        if !store.scan(space, &KeyRange::all().limit(1))?.is_empty() {
            return Err(StoreError::NotEmpty);
        }
    }
    let start = input.stream_position()?;
    let expected = read_checked(&mut input, check, |_| Ok(()))?;
    input.seek(SeekFrom::Start(start))?;

    let mut stored = ImportReport::default();
    let mut page: Vec<Op> = Vec::with_capacity(PAGE);
    let mut pending = ImportReport::default();
    let flush = |page: &mut Vec<Op>, pending: &mut ImportReport, stored: &mut ImportReport| {
        if page.is_empty() {
            return Ok(());
        }
        store.commit(page)?;
        for (space, n) in std::mem::take(&mut pending.per_space) {
            *stored.per_space.entry(space).or_default() += n;
        }
        stored.entries += std::mem::take(&mut pending.entries);
        stored.max_version = stored.max_version.max(pending.max_version);
        page.clear();
        Ok(())
    };
    let written = read_checked(&mut input, check, |(space, key, entry)| {
        pending.add(space, entry.version);
        page.push(Op::Restore { space, key, entry });
        if page.len() == PAGE {
            flush(&mut page, &mut pending, &mut stored)?;
        }
        Ok(())
    })
    .and_then(|total| flush(&mut page, &mut pending, &mut stored).map(|()| total));
    match written {
        Ok(total) if total == expected => Ok(stored),
        Ok(total) => Err(incomplete(
            &stored,
            &expected,
            StoreError::ImportCheck(format!(
                "the file changed while importing: {} entries on the second read, {} on the first",
                total.entries, expected.entries
            )),
        )),
        Err(e) => Err(incomplete(&stored, &expected, e)),
    }
}

fn incomplete(stored: &ImportReport, expected: &ImportReport, error: StoreError) -> StoreError {
    if stored.entries == 0 {
        return error;
    }
    StoreError::ImportIncomplete {
        stored: stored.entries,
        total: expected.entries,
        source: Box::new(error),
    }
}

type Parsed = (Space, Vec<u8>, Entry);

/// Read every line, check it, and hand it to `sink`; returns what was read.
fn read_checked(
    input: &mut impl BufRead,
    check: &EntryCheck<'_>,
    mut sink: impl FnMut(Parsed) -> Result<()>,
) -> Result<ImportReport> {
    let mut seen: HashMap<(Space, Vec<u8>), usize> = HashMap::new();
    let mut index = DeadlineIndex::default();
    let mut report = ImportReport::default();
    let mut text = String::new();
    for n in 1.. {
        text.clear();
        let read = input.by_ref().take(MAX_LINE + 1).read_line(&mut text)?;
        if read == 0 {
            break;
        }
        let bad = |reason: String| StoreError::Import { line: n, reason };
        if read as u64 > MAX_LINE {
            return Err(bad(format!("line longer than {MAX_LINE} bytes")));
        }
        if text.trim().is_empty() {
            continue;
        }
        let (space, key, entry) = parse_line(&text, check).map_err(bad)?;
        if let Some(first) = seen.insert((space, key.clone()), n) {
            return Err(bad(format!(
                "{space}/{} appears twice, first on line {first}",
                keys::display(&key)
            )));
        }
        if space == Space::Deadlines {
            index.add(&key, &entry.value).map_err(bad)?;
        }
        report.add(space, entry.version);
        sink((space, key, entry))?;
    }
    index.consistent()?;
    Ok(report)
}

fn parse_line(text: &str, check: &EntryCheck<'_>) -> Result<Parsed, String> {
    let line: Line = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let key = keys::from_hex(&line.key).ok_or("key is not hex")?;
    if line.version == 0 || i64::try_from(line.version).is_err() {
        return Err(format!("impossible version {}", line.version));
    }
    let value = serde_json::to_vec(&line.envelope).map_err(|e| e.to_string())?;
    check_envelope(line.space, &key, &value).map_err(|e| e.to_string())?;
    if line.space != Space::Deadlines {
        check(line.space, &key, &value)
            .map_err(|e| format!("{}/{}: {e}", line.space, keys::display(&key)))?;
    }
    let entry = Entry {
        version: line.version,
        value,
    };
    Ok((line.space, key, entry))
}

/// The two halves of the deadline index seen so far: they must match.
#[derive(Default)]
struct DeadlineIndex {
    by_time: HashSet<Deadline>,
    by_channel: HashSet<Deadline>,
}

impl DeadlineIndex {
    fn add(&mut self, key: &[u8], value: &[u8]) -> Result<(), String> {
        let stored: Deadline = typed::decode(Space::Deadlines, key, value).map_err(|e| e.to_string())?;
        let fits = match keys::parse_deadline_at(key) {
            Some(at) => at == stored && self.by_time.insert(at),
            None => keys::deadline_of(stored.channel) == key && self.by_channel.insert(stored),
        };
        if fits {
            Ok(())
        } else {
            Err(format!(
                "deadline entry {} does not match its value {stored:?}",
                keys::display(key)
            ))
        }
    }

    fn consistent(&self) -> Result<()> {
        match self.by_time.symmetric_difference(&self.by_channel).next() {
            None => Ok(()),
            Some(d) => Err(StoreError::ImportCheck(format!(
                "the deadline index is incomplete: channel {} at {} lacks its other half",
                d.channel, d.at
            ))),
        }
    }
}
