//! Moving a bot's data between backends with `isolo-bot export` and
//! `import`: every game, challenge, record and rating arrives, each checked
//! as the bot reads it, and bad input changes nothing.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;

use isolo_bot::store::{SledStore, Space, Store};
use isolo_bot::table::{
    ChallengeOutcome, ChallengeRequest, GameSettings, ManualClock, Opponent, Table, TableConfig,
};
use support::store::{dump, pg_url, PgSchema};

const GUILD: u64 = 1;
const ANN: u64 = 11;
const BO: u64 = 22;

fn table(store: Arc<dyn Store>) -> Table {
    Table::new(
        store,
        Arc::new(ManualClock::new(1_800_000_000_000)),
        TableConfig::default(),
    )
}

fn challenge(t: &Table, channel: u64) -> ChallengeOutcome {
    t.challenge(ChallengeRequest {
        guild: GUILD,
        channel,
        challenger: ANN,
        challenger_name: "ann".into(),
        opponent: Opponent::User {
            id: BO,
            name: "bo".into(),
        },
        settings: GameSettings::default(),
    })
    .unwrap()
}

/// What a running bot leaves behind: a finished game with its ratings, a
/// game in progress and a pending challenge.
fn populate(store: Arc<dyn Store>) {
    let t = table(store);
    challenge(&t, 100);
    t.accept(100, BO, None).unwrap();
    t.resign(100, BO).unwrap();
    challenge(&t, 101);
    t.accept(101, BO, None).unwrap();
    t.play(101, ANN, "b2").unwrap();
    challenge(&t, 102);
}

/// The bot finds everything where it left it.
fn check_as_bot(store: Arc<dyn Store>) {
    let t = table(store);
    assert_eq!(t.game(101).unwrap().unwrap().live.moves.len(), 1);
    assert!(!t.challenges_in(102).unwrap().is_empty());
    assert!(t.last_game(100).unwrap().is_some());
    assert_eq!(t.stats(GUILD, ANN).unwrap().unwrap().tally.wins, 1);
    assert_eq!(t.stats(GUILD, BO).unwrap().unwrap().tally.losses, 1);
}

fn cli(dir: &Path, args: &[&str]) -> Output {
    // In `dir`, so no config.toml of the developer's is picked up.
    Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .current_dir(dir)
        .env_remove("DATABASE_URL")
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn failed(out: Output) -> String {
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn sled_to_postgres_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    let before = {
        let src = Arc::new(SledStore::open_path(path("src.sled")).unwrap());
        populate(src.clone());
        dump(&*src)
    };
    for space in [Space::Games, Space::Challenges, Space::Records, Space::Ratings] {
        assert!(before.iter().any(|e| e.0 == space), "no {space} to move");
    }
    let said = ok(cli(
        dir.path(),
        &["export", "--out", "a.jsonl", "--path", "src.sled"],
    ));
    assert!(
        said.contains(&format!("exported {} entries", before.len())),
        "{said}"
    );

    // Through PostgreSQL when there is a server, else sled to sled.
    let middle = match pg_url() {
        Some(url) => {
            let schema = PgSchema::new(&url);
            let pg = ["--url", url.as_str(), "--schema", schema.name.as_str()];
            let said = ok(cli(dir.path(), &[&["import", "a.jsonl"][..], &pg[..]].concat()));
            assert!(
                said.contains(&format!("imported {} entries", before.len())),
                "{said}"
            );
            assert!(said.contains("PostgreSQL"), "{said}");
            let store = Arc::new(schema.open());
            assert_eq!(dump(&*store), before);
            check_as_bot(store);
            ok(cli(
                dir.path(),
                &[&["export", "--out", "b.jsonl"][..], &pg[..]].concat(),
            ));
            Some(schema)
        }
        None => {
            ok(cli(dir.path(), &["import", "a.jsonl", "--path", "mid.sled"]));
            ok(cli(
                dir.path(),
                &["export", "--out", "b.jsonl", "--path", "mid.sled"],
            ));
            None
        }
    };
    let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    ok(cli(dir.path(), &["import", "b.jsonl", "--path", "dst.sled"]));
    let dst = Arc::new(SledStore::open_path(path("dst.sled")).unwrap());
    assert_eq!(dump(&*dst), before);
    check_as_bot(dst.clone());
    drop(dst);
    drop(middle);

    // Importing twice is refused rather than merged.
    let refused = failed(cli(dir.path(), &["import", "a.jsonl", "--path", "dst.sled"]));
    assert!(refused.contains("empty store"), "{refused}");
}

#[test]
fn bad_imports_change_nothing_and_say_where() {
    let dir = tempfile::tempdir().unwrap();
    {
        let src = Arc::new(SledStore::open_path(dir.path().join("src.sled")).unwrap());
        populate(src);
    }
    ok(cli(
        dir.path(),
        &["export", "--out", "good.jsonl", "--path", "src.sled"],
    ));
    let good = std::fs::read_to_string(dir.path().join("good.jsonl")).unwrap();
    let lines: Vec<&str> = good.lines().collect();
    let n = lines.len();
    let game_line = lines
        .iter()
        .position(|l| l.contains("\"space\":\"games\""))
        .unwrap();
    // Line `i` with one field of its JSON replaced.
    let edit = |i: usize, field: &str, to: serde_json::Value| {
        let mut line: serde_json::Value = serde_json::from_str(lines[i]).unwrap();
        *line.pointer_mut(field).unwrap() = to;
        let mut all: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        all[i] = line.to_string();
        all.join("\n") + "\n"
    };
    let cases = [
        // A game the bot cannot read (the shape of the first-format fixture).
        (
            edit(game_line, "/envelope/data", serde_json::json!({"history": [1]})),
            format!("line {}: games/101: corrupt entry", game_line + 1),
        ),
        (
            format!("{good}{}\n", lines[game_line]),
            format!(
                "line {}: games/101 appears twice, first on line {}",
                n + 1,
                game_line + 1
            ),
        ),
        (
            edit(game_line, "/version", 0.into()),
            format!("line {}: impossible version 0", game_line + 1),
        ),
        (
            edit(n - 1, "/version", u64::MAX.into()),
            format!("line {n}: impossible version {}", u64::MAX),
        ),
    ];
    for (i, (text, says)) in cases.iter().enumerate() {
        let file = format!("bad{i}.jsonl");
        std::fs::write(dir.path().join(&file), text).unwrap();
        let target = format!("dst{i}.sled");
        let err = failed(cli(dir.path(), &["import", &file, "--path", &target]));
        assert!(err.contains(says.as_str()), "case {i}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one clear line: {err}");
        let dst = SledStore::open_path(dir.path().join(&target)).unwrap();
        assert!(
            dump(&dst).is_empty(),
            "case {i}: a refused import wrote something"
        );
    }

    // While a bot holds the store, export says so and writes nothing.
    let held = SledStore::open_path(dir.path().join("src.sled")).unwrap();
    let err = failed(cli(
        dir.path(),
        &["export", "--out", "busy.jsonl", "--path", "src.sled"],
    ));
    assert!(err.contains("in use by another process"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one clear line: {err}");
    assert!(!dir.path().join("busy.jsonl").exists());
    drop(held);
}
