//! Key encodings. Numbers are big-endian so keys sort numerically and a
//! guild id is a prefix of all its ratings.

use serde::{Deserialize, Serialize};

/// A clock deadline: the channel whose game (or challenge) times out at `at`.
/// Ordered by time, then channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Deadline {
    /// Unix time in milliseconds.
    pub at: u64,
    /// Channel id.
    pub channel: u64,
}

const DEADLINE_AT: u8 = b'a';
const DEADLINE_OF: u8 = b'c';

/// Key of a channel, game or any other snowflake id.
pub fn id(id: u64) -> Vec<u8> {
    id.to_be_bytes().to_vec()
}

/// Key of a user's rating in a guild. `id(guild)` is its prefix.
pub fn rating(guild: u64, user: u64) -> Vec<u8> {
    let mut key = id(guild);
    key.extend_from_slice(&user.to_be_bytes());
    key
}

/// Inverse of [`id`].
pub fn parse_id(key: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(key.try_into().ok()?))
}

/// Inverse of [`rating`]: `(guild, user)`.
pub fn parse_rating(key: &[u8]) -> Option<(u64, u64)> {
    if key.len() != 16 {
        return None;
    }
    Some((parse_id(&key[..8])?, parse_id(&key[8..])?))
}

/// Index key: ordered by time, then channel.
pub(crate) fn deadline_at(at: u64, channel: u64) -> Vec<u8> {
    let mut key = vec![DEADLINE_AT];
    key.extend_from_slice(&at.to_be_bytes());
    key.extend_from_slice(&channel.to_be_bytes());
    key
}

/// Per-channel key, so a reschedule can find the index entry to remove.
pub(crate) fn deadline_of(channel: u64) -> Vec<u8> {
    let mut key = vec![DEADLINE_OF];
    key.extend_from_slice(&channel.to_be_bytes());
    key
}

/// First index key, and the end of the index range up to `at` inclusive.
pub(crate) fn deadline_bounds(at: u64) -> (Vec<u8>, Vec<u8>) {
    let end = match at.checked_add(1) {
        Some(next) => deadline_at(next, 0),
        None => vec![DEADLINE_AT + 1],
    };
    (vec![DEADLINE_AT], end)
}

/// The index key decodes on its own, so a damaged value cannot hide a deadline.
pub(crate) fn parse_deadline_at(key: &[u8]) -> Option<Deadline> {
    match key {
        [DEADLINE_AT, rest @ ..] if rest.len() == 16 => Some(Deadline {
            at: parse_id(&rest[..8])?,
            channel: parse_id(&rest[8..])?,
        }),
        _ => None,
    }
}

/// Smallest key greater than every key starting with `prefix`
/// (`None` if there is none).
pub fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

/// Lowercase hex, the key form used in exports.
pub fn to_hex(key: &[u8]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// Inverse of [`to_hex`].
pub fn from_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Human-readable key for messages: ids as decimal (`123:456`), printable
/// text as is, anything else as hex.
pub fn display(key: &[u8]) -> String {
    let (tag, body) = match key {
        [t @ (DEADLINE_AT | DEADLINE_OF), rest @ ..] if rest.len().is_multiple_of(8) => {
            (Some(*t as char), rest)
        }
        _ => (None, key),
    };
    if !body.is_empty() && body.len().is_multiple_of(8) {
        let ids: Vec<String> = body
            .chunks(8)
            .filter_map(parse_id)
            .map(|n| n.to_string())
            .collect();
        let ids = ids.join(":");
        return match tag {
            Some(t) => format!("{t}:{ids}"),
            None => ids,
        };
    }
    match std::str::from_utf8(key) {
        Ok(s) if !s.is_empty() && s.chars().all(|c| c.is_ascii_graphic()) => s.to_owned(),
        _ => format!("0x{}", to_hex(key)),
    }
}
