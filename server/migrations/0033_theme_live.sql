-- Live co-editing: one session per theme that everyone in its editor shares. The working draft is
-- `snapshot` (the config after command `snapshot_seq`) plus the commands after it; `head` is the
-- last sequence number given, moved on by one compare-and-set per batch. `base_version` is the
-- saved version the working draft continues.
CREATE TABLE theme_live (
    theme_id     TEXT PRIMARY KEY REFERENCES themes (id) ON DELETE CASCADE,
    store_id     TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    base_version BIGINT NOT NULL,
    head         BIGINT NOT NULL,
    snapshot     TEXT NOT NULL,
    snapshot_seq BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

-- The session's commands in the server's order, each with its author and the editor that sent
-- it (`client_id`, and that editor's own number of it, increasing).
CREATE TABLE theme_live_commands (
    theme_id    TEXT NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
    seq         BIGINT NOT NULL,
    author_id   TEXT NOT NULL,
    author_name TEXT NOT NULL,
    client_id   TEXT NOT NULL,
    client_seq  BIGINT NOT NULL,
    command     TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (theme_id, seq),
    UNIQUE (theme_id, author_id, client_id, client_seq)
);

-- Who is in a theme's editor: one row per open editor, kept by its own user only.
CREATE TABLE theme_live_presence (
    theme_id   TEXT NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
    client_id  TEXT NOT NULL,
    store_id   TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL,
    name       TEXT NOT NULL,
    section    TEXT,
    field      TEXT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (theme_id, client_id)
);
CREATE INDEX theme_live_presence_recent ON theme_live_presence (theme_id, updated_at);
