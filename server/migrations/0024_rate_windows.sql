-- A counter's window may be longer than the ingest's one second or the checkout's minute (the
-- forgotten-password and sign-up-key throttles count over 15 minutes, the preview's renders
-- over a minute): each row says how long its window is, and the sweep removes a row only once
-- its own window is over.
ALTER TABLE rate_counters ADD COLUMN window_seconds BIGINT NOT NULL DEFAULT 1;
