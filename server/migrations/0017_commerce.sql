-- Commerce a merchant can run (issue 27): addresses and notes on orders, discounts that apply
-- with usage limits, fulfilments with tracking, refunds and cancellation, an order timeline,
-- and customers the merchant edits.

-- The order's addresses (JSON of shared-types' Address), the shopper's note, the discounts that
-- made `discount_minor` (JSON array of AppliedDiscount), the money given back so far, and when
-- it was cancelled. `version` moves on with every change, so two staff members acting at once
-- cannot both act on what they read.
ALTER TABLE orders ADD COLUMN shipping_address TEXT;
ALTER TABLE orders ADD COLUMN billing_address TEXT;
ALTER TABLE orders ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN discounts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE orders ADD COLUMN refunded_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cancelled_at BIGINT;
ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
CREATE INDEX orders_by_store_fulfillment ON orders (store_id, fulfillment_status);

-- Shipments: which lines (JSON array of {line, quantity}), by which carrier, under which
-- tracking number; `cancelled` once the merchant undid it.
CREATE TABLE order_fulfillments (
    id              TEXT PRIMARY KEY,
    store_id        TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    order_id        TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    lines           TEXT NOT NULL,
    carrier         TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    -- success | cancelled
    status          TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    cancelled_at    BIGINT
);
CREATE INDEX order_fulfillments_by_order ON order_fulfillments (order_id, created_at);

-- Money given back. The Overview's sales and the payout balance subtract `amount_minor` at
-- `created_at`; a test order's refund counts with the test orders.
CREATE TABLE order_refunds (
    id             TEXT PRIMARY KEY,
    store_id       TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    order_id       TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    lines          TEXT NOT NULL,
    shipping_minor BIGINT NOT NULL,
    amount_minor   BIGINT NOT NULL,
    restock        BIGINT NOT NULL,
    reason         TEXT NOT NULL,
    is_test        BIGINT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE INDEX order_refunds_by_order ON order_refunds (order_id, created_at);
CREATE INDEX order_refunds_by_store_created ON order_refunds (store_id, created_at);

-- Every change of an order: who (a staff member's name, empty for the shopper or the system),
-- when, what (`kind`, with JSON `details`).
CREATE TABLE order_events (
    id       TEXT PRIMARY KEY,
    store_id TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at       BIGINT NOT NULL,
    actor    TEXT NOT NULL,
    kind     TEXT NOT NULL,
    details  TEXT NOT NULL
);
CREATE INDEX order_events_by_order ON order_events (order_id, at);

-- A discount's conditions and its use: orders that used it in all, and per shopper's e-mail
-- (counted in the checkout's transaction by conditional updates, so parallel checkouts cannot
-- use a code beyond its limits).
ALTER TABLE discounts ADD COLUMN min_subtotal_minor BIGINT;
ALTER TABLE discounts ADD COLUMN usage_limit BIGINT;
ALTER TABLE discounts ADD COLUMN per_customer_limit BIGINT;
ALTER TABLE discounts ADD COLUMN used BIGINT NOT NULL DEFAULT 0;
CREATE TABLE discount_customer_uses (
    discount_id TEXT NOT NULL REFERENCES discounts (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    used        BIGINT NOT NULL,
    PRIMARY KEY (discount_id, email)
);

-- What the merchant keeps about a customer: notes, tags (JSON array) and addresses (JSON array
-- of Address, the first the default).
ALTER TABLE customers ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE customers ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE customers ADD COLUMN addresses TEXT NOT NULL DEFAULT '[]';

-- Orders refunded before refunds were recorded: one refund of all their money at their capture,
-- so the sales, which now subtract refunds at their date, stay what they were; nothing of them
-- is left to ship.
INSERT INTO order_refunds (id, store_id, order_id, lines, shipping_minor, amount_minor, restock, reason, is_test, created_at)
    SELECT 'migrated-' || id, store_id, id, '[]', shipping_minor, grand_total_minor, 0, '', is_test, captured_at
    FROM orders WHERE financial_status = 'refunded' AND captured_at IS NOT NULL;
UPDATE orders SET refunded_minor = grand_total_minor WHERE financial_status = 'refunded';
UPDATE orders SET fulfillment_status = 'closed'
    WHERE financial_status IN ('refunded', 'voided') AND fulfillment_status = 'unfulfilled';
