-- Checkout drafts: what a shopper had in the cart when they reached the checkout, with the
-- contact details typed so far, one row per browser (its random token). Placing the order
-- closes the draft; a draft still open a while after its last change is an abandoned checkout
-- (the grace period is core_wasm::limits::CHECKOUT_ABANDONED_AFTER_MS). Money is in integer
-- minor units, priced from the database.
CREATE TABLE checkout_drafts (
    id             TEXT PRIMARY KEY,
    store_id       TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    -- The random token the shopper's browser keeps; it also opens the recovery link.
    token          TEXT NOT NULL,
    email          TEXT,
    customer_name  TEXT,
    currency       TEXT NOT NULL,
    -- A JSON array of {productId, variantId, title, quantity, priceMinor}, as orders keep them.
    line_items     TEXT NOT NULL,
    item_count     BIGINT NOT NULL,
    subtotal_minor BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    -- When the draft first counted as abandoned (its last change plus the grace period), kept
    -- once known, so a checkout the shopper comes back to and completes stays listed, recovered.
    abandoned_at   BIGINT,
    -- Set when the order is placed: the draft is closed.
    completed_at   BIGINT,
    order_id       TEXT REFERENCES orders (id) ON DELETE SET NULL,
    UNIQUE (store_id, token)
);
CREATE INDEX checkout_drafts_by_update ON checkout_drafts (store_id, updated_at);
