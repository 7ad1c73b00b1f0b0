//! Persistent storage: live games, pending challenges, finished records,
//! per-server ratings and the clock-deadline index.
//!
//! Layers, bottom up:
//! - [`Store`]: a small object-safe trait over raw bytes. Every value carries a
//!   store-wide version number; every write is a [`commit`](Store::commit) of
//!   [`Op`]s that is atomic, compare-and-swap checked ([`Expect`]) and durable
//!   before it returns.
//! - [`StoreExt`] and [`Batch`]: typed helpers that wrap values in a versioned
//!   [`Envelope`] (see [`Versioned`]) and maintain the [`Deadline`] index.
//! - Backends: [`SledStore`] (on disk, the default), [`PgStore`] (PostgreSQL,
//!   shared by several processes) and [`MemoryStore`]; [`open`] picks one
//!   from a [`StorageConfig`].
//! - [`export_jsonl`] / [`import_jsonl`]: move every entry out of and into a store.

mod api;
mod config;
pub mod keys;
mod memory;
mod pg_store;
mod sled_store;
mod transfer;
mod typed;
mod writes;

pub use api::{Entry, Expect, KeyRange, Op, Result, Scanned, Space, Store, StoreError, MAX_VALUE_BYTES};
pub use config::{redact_url, StorageConfig, DATABASE_URL_ENV};
pub use keys::Deadline;
pub use memory::MemoryStore;
pub use pg_store::{PgStore, MOVE_SQL, SCHEMA_VERSION};
pub use sled_store::SledStore;
pub use transfer::{export_jsonl, import_jsonl, EntryCheck, ExportReport, ImportReport};
pub use typed::{decode, Batch, Envelope, Listed, StoreExt, Stored, Versioned};
pub(crate) use writes::{check_envelope, full_key, full_range, plan};

/// Open the store `config` selects: PostgreSQL when a URL is configured
/// (see [`StorageConfig::postgres_url`]), else sled at `path`.
pub fn open(config: &StorageConfig) -> Result<std::sync::Arc<dyn Store>> {
    Ok(match config.postgres_url() {
        Some(url) => std::sync::Arc::new(PgStore::open(&url, config.schema.as_deref())?),
        None => std::sync::Arc::new(SledStore::open(config)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn keys_sort_numerically_and_round_trip() {
        assert!(keys::id(2) < keys::id(256));
        assert!(keys::rating(1, u64::MAX) < keys::rating(2, 0));
        assert_eq!(keys::parse_rating(&keys::rating(7, 9)), Some((7, 9)));
        assert_eq!(keys::parse_id(&keys::id(42)), Some(42));
        assert_eq!(keys::parse_id(b"short"), None);
        let k = keys::deadline_at(1_000, 5);
        assert_eq!(
            keys::parse_deadline_at(&k),
            Some(Deadline {
                at: 1_000,
                channel: 5
            })
        );
        assert_eq!(keys::from_hex(&keys::to_hex(&k)), Some(k));
        assert_eq!(keys::from_hex("abc"), None);
        assert_eq!(keys::from_hex("zz"), None);
    }

    #[test]
    fn successor_bounds_prefix() {
        assert_eq!(keys::successor(b"ab"), Some(b"ac".to_vec()));
        assert_eq!(keys::successor(&[1, 0xff]), Some(vec![2]));
        assert_eq!(keys::successor(&[0xff, 0xff]), None);
        let (start, end) = keys::deadline_bounds(u64::MAX);
        assert!(start < keys::deadline_at(u64::MAX, u64::MAX));
        assert!(keys::deadline_at(u64::MAX, u64::MAX) < end);
    }

    #[test]
    fn display_keys_readably() {
        assert_eq!(keys::display(&keys::rating(1, 2)), "1:2");
        assert_eq!(keys::display(&keys::deadline_of(9)), "c:9");
        assert_eq!(keys::display(b"next_game_id"), "next_game_id");
        assert_eq!(keys::display(&[0, 1, 2]), "0x000102");
    }

    #[test]
    fn space_tags_are_stable_and_distinct() {
        let tags: Vec<u8> = Space::ALL.iter().map(|s| s.tag()).collect();
        assert_eq!(tags, vec![1, 2, 3, 4, 5, 6]);
        for s in Space::ALL {
            assert_eq!(Space::from_tag(s.tag()), Some(s));
        }
        assert_eq!(Space::from_tag(0), None);
    }

    #[test]
    fn storage_config_defaults_and_parses() {
        let cfg: StorageConfig = toml::from_str("").unwrap();
        assert_eq!(cfg, StorageConfig::default());
        assert_eq!(cfg.path, PathBuf::from("data/isolo.sled"));
        let cfg: StorageConfig = toml::from_str("path = \"/var/isolo\"\nfsync = true").unwrap();
        assert_eq!(cfg.path, PathBuf::from("/var/isolo"));
        assert!(cfg.fsync);
        assert!(toml::from_str::<StorageConfig>("pth = \"x\"").is_err());
        let cfg: StorageConfig =
            toml::from_str("url = \"postgres://bot:s3cret@db:5432/isolo\"\nschema = \"s1\"").unwrap();
        assert_eq!(cfg.schema.as_deref(), Some("s1"));
        assert_eq!(
            cfg.postgres_url().as_deref(),
            Some("postgres://bot:s3cret@db:5432/isolo")
        );
        assert!(!format!("{cfg:?}").contains("s3cret"));
        assert!(!cfg.describe().contains("s3cret"));
    }

    #[test]
    fn urls_lose_their_password() {
        for (url, shown) in [
            ("postgres://bot:pw@host/db", "postgres://bot:***@host/db"),
            ("postgres://bot@host:5/db?x=1", "postgres://bot@host:5/db?x=1"),
            ("postgres://host/db", "postgres://host/db"),
            ("postgres://a:b@c@host/db", "postgres://a:***@host/db"),
            ("host=h password=pw user=u", "host=h password=*** user=u"),
        ] {
            assert_eq!(redact_url(url), shown);
        }
    }

    #[test]
    fn plan_rejects_non_envelopes_and_oversized_values() {
        let mut read = |_: Space, _: &[u8]| Ok(None);
        let put = |value: Vec<u8>| Op::Put {
            space: Space::Meta,
            key: b"k".to_vec(),
            value,
            expect: Expect::Any,
        };
        let err = plan(&[put(b"garbage".to_vec())], 1, &mut read).unwrap_err();
        assert!(matches!(err, StoreError::Encode { .. }), "{err}");
        let big = format!(
            r#"{{"kind":"x","format":1,"data":"{}"}}"#,
            "a".repeat(MAX_VALUE_BYTES)
        );
        let err = plan(&[put(big.into_bytes())], 1, &mut read).unwrap_err();
        assert!(err.to_string().contains("limit"), "{err}");
    }
}
