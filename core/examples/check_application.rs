//! Checks an account application the way the browser and the server do: reads its JSON body
//! from standard input (or a sample with mistakes when none is given) and prints each field's
//! problem, or the normalised record.
//!
//! ```text
//! echo '{"application_type":"savings"}' | cargo run -p banksia-core --example check_application
//! ```

use std::io::{IsTerminal, Read};

use banksia_core::application::{ApplicationInput, validate_application};
use chrono::NaiveDate;

const SAMPLE: &str = r#"{
  "application_type": "savings",
  "first_name": "Mia",
  "last_name": "Nguyen",
  "email": "mia@example",
  "phone": "0412 345 678",
  "date_of_birth": "2012-02-30"
}"#;

fn main() {
    let mut body = String::new();
    if !std::io::stdin().is_terminal() {
        std::io::stdin()
            .read_to_string(&mut body)
            .expect("standard input");
    }
    if body.trim().is_empty() {
        body = SAMPLE.to_owned();
    }
    let input: ApplicationInput = match serde_json::from_str(&body) {
        Ok(input) => input,
        Err(error) => {
            eprintln!("not an application body: {error}");
            std::process::exit(2);
        }
    };
    let today = NaiveDate::from_ymd_opt(2026, 11, 25).expect("a date");
    match validate_application(&input, today) {
        Ok(valid) => println!(
            "{}",
            serde_json::to_string_pretty(&valid.application).expect("JSON")
        ),
        Err(report) => {
            for (field, messages) in &report.errors {
                println!("{:<24} {}", field.as_str(), messages.join("; "));
            }
            std::process::exit(1);
        }
    }
}
