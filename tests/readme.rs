//! The README keeps its promises: it stays short, its two commands are the
//! ones it shows, every `isolo-bot` subcommand it names exists, the first
//! command explains itself without a token, and every relative link of the
//! README, ARCHITECTURE.md and docs/*.md leads somewhere (anchors included).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest any one call of the binary may take.
const CALL_LIMIT: Duration = Duration::from_secs(30);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// README.md, ARCHITECTURE.md and every docs/*.md.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root().join("ARCHITECTURE.md"));
    docs.insert(0, root().join("README.md"));
    docs
}

/// A fenced block: its info string (`sh`, `toml`, empty) and its lines.
struct Fence {
    info: String,
    lines: Vec<String>,
}

/// Splits markdown into its prose (fenced blocks left out, one line each
/// kept blank so line counts stay) and its fenced blocks.
fn split_fences(text: &str) -> (String, Vec<Fence>) {
    let mut prose = String::new();
    let mut fences = Vec::new();
    let mut open: Option<Fence> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            match open.take() {
                Some(fence) => fences.push(fence),
                None => {
                    open = Some(Fence {
                        info: info.trim().to_string(),
                        lines: Vec::new(),
                    })
                }
            }
            prose.push('\n');
            continue;
        }
        match &mut open {
            Some(fence) => {
                fence.lines.push(line.to_string());
                prose.push('\n');
            }
            None => {
                prose.push_str(line);
                prose.push('\n');
            }
        }
    }
    assert!(open.is_none(), "a fenced block is never closed");
    (prose, fences)
}

/// The prose outside inline code spans, and the code spans themselves.
fn split_code_spans(prose: &str) -> (String, Vec<String>) {
    let mut outside = String::new();
    let mut spans = Vec::new();
    for (i, piece) in prose.split('`').enumerate() {
        if i.is_multiple_of(2) {
            outside.push_str(piece);
        } else {
            spans.push(piece.replace('\n', " "));
        }
    }
    (outside, spans)
}

/// Every link target `](target)` in the prose outside code.
fn link_targets(text: &str) -> Vec<String> {
    let (prose, _) = split_fences(text);
    let (outside, _) = split_code_spans(&prose);
    outside
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(target, _)| target.trim().to_string()))
        .collect()
}

/// GitHub's anchor for a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown file's headings (a repeated heading's second
/// anchor ends in `-1`, as on GitHub).
fn anchors(text: &str) -> BTreeSet<String> {
    let (prose, _) = split_fences(text);
    let mut seen = BTreeSet::new();
    for line in prose.lines() {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

#[test]
fn relative_links_lead_somewhere() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        let dir = doc.parent().expect("a document's folder");
        for target in link_targets(&text) {
            if ["http://", "https://", "mailto:"]
                .iter()
                .any(|s| target.starts_with(s))
            {
                continue;
            }
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                doc.clone()
            } else {
                dir.join(path)
            };
            let name = format!("{}: ({target})", doc.strip_prefix(root()).unwrap().display());
            if !file.exists() {
                broken.push(format!("{name}: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                if file.extension().is_none_or(|x| x != "md") {
                    broken.push(format!("{name}: an anchor into a file that is not markdown"));
                } else if !anchors(&read(&file)).contains(anchor) {
                    broken.push(format!("{name}: no heading with the anchor #{anchor}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked >= 20,
        "only {checked} relative links found: is the parsing right?"
    );
}

#[test]
fn anchors_are_github_slugs() {
    let text = "# isolo-bot\n## Playing in any chat (user install)\n```\n# not a heading\n```\n\
                ### Several processes (sharding)\n## Set up\n## Set up\n#nospace\n";
    let expected: BTreeSet<String> = [
        "isolo-bot",
        "playing-in-any-chat-user-install",
        "several-processes-sharding",
        "set-up",
        "set-up-1",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(anchors(text), expected);
    assert_eq!(
        link_targets("see [a](x.md#b), `not [c](d)`, ![e](img/f.gif)\n```\n[g](h)\n```\n"),
        ["x.md#b", "img/f.gif"]
    );
}

#[test]
fn readme_is_short_with_exactly_its_two_commands() {
    let text = read(&root().join("README.md"));
    let lines = text.lines().count();
    assert!(lines <= 160, "README.md has {lines} lines; at most 160");
    let (_, fences) = split_fences(&text);
    let commands: Vec<String> = fences
        .iter()
        .filter(|f| f.info == "sh")
        .map(|f| {
            let lines: Vec<&str> = f
                .lines
                .iter()
                .map(|l| l.trim())
                .filter(|l| !l.is_empty())
                .collect();
            lines.join("\n")
        })
        .collect();
    assert_eq!(commands, ["cargo run --release -- run", "cargo test"]);
}

/// Runs `command` to its end, at most `CALL_LIMIT`; a call that takes longer
/// is killed and fails the test.
fn run_bounded(mut command: Command) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("the child can be waited for").is_some() {
            return child.wait_with_output().expect("the child's output");
        }
        if start.elapsed() > CALL_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} did not finish within {CALL_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The subcommands the README names in code: the word after `isolo-bot ` or
/// `cargo run --release -- `.
fn named_subcommands(text: &str) -> BTreeSet<String> {
    let (prose, fences) = split_fences(text);
    let (_, mut code) = split_code_spans(&prose);
    code.extend(fences.iter().map(|f| f.lines.join("\n")));
    let mut found = BTreeSet::new();
    for snippet in &code {
        for prefix in ["isolo-bot ", "cargo run --release -- "] {
            for rest in snippet.split(prefix).skip(1) {
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if !word.is_empty() && !word.starts_with('-') {
                    found.insert(word);
                }
            }
        }
    }
    found
}

#[test]
fn every_subcommand_the_readme_names_exists() {
    let named = named_subcommands(&read(&root().join("README.md")));
    assert!(
        named.contains("run") && named.contains("play"),
        "the README names `run` and `play`: {named:?}"
    );
    for sub in &named {
        let mut command = Command::new(env!("CARGO_BIN_EXE_isolo-bot"));
        command.args([sub.as_str(), "--help"]);
        let out = run_bounded(command);
        assert!(
            out.status.success(),
            "`isolo-bot {sub} --help` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("Usage:"),
            "`isolo-bot {sub} --help` printed no usage"
        );
    }
}

/// `cargo run --release -- run` in a fresh folder, with no config and no
/// token anywhere, as a newcomer first runs it. (tests/parts/cli.rs checks
/// the same with `--config` naming a file without a token.)
#[test]
fn the_first_command_without_a_token_says_how_to_get_one_and_to_play() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut command = Command::new(env!("CARGO_BIN_EXE_isolo-bot"));
    command
        .arg("run")
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("ISOLO_CONFIG")
        .env_remove("DATABASE_URL");
    let out = run_bounded(command);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(78), "a config error (EX_CONFIG): {err}");
    assert!(
        err.contains("discord.com/developers/applications") && err.contains("DISCORD_TOKEN"),
        "says where to get a token and where to put it: {err}"
    );
    assert!(err.contains("isolo-bot play"), "offers the offline game: {err}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).expect("the folder").collect();
    assert!(left.is_empty(), "nothing is created without a token: {left:?}");
}
