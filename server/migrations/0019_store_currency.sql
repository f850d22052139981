-- The store's currency (issue 28 item 7): every price the admin and the storefront show reads in
-- it. USD ($, 2 decimals) until the merchant picks another in Preferences (shell.md §9). Amounts
-- stay in hundredths of the major unit whatever the currency; the formats round to its digits.
ALTER TABLE store_preferences ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD';
