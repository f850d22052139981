-- The store's country (ISO 3166-1 alpha-2), which the checkout preselects for a shopper who has
-- not chosen one. Existing stores have none (empty): their checkout keeps preselecting the
-- United States until the seller chooses one (docs/decisions.md, "Store country").
ALTER TABLE store_preferences ADD COLUMN country TEXT NOT NULL DEFAULT '';
