-- banksia_api: the least privilege the application API needs. Grant it to the login role the
-- server runs as (GRANT banksia_api TO <login role>) once migrations are applied by the owner.
-- It may insert applications and read back only what an idempotent replay returns (reference,
-- status, time, key, body fingerprint): never a name, email, phone, address or ID number.
-- It cannot update or delete.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'banksia_api') THEN
        BEGIN
            CREATE ROLE banksia_api NOLOGIN;
        EXCEPTION
            -- Another database of the same cluster created it at the same moment.
            WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO banksia_api;
GRANT INSERT ON account_applications TO banksia_api;
GRANT SELECT (reference, status, created_at, idempotency_key, request_fingerprint)
    ON account_applications TO banksia_api;
