-- A draft's revision adds one at every write, so that the theme editor can send only the commands
-- made since the server last acknowledged its draft (PATCH names the revision it continues) and
-- the server can tell when another device wrote in between. Drafts kept before start at 0.
ALTER TABLE theme_drafts ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
