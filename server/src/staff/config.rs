//! The staff side's settings (read with the rest of `Config`; see the table in `config.rs`).

use std::time::Duration;

use crate::config_error::ConfigError;
use crate::id_keys::IdKeys;

/// The staff side's settings.
#[derive(Debug, Clone)]
pub struct StaffConfig {
    /// `PUBLIC_ORIGIN`: the origin people reach the server at. The WebAuthn relying party (its
    /// host), the Origin every state-changing staff call must carry, and every link the server
    /// prints or emails come from it.
    pub public_origin: String,
    /// True when `PUBLIC_ORIGIN` was not set: the server then uses `http://localhost:` and the
    /// port it actually bound (which differs from `PORT` when that is 0).
    pub origin_is_default: bool,
    /// `STAFF_SESSION_IDLE_MINUTES` (15).
    pub session_idle: Duration,
    /// `STAFF_SESSION_ABSOLUTE_HOURS` (8).
    pub session_absolute: Duration,
    /// `STAFF_SIGN_IN_PER_MINUTE` (10): sign-in and registration attempts per client address.
    pub sign_in_per_minute: u32,
    /// `STAFF_REVEALS_PER_MINUTE` (10): identification number reveals per staff member.
    pub reveals_per_minute: u32,
    /// `ID_ENCRYPTION_KEYS`.
    pub id_keys: IdKeys,
    /// True when `ID_ENCRYPTION_KEYS` was not set and `ALLOW_DEVELOPMENT_ID_KEY=1` put the public
    /// development key in use (without that flag the server refuses to start).
    pub id_keys_are_development: bool,
    /// `RETENTION_DECLINED_DAYS` (730): declined and withdrawn applications' personal data.
    pub retention_declined: chrono::Duration,
    /// `RETENTION_APPROVED_DAYS` (2557, 7 years): approved applications' personal data.
    pub retention_approved: chrono::Duration,
}

impl StaffConfig {
    /// Reads the staff settings; `port` makes the default origin.
    pub fn from_vars(
        var: &impl Fn(&str) -> Option<String>,
        port: u16,
    ) -> Result<Self, ConfigError> {
        let number =
            |name: &str, default: u64| -> Result<u64, ConfigError> {
                match var(name) {
                    None => Ok(default),
                    Some(v) => v.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                        ConfigError(format!("{name}: `{v}` is not a positive number"))
                    }),
                }
            };
        let (public_origin, origin_is_default) = match var("PUBLIC_ORIGIN") {
            None => (format!("http://localhost:{port}"), true),
            Some(origin) => (check_origin(&origin)?, false),
        };
        // No silent fallback: without keys the server starts only when a development run says
        // so, so a production server never encrypts with the public key by omission.
        let allow_development = matches!(
            var("ALLOW_DEVELOPMENT_ID_KEY").as_deref().map(str::trim),
            Some("1" | "true" | "yes")
        );
        let (id_keys, id_keys_are_development) = match var("ID_ENCRYPTION_KEYS") {
            Some(list) => (IdKeys::parse(&list).map_err(ConfigError)?, false),
            None if allow_development => (IdKeys::development(), true),
            None => {
                return Err(ConfigError(
                    "ID_ENCRYPTION_KEYS is not set: give it id:base64key (a key from \
                     `openssl rand -base64 32`), or set ALLOW_DEVELOPMENT_ID_KEY=1 for a local \
                     run with the public development key"
                        .into(),
                ));
            }
        };
        let days = |name: &str, default: u64| -> Result<chrono::Duration, ConfigError> {
            Ok(chrono::Duration::days(number(name, default)? as i64))
        };
        Ok(Self {
            public_origin,
            origin_is_default,
            session_idle: Duration::from_secs(60 * number("STAFF_SESSION_IDLE_MINUTES", 15)?),
            session_absolute: Duration::from_secs(
                3600 * number("STAFF_SESSION_ABSOLUTE_HOURS", 8)?,
            ),
            sign_in_per_minute: number("STAFF_SIGN_IN_PER_MINUTE", 10)? as u32,
            reveals_per_minute: number("STAFF_REVEALS_PER_MINUTE", 10)? as u32,
            id_keys,
            id_keys_are_development,
            retention_declined: days("RETENTION_DECLINED_DAYS", 730)?,
            retention_approved: days("RETENTION_APPROVED_DAYS", 2557)?,
        })
    }

    /// The relying party id: the origin's host.
    pub fn rp_id(&self) -> &str {
        let rest = self
            .public_origin
            .split_once("://")
            .map_or(self.public_origin.as_str(), |(_, r)| r);
        rest.rsplit_once(':').map_or(rest, |(host, _)| host)
    }

    /// `PUBLIC_ORIGIN` followed by `path`.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_origin)
    }
}

/// `scheme://host[:port]`, nothing after; an IP address is refused (WebAuthn refuses them).
fn check_origin(origin: &str) -> Result<String, ConfigError> {
    let bad = |why: &str| ConfigError(format!("PUBLIC_ORIGIN: `{origin}` {why}"));
    let origin = origin.trim_end_matches('/');
    let (scheme, rest) = origin
        .split_once("://")
        .ok_or_else(|| bad("is not scheme://host[:port]"))?;
    if scheme != "https" && scheme != "http" {
        return Err(bad("must be http or https"));
    }
    if rest.is_empty() || rest.contains(['/', '?', '#', '@']) {
        return Err(bad("must be scheme://host[:port] with no path"));
    }
    let host = rest.rsplit_once(':').map_or(rest, |(h, _)| h);
    if host.parse::<std::net::IpAddr>().is_ok() || host.starts_with('[') {
        return Err(bad(
            "must name a host, not an IP address (WebAuthn refuses addresses)",
        ));
    }
    if scheme == "http" && host != "localhost" {
        return Err(bad("must be https unless the host is localhost"));
    }
    Ok(origin.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read(vars: &[(&str, &str)]) -> Result<StaffConfig, ConfigError> {
        let mut map: HashMap<&str, &str> = vars.iter().copied().collect();
        map.entry("ALLOW_DEVELOPMENT_ID_KEY").or_insert("1");
        StaffConfig::from_vars(&|n: &str| map.get(n).map(|v| (*v).to_owned()), 8080)
    }

    #[test]
    fn without_keys_only_an_explicit_development_run_starts() {
        let error = read(&[("ALLOW_DEVELOPMENT_ID_KEY", "")]).unwrap_err();
        assert!(
            error.0.contains("ID_ENCRYPTION_KEYS is not set"),
            "{}",
            error.0
        );
        assert!(read(&[("ALLOW_DEVELOPMENT_ID_KEY", "0")]).is_err());
        assert!(
            read(&[("ALLOW_DEVELOPMENT_ID_KEY", "1")])
                .unwrap()
                .id_keys_are_development
        );
        let key = format!("k1:{}", "A".repeat(43) + "=");
        let keyed = read(&[
            ("ALLOW_DEVELOPMENT_ID_KEY", ""),
            ("ID_ENCRYPTION_KEYS", &key),
        ])
        .unwrap();
        assert!(!keyed.id_keys_are_development);
    }

    #[test]
    fn defaults() {
        let c = read(&[]).unwrap();
        assert_eq!(c.public_origin, "http://localhost:8080");
        assert_eq!(c.rp_id(), "localhost");
        assert_eq!(c.session_idle, Duration::from_secs(900));
        assert_eq!(c.session_absolute, Duration::from_secs(8 * 3600));
        assert!(c.id_keys_are_development);
        assert_eq!(c.retention_declined, chrono::Duration::days(730));
        assert_eq!(c.retention_approved, chrono::Duration::days(2557));
        assert_eq!(c.link("/staff/"), "http://localhost:8080/staff/");
    }

    #[test]
    fn origins() {
        let c = read(&[("PUBLIC_ORIGIN", "https://bank.example:8443/")]).unwrap();
        assert_eq!(c.public_origin, "https://bank.example:8443");
        assert_eq!(c.rp_id(), "bank.example");
        for bad in [
            "bank.example",
            "http://bank.example",
            "https://127.0.0.1",
            "https://bank.example/path",
            "ftp://bank.example",
        ] {
            assert!(read(&[("PUBLIC_ORIGIN", bad)]).is_err(), "{bad}");
        }
        assert!(read(&[("STAFF_SESSION_IDLE_MINUTES", "0")]).is_err());
    }
}
