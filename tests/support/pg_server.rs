//! A throwaway PostgreSQL server for the tests, started on first use when
//! `ISOLO_TEST_PG_URL` is unset and PostgreSQL is installed (as `.ci/run`
//! does): its own data directory and unix socket in a temporary directory,
//! no TCP, no fsync. The server refuses to run as root, so as root it runs
//! as `postgres`. It is stopped when the test process exits (an `atexit`
//! handler), and the kernel stops it should the process die (a parent-death
//! signal, set after the change of user so that it holds, from a thread
//! that never ends).

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::pg_bin::bin_dir;

/// How long the server may take to start.
const START_WITHIN: Duration = Duration::from_secs(60);

struct Server {
    child: Child,
    dir: PathBuf,
}

static URL: OnceLock<Result<String, String>> = OnceLock::new();
static RUNNING: Mutex<Option<Server>> = Mutex::new(None);

/// The URL of this process's throwaway server, started on the first call;
/// `Err` says why there is none (not installed, or it failed to start).
pub fn url() -> Result<String, String> {
    URL.get_or_init(start).clone()
}

/// The uid and gid of `postgres` when running as root, else none (run as we are).
fn run_as() -> Result<Option<(u32, u32)>, String> {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return Ok(None);
    }
    // SAFETY: a NUL-terminated name; the result is read before any other
    // getpw* call could overwrite it.
    let pw = unsafe { libc::getpwnam(c"postgres".as_ptr()) };
    if pw.is_null() {
        return Err("running as root and there is no `postgres` user to run the server as".into());
    }
    // SAFETY: non-null, as checked.
    let pw = unsafe { &*pw };
    Ok(Some((pw.pw_uid, pw.pw_gid)))
}

fn command(program: &Path, user: Option<(u32, u32)>) -> Command {
    let mut cmd = Command::new(program);
    if let Some((uid, gid)) = user {
        cmd.uid(uid).gid(gid);
    }
    cmd
}

fn start() -> Result<String, String> {
    let bin = bin_dir().ok_or("PostgreSQL is not installed")?;
    let user = run_as()?;
    let dir = tempfile::Builder::new()
        .prefix("isolo-pg-test.")
        .tempdir()
        .map_err(|e| e.to_string())?
        .keep();
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).map_err(|e| e.to_string())?;
    }
    let data = dir.join("data");
    let init = command(&bin.join("initdb"), user)
        .args(["-U", "isolo", "-A", "trust", "--no-sync", "-E", "UTF8", "-D"])
        .arg(&data)
        .output()
        .map_err(|e| format!("initdb: {e}"))?;
    if !init.status.success() {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&init.stderr)
        ));
    }
    let log = std::fs::File::create(dir.join("server.log")).map_err(|e| e.to_string())?;
    if let Some((uid, gid)) = user {
        let _ = std::os::unix::fs::chown(dir.join("server.log"), Some(uid), Some(gid));
    }
    let mut server = command(&bin.join("postgres"), user);
    server
        .arg("-D")
        .arg(&data)
        .arg("-k")
        .arg(&dir)
        .args([
            "-c",
            "listen_addresses=",
            "-c",
            "fsync=off",
            "-c",
            "max_connections=200",
        ])
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log);
    // SAFETY: prctl is async-signal-safe; it runs after the change of user.
    unsafe {
        server.pre_exec(|| {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGQUIT) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    // The parent-death signal follows the thread that spawned the server,
    // not the process: spawn it from a thread that lives as long as we do.
    let (spawned, child) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = spawned.send(server.spawn());
        loop {
            std::thread::park();
        }
    });
    let child = child
        .recv()
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("postgres: {e}"))?;
    *RUNNING.lock().unwrap() = Some(Server {
        child,
        dir: dir.clone(),
    });
    // SAFETY: `stop` is an `extern "C" fn()` that never unwinds.
    unsafe { libc::atexit(stop) };
    let started = Instant::now();
    // PostgreSQL writes "ready" into postmaster.pid once it accepts connections.
    while !std::fs::read_to_string(data.join("postmaster.pid")).is_ok_and(|p| p.contains("ready")) {
        let exited = RUNNING
            .lock()
            .unwrap()
            .as_mut()
            .and_then(|s| s.child.try_wait().ok().flatten());
        if exited.is_some() || started.elapsed() > START_WITHIN {
            let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
            stop();
            return Err(format!("the PostgreSQL server did not start: {log}"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    eprintln!("PostgreSQL: throwaway server at {}", dir.display());
    Ok(format!("host={} user=isolo dbname=postgres", dir.display()))
}

/// Stops the server at once (PostgreSQL's immediate shutdown) and removes its directory.
extern "C" fn stop() {
    let Ok(mut running) = RUNNING.lock() else { return };
    if let Some(mut server) = running.take() {
        // SAFETY: signalling our own child, whose pid we hold.
        unsafe { libc::kill(server.child.id() as libc::pid_t, libc::SIGQUIT) };
        let _ = server.child.wait();
        let _ = std::fs::remove_dir_all(&server.dir);
    }
}
