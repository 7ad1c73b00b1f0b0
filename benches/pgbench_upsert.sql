-- pgbench's side of `cargo bench --bench store`: one durable upsert a
-- transaction, into the bot's own table, of a value the size of a live game
-- (about 600 bytes), each client on its own key like the bot's writers.
\set version random(1, 1000000000)
INSERT INTO isolo_entries (space, key, version, value)
    VALUES (1, int8send(:client_id), :version, convert_to(repeat('m', 600), 'UTF8'))
    ON CONFLICT (space, key) DO UPDATE SET version = EXCLUDED.version, value = EXCLUDED.value;
