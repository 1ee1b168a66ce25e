-- pgbench: the application's row alone, as the server stored it before business and tax details
-- (issue 30) added the tax residency row: the ceiling earlier figures in benches/README.md used.
INSERT INTO account_applications (
    reference, idempotency_key, request_fingerprint,
    application_type, first_name, last_name, email, phone, date_of_birth,
    address_line1, address_line2, city, state, postal_code,
    employment_status, annual_income, employer_name, identification_type,
    identification_ciphertext, identification_key_id, identification_last3, identification_length,
    initial_deposit_amount, terms_accepted, marketing_consent, terms_version, privacy_notice_version
) VALUES (
    'BKS-' || upper(substr(md5(random()::text), 1, 16)), NULL, NULL,
    'savings', 'Charlotte', 'Nguyen', 'charlotte.nguyen@example.com.au', '+61412345678', '1990-04-15',
    '12 Banksia Street', 'Unit 4', 'Melbourne', 'VIC', '3000',
    'full_time', 85000.00, 'Acme Pty Ltd', 'drivers_license',
    decode(md5(random()::text) || md5(random()::text), 'hex'), 'bench', '789', 9,
    250.50, true, false, '2026-11-06', '2026-11-06'
)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING reference, submitted_status, created_at, id;
