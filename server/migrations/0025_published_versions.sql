-- A theme keeps its last THEME_VERSIONS_KEPT versions (the core's rule) and every version it was
-- published with (the one current when the theme was made the active one); older versions are
-- removed as new ones are saved.
ALTER TABLE theme_versions ADD COLUMN published BIGINT NOT NULL DEFAULT 0;
