-- The confirmation email names the account applied for ("the High Yield Savings account"). The
-- mail worker, which runs as banksia_api, reads it from the application when it claims an email
-- (server/src/outbox.rs joins on the reference): the two columns it needs, nothing personal.
GRANT SELECT (reference, application_type) ON account_applications TO banksia_api;
