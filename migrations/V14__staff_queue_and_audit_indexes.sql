-- Indexes for the staff console at scale (benches/load/staff.sh, 100,000 applications; plans in
-- benches/README.md).
--
-- The default queue (open applications, oldest first) walked the (created_at, id) index through
-- every decided application before the first open one: with years of decided rows that is most
-- of the table. A partial index holds only the open ones, in queue order.
CREATE INDEX account_applications_open_queue ON account_applications (created_at, id)
    WHERE status IN ('under_review', 'information_requested');

-- The audit log screen filters by action and by staff member, newest first.
CREATE INDEX staff_audit_action ON staff_audit (action, id);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, id) WHERE staff_id IS NOT NULL;
