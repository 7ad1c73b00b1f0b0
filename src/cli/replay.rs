//! `isolo-bot replay`: print every position of a game, as text or JSON.

use std::process::ExitCode;

use anyhow::{anyhow, bail};
use clap::Args;
use isolo_bot::engine::{Game, Move, Pit, Position, Record, Rules, Side};
use isolo_bot::logging::printable;
use serde_json::{json, Value};

use super::GameArgs;

/// Options of `replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Print one JSON object instead of text boards.
    #[arg(long)]
    json: bool,
}

/// The game before the moves: the record's `Position` tag when it has one
/// (as `review` replays it), else the variant's setup. Options that
/// contradict the tag are refused rather than silently dropped.
pub fn start_game(rules: Rules, record: Option<&Record>) -> anyhow::Result<Game> {
    let Some(start) = record.and_then(|r| r.start) else {
        return Ok(Game::new(rules));
    };
    if start.to_move() != rules.first {
        bail!("--first must agree with the record's Position tag");
    }
    // The house-rule options override the record's, as they do for `review`.
    Ok(Game::from_position(
        start.with_house_rules(rules.capture_from, rules.after_capture),
    ))
}

/// Reads the options and the record (errors never echo control characters
/// from the file) and sets up the game before the moves.
pub fn load_game(args: &GameArgs) -> anyhow::Result<(Game, Vec<Move>, Option<Record>)> {
    let (rules, moves, record) = args.load().map_err(|e| {
        let text = printable(&format!("{e:#}")).into_owned();
        match e.downcast_ref::<super::RefusedMove>() {
            Some(_) => super::RefusedMove(text).into(),
            None => anyhow!("{text}"),
        }
    })?;
    Ok((start_game(rules, record.as_ref())?, moves, record))
}

/// Rows of a position as drawn: ranks 4, 3, 2, 1, each from column a to h.
pub fn rows(p: &Position) -> [[u8; 8]; 4] {
    let mut rows = [[0; 8]; 4];
    for (i, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            *cell = p.seeds(Pit::new(c as u8, 4 - i as u8).expect("on the board"));
        }
    }
    rows
}

fn entry(game: &Game, mv: Option<Move>) -> Value {
    let p = game.position();
    json!({
        "ply": game.ply(),
        "move": mv.map(|m| m.to_string()),
        "rows": rows(p),
        "to_move": game.to_move().map(Side::name),
        "overture": { "south": p.in_overture(Side::South), "north": p.in_overture(Side::North) },
        "legal": game.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "result": game.result().map(|r| r.outcome.name()),
    })
}

fn text(game: &Game, mv: Option<Move>) -> String {
    let p = game.position();
    let mut s = match mv {
        Some(m) => format!("ply {}: {m}\n", game.ply()),
        None => "start\n".to_string(),
    };
    for (i, row) in rows(p).iter().enumerate() {
        s.push_str(&format!("{} ", 4 - i));
        for n in row {
            s.push_str(&format!("{n:>3}"));
        }
        s.push('\n');
    }
    s.push_str("    a  b  c  d  e  f  g  h\n");
    s.push_str(&format!(
        "South {}, North {}",
        p.total(Side::South),
        p.total(Side::North)
    ));
    for side in Side::ALL {
        if p.in_overture(side) {
            s.push_str(&format!("; {side} in overture"));
        }
    }
    match game.result() {
        Some(r) => s.push_str(&format!("\nresult: {} ({})\n", r.outcome.name(), r.termination)),
        None => {
            let legal: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
            s.push_str(&format!("\n{} to move: {}\n", p.to_move(), legal.join(" ")));
        }
    }
    s
}

/// Runs `replay`. A refused move is a [`super::RefusedMove`]: status 2, one line on stderr.
pub fn run(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let (mut game, moves, _) = load_game(&args.game)?;
    let rules = game.rules();
    let mut out = vec![if args.json {
        entry(&game, None)
    } else {
        Value::String(text(&game, None))
    }];
    for (i, &mv) in moves.iter().enumerate() {
        if let Err(reason) = game.play(mv) {
            return Err(super::RefusedMove(format!("ply {}: {mv} is illegal: {reason}", i + 1)).into());
        }
        out.push(if args.json {
            entry(&game, Some(mv))
        } else {
            Value::String(text(&game, Some(mv)))
        });
    }
    if args.json {
        println!("{}", json!({ "variant": rules.variant.name(), "positions": out }));
    } else {
        for v in out {
            println!("{}", v.as_str().unwrap_or_default());
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::PathBuf;

    use isolo_bot::engine::{Game, Move, Record, Rules, Variant};

    use super::{load_game, GameArgs};

    /// A record that starts after two plies of the boys' game (with a
    /// `Position` tag) and then has `moves` legal moves.
    pub(crate) fn positioned_record(moves: usize) -> (Record, Game) {
        let mut game = Game::new(Rules::new(Variant::Boys));
        for _ in 0..2 {
            let mv = game.legal_moves().iter().next().expect("a move");
            game.play(mv).expect("legal");
        }
        let mut from_there = Game::from_position(*game.position());
        for _ in 0..moves {
            let mv: Move = from_there.legal_moves().iter().next().expect("a move");
            from_there.play(mv).expect("legal");
        }
        let record = Record::from_game(&from_there);
        assert!(record.start.is_some(), "the record has a Position tag");
        (record, from_there)
    }

    /// `text` in a record file of a fresh temporary directory (kept alive by
    /// the returned guard).
    pub(crate) fn record_file(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("game.isolo");
        std::fs::write(&path, text).expect("write the record");
        (dir, path)
    }

    pub(crate) fn args_for(record: PathBuf) -> GameArgs {
        GameArgs {
            variant: Variant::Women,
            first: None,
            house: super::super::HouseRuleArgs::default(),
            moves: None,
            record: Some(record),
        }
    }

    #[test]
    fn a_position_tag_is_the_start_and_a_bom_is_accepted() {
        let (record, game) = positioned_record(3);
        let (_dir, path) = record_file(&format!("\u{feff}{record}"));
        let (start, moves, _) = load_game(&args_for(path)).expect("loads");
        assert_eq!(start.position(), game.start(), "the replay starts at the tag");
        assert_eq!(moves, game.moves());
        let mut replayed = start;
        for mv in moves {
            replayed.play(mv).expect("each move is legal from the tag");
        }
        assert_eq!(replayed.position(), game.position());
    }

    #[test]
    fn options_that_contradict_the_tag_are_refused() {
        let (record, _) = positioned_record(0);
        let (_dir, path) = record_file(&record.to_string());
        let mut args = args_for(path);
        args.first = Some(record.rules.first.opponent());
        let err = load_game(&args).expect_err("--first disagrees with the tag");
        assert!(err.to_string().contains("Position tag"), "{err}");
    }

    #[test]
    fn errors_do_not_echo_control_characters() {
        let (_dir, path) = record_file("[Variant \"wo\u{1b}[2Jmen\"]\n1. b2\r\u{7}");
        let err = format!("{:#}", load_game(&args_for(path)).expect_err("not a variant"));
        assert!(!err.chars().any(|c| c.is_control()), "{err:?}");
        assert!(err.contains("\\u{1b}"), "the character is shown escaped: {err}");
    }
}
