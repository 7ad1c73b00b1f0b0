//! `export` and `import`: move the whole store to and from JSON Lines.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use isolo_bot::store::{export_jsonl, import_jsonl, SledStore, StorageConfig};
use serde::Deserialize;

/// Config file read when `--config` is not given, if it exists.
const DEFAULT_CONFIG: &str = "config.toml";

/// Arguments of `isolo-bot export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// File to write (JSON Lines).
    #[arg(long)]
    pub out: PathBuf,
    /// Config file with a `[storage]` table.
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// Arguments of `isolo-bot import`.
#[derive(clap::Args)]
pub struct ImportArgs {
    /// Export file to load (JSON Lines).
    pub file: PathBuf,
    /// Config file with a `[storage]` table.
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// The part of the config file these commands read; other tables are ignored.
#[derive(Deserialize)]
struct ConfigFile {
    #[serde(default)]
    storage: StorageConfig,
}

fn storage_config(path: Option<&Path>) -> anyhow::Result<StorageConfig> {
    let path = match path {
        Some(p) => p,
        None if Path::new(DEFAULT_CONFIG).exists() => Path::new(DEFAULT_CONFIG),
        None => return Ok(StorageConfig::default()),
    };
    let text = std::fs::read_to_string(path).with_context(|| format!("reading config {}", path.display()))?;
    let file: ConfigFile =
        toml::from_str(&text).with_context(|| format!("parsing config {}", path.display()))?;
    Ok(file.storage)
}

fn open(config: Option<&Path>) -> anyhow::Result<SledStore> {
    let cfg = storage_config(config)?;
    SledStore::open(&cfg).with_context(|| format!("opening store {}", cfg.path.display()))
}

/// Export every entry. Writes to a side file and renames it into place, so a
/// failed export never leaves a truncated backup under the requested name.
pub fn export(args: &ExportArgs) -> anyhow::Result<()> {
    let store = open(args.config.as_deref())?;
    let partial = args.out.with_extension("jsonl.partial");
    let file = File::create(&partial).with_context(|| format!("creating {}", partial.display()))?;
    let mut out = BufWriter::new(file);
    let report = export_jsonl(&store, &mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    std::fs::rename(&partial, &args.out)?;
    println!("exported {} entries to {}", report.entries, args.out.display());
    for err in &report.skipped {
        eprintln!("skipped: {err}");
    }
    if !report.skipped.is_empty() {
        bail!("{} unreadable entries were not exported", report.skipped.len());
    }
    Ok(())
}

/// Import an export into the (empty) configured store.
pub fn import(args: &ImportArgs) -> anyhow::Result<()> {
    let store = open(args.config.as_deref())?;
    let file = File::open(&args.file).with_context(|| format!("opening {}", args.file.display()))?;
    let n = import_jsonl(&store, BufReader::new(file))?;
    println!("imported {n} entries from {}", args.file.display());
    Ok(())
}
