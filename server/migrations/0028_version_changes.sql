-- What a saved version changed, as data the admin translates ("Edited Slideshow's heading"):
-- a JSON array of the core's `VersionChange`s. Versions saved before, and whole-config saves,
-- restores and page copies, have none (their summary says what they did).
ALTER TABLE theme_versions ADD COLUMN changes TEXT NOT NULL DEFAULT '[]';
