-- The case view's workflow (issue 29; banksia-core's `review::decisions`): a reviewer's
-- recommendation and every decision's internal rationale, and how and when an applicant asked to
-- withdraw. The audit row of each step names the rationale's row, never its text: the text may
-- hold personal data and is erased by `purge` (`staff::retention`), an audit row can't be.

CREATE TABLE application_rationales (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint      NOT NULL REFERENCES account_applications (id),
    staff_id       bigint      NOT NULL REFERENCES staff (id),
    kind           text        NOT NULL
        CHECK (kind IN ('recommend_approve', 'recommend_decline', 'approve', 'confirm_approval', 'decline')),
    -- NULL once the application's personal data is erased.
    rationale      text        CHECK (char_length(rationale) <= 1000),
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_rationales_application ON application_rationales (application_id, id);

ALTER TABLE account_applications
    ADD COLUMN withdrawal_channel      text
        CHECK (withdrawal_channel IN ('phone', 'email', 'branch', 'secure_message', 'letter')),
    ADD COLUMN withdrawal_requested_at timestamptz,
    ADD CONSTRAINT withdrawal_how_with_when
        CHECK ((withdrawal_channel IS NULL) = (withdrawal_requested_at IS NULL)),
    ADD CONSTRAINT withdrawal_only_when_withdrawn
        CHECK (withdrawal_channel IS NULL OR status = 'withdrawn');

GRANT SELECT, INSERT ON application_rationales TO banksia_staff;
GRANT UPDATE (rationale) ON application_rationales TO banksia_staff;
GRANT UPDATE (withdrawal_channel, withdrawal_requested_at) ON account_applications TO banksia_staff;
