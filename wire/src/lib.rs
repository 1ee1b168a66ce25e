//! # banksia-wire
//!
//! What crosses HTTP between Banksia Bank's server and its site, and is not domain: the bodies
//! of the staff API ([`staff`]), of the applicant's status page ([`status_page`]) and of the
//! application API's answers ([`application`]). The server reads and writes them with serde;
//! the site types its calls with the TypeScript generated from them
//! (`wire/typescript/index.d.ts`, imported as `banksia-wire`), so neither side declares a shape
//! the other could disagree with.
//!
//! The domain's own types (statuses, roles, actions, the application and its reports) stay in
//! `banksia-core`; these bodies name them. Core depends on nothing here, so a team that takes
//! core for its rules takes no API with it.
//!
//! [`typescript`] (feature `typescript`) is the one generator of TypeScript declarations from
//! Rust types: this crate's file, and the WebAssembly packages' `.d.ts` (`wasm/build.rs`).
#![deny(missing_docs)]

pub mod application;
pub mod staff;
pub mod status_page;
#[cfg(feature = "typescript")]
pub mod typescript;
