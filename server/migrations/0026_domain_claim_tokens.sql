-- Each claim of a custom domain carries a token of its own, which the store publishes as a TXT
-- record (`_storeloom-verify.{host}`): an address pointing at the platform no longer verifies a
-- claim by itself, so a store that claimed a host first cannot take it once its owner points
-- the DNS at us. Claims made before have their id for token (only their store sees it).
ALTER TABLE domain_claims ADD COLUMN token TEXT NOT NULL DEFAULT '';
UPDATE domain_claims SET token = id WHERE token = '';
