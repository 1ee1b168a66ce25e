-- The transactional outbox of confirmation emails. A row is inserted by the same statement that
-- stores the application, so an application is never stored without its email being queued and
-- an email is never queued for an application that was not stored. The server's mail worker
-- claims due rows (FOR UPDATE SKIP LOCKED, then a short lease), sends them and records the
-- outcome; several server instances never send the same row twice.

CREATE TABLE email_outbox (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- One confirmation per application.
    reference       text        NOT NULL UNIQUE REFERENCES account_applications (reference),
    -- The only personal data kept here, needed to send; both are cleared once the email is sent.
    recipient       text        CHECK (recipient LIKE '%_@_%'),
    first_name      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    -- Delivery attempts so far (a claim counts as one).
    attempts        integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- Not to be tried before this time (the retry backoff).
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    -- A worker holds the row until then; an expired lease (the worker died) may be claimed again.
    locked_until    timestamptz,
    -- Why the last attempt failed: an error class and SMTP code, never an address or a name.
    last_error      text        CHECK (char_length(last_error) <= 200),
    sent_at         timestamptz,
    -- Set when the server gave up (a permanent SMTP refusal, or too many attempts).
    failed_at       timestamptz,

    CHECK (sent_at IS NULL OR failed_at IS NULL),
    CHECK (sent_at IS NOT NULL OR (recipient IS NOT NULL AND first_name IS NOT NULL))
);

-- The worker's claim scans only what is still to be sent.
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at)
    WHERE sent_at IS NULL AND failed_at IS NULL;

COMMENT ON TABLE email_outbox IS
    'Confirmation emails waiting to be sent. Holds recipient addresses until sent: never expose through the public API.';

-- banksia_api runs both the API and the mail worker. The API queues a row (and on an idempotent
-- replay asks whether one exists); the worker claims due rows (SELECT ... FOR UPDATE needs
-- UPDATE rights), reads what it sends and records the outcome. No DELETE.
GRANT INSERT (reference, recipient, first_name) ON email_outbox TO banksia_api;
GRANT SELECT (id, reference, recipient, first_name, attempts, next_attempt_at, locked_until,
              sent_at, failed_at)
    ON email_outbox TO banksia_api;
GRANT UPDATE (attempts, next_attempt_at, locked_until, last_error, sent_at, failed_at,
              recipient, first_name)
    ON email_outbox TO banksia_api;
