-- Theme drafts (issue 26): the theme editor's unsaved commands kept on the server, one per
-- theme and user, so that the merchant's other devices can resume them. A draft is the list of
-- the core's commands made against `base_version` of the theme's config, checked by replaying
-- them; it is never published. The editor's Save deletes the saver's draft in the save's
-- transaction; Discard deletes it. `store_id` is the theme's store, kept for the tenancy check
-- of every query.
CREATE TABLE theme_drafts (
    theme_id     TEXT NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    store_id     TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    base_version BIGINT NOT NULL,
    -- A JSON array of the commands, as the editor logged them.
    commands     TEXT NOT NULL,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (theme_id, user_id)
);
CREATE INDEX theme_drafts_by_user ON theme_drafts (user_id);
