-- The queue's search text without the emails' domains. A domain is shared by a great many
-- applicants ("gmail.com", "outlook.com", "bigpond.com"), so its trigrams were in most rows'
-- postings and a search whose term held any of them read most of the index. The text now holds
-- the reference, "first last" and the email up to and including its "@": a part of an address
-- is searched by the part before the domain; a whole address is still looked up exactly
-- (V12's lower(email) index). server/src/staff/store/queue_filter.sql spells the same expression.
DROP INDEX account_applications_search_trgm;
CREATE INDEX account_applications_search_trgm ON account_applications USING gin (
    lower(reference || ' ' || coalesce(first_name || ' ' || last_name, '') || ' '
          || coalesce(split_part(email, '@', 1) || '@', '')) gin_trgm_ops);
