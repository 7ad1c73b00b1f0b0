//! Value types shared by the store tests, shaped like the hosting layer's,
//! and the stores under test.
#![allow(dead_code)] // each test binary and the store bench use a different subset

use std::sync::Arc;

use isolo_bot::store::{MemoryStore, PgStore, SledStore, Space, Store, Versioned};
use serde::{Deserialize, Serialize};

/// A live game. Format 1 called the move list `history`; format 2 renamed it
/// and added `turn`, so reading format 1 exercises the migration hook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub moves: Vec<u8>,
    pub turn: u32,
}

impl Versioned for Game {
    const KIND: &'static str = "game";
    const FORMAT: u32 = 2;

    fn migrate(format: u32, data: serde_json::Value) -> Result<Self, String> {
        #[derive(Deserialize)]
        struct V1 {
            history: Vec<u8>,
        }
        match format {
            1 => {
                let v1: V1 = serde_json::from_value(data).map_err(|e| e.to_string())?;
                let turn = v1.history.len() as u32;
                Ok(Game {
                    moves: v1.history,
                    turn,
                })
            }
            _ => Err(format!("unknown game format {format}")),
        }
    }
}

/// A player's rating in one guild.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    pub elo: i32,
    pub games: u32,
}

impl Versioned for Rating {
    const KIND: &'static str = "rating";
    const FORMAT: u32 = 1;
}

pub fn game(n: u8) -> Game {
    Game {
        moves: vec![n; n as usize % 7 + 1],
        turn: n as u32,
    }
}

/// A store under test, with whatever keeps it alive (dropped after it).
pub struct Harness {
    pub store: Arc<dyn Store>,
    _keep: Option<Box<dyn std::any::Any>>,
}

impl std::ops::Deref for Harness {
    type Target = dyn Store;
    fn deref(&self) -> &Self::Target {
        &*self.store
    }
}

pub fn memory() -> Harness {
    Harness {
        store: Arc::new(MemoryStore::new()),
        _keep: None,
    }
}

pub fn sled() -> Harness {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SledStore::open_path(dir.path().join("db")).expect("open sled");
    Harness {
        store: Arc::new(store),
        _keep: Some(Box::new(dir)),
    }
}

/// Names the PostgreSQL server the tests may use (`.ci/run` sets it);
/// unset, the tests start their own when PostgreSQL is installed.
pub const PG_URL_ENV: &str = "ISOLO_TEST_PG_URL";

/// Why a PostgreSQL test is ignored: written out in each test's
/// `#[cfg_attr(not(isolo_pg), ignore = ...)]` (build.rs sets `isolo_pg`).
pub const PG_MISSING: &str =
    "needs PostgreSQL: install it (the tests start their own server) or set ISOLO_TEST_PG_URL";

/// The test server's URL: `ISOLO_TEST_PG_URL`, else this process's own
/// throwaway server ([`super::pg_server`]). `None`, after saying so, only
/// when PostgreSQL is not installed; installed but failing to start is a
/// test failure, not a skip.
pub fn pg_url() -> Option<String> {
    if let Ok(url) = std::env::var(PG_URL_ENV) {
        if !url.trim().is_empty() {
            return Some(url);
        }
    }
    if super::pg_bin::bin_dir().is_none() {
        eprintln!("skipped: PostgreSQL part: {PG_MISSING}");
        return None;
    }
    #[cfg(unix)]
    return Some(super::pg_server::url().unwrap_or_else(|e| panic!("{e}")));
    #[cfg(not(unix))]
    None
}

/// A fresh schema on the test server, dropped with this value, so tests
/// never see each other's data.
pub struct PgSchema {
    pub url: String,
    pub name: String,
}

impl PgSchema {
    pub fn new(url: &str) -> Self {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Self {
            url: url.to_owned(),
            name: format!("t{}_{n}_{nanos}", std::process::id()),
        }
    }

    pub fn open(&self) -> PgStore {
        PgStore::open(&self.url, Some(&self.name)).expect("open PostgreSQL store")
    }

    /// Run SQL on the test server with search_path set to this schema.
    pub fn sql(&self, sql: &str) {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let sql = format!("SET search_path TO {}; {sql}", self.name);
        rt.block_on(async {
            let (client, conn) = tokio_postgres::connect(&self.url, tokio_postgres::NoTls)
                .await
                .expect("connect to the test server");
            let conn = tokio::spawn(conn);
            let done = client.batch_execute(&sql).await;
            drop(client);
            let _ = conn.await;
            done.expect("test SQL");
        });
    }
}

impl Drop for PgSchema {
    fn drop(&mut self) {
        self.sql(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name));
    }
}

/// A PostgreSQL store in its own schema (its test is ignored without PostgreSQL).
pub fn pg() -> Harness {
    let url = pg_url().expect(PG_MISSING);
    let schema = PgSchema::new(&url);
    Harness {
        store: Arc::new(schema.open()),
        _keep: Some(Box::new(schema)),
    }
}

/// Every entry of every space: (space, key, version, value bytes).
pub fn dump(store: &dyn Store) -> Vec<(Space, Vec<u8>, u64, Vec<u8>)> {
    let mut out = Vec::new();
    for space in Space::ALL {
        for (key, rec) in store.scan(space, &Default::default()).expect("scan") {
            let rec = rec.expect("readable entry");
            out.push((space, key, rec.version, rec.value));
        }
    }
    out
}
