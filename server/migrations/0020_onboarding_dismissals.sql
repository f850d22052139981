-- Onboarding dismissals (issue 28): the popup's close X (and Skip on "Back to Home", which
-- only hides) hides the current step for the user who closed it, on every device, until the
-- store reaches another step. Kept per store, user and step; Skip itself stays per store
-- (`onboarding_skips`), as the spec's PUT /stores/config/skip moves the store on.
CREATE TABLE onboarding_dismissals (
    store_id     TEXT NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    field        TEXT NOT NULL,
    dismissed_at BIGINT NOT NULL,
    PRIMARY KEY (store_id, user_id, field)
);
CREATE INDEX onboarding_dismissals_by_user ON onboarding_dismissals (user_id);
