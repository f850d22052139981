-- Shipping zones (issue 49): products weigh something (grams per unit, for rates by weight) and
-- an order keeps the shipping rate its shopper chose. The stores' flat-rate settings become one
-- zone for the whole world at the next start (`db::shipping::finish_zones`): they are JSON.
ALTER TABLE products ADD COLUMN weight_grams BIGINT;
ALTER TABLE orders ADD COLUMN shipping_method TEXT NOT NULL DEFAULT '';
