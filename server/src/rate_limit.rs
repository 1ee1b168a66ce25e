//! Per-client rate limit on application submissions, and who the client is.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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

/// A token bucket per client: `per_minute` submissions at once, refilled evenly over a minute.
#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Past this many tracked clients, full buckets (clients idle for a minute) are forgotten.
const PRUNE_ABOVE: usize = 10_000;

impl RateLimiter {
    /// `per_minute == 0` turns the limit off.
    pub fn new(per_minute: u32) -> Self {
        Self {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    pub fn is_enabled(&self) -> bool {
        self.per_minute > 0
    }

    /// Takes one token for `ip`, or tells how long until one is available.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        self.check_at(ip, Instant::now())
    }

    pub fn check_at(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        if !self.is_enabled() {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, b| {
                b.tokens + now.saturating_duration_since(b.updated).as_secs_f64() * per_second
                    < capacity
            });
        }
        let bucket = buckets.entry(limit_key(ip)).or_insert(Bucket {
            tokens: capacity,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * per_second).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / per_second))
        }
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
        // Nothing trusted: the peer, always.
        assert_eq!(
            client_ip(Some(ip("127.0.0.1")), Some("1.2.3.4"), &[]),
            Some(ip("127.0.0.1"))
        );
    }

    #[test]
    fn bucket_allows_the_limit_then_refills_evenly() {
        let limiter = RateLimiter::new(3);
        let t0 = Instant::now();
        let a = ip("192.0.2.1");
        for _ in 0..3 {
            assert!(limiter.check_at(a, t0).is_ok());
        }
        let wait = limiter.check_at(a, t0).unwrap_err();
        assert!(
            wait > Duration::from_secs(19) && wait <= Duration::from_secs(20),
            "{wait:?}"
        );
        // Another client is unaffected.
        assert!(limiter.check_at(ip("192.0.2.2"), t0).is_ok());
        // One token back after 20 s (60 s / 3).
        assert!(limiter.check_at(a, t0 + Duration::from_secs(20)).is_ok());
        assert!(limiter.check_at(a, t0 + Duration::from_secs(20)).is_err());
    }

    #[test]
    fn ipv6_clients_share_their_slash_64() {
        let limiter = RateLimiter::new(1);
        let t0 = Instant::now();
        assert!(limiter.check_at(ip("2001:db8:0:1::1"), t0).is_ok());
        assert!(limiter.check_at(ip("2001:db8:0:1::2"), t0).is_err());
        assert!(limiter.check_at(ip("2001:db8:0:2::1"), t0).is_ok());
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = RateLimiter::new(0);
        let t0 = Instant::now();
        for _ in 0..1000 {
            assert!(limiter.check_at(ip("192.0.2.1"), t0).is_ok());
        }
    }
}
