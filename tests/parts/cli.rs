//! The command-line contract other tools rely on: `replay --json`, its exit
//! status on an illegal move, `selfplay --json`, `render`.

use std::process::Command;

fn bot(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn replay_json_has_every_position() {
    let out = bot(&["replay", "--variant", "women", "--moves", "b2 h4 d2", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["variant"], "women");
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 4);
    assert_eq!(positions[0]["move"], serde_json::Value::Null);
    assert_eq!(positions[0]["to_move"], "south");
    assert_eq!(positions[3]["ply"], 3);
    assert_eq!(positions[3]["move"], "d2");
    // W3 of rules.md: ranks 4, 3, 2, 1, columns a..h.
    let rows: Vec<Vec<u8>> = serde_json::from_value(positions[3]["rows"].clone()).unwrap();
    assert_eq!(rows[0], [4, 4, 0, 3, 3, 0, 1, 0]);
    assert_eq!(rows[2], [0, 1, 3, 0, 2, 3, 4, 4]);
    assert_eq!(
        positions[3]["overture"],
        serde_json::json!({"south": false, "north": false})
    );
    assert!(positions[3]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m.as_str().unwrap().ends_with(['3', '4'])));
    assert_eq!(positions[3]["result"], serde_json::Value::Null);
}

#[test]
fn replay_json_boys_start_and_overture() {
    let out = bot(&[
        "replay",
        "--variant",
        "boys",
        "--moves",
        "h1",
        "--json",
        "--first",
        "south",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let p0 = &v["positions"][0];
    let legal: Vec<String> = serde_json::from_value(p0["legal"].clone()).unwrap();
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(sorted, ["a1", "b2", "c1", "d2", "e1", "f2", "g1", "h1"]);
    assert_eq!(
        v["positions"][1]["overture"],
        serde_json::json!({"south": false, "north": true})
    );
}

#[test]
fn an_illegal_move_exits_2_with_one_line_on_stderr() {
    for (moves, says) in [
        ("b2 b2", "not your pit"),
        ("b2 z9", "not a pit"),
        ("b2 h4 a1", "holds 0 seeds"),
    ] {
        for json in [true, false] {
            let mut args = vec!["replay", "--variant", "women", "--moves", moves];
            if json {
                args.push("--json");
            }
            let out = bot(&args);
            assert_eq!(out.status.code(), Some(2), "{moves}");
            assert!(out.stdout.is_empty(), "nothing on stdout");
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(err.lines().count(), 1, "{err}");
            let ply = format!("ply {}", moves.split(' ').count());
            assert!(err.contains(&ply) && err.contains(says), "{moves}: {err}");
        }
    }
}

#[test]
fn after_capture_switch_chooses_the_rule() {
    let rank1 = |extra: &[&str]| {
        let mut args = vec!["replay", "--moves", "b2", "--json"];
        args.extend_from_slice(extra);
        let out = bot(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        serde_json::from_value::<Vec<u8>>(v["positions"][1]["rows"][3].clone()).unwrap()
    };
    // rules.md W1 (the default), C1 (captures go on) and C1 with both house rules.
    assert_eq!(rank1(&[]), [0, 3, 3, 0, 3, 3, 0, 4]);
    assert_eq!(rank1(&["--after-capture", "end"]), [0, 3, 3, 0, 3, 3, 0, 4]);
    assert_eq!(rank1(&["--after-capture", "continue"]), [0, 3, 3, 0, 3, 3, 0, 5]);
    assert_eq!(
        rank1(&["--after-capture", "continue", "--capture-from", "capture-pit"]),
        [2, 1, 4, 1, 4, 0, 1, 4]
    );
    let out = bot(&["replay", "--moves", "b2", "--after-capture", "sometimes"]);
    assert_eq!(out.status.code(), Some(2), "clap refuses an unknown value");
    let help = String::from_utf8(bot(&["selfplay", "--help"]).stdout).unwrap();
    assert!(
        help.contains("--after-capture") && help.contains("continue"),
        "{help}"
    );
}

#[test]
fn replay_reads_records_and_the_house_rule() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(
        &path,
        "[Variant \"women\"]\n[CaptureFrom \"capture-pit\"]\n\n1. b2 *\n",
    )
    .unwrap();
    let out = bot(&["replay", "--record", path.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // W1 with the capture-pit house rule: rank 1 is S k0..k7 = 2,1,4,1,4,0,1,4.
    let rows: Vec<Vec<u8>> = serde_json::from_value(v["positions"][1]["rows"].clone()).unwrap();
    assert_eq!(rows[3], [2, 1, 4, 1, 4, 0, 1, 4]);
    for (text, says) in [
        ("not a record", "line 1: \"not\" is not a pit"),
        ("[Variant \"men\"]\n", "men's game is not available"),
    ] {
        std::fs::write(&path, text).unwrap();
        let out = bot(&["replay", "--record", path.to_str().unwrap()]);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn selfplay_json_counts_add_up_and_repeat_with_the_seed() {
    let run = || {
        let out = bot(&[
            "selfplay",
            "--variant",
            "boys",
            "--games",
            "50",
            "--south",
            "greedy",
            "--north",
            "random",
            "--seed",
            "7",
            "--json",
        ]);
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let (a, b) = (run(), run());
    for key in ["games", "south_wins", "north_wins", "draws", "plies"] {
        assert_eq!(a[key], b[key], "{key} is reproducible");
    }
    let n = |k: &str| a[k].as_u64().unwrap();
    assert_eq!(n("games"), 50);
    assert_eq!(n("south_wins") + n("north_wins") + n("draws"), 50);
    assert!(n("plies") > 50 && a["seconds"].as_f64().unwrap() >= 0.0);
}

#[test]
fn analyse_gives_the_verdict_on_the_setup() {
    let json = |args: &[&str]| {
        let out = bot(args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    // With captures going on, the women's setup is a first-player win in 5 plies.
    let v = json(&[
        "analyse",
        "--variant",
        "women",
        "--after-capture",
        "continue",
        "--nodes",
        "200000",
        "--json",
    ]);
    assert_eq!(v["after_capture"], "continue");
    assert_eq!(v["forced_in"], 5, "{v}");
    assert_eq!(v["verdict"], "forced win for south in 5 plies");
    assert!(
        ["e1", "f1", "e2", "f2"].contains(&v["best"].as_str().unwrap()),
        "{v}"
    );
    // A small budget is kept, and the answer names a legal first move.
    let v = json(&["analyse", "--variant", "boys", "--nodes", "5000", "--json"]);
    assert_eq!(v["capture_from"], "origin");
    assert_eq!(v["to_move"], "south");
    assert!(v["nodes"].as_u64().unwrap() <= 5_000, "{v}");
    assert_eq!(v["forced_in"], serde_json::Value::Null, "{v}");
    let best = v["best"].as_str().unwrap();
    assert!(
        ["a1", "c1", "e1", "g1", "h1", "f2", "d2", "b2"].contains(&best),
        "{v}"
    );
    // The text form says the same; after an illegal move, status 2 and nothing on stdout.
    let out = bot(&["analyse", "--variant", "boys", "--nodes", "5000"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("best move {best}")), "{text}");
    let out = bot(&["analyse", "--moves", "b2 b2", "--nodes", "5000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not your pit"));
}

#[test]
fn render_writes_a_png_and_a_gif() {
    let dir = tempfile::tempdir().unwrap();
    let (png, gif) = (dir.path().join("b.png"), dir.path().join("s.gif"));
    let out = bot(&[
        "render",
        "--variant",
        "boys",
        "--moves",
        "h1",
        "--out",
        png.to_str().unwrap(),
        "--gif",
        gif.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let img = image::load_from_memory(&std::fs::read(&png).unwrap()).unwrap();
    assert_eq!(
        (img.width(), img.height()),
        (isolo_bot::render::WIDTH, isolo_bot::render::HEIGHT)
    );
    assert!(std::fs::read(&gif).unwrap().starts_with(b"GIF89a"));
}

#[test]
fn run_without_a_token_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("config.toml");
    std::fs::write(
        &cfg,
        format!("[storage]\npath = \"{}\"\n", dir.path().join("db").display()),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .args(["run", "--config", cfg.to_str().unwrap()])
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("developers/applications") && err.contains("isolo-bot play"),
        "{err}"
    );
}

#[test]
fn play_in_the_terminal_goes_through_the_table() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .args(["play", "--vs", "greedy"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"b2\nc3\nz9\nresign\nreview\n\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("You sowed b2 (5 laps): captured 4 seeds"), "{text}");
    assert!(text.contains("c3 is not your pit"), "{text}");
    assert!(text.contains("\"z9\" is not a pit"), "{text}");
    assert!(text.contains("wins game #1 as North: You resigned"), "{text}");
    // After the game, its review on request.
    assert!(text.contains("Review of game #1 (You vs "), "{text}");
    assert!(text.contains("ply   side   move best"), "{text}");
    assert!(out.status.success());
}

/// `isolo-bot` with `ISOLO_CONFIG` naming `config` (and no token from the environment).
fn bot_with_config(args: &[&str], config: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .args(args)
        .env("ISOLO_CONFIG", config)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .output()
        .expect("the binary runs")
}

#[test]
fn config_errors_exit_78_and_isolo_config_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    let missing = bot_with_config(&["run"], &config);
    assert_eq!(missing.status.code(), Some(78), "a named file that is missing");
    assert!(String::from_utf8_lossy(&missing.stderr).contains("config.toml"));
    std::fs::write(&config, "[games]\ntimeot = \"claim\"\n").unwrap();
    let unknown = bot_with_config(&["run"], &config);
    assert_eq!(unknown.status.code(), Some(78), "an unknown key");
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("timeot"));
    std::fs::write(&config, "[storage]\npath = \"db\"\n").unwrap();
    let no_token = bot_with_config(&["run"], &config);
    assert_eq!(no_token.status.code(), Some(78), "no token");
    assert!(!dir.path().join("db").exists(), "nothing opened without a token");
    // `--config` wins over the variable.
    let other = dir.path().join("other.toml");
    std::fs::write(&other, "[ai]\nthink_ms = 0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .args(["run", "--config", other.to_str().unwrap()])
        .env("ISOLO_CONFIG", &config)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(78));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("ai.think_ms"),
        "the flag's file was read"
    );
}

#[test]
fn healthcheck_asks_healthz_on_the_metrics_listener() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "").unwrap();
    let none = bot_with_config(&["healthcheck"], &config);
    assert_eq!(none.status.code(), Some(1), "no [metrics] listen");
    assert!(String::from_utf8_lossy(&none.stderr).contains("[metrics] listen"));

    // A stand-in for the bot's page: 200, then 503.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::fs::write(&config, format!("[metrics]\nlisten = \"0.0.0.0:{port}\"\n")).unwrap();
    let server = std::thread::spawn(move || {
        for status in ["200 OK", "503 Service Unavailable"] {
            let (mut s, _) = listener.accept().unwrap();
            let mut request = Vec::new();
            let mut byte = [0u8];
            while !request.ends_with(b"\r\n\r\n") && s.read(&mut byte).unwrap() == 1 {
                request.push(byte[0]);
            }
            assert!(String::from_utf8_lossy(&request).starts_with("GET /healthz HTTP/1.1"));
            let body = format!("{{\"ok\":{}}}", status.starts_with("200"));
            write!(
                s,
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .unwrap();
        }
    });
    let healthy = bot_with_config(&["healthcheck"], &config);
    assert_eq!(
        healthy.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&healthy.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&healthy.stdout).trim(), "{\"ok\":true}");
    let sick = bot_with_config(&["healthcheck"], &config);
    assert_eq!(sick.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&sick.stderr).contains("503"));
    server.join().unwrap();
    // Nobody listening: unhealthy, not a hang.
    let gone = bot_with_config(&["healthcheck", "--timeout-secs", "2"], &config);
    assert_eq!(gone.status.code(), Some(1));
}

#[test]
fn forget_deletes_a_members_data_from_the_command_line() {
    use isolo_bot::store::{keys, Expect, SledStore, Space, StoreExt};
    use isolo_bot::table::PlayerStats;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    {
        let store = SledStore::open_path(&db).unwrap();
        let stats = PlayerStats::new(11, "ann".into());
        store
            .put_cas(Space::Ratings, &keys::rating(1, 11), &stats, Expect::Absent)
            .unwrap();
    }
    let run = |user: &str| {
        Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
            .args(["forget", "--user", user, "--path", db.to_str().unwrap()])
            .env_remove("ISOLO_CONFIG")
            .output()
            .unwrap()
    };
    let out = run("11");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 rating(s)"),
        "{out:?}"
    );
    let store = SledStore::open_path(&db).unwrap();
    assert!(store
        .get::<PlayerStats>(Space::Ratings, &keys::rating(1, 11))
        .unwrap()
        .is_none());
    drop(store);
    assert!(!run("0").status.success(), "0 is nobody");
}

#[test]
fn store_set_aside_lists_and_restores_from_the_command_line() {
    use isolo_bot::store::{keys, Expect, Op, SledStore, Space, Store};
    use isolo_bot::table::{Aborted, ManualClock, Table, TableConfig};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let garbage = br#"{"kind":"game","format":1,"data":{"moves":"garbage"}}"#.to_vec();
    {
        let store: std::sync::Arc<dyn Store> = std::sync::Arc::new(SledStore::open_path(&db).unwrap());
        store
            .commit(&[Op::Put {
                space: Space::Games,
                key: keys::id(100),
                value: garbage.clone(),
                expect: Expect::Absent,
            }])
            .unwrap();
        let t = Table::new(
            store,
            std::sync::Arc::new(ManualClock::new(1_800_000_000_000)),
            TableConfig::default(),
        );
        assert!(matches!(t.abort(100, true).unwrap(), Aborted::SetAside));
    }
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
            .args(["store", "set-aside"])
            .args(args)
            .args(["--path", db.to_str().unwrap()])
            .env_remove("ISOLO_CONFIG")
            .output()
            .unwrap()
    };
    let out = run(&["list"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        listed.contains("games/100") && listed.contains("1 set-aside entries"),
        "{listed}"
    );
    let key = listed.split_whitespace().next().unwrap().to_owned();

    let bad = run(&["restore", "not-a-key"]);
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("no set-aside entry") && err.contains("set-aside list"),
        "{err}"
    );

    let out = run(&["restore", &key]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("restored"),
        "{out:?}"
    );
    let again = run(&["restore", &key]);
    assert!(!again.status.success(), "restored once only");
    let out = run(&["list"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("0 set-aside entries"),
        "{out:?}"
    );
    let store = SledStore::open_path(&db).unwrap();
    let back = store.get_raw(Space::Games, &keys::id(100)).unwrap().unwrap();
    let back: serde_json::Value = serde_json::from_slice(&back.value).unwrap();
    assert_eq!(
        back,
        serde_json::from_slice::<serde_json::Value>(&garbage).unwrap()
    );
}
