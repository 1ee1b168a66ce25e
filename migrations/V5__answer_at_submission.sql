-- What the client was told when the application was accepted, kept apart from the status that
-- staff change later, so a replay of the same Idempotency-Key gives the first answer again:
-- the reference, the status at submission and the time. Existing rows were all answered
-- 'under_review' (the only status an insert could take).
ALTER TABLE account_applications
    ADD COLUMN submitted_status text NOT NULL DEFAULT 'under_review'
        CHECK (submitted_status IN ('under_review', 'approved', 'declined', 'withdrawn'));

CREATE FUNCTION account_applications_answer_at_submission() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.submitted_status := NEW.status;
    ELSIF NEW.reference IS DISTINCT FROM OLD.reference
       OR NEW.created_at IS DISTINCT FROM OLD.created_at
       OR NEW.submitted_status IS DISTINCT FROM OLD.submitted_status
       OR NEW.idempotency_key IS DISTINCT FROM OLD.idempotency_key
       OR NEW.request_fingerprint IS DISTINCT FROM OLD.request_fingerprint THEN
        RAISE EXCEPTION 'the answer given at submission cannot change'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER answer_at_submission
    BEFORE INSERT OR UPDATE ON account_applications
    FOR EACH ROW EXECUTE FUNCTION account_applications_answer_at_submission();

GRANT SELECT (submitted_status) ON account_applications TO banksia_api;
