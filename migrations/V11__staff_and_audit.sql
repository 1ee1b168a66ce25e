-- The bank's staff, their passkeys, invitations and sign-in sessions, and the append-only,
-- hash-chained audit log of everything staff do (issue 20). No passwords anywhere.

CREATE TABLE staff (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Kept lower-case, so one address is one person.
    email          text        NOT NULL UNIQUE CHECK (email LIKE '%_@_%' AND email = lower(email)),
    display_name   text        NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 100),
    -- Any of the four roles of banksia-core's `review::Role`, none included.
    roles          text[]      NOT NULL
                               CHECK (roles <@ ARRAY['reviewer', 'approver', 'administrator', 'auditor']::text[]),
    -- The WebAuthn user handle: random, never the email (it is stored on authenticators).
    webauthn_id    uuid        NOT NULL UNIQUE,
    active         boolean     NOT NULL DEFAULT true,
    created_at     timestamptz NOT NULL DEFAULT now(),
    deactivated_at timestamptz,
    CHECK (active = (deactivated_at IS NULL))
);

-- A staff member's passkeys (webauthn-rs's `Passkey`, serialised): public keys and counters,
-- nothing secret.
CREATE TABLE staff_passkeys (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    staff_id      bigint      NOT NULL REFERENCES staff (id),
    credential_id bytea       NOT NULL UNIQUE,
    passkey       jsonb       NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz
);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- One-time invitation links. Only the SHA-256 of the token is stored: the link itself exists
-- only in what was printed or emailed. An invitation for an existing staff member (staff_id)
-- adds a passkey; one without creates the staff member.
CREATE TABLE staff_invites (
    token_hash   bytea       PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    email        text        NOT NULL CHECK (email LIKE '%_@_%' AND email = lower(email)),
    roles        text[]      NOT NULL
                             CHECK (roles <@ ARRAY['reviewer', 'approver', 'administrator', 'auditor']::text[]),
    staff_id     bigint      REFERENCES staff (id),
    invited_by   bigint      REFERENCES staff (id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz
);

-- Signed-in sessions: the cookie holds a random token, the table its SHA-256. A session ends at
-- sign-out, on deactivation, after the idle time, or at its absolute expiry.
CREATE TABLE staff_sessions (
    token_hash   bytea       PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    staff_id     bigint      NOT NULL REFERENCES staff (id),
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    ended_at     timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE ended_at IS NULL;

-- A WebAuthn ceremony between its two requests (the challenge must be kept server side; any
-- instance may finish what another started). Minutes only.
CREATE TABLE webauthn_ceremonies (
    id                bytea       PRIMARY KEY CHECK (octet_length(id) = 32),
    kind              text        NOT NULL CHECK (kind IN ('register', 'authenticate')),
    invite_token_hash bytea       REFERENCES staff_invites (token_hash),
    staff_id          bigint      REFERENCES staff (id),
    state             jsonb       NOT NULL,
    expires_at        timestamptz NOT NULL
);

-- The audit log. Each row holds the hash of the row before it and its own hash over its
-- content and that link (staff_audit_row_hash), so an edited or removed row breaks the chain at
-- that point (`banksia-server audit verify`). Rows are appended under an advisory lock so the
-- chain never forks.
CREATE TABLE staff_audit (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at                    timestamptz NOT NULL,
    -- NULL for the command line and the system (purge, start-up migration of old rows).
    staff_id              bigint      REFERENCES staff (id),
    action                text        NOT NULL CHECK (action ~ '^[a-z_.]{1,60}$'),
    application_reference text,
    detail                jsonb       NOT NULL DEFAULT '{}'::jsonb,
    prev_hash             bytea       NOT NULL CHECK (octet_length(prev_hash) = 32),
    hash                  bytea       NOT NULL UNIQUE CHECK (octet_length(hash) = 32)
);
CREATE INDEX staff_audit_application ON staff_audit (application_reference, id)
    WHERE application_reference IS NOT NULL;

-- The hash of one row: SHA-256 over the previous row's hash and this row's fields, each written
-- in a fixed text form and separated by a unit separator.
CREATE FUNCTION staff_audit_row_hash(
    prev_hash bytea, id bigint, at timestamptz, staff_id bigint, action text,
    application_reference text, detail jsonb
) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT sha256(prev_hash || convert_to(concat_ws(chr(31),
        id::text,
        to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        coalesce(staff_id::text, '-'),
        action,
        coalesce(application_reference, '-'),
        detail::text), 'UTF8'))
$$;

COMMENT ON TABLE staff_audit IS
    'Append-only audit log of staff actions, hash-chained. The server may insert and read, never update or delete.';

-- banksia_staff: what the staff side of the server needs (the staff API, the CLI's invite, the
-- audit and purge commands). It is a separate role from banksia_api, which still reads no
-- personal data: the server's login role is granted both (README, "Database roles").
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_staff') THEN
        BEGIN
            CREATE ROLE banksia_staff NOLOGIN;
        EXCEPTION
            WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO banksia_staff;
GRANT SELECT, INSERT, UPDATE ON staff, staff_passkeys, staff_invites, staff_sessions TO banksia_staff;
GRANT SELECT, INSERT, UPDATE, DELETE ON webauthn_ceremonies TO banksia_staff;
-- The audit log: insert and read only. No UPDATE, no DELETE, no TRUNCATE.
GRANT SELECT, INSERT ON staff_audit TO banksia_staff;
-- Appends take the next id themselves (it is part of the hashed content).
GRANT USAGE ON SEQUENCE staff_audit_id_seq TO banksia_staff;
