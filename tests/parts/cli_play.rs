//! `isolo-bot play` driven through its standard input, as a player would:
//! bad file names, end of input, unknown words, `save`, `hint`, and `--help`.

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `isolo-bot play ARGS` with `input` on stdin (then end of input).
fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the game ends")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "status {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_bad_png_file_name_is_named_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("no-such-dir").join("board.png");
    let good = dir.path().join("board.png");
    let input = format!("png {}\nb2\npng {}\nquit\n", bad.display(), good.display());
    let text = stdout(&play(&["--vs", "human"], &input));
    assert!(
        text.contains(&format!("cannot write {}", bad.display())),
        "{text}"
    );
    // The move after the failure is played, and a good name still works.
    assert!(text.contains("You sowed b2"), "{text}");
    assert!(text.contains(&format!("wrote {}", good.display())), "{text}");
    assert!(std::fs::read(&good).expect("written").starts_with(b"\x89PNG"));
}

#[test]
fn end_of_input_from_a_pipe_leaves_with_a_note() {
    let out = play(&["--vs", "human"], "b2\n");
    let text = stdout(&out);
    assert!(text.contains("You sowed b2"), "{text}");
    assert!(text.contains("the game was not finished"), "{text}");
    assert!(
        !text.contains("Leave the unfinished game?"),
        "no question without a terminal"
    );
}

/// What the game answers to `word`, typed at the first prompt.
fn reply_to(word: &str) -> String {
    let text = stdout(&play(&["--vs", "human"], &format!("{word}\nquit\n")));
    let after_prompt = text.split("to move> ").nth(1).unwrap_or_default();
    after_prompt.lines().next().unwrap_or_default().trim().to_string()
}

#[test]
fn unknown_words_are_not_called_pits_but_pit_like_words_are() {
    assert_eq!(reply_to("hello"), "unknown command; type help");
    assert_eq!(reply_to("undo"), "unknown command; type help");
    // Words meant as pits keep the pit's own refusal.
    assert!(reply_to("z9").contains("\"z9\" is not a pit"));
    let north = reply_to("a4");
    assert!(!north.is_empty() && !north.contains("unknown command"), "{north}");
    assert!(reply_to("move").contains("is not a pit"));
}

#[test]
fn save_writes_a_record_that_replay_reads_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("game.isolo");
    let input = format!("b2\nh4\nsave {}\nsave\nquit\n", file.display());
    let text = stdout(&play(&["--vs", "human"], &input));
    assert!(
        text.contains(&format!("saved the game record to {}", file.display())),
        "{text}"
    );
    assert!(text.contains("save needs a file name"), "{text}");
    let record: isolo_bot::engine::Record = std::fs::read_to_string(&file)
        .expect("saved")
        .parse()
        .expect("a record");
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["b2", "h4"]);
    let replay = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
        .args(["replay", "--record"])
        .arg(&file)
        .output()
        .expect("replay runs");
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
}

#[test]
fn hint_says_how_the_game_stands() {
    let text = stdout(&play(&["--vs", "random"], "hint\nquit\n"));
    let line = text
        .lines()
        .find_map(|l| l.split_once("I would play ").map(|(_, rest)| rest))
        .unwrap_or_else(|| panic!("no hint: {text}"));
    let words = [
        "You can force a win in ",
        "Your opponent can force a win in ",
        "The game is even.",
        "You are ahead by about ",
        "You are behind by about ",
    ];
    assert!(words.iter().any(|w| line.contains(w)), "{line}");
}

#[test]
fn help_lists_the_values_of_every_enum_option() {
    let cases: &[(&str, &[&str])] = &[
        (
            "play",
            &[
                "[possible values: women, boys]",
                "[possible values: random, greedy, easy, medium, hard, human]",
                "[possible values: origin, capture-pit]",
                "[possible values: end, continue]",
            ],
        ),
        (
            "selfplay",
            &[
                "[possible values: women, boys]",
                "[possible values: random, greedy, easy, medium, hard]",
                "[possible values: origin, capture-pit]",
            ],
        ),
        (
            "render",
            &[
                "[possible values: women, boys]",
                "[possible values: south, north]",
            ],
        ),
        (
            "replay",
            &[
                "[possible values: women, boys]",
                "[possible values: south, north]",
            ],
        ),
        (
            "analyse",
            &[
                "[possible values: women, boys]",
                "[possible values: south, north]",
            ],
        ),
        (
            "review",
            &[
                "[possible values: origin, capture-pit]",
                "[possible values: end, continue]",
            ],
        ),
    ];
    for (cmd, wanted) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
            .args([cmd, "--help"])
            .output()
            .expect("help runs");
        let help = String::from_utf8_lossy(&out.stdout);
        for w in *wanted {
            assert!(help.contains(w), "{cmd} --help lacks {w}:\n{help}");
        }
    }
}

/// End of input on a real terminal: the game asks before leaving.
#[cfg(unix)]
mod terminal {
    use std::io::{Read, Write};
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::process::{Command, Stdio};

    use super::{Duration, Instant};

    /// A pseudo-terminal: (the side we type into, the side the game reads).
    fn pty() -> (std::fs::File, OwnedFd) {
        let (mut master, mut slave) = (0, 0);
        // SAFETY: openpty writes two new descriptors into the two integers; the
        // other arguments may be null.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors are fresh and owned by nobody else.
        unsafe { (std::fs::File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
    }

    /// Plays with `keys` typed on a terminal; returns what the game printed.
    fn type_keys(keys: &[u8]) -> String {
        let (mut master, slave) = pty();
        let mut child = Command::new(env!("CARGO_BIN_EXE_isolo-bot"))
            .args(["play", "--vs", "human"])
            .stdin(Stdio::from(slave))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        master.write_all(keys).expect("typed");
        // The terminal echoes what is typed: drain it so the game never blocks on it.
        let mut echo = master.try_clone().expect("master");
        std::thread::spawn(move || {
            let mut sink = [0u8; 4096];
            while matches!(echo.read(&mut sink), Ok(n) if n > 0) {}
        });
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("waits") {
                break status;
            }
            if started.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("the game did not end");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut out = String::new();
        child
            .stdout
            .take()
            .expect("stdout")
            .read_to_string(&mut out)
            .expect("output");
        assert!(status.success(), "{status:?}: {out}");
        out
    }

    #[test]
    fn ctrl_d_asks_and_a_second_ctrl_d_leaves() {
        // Ctrl-D (VEOF) at the start of a line ends one read.
        let out = type_keys(b"b2\n\x04\x04");
        assert!(out.contains("You sowed b2"), "{out}");
        assert!(out.contains("Leave the unfinished game?"), "{out}");
        assert!(out.contains("the game was not finished"), "{out}");
    }

    #[test]
    fn ctrl_d_then_no_goes_on_and_yes_leaves() {
        let out = type_keys(b"\x04no\nb2\n\x04yes\n");
        assert_eq!(out.matches("Leave the unfinished game?").count(), 2, "{out}");
        assert!(out.contains("The game goes on."), "{out}");
        // The game really went on: b2 was played after the first question.
        let after = out.split("The game goes on.").nth(1).unwrap_or_default();
        assert!(after.contains("You sowed b2"), "{out}");
        assert!(out.contains("the game was not finished"), "{out}");
    }
}
