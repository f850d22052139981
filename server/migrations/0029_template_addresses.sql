-- Addresses the first templates carried, on hosts that never served them (cdn.example.com,
-- fonts.example.com, fonts.example): the templates now use pictures and fonts bundled with the
-- server under /theme-assets/ and leave logos empty (the store's name shows). Stores made before
-- kept the old addresses in their configs, versions and drafts, and the demo's personalization
-- fonts theirs: each exact old value (quoted, so a merchant's own text is never touched) becomes
-- the bundled one, or empty for the placeholder logos.
UPDATE theme_configs SET config = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(config,
    '"https://cdn.example.com/logo.png"', '""'),
    '"https://cdn.example.com/logo-m.png"', '""'),
    '"https://cdn.example.com/logo-footer.png"', '""'),
    '"https://cdn.example.com/slides/summer-sale.jpg"', '"/theme-assets/slide-1.svg"'),
    '"https://cdn.example.com/slides/new-arrivals.jpg"', '"/theme-assets/slide-2.svg"'),
    '"https://cdn.example.com/c0.jpg"', '"/theme-assets/tile-1.svg"'),
    '"https://cdn.example.com/c1.jpg"', '"/theme-assets/tile-2.svg"'),
    '"https://cdn.example.com/c2.jpg"', '"/theme-assets/tile-3.svg"'),
    '"https://cdn.example.com/story.jpg"', '"/theme-assets/story.svg"'),
    '"https://cdn.example.com/trust.png"', '"/theme-assets/trust-badge.svg"'),
    '"https://cdn.example.com/cart-trust.png"', '"/theme-assets/trust-badge.svg"'),
    '"https://fonts.example.com/css?family=Poppins:700"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Poppins:600"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Mulish:400"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Open+Sans:400"', '"/theme-assets/fonts.css"')
WHERE config LIKE '%cdn.example.com/%' OR config LIKE '%fonts.example.com/%';
UPDATE theme_versions SET config = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(config,
    '"https://cdn.example.com/logo.png"', '""'),
    '"https://cdn.example.com/logo-m.png"', '""'),
    '"https://cdn.example.com/logo-footer.png"', '""'),
    '"https://cdn.example.com/slides/summer-sale.jpg"', '"/theme-assets/slide-1.svg"'),
    '"https://cdn.example.com/slides/new-arrivals.jpg"', '"/theme-assets/slide-2.svg"'),
    '"https://cdn.example.com/c0.jpg"', '"/theme-assets/tile-1.svg"'),
    '"https://cdn.example.com/c1.jpg"', '"/theme-assets/tile-2.svg"'),
    '"https://cdn.example.com/c2.jpg"', '"/theme-assets/tile-3.svg"'),
    '"https://cdn.example.com/story.jpg"', '"/theme-assets/story.svg"'),
    '"https://cdn.example.com/trust.png"', '"/theme-assets/trust-badge.svg"'),
    '"https://cdn.example.com/cart-trust.png"', '"/theme-assets/trust-badge.svg"'),
    '"https://fonts.example.com/css?family=Poppins:700"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Poppins:600"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Mulish:400"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Open+Sans:400"', '"/theme-assets/fonts.css"')
WHERE config LIKE '%cdn.example.com/%' OR config LIKE '%fonts.example.com/%';
UPDATE theme_drafts SET commands = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(commands,
    '"https://cdn.example.com/logo.png"', '""'),
    '"https://cdn.example.com/logo-m.png"', '""'),
    '"https://cdn.example.com/logo-footer.png"', '""'),
    '"https://cdn.example.com/slides/summer-sale.jpg"', '"/theme-assets/slide-1.svg"'),
    '"https://cdn.example.com/slides/new-arrivals.jpg"', '"/theme-assets/slide-2.svg"'),
    '"https://cdn.example.com/c0.jpg"', '"/theme-assets/tile-1.svg"'),
    '"https://cdn.example.com/c1.jpg"', '"/theme-assets/tile-2.svg"'),
    '"https://cdn.example.com/c2.jpg"', '"/theme-assets/tile-3.svg"'),
    '"https://cdn.example.com/story.jpg"', '"/theme-assets/story.svg"'),
    '"https://cdn.example.com/trust.png"', '"/theme-assets/trust-badge.svg"'),
    '"https://cdn.example.com/cart-trust.png"', '"/theme-assets/trust-badge.svg"'),
    '"https://fonts.example.com/css?family=Poppins:700"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Poppins:600"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Mulish:400"', '"/theme-assets/fonts.css"'),
    '"https://fonts.example.com/css?family=Open+Sans:400"', '"/theme-assets/fonts.css"')
WHERE commands LIKE '%cdn.example.com/%' OR commands LIKE '%fonts.example.com/%';
UPDATE personalize_fonts SET font_url = '/theme-assets/fonts/pacifico-latin-400-normal.woff2'
WHERE font_url = 'https://fonts.example/pacifico.woff2';
UPDATE personalize_fonts SET font_url = '/theme-assets/fonts/roboto-slab-latin-400-normal.woff2'
WHERE font_url = 'https://fonts.example/roboto-slab.woff2';
