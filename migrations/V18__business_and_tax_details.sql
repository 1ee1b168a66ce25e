-- Who the customer is (issue 30): the business behind a business account and its beneficial
-- owners and controllers (AML/CTF Rules Parts 4.3, 4.4 and 4.12), and every applicant's tax
-- residency self-certification (CRS, FATCA) with the optional TFN. Each row is core's checked
-- record (`banksia_core::application::details`), written in the statement that inserts its
-- application; `banksia-server purge` deletes them all (`staff::retention::ERASE_BY_ID`).

-- The business (business accounts only): one row per application.
CREATE TABLE application_businesses (
    application_id      bigint  PRIMARY KEY REFERENCES account_applications (id),
    entity_type         text    NOT NULL,
    legal_name          text    NOT NULL,
    trading_name        text,
    -- Digits alone; their check digit held when stored (the register is checked by a person).
    abn                 text    NOT NULL CHECK (abn ~ '^[0-9]{11}$'),
    acn                 text    CHECK (acn ~ '^[0-9]{9}$'),
    address_line1       text    NOT NULL,
    address_line2       text,
    city                text    NOT NULL,
    state               text    NOT NULL,
    postal_code         text    NOT NULL CHECK (postal_code ~ '^[0-9]{4}$'),
    nature_of_business  text    NOT NULL,
    applicant_role      text    NOT NULL
);

-- Its beneficial owners and controllers, in the order the applicant listed them.
CREATE TABLE application_owners (
    application_id      bigint   NOT NULL REFERENCES application_businesses (application_id),
    position            smallint NOT NULL CHECK (position >= 0),
    full_name           text     NOT NULL,
    date_of_birth       date     NOT NULL,
    address_line1       text     NOT NULL,
    address_line2       text,
    city                text     NOT NULL,
    state               text     NOT NULL,
    postal_code         text     NOT NULL CHECK (postal_code ~ '^[0-9]{4}$'),
    role                text     NOT NULL,
    ownership_percent   numeric(5, 2) NOT NULL CHECK (ownership_percent BETWEEN 0 AND 100),
    PRIMARY KEY (application_id, position)
);

-- Tax residency (every application): the TFN, encrypted as identification numbers are
-- (AES-256-GCM by the server, `id_keys`, the key id beside it, the last three digits
-- and the length for the masked view), and whether the business's own residency was asked.
CREATE TABLE application_tax_residency (
    application_id      bigint  PRIMARY KEY REFERENCES account_applications (id),
    tfn_ciphertext      bytea,
    tfn_key_id          text    CHECK (tfn_key_id ~ '^[A-Za-z0-9-]{1,40}$'),
    tfn_last3           text    CHECK (char_length(tfn_last3) <= 3),
    tfn_length          integer,
    business_asked      boolean NOT NULL,
    CONSTRAINT tfn_key_with_ciphertext CHECK ((tfn_ciphertext IS NULL) = (tfn_key_id IS NULL))
);

-- Each country other than Australia where the applicant (or the business) is a tax resident,
-- with its tax identification number or the reason there is none.
CREATE TABLE application_foreign_tax_residencies (
    application_id      bigint   NOT NULL REFERENCES application_tax_residency (application_id),
    resident            text     NOT NULL CHECK (resident IN ('applicant', 'business')),
    position            smallint NOT NULL CHECK (position >= 0),
    country             text     NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
    tin                 text,
    no_tin_reason       text,
    no_tin_explanation  text,
    CONSTRAINT tin_or_reason CHECK ((tin IS NULL) <> (no_tin_reason IS NULL)),
    PRIMARY KEY (application_id, resident, position)
);

-- The public API inserts these rows with the application (it reads the new application's id
-- back from the INSERT's RETURNING, hence that one column) and can't read any of them.
GRANT SELECT (id) ON account_applications TO banksia_api;
GRANT INSERT ON application_businesses, application_owners, application_tax_residency,
    application_foreign_tax_residencies TO banksia_api;
-- The staff side reads them for the case view, and purge deletes them.
GRANT SELECT, DELETE ON application_businesses, application_owners, application_tax_residency,
    application_foreign_tax_residencies TO banksia_staff;
