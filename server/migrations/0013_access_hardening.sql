-- Sign-in and staff hardening (issue 24).

-- Operators are named, not guessed from an e-mail's domain: set by `server operator add EMAIL`
-- or by another operator. Operator rights also need an activated account.
ALTER TABLE users ADD COLUMN is_operator BIGINT NOT NULL DEFAULT 0;

-- Signing a member out of one store: sessions that started before this moment (ms) no longer
-- reach this store; their other stores are untouched.
ALTER TABLE store_members ADD COLUMN signed_out_at BIGINT NOT NULL DEFAULT 0;

-- One row per sign-in key ('email:...' or 'address:...'): a reservation of a sign-in attempt
-- takes the rows of its keys, so two processes checking the same account's failures wait for
-- each other and the limit cannot be raced.
CREATE TABLE login_keys (
    key     TEXT PRIMARY KEY,
    touched BIGINT NOT NULL
);
