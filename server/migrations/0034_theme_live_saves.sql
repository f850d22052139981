-- Live co-editing and saves. `saved_seq`: the sequence number of the working draft's last save
-- (commands after it are unsaved, for everyone in the editor). `reset_seq`: the sequence number a
-- save made outside the session (a restore, a whole config, an offline batch) took to restart the
-- working draft on the saved config; an editor behind it joins again. A version saved from the
-- session records everyone who made its commands (`authors`, a JSON array of names).
ALTER TABLE theme_live ADD COLUMN saved_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE theme_live ADD COLUMN reset_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE theme_versions ADD COLUMN authors TEXT NOT NULL DEFAULT '[]';
