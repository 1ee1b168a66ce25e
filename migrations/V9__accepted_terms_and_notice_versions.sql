-- Each application records which version of the terms and conditions and of the privacy
-- collection notice the applicant accepted (banksia_core::disclosures::TERMS_VERSION and
-- PRIVACY_NOTICE_VERSION, the same words the site's application page shows from the same core).
-- The server writes both on every insert (server/src/db.rs). Rows stored before this migration
-- have no record of a version and keep NULL, which is why the columns stay nullable.
ALTER TABLE account_applications
    ADD COLUMN terms_version text
        CONSTRAINT account_applications_terms_version_length CHECK (length(terms_version) BETWEEN 1 AND 32),
    ADD COLUMN privacy_notice_version text
        CONSTRAINT account_applications_privacy_notice_version_length CHECK (length(privacy_notice_version) BETWEEN 1 AND 32);

GRANT INSERT (terms_version, privacy_notice_version) ON account_applications TO banksia_api;
