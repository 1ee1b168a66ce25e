//! The server's integration tests: one module per file of this directory, all in this one test
//! binary (`autotests = false` in Cargo.toml). One binary links the server and its dependencies
//! once instead of once per file, and its tests share one PostgreSQL cluster (`common::CLUSTER`);
//! a test that stops or freezes PostgreSQL starts a cluster of its own.
//!
//! Run one file's tests by its module: `cargo test -p banksia-server --test integration chaos::`.

mod common;

mod answer_flood;
mod api;
mod binary;
mod chaos;
mod customer_details;
mod edge;
mod fuzz;
mod group_commit;
mod hardening;
mod information;
mod mail;
mod outage;
mod product_data;
mod schema;
mod site;
mod staff;
mod static_encoding;

/// A test file that is not declared in its crate's `tests/integration.rs` would never be compiled
/// or run, and nothing else would say so: Cargo no longer finds the files of `tests/` by itself,
/// here, in banksia-core or in banksia-wire.
#[test]
fn every_file_of_the_tests_directories_is_a_module_of_their_binary() {
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["core", "wire", "server"] {
        let dir = workspace.join(krate).join("tests");
        let root =
            std::fs::read_to_string(dir.join("integration.rs")).expect("read integration.rs");
        let declared: std::collections::BTreeSet<String> = root
            .lines()
            .filter_map(|line| line.strip_prefix("mod ")?.strip_suffix(';'))
            .map(str::to_owned)
            .collect();
        let mut on_disk = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(&dir).expect("read a tests directory") {
            let path = entry.expect("a directory entry").path();
            let module = if path.is_dir() && path.join("mod.rs").is_file() {
                path.file_name()
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                path.file_stem()
            } else {
                continue;
            };
            let module = module.and_then(|name| name.to_str()).expect("a UTF-8 name");
            if module != "integration" {
                on_disk.insert(module.to_owned());
            }
        }
        assert_eq!(
            on_disk, declared,
            "every .rs file (and mod.rs directory) of {krate}/tests is declared in its integration.rs"
        );
    }
}
