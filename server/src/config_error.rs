//! The one error of reading the configuration, apart from `config` so that every module that
//! reads its own variables (`mailer`, `staff::config`) can name it without importing the whole
//! `Config`, which imports them.

/// A variable is set but cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}
