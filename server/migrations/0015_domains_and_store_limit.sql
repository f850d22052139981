-- Domains and store limits (issue 24).
--
-- A custom domain a store adds is first a claim: it routes nothing and blocks nobody. Several
-- stores may claim one host; the first whose DNS check passes gets a row in `domains` (where
-- `host` is unique), and every claim of that host is then dropped. A claim older than 72 hours
-- (the core's DOMAIN_CLAIM_TTL_MS) no longer counts. `domains` so keeps only the hosts that
-- route: each store's system domain and its verified custom domains.
CREATE TABLE domain_claims (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    host       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (store_id, host)
);
CREATE INDEX domain_claims_by_host ON domain_claims (host);

-- Unverified custom domains added before this migration become claims, kept with their time.
INSERT INTO domain_claims (id, store_id, host, created_at)
    SELECT id, store_id, host, created_at FROM domains
    WHERE domain_type <> 'SystemDefault' AND verified_at IS NULL;
DELETE FROM domains WHERE domain_type <> 'SystemDefault' AND verified_at IS NULL;

-- The stores a user may own; NULL means the server's STORE_LIMIT (10 unless set). An operator
-- raises it for one account.
ALTER TABLE users ADD COLUMN store_limit BIGINT;
