//! The wire crate's integration tests: one module per file of this directory, all in this one
//! test binary (`autotests = false` in Cargo.toml).
//!
//! Run one file's tests by its module: `cargo test -p banksia-wire --test integration typescript::`.

mod case_commands;
mod commands;
mod staff_commands;
mod typescript;
