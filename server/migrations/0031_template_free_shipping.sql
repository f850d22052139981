-- The first templates promised "Free shipping over $50" in their top bar, a feature's line and
-- a text block, whatever the store's threshold and currency. The templates now write the
-- threshold through `{free_shipping_threshold}`, which the storefront fills in with the store's
-- own threshold in its currency. Stores made before kept the old texts in their configs and
-- versions: each exact template text (quoted, so a merchant's own words are never touched)
-- becomes the one with the placeholder.
UPDATE theme_configs SET config = REPLACE(REPLACE(REPLACE(config,
    '"Free shipping over $50"', '"Free shipping over {free_shipping_threshold}"'),
    '"Over $50"', '"Over {free_shipping_threshold}"'),
    '"<p>Free over $50.</p>"', '"<p>Free over {free_shipping_threshold}.</p>"')
WHERE config LIKE '%over $50%' OR config LIKE '%Over $50%';
UPDATE theme_versions SET config = REPLACE(REPLACE(REPLACE(config,
    '"Free shipping over $50"', '"Free shipping over {free_shipping_threshold}"'),
    '"Over $50"', '"Over {free_shipping_threshold}"'),
    '"<p>Free over $50.</p>"', '"<p>Free over {free_shipping_threshold}.</p>"')
WHERE config LIKE '%over $50%' OR config LIKE '%Over $50%';
