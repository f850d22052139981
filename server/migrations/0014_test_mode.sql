-- Test mode (issue 24): a store takes test orders until its merchant switches test mode off,
-- which needs a payment gateway. A test order is flagged; it is not money the store can pay
-- out, and the rollups keep its sales apart so the analytics show it only when asked.

ALTER TABLE stores ADD COLUMN test_mode BIGINT NOT NULL DEFAULT 1;
ALTER TABLE orders ADD COLUMN is_test BIGINT NOT NULL DEFAULT 0;
ALTER TABLE analytics_hourly ADD COLUMN test_sales_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE analytics_hourly ADD COLUMN test_orders BIGINT NOT NULL DEFAULT 0;
-- Sessions that placed a test order (first events of kind 6, which only the server records).
ALTER TABLE analytics_hourly ADD COLUMN test_session_converted BIGINT NOT NULL DEFAULT 0;
