-- The report screens of the analytics family: the unit cost the merchant enters per product or
-- variant (estimated profit), the store's tracking pixel ids and the other stores of the same
-- owner they are shared with. Money is in integer minor units.

-- A unit cost per product and variant; variant_id '' is the product's own cost (lines sold
-- without a variant, and any variant without a cost of its own).
CREATE TABLE product_costs (
    store_id        TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    product_id      TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id      TEXT NOT NULL,
    unit_cost_minor BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    PRIMARY KEY (store_id, product_id, variant_id)
);

-- A store's tracking pixels (NULL where none is set).
CREATE TABLE store_pixels (
    store_id       TEXT PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    facebook_pixel TEXT,
    tiktok_pixel   TEXT,
    google_tag     TEXT,
    updated_at     BIGINT NOT NULL
);

-- The stores a store's pixels are shared with: other stores of the same owner.
CREATE TABLE pixel_shares (
    store_id    TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    shared_with TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (store_id, shared_with)
);
CREATE INDEX pixel_shares_by_target ON pixel_shares (shared_with);
