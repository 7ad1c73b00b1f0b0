//! The subcommands of the `isolo-bot` binary.

pub mod analyse;
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
