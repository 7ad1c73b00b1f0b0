-- The server's side of a move, for `cargo bench --bench store`: the statement
-- the bot sends for one move (the game's compare-and-swap and its new
-- deadline), made by pgbench itself, so the bot's share of it is what the
-- bot's client adds. This file is its arguments, one move (`a`); the bench
-- appends the rest of the bot's own statement (`MOVE_SQL_AFTER_ARGUMENTS`).
-- Each client plays its own game; the deadline moves later with the clock,
-- as a move's does.
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
