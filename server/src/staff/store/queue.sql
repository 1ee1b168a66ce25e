-- The staff queue (GET /api/staff/applications): $1 statuses, $2 account type or NULL, $3 a
-- lower-cased search term or NULL, $4/$5 the keyset cursor (created_at, id) or NULL, $6 the
-- page size plus one, $7 the search term as a reference (core's canonical form) or NULL.
-- Each arm of the search has its own index (the reference's unique index, lower(email),
-- lower(last_name)), so PostgreSQL ORs three index scans instead of reading the table.
-- benches/load/staff.sh runs EXPLAIN on this very file.
SELECT a.id, a.reference, a.created_at, a.application_type, a.first_name, a.last_name,
       a.status, a.assigned_to, s.display_name AS assignee,
       a.first_approval_by IS NOT NULL AS approval_pending
FROM account_applications a LEFT JOIN staff s ON s.id = a.assigned_to
WHERE a.status = ANY($1)
  AND ($2::text IS NULL OR a.application_type = $2)
  AND ($3::text IS NULL OR a.reference = $7 OR lower(a.email) = $3 OR lower(a.last_name) = $3)
  AND ($4::timestamptz IS NULL OR (a.created_at, a.id) > ($4, $5))
ORDER BY a.created_at, a.id
LIMIT $6
