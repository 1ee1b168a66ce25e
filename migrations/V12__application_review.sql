-- What staff do to an application (banksia-core's `review` module): its status after
-- submission, an optimistic-concurrency version, the claim, the pending first approval of a
-- business account, the decision and the information request; staff notes; the applicant's
-- one-time status links.

ALTER TABLE account_applications DROP CONSTRAINT account_applications_status_check;
ALTER TABLE account_applications ADD CONSTRAINT account_applications_status_check
    CHECK (status IN ('under_review', 'information_requested', 'approved', 'declined', 'withdrawn'));

ALTER TABLE account_applications
    -- Every staff change adds one; a change sent with an older version is refused (409).
    ADD COLUMN version            integer     NOT NULL DEFAULT 1 CHECK (version >= 1),
    ADD COLUMN status_changed_at  timestamptz,
    ADD COLUMN assigned_to        bigint      REFERENCES staff (id),
    -- The first approver of a business account, waiting for a second approver.
    ADD COLUMN first_approval_by  bigint      REFERENCES staff (id),
    ADD COLUMN decided_at         timestamptz,
    ADD COLUMN decided_by         bigint      REFERENCES staff (id),
    ADD COLUMN decline_reason     text
        CHECK (decline_reason IN ('identity_not_verified', 'not_eligible', 'information_not_provided',
                                  'risk_assessment', 'duplicate_application')),
    -- The message to the applicant of the latest information request.
    ADD COLUMN information_request text,
    ADD CONSTRAINT decline_has_reason CHECK ((status = 'declined') = (decline_reason IS NOT NULL)),
    ADD CONSTRAINT approval_pending_only_under_review
        CHECK (first_approval_by IS NULL OR status = 'under_review');

-- The queue: open applications oldest first, and its filters and searches.
CREATE INDEX account_applications_queue ON account_applications (created_at, id);
CREATE INDEX account_applications_status_queue ON account_applications (status, created_at, id);
CREATE INDEX account_applications_email_ci ON account_applications (lower(email));
CREATE INDEX account_applications_last_name_ci ON account_applications (lower(last_name));

CREATE TABLE application_notes (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint      NOT NULL REFERENCES account_applications (id),
    staff_id       bigint      NOT NULL REFERENCES staff (id),
    body           text        CHECK (char_length(body) <= 2000),
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_notes_application ON application_notes (application_id, id);

-- The applicant's status page: a link by email, single use, 30 minutes. Only the token's
-- SHA-256 is kept.
CREATE TABLE application_status_links (
    token_hash     bytea       PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    application_id bigint      NOT NULL REFERENCES account_applications (id),
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL,
    used_at        timestamptz
);

GRANT SELECT ON account_applications TO banksia_staff;
GRANT UPDATE (status, version, status_changed_at, assigned_to, first_approval_by, decided_at,
              decided_by, decline_reason, information_request)
    ON account_applications TO banksia_staff;
GRANT SELECT, INSERT ON application_notes TO banksia_staff;
GRANT SELECT, INSERT, UPDATE ON application_status_links TO banksia_staff;
