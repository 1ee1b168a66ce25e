//! What the site owes its visitors in words, written once from core's own rules and figures:
//! each calculator's purpose, assumptions and limitations (ASIC's calculator instrument,
//! ASIC Corporations (Generic Calculators) Instrument 2016/207, is the model), the general
//! advice warning of the term deposit calculator, and the application's privacy collection
//! notice with the versions of the terms and the notice an applicant accepts.
//!
//! The assumptions are written from the constants the calculations use (the serviceability
//! buffer, the living expense floor, the income year's tax tables), so a change of rule changes
//! the words with it.
//!
//! ```
//! use banksia_core::disclosures::{calculator_disclosure, Calculator};
//! use chrono::NaiveDate;
//!
//! let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
//! let borrowing = calculator_disclosure(Calculator::BorrowingPower, today);
//! assert!(borrowing.assumptions.iter().any(|a| a.contains("2026-27")));
//! assert!(borrowing.assumptions.iter().any(|a| a.contains("$1,600 a month for one adult")));
//! assert!(calculator_disclosure(Calculator::TermDeposit, today).general_advice_warning.is_some());
//! assert!(calculator_disclosure(Calculator::HomeLoan, today).general_advice_warning.is_some());
//! ```

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::borrowing_power::{
    CARD_LIMIT_MONTHLY_PERCENT, FLOOR_ONE_ADULT, FLOOR_PER_DEPENDANT, FLOOR_TWO_ADULTS, IncomeYear,
    MEDICARE_LEVY_PERCENT, SERVICEABILITY_BUFFER_PERCENT,
};
use crate::money::format_aud;

/// The version of the terms and conditions an applicant accepts (shown on /terms).
pub const TERMS_VERSION: &str = "2026-11-06";
/// The version of the privacy collection notice the application shows.
pub const PRIVACY_NOTICE_VERSION: &str = "2026-11-26";

/// The calculators the site offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Calculator {
    /// The home loan repayment calculator.
    HomeLoan,
    /// The term deposit calculator.
    TermDeposit,
    /// How much could I borrow.
    BorrowingPower,
    /// The Key Facts Sheet generator.
    KeyFactsSheet,
    /// Stamp duty, the cash needed on the day and the offset account's savings.
    StampDuty,
}

/// What a calculator is for, what it assumes and what it cannot tell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct CalculatorDisclosure {
    /// Which calculator.
    pub calculator: Calculator,
    /// Its purpose, one sentence.
    pub purpose: String,
    /// What it assumes.
    pub assumptions: Vec<String>,
    /// What it cannot tell.
    pub limitations: Vec<String>,
    /// Not an offer of credit, not advice.
    pub not_advice: String,
    /// The general advice warning, for a calculator about our own product.
    pub general_advice_warning: Option<String>,
}

const NOT_ADVICE: &str = "The results are estimates for illustration only. They are not an offer \
of credit, a quote or financial advice, and they do not take into account your objectives, \
financial situation or needs.";

const GENERAL_ADVICE: &str = "General advice warning: this calculator is about a Banksia Bank \
product and any advice in it is general. It does not take into account your objectives, \
financial situation or needs. Before acting on it, consider whether it is appropriate for you, \
read the terms and conditions and the Target Market Determination, and consider getting \
independent advice.";

fn loan_assumptions() -> Vec<String> {
    vec![
        "Interest is charged and compounds at the repayment frequency: the annual rate divided by 12, 26 or 52.".to_owned(),
        "Each repayment is rounded up to the next cent, each period's interest to the nearest cent, and the last repayment clears the loan exactly; headline figures are shown in whole dollars.".to_owned(),
        "The rate stays the same for the whole term (or, for a fixed rate, the rates shown apply for their periods).".to_owned(),
        "Fees and charges are left out, as are government fees, stamp duty and lenders mortgage insurance.".to_owned(),
    ]
}

/// The disclosure of `calculator`; `today` picks the income year whose tax tables the borrowing
/// power calculator uses.
pub fn calculator_disclosure(calculator: Calculator, today: NaiveDate) -> CalculatorDisclosure {
    let (purpose, assumptions, limitations, general_advice_warning) = match calculator {
        Calculator::HomeLoan => (
            "Estimates the repayments, the interest and the total repaid on a home loan, and what changes with extra repayments, an interest-only period, a rate rise or another loan.",
            loan_assumptions(),
            vec![
                "Rates change: a variable rate can rise or fall during the loan.".to_owned(),
                "It does not say whether you could get the loan or afford it; the borrowing power calculator and a lender can.".to_owned(),
            ],
            // Its rate is our Variable Rate Home Loan's: a calculator about our own product.
            Some(GENERAL_ADVICE.to_owned()),
        ),
        Calculator::KeyFactsSheet => (
            "Works out a Key Facts Sheet for one of our standard home loans from the amount, the term and the repayment frequency you enter.",
            {
                let mut list = loan_assumptions();
                list.pop();
                list.push("The product's own fees are included in the total and in the comparison rate; government fees, stamp duty and lenders mortgage insurance are not.".to_owned());
                list
            },
            vec!["The figures are for the rates in effect today; a variable rate can change before or after the loan starts.".to_owned()],
            None,
        ),
        Calculator::TermDeposit => (
            "Estimates the interest a Banksia term deposit earns for the amount, term and interest payment option you choose.",
            vec![
                "The rate is fixed for the whole term and nothing is withdrawn early.".to_owned(),
                "Interest is simple interest on the deposit for each payment period, rounded to the cent; the reinvested figure compounds at the payment frequency.".to_owned(),
                "Tax and fees are left out.".to_owned(),
            ],
            vec!["Withdrawing before maturity needs 31 days' notice and reduces the interest paid, which it does not show.".to_owned()],
            Some(GENERAL_ADVICE.to_owned()),
        ),
        Calculator::BorrowingPower => {
            let year = IncomeYear::containing(today);
            (
                "Estimates how much you could borrow for a home loan from your income, living expenses and debts.",
                vec![
                    format!(
                        "Income tax at the resident rates of the {} income year, plus the Medicare levy of {}%; no offsets or other income.",
                        year.label(),
                        MEDICARE_LEVY_PERCENT.normalize()
                    ),
                    format!(
                        "Living expenses are the higher of what you enter and our floor: {} a month for one adult, {} for two, plus {} for each dependant.",
                        format_aud(FLOOR_ONE_ADULT, false),
                        format_aud(FLOOR_TWO_ADULTS, false),
                        format_aud(FLOOR_PER_DEPENDANT, false)
                    ),
                    format!(
                        "Repayments are tested at the rate plus a {} percentage point buffer, and each credit card limit counts as {}% of the limit a month.",
                        SERVICEABILITY_BUFFER_PERCENT.round_dp(2),
                        CARD_LIMIT_MONTHLY_PERCENT.normalize()
                    ),
                    "Monthly principal and interest repayments; the result is rounded down to the nearest $1,000. Fees are left out.".to_owned(),
                ],
                vec![
                    "When you apply we look at your full financial situation, your credit history and the property; the amount we can lend may be lower.".to_owned(),
                ],
                None,
            )
        }
        Calculator::StampDuty => (
            "Estimates the transfer (stamp) duty on buying a home in each state and territory, the concessions that may apply, the cash needed on the day with an indicative lenders mortgage insurance figure, and what an offset account saves on a home loan.",
            vec![
                "Duty is worked out on the price you enter, from the revenue office's published rates for the contract date, each table rounded its own way; the rates, their date and the page they come from are shown with the figure, and anything we couldn't confirm is said there.".to_owned(),
                "A concession is applied when your answers fit it; the conditions it has (living in the home for a time, never having owned property, the buyer's age and residency) are not checked.".to_owned(),
                "Lenders mortgage insurance is an estimate from Banksia's indicative table; the land titles office's fees and your conveyancer's costs are left out.".to_owned(),
                "The offset's savings assume the rate, the offset balance and the monthly addition stay as entered, with the repayment unchanged.".to_owned(),
            ],
            vec![
                "Foreign purchaser surcharges, premium duty and duty on the insurance premium are not included.".to_owned(),
                "The revenue office assesses the duty you pay, on the price or the market value, whichever is higher.".to_owned(),
            ],
            // The cash on the day and the offset are about our own home loans.
            Some(GENERAL_ADVICE.to_owned()),
        ),
    };
    CalculatorDisclosure {
        calculator,
        purpose: purpose.to_owned(),
        assumptions,
        limitations,
        not_advice: NOT_ADVICE.to_owned(),
        general_advice_warning,
    }
}

/// One part of the privacy collection notice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct NoticeSection {
    /// The question it answers: "Who is collecting your information".
    pub heading: String,
    /// The answer.
    pub text: String,
}

/// The privacy collection notice the application shows before it asks for personal information
/// (Privacy Act 1988, Australian Privacy Principle 5), and its version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct CollectionNotice {
    /// [`PRIVACY_NOTICE_VERSION`].
    pub version: String,
    /// [`TERMS_VERSION`]: the terms accepted with it.
    pub terms_version: String,
    /// What the application collects ([`WHAT_WE_COLLECT`]): shown on screen before the first
    /// personal field, the rest of the notice a tap away.
    pub collects: String,
    /// The parts of the notice, in order.
    pub sections: Vec<NoticeSection>,
}

/// What the application asks for, named in the notice before the first personal field.
pub const WHAT_WE_COLLECT: &str = "Your name, email, phone number, date of birth and home address; your employment and income; an identity document's number; your tax residency, any foreign tax identification numbers and, if you choose to give it, your tax file number. For a business account, also the business's names, ABN (and ACN for a company), registered address and what it does, and the full name, date of birth and home address of each of its owners and controllers.";

/// The collection notice. `bank` is the legal name, `phone` the number for access and complaints.
///
/// ```
/// use banksia_core::disclosures::{collection_notice, PRIVACY_NOTICE_VERSION};
///
/// let notice = collection_notice("Banksia Bank Limited", "13 22 65");
/// assert_eq!(notice.version, PRIVACY_NOTICE_VERSION);
/// assert!(notice.collects.contains("tax file number") && notice.collects.contains("owners and controllers"));
/// assert!(notice.sections.iter().any(|s| s.text.contains("Anti-Money Laundering and Counter-Terrorism Financing Act 2006")));
/// ```
pub fn collection_notice(bank: &str, phone: &str) -> CollectionNotice {
    let section = |heading: &str, text: String| NoticeSection {
        heading: heading.to_owned(),
        text,
    };
    CollectionNotice {
        version: PRIVACY_NOTICE_VERSION.to_owned(),
        terms_version: TERMS_VERSION.to_owned(),
        collects: WHAT_WE_COLLECT.to_owned(),
        sections: vec![
            section("Who is collecting your information", format!("{bank} collects the personal information you give in this application.")),
            section("Why we collect it", "To assess your application, to open and run your account, to contact you about it, and to meet our legal obligations.".to_owned()),
            section("The law that requires it", "The Anti-Money Laundering and Counter-Terrorism Financing Act 2006 requires us to verify your identity before we open an account; tax laws require your tax residency details.".to_owned()),
            section("If you don't provide it", "We can't open the account or process your application without it.".to_owned()),
            section("Who we share it with", "Identity verification services and credit reporting bodies where you apply for credit, our service providers (some of them overseas), and government bodies such as AUSTRAC and the ATO where the law requires.".to_owned()),
            section("Access, correction and complaints", format!("Our privacy policy explains how to see or correct your information and how to complain, and how we deal with a complaint. Call us on {phone}; if you're not satisfied, you can contact the Office of the Australian Information Commissioner.")),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_calculator_says_it_is_not_advice_and_states_its_assumptions() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap_or_default();
        for calculator in [
            Calculator::HomeLoan,
            Calculator::TermDeposit,
            Calculator::BorrowingPower,
            Calculator::KeyFactsSheet,
            Calculator::StampDuty,
        ] {
            let disclosure = calculator_disclosure(calculator, today);
            assert!(disclosure.not_advice.contains("not an offer of credit"));
            assert!(!disclosure.assumptions.is_empty() && !disclosure.limitations.is_empty());
        }
        let home = calculator_disclosure(Calculator::HomeLoan, today);
        assert!(
            home.assumptions
                .iter()
                .any(|a| a.contains("compounds at the repayment frequency"))
        );
        assert!(
            home.assumptions
                .iter()
                .any(|a| a.contains("Fees and charges are left out"))
        );
        let borrowing = calculator_disclosure(Calculator::BorrowingPower, today);
        assert!(
            borrowing
                .assumptions
                .iter()
                .any(|a| a.contains("3.00 percentage point buffer"))
        );
    }
}
