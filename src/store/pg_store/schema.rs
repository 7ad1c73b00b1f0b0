//! The schema: its migrations (the commit function among them), run under a
//! lock when the store opens, and the schema names accepted.

use deadpool_postgres::Pool;

use super::super::StoreError;
use super::common::{backend, pool_error};
use crate::store::Result;

/// Schema version this build creates and reads. Recorded in `isolo_schema`.
pub const SCHEMA_VERSION: i32 = 5;

/// Migration `n` (1-based) upgrades schema `n - 1` to `n`. Append only.
pub(super) const MIGRATIONS: [&str; SCHEMA_VERSION as usize] = [
    "
    CREATE TABLE isolo_entries (
        space smallint NOT NULL,
        key bytea NOT NULL,
        version bigint NOT NULL CHECK (version > 0),
        value bytea NOT NULL,
        PRIMARY KEY (space, key)
    );
    CREATE SEQUENCE isolo_versions AS bigint MINVALUE 1;
",
    // 2 and 3 installed `isolo_commit`, one commit a call, 4 `isolo_commits`
    // with advisory locks, which 5 replaces: a schema at 1 to 4 ends up the same.
    "",
    "",
    "",
    COMMITS_FUNCTION,
];

/// Migration 5: `isolo_commits`, the one-round-trip commit of a batch of
/// commits (see [`fast_commits`](super::commits)), each atomic on its own,
/// in order, optimistic: no advisory lock and no locked read of a written
/// row; each write repeats its compare-and-swap in its own WHERE, so the
/// row's lock is taken by the write itself.
///
/// Commit `c` is the next `sizes[c]` ops. Op `i` is `kinds[i]` (0 put,
/// 1 delete, 2 check, 3 set a deadline) on `(spaces[i], keys[i])`, with
/// `expects[i]` (NULL any, -1 absent, else that version) and the new value
/// `vals[i]`. A deadline op's key is the channel's entry, `vals[i]` its new
/// entry (NULL clears it), `ats[i]` the new index key and `chans[i]` the
/// channel id, also the NOTIFY payload.
///
/// One row a commit, in order: its version, or the op (1-based within the
/// commit) whose check failed and the version found there (NULL: absent),
/// the commit having written nothing. Each commit sees the ones before it.
/// A commit with one compare-and-swap write makes it first, so a refusal
/// has written nothing; one with several checks them all first, and should
/// a write then find its row changed since (another commit won the race),
/// the whole call raises `IS002`, nothing written, and the caller makes the
/// commits again. A deadline entry that is not exactly what this build
/// writes raises `IS001` (nothing written at all): the caller's general
/// path then decodes it. A check of a version holds its row (`FOR SHARE`)
/// to the commit; a check that a key is absent holds nothing.
///
/// Only a deadline that is new, earlier or cleared is announced: PostgreSQL
/// commits NOTIFYing transactions one at a time, which defeats group commit,
/// and a move pushes its deadline later. A listener that waits for the old,
/// earlier time just wakes, reads the index again and sleeps on.
const COMMITS_FUNCTION: &str = r#"
    DROP FUNCTION IF EXISTS isolo_commit(int8[], int2[], int2[], bytea[], int8[], bytea[], bytea[], text, text[]);
    DROP FUNCTION IF EXISTS isolo_commits(int8[], int4[], int2[], int2[], bytea[], int8[], bytea[], bytea[], text, text[]);
    CREATE OR REPLACE FUNCTION isolo_commits(
        sizes int4[], kinds int2[], spaces int2[], keys bytea[], expects int8[],
        vals bytea[], ats bytea[], channel text, chans text[]
    ) RETURNS TABLE (new_version bigint, failed_op integer, failed_version bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
        found_version bigint;
        old_version bigint;
        old_value bytea;
        old_text text;
        old_index bytea;
        head constant text := '{"kind":"deadline","format":1,"data":{"at":';
        tail text;
        at_text text;
        size integer;
        first integer := 1;
        last integer;
        swaps integer;
        written boolean;
    BEGIN
        FOREACH size IN ARRAY sizes LOOP
            last := first + size - 1;
            new_version := NULL;
            failed_op := NULL;
            failed_version := NULL;
            swaps := 0;
            FOR i IN first .. last LOOP
                IF coalesce(kinds[i] IN (0, 1) AND expects[i] >= 0 OR kinds[i] = 0 AND expects[i] = -1, false) THEN
                    swaps := swaps + 1;
                END IF;
            END LOOP;
            -- Checks first: those the writes cannot make, and with several
            -- compare-and-swaps, theirs too (plain reads, repeated by the writes).
            FOR i IN first .. last LOOP
                CONTINUE WHEN kinds[i] = 3 OR expects[i] IS NULL;
                CONTINUE WHEN swaps <= 1 AND NOT (kinds[i] = 2 OR kinds[i] = 1 AND expects[i] = -1);
                IF kinds[i] = 2 AND expects[i] >= 0 THEN
                    PERFORM 1 FROM isolo_entries e
                        WHERE e.space = spaces[i] AND e.key = keys[i] AND e.version = expects[i] FOR SHARE;
                    CONTINUE WHEN FOUND;
                END IF;
                SELECT e.version INTO found_version FROM isolo_entries e
                    WHERE e.space = spaces[i] AND e.key = keys[i];
                IF NOT FOUND THEN
                    found_version := NULL;
                END IF;
                IF (expects[i] = -1 AND found_version IS NOT NULL)
                    OR (expects[i] >= 0 AND found_version IS DISTINCT FROM expects[i]) THEN
                    failed_op := i - first + 1;
                    failed_version := found_version;
                    EXIT;
                END IF;
            END LOOP;
            IF failed_op IS NULL THEN
                new_version := nextval('isolo_versions');
                -- The compare-and-swaps first (pass 1), then the rest.
                <<passes>>
                FOR pass IN 1 .. 2 LOOP
                    FOR i IN first .. last LOOP
                        CONTINUE WHEN (pass = 1) <> coalesce(kinds[i] IN (0, 1) AND expects[i] >= 0
                            OR kinds[i] = 0 AND expects[i] = -1, false);
                        IF kinds[i] = 0 AND expects[i] IS NULL THEN
                            INSERT INTO isolo_entries AS e (space, key, version, value)
                                VALUES (spaces[i], keys[i], new_version, vals[i])
                                ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value;
                        ELSIF kinds[i] = 0 AND expects[i] = -1 THEN
                            INSERT INTO isolo_entries (space, key, version, value)
                                VALUES (spaces[i], keys[i], new_version, vals[i])
                                ON CONFLICT (space, key) DO NOTHING;
                            written := FOUND;
                        ELSIF kinds[i] = 0 THEN
                            UPDATE isolo_entries e SET version = new_version, value = vals[i]
                                WHERE e.space = spaces[i] AND e.key = keys[i] AND e.version = expects[i];
                            written := FOUND;
                        ELSIF kinds[i] = 1 AND expects[i] >= 0 THEN
                            DELETE FROM isolo_entries e
                                WHERE e.space = spaces[i] AND e.key = keys[i] AND e.version = expects[i];
                            written := FOUND;
                        ELSIF kinds[i] = 1 AND expects[i] IS NULL THEN
                            DELETE FROM isolo_entries e WHERE e.space = spaces[i] AND e.key = keys[i];
                        ELSIF kinds[i] = 3 THEN
                            SELECT e.version, e.value INTO old_version, old_value FROM isolo_entries e
                                WHERE e.space = spaces[i] AND e.key = keys[i];
                            old_index := NULL;
                            IF FOUND THEN
                                old_text := convert_from(old_value, 'UTF8');
                                tail := ',"channel":' || chans[i] || '}}';
                                at_text := substring(old_text FROM length(head) + 1
                                    FOR greatest(0, length(old_text) - length(head) - length(tail)));
                                IF left(old_text, length(head)) IS DISTINCT FROM head
                                    OR right(old_text, length(tail)) IS DISTINCT FROM tail
                                    OR at_text !~ '^(0|[1-9][0-9]{0,17})$' THEN
                                    RAISE EXCEPTION 'a deadline entry this function does not read' USING ERRCODE = 'IS001';
                                END IF;
                                -- The index key: 'a', the time, the channel (the entry key's tail).
                                old_index := '\x61'::bytea || int8send(at_text::bigint) || substring(keys[i] FROM 2);
                                -- The channel's entry guards its index entries: swapped on the version read.
                                IF vals[i] IS NULL THEN
                                    DELETE FROM isolo_entries e
                                        WHERE e.space = spaces[i] AND e.key = keys[i] AND e.version = old_version;
                                ELSE
                                    UPDATE isolo_entries e SET version = new_version, value = vals[i]
                                        WHERE e.space = spaces[i] AND e.key = keys[i] AND e.version = old_version;
                                END IF;
                                written := FOUND;
                            ELSIF vals[i] IS NULL THEN
                                written := true;
                            ELSE
                                INSERT INTO isolo_entries (space, key, version, value)
                                    VALUES (spaces[i], keys[i], new_version, vals[i])
                                    ON CONFLICT (space, key) DO NOTHING;
                                written := FOUND;
                            END IF;
                            IF NOT written THEN
                                RAISE EXCEPTION 'a deadline changed under a commit' USING ERRCODE = 'IS002';
                            END IF;
                            IF old_index IS NOT NULL AND old_index IS DISTINCT FROM ats[i] THEN
                                DELETE FROM isolo_entries e WHERE e.space = spaces[i] AND e.key = old_index;
                            END IF;
                            IF vals[i] IS NOT NULL THEN
                                INSERT INTO isolo_entries AS e (space, key, version, value)
                                    VALUES (spaces[i], ats[i], new_version, vals[i])
                                    ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value;
                            END IF;
                            -- Delivered to listeners when (and only if) the transaction commits.
                            -- Index keys order by time ('a', then the time big-endian, the same tail).
                            IF ats[i] IS NULL OR old_index IS NULL OR ats[i] < old_index THEN
                                PERFORM pg_notify(channel, chans[i]);
                            END IF;
                        END IF;
                        IF pass = 1 AND NOT written THEN
                            IF swaps > 1 THEN
                                RAISE EXCEPTION 'a row changed since it was checked' USING ERRCODE = 'IS002';
                            END IF;
                            -- The only swap, made first: nothing of this commit is written.
                            SELECT e.version INTO found_version FROM isolo_entries e
                                WHERE e.space = spaces[i] AND e.key = keys[i];
                            IF NOT FOUND THEN
                                found_version := NULL;
                            END IF;
                            new_version := NULL;
                            failed_op := i - first + 1;
                            failed_version := found_version;
                            EXIT passes;
                        END IF;
                    END LOOP;
                END LOOP;
            END IF;
            RETURN NEXT;
            first := last + 1;
        END LOOP;
    END
    $$;
"#;
/// Advisory lock held while creating or upgrading the schema, so bots
/// starting together migrate once. Should a key's lock hash to it, a commit
/// merely waits for a migration.
const SCHEMA_LOCK: i64 = 0x6973_6f6c_6f5f_7363; // "isolo_sc"

/// Longest schema name accepted; leaves room in the notify channel name.
const MAX_SCHEMA_LEN: usize = 40;

/// A schema name we can put in SQL and in options without quoting trouble.
pub(super) fn valid_schema(name: &str) -> Result<&str> {
    let ok = !name.is_empty()
        && name.len() <= MAX_SCHEMA_LEN
        && name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(name)
    } else {
        Err(StoreError::Backend(format!(
            "[storage] schema {name:?}: use up to {MAX_SCHEMA_LEN} lowercase letters, digits and _, \
             not starting with a digit"
        )))
    }
}

/// Create the schema, or bring an older one up to [`SCHEMA_VERSION`].
pub(super) async fn migrate(pool: &Pool, schema: Option<&str>) -> Result<()> {
    let mut client = pool.get().await.map_err(pool_error)?;
    let tx = client.transaction().await.map_err(backend)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
        .await
        .map_err(backend)?;
    // Check before creating: a bot whose user may no longer create objects
    // (see docs/storage.md) still starts on an existing schema.
    if let Some(schema) = schema {
        create_missing(
            &tx,
            "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)",
            &[&schema],
            // `valid_schema` vetted the name; identifiers cannot be parameters.
            &format!("CREATE SCHEMA {schema}"),
        )
        .await?;
    }
    create_missing(
        &tx,
        "SELECT to_regclass('isolo_schema') IS NOT NULL",
        &[],
        "CREATE TABLE isolo_schema (
            one boolean PRIMARY KEY DEFAULT true CHECK (one),
            version integer NOT NULL,
            upgraded_at timestamptz NOT NULL DEFAULT now()
        )",
    )
    .await?;
    let found: i32 = tx
        .query_opt("SELECT version FROM isolo_schema", &[])
        .await
        .map_err(backend)?
        .map_or(0, |row| row.get(0));
    if found > SCHEMA_VERSION {
        return Err(StoreError::Schema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    if found < SCHEMA_VERSION {
        let done = usize::try_from(found)
            .map_err(|_| StoreError::Backend(format!("isolo_schema records version {found}")))?;
        for step in &MIGRATIONS[done..] {
            tx.batch_execute(step).await.map_err(backend)?;
        }
        tx.execute(
            "INSERT INTO isolo_schema (version) VALUES ($1)
             ON CONFLICT (one) DO UPDATE SET version = EXCLUDED.version, upgraded_at = now()",
            &[&SCHEMA_VERSION],
        )
        .await
        .map_err(backend)?;
    }
    tx.commit().await.map_err(backend)
}

/// Run `create` unless `exists` (a query giving one boolean) finds the object.
async fn create_missing(
    tx: &tokio_postgres::Transaction<'_>,
    exists: &str,
    params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    create: &str,
) -> Result<()> {
    let there: bool = tx.query_one(exists, params).await.map_err(backend)?.get(0);
    if !there {
        tx.batch_execute(create).await.map_err(backend)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_names_are_vetted() {
        for good in ["isolo", "_t1", "bot_2"] {
            assert_eq!(valid_schema(good).unwrap(), good);
        }
        for bad in ["", "1x", "Isolo", "a;drop", "a b", &"x".repeat(41)] {
            assert!(valid_schema(bad).is_err(), "{bad:?}");
        }
    }
}
