//! `isolo-bot replay`: print every position of a game, as text or JSON.

use std::process::ExitCode;

use clap::Args;
use isolo_bot::engine::{Game, Move, Pit, Position, Side};
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
    let (rules, moves) = args.game.rules_and_moves()?;
    let mut game = Game::new(rules);
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
