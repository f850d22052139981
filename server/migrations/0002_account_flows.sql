-- Sign-in protection, one-time tokens, staff invitations, the e-mail outbox and page preferences.

-- Failed logins, counted per account (e-mail) and per address over a sliding window.
CREATE TABLE login_failures (
    id         TEXT PRIMARY KEY,
    email      TEXT NOT NULL,
    address    TEXT NOT NULL,
    failed_at  BIGINT NOT NULL
);
CREATE INDEX login_failures_by_email ON login_failures (email, failed_at);
CREATE INDEX login_failures_by_address ON login_failures (address, failed_at);

-- One-time tokens sent by e-mail: account activation and password reset. Stored hashed.
CREATE TABLE user_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX user_tokens_by_user ON user_tokens (user_id, purpose);

-- Invitations of staff to a store, accepted through the link e-mailed to them.
CREATE TABLE staff_invitations (
    id          TEXT PRIMARY KEY,
    store_id    TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    first_name  TEXT,
    last_name   TEXT,
    scopes      TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  TEXT NOT NULL REFERENCES users (id),
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    accepted_at BIGINT
);
CREATE INDEX staff_invitations_by_store ON staff_invitations (store_id);

-- E-mail waiting to be sent (or, without SMTP, kept for the development mailbox).
CREATE TABLE outbox (
    id         TEXT PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at    BIGINT,
    claimed_at BIGINT,
    attempts   BIGINT NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE INDEX outbox_pending ON outbox (sent_at, created_at);

-- A store's page preference (shell.md §3).
CREATE TABLE store_preferences (
    store_id                  TEXT PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    standard_timezone         TEXT NOT NULL,
    business_type             TEXT NOT NULL,
    payment_choice_type       TEXT NOT NULL,
    store_front_default_theme TEXT NOT NULL,
    updated_at                BIGINT NOT NULL
);

-- Answers of the first-run survey, one row per store.
CREATE TABLE store_surveys (
    store_id     TEXT PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    answers      TEXT NOT NULL,
    completed_by TEXT NOT NULL REFERENCES users (id),
    completed_at BIGINT NOT NULL
);
