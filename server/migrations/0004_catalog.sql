-- Store content: themes with their configs and every saved version, pages, menus, the catalog
-- (products, collections), discounts and uploaded images. Portable SQL, as in 0001.

-- A store's themes. Exactly one is active (published) per store; the others are unpublished.
CREATE TABLE themes (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    -- hydro | newchick: the family of the theme's config (decides limits and sections).
    family     TEXT NOT NULL,
    -- The template it was made from (hydro | newchick), or 'import' for POST themes/add.
    source     TEXT NOT NULL,
    is_active  BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX themes_by_store ON themes (store_id, created_at);

-- The current config of a theme (one per theme), with its version for optimistic locking.
CREATE TABLE theme_configs (
    id         TEXT PRIMARY KEY,
    theme_id   TEXT NOT NULL UNIQUE REFERENCES themes (id) ON DELETE CASCADE,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    -- The config exactly as accepted (JSON text; unknown fields kept).
    config     TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    updated_by TEXT
);

-- Every saved version of a theme's config: who, when, what changed.
CREATE TABLE theme_versions (
    id         TEXT PRIMARY KEY,
    theme_id   TEXT NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    config     TEXT NOT NULL,
    -- A short text for the history list ("3 commands: setField, addSection").
    summary    TEXT NOT NULL,
    -- A JSON array of the JSON-pointer paths this version changed against the one before.
    paths      TEXT NOT NULL,
    saved_by   TEXT,
    saved_by_name TEXT,
    saved_at   BIGINT NOT NULL,
    UNIQUE (theme_id, version)
);

-- Offline batches already replayed, so a retried batch is answered, not applied again.
CREATE TABLE theme_batches (
    theme_id   TEXT NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
    batch_id   TEXT NOT NULL,
    outcome    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (theme_id, batch_id)
);

CREATE TABLE pages (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title      TEXT NOT NULL,
    handle     TEXT NOT NULL,
    -- Sanitized HTML.
    body_html  TEXT NOT NULL,
    published  BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (store_id, handle)
);

CREATE TABLE menus (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title      TEXT NOT NULL,
    handle     TEXT NOT NULL,
    -- A JSON array of items {id, title, link, children}; children have no children.
    items      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (store_id, handle)
);

-- Money is in minor units (cents), as in 0003.
CREATE TABLE products (
    id               TEXT PRIMARY KEY,
    store_id         TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title            TEXT NOT NULL,
    handle           TEXT NOT NULL,
    description_html TEXT NOT NULL,
    -- JSON arrays as the API gives them: images [{src, alt}], options [{name, values}],
    -- variants [{id, title, options, price, compareAtPrice, stock, sku}], tags ["..."].
    images           TEXT NOT NULL,
    options          TEXT NOT NULL,
    variants         TEXT NOT NULL,
    tags             TEXT NOT NULL,
    price_minor      BIGINT NOT NULL,
    compare_at_minor BIGINT,
    -- active | draft | archived
    status           TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    UNIQUE (store_id, handle)
);
CREATE INDEX products_by_store ON products (store_id, created_at);

CREATE TABLE collections (
    id         TEXT PRIMARY KEY,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title      TEXT NOT NULL,
    handle     TEXT NOT NULL,
    image      TEXT,
    -- manual (products listed in collection_products) | tag (products carrying rule_tag)
    kind       TEXT NOT NULL,
    rule_tag   TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (store_id, handle)
);

CREATE TABLE collection_products (
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    product_id    TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position      BIGINT NOT NULL,
    PRIMARY KEY (collection_id, product_id)
);
CREATE INDEX collection_products_by_product ON collection_products (product_id);

CREATE TABLE discounts (
    id          TEXT PRIMARY KEY,
    store_id    TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    -- code | automatic
    method      TEXT NOT NULL,
    -- The code customers type (method code), or the title shown (automatic).
    code        TEXT NOT NULL,
    -- percent (value in hundredths of a percent) | amount (value in minor units)
    value_type  TEXT NOT NULL,
    value       BIGINT NOT NULL,
    starts_at   BIGINT,
    ends_at     BIGINT,
    is_active   BIGINT NOT NULL DEFAULT 1,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    UNIQUE (store_id, method, code)
);

-- Images uploaded to a store (the file lives under UPLOAD_DIR at `path`).
CREATE TABLE uploads (
    id           TEXT PRIMARY KEY,
    store_id     TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    path         TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    uploaded_by  TEXT,
    created_at   BIGINT NOT NULL
);
