//! `typescript/index.d.ts` is what the types generate: the site's type check runs against it, so
//! a body renamed in Rust and not regenerated would pass the site and fail in production.
//! `UPDATE_TYPESCRIPT=1 cargo test -p banksia-wire --test integration typescript::` rewrites it.
#![cfg(feature = "typescript")]

use std::path::Path;

#[test]
fn the_checked_in_typescript_is_generated_from_these_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("typescript/index.d.ts");
    let generated = banksia_wire::typescript::wire_declarations();
    if std::env::var_os("UPDATE_TYPESCRIPT").is_some() {
        std::fs::write(&path, &generated).expect("write typescript/index.d.ts");
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "wire/typescript/index.d.ts is stale: run `UPDATE_TYPESCRIPT=1 cargo test -p banksia-wire --test integration typescript::`"
    );
}
