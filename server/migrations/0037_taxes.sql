-- Taxes (issue 49): an order keeps the tax counted at checkout (its lines' taxes are in its
-- `line_items` JSON as `taxMinor`), the part of it on shipping, and whether its prices held the
-- tax; a refund keeps the tax it gave back and the part of it on shipping. Orders placed before
-- have none.
ALTER TABLE orders ADD COLUMN tax_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN shipping_tax_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN taxes_included BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_refunds ADD COLUMN tax_minor BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_refunds ADD COLUMN shipping_tax_minor BIGINT NOT NULL DEFAULT 0;
