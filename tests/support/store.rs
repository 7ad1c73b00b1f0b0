//! Value types shared by the store tests, shaped like the hosting layer's,
//! and the stores under test.

use std::sync::Arc;

use isolo_bot::store::{MemoryStore, SledStore, Space, Store, Versioned};
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

/// A store under test, with whatever keeps it alive.
pub struct Harness {
    pub store: Arc<dyn Store>,
    _dir: Option<tempfile::TempDir>,
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
        _dir: None,
    }
}

pub fn sled() -> Harness {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = SledStore::open_path(dir.path().join("db")).expect("open sled");
    Harness {
        store: Arc::new(store),
        _dir: Some(dir),
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
