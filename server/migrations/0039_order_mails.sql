-- Order e-mails (issue 49): a message may carry an HTML part beside its text, and a staff
-- member may ask for an e-mail of each new order of the store (the owner always gets one while
-- the store's alert is on).
ALTER TABLE outbox ADD COLUMN html TEXT;
ALTER TABLE store_members ADD COLUMN order_alerts BIGINT NOT NULL DEFAULT 0;
