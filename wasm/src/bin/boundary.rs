//! Reads a JSON array of calls (`[{ "export": "repayment", "args": ["{...}"] }]`) on standard
//! input and prints the native answer of each, as a JSON array in the same order: the native
//! side of the differential test (`wasm/tests/differential.test.mjs`).

use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("read the calls from standard input");
    let calls: Vec<banksia_wasm::native::Call> =
        serde_json::from_str(&input).expect("a JSON array of calls");
    let answers: Vec<serde_json::Value> = calls.iter().map(banksia_wasm::native::answer).collect();
    println!(
        "{}",
        serde_json::to_string(&answers).expect("answers serialise")
    );
}
