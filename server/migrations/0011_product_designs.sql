-- The print-on-demand designs of products (server/src/routes/designs.rs): one per product and
-- kind (print, book, book2), as the JSON the core checked, with a version that every save must
-- name (If-Match) so that no save overwrites another unseen.

CREATE TABLE product_designs (
    product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    data       TEXT NOT NULL,
    version    BIGINT NOT NULL,
    updated_by TEXT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (product_id, kind)
);
CREATE INDEX product_designs_by_store ON product_designs (store_id);
