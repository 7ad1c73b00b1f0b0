//! The subcommands of the `isolo-bot` binary.

pub mod analyse;
pub mod forget;
pub mod healthcheck;
pub mod play;
pub mod puzzles;
pub mod render;
pub mod replay;
pub mod review;
pub mod run;
pub mod selfplay;
pub mod store_cmd;
pub mod train;
pub mod words;

use std::fmt;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;
use isolo_bot::ai::Level;
use isolo_bot::engine::{AfterCapture, CaptureFrom, Move, Record, Rules, Side, Variant};

/// A move the engine refused, or text that names no pit: the commands that
/// replay moves exit with status 2 and print this one line.
#[derive(Debug)]
pub struct RefusedMove(pub String);

impl fmt::Display for RefusedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RefusedMove {}

/// Exit status of a configuration error (sysexits.h `EX_CONFIG`): service
/// managers are told not to restart on it (`RestartPreventExitStatus=78`),
/// since the same file fails the same way again.
pub const EX_CONFIG: u8 = 78;

/// A configuration error: no token, an unknown key, a bad value, a missing
/// file that was named. Commands exit with [`EX_CONFIG`] on it.
#[derive(Debug)]
pub struct ConfigFailure(pub anyhow::Error);

impl fmt::Display for ConfigFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for ConfigFailure {}

/// Marks `e` as a [`ConfigFailure`].
pub fn config_failure(e: anyhow::Error) -> anyhow::Error {
    anyhow::Error::new(ConfigFailure(e))
}

/// The config file `--config` or `ISOLO_CONFIG` names (then it must exist),
/// else `config.toml` if it exists.
#[derive(Args, Debug, Clone, Default)]
pub struct ConfigArg {
    /// The config file (see config.example.toml) [default: config.toml if it exists].
    #[arg(long, env = "ISOLO_CONFIG")]
    pub config: Option<std::path::PathBuf>,
}

impl ConfigArg {
    /// Loads and checks the config; any problem is a [`ConfigFailure`].
    pub fn load(&self) -> anyhow::Result<isolo_bot::config::Config> {
        let path = self
            .config
            .clone()
            .unwrap_or_else(|| std::path::PathBuf::from("config.toml"));
        isolo_bot::config::Config::load(&path, self.config.is_some()).map_err(config_failure)
    }
}

/// A parser for a `FromStr` type whose values `--help` lists.
fn listed<T>(names: impl IntoIterator<Item = impl Into<PossibleValue>>) -> impl TypedValueParser<Value = T>
where
    T: std::str::FromStr + Clone + Send + Sync + 'static,
    T::Err: fmt::Display,
{
    PossibleValuesParser::new(names).try_map(|s: String| s.parse::<T>().map_err(|e| e.to_string()))
}

/// The values of a `--variant` option.
const VARIANTS: [&str; 2] = ["women", "boys"];

/// A parser for a computer level, listing them all in `--help`.
fn level() -> impl TypedValueParser<Value = Level> {
    listed::<Level>(Level::ALL.map(Level::name))
}

/// The two house-rule switches (rules.md section 6), shared by every command
/// that sets up a game.
#[derive(Args, Debug, Clone, Default)]
pub struct HouseRuleArgs {
    /// Where captured seeds are sown from [default: origin, or the record's rule].
    #[arg(long, value_parser = listed::<CaptureFrom>(["origin", "capture-pit"]))]
    pub capture_from: Option<CaptureFrom>,
    /// After captured seeds are sown, the move ends, or captures go on (house
    /// rule) [default: end, or the record's rule].
    #[arg(long, value_parser = listed::<AfterCapture>(["end", "continue"]))]
    pub after_capture: Option<AfterCapture>,
}

impl HouseRuleArgs {
    /// Sets the switches that were given on `rules`.
    pub fn apply(&self, rules: &mut Rules) {
        if let Some(c) = self.capture_from {
            rules.capture_from = c;
        }
        if let Some(a) = self.after_capture {
            rules.after_capture = a;
        }
    }

    /// The default rules of `variant` with the switches that were given.
    pub fn rules(&self, variant: Variant) -> Rules {
        let mut rules = Rules::new(variant);
        self.apply(&mut rules);
        rules
    }
}

/// The options that choose a game's rules and moves, shared by several commands.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The variant.
    #[arg(long, default_value = "women", value_parser = listed::<Variant>(VARIANTS))]
    pub variant: Variant,
    /// Who moves first [default: south, or the record's].
    #[arg(long, value_parser = listed::<Side>(["south", "north"]))]
    pub first: Option<Side>,
    #[command(flatten)]
    pub house: HouseRuleArgs,
    /// Moves separated by spaces, like "b2 h4 d2".
    #[arg(long)]
    pub moves: Option<String>,
    /// A game record file; its tags set the rules and its moves come first.
    #[arg(long)]
    pub record: Option<std::path::PathBuf>,
}

impl GameArgs {
    /// The rules, the moves (the record's, then `--moves`), and the record.
    pub fn load(&self) -> anyhow::Result<(Rules, Vec<Move>, Option<Record>)> {
        let mut rules = Rules::new(self.variant);
        let mut moves = Vec::new();
        let mut record = None;
        if let Some(path) = &self.record {
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            let rec: Record = text
                .parse()
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            rules = rec.rules;
            moves = rec.moves.clone();
            record = Some(rec);
        }
        if let Some(f) = self.first {
            rules.first = f;
        }
        self.house.apply(&mut rules);
        if let Some(text) = &self.moves {
            for token in text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
            {
                let ply = moves.len() + 1;
                let mv = token
                    .parse()
                    .map_err(|e| RefusedMove(format!("ply {ply}: {e}")))?;
                moves.push(mv);
            }
        }
        Ok((rules, moves, record))
    }
}
