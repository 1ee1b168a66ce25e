-- The staff queue's search by part of a reference, a name or an email, ignoring case, on an
-- index at any size (benches/load/staff.sh, 100,000 applications; figures in benches/README.md).
--
-- pg_trgm ships with PostgreSQL (Debian's postgresql-15 package holds it) and is a trusted
-- extension since PostgreSQL 13: the database's owner, who applies the migrations, may create
-- it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One text per application holding what a search may match: its reference, "first last" and
-- email, lower-cased. The queue's statement (server/src/staff/store/queue_filter.sql) spells
-- the same expression, so PostgreSQL answers `LIKE '%nguy%'` from this index. An erased
-- application keeps only its reference here (its name and email are NULL).
CREATE INDEX account_applications_search_trgm ON account_applications USING gin (
    lower(reference || ' ' || coalesce(first_name || ' ' || last_name, '') || ' '
          || coalesce(email, '')) gin_trgm_ops);

-- A whole email is still looked up exactly (V12's lower(email) index); a last name alone is
-- now a part of the search text above.
DROP INDEX account_applications_last_name_ci;

-- The audit log screen's date range (Sydney days, as moments).
CREATE INDEX staff_audit_at ON staff_audit (at);
