//! The rooms of the live board's sockets: one a game, language and viewer,
//! each with what it was last sent. `live.rs` feeds them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;

use crate::table::{ChannelId, Table, UserId};

/// States a socket may fall behind by; a lagging one skips to the newest.
const ROOM_BACKLOG: usize = 8;

/// A room: one game, in one language, for anyone (`None`) or one player of
/// a private game.
pub(super) type RoomKey = (ChannelId, u64, &'static str, Option<UserId>);

/// The rooms and what feeds them.
pub(crate) struct Hub {
    pub(super) table: Arc<Table>,
    pub(super) rooms: Mutex<HashMap<RoomKey, Room>>,
}

/// How far a state has come: its takebacks (after which the plies may be
/// fewer), its plies, then whether it has ended. A room never sends a state
/// behind the last it sent, so two pushes of one commit racing each other
/// cannot step a page back.
pub(super) type Mark = (u32, usize, bool);

/// A room's sockets, and how far its last push went.
pub(super) struct Room {
    pub(super) tx: broadcast::Sender<Utf8Bytes>,
    pub(super) pushed: Mark,
}

impl Hub {
    /// A hub for `table`'s games, fed once [`Hub::run`] starts: by the
    /// table's commits and by other processes' (through the store's
    /// announcements). When either stream loses changes (this process's
    /// fell behind, or the store's overflowed or dropped), every open room
    /// is read again.
    pub(crate) fn new(table: Arc<Table>) -> Arc<Hub> {
        Arc::new(Hub {
            table,
            rooms: Mutex::default(),
        })
    }

    /// Joins room `key`.
    pub(super) fn subscribe(&self, key: RoomKey) -> broadcast::Receiver<Utf8Bytes> {
        let mut rooms = self.rooms.lock().expect("the rooms lock");
        rooms.retain(|_, r| r.tx.receiver_count() > 0);
        rooms
            .entry(key)
            .or_insert_with(|| Room {
                tx: broadcast::channel(ROOM_BACKLOG).0,
                pushed: (0, 0, false),
            })
            .tx
            .subscribe()
    }

    /// Notes that a socket of room `key` was sent a state as far as `mark`.
    pub(super) fn sent(&self, key: &RoomKey, mark: Mark) {
        if let Some(room) = self.rooms.lock().expect("the rooms lock").get_mut(key) {
            room.pushed = room.pushed.max(mark);
        }
    }
}
