-- Scheduled backups: one row per period of `BACKUP_EVERY` (`slot` = the period's start divided by
-- its length), inserted by the one server process that takes that period's backup. Every other
-- process on the database finds the row there and leaves the period alone. `finished_at` and
-- `folder` are set once the backup is complete (a row without them is a backup that failed or
-- was cut short).
CREATE TABLE backup_runs (
    slot BIGINT PRIMARY KEY,
    claimed_at BIGINT NOT NULL,
    finished_at BIGINT,
    folder TEXT
);
