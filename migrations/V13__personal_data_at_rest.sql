-- Identification numbers encrypted at rest (AES-256-GCM by the server; the key id beside the
-- ciphertext so keys can rotate), the retention policy's erasure, and the outbox of the emails
-- that tell an applicant about an information request, a decision or a status link.

ALTER TABLE account_applications
    ADD COLUMN identification_ciphertext bytea,
    ADD COLUMN identification_key_id     text CHECK (identification_key_id ~ '^[A-Za-z0-9-]{1,40}$'),
    -- The masked form the case view shows before an audited reveal: the last three characters
    -- and the length, nothing more.
    ADD COLUMN identification_last3      text CHECK (char_length(identification_last3) <= 3),
    ADD COLUMN identification_length     integer,
    -- Set by `banksia-server purge`: the personal data is gone; reference, dates and decision stay.
    ADD COLUMN personal_data_erased_at   timestamptz,
    ADD CONSTRAINT identification_key_with_ciphertext
        CHECK ((identification_ciphertext IS NULL) = (identification_key_id IS NULL));

-- New rows carry the ciphertext instead of the number (the server migrates older rows at start).
ALTER TABLE account_applications ALTER COLUMN identification_number DROP NOT NULL;
-- Erasure empties the personal columns.
ALTER TABLE account_applications
    ALTER COLUMN first_name DROP NOT NULL,
    ALTER COLUMN last_name DROP NOT NULL,
    ALTER COLUMN email DROP NOT NULL,
    ALTER COLUMN phone DROP NOT NULL,
    ALTER COLUMN date_of_birth DROP NOT NULL,
    ALTER COLUMN address_line1 DROP NOT NULL,
    ALTER COLUMN city DROP NOT NULL,
    ALTER COLUMN postal_code DROP NOT NULL,
    ALTER COLUMN annual_income DROP NOT NULL,
    ADD CONSTRAINT personal_data_present_until_erased CHECK (
        personal_data_erased_at IS NOT NULL OR (
            first_name IS NOT NULL AND last_name IS NOT NULL AND email IS NOT NULL
            AND phone IS NOT NULL AND date_of_birth IS NOT NULL AND address_line1 IS NOT NULL
            AND city IS NOT NULL AND postal_code IS NOT NULL AND annual_income IS NOT NULL
            AND (identification_number IS NOT NULL OR identification_ciphertext IS NOT NULL)));

CREATE INDEX account_applications_retention ON account_applications (status, decided_at)
    WHERE personal_data_erased_at IS NULL;

GRANT INSERT (identification_ciphertext, identification_key_id, identification_last3,
              identification_length)
    ON account_applications TO banksia_api;
GRANT UPDATE (identification_number, identification_ciphertext, identification_key_id,
              identification_last3, identification_length, personal_data_erased_at,
              first_name, last_name, email, phone, date_of_birth, address_line1, address_line2,
              city, postal_code, annual_income, employer_name, information_request)
    ON account_applications TO banksia_staff;
GRANT UPDATE (body) ON application_notes TO banksia_staff;

-- Emails to an applicant after submission. Exactly once per (reference, kind, version): the
-- row is inserted in the transaction of the change it announces; workers claim rows with
-- FOR UPDATE SKIP LOCKED and a lease, as for email_outbox. The message (subject and bodies,
-- which may quote an information request) and the address are erased once sent.
CREATE TABLE application_emails (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reference       text        NOT NULL REFERENCES account_applications (reference),
    kind            text        NOT NULL CHECK (kind IN ('information_requested', 'decision', 'status_link')),
    -- The application's version the email announces (a status link: the link's own number).
    version         integer     NOT NULL,
    recipient       text        CHECK (recipient LIKE '%_@_%'),
    subject         text,
    text_body       text,
    html_body       text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    locked_until    timestamptz,
    last_error      text        CHECK (char_length(last_error) <= 200),
    sent_at         timestamptz,
    failed_at       timestamptz,
    UNIQUE (reference, kind, version),
    CHECK (sent_at IS NOT NULL OR (recipient IS NOT NULL AND subject IS NOT NULL))
);
CREATE INDEX application_emails_due ON application_emails (next_attempt_at)
    WHERE sent_at IS NULL AND failed_at IS NULL;

GRANT SELECT, INSERT, UPDATE ON application_emails TO banksia_staff;
GRANT SELECT (reference, sent_at) ON email_outbox TO banksia_staff;
