//! Game records in the spirit of PGN: tag pairs, then numbered moves.
//!
//! ```text
//! [Variant "boys"]
//! [CaptureFrom "origin"]
//! [AfterCapture "end"]
//! [First "south"]
//! [South "alice"]
//! [North "bob"]
//! [Date "2026.11.30"]
//! [Result "1-0"]
//! [Termination "resignation"]
//!
//! 1. h1 h4 2. c1 f4 1-0
//! ```
//!
//! Moves are numbered in pairs from the first player; `First` says who that is.
//! A game that did not start from the variant's setup has a `Position` tag.
//!
//! Records always state both house rules. A record with a `CaptureFrom` tag
//! but no `AfterCapture` tag was written under rule book version 1, so it is
//! read with captures going on, as it was played; one with neither tag gets
//! the default rules.

use std::fmt;
use std::str::FromStr;

use super::{
    AfterCapture, CaptureFrom, Game, IllegalMove, Move, Outcome, Position, Rules, Side, Termination, Variant,
};

/// A game record: the setup, the players, the moves and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Variant, house rules and first player.
    pub rules: Rules,
    /// The start position when it is not the variant's setup.
    pub start: Option<Position>,
    /// South's name.
    pub south: Option<String>,
    /// North's name.
    pub north: Option<String>,
    /// The date the game started, `YYYY.MM.DD`.
    pub date: Option<String>,
    /// Other tags, kept in order (`Event`, `Site`, ...).
    pub extra: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<Move>,
    /// The result, `None` for an unfinished or aborted game.
    pub outcome: Option<Outcome>,
    /// Why the game ended.
    pub termination: Option<Termination>,
}

/// Why a record could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is malformed.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A move is illegal when replayed.
    #[error("ply {ply} ({mv}) is illegal: {reason}")]
    Illegal {
        /// 1-based ply number.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why.
        reason: IllegalMove,
    },
    /// The stated result disagrees with the moves.
    #[error("the record says {stated} but the moves give {actual}")]
    WrongResult {
        /// The result in the record.
        stated: String,
        /// The result of the replay.
        actual: String,
    },
}

impl Record {
    /// A record of a game, with optional player names and date.
    pub fn from_game(game: &Game) -> Record {
        let start = game.start();
        Record {
            rules: game.rules(),
            start: (!start.is_start()).then_some(*start),
            south: None,
            north: None,
            date: None,
            extra: Vec::new(),
            moves: game.moves().to_vec(),
            outcome: game.result().map(|r| r.outcome),
            termination: game.result().map(|r| r.termination),
        }
    }

    /// The start position.
    pub fn start_position(&self) -> Position {
        self.start.unwrap_or_else(|| Position::new(self.rules))
    }

    /// Replays the moves and checks the stated result against the rules.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let mut game = Game::from_position(self.start_position());
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|reason| RecordError::Illegal {
                ply: i + 1,
                mv,
                reason,
            })?;
        }
        match (game.result(), self.outcome, self.termination) {
            (Some(r), stated, _) if stated != Some(r.outcome) => {
                return Err(RecordError::WrongResult {
                    stated: stated.map_or("no result", |o| o.notation()).into(),
                    actual: r.outcome.notation().into(),
                })
            }
            (
                None,
                _,
                Some(t @ (Termination::NoLegalMove | Termination::Repetition | Termination::PlyLimit)),
            ) => {
                return Err(RecordError::WrongResult {
                    stated: t.name().into(),
                    actual: "a game still in progress".into(),
                })
            }
            (None, Some(o), t) => {
                let t = t.unwrap_or(Termination::Resignation);
                game.end(super::GameResult {
                    outcome: o,
                    termination: t,
                })
                .expect("game in progress");
            }
            _ => {}
        }
        Ok(game)
    }
}

fn quote(v: &str) -> String {
    let mut s = String::with_capacity(v.len() + 2);
    s.push('"');
    for c in v.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tag = |name: &str, value: &str| writeln!(f, "[{name} {}]", quote(value));
        tag("Variant", self.rules.variant.name())?;
        tag("CaptureFrom", self.rules.capture_from.name())?;
        tag("AfterCapture", self.rules.after_capture.name())?;
        tag("First", self.rules.first.name())?;
        if let Some(s) = &self.south {
            tag("South", s)?;
        }
        if let Some(s) = &self.north {
            tag("North", s)?;
        }
        if let Some(s) = &self.date {
            tag("Date", s)?;
        }
        tag("Result", self.outcome.map_or("*", |o| o.notation()))?;
        if let Some(t) = self.termination {
            tag("Termination", t.name())?;
        }
        if let Some(p) = &self.start {
            tag("Position", &p.to_string())?;
        }
        for (k, v) in &self.extra {
            tag(k, v)?;
        }
        writeln!(f)?;
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            let token = if i % 2 == 0 {
                format!("{}. {m}", i / 2 + 1)
            } else {
                m.to_string()
            };
            if !line.is_empty() && line.len() + token.len() + 1 > 78 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(self.outcome.map_or("*", |o| o.notation()));
        writeln!(f, "{line}")
    }
}

/// Reads `[Name "value"]`, returning the name and unescaped value.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| (name.to_string(), value))
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let syntax = |line: usize, message: String| RecordError::Syntax { line, message };
        let mut rec = Record {
            rules: Rules::new(Variant::Women),
            start: None,
            south: None,
            north: None,
            date: None,
            extra: Vec::new(),
            moves: Vec::new(),
            outcome: None,
            termination: None,
        };
        let mut variant = None;
        let (mut capture_stated, mut after_stated) = (false, false);
        let mut stated = None;
        let mut position_tag = None;
        let mut token_result: Option<Option<Outcome>> = None;
        let mut in_comment = false;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if !in_comment && line.starts_with('[') {
                if !rec.moves.is_empty() || token_result.is_some() {
                    return Err(syntax(n, "a tag after the moves".into()));
                }
                let (name, value) = parse_tag(line)
                    .ok_or_else(|| syntax(n, "malformed tag: write [Name \"value\"]".into()))?;
                let bad = |what: String| syntax(n, what);
                match name.as_str() {
                    "Variant" => variant = Some(value.parse::<Variant>().map_err(|e| bad(e.to_string()))?),
                    "CaptureFrom" => {
                        capture_stated = true;
                        rec.rules.capture_from =
                            value.parse::<CaptureFrom>().map_err(|e| bad(e.to_string()))?
                    }
                    "AfterCapture" => {
                        after_stated = true;
                        rec.rules.after_capture =
                            value.parse::<AfterCapture>().map_err(|e| bad(e.to_string()))?
                    }
                    "First" => rec.rules.first = value.parse::<Side>().map_err(|e| bad(e.to_string()))?,
                    "South" => rec.south = Some(value),
                    "North" => rec.north = Some(value),
                    "Date" => rec.date = Some(value),
                    "Result" => {
                        stated = Some(match value.as_str() {
                            "*" => None,
                            v => Some(Outcome::from_notation(v).ok_or_else(|| {
                                bad(format!("`{v}` is not a result: 1-0, 0-1, 1/2-1/2 or *"))
                            })?),
                        })
                    }
                    "Termination" => {
                        rec.termination = Some(
                            Termination::from_name(&value)
                                .ok_or_else(|| bad(format!("`{value}` is not a termination")))?,
                        )
                    }
                    "Position" => position_tag = Some((n, value)),
                    _ => rec.extra.push((name, value)),
                }
                continue;
            }
            for token in line.split_whitespace() {
                if in_comment {
                    in_comment = !token.ends_with('}');
                    continue;
                }
                if token.starts_with('{') {
                    in_comment = !token.ends_with('}');
                    continue;
                }
                if token_result.is_some() {
                    return Err(syntax(n, format!("`{token}` after the result")));
                }
                if token == "*" {
                    token_result = Some(None);
                    continue;
                }
                if let Some(o) = Outcome::from_notation(token) {
                    token_result = Some(Some(o));
                    continue;
                }
                let mv = token
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .trim_start_matches('.');
                if mv.is_empty() {
                    continue;
                }
                let mv: Move = mv
                    .parse()
                    .map_err(|e: super::ParsePitError| syntax(n, e.to_string()))?;
                rec.moves.push(mv);
            }
        }
        if in_comment {
            return Err(syntax(text.lines().count(), "unclosed comment".into()));
        }
        rec.rules.variant = variant.ok_or_else(|| syntax(1, "the Variant tag is missing".into()))?;
        if capture_stated && !after_stated {
            rec.rules.after_capture = AfterCapture::Continue;
        }
        if let Some((n, p)) = position_tag {
            let mut p: Position = p
                .parse()
                .map_err(|e: super::ParsePositionError| syntax(n, e.to_string()))?;
            if !after_stated && p.after_capture() == AfterCapture::End {
                // Version 1 position texts did not name the after-capture rule.
                p = p.with_house_rules(p.capture_from(), rec.rules.after_capture);
            }
            if p.variant() != rec.rules.variant
                || p.capture_from() != rec.rules.capture_from
                || p.after_capture() != rec.rules.after_capture
                || p.to_move() != rec.rules.first
            {
                return Err(syntax(
                    n,
                    "the Position tag disagrees with Variant, CaptureFrom, AfterCapture or First".into(),
                ));
            }
            rec.start = Some(p);
        }
        rec.outcome = match (stated, token_result) {
            (Some(a), Some(b)) if a != b => {
                return Err(syntax(
                    text.lines().count(),
                    "the Result tag and the result after the moves disagree".into(),
                ))
            }
            (Some(a), _) => a,
            (None, Some(b)) => b,
            (None, None) => None,
        };
        Ok(rec)
    }
}
