-- Each application records which version of the terms and conditions and of the privacy
-- collection notice the applicant accepted (banksia_core::disclosures::TERMS_VERSION and
-- PRIVACY_NOTICE_VERSION, the same words the site's application page shows from the same core).
-- Rows stored before this migration have no record of a version and keep NULL; every new
-- application must carry both (the CHECK is NOT VALID: it applies to new and updated rows only).
ALTER TABLE account_applications
    ADD COLUMN terms_version text,
    ADD COLUMN privacy_notice_version text;

ALTER TABLE account_applications
    ADD CONSTRAINT account_applications_versions_recorded
    CHECK (terms_version IS NOT NULL AND privacy_notice_version IS NOT NULL
           AND length(terms_version) BETWEEN 1 AND 32 AND length(privacy_notice_version) BETWEEN 1 AND 32)
    NOT VALID;

GRANT INSERT (terms_version, privacy_notice_version) ON account_applications TO banksia_api;
