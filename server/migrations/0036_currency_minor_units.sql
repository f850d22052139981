-- Amounts follow their currency's minor unit (issue 48): cents of a dollar, whole yen, fils of a
-- Kuwaiti dinar. Until now every amount was kept in hundredths of the major unit whatever the
-- currency. The stores whose currency has no decimals (VND, JPY and KRW, the zero-decimal
-- currencies a store could choose) are listed here; the server moves each one's amounts from
-- hundredths to whole units once, at its next start (`db::money_units::finish_moves`), in a
-- transaction per store that takes its row first, so several processes starting at once move a
-- store exactly once. The move needs Rust: the lines of orders and abandoned checkouts are JSON.
CREATE TABLE money_unit_moves (
    store_id    TEXT PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    from_digits BIGINT NOT NULL,
    to_digits   BIGINT NOT NULL
);

INSERT INTO money_unit_moves (store_id, from_digits, to_digits)
    SELECT store_id, 2, 0 FROM store_preferences WHERE currency IN ('VND', 'JPY', 'KRW');
