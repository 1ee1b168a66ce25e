-- The applicant answers an information request on the status page (issue 29): a message and up
-- to three documents, the documents encrypted by the server (AES-256-GCM, as identification
-- numbers are), the application marked 'information_received'; and the email confirming a
-- withdrawal. `banksia-server purge` erases the answers (`staff::retention::ERASE_BY_ID`).

ALTER TABLE account_applications DROP CONSTRAINT account_applications_status_check;
ALTER TABLE account_applications ADD CONSTRAINT account_applications_status_check
    CHECK (status IN ('under_review', 'information_requested', 'information_received',
                      'approved', 'declined', 'withdrawn'));

-- The open queue's partial index (V14) holds the new open status too.
DROP INDEX account_applications_open_queue;
CREATE INDEX account_applications_open_queue ON account_applications (created_at, id)
    WHERE status IN ('under_review', 'information_requested', 'information_received');

ALTER TABLE application_emails DROP CONSTRAINT application_emails_kind_check;
ALTER TABLE application_emails ADD CONSTRAINT application_emails_kind_check
    CHECK (kind IN ('information_requested', 'decision', 'status_link', 'withdrawal'));

-- An opened status link of an application waiting for information hands out a second token
-- (kept as its SHA-256) that authorises one answer, for a while; never in a URL.
ALTER TABLE application_status_links
    ADD COLUMN answer_token_hash bytea UNIQUE CHECK (octet_length(answer_token_hash) = 32),
    ADD COLUMN answer_expires_at timestamptz,
    ADD COLUMN answered_at       timestamptz,
    ADD CONSTRAINT answer_token_with_expiry
        CHECK ((answer_token_hash IS NULL) = (answer_expires_at IS NULL));

-- One answer: when, and the message (NULL when only documents were sent, and once erased).
CREATE TABLE information_responses (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint      NOT NULL REFERENCES account_applications (id),
    message        text        CHECK (char_length(message) <= 2000),
    received_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX information_responses_application ON information_responses (application_id, id);

-- Its documents: the type read from the content, the size, and the content encrypted with the
-- key named beside it; the associated data names the application, the answer and the position,
-- so a ciphertext moved to another row does not open. No file name is kept.
CREATE TABLE information_documents (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    response_id    bigint      NOT NULL REFERENCES information_responses (id),
    application_id bigint      NOT NULL REFERENCES account_applications (id),
    position       smallint    NOT NULL CHECK (position BETWEEN 1 AND 3),
    content_type   text        NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
    size_bytes     integer     NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
    ciphertext     bytea       NOT NULL,
    key_id         text        NOT NULL CHECK (key_id ~ '^[A-Za-z0-9-]{1,40}$'),
    UNIQUE (response_id, position)
);
CREATE INDEX information_documents_application ON information_documents (application_id);

GRANT SELECT, INSERT, UPDATE (message) ON information_responses TO banksia_staff;
GRANT SELECT, INSERT, DELETE ON information_documents TO banksia_staff;
