-- The server's side of a move, for `cargo bench --bench store`: the statement
-- the bot sends for one move (`MOVES` in src/store/pg_store/commits.rs: the
-- game's compare-and-swap and its new deadline), made by pgbench itself, so
-- the bot's share of it is what the bot's client adds. Each client plays its
-- own game; the deadline moves later with the clock, as a move's does. Only
-- the arguments (`a`) are pgbench's own; a unit test keeps the rest the bot's.
\set game :client_id + 1
WITH a AS (
    SELECT 1::int2 AS space, int8send(:game::int8) AS key,
        (SELECT version FROM isolo_entries WHERE space = 1 AND key = int8send(:game::int8)) AS expect,
        convert_to(repeat('m', 600), 'UTF8') AS val, '\x63'::bytea || int8send(:game::int8) AS channel_key,
        '\x61'::bytea || int8send(m.at) || int8send(:game::int8) AS at_key,
        convert_to('{"kind":"deadline","format":1,"data":{"at":' || m.at || ',"channel":' || :game || '}}', 'UTF8')
            AS deadline,
        :game::text AS chan, 1::int8 AS n
    FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::int8 AS at) m),
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
    SELECT pg_notify(:channel, a.chan) FROM a JOIN (
        SELECT channel_key FROM s WHERE s.prior_at_key IS NULL OR s.at_key < s.prior_at_key
        UNION ALL SELECT channel_key FROM c) d USING (channel_key))
SELECT g.version, CASE WHEN g.version IS NULL THEN
        (SELECT e.version FROM isolo_entries e WHERE e.space = a.space AND e.key = a.key) END,
    (SELECT count(*) FROM w)
    FROM a LEFT JOIN g USING (n) ORDER BY a.n;
