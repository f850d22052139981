-- Store operations: notifications, onboarding skips, payout cards, payout settings and
-- requests with idempotency keys, payment gateways (proxies) and their groups, domain
-- purchases, personalization and its fonts, subscriptions.

CREATE TABLE notifications (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    title      TEXT NOT NULL,
    -- Sanitized HTML.
    body       TEXT NOT NULL,
    -- 1 unread, 2 read (shell.md §3).
    status     BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);
CREATE INDEX notifications_by_store ON notifications (store_id, status, created_at);

-- Broadcasts from the operator to every store; their read flag is kept by the browser.
CREATE TABLE public_notifications (
    id         TEXT PRIMARY KEY,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL
);

CREATE TABLE onboarding_skips (
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    field      TEXT NOT NULL,
    skipped_at BIGINT NOT NULL,
    PRIMARY KEY (store_id, field)
);

-- Only the brand, the last four digits and the holder: never a card number.
CREATE TABLE payout_cards (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    holder     TEXT NOT NULL,
    brand      TEXT NOT NULL,
    last4      TEXT NOT NULL,
    exp_month  BIGINT NOT NULL,
    exp_year   BIGINT NOT NULL,
    is_default BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX payout_cards_by_store ON payout_cards (store_id);

CREATE TABLE payout_configs (
    id             TEXT PRIMARY KEY,
    store_id       TEXT NOT NULL UNIQUE REFERENCES stores (id) ON DELETE CASCADE,
    card_id        TEXT REFERENCES payout_cards (id) ON DELETE SET NULL,
    schedule       TEXT NOT NULL,
    minimum_minor  BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

CREATE TABLE payout_requests (
    id           TEXT PRIMARY KEY,
    store_id     TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    amount_minor BIGINT NOT NULL,
    card_id      TEXT REFERENCES payout_cards (id) ON DELETE SET NULL,
    -- pending | paid | rejected
    status       TEXT NOT NULL,
    created_by   TEXT NOT NULL REFERENCES users (id),
    created_at   BIGINT NOT NULL,
    settled_at   BIGINT
);
CREATE INDEX payout_requests_by_store ON payout_requests (store_id, status, created_at);

-- One row per store whose update serializes the payout requests of that store.
CREATE TABLE payout_locks (
    store_id TEXT PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    counter  BIGINT NOT NULL
);

-- Answers to requests sent with an Idempotency-Key, kept so a repeat gets the same answer.
CREATE TABLE idempotency_keys (
    store_id        TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    idem_key        TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    response_status BIGINT,
    response_body   TEXT,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (store_id, idem_key)
);

-- The platform's payment gateways, grouped, and the ones each store uses.
CREATE TABLE proxy_groups (
    id   TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE proxies (
    id       TEXT PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    provider TEXT NOT NULL,
    group_id TEXT REFERENCES proxy_groups (id) ON DELETE SET NULL
);
CREATE TABLE store_proxies (
    store_id TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    proxy_id TEXT NOT NULL REFERENCES proxies (id) ON DELETE CASCADE,
    PRIMARY KEY (store_id, proxy_id)
);
CREATE TABLE store_proxy_groups (
    store_id TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    group_id TEXT NOT NULL REFERENCES proxy_groups (id) ON DELETE CASCADE,
    PRIMARY KEY (store_id, group_id)
);

-- Domains: whether a custom domain's DNS was seen pointing at us, and which is used at checkout.
ALTER TABLE domains ADD COLUMN verified_at BIGINT;
ALTER TABLE domains ADD COLUMN is_checkout BIGINT NOT NULL DEFAULT 0;

-- Domains a store asked to buy; a registrar completes them outside the product.
CREATE TABLE pending_domains (
    id          TEXT PRIMARY KEY,
    store_id    TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    host        TEXT NOT NULL,
    years       BIGINT NOT NULL,
    price_minor BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    UNIQUE (store_id, host)
);

CREATE TABLE personalizes (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    product_id TEXT NOT NULL,
    name       TEXT NOT NULL,
    -- A JSON array of the layers a shopper fills in.
    layers     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX personalizes_by_product ON personalizes (store_id, product_id);

CREATE TABLE personalize_fonts (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    font_url   TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE store_subscriptions (
    store_id       TEXT PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    plan_code      TEXT NOT NULL,
    trial_ends_at  BIGINT,
    enable_ref     BIGINT NOT NULL DEFAULT 0
);
