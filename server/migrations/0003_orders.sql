-- Customers and orders: the sales every dashboard, payout balance and analytics figure comes
-- from. Money is in integer minor units (cents) of the order's currency.

CREATE TABLE customers (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    first_name TEXT,
    last_name  TEXT,
    phone      TEXT,
    country    TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (store_id, email)
);

CREATE TABLE orders (
    id                 TEXT PRIMARY KEY,
    store_id           TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    -- Per store, from 1001; the name shown is "#" followed by it.
    order_number       BIGINT NOT NULL,
    order_name         TEXT NOT NULL,
    customer_id        TEXT REFERENCES customers (id) ON DELETE SET NULL,
    customer_name      TEXT NOT NULL,
    customer_email     TEXT NOT NULL,
    currency           TEXT NOT NULL,
    subtotal_minor     BIGINT NOT NULL,
    shipping_minor     BIGINT NOT NULL,
    discount_minor     BIGINT NOT NULL,
    grand_total_minor  BIGINT NOT NULL,
    -- pending | paid | refunded | voided
    financial_status   TEXT NOT NULL,
    -- unfulfilled | partial | fulfilled
    fulfillment_status TEXT NOT NULL,
    payment_name       TEXT,
    card_type          TEXT,
    -- A JSON array of {productId, variantId, title, quantity, priceMinor}.
    line_items         TEXT NOT NULL,
    country            TEXT,
    created_at         BIGINT NOT NULL,
    -- When the payment was captured (paid orders).
    captured_at        BIGINT,
    UNIQUE (store_id, order_number)
);
CREATE INDEX orders_by_store_created ON orders (store_id, created_at);
CREATE INDEX orders_by_store_paid ON orders (store_id, financial_status, captured_at);
