-- The storefront's checkouts: one row per placed order, keyed by the idempotency key the
-- shopper's browser sends, so a repeated submit answers the same order instead of a second one.
CREATE TABLE storefront_checkouts (
    store_id        TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    idempotency_key TEXT NOT NULL,
    order_id        TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    -- The e-mail and lines of the submit (JSON), so a key reused for another cart is refused.
    fingerprint     TEXT NOT NULL,
    -- The shopper's note for the seller, when the theme asks for one.
    note            TEXT,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (store_id, idempotency_key)
);
CREATE INDEX storefront_checkouts_by_order ON storefront_checkouts (order_id);
