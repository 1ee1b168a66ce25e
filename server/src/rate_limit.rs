//! Per-client rate limit on application submissions, shared by every server instance through
//! PostgreSQL, and who the client is.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;
use std::time::Duration;

use deadpool_postgres::Pool;
use warp::http::HeaderMap;

use crate::AppState;
use crate::error::ApiError;

/// An IP network in CIDR notation (a bare address is a /32 or /128).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    addr: IpAddr,
    prefix: u8,
}

impl IpNet {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                mask_bits(u128::from(u32::from(net)) << 96, self.prefix)
                    == mask_bits(u128::from(u32::from(ip)) << 96, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                mask_bits(u128::from(net), self.prefix) == mask_bits(u128::from(ip), self.prefix)
            }
            _ => false,
        }
    }
}

fn mask_bits(bits: u128, prefix: u8) -> u128 {
    if prefix == 0 {
        0
    } else {
        bits & (u128::MAX << (128 - u32::from(prefix)))
    }
}

/// IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`, seen on dual-stack sockets) count as IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

impl FromStr for IpNet {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        let (addr, prefix) = match s.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix.parse::<u8>().map_err(|_| ())?)),
            None => (s, None),
        };
        let addr = canonical(addr.parse::<IpAddr>().map_err(|_| ())?);
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(max);
        if prefix > max {
            return Err(());
        }
        // Stored as a 128-bit prefix for IPv4 too (see `contains`).
        Ok(Self { addr, prefix })
    }
}

/// Every `X-Forwarded-For` line of the request, joined in order as one comma-separated list
/// (RFC 9110: repeated field lines are one list). A client can send its own line ahead of the
/// proxy's, so reading only the first line would let it choose its address.
pub fn forwarded_for(headers: &HeaderMap) -> Option<String> {
    let lines: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .map(|value| value.to_str().unwrap_or("unreadable"))
        .collect();
    (!lines.is_empty()).then(|| lines.join(","))
}

/// The client's address: the TCP peer, unless the peer is a trusted proxy, in which case the
/// right-most `X-Forwarded-For` entry that is not itself a trusted proxy. Entries a client could
/// have forged (left of the first untrusted hop) are never believed.
pub fn client_ip(
    peer: Option<IpAddr>,
    forwarded_for: Option<&str>,
    trusted: &[IpNet],
) -> Option<IpAddr> {
    let peer = canonical(peer?);
    let is_trusted = |ip: IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(peer) {
        return Some(peer);
    }
    let mut client = peer;
    if let Some(header) = forwarded_for {
        for hop in header.rsplit(',') {
            match hop.trim().parse::<IpAddr>() {
                Ok(ip) => {
                    client = canonical(ip);
                    if !is_trusted(client) {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    }
    Some(client)
}

/// The unit a limit applies to: an IPv4 address, or the /64 an IPv6 client usually owns whole.
fn limit_key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(mask_bits(u128::from(v6), 64))),
        v4 => v4,
    }
}

/// A token bucket per client, held in PostgreSQL (table `api_rate_limits`) so that every server
/// instance on one database shares one budget: `per_minute` submissions at once, refilled evenly
/// over a minute. One statement takes a token or reports the wait; the row lock of
/// `INSERT … ON CONFLICT DO UPDATE` serialises concurrent requests of one client.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
}

/// How long the limit check may take. Past it (or with the database down) the request goes on
/// unlimited: the insert that follows answers 503 if the database is really gone.
const CHECK_DEADLINE: Duration = Duration::from_millis(500);

const TAKE_TOKEN: &str = "\
INSERT INTO api_rate_limits AS b (client, tokens, allowed, updated_at)
VALUES ($1, $2::float8 - 1, true, now())
ON CONFLICT (client) DO UPDATE SET
    allowed = least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at)::float8) * $2::float8 / 60) >= 1,
    tokens = least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at)::float8) * $2::float8 / 60)
        - CASE WHEN least($2::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at)::float8) * $2::float8 / 60) >= 1
               THEN 1 ELSE 0 END,
    updated_at = now()
RETURNING allowed, tokens";

/// One batch of the cleanup: the `$1` oldest rows of buckets untouched for two minutes (full
/// again, so nothing is lost by forgetting them), found through their `updated_at` index. A row
/// another request is updating right now is skipped, and the condition is checked again on the
/// row as deleted, so a bucket used meanwhile stays.
const FORGET_BATCH: &str = "\
DELETE FROM api_rate_limits
WHERE client IN (
    SELECT client FROM api_rate_limits
    WHERE updated_at < now() - interval '2 minutes'
    ORDER BY updated_at
    LIMIT $1
    FOR UPDATE SKIP LOCKED
) AND updated_at < now() - interval '2 minutes'";

/// How far behind the cleanup is: seconds since the oldest idle bucket became deletable (0 when
/// none is waiting).
const CLEANUP_LAG: &str = "\
SELECT coalesce(extract(epoch FROM now() - interval '2 minutes' - min(updated_at))::float8, 0)
FROM api_rate_limits";

/// The first batch size; halved after a batch runs out of time, so every batch finishes well
/// inside the pool's statement timeout even on a slow or busy database.
pub const CLEANUP_BATCH: i64 = 5_000;
const CLEANUP_MIN_BATCH: i64 = 100;

/// What one cleanup run did.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CleanupReport {
    pub deleted: u64,
    /// Idle rows were still waiting when the run's time budget ran out (or the database failed).
    pub behind: bool,
    /// Seconds since the oldest idle row that is still there became deletable.
    pub lag_seconds: f64,
}

impl RateLimiter {
    /// `per_minute == 0` turns the limit off.
    pub fn new(per_minute: u32) -> Self {
        Self { per_minute }
    }

    pub fn is_enabled(&self) -> bool {
        self.per_minute > 0
    }

    /// Takes one token for `ip`, or tells how long until one is available.
    pub async fn check(&self, pool: &Pool, ip: IpAddr) -> Result<(), Duration> {
        self.check_key(pool, &limit_key(ip).to_string()).await
    }

    /// Takes one token from the bucket of `purpose` for `ip` (a bucket apart from the
    /// submissions', e.g. staff sign-in), shared by every instance as [`Self::check`] is.
    pub async fn check_for(&self, pool: &Pool, purpose: &str, ip: IpAddr) -> Result<(), Duration> {
        self.check_key(pool, &format!("{purpose}:{}", limit_key(ip)))
            .await
    }

    /// Takes one token from the bucket named `key` (a bucket that is not a client address's,
    /// e.g. one staff member's reveals).
    pub async fn check_named(&self, pool: &Pool, key: &str) -> Result<(), Duration> {
        self.check_key(pool, key).await
    }

    async fn check_key(&self, pool: &Pool, key: &str) -> Result<(), Duration> {
        if !self.is_enabled() {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let taken = tokio::time::timeout(CHECK_DEADLINE, async {
            let conn = pool.get().await.map_err(|e| e.to_string())?;
            let statement = conn
                .prepare_cached(TAKE_TOKEN)
                .await
                .map_err(|e| e.to_string())?;
            let row = conn
                .query_one(&statement, &[&key, &capacity])
                .await
                .map_err(|e| e.to_string())?;
            Ok::<_, String>((row.get::<_, bool>(0), row.get::<_, f64>(1)))
        })
        .await;
        match taken {
            Ok(Ok((true, _))) => Ok(()),
            Ok(Ok((false, tokens))) => Err(Duration::from_secs_f64(
                ((1.0 - tokens) * 60.0 / capacity).max(0.001),
            )),
            Ok(Err(err)) => {
                tracing::warn!(error = %err, "rate limit not checked: database error");
                Ok(())
            }
            Err(_) => {
                tracing::warn!("rate limit not checked: database too slow");
                Ok(())
            }
        }
    }

    /// Deletes the rows of buckets that are full again, in batches, for at most `budget`;
    /// run every minute. A run that cannot finish within its budget says so at warn (the table
    /// is growing faster than it is cleaned), as does a database error.
    pub async fn forget_idle(&self, pool: &Pool, budget: Duration) -> CleanupReport {
        let mut report = CleanupReport::default();
        if !self.is_enabled() {
            return report;
        }
        let give_up = tokio::time::Instant::now() + budget;
        let mut batch = CLEANUP_BATCH;
        loop {
            if tokio::time::Instant::now() >= give_up {
                report.behind = true;
                break;
            }
            match delete_batch(pool, batch).await {
                Ok(deleted) => {
                    report.deleted += deleted;
                    if deleted < u64::try_from(batch).unwrap_or(0) {
                        break;
                    }
                }
                // A batch cancelled by the statement timeout: smaller ones finish.
                Err(err) if batch > CLEANUP_MIN_BATCH => {
                    tracing::debug!(error = %err, batch, "rate limit cleanup batch too slow; halving it");
                    batch = (batch / 2).max(CLEANUP_MIN_BATCH);
                }
                Err(err) => {
                    tracing::warn!(error = %err, deleted = report.deleted, "rate limit rows not pruned");
                    report.behind = true;
                    break;
                }
            }
        }
        report.lag_seconds = cleanup_lag(pool).await.unwrap_or(0.0);
        if report.behind {
            tracing::warn!(
                deleted = report.deleted,
                lag_seconds = report.lag_seconds,
                "rate limit cleanup is behind: idle rows remain after this run"
            );
        }
        report
    }
}

async fn delete_batch(pool: &Pool, batch: i64) -> Result<u64, String> {
    let conn = pool.get().await.map_err(|e| e.to_string())?;
    let statement = conn
        .prepare_cached(FORGET_BATCH)
        .await
        .map_err(|e| e.to_string())?;
    conn.execute(&statement, &[&batch])
        .await
        .map_err(|e| e.to_string())
}

async fn cleanup_lag(pool: &Pool) -> Result<f64, String> {
    let conn = pool.get().await.map_err(|e| e.to_string())?;
    let row = conn
        .query_one(CLEANUP_LAG, &[])
        .await
        .map_err(|e| e.to_string())?;
    Ok(row.get::<_, f64>(0).max(0.0))
}

/// The rate limit for one submission: the client's address (through trusted proxies), then a
/// token from its bucket, or a 429.
pub async fn admit(
    peer: Option<SocketAddr>,
    headers: &HeaderMap,
    state: &AppState,
) -> Result<(), ApiError> {
    if !state.limiter.is_enabled() {
        return Ok(());
    }
    let forwarded_for = forwarded_for(headers);
    match client_ip(
        peer.map(|p| p.ip()),
        forwarded_for.as_deref(),
        &state.trusted_proxies,
    ) {
        Some(ip) => state
            .limiter
            .check(&state.pool, ip)
            .await
            .map_err(|retry_after| ApiError::RateLimited { retry_after }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn cidr_ranges_match_their_members_only() {
        let net: IpNet = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains(ip("10.1.200.3")));
        assert!(net.contains(ip("::ffff:10.1.0.9")));
        assert!(!net.contains(ip("10.2.0.1")));
        let v6: IpNet = "2001:db8::/32".parse().unwrap();
        assert!(v6.contains(ip("2001:db8:1::5")));
        assert!(!v6.contains(ip("10.1.0.1")));
        let all: IpNet = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("203.0.113.7")));
        assert!("10.0.0.0/33".parse::<IpNet>().is_err());
        assert!("example.com".parse::<IpNet>().is_err());
    }

    #[test]
    fn ipv6_clients_share_their_slash_64() {
        assert_eq!(
            limit_key(ip("2001:db8:0:1::1")),
            limit_key(ip("2001:db8:0:1::2"))
        );
        assert_ne!(
            limit_key(ip("2001:db8:0:1::1")),
            limit_key(ip("2001:db8:0:2::1"))
        );
        assert_eq!(limit_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
    }

    #[test]
    fn forwarded_for_is_ignored_unless_the_peer_is_trusted() {
        let trusted: Vec<IpNet> = vec!["127.0.0.1".parse().unwrap(), "10.0.0.0/8".parse().unwrap()];
        // An untrusted peer's header is a forgery opportunity: ignored.
        assert_eq!(
            client_ip(Some(ip("203.0.113.9")), Some("1.2.3.4"), &trusted),
            Some(ip("203.0.113.9"))
        );
        // Behind two trusted proxies: the right-most untrusted hop is the client.
        assert_eq!(
            client_ip(
                Some(ip("127.0.0.1")),
                Some("6.6.6.6, 198.51.100.4, 10.0.0.2"),
                &trusted
            ),
            Some(ip("198.51.100.4"))
        );
        // No header: the proxy itself.
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), None, &trusted),
            Some(ip("127.0.0.1"))
        );
        // Garbage stops the walk at the last good hop.
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), Some("nonsense, 10.0.0.3"), &trusted),
            Some(ip("10.0.0.3"))
        );
        // Every X-Forwarded-For line is one list, read from the right: a client's own line
        // ahead of the proxy's changes nothing.
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "6.6.6.6".parse().unwrap());
        headers.append("x-forwarded-for", "198.51.100.4, 10.0.0.2".parse().unwrap());
        let list = forwarded_for(&headers);
        assert_eq!(list.as_deref(), Some("6.6.6.6,198.51.100.4, 10.0.0.2"));
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), list.as_deref(), &trusted),
            Some(ip("198.51.100.4"))
        );
        // The client's line after the proxy's (the proxy appended its own line last).
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "1.1.1.1".parse().unwrap());
        headers.append("x-forwarded-for", "203.0.113.50".parse().unwrap());
        assert_eq!(
            client_ip(
                Some(ip("127.0.0.1")),
                forwarded_for(&headers).as_deref(),
                &trusted
            ),
            Some(ip("203.0.113.50"))
        );
        assert_eq!(forwarded_for(&HeaderMap::new()), None);
        // Nothing trusted: the peer, always.
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), Some("1.2.3.4"), &[]),
            Some(ip("127.0.0.1"))
        );
    }
}
