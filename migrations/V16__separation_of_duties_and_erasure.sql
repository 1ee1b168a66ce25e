-- Separation of duties on the staff (banksia-core's `review::separation`), a keyed idempotency
-- fingerprint, and erasure that reaches every copy of an applicant's personal data.

-- 1. Invitations: listed by id, revocable, and (when they confer approver or administrator, or
--    add a passkey to an existing account) usable only once a second administrator confirmed.
ALTER TABLE staff_invites
    ADD COLUMN id                 bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    ADD COLUMN needs_confirmation boolean     NOT NULL DEFAULT false,
    ADD COLUMN confirmed_by       bigint      REFERENCES staff (id),
    ADD COLUMN confirmed_at       timestamptz,
    ADD COLUMN revoked_at         timestamptz,
    ADD COLUMN revoked_by         bigint      REFERENCES staff (id),
    ADD CONSTRAINT confirmed_with_confirmer CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL));
-- A pending invitation whose inviter was deactivated dies with them.
CREATE INDEX staff_invites_pending ON staff_invites (invited_by)
    WHERE used_at IS NULL AND revoked_at IS NULL;

-- 2. Role changes that add approver or administrator wait here for a second administrator.
CREATE TABLE staff_role_grants (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    staff_id     bigint      NOT NULL REFERENCES staff (id),
    -- The roles the staff member holds once confirmed (the whole set, as a role change sets it).
    roles        text[]      NOT NULL
                             CHECK (roles <@ ARRAY['reviewer', 'approver', 'administrator', 'auditor']::text[]),
    proposed_by  bigint      NOT NULL REFERENCES staff (id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    confirmed_by bigint      REFERENCES staff (id),
    confirmed_at timestamptz,
    revoked_by   bigint      REFERENCES staff (id),
    revoked_at   timestamptz,
    CHECK ((confirmed_at IS NULL) = (confirmed_by IS NULL)),
    CHECK (confirmed_at IS NULL OR revoked_at IS NULL)
);
CREATE INDEX staff_role_grants_pending ON staff_role_grants (staff_id)
    WHERE confirmed_at IS NULL AND revoked_at IS NULL;
GRANT SELECT, INSERT, UPDATE ON staff_role_grants TO banksia_staff;

-- 3. The idempotency fingerprint is now an HMAC keyed with a server secret. The unkeyed
--    SHA-256 of earlier rows let anyone holding a dump test guesses of an ID number against it:
--    those rows lose their key and fingerprint (a retry of a request sent before this migration
--    is treated as a new application; retries come within minutes). Erasure clears both too, so
--    the trigger that keeps the answer at submission lets the pair become NULL together, and
--    nothing else.
CREATE OR REPLACE FUNCTION account_applications_answer_at_submission() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.submitted_status := NEW.status;
    ELSIF NEW.reference IS DISTINCT FROM OLD.reference
       OR NEW.created_at IS DISTINCT FROM OLD.created_at
       OR NEW.submitted_status IS DISTINCT FROM OLD.submitted_status
       OR ((NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
            OR NEW.request_fingerprint IS DISTINCT FROM OLD.request_fingerprint)
           AND NOT (NEW.idempotency_key IS NULL AND NEW.request_fingerprint IS NULL)) THEN
        RAISE EXCEPTION 'the answer given at submission cannot change'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;
UPDATE account_applications SET idempotency_key = NULL, request_fingerprint = NULL
    WHERE request_fingerprint IS NOT NULL;
GRANT UPDATE (idempotency_key, request_fingerprint) ON account_applications TO banksia_staff;

-- 4. An applicant email given up loses its address and message, as a sent one does (the worker
--    does this from now on; earlier ones here), and erasure clears unsent ones, so the check
--    demands them only until the email is sent, given up or erased.
ALTER TABLE application_emails DROP CONSTRAINT application_emails_check;
ALTER TABLE application_emails ADD CONSTRAINT application_emails_personal_data_until_done
    CHECK (sent_at IS NOT NULL OR failed_at IS NOT NULL
           OR (recipient IS NOT NULL AND subject IS NOT NULL));
UPDATE application_emails
    SET recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL
    WHERE failed_at IS NOT NULL;

-- Erasure reaches the confirmation email and the status links too.
GRANT SELECT (failed_at) ON email_outbox TO banksia_staff;
GRANT UPDATE (recipient, first_name, failed_at, last_error, locked_until) ON email_outbox TO banksia_staff;
GRANT DELETE ON application_status_links TO banksia_staff;

-- 5. Secrets the instances share and no key rotation changes: the staff sign-in decoys' HMAC key
--    (an unknown email's decoy must look the same from every instance, before and after a
--    rotation of ID_ENCRYPTION_KEYS). It guards only against telling a staff email from an
--    unknown one, which anyone holding the database can do from the staff table anyway.
CREATE TABLE server_secrets (
    name   text  PRIMARY KEY,
    secret bytea NOT NULL CHECK (octet_length(secret) = 32)
);
GRANT SELECT, INSERT ON server_secrets TO banksia_staff;

-- 6. The staff side connects as its own login role (granted banksia_staff only): its sign-in and
--    status-link limits keep their buckets in the rate-limit table, as the API's do.
GRANT SELECT, INSERT, UPDATE, DELETE ON api_rate_limits TO banksia_staff;
