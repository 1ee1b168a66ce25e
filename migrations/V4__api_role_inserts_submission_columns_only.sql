-- banksia_api could insert every column, so a request (or a bug) could store an application as
-- already 'approved', or backdate it. It may now insert only the columns a submission writes:
-- status, created_at, id and user_id always take their defaults.
REVOKE INSERT ON account_applications FROM banksia_api;
GRANT INSERT (
    reference, idempotency_key, request_fingerprint,
    application_type, first_name, last_name, email, phone, date_of_birth,
    address_line1, address_line2, city, state, postal_code,
    employment_status, annual_income, employer_name, identification_type, identification_number,
    initial_deposit_amount, terms_accepted, marketing_consent
) ON account_applications TO banksia_api;
