-- A counter per store that grows in every transaction that changes what its reports show (the
-- rollups, its orders): the server's cache of Overview answers is keyed by it, so a cached
-- answer is never served once its data changed, whichever process changed it.

CREATE TABLE analytics_versions (
    store_id TEXT PRIMARY KEY,
    version  BIGINT NOT NULL
);
