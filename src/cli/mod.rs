//! The subcommands of the `isolo-bot` binary.

pub mod play;
pub mod render;
pub mod replay;
pub mod review;
pub mod run;
pub mod selfplay;
pub mod store_cmd;
pub mod words;

use clap::Args;
use isolo_bot::engine::{CaptureFrom, Move, Record, Rules, Side, Variant};

/// The options that choose a game's rules and moves, shared by several commands.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// women or boys.
    #[arg(long, default_value = "women")]
    pub variant: Variant,
    /// Who moves first: south or north.
    #[arg(long)]
    pub first: Option<Side>,
    /// Where captured seeds are sown from: origin or capture-pit.
    #[arg(long)]
    pub capture_from: Option<CaptureFrom>,
    /// Moves separated by spaces, like "b2 h4 d2".
    #[arg(long)]
    pub moves: Option<String>,
    /// A game record file; its tags set the rules and its moves come first.
    #[arg(long)]
    pub record: Option<std::path::PathBuf>,
}

impl GameArgs {
    /// The rules and the moves to play, from the record and the options.
    pub fn rules_and_moves(&self) -> anyhow::Result<(Rules, Vec<Move>)> {
        self.load().map(|(rules, moves, _)| (rules, moves))
    }

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
        if let Some(c) = self.capture_from {
            rules.capture_from = c;
        }
        if let Some(text) = &self.moves {
            for token in text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
            {
                moves.push(token.parse().map_err(|e| anyhow::anyhow!("{e}"))?);
            }
        }
        Ok((rules, moves, record))
    }
}
