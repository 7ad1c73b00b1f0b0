//! What each fuzz target checks, shared by the targets in `fuzz_targets/`
//! and by `tests/fuzz_regressions.rs`, which replays the seeds and every
//! input a target once crashed on under `cargo test`.
//!
//! Each check takes raw bytes (text targets skip what is not UTF-8) and
//! panics on a bug: a parser may refuse input, never crash on it.

use isolo_bot::config::Config;
use isolo_bot::engine::{Game, Move, Pit, Position, Record, Rules, Variant};
use isolo_bot::store::{export_jsonl, import_jsonl, MemoryStore};

/// A target's check.
pub type Check = fn(&[u8]);

/// The targets by name, as `cargo fuzz run NAME` knows them.
pub const TARGETS: [(&str, Check); 6] = [
    ("pit", pit),
    ("moves", moves),
    ("position", position),
    ("record", record),
    ("config", config),
    ("import", import),
];

/// Pit names: what parses prints back the same.
pub fn pit(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pit) = text.parse::<Pit>() {
        assert_eq!(pit.to_string().parse::<Pit>(), Ok(pit));
    }
}

/// Move lists as `--moves` takes them: the moves that parse are played,
/// legal or not, from the start of both variants.
pub fn moves(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let moves: Vec<Move> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter_map(|t| t.parse().ok())
        .collect();
    for variant in [Variant::Women, Variant::Boys] {
        let mut game = Game::new(Rules::new(variant));
        for &mv in &moves {
            let _ = game.play(mv);
        }
        assert!(game.ply() <= moves.len());
    }
}

/// Position text: a parsed position prints back the same, and each of its
/// legal moves plays.
pub fn position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    assert_eq!(position.to_string().parse::<Position>(), Ok(position));
    for mv in position.legal_moves().iter() {
        let _ = position.play(mv);
    }
}

/// Game records: one that replays is written back to a record that parses
/// and replays to the same game.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let Ok(game) = record.to_game() else { return };
    let written = Record::from_game(&game).to_string();
    let again: Record = written.parse().expect("a written record parses");
    let replayed = again.to_game().expect("a written record replays");
    assert_eq!(replayed.moves(), game.moves());
    assert_eq!(replayed.position(), game.position());
}

/// Config files: parse and validate or refuse; an error has no control
/// character and never shows a token-like word of the file (16 or more
/// token characters with a capital letter, like every Discord token).
pub fn config(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Err(e) = Config::parse(text) else { return };
    let shown = e.to_string();
    assert!(!shown.chars().any(|c| c.is_control()), "{shown:?}");
    let token_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    for word in text.split(|c: char| !token_char(c)) {
        if word.len() >= 16 && word.chars().any(|c| c.is_ascii_uppercase()) {
            assert!(!shown.contains(word), "the error shows {word:?}: {shown}");
        }
    }
}

/// Import lines: what loads exports (less what export reports unreadable)
/// and loads again.
pub fn import(data: &[u8]) {
    let store = MemoryStore::new();
    let any = |_: _, _: &[u8], _: &[u8]| Ok(());
    let Ok(imported) = import_jsonl(&store, std::io::Cursor::new(data), &any) else {
        return;
    };
    let n = imported.entries;
    let mut out = Vec::new();
    let report = export_jsonl(&store, &mut out).expect("an imported store exports");
    assert_eq!(
        report.entries + report.skipped.len(),
        n,
        "every imported line is stored"
    );
    let again = MemoryStore::new();
    let reloaded =
        import_jsonl(&again, std::io::Cursor::new(out.as_slice()), &any).expect("an export imports");
    assert_eq!(reloaded.entries, report.entries);
}
