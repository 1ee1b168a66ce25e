-- The submission rate limit's token buckets, one row per client (an IPv4 address or an IPv6
-- /64), shared by every server instance on this database. Rows of buckets idle for two minutes
-- (full again) are deleted by the servers.
CREATE TABLE api_rate_limits (
    client     text             PRIMARY KEY,
    tokens     double precision NOT NULL,
    allowed    boolean          NOT NULL,
    updated_at timestamptz      NOT NULL
);

COMMENT ON TABLE api_rate_limits IS
    'Rate-limit token buckets by client address: operational data, kept for minutes only.';

GRANT SELECT, INSERT, UPDATE, DELETE ON api_rate_limits TO banksia_api;
