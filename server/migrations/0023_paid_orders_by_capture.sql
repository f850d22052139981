-- The paid-orders table (editor-and-analytics.md §7) lists a store's paid orders newest first,
-- ten at a time. The index on (store_id, financial_status, captured_at) serves each status
-- apart, so a page of `IN ('paid', 'partially_refunded')` read every order of the range and
-- sorted them: 8,500 rows for one store's 30 days to show ten. This partial index holds the
-- listed orders in the page's own order (`captured_at DESC, id DESC` read backwards), so a page
-- reads its ten rows; `is_test` in it lets the filter and the count skip the table.
CREATE INDEX orders_paid_by_capture ON orders (store_id, captured_at, id, is_test)
    WHERE financial_status IN ('paid', 'partially_refunded');
