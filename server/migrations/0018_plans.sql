-- Plans a store subscribes to (issue 28): the plan page lists them, the owner chooses,
-- changes or cancels one. Payment of the plan is a test mode: nothing is charged. A plan's code
-- names its rank (`core_wasm::shell::rank_badge`); `features` is a JSON array of
-- {"code", "text"} (the UI translates by code, the text is the English fallback).
CREATE TABLE plans (
    code        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    price_minor BIGINT NOT NULL,
    currency    TEXT NOT NULL,
    features    TEXT NOT NULL,
    position    BIGINT NOT NULL
);
INSERT INTO plans (code, name, price_minor, currency, features, position) VALUES
    ('FREE', 'Free', 0, 'USD',
     '[{"code":"products","text":"Up to 50 products"},{"code":"themes","text":"One theme"},{"code":"support","text":"Help centre"}]', 0),
    ('PLAN_SILVER_MONTHLY', 'Silver', 1900, 'USD',
     '[{"code":"productsUnlimited","text":"Unlimited products"},{"code":"domain","text":"Your own domain"},{"code":"staff2","text":"2 staff accounts"}]', 1),
    ('PLAN_GOLD_MONTHLY', 'Gold', 4900, 'USD',
     '[{"code":"productsUnlimited","text":"Unlimited products"},{"code":"domain","text":"Your own domain"},{"code":"staff10","text":"10 staff accounts"},{"code":"reports","text":"Sales and profit reports"}]', 2),
    ('PLAN_VIP_MONTHLY', 'VIP', 9900, 'USD',
     '[{"code":"productsUnlimited","text":"Unlimited products"},{"code":"domain","text":"Your own domain"},{"code":"staffUnlimited","text":"Unlimited staff accounts"},{"code":"reports","text":"Sales and profit reports"},{"code":"priority","text":"Priority support"}]', 3);

-- When the owner last chose a plan; a chosen plan ends the trial.
ALTER TABLE store_subscriptions ADD COLUMN chosen_at BIGINT;
