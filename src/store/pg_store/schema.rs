//! The schema: its migrations (the commit function among them), run under a
//! lock when the store opens, and the schema names accepted.

use deadpool_postgres::Pool;

use super::super::StoreError;
use super::common::{backend, pool_error};
use crate::store::Result;

/// Schema version this build creates and reads. Recorded in `isolo_schema`.
pub const SCHEMA_VERSION: i32 = 7;

/// Migration `n` (1-based) upgrades schema `n - 1` to `n`. Append only.
pub(super) const MIGRATIONS: [&[&str]; SCHEMA_VERSION as usize] = [
    &["
    CREATE TABLE isolo_entries (
        space smallint NOT NULL,
        key bytea NOT NULL,
        version bigint NOT NULL CHECK (version > 0),
        value bytea NOT NULL,
        PRIMARY KEY (space, key)
    );
    CREATE SEQUENCE isolo_versions AS bigint MINVALUE 1;
"],
    // 2 and 3 installed `isolo_commit`, one commit a call, 4 `isolo_commits`
    // with advisory locks, 5 its optimistic form, 6 the deadline read by its
    // own write; 7 replaces them all: a schema at 1 to 6 ends up the same.
    &[],
    &[],
    &[],
    &[],
    &[],
    &[DEADLINES_TABLE, COMMITS_FUNCTION],
];

/// Migration 7: the deadline index in a table of its own, and
/// `isolo_commits` for it.
///
/// A deadline is one row: its channel's entry key (`'c'`, the channel), its
/// index key (`'a'`, the time, the channel), the version that wrote it and
/// the entry both keys read as; the store reads the two halves of the
/// deadlines space from it. A move writes the row in place where schema 6
/// rewrote the channel's entry and moved the index entry: two rows a move,
/// not three, and nothing to decode. `prior_at_key` keeps the index key the
/// row's last write replaced, so that write's `RETURNING` says whether the
/// deadline came earlier. A channel's entry without its index entry (a
/// deadline that could never fire) is dropped on the way.
const DEADLINES_TABLE: &str = r#"
    CREATE TABLE isolo_deadlines (
        channel_key bytea PRIMARY KEY,
        at_key bytea NOT NULL,
        version bigint NOT NULL CHECK (version > 0),
        value bytea NOT NULL,
        prior_at_key bytea
    );
    CREATE INDEX isolo_deadlines_at ON isolo_deadlines (at_key);
    INSERT INTO isolo_deadlines (channel_key, at_key, version, value)
        SELECT DISTINCT ON (c.key) c.key, a.key, c.version, c.value
        FROM isolo_entries c
        JOIN isolo_entries a ON a.space = 5 AND length(a.key) = 17 AND substring(a.key FOR 1) = '\x61'::bytea
            AND substring(a.key FROM 10) = substring(c.key FROM 2)
        WHERE c.space = 5 AND length(c.key) = 9 AND substring(c.key FOR 1) = '\x63'::bytea
        ORDER BY c.key, a.key;
    DELETE FROM isolo_entries WHERE space = 5;
"#;

/// `isolo_commits`, the one-round-trip commit of a batch of commits (see
/// [`fast_commits`](super::commits)), each atomic on its own, in order,
/// optimistic: no advisory lock and no locked read of a written row; each
/// write repeats its compare-and-swap in its own WHERE, so the row's lock
/// is taken by the write itself. Moves do not come here: they take a plain
/// statement of their own (see [`MOVE_SQL`](super::moves::MOVE_SQL)).
///
/// Commit `c` is the next `sizes[c]` ops. Op `i` is `kinds[i]` (0 put,
/// 1 delete, 2 check, 3 set a deadline) on `(spaces[i], keys[i])`, with
/// `expects[i]` (NULL any, -1 absent, else that version) and the new value
/// `vals[i]`. A deadline op's key is the channel's entry, `vals[i]` its new
/// entry, `ats[i]` its index key (NULL clears it) and `chans[i]` the
/// channel id, also the NOTIFY payload.
///
/// One row a commit, in order: its version, or the op (1-based within the
/// commit) whose check failed and the version found there (NULL: absent),
/// the commit having written nothing. Each commit sees the ones before it.
/// A commit with one compare-and-swap write makes it first, so a refusal
/// has written nothing; one with several checks them all first, and should
/// a write then find its row changed since (another commit won the race),
/// the whole call raises `IS002`, nothing written, and the caller makes the
/// commits again. A check of a version holds its row (`FOR SHARE`) to the
/// commit; a check that a key is absent holds nothing.
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
        prior bytea;
        size integer;
        first integer := 1;
        last integer;
        swaps integer;
        checks boolean;
        written boolean;
        k int2;
        x int8;
        sp int2;
        ky bytea;
        val bytea;
    BEGIN
        FOREACH size IN ARRAY sizes LOOP
            last := first + size - 1;
            new_version := NULL;
            failed_op := NULL;
            failed_version := NULL;
            swaps := 0;
            checks := false;
            FOR i IN first .. last LOOP
                k := kinds[i];
                x := expects[i];
                IF k IN (0, 1) AND x >= 0 OR k = 0 AND x = -1 THEN
                    swaps := swaps + 1;
                ELSIF k = 2 AND x IS NOT NULL OR k = 1 AND x = -1 THEN
                    checks := true;
                END IF;
            END LOOP;
            -- Checks first: those the writes cannot make, and with several
            -- compare-and-swaps, theirs too (plain reads, repeated by the writes).
            IF checks OR swaps > 1 THEN
                FOR i IN first .. last LOOP
                    k := kinds[i];
                    x := expects[i];
                    CONTINUE WHEN k = 3 OR x IS NULL;
                    CONTINUE WHEN swaps <= 1 AND NOT (k = 2 OR k = 1 AND x = -1);
                    IF k = 2 AND x >= 0 THEN
                        PERFORM 1 FROM isolo_entries e
                            WHERE e.space = spaces[i] AND e.key = keys[i] AND e.version = x FOR SHARE;
                        CONTINUE WHEN FOUND;
                    END IF;
                    SELECT e.version INTO found_version FROM isolo_entries e
                        WHERE e.space = spaces[i] AND e.key = keys[i];
                    IF NOT FOUND THEN
                        found_version := NULL;
                    END IF;
                    IF (x = -1 AND found_version IS NOT NULL)
                        OR (x >= 0 AND found_version IS DISTINCT FROM x) THEN
                        failed_op := i - first + 1;
                        failed_version := found_version;
                        EXIT;
                    END IF;
                END LOOP;
            END IF;
            IF failed_op IS NULL THEN
                new_version := nextval('isolo_versions');
                -- The compare-and-swaps first (pass 1), then the rest.
                <<passes>>
                FOR pass IN 1 .. 2 LOOP
                    FOR i IN first .. last LOOP
                        k := kinds[i];
                        x := expects[i];
                        CONTINUE WHEN (pass = 1) <> coalesce(k IN (0, 1) AND x >= 0 OR k = 0 AND x = -1, false);
                        sp := spaces[i];
                        ky := keys[i];
                        val := vals[i];
                        IF k = 0 AND x IS NULL THEN
                            INSERT INTO isolo_entries AS e (space, key, version, value)
                                VALUES (sp, ky, new_version, val)
                                ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value;
                        ELSIF k = 0 AND x = -1 THEN
                            INSERT INTO isolo_entries (space, key, version, value)
                                VALUES (sp, ky, new_version, val)
                                ON CONFLICT (space, key) DO NOTHING;
                            written := FOUND;
                        ELSIF k = 0 THEN
                            UPDATE isolo_entries e SET version = new_version, value = val
                                WHERE e.space = sp AND e.key = ky AND e.version = x;
                            written := FOUND;
                        ELSIF k = 1 AND x >= 0 THEN
                            DELETE FROM isolo_entries e WHERE e.space = sp AND e.key = ky AND e.version = x;
                            written := FOUND;
                        ELSIF k = 1 AND x IS NULL THEN
                            DELETE FROM isolo_entries e WHERE e.space = sp AND e.key = ky;
                        ELSIF k = 3 AND ats[i] IS NULL THEN
                            DELETE FROM isolo_deadlines t WHERE t.channel_key = ky;
                            -- Delivered to listeners when (and only if) the transaction commits.
                            IF FOUND THEN
                                PERFORM pg_notify(channel, chans[i]);
                            END IF;
                        ELSIF k = 3 THEN
                            INSERT INTO isolo_deadlines AS t (channel_key, at_key, version, value)
                                VALUES (ky, ats[i], new_version, val)
                                ON CONFLICT (channel_key) DO UPDATE SET prior_at_key = t.at_key,
                                    at_key = EXCLUDED.at_key, version = EXCLUDED.version, value = EXCLUDED.value
                                RETURNING t.prior_at_key INTO prior;
                            -- Index keys order by time ('a', then the time big-endian, the channel).
                            IF prior IS NULL OR ats[i] < prior THEN
                                PERFORM pg_notify(channel, chans[i]);
                            END IF;
                        END IF;
                        IF pass = 1 AND NOT written THEN
                            IF swaps > 1 THEN
                                RAISE EXCEPTION 'a row changed since it was checked' USING ERRCODE = 'IS002';
                            END IF;
                            -- The only swap, made first: nothing of this commit is written.
                            SELECT e.version INTO found_version FROM isolo_entries e
                                WHERE e.space = sp AND e.key = ky;
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
        for step in MIGRATIONS[done..].iter().copied().flatten() {
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
