-- The server's side of a move, for `cargo bench --bench store`: the call the
-- bot makes for one move (`isolo_commits`: the game's compare-and-swap and
-- its new deadline, one commit alone), made by pgbench itself, so the bot's
-- share of it is what the bot's client adds. Each client plays its own game;
-- the deadline moves later with the clock, as a move's does.
\set game :client_id + 1
SELECT c.* FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::int8 AS at,
        (SELECT version FROM isolo_entries WHERE space = 1 AND key = int8send(:game::int8)) AS version) m,
    LATERAL isolo_commits(
        '{2}', '{0,3}', '{1,5}',
        ARRAY[int8send(:game::int8), '\x63'::bytea || int8send(:game::int8)],
        ARRAY[m.version, NULL]::int8[],
        ARRAY[convert_to(repeat('m', 600), 'UTF8'),
              convert_to('{"kind":"deadline","format":1,"data":{"at":' || m.at || ',"channel":' || :game || '}}', 'UTF8')],
        ARRAY[NULL, '\x61'::bytea || int8send(m.at) || int8send(:game::int8)],
        :channel, ARRAY[NULL, :game::text]) c;
