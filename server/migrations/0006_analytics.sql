-- The analytics pipeline: storefront events as they came in, the first time each session
-- reached each funnel step, hourly rollups that every dashboard reads, and the rate-limit
-- counters of the public ingest endpoint. Times are ms since the epoch (UTC).

-- Every accepted event. Kinds: 1 page_view, 2 view_content, 3 add_to_cart,
-- 4 reached_checkout, 5 checkout_completed. The country comes from the connection.
CREATE TABLE analytics_events (
    store_id    TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    session_id  TEXT NOT NULL,
    kind        BIGINT NOT NULL,
    occurred_at BIGINT NOT NULL,
    page        TEXT NOT NULL,
    country     TEXT NOT NULL,
    received_at BIGINT NOT NULL
);
CREATE INDEX analytics_events_by_store_time ON analytics_events (store_id, occurred_at);

-- The first event of each kind in each session: the funnel counts these, so a shopper who
-- adds three products to the cart is one session that added to cart.
CREATE TABLE analytics_firsts (
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    session_id TEXT NOT NULL,
    kind       BIGINT NOT NULL,
    occurred_at BIGINT NOT NULL,
    country    TEXT NOT NULL,
    PRIMARY KEY (store_id, session_id, kind)
);
CREATE INDEX analytics_firsts_by_store_time ON analytics_firsts (store_id, occurred_at, kind);

-- Per store and UTC hour: the funnel (firsts by kind) and the paid orders (by capture time).
CREATE TABLE analytics_hourly (
    store_id          TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    hour_start        BIGINT NOT NULL,
    vistors           BIGINT NOT NULL DEFAULT 0,
    view_content      BIGINT NOT NULL DEFAULT 0,
    add_to_cart       BIGINT NOT NULL DEFAULT 0,
    reached_checkout  BIGINT NOT NULL DEFAULT 0,
    session_converted BIGINT NOT NULL DEFAULT 0,
    sales_minor       BIGINT NOT NULL DEFAULT 0,
    orders            BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (store_id, hour_start)
);

-- Sessions started, per store, country and UTC hour, and the same per UTC day, so that a
-- month of countries reads days and only the partial days at its ends read hours.
CREATE TABLE analytics_hourly_countries (
    store_id TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    hour_start BIGINT NOT NULL,
    country  TEXT NOT NULL,
    sessions BIGINT NOT NULL,
    PRIMARY KEY (store_id, hour_start, country)
);
CREATE TABLE analytics_daily_countries (
    store_id TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    day_start BIGINT NOT NULL,
    country  TEXT NOT NULL,
    sessions BIGINT NOT NULL,
    PRIMARY KEY (store_id, day_start, country)
);

-- Requests counted per key (an address or a store) and one-second window.
CREATE TABLE rate_counters (
    key    TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    count  BIGINT NOT NULL,
    PRIMARY KEY (key, window_start)
);
