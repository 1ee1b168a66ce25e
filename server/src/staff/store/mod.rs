//! The staff side's storage, one module per aggregate: each owns its SQL and returns core's
//! types, so handlers never see a row. (The audit chain's own store is `staff::audit`.)

pub mod applications;
pub mod documents;
pub mod staff_members;
