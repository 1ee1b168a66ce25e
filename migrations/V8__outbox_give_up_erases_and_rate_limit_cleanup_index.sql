-- 1. An email the mail worker gives up on loses the recipient's address and first name, as a
--    sent one does: the row keeps only the reference, the attempts and the error class. V7's
--    check demanded both until the email was sent; it now demands them until it is sent or
--    given up.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_check1;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_personal_data_until_done
    CHECK (sent_at IS NOT NULL OR failed_at IS NOT NULL
           OR (recipient IS NOT NULL AND first_name IS NOT NULL));
UPDATE email_outbox SET recipient = NULL, first_name = NULL WHERE failed_at IS NOT NULL;

-- 2. The rate-limit cleanup deletes idle buckets in small batches, oldest first: this index
--    finds each batch without reading the whole table, however large it has grown.
CREATE INDEX api_rate_limits_updated_at ON api_rate_limits (updated_at);

-- 3. /metrics reports the age of the oldest email still to be sent.
GRANT SELECT (created_at) ON email_outbox TO banksia_api;
