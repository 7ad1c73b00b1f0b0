//! The config file is checked, not guessed: unknown keys in any section,
//! out-of-range numbers, an empty storage path and oversized files are
//! refused, and no error ever quotes the bot token.

use std::path::{Path, PathBuf};

use isolo_bot::config::{Config, ConfigError, MAX_CONFIG_BYTES};
use isolo_bot::table::TableConfig;

/// Shaped like a real bot token (base64 id, timestamp, HMAC).
const TOKEN: &str = "MTA5ODc2NTQzMjEwOTg3NjU0.GhJkLm.abcdefghijklmnopqrstuvwxyz0123456789AB";

fn write(dir: &Path, text: &str) -> PathBuf {
    let path = dir.join("config.toml");
    std::fs::write(&path, text).expect("write config");
    path
}

fn invalid_key(text: &str) -> &'static str {
    match Config::parse(text) {
        Err(ConfigError::Invalid { key, .. }) => key,
        other => panic!("{text:?} should be out of bounds, got {other:?}"),
    }
}

#[test]
fn every_section_refuses_unknown_keys() {
    for (text, key) in [
        ("[discord]\ntokn = \"x\"", "tokn"),
        ("[storage]\npth = \"x\"", "pth"),
        ("[games]\nuse_thread = false", "use_thread"),
        ("[ai]\nthink = 5", "think"),
        ("[gmaes]\nuse_threads = false", "gmaes"),
    ] {
        let err = Config::parse(text).expect_err(text).to_string();
        assert!(err.contains(key), "{text:?}: {err}");
    }
    // The known keys of every section still parse.
    let all =
        "[discord]\ntoken = \"t\"\nguild_id = 5\napi_proxy = \"http://127.0.0.1:1\"\nuse_threads = false\n\
               [storage]\npath = \"p\"\nfsync = true\n\
               [games]\nchallenge_ttl_secs = 60\ntimeout = \"claim\"\nhints_in_human_games = true\n\
               [ai]\nthink_ms = 5";
    let c = Config::parse(all).expect("every known key");
    assert!(!c.discord.use_threads && c.storage.fsync && c.ai.think_ms == 5);
}

/// `[games]`' struct alone ignores typos (it has `#[serde(default)]` without
/// `deny_unknown_fields`); `Config::parse` refuses them all the same.
#[test]
fn a_games_typo_is_refused_although_its_struct_ignores_it() {
    let alone: TableConfig =
        toml::from_str("hint_in_human_games = true").expect("TableConfig alone ignores the typo");
    assert!(!alone.hints_in_human_games, "so the setting silently stays off");
    assert_eq!(
        Config::parse("[games]\nhint_in_human_games = true").err(),
        Some(ConfigError::UnknownKey {
            section: "games".into(),
            key: "hint_in_human_games".into()
        })
    );
}

#[test]
fn numbers_are_bounded() {
    let max = u64::MAX;
    for (text, key) in [
        (
            format!("[games]\nchallenge_ttl_secs = {}", i64::MAX),
            "games.challenge_ttl_secs",
        ),
        (
            "[games]\nchallenge_ttl_secs = 0".into(),
            "games.challenge_ttl_secs",
        ),
        ("[ai]\nthink_ms = 0".into(), "ai.think_ms"),
        ("[ai]\nthink_ms = 3600000".into(), "ai.think_ms"),
        ("[discord]\nguild_id = 0".into(), "discord.guild_id"),
    ] {
        assert_eq!(invalid_key(&text), key, "{text}");
    }
    // Past i64 TOML itself refuses the number.
    assert!(matches!(
        Config::parse(&format!("[games]\nchallenge_ttl_secs = {max}")),
        Err(ConfigError::Syntax { line: 2, .. })
    ));
    let c = Config::parse("[games]\nchallenge_ttl_secs = 2592000\n[ai]\nthink_ms = 60000")
        .expect("the upper bounds");
    assert_eq!(c.games.challenge_ttl_secs, 2_592_000);
}

#[test]
fn strings_are_checked() {
    assert_eq!(invalid_key("[storage]\npath = \"\""), "storage.path");
    assert_eq!(invalid_key("[storage]\npath = \"  \""), "storage.path");
    assert_eq!(invalid_key("[discord]\ntoken = \"\""), "discord.token");
    assert_eq!(invalid_key("[discord]\ntoken = \"two words\""), "discord.token");
    assert_eq!(
        invalid_key("[discord]\napi_proxy = \"ftp://x\""),
        "discord.api_proxy"
    );
    assert_eq!(
        invalid_key("[discord]\napi_proxy = \"http://a b\""),
        "discord.api_proxy"
    );
}

#[test]
fn files_are_read_with_a_size_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let line = format!("#{}\n", ".".repeat(62));
    assert_eq!(line.len(), 64);
    let fits = line.repeat((MAX_CONFIG_BYTES / 64) as usize);
    let path = write(dir.path(), &fits);
    assert!(Config::load(&path, true).is_ok(), "exactly the limit is read");
    let path = write(dir.path(), &format!("{fits}#"));
    let err = Config::load(&path, true).expect_err("one byte too many");
    assert!(err.to_string().contains("larger than"), "{err}");
}

#[test]
fn a_missing_file_is_the_defaults_unless_named() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("absent.toml");
    let c = Config::load(&path, false).expect("defaults");
    assert_eq!(c.games, TableConfig::default());
    let err = Config::load(&path, true).expect_err("a named file must exist");
    assert!(err.to_string().contains("absent.toml"), "{err}");
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let c = Config::parse("\u{feff}[ai]\nthink_ms = 7").expect("BOM");
    assert_eq!(c.ai.think_ms, 7);
}

/// Whether `text` shows any 10-character piece of the token.
fn leaks(text: &str) -> bool {
    TOKEN
        .as_bytes()
        .windows(10)
        .any(|w| text.contains(std::str::from_utf8(w).unwrap()))
}

#[test]
fn no_config_error_quotes_the_token() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        format!("[discord]\ntokn = \"{TOKEN}\""),
        format!("[discord]\ntoken = \"{TOKEN}\"\ntoken = \"{TOKEN}\""),
        format!("[discord]\ntoken = \"{TOKEN}"),
        format!("[discord]\ntoken = '{TOKEN}"),
        format!("[discord]\ntoken = \"\"\"{TOKEN}"),
        format!("[discord]\ntoken = {TOKEN}"),
        format!("[discord]\n{TOKEN}"),
        format!("[discord]\n\"{TOKEN}\" = 1"),
        format!("[games]\n\"{TOKEN}\" = 1"),
        format!("[{TOKEN}]"),
        format!("[discord]\nguild_id = \"{TOKEN}\""),
        format!("[discord]\ntoken = \"{TOKEN} \""),
        format!("[discord]\ntoken = \"{TOKEN}\"\n[discord]"),
        format!("[discord]\ntoken = \"{TOKEN}\" trailing"),
        format!("[discord]\ntoken = \"{TOKEN}\\q\""),
    ];
    for text in &cases {
        let path = write(dir.path(), text);
        let err = Config::load(&path, true).expect_err(text);
        for shown in [format!("{err}"), format!("{err:#}"), format!("{err:?}")] {
            assert!(!leaks(&shown), "the error quotes the token: {shown}");
        }
        assert!(
            format!("{err}").contains("config.toml: "),
            "{text:?} names the file: {err}"
        );
    }
}

/// The example config of the release before `use_threads` moved to
/// `[discord]` (tests/fixtures/config_v1.toml, from git history) still
/// loads, with its setting kept and a warning that names the new place.
#[test]
fn the_previous_releases_config_still_loads() {
    let c = Config::parse(include_str!("../fixtures/config_v1.toml")).expect("the old example loads");
    assert!(c.discord.use_threads);
    assert_eq!(c.games.challenge_ttl_secs, 86400);
    assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    assert!(c.warnings[0].contains("[discord]"), "{:?}", c.warnings);
    let off = Config::parse("[games]\nuse_threads = false").unwrap();
    assert!(!off.discord.use_threads, "the old place is read, not ignored");
    let both = Config::parse("[discord]\nuse_threads = true\n[games]\nuse_threads = false").unwrap();
    assert!(both.discord.use_threads, "the new place wins");
    assert!(both.warnings[0].contains("delete"), "{:?}", both.warnings);
    assert!(Config::parse(include_str!("../../config.example.toml"))
        .unwrap()
        .warnings
        .is_empty());
    let err = Config::parse("[games]\nuse_threads = 1").unwrap_err();
    assert!(
        matches!(
            err,
            ConfigError::Invalid {
                key: "games.use_threads",
                ..
            }
        ),
        "{err:?}"
    );
}
