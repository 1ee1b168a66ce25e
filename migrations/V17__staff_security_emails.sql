-- Security notices to a staff member about their own account (a passkey recovery started for
-- it, a passkey added to it), sent by the same outbox rules as the applicant's emails: the
-- holder hears of it even when the change was made by someone else.
CREATE TABLE staff_emails (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    staff_id        bigint      NOT NULL REFERENCES staff (id),
    kind            text        NOT NULL CHECK (kind IN ('recovery_started', 'passkey_added')),
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
    CHECK (sent_at IS NOT NULL OR failed_at IS NOT NULL OR (recipient IS NOT NULL AND subject IS NOT NULL))
);
CREATE INDEX staff_emails_due ON staff_emails (next_attempt_at)
    WHERE sent_at IS NULL AND failed_at IS NULL;
GRANT SELECT, INSERT, UPDATE ON staff_emails TO banksia_staff;
