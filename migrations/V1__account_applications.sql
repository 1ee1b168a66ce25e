-- Account applications submitted through POST /api/applications (spec section 3).
-- Landed migrations are never edited: add a new numbered file instead.

CREATE TABLE account_applications (
    id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reference              text        NOT NULL UNIQUE
                                       CHECK (reference ~ '^BKS-[A-Z0-9-]+$'),
    status                 text        NOT NULL DEFAULT 'under_review'
                                       CHECK (status IN ('under_review', 'approved', 'declined', 'withdrawn')),
    created_at             timestamptz NOT NULL DEFAULT now(),
    -- Client-chosen Idempotency-Key; NULL when the request had none (NULLs never collide).
    idempotency_key        text        UNIQUE
                                       CHECK (idempotency_key ~ '^[\x21-\x7e]{1,255}$'),
    -- SHA-256 of the canonical request body, to tell a replay from a different body under the same key.
    request_fingerprint    bytea       CHECK (octet_length(request_fingerprint) = 32),

    application_type       text        NOT NULL
                                       CHECK (application_type IN ('checking', 'savings', 'business_checking', 'business_savings')),
    first_name             text        NOT NULL CHECK (char_length(first_name) >= 2),
    last_name              text        NOT NULL CHECK (char_length(last_name) >= 2),
    email                  text        NOT NULL CHECK (email LIKE '%_@_%'),
    phone                  text        NOT NULL CHECK (char_length(phone) >= 10),
    date_of_birth          date        NOT NULL,
    address_line1          text        NOT NULL CHECK (char_length(address_line1) >= 5),
    address_line2          text,
    city                   text        NOT NULL CHECK (char_length(city) >= 2),
    state                  text        NOT NULL
                                       CHECK (state IN ('NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT')),
    postal_code            text        NOT NULL CHECK (char_length(postal_code) >= 4),
    employment_status      text        NOT NULL
                                       CHECK (employment_status IN ('full_time', 'part_time', 'casual', 'self_employed',
                                                                    'retired', 'student', 'unemployed')),
    annual_income          numeric(14, 2) NOT NULL CHECK (annual_income >= 0),
    employer_name          text,
    identification_type    text        NOT NULL
                                       CHECK (identification_type IN ('drivers_license', 'passport', 'proof_of_age_card')),
    identification_number  text        NOT NULL CHECK (char_length(identification_number) >= 1),
    initial_deposit_amount numeric(14, 2) NOT NULL CHECK (initial_deposit_amount >= 0),
    terms_accepted         boolean     NOT NULL CHECK (terms_accepted),
    marketing_consent      boolean     NOT NULL DEFAULT false,
    -- Applications are anonymous: no login flow exists, so no user is ever linked on submit.
    user_id                uuid        CHECK (user_id IS NULL),

    CHECK ((idempotency_key IS NULL) = (request_fingerprint IS NULL))
);

COMMENT ON TABLE account_applications IS
    'Account-opening applications. Contains personal information: never expose through the public API.';
