//! `export` and `import`: move the whole store to and from JSON Lines, for
//! backups and for moving between sled and PostgreSQL (docs/storage.md).
//! `store set-aside list` and `restore`: the damaged entries the bot set
//! aside, and putting one back.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context};
use isolo_bot::store::{
    self, decode, export_jsonl, import_jsonl, keys, Space, StorageConfig, Store, Versioned,
};
use isolo_bot::table::{
    date_of, Challenge, FinishedGame, LiveGame, PlayerStats, SystemClock, Table, TableConfig,
};
use serde::Deserialize;

/// Config file read when `--config` is not given, if it exists.
const DEFAULT_CONFIG: &str = "config.toml";

/// Which store to use: the config's `[storage]`, with overrides.
#[derive(clap::Args)]
pub struct StoreArgs {
    /// Config file with a `[storage]` table [default: config.toml if it exists].
    #[arg(long, env = "ISOLO_CONFIG")]
    pub config: Option<PathBuf>,
    /// Use the sled database in this directory (overrides the config and DATABASE_URL).
    #[arg(long, conflicts_with = "url")]
    pub path: Option<PathBuf>,
    /// Use this PostgreSQL database. Prefer DATABASE_URL for URLs with a
    /// password: other users can see command lines.
    #[arg(long)]
    pub url: Option<String>,
    /// PostgreSQL schema (overrides `[storage] schema`).
    #[arg(long)]
    pub schema: Option<String>,
}

/// Arguments of `isolo-bot export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// File to write (JSON Lines).
    #[arg(long)]
    pub out: PathBuf,
    /// The store to read.
    #[command(flatten)]
    pub store: StoreArgs,
}

/// Arguments of `isolo-bot import`.
#[derive(clap::Args)]
pub struct ImportArgs {
    /// Export file to load (JSON Lines).
    pub file: PathBuf,
    /// The (empty) store to load it into.
    #[command(flatten)]
    pub store: StoreArgs,
}

/// Arguments of `isolo-bot store`.
#[derive(clap::Args)]
pub struct StoreCmdArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: StoreCommand,
}

/// The subcommands of `isolo-bot store`.
#[derive(clap::Subcommand)]
pub enum StoreCommand {
    /// Entries the bot could not read and set aside (kept, never deleted).
    #[command(subcommand)]
    SetAside(SetAsideCommand),
}

/// The subcommands of `isolo-bot store set-aside`.
#[derive(clap::Subcommand)]
pub enum SetAsideCommand {
    /// List them: key, where each came from, when and why.
    List {
        /// The store to read.
        #[command(flatten)]
        store: StoreArgs,
    },
    /// Put one back where it was (refused if its place holds an entry again).
    Restore {
        /// The set-aside entry's key, as `list` prints it.
        key: String,
        /// The store to change.
        #[command(flatten)]
        store: StoreArgs,
    },
}

/// The part of the config file these commands read; other tables are ignored.
#[derive(Deserialize)]
struct ConfigFile {
    #[serde(default)]
    storage: StorageConfig,
}

impl StoreArgs {
    fn storage_config(&self) -> anyhow::Result<StorageConfig> {
        let path = match self.config.as_deref() {
            Some(p) => Some(p),
            None if Path::new(DEFAULT_CONFIG).exists() => Some(Path::new(DEFAULT_CONFIG)),
            None => None,
        };
        let mut cfg = match path {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading config {}", path.display()))?;
                let file: ConfigFile =
                    toml::from_str(&text).with_context(|| format!("parsing config {}", path.display()))?;
                file.storage
            }
            None => StorageConfig::default(),
        };
        if let Some(path) = &self.path {
            cfg.path = path.clone();
            // An empty URL selects sled, whatever the config or DATABASE_URL say.
            cfg.url = Some(String::new());
        }
        if let Some(url) = &self.url {
            cfg.url = Some(url.clone());
        }
        if let Some(schema) = &self.schema {
            cfg.schema = Some(schema.clone());
        }
        Ok(cfg)
    }

    /// Opens the store these options name, and says which it is.
    pub fn open(&self) -> anyhow::Result<(Arc<dyn Store>, String)> {
        let cfg = self.storage_config()?;
        let what = cfg.describe();
        let store = store::open(&cfg).with_context(|| format!("opening the {what}"))?;
        Ok((store, what))
    }
}

/// Export every entry. Writes to a side file and renames it into place, so a
/// failed export never leaves a truncated backup under the requested name.
pub fn export(args: &ExportArgs) -> anyhow::Result<()> {
    let (store, what) = args.store.open()?;
    let partial = args.out.with_extension("jsonl.partial");
    let file = File::create(&partial).with_context(|| format!("creating {}", partial.display()))?;
    let mut out = BufWriter::new(file);
    let report = export_jsonl(&*store, &mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    std::fs::rename(&partial, &args.out)?;
    println!(
        "exported {} entries from the {what} to {}",
        report.entries,
        args.out.display()
    );
    for err in &report.skipped {
        eprintln!("skipped: {err}");
    }
    if !report.skipped.is_empty() {
        bail!("{} unreadable entries were not exported", report.skipped.len());
    }
    Ok(())
}

/// Runs `isolo-bot store ...`.
pub fn store(args: &StoreCmdArgs) -> anyhow::Result<()> {
    let StoreCommand::SetAside(command) = &args.command;
    let open = |store: &StoreArgs| -> anyhow::Result<(Table, String)> {
        let (store, what) = store.open()?;
        Ok((
            Table::new(store, Arc::new(SystemClock), TableConfig::default()),
            what,
        ))
    };
    match command {
        SetAsideCommand::List { store } => {
            let (table, what) = open(store)?;
            let all = table.set_aside_all()?;
            for e in &all {
                let at =
                    keys::from_hex(&e.kept.key).map_or_else(|| e.kept.key.clone(), |k| keys::display(&k));
                println!(
                    "{}  {}/{}  channel {}  set aside {} ({} ms): {}",
                    e.key,
                    e.kept.space,
                    at,
                    e.channel,
                    date_of(e.kept.at_ms),
                    e.kept.at_ms,
                    e.kept.reason
                );
            }
            println!("{} set-aside entries in the {what}", all.len());
        }
        SetAsideCommand::Restore { key, store } => {
            let (table, what) = open(store)?;
            let e = table.restore_set_aside(key)?;
            println!(
                "restored {} to {}/{} in the {what}; channel {}'s clock looks at it now",
                e.key,
                e.kept.space,
                keys::from_hex(&e.kept.key).map_or_else(|| e.kept.key.clone(), |k| keys::display(&k)),
                e.channel
            );
        }
    }
    Ok(())
}

/// Import an export into the (empty) configured store, checking every entry
/// as the bot will read it.
pub fn import(args: &ImportArgs) -> anyhow::Result<()> {
    let (store, what) = args.store.open()?;
    let file = File::open(&args.file).with_context(|| format!("opening {}", args.file.display()))?;
    let report = import_jsonl(&*store, BufReader::new(file), &check_entry)
        .with_context(|| format!("importing {} into the {what}", args.file.display()))?;
    println!("imported {report} from {} into the {what}", args.file.display());
    Ok(())
}

/// Decode an entry as the type the bot keeps in its space, keyed as it keys
/// it. Deadlines are checked by the store itself.
fn check_entry(space: Space, key: &[u8], value: &[u8]) -> Result<(), String> {
    fn typed<T: Versioned>(space: Space, key: &[u8], value: &[u8]) -> Result<(), String> {
        decode::<T>(space, key, value)
            .map(drop)
            .map_err(|e| e.to_string())
    }
    let id_key = || {
        keys::parse_id(key)
            .map(drop)
            .ok_or_else(|| "the key is not an id".to_owned())
    };
    match space {
        Space::Games => id_key().and_then(|()| typed::<LiveGame>(space, key, value)),
        // A channel, then (since several challenges may wait in one) the pair.
        Space::Challenges => match key.len() {
            8 | 24 => typed::<Challenge>(space, key, value),
            _ => Err("the key is not a channel and two member ids".to_owned()),
        },
        Space::Records => id_key().and_then(|()| typed::<FinishedGame>(space, key, value)),
        Space::Ratings => keys::parse_rating(key)
            .ok_or_else(|| "the key is not a guild and user id".to_owned())
            .and_then(|_| typed::<PlayerStats>(space, key, value)),
        // Meta holds the table's private counters, which only need to be envelopes.
        Space::Deadlines | Space::Meta => Ok(()),
    }
}
