-- 100,000 applications for the staff console's bench (benches/load/staff.sh), as a bank would
-- hold them after about three years: one every 15 minutes, the last 20 days still open (under
-- review, one in five waiting for information), the rest decided (70% approved, 25% declined,
-- 5% withdrawn). 400 last names (one in a hundred applicants a Nguyen, 20 first names, so about
-- 50 are Sam Nguyen) and unique emails (first.last and a number, at six common domains), so a
-- search matches a realistic few rows.
-- Identification numbers are stored as the server stores them (ciphertext, key id, last three).
-- Also one staff member holding every role and a session whose cookie the bench sends.
\set ON_ERROR_STOP on
-- A valid reference (banksia-core's `reference_from_random`: 10 Crockford base-32 characters
-- from 50 bits, then a Luhn mod 32 check character), from 50 bits of md5 instead of randomness.
CREATE FUNCTION pg_temp.bench_reference(seed integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    bits bigint := ('x' || substr(md5('bench' || seed), 1, 13))::bit(52)::bigint >> 2;
    points integer[] := '{}';
    total integer := 0;
    addend integer;
    doubled boolean := true;
    k integer;
BEGIN
    FOR k IN 0..9 LOOP
        points := points || ((bits >> (45 - 5 * k)) & 31)::integer;
    END LOOP;
    FOR k IN REVERSE 10..1 LOOP
        addend := CASE WHEN doubled THEN points[k] * 2 ELSE points[k] END;
        total := total + addend / 32 + addend % 32;
        doubled := NOT doubled;
    END LOOP;
    RETURN 'BKS-' || (SELECT string_agg(substr(alphabet, p + 1, 1), '' ORDER BY n)
                      FROM unnest(points) WITH ORDINALITY AS u(p, n))
           || substr(alphabet, (32 - total % 32) % 32 + 1, 1);
END
$$;
-- One of 400 last names built from 20 beginnings and 20 endings (Ashford, Blackwood, ...), as
-- alike as real surnames are: each ending is shared by a twentieth of the applicants.
CREATE FUNCTION pg_temp.bench_last_name(n integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT (ARRAY['Ash', 'Black', 'Brad', 'Brook', 'Cald', 'Clay', 'Dal', 'Elm', 'Fair', 'Green',
                  'Hal', 'Kings', 'Lang', 'Mar', 'North', 'Oak', 'Rad', 'Stan', 'West', 'Whit'])[1 + n / 20]
        || (ARRAY['ford', 'wood', 'ley', 'ton', 'well', 'by', 'field', 'worth', 'more', 'ham',
                  'stead', 'win', 'cott', 'land', 'bury', 'den', 'wick', 'hurst', 'shaw', 'ridge'])[1 + n % 20]
$$;
INSERT INTO account_applications (
    reference, created_at,
    application_type, first_name, last_name, email, phone, date_of_birth,
    address_line1, address_line2, city, state, postal_code,
    employment_status, annual_income, employer_name, identification_type,
    identification_ciphertext, identification_key_id, identification_last3, identification_length,
    initial_deposit_amount, terms_accepted, marketing_consent, terms_version, privacy_notice_version
)
SELECT
    pg_temp.bench_reference(i),
    at,
    (ARRAY['checking', 'savings', 'business_checking', 'business_savings'])[1 + i % 4],
    (ARRAY['Sam', 'Olivia', 'Jack', 'Mia', 'Noah', 'Ava', 'Liam', 'Isla', 'Lucas', 'Grace',
           'Thomas', 'Chloe', 'Oliver', 'Zoe', 'William', 'Ruby', 'James', 'Harper', 'Leo',
           'Matilda'])[1 + (i / 7) % 20],
    CASE WHEN i % 100 = 0 THEN 'Nguyen' ELSE pg_temp.bench_last_name(i % 400) END,
    lower((ARRAY['Sam', 'Olivia', 'Jack', 'Mia', 'Noah', 'Ava', 'Liam', 'Isla', 'Lucas', 'Grace',
                 'Thomas', 'Chloe', 'Oliver', 'Zoe', 'William', 'Ruby', 'James', 'Harper', 'Leo',
                 'Matilda'])[1 + (i / 7) % 20])
        || '.' || lower(CASE WHEN i % 100 = 0 THEN 'Nguyen' ELSE pg_temp.bench_last_name(i % 400) END)
        || i || '@'
        || (ARRAY['gmail.com', 'outlook.com', 'bigpond.com', 'icloud.com', 'yahoo.com.au',
                  'example.com.au'])[1 + i % 6],
    '+6141' || lpad((i % 10000000)::text, 7, '0'),
    date '1960-01-01' + (i % 15000),
    i || ' Banksia Street', NULL, 'Melbourne',
    (ARRAY['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'])[1 + i % 8],
    lpad((3000 + i % 900)::text, 4, '0'),
    'full_time', 85000.00, 'Acme Pty Ltd', 'drivers_license',
    decode(md5('id' || i) || md5('nonce' || i), 'hex'), 'bench', lpad((i % 1000)::text, 3, '0'), 9,
    250.00, true, false, '2026-11-06', '2026-11-06'
FROM (
    SELECT i, now() - (100000 - i) * interval '15 minutes' AS at
    FROM generate_series(1, 100000) AS i
) AS g;

-- Every application is stored under review (a trigger keeps the answer given at submission);
-- staff then decided all but the last 20 days' and asked some of those for information.
UPDATE account_applications
SET status = st, version = 2, status_changed_at = created_at + interval '2 days',
    decided_at = CASE WHEN st <> 'information_requested' THEN created_at + interval '2 days' END,
    decline_reason = CASE WHEN st = 'declined' THEN 'not_eligible' END,
    information_request = CASE WHEN st = 'information_requested'
                               THEN 'Please send a certified copy of your licence.' END
FROM (
    SELECT id AS target,
           CASE
               WHEN created_at > now() - interval '20 days' THEN 'information_requested'
               WHEN id % 20 < 14 THEN 'approved'
               WHEN id % 20 < 19 THEN 'declined'
               ELSE 'withdrawn'
           END AS st
    FROM account_applications
    WHERE created_at <= now() - interval '20 days' OR id % 5 = 0
) AS d
WHERE id = d.target;

INSERT INTO staff (email, display_name, roles, webauthn_id)
VALUES ('bench@banksia.example', 'Bench Reviewer', ARRAY['reviewer', 'approver', 'auditor'],
        '00000000-0000-4000-8000-000000000001');
-- The cookie's token (43 base64url characters); the table keeps its SHA-256, as the server does.
INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
SELECT sha256(convert_to(:'token', 'UTF8')), id, now() + interval '8 hours'
FROM staff WHERE email = 'bench@banksia.example';
-- As autovacuum would have by now: the update left the inserted versions dead.
VACUUM ANALYZE;
