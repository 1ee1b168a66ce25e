//! A home loan from the bank's catalog: its repayment, what it costs over the term, and the
//! comparison rate with its fees, for an amount and term given on the command line.
//!
//! ```text
//! cargo run -p banksia-core --example home_loan -- 600000 25
//! ```

use banksia_core::comparison_rate::comparison_rate;
use banksia_core::loan::{LoanTerms, schedule};
use banksia_core::money::format_aud;
use banksia_core::products::catalog;
use rust_decimal::Decimal;

fn main() {
    let mut args = std::env::args().skip(1);
    let amount: Decimal = args
        .next()
        .as_deref()
        .unwrap_or("500000")
        .parse()
        .expect("an amount in dollars");
    let years: u32 = args
        .next()
        .as_deref()
        .unwrap_or("30")
        .parse()
        .expect("a term in whole years");

    let products = catalog();
    let loan = products
        .loan("variable")
        .expect("the catalog has the variable rate home loan");
    let terms = LoanTerms::new(amount, loan.annual_rate_percent, years);
    let plan = schedule(&terms).expect("a loan the calculator accepts");
    let cost = comparison_rate(&loan.credit_terms(amount, years)).expect("a comparison rate");

    let aud = |amount: Decimal| format_aud(amount, true);
    println!(
        "{}: {} over {years} years at {}% p.a.",
        loan.name,
        format_aud(amount, false),
        loan.annual_rate_percent
    );
    println!("  monthly repayment  {}", aud(plan.repayment));
    println!("  total interest     {}", aud(plan.total_interest));
    println!("  total repaid       {}", aud(plan.total_repaid));
    println!(
        "  comparison rate    {}% p.a. (with the loan's fees)",
        cost.rate_percent
    );
}
