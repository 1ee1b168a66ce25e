-- The staff queue's filters (GET /api/staff/applications), shared by its page and its counts
-- (store/applications.rs composes both; benches/load/staff.sh EXPLAINs them):
--   $1 statuses (already only the open ones when $6), $2 an account type or NULL,
--   $3 a LIKE pattern over reference, "first last" and the email up to its "@", lower-cased
--   (`%sam%nguy%`) or NULL, $4 a whole reference (core's canonical form) or a whole email
--   (lower-cased) or NULL (one of $3 and $4 at most: a whole term is looked up exactly, since a trigram scan of a long
--   term shared by many rows, "@example.com.au", reads every row's posting),
--   $5 the moment before which an open application is overdue (core's
--   overdue_if_submitted_before, at Sydney midnight), $6 overdue only,
--   $7 only those waiting for a second approver, $8 only those claimed by this staff id (or
--   NULL), $9 only those claimed by nobody.
-- The search's text is migration V22's trigram index expression, character for character, so
-- a part of a name or an email is found through that index; a whole reference (typed with O for
-- 0 too) through the reference's unique index, a whole email through lower(email)'s.
WHERE a.status = ANY($1)
  AND ($2::text IS NULL OR a.application_type = $2)
  AND ($3::text IS NULL
       OR lower(a.reference || ' ' || coalesce(a.first_name || ' ' || a.last_name, '') || ' '
                || coalesce(split_part(a.email, '@', 1) || '@', '')) LIKE $3)
  AND ($4::text IS NULL OR a.reference = $4 OR lower(a.email) = $4)
  AND (NOT $6::boolean OR a.created_at < $5::timestamptz)
  AND (NOT $7::boolean OR a.first_approval_by IS NOT NULL)
  AND ($8::bigint IS NULL OR a.assigned_to = $8)
  AND (NOT $9::boolean OR a.assigned_to IS NULL)
