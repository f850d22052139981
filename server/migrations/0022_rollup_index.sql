-- The Overview reads the hourly rollups through an index each server process keeps in memory
-- (server/src/analytics/index.rs), checked against the stores' analytics versions on every
-- read. Each rollup row carries the version of its store that last wrote it, so a process
-- brings its copy of a store up to date by reading only the rows written after the version it
-- holds; `rebuilt` is the version at which the store's rollups were last made anew from the
-- first events and orders (rows deleted), after which a copy is read again whole.
ALTER TABLE analytics_hourly ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE analytics_hourly_countries ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE analytics_versions ADD COLUMN rebuilt BIGINT NOT NULL DEFAULT 0;
CREATE INDEX analytics_hourly_by_version ON analytics_hourly (store_id, version);
CREATE INDEX analytics_hourly_countries_by_version ON analytics_hourly_countries (store_id, version);
