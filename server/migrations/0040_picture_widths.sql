-- Pictures at the right size (issue 49): each PNG, JPEG or WebP upload is also kept at the
-- core's widths in WebP, made in the background by any process. `width` and `height` are the
-- original's; `widths_made_at` is set once its widths are written (or the picture was given up
-- on, with `widths_error` saying why); a process working on one holds `widths_claimed_at`.
-- Uploads from before are made the same way: the job resumes wherever it stopped.
ALTER TABLE uploads ADD COLUMN width BIGINT;
ALTER TABLE uploads ADD COLUMN height BIGINT;
ALTER TABLE uploads ADD COLUMN widths_made_at BIGINT;
ALTER TABLE uploads ADD COLUMN widths_claimed_at BIGINT;
ALTER TABLE uploads ADD COLUMN widths_attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE uploads ADD COLUMN widths_error TEXT;
CREATE INDEX uploads_widths_due ON uploads (created_at) WHERE widths_made_at IS NULL;
