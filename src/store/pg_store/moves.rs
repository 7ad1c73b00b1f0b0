//! Moves: a game's compare-and-swap with its deadline, the bot's commit
//! of every turn, as one plain SQL statement (several in group commit).

use super::super::{keys, typed, Deadline, Expect, Op, Space};
use super::common::{append, call, FastOutcome, Param};

/// One move, alone: the compare-and-swap of an entry (`$1` space, `$2` key,
/// `$3` the version expected, `$4` the new value) and, if `$5` names a
/// channel's deadline entry, its deadline set (`$6` the index key, `$7` the
/// entry) or cleared (`$6` NULL). Plain SQL, one statement, one
/// transaction: one row, the move's version, or NULL and the version found
/// (NULL: absent), the move having written nothing; the deadline is written
/// only if the swap was made. A new, earlier or cleared deadline is
/// announced on `$8` with `$9` as the payload (see `isolo_commits`).
/// `benches/store.rs` has pgbench run this text on arguments of its own.
pub const MOVE_SQL: &str = "WITH g AS (
    UPDATE isolo_entries e SET version = nextval('isolo_versions'), value = $4
        WHERE e.space = $1 AND e.key = $2 AND e.version = $3
        RETURNING e.version),
s AS (
    INSERT INTO isolo_deadlines AS t (channel_key, at_key, version, value)
        SELECT $5, $6, g.version, $7 FROM g WHERE $6::bytea IS NOT NULL
        ON CONFLICT (channel_key) DO UPDATE SET prior_at_key = t.at_key, at_key = EXCLUDED.at_key,
            version = EXCLUDED.version, value = EXCLUDED.value
        RETURNING t.prior_at_key IS NULL OR t.at_key < t.prior_at_key AS earlier),
c AS (
    DELETE FROM isolo_deadlines t USING g WHERE $6::bytea IS NULL AND t.channel_key = $5
        RETURNING true AS earlier)
SELECT g.version,
    CASE WHEN g.version IS NULL THEN
        (SELECT e.version FROM isolo_entries e WHERE e.space = $1 AND e.key = $2) END,
    CASE WHEN (SELECT bool_or(earlier) FROM (SELECT earlier FROM s UNION ALL SELECT earlier FROM c) x)
        THEN pg_notify($8, $9) END
    FROM (SELECT) one LEFT JOIN g ON true";

/// Several moves in one statement (group commit): [`MOVE_SQL`] over arrays,
/// one slot a move, each answered in a row of its own, in order. The moves
/// touch distinct keys: each reads the state before the statement.
const MOVES: &str = "WITH a AS (
    SELECT * FROM unnest($1::int2[], $2::bytea[], $3::int8[], $4::bytea[], $5::bytea[], $6::bytea[],
            $7::bytea[], $9::text[])
        WITH ORDINALITY AS a(space, key, expect, val, channel_key, at_key, deadline, chan, n)),
g AS (
    UPDATE isolo_entries e SET version = nextval('isolo_versions'), value = a.val
        FROM a WHERE e.space = a.space AND e.key = a.key AND e.version = a.expect
        RETURNING a.n, e.version),
s AS (
    INSERT INTO isolo_deadlines AS t (channel_key, at_key, version, value)
        SELECT a.channel_key, a.at_key, g.version, a.deadline FROM g JOIN a USING (n)
            WHERE a.at_key IS NOT NULL
        ON CONFLICT (channel_key) DO UPDATE SET prior_at_key = t.at_key, at_key = EXCLUDED.at_key,
            version = EXCLUDED.version, value = EXCLUDED.value
        RETURNING t.channel_key, t.prior_at_key, t.at_key),
c AS (
    DELETE FROM isolo_deadlines t USING g JOIN a USING (n)
        WHERE a.channel_key IS NOT NULL AND a.at_key IS NULL AND t.channel_key = a.channel_key
        RETURNING t.channel_key),
w AS (
    SELECT pg_notify($8, a.chan) FROM a JOIN (
        SELECT channel_key FROM s WHERE s.prior_at_key IS NULL OR s.at_key < s.prior_at_key
        UNION ALL SELECT channel_key FROM c) d USING (channel_key))
SELECT g.version, CASE WHEN g.version IS NULL THEN
        (SELECT e.version FROM isolo_entries e WHERE e.space = a.space AND e.key = a.key) END,
    (SELECT count(*) FROM w)
    FROM a LEFT JOIN g USING (n) ORDER BY a.n";

/// The arguments of [`MOVE_SQL`] or [`MOVES`], one array slot per move.
#[derive(Debug, Default, PartialEq)]
pub(super) struct MoveArgs {
    spaces: Vec<i16>,
    keys: Vec<Vec<u8>>,
    expects: Vec<i64>,
    vals: Vec<Vec<u8>>,
    channel_keys: Vec<Option<Vec<u8>>>,
    at_keys: Vec<Option<Vec<u8>>>,
    deadlines: Vec<Option<Vec<u8>>>,
    chans: Vec<Option<String>>,
    /// Where the swap is in its commit's ops, for the refusal.
    swap_op: Vec<usize>,
}

/// The plain-statement form of a move: a compare-and-swap of one entry
/// (not a deadline) against the version read, with or without its
/// channel's deadline set or cleared. `None`: another form.
pub(super) fn move_args(ops: &[Op]) -> Option<MoveArgs> {
    let (swap_op, deadline) = match ops {
        [_] => (0, None),
        [_, Op::SetDeadline { channel, at }] => (0, Some((*channel, *at))),
        [Op::SetDeadline { channel, at }, _] => (1, Some((*channel, *at))),
        _ => return None,
    };
    let Op::Put {
        space,
        key,
        value,
        expect: Expect::Version(expect),
    } = &ops[swap_op]
    else {
        return None;
    };
    if *space == Space::Deadlines {
        return None;
    }
    super::super::check_envelope(*space, key, value).ok()?;
    let (channel_key, at_key, entry) = match deadline {
        None => (None, None, None),
        Some((channel, at)) => {
            let channel_key = keys::deadline_of(channel);
            let entry = match at {
                Some(at) => {
                    Some(typed::encode(Space::Deadlines, &channel_key, &Deadline { at, channel }).ok()?)
                }
                None => None,
            };
            (
                Some(channel_key),
                at.map(|at| keys::deadline_at(at, channel)),
                entry,
            )
        }
    };
    Some(MoveArgs {
        spaces: vec![i16::from(space.tag())],
        keys: vec![key.clone()],
        expects: vec![i64::try_from(*expect).ok()?],
        vals: vec![value.clone()],
        channel_keys: vec![channel_key],
        at_keys: vec![at_key],
        deadlines: vec![entry],
        chans: vec![deadline.map(|(channel, _)| channel.to_string())],
        swap_op: vec![swap_op],
    })
}

impl MoveArgs {
    /// These moves in one statement, if they touch distinct keys (each
    /// reads the state before the statement, not the one before it).
    pub(super) fn concat<'a>(moves: impl IntoIterator<Item = &'a MoveArgs>) -> Option<MoveArgs> {
        let mut all = MoveArgs::default();
        for one in moves {
            append!(
                all,
                one,
                spaces,
                keys,
                expects,
                vals,
                channel_keys,
                at_keys,
                deadlines,
                chans,
                swap_op
            );
        }
        let distinct = |keys: Vec<(Option<i16>, &Vec<u8>)>| {
            let n = keys.len();
            keys.into_iter().collect::<std::collections::HashSet<_>>().len() == n
        };
        let entries = all.spaces.iter().map(|s| Some(*s)).zip(&all.keys).collect();
        let deadlines = all.channel_keys.iter().flatten().map(|k| (None, k)).collect();
        (distinct(entries) && distinct(deadlines)).then_some(all)
    }
}

/// The moves of `args` in one statement ([`MOVE_SQL`] for one, [`MOVES`]
/// for several): each one's outcome, in order.
pub(super) async fn make_moves(
    client: &deadpool_postgres::Client,
    args: &MoveArgs,
    channel: &str,
) -> std::result::Result<Vec<FastOutcome>, tokio_postgres::Error> {
    let a = args;
    let rows = match a.keys.len() {
        1 => {
            let params: [Param<'_>; 9] = [
                &a.spaces[0],
                &a.keys[0],
                &a.expects[0],
                &a.vals[0],
                &a.channel_keys[0],
                &a.at_keys[0],
                &a.deadlines[0],
                &channel,
                &a.chans[0],
            ];
            call(client, MOVE_SQL, &params).await?
        }
        _ => {
            let params: [Param<'_>; 9] = [
                &a.spaces,
                &a.keys,
                &a.expects,
                &a.vals,
                &a.channel_keys,
                &a.at_keys,
                &a.deadlines,
                &channel,
                &a.chans,
            ];
            call(client, MOVES, &params).await?
        }
    };
    Ok(rows
        .iter()
        .zip(args.expects.iter().zip(&args.swap_op))
        .map(|(row, (&expect, &op))| match row.get::<_, Option<i64>>(0) {
            Some(version) => FastOutcome::Committed(version as u64),
            // Refused, yet the statement's snapshot holds what it expected:
            // a commit since changed the row.
            None => match row.get::<_, Option<i64>>(1) {
                Some(found) if found == expect => FastOutcome::Raced,
                found => FastOutcome::Conflict(op, found.map(|v| v as u64)),
            },
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_a_swap_with_or_without_its_deadline() {
        let put = |expect| Op::Put {
            space: Space::Games,
            key: keys::id(7),
            value: br#"{"kind":"game","format":1,"data":{}}"#.to_vec(),
            expect,
        };
        let deadline = |at| Op::SetDeadline { channel: 7, at };
        let args = move_args(&[deadline(Some(5)), put(Expect::Version(3))]).unwrap();
        assert_eq!(args.swap_op, vec![1]);
        assert_eq!(args.expects, vec![3]);
        assert_eq!(args.at_keys, vec![Some(keys::deadline_at(5, 7))]);
        assert_eq!(args.channel_keys, vec![Some(keys::deadline_of(7))]);
        let cleared = move_args(&[put(Expect::Version(3)), deadline(None)]).unwrap();
        assert_eq!((cleared.at_keys, cleared.deadlines), (vec![None], vec![None]));
        assert!(move_args(&[put(Expect::Version(3))]).is_some());
        // Not moves: a swap against absence or none, two swaps, a deadline alone.
        assert!(move_args(&[put(Expect::Absent), deadline(Some(5))]).is_none());
        assert!(move_args(&[put(Expect::Any)]).is_none());
        assert!(move_args(&[put(Expect::Version(1)), put(Expect::Version(2))]).is_none());
        assert!(move_args(&[deadline(Some(5))]).is_none());
        // Two moves of one game, or of one channel's deadline, are not made together.
        let one = move_args(&[put(Expect::Version(3))]).unwrap();
        assert!(MoveArgs::concat([&one, &one]).is_none());
        let mut other = move_args(&[put(Expect::Version(3)), deadline(Some(5))]).unwrap();
        other.keys = vec![keys::id(8)];
        let same_deadline = move_args(&[put(Expect::Version(3)), deadline(Some(6))]).unwrap();
        assert!(MoveArgs::concat([&other, &same_deadline]).is_none());
        assert_eq!(MoveArgs::concat([&one, &other]).unwrap().swap_op, vec![0, 0]);
    }
}
