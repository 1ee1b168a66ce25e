//! Which connections are served: the process's file-descriptor limit raised as far as it may go
//! at start, then a cap on open connections in all and per client address, so one client
//! cannot take every socket the process may open.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::rate_limit::IpNet;

/// File descriptors kept out of the connection cap's reach: the database pool, the static
/// files being read, the mail worker's connection, the listener, logs.
pub const RESERVED_DESCRIPTORS: u64 = 256;
/// The global cap when the file limit allows more (or none is known).
pub const DEFAULT_MAX_CONNECTIONS: usize = 10_000;
/// The per-client cap: a browser opens about six connections, an office behind one NAT address
/// a few dozen people's worth.
pub const DEFAULT_MAX_CONNECTIONS_PER_IP: usize = 64;

/// Raises the soft `RLIMIT_NOFILE` to the hard limit (a process may do that without privilege)
/// and returns the soft limit now in force, or `None` if it cannot be read.
pub fn raise_file_limit() -> Option<u64> {
    let before = rlimit::getrlimit(rlimit::Resource::NOFILE).ok();
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(now) => {
            tracing::info!(
                soft_before = before.map(|(soft, _)| soft),
                soft = now,
                hard = before.map(|(_, hard)| hard),
                "file descriptor limit"
            );
            Some(now)
        }
        Err(err) => {
            tracing::warn!(error = %err, "cannot raise the file descriptor limit");
            before.map(|(soft, _)| soft)
        }
    }
}

/// The global cap for a file limit: what it leaves after the reserve, at most
/// [`DEFAULT_MAX_CONNECTIONS`], at least 16.
pub fn default_max_connections(file_limit: Option<u64>) -> usize {
    let cap = DEFAULT_MAX_CONNECTIONS as u64;
    let allowed = file_limit.map_or(cap, |limit| {
        limit.saturating_sub(RESERVED_DESCRIPTORS).min(cap)
    });
    usize::try_from(allowed)
        .unwrap_or(DEFAULT_MAX_CONNECTIONS)
        .max(16)
}

/// Why a connection was turned away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The server holds its maximum of connections.
    Full,
    /// This client address holds its maximum.
    ClientFull,
}

impl Refused {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Full => "server_full",
            Self::ClientFull => "client_full",
        }
    }
}

/// The connection caps. Connections from a trusted proxy count towards the global cap only:
/// behind a proxy every client shares its address.
#[derive(Debug)]
pub struct Admission {
    global: Arc<Semaphore>,
    max: usize,
    per_ip: usize,
    trusted_proxies: Vec<IpNet>,
    open: OpenByClient,
}

/// Open connections per client address.
type OpenByClient = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// Held for as long as a connection is open; its drop frees the places it took.
#[derive(Debug)]
pub struct Admitted {
    _global: OwnedSemaphorePermit,
    client: Option<(IpAddr, OpenByClient)>,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if let Some((ip, open)) = &self.client {
            let mut open = open
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(count) = open.get_mut(ip) {
                *count -= 1;
                if *count == 0 {
                    open.remove(ip);
                }
            }
        }
    }
}

impl Admission {
    pub fn new(max: usize, per_ip: usize, trusted_proxies: Vec<IpNet>) -> Self {
        Self {
            global: Arc::new(Semaphore::new(max)),
            max,
            per_ip,
            trusted_proxies,
            open: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    pub fn max(&self) -> usize {
        self.max
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.max - self.global.available_permits()
    }

    /// A place for a new connection from `peer`, or why there is none.
    pub fn admit(&self, peer: IpAddr) -> Result<Admitted, Refused> {
        let peer = match peer {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(peer, IpAddr::V4),
            v4 => v4,
        };
        let global = self
            .global
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refused::Full)?;
        if self.trusted_proxies.iter().any(|net| net.contains(peer)) {
            return Ok(Admitted {
                _global: global,
                client: None,
            });
        }
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(peer).or_insert(0);
        if *count >= self.per_ip {
            return Err(Refused::ClientFull);
        }
        *count += 1;
        Ok(Admitted {
            _global: global,
            client: Some((peer, self.open.clone())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn each_client_gets_its_share_and_places_come_back() {
        let admission = Admission::new(5, 2, vec!["10.0.0.1".parse().unwrap()]);
        let a1 = admission.admit(ip("192.0.2.1")).unwrap();
        let _a2 = admission.admit(ip("::ffff:192.0.2.1")).unwrap();
        assert_eq!(
            admission.admit(ip("192.0.2.1")).unwrap_err(),
            Refused::ClientFull
        );
        let _b = admission.admit(ip("192.0.2.2")).unwrap();
        drop(a1);
        let _a3 = admission.admit(ip("192.0.2.1")).unwrap();
        // A trusted proxy is held only to the global cap.
        let _p1 = admission.admit(ip("10.0.0.1")).unwrap();
        let p2 = admission.admit(ip("10.0.0.1")).unwrap();
        assert_eq!(admission.open(), 5);
        assert_eq!(admission.admit(ip("192.0.2.3")).unwrap_err(), Refused::Full);
        // A refusal for the client's share gives its global place back.
        drop(p2);
        assert_eq!(
            admission.admit(ip("192.0.2.1")).unwrap_err(),
            Refused::ClientFull
        );
        assert!(admission.admit(ip("192.0.2.3")).is_ok());
    }

    #[test]
    fn the_default_cap_leaves_the_reserve() {
        assert_eq!(default_max_connections(Some(1024)), 768);
        assert_eq!(
            default_max_connections(Some(1_048_576)),
            DEFAULT_MAX_CONNECTIONS
        );
        assert_eq!(default_max_connections(Some(100)), 16);
        assert_eq!(default_max_connections(None), DEFAULT_MAX_CONNECTIONS);
    }
}
