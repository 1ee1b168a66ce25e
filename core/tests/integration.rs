//! Core's integration tests: one module per file of this directory, all in this one test binary
//! (`autotests = false` in Cargo.toml), so core and its dependencies are linked once.
//!
//! Run one file's tests by its module: `cargo test -p banksia-core --test integration vectors::`.

mod comparison_rate;
mod exact;
mod postcodes;
mod properties;
mod registered_numbers;
mod stamp_duty_vectors;
mod vectors;
