-- Every store has the sales and profit reports (issue 46: the spec's Analytics menu lists Sales
-- Reports for every store, and no plan gates them), so every plan's card says so; before, only
-- Gold's and VIP's did, which read as if the cheaper plans had none. The other lines are kept.
UPDATE plans SET features =
    '[{"code":"products","text":"Up to 50 products"},{"code":"themes","text":"One theme"},{"code":"support","text":"Help centre"},{"code":"reports","text":"Sales and profit reports"}]'
    WHERE code = 'FREE';
UPDATE plans SET features =
    '[{"code":"productsUnlimited","text":"Unlimited products"},{"code":"domain","text":"Your own domain"},{"code":"staff2","text":"2 staff accounts"},{"code":"reports","text":"Sales and profit reports"}]'
    WHERE code = 'PLAN_SILVER_MONTHLY';
