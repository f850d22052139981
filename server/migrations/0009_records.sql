-- The store's smaller records and settings (server/src/routes/records.rs): lists of records of
-- a kind (size charts, option sets, reviews, catalogs, feeds, cache purges, bulk updates) and
-- one value per setting (apps, Boost UpSell, sales channels, Telegram, custom store), each as
-- the JSON the core checked.

CREATE TABLE store_records (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    data       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX store_records_by_kind ON store_records (store_id, kind, created_at);

CREATE TABLE store_settings (
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    data       TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (store_id, name)
);

-- Moved on by a cache purge: storefront answers carry it in their ETag, so a purge makes every
-- cached copy of the store's pages stale.
ALTER TABLE stores ADD COLUMN cache_stamp BIGINT NOT NULL DEFAULT 0;
