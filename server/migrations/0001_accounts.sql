-- Accounts, stores, memberships, domains and sessions.
-- Portable SQL: the same file runs on SQLite and PostgreSQL. Ids are text (UUID v7), times are
-- BIGINT milliseconds since the Unix epoch, flags are BIGINT 0 or 1.

CREATE TABLE users (
    id              TEXT PRIMARY KEY,
    email           TEXT NOT NULL UNIQUE,
    password_hash   TEXT NOT NULL,
    first_name      TEXT,
    last_name       TEXT,
    profile_picture TEXT,
    -- NULL until the e-mail address is confirmed (sign-up); seeded and invited users are active.
    activated_at    BIGINT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE stores (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    subdomain  TEXT NOT NULL UNIQUE,
    owner_id   TEXT NOT NULL REFERENCES users (id),
    is_enabled BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);

-- Who works in which store, as what, with which scopes (space-separated role keys).
CREATE TABLE store_members (
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role       TEXT NOT NULL,
    scopes     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (store_id, user_id)
);
CREATE INDEX store_members_by_user ON store_members (user_id, store_id);

CREATE TABLE domains (
    id          TEXT PRIMARY KEY,
    store_id    TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    host        TEXT NOT NULL UNIQUE,
    domain_type TEXT NOT NULL,
    is_primary  BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL
);
CREATE INDEX domains_by_store ON domains (store_id);

-- One row per signed-in device: a family of refresh tokens. Revoking it ends every token of
-- the family, access tokens included (they name their session).
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- Every refresh token ever issued, only as its SHA-256 hash. A token is used once: using it
-- sets used_at; presenting a used token again revokes its session (the whole family).
CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id);

-- Secrets every server process on this database must share (the token-signing key).
CREATE TABLE server_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
