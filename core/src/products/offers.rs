//! Every product the bank offers, whole: what it is, who may have it, what it does, its limits,
//! its fees and its rates. The figures are the catalog's ([`Catalog`]); this module adds the
//! words and facts around them. A product is one offer, whatever its rates do: each rate carries
//! the days it applies ([`RatePeriod`]), so an announced change is today's rate with an end and
//! the new rate with a start (and the moment it was announced), never a second product or a
//! product that stops being offered.
//!
//! Published as the Consumer Data Right's product reference data by the server, which maps these
//! types to the standard's wire shapes; nothing here knows that format.
//!
//! ```
//! use banksia_core::products::{catalog, offers::{offers, ProductCategory}};
//!
//! let offers = offers(&catalog());
//! let term_deposit = offers.iter().find(|o| o.id == "term-deposit").unwrap();
//! assert_eq!(term_deposit.category, ProductCategory::TermDeposit);
//! // Every term, at every interest payment option it offers.
//! assert!(term_deposit.deposit_rates.iter().any(|r| r.term_months == Some(60)));
//! ```

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde::Serialize;

use super::{Catalog, DepositKind, DepositRate, LendingProduct, LoanKind, RateType};
use crate::application::AccountType;
use crate::application::today::{BANK_HOME_STATE, sydney_time, utc_offset_seconds};
use crate::term_deposit::InterestFrequency;

/// The moment (bank's home time) the words and facts around the catalog's figures were last
/// revised: every product's record changed then (a change to a figure is dated by the figure's
/// own day or announcement). Moved forward with every edit to this module's facts.
pub const TERMS_REVISED: (i32, u32, u32, u32, u32) = (2026, 12, 2, 10, 30);

/// The moment a Sydney civil time happens (daylight saving included).
pub fn sydney_moment(local: NaiveDateTime) -> DateTime<Utc> {
    // Sydney is 10 or 11 hours ahead; the offset 10 hours before the civil time read as UTC is
    // the offset in force then, except in the hour the clocks change.
    let near = local.and_utc() - Duration::hours(10);
    local.and_utc() - Duration::seconds(utc_offset_seconds(BANK_HOME_STATE, near))
}

fn revised_moment() -> DateTime<Utc> {
    let (year, month, day, hour, minute) = TERMS_REVISED;
    let local = NaiveDate::from_ymd_opt(year, month, day)
        .and_then(|day| day.and_hms_opt(hour, minute, 0))
        .unwrap_or_default();
    sydney_moment(local)
}

/// The interest payment options a fixed-term deposit of `kind` offers on a term of
/// `term_months`: a term deposit's are the calculator's ([`InterestFrequency::offered_for`]); a
/// certificate of deposit pays at maturity only; savings pay monthly.
///
/// ```
/// use banksia_core::products::DepositKind;
/// use banksia_core::products::offers::{interest_paid_options, InterestPaid};
///
/// assert_eq!(interest_paid_options(DepositKind::CertificateOfDeposit, 12), vec![InterestPaid::AtMaturity]);
/// assert!(interest_paid_options(DepositKind::TermDeposit, 12).contains(&InterestPaid::EveryMonths(3)));
/// ```
pub fn interest_paid_options(kind: DepositKind, term_months: u32) -> Vec<InterestPaid> {
    match kind {
        DepositKind::Savings => vec![InterestPaid::EveryMonths(1)],
        DepositKind::CertificateOfDeposit => vec![InterestPaid::AtMaturity],
        DepositKind::TermDeposit => InterestFrequency::offered_for(term_months)
            .into_iter()
            .map(|frequency| {
                frequency
                    .months_between_payments()
                    .map_or(InterestPaid::AtMaturity, InterestPaid::EveryMonths)
            })
            .collect(),
    }
}

/// The account type the online application opens for a catalog product, if it opens it: the
/// wizard's step 1 offers these four accounts (spec section 2), every other product is opened
/// with a person.
pub fn online_application(product_id: &str) -> Option<AccountType> {
    match product_id {
        "essential" => Some(AccountType::Checking),
        "high-yield" => Some(AccountType::Savings),
        "business" => Some(AccountType::BusinessChecking),
        "business-savings" => Some(AccountType::BusinessSavings),
        _ => None,
    }
}

/// What kind of product it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ProductCategory {
    /// An everyday transaction account.
    TransactionAccount,
    /// An at-call savings account.
    SavingsAccount,
    /// A fixed term deposit (term deposits and certificates of deposit).
    TermDeposit,
    /// A credit card.
    CreditCard,
    /// A home loan, secured by residential property.
    HomeLoan,
    /// A personal loan.
    PersonalLoan,
    /// A car loan (a personal loan secured by the car).
    CarLoan,
}

/// Whom the product is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Customer {
    /// People, in their own names.
    Personal,
    /// Sole traders, partnerships and companies.
    Business,
}

/// Who may have the product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Eligibility {
    /// Aged at least this many years.
    MinimumAge(u32),
    /// An Australian citizen or permanent resident.
    AustralianResident,
    /// A person, not a company or trust.
    NaturalPerson,
    /// A business with an Australian Business Number.
    Business,
    /// A regular income from work, a business or a pension.
    RegularIncome,
    /// Buying a first home.
    FirstHomeBuyer,
    /// Living in the home the loan buys.
    OwnerOccupier,
    /// A deposit or equity of at least this percentage of the property's value.
    MinimumDepositPercent(u32),
    /// Anything else, in words.
    Other(&'static str),
}

impl Eligibility {
    /// The condition in words.
    pub fn describe(&self) -> String {
        match self {
            Self::MinimumAge(years) => format!("Aged {years} or over"),
            Self::AustralianResident => "Australian citizen or permanent resident".into(),
            Self::NaturalPerson => "Individuals, in their own name".into(),
            Self::Business => {
                "A business with an ABN (sole traders, partnerships, companies)".into()
            }
            Self::RegularIncome => "A regular income".into(),
            Self::FirstHomeBuyer => "Buying your first home".into(),
            Self::OwnerOccupier => "Owner occupiers: you live in the home".into(),
            Self::MinimumDepositPercent(percent) => {
                format!("A deposit or equity of at least {percent}% of the property's value")
            }
            Self::Other(what) => (*what).to_owned(),
        }
    }
}

/// What the product does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    /// A card for purchases and ATM withdrawals.
    CardAccess(&'static str),
    /// Apple Pay, Google Pay and Samsung Pay.
    DigitalWallet,
    /// Online and app banking.
    DigitalBanking,
    /// PayID and instant payments (NPP).
    PayId,
    /// BPAY bill payments.
    BillPayment,
    /// This many free transactions a month (a count, not a dollar allowance).
    FreeTransactions(u32),
    /// As many free transactions as you like.
    UnlimitedTransactions,
    /// Up to this many cardholders on one account.
    AdditionalCards(u32),
    /// Extra repayments, up to this many dollars a year (`None`: no limit).
    ExtraRepayments(Option<Decimal>),
    /// Redraw of extra repayments, free.
    Redraw,
    /// A 100% offset account.
    Offset,
    /// Up to this many days interest free on purchases.
    InterestFreeDays(u32),
    /// A deposit from this percentage of the property's value (a home loan's LVR ceiling).
    DepositFromPercent(u32),
    /// The rate can be fixed for 1 year up to this many.
    FixedForUpToYears(u32),
    /// Insurance included.
    Insurance(&'static str),
    /// Anything else, in words.
    Other(&'static str),
}

impl Feature {
    /// The feature in words, as the site lists it and the product data's `additionalInfo` says it.
    pub fn describe(&self) -> String {
        match self {
            Self::CardAccess(card) => (*card).to_owned(),
            Self::DigitalWallet => "Apple Pay, Google Pay and Samsung Pay".into(),
            Self::DigitalBanking => "Online banking and the Banksia app".into(),
            Self::PayId => "PayID and instant payments".into(),
            Self::BillPayment => "Pay bills with BPAY".into(),
            Self::FreeTransactions(count) => format!("{count} free transactions a month"),
            Self::UnlimitedTransactions => "Unlimited free transactions".into(),
            Self::AdditionalCards(count) => format!("Up to {count} cardholders on one account"),
            Self::ExtraRepayments(None) => "Extra repayments at no cost".into(),
            Self::ExtraRepayments(Some(limit)) => format!(
                "Extra repayments up to {} a year",
                crate::money::format_aud(*limit, false)
            ),
            Self::Redraw => "Free redraw".into(),
            Self::Offset => "100% offset account".into(),
            Self::InterestFreeDays(days) => {
                format!("Up to {days} days interest free on purchases")
            }
            Self::DepositFromPercent(percent) => format!("Deposit from {percent}%"),
            Self::FixedForUpToYears(years) => format!("Rate fixed for 1 to {years} years"),
            Self::Insurance(what) | Self::Other(what) => (*what).to_owned(),
        }
    }
}

/// A limit of the product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Constraint {
    /// The balance to keep, dollars.
    MinimumBalance(Decimal),
    /// The smallest opening deposit, dollars.
    OpeningBalance(Decimal),
    /// The smallest amount lent, dollars.
    MinimumLoan(Decimal),
    /// The largest amount lent, dollars.
    MaximumLoan(Decimal),
    /// The highest loan-to-value ratio, percent.
    MaximumLvr(u32),
    /// The loan's term, years.
    TermYears {
        /// Shortest.
        min: u32,
        /// Longest.
        max: u32,
    },
}

/// When a fee is charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FeeKind {
    /// Once, when the loan is drawn.
    Establishment,
    /// Every month.
    Monthly,
    /// Every year.
    Annual,
    /// Once, when the loan is repaid.
    Discharge,
    /// When a payment is this many days late (a card's minimum repayment after its due date).
    LatePayment {
        /// Days after the due date.
        days_late: u32,
    },
}

/// A fee and when it is charged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct Fee {
    /// The fee's name.
    pub name: String,
    /// When it is charged.
    pub kind: FeeKind,
    /// Dollars.
    pub amount: Decimal,
    /// The daily balance from which the fee is waived, if any.
    pub waived_from_balance: Option<Decimal>,
}

/// How a deposit rate applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DepositRateKind {
    /// The bank may change it.
    Variable,
    /// Fixed for the term.
    Fixed,
}

/// When deposit interest is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InterestPaid {
    /// Every this many months.
    EveryMonths(u32),
    /// At the end of the term.
    AtMaturity,
}

/// A deposit rate on offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct DepositRateOffer {
    /// Variable or fixed.
    pub kind: DepositRateKind,
    /// Percent a year.
    pub annual_rate_percent: Decimal,
    /// The term, for fixed terms.
    pub term_months: Option<u32>,
    /// The balance or deposit from which the rate applies, dollars.
    pub minimum_balance: Decimal,
    /// When interest is paid.
    pub paid: InterestPaid,
    /// The days the rate applies.
    pub period: RatePeriod,
}

/// The days a rate applies, and when it was announced if ahead of its first day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct RatePeriod {
    /// The first day it applies (the bank's date).
    pub from: NaiveDate,
    /// The first day it no longer applies, when a change is announced.
    pub until: Option<NaiveDate>,
    /// When a rate announced ahead of its first day was announced.
    pub announced: Option<DateTime<Utc>>,
}

impl RatePeriod {
    /// A rate in force since `from`, with no change announced.
    pub const fn since(from: NaiveDate) -> Self {
        Self {
            from,
            until: None,
            announced: None,
        }
    }

    /// Whether the rate applies on `day`.
    pub fn applies_on(&self, day: NaiveDate) -> bool {
        self.from <= day && self.until.is_none_or(|until| day < until)
    }

    /// Whether, at `now`, the rate is published: in force, or announced and still to come.
    pub fn is_published_at(&self, now: DateTime<Utc>) -> bool {
        let today = sydney_time(now).date();
        self.until.is_none_or(|until| today < until)
            && self.announced.is_none_or(|announced| announced <= now)
    }
}

/// How a lending rate applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LendingRateKind {
    /// The bank may change it.
    Variable,
    /// Fixed for a period or the whole loan.
    Fixed,
    /// A card's purchase rate.
    Purchase,
    /// A card's cash advance rate.
    CashAdvance,
    /// The variable rate a fixed rate reverts to at the end of its fixed period.
    Revert,
}

/// What a loan may be used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LoanPurpose {
    /// A home the borrower lives in.
    OwnerOccupied,
    /// Any personal purpose.
    Personal,
}

/// A lending rate on offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct LendingRateOffer {
    /// Variable, fixed or a card's purchase rate.
    pub kind: LendingRateKind,
    /// Percent a year.
    pub annual_rate_percent: Decimal,
    /// The comparison rate, percent a year (loans; a card has none).
    pub comparison_rate_percent: Option<Decimal>,
    /// The years the rate is fixed for, when fixed for part of the loan.
    pub fixed_years: Option<u32>,
    /// What the loan may be used for.
    pub purpose: LoanPurpose,
    /// The Code's example the comparison rate is worked out on, in words.
    pub comparison_basis: Option<String>,
    /// The days the rate applies.
    pub period: RatePeriod,
}

/// The site's pages about a product, as paths from the site's root.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct ProductPages {
    /// The product's page.
    pub overview: &'static str,
    /// Its Target Market Determination, if it has one.
    pub target_market: Option<String>,
    /// Every rate and fee.
    pub fees_and_pricing: &'static str,
    /// The terms and conditions.
    pub terms: &'static str,
    /// Where to apply online, if one can: a page that opens this very product.
    pub apply: Option<String>,
    /// The Key Facts Sheet, for standard home loans.
    pub key_facts_sheet: Option<&'static str>,
}

/// One product, with every rate it has, has announced or will have.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct ProductOffer {
    /// Stable id.
    pub id: String,
    /// The product's name.
    pub name: String,
    /// What it is, in a sentence.
    pub description: String,
    /// What kind of product it is.
    pub category: ProductCategory,
    /// Whom it is for.
    pub customer: Customer,
    /// The first day the catalog has it on offer (its earliest rate), if it has a date for it.
    pub offered_from: Option<NaiveDate>,
    /// The first day it is no longer offered, when its withdrawal is announced.
    pub withdrawn_from: Option<NaiveDate>,
    /// Every moment its published record changes: each rate's first day (the bank's midnight),
    /// each announcement, and the revision of its words ([`TERMS_REVISED`]).
    pub changes: Vec<DateTime<Utc>>,
    /// The site's pages about it.
    pub pages: ProductPages,
    /// Who may have it.
    pub eligibility: Vec<Eligibility>,
    /// What it does.
    pub features: Vec<Feature>,
    /// Its limits.
    pub constraints: Vec<Constraint>,
    /// Its fees.
    pub fees: Vec<Fee>,
    /// Its deposit rates.
    pub deposit_rates: Vec<DepositRateOffer>,
    /// Its lending rates.
    pub lending_rates: Vec<LendingRateOffer>,
}

impl ProductOffer {
    /// Whether it is offered on `day`.
    pub fn is_current_on(&self, day: NaiveDate) -> bool {
        self.offered_from.is_none_or(|from| from <= day)
            && self.withdrawn_from.is_none_or(|to| day < to)
    }

    /// Whether it is offered only from a day after `day`.
    pub fn is_future_on(&self, day: NaiveDate) -> bool {
        self.offered_from.is_some_and(|from| from > day)
    }

    /// The last moment up to `now` its record changed (its first, if all are later).
    pub fn last_updated(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        let past = self.changes.iter().filter(|moment| **moment <= now).max();
        past.or_else(|| self.changes.iter().min())
            .copied()
            .unwrap_or(now)
    }

    /// The product as published at `now`: the rates in force and those announced by then and
    /// still to come; rates that have ended and announcements not yet made are left out.
    pub fn published_at(&self, now: DateTime<Utc>) -> ProductOffer {
        let mut offer = self.clone();
        offer
            .deposit_rates
            .retain(|rate| rate.period.is_published_at(now));
        offer
            .lending_rates
            .retain(|rate| rate.period.is_published_at(now));
        offer
    }
}

fn tmd(id: &str) -> Option<String> {
    Some(format!("/target-market/{id}"))
}

fn pages(overview: &'static str, target_market: Option<String>) -> ProductPages {
    ProductPages {
        overview,
        target_market,
        fees_and_pricing: "/rates",
        terms: "/terms",
        apply: None,
        key_facts_sheet: None,
    }
}

/// One product's terms as a catalog has them.
struct Draft {
    id: String,
    name: String,
    description: String,
    category: ProductCategory,
    customer: Customer,
    pages: ProductPages,
    eligibility: Vec<Eligibility>,
    features: Vec<Feature>,
    constraints: Vec<Constraint>,
    fees: Vec<Fee>,
    deposit_rates: Vec<DepositRateOffer>,
    lending_rates: Vec<LendingRateOffer>,
    /// The first day the catalog has it on offer.
    offered_from: Option<NaiveDate>,
}

/// The earliest day of a rate history (newest first).
fn first_day(history: &[super::RateChange]) -> Option<NaiveDate> {
    history.last().map(|change| change.effective_from)
}

/// The online application of a product the wizard opens, with the product chosen.
fn apply_page(product_id: &str) -> Option<String> {
    online_application(product_id)
        .map(|account| format!("/apply/account?account={}", account.as_str()))
}

fn fee(name: &str, kind: FeeKind, amount: Decimal) -> Option<Fee> {
    (amount > Decimal::ZERO).then(|| Fee {
        name: name.to_owned(),
        kind,
        amount,
        waived_from_balance: None,
    })
}

fn account_drafts(catalog: &Catalog) -> Vec<Draft> {
    let mut drafts = Vec::new();
    for account in &catalog.accounts {
        let (name, description, customer, overview, features): (_, _, _, _, Vec<Feature>) =
            match account.id.as_str() {
                "essential" => (
                    "Essential Checking",
                    "An everyday account with no monthly fees and nothing to keep in it.",
                    Customer::Personal,
                    "/checking",
                    vec![
                        Feature::CardAccess("Visa Debit card"),
                        Feature::DigitalWallet,
                        Feature::UnlimitedTransactions,
                        Feature::Other("Free withdrawals at network ATMs"),
                        Feature::PayId,
                        Feature::DigitalBanking,
                    ],
                ),
                "premium" => (
                    "Premium Checking",
                    "More from your everyday account, with the fee waived when you keep a healthy balance.",
                    Customer::Personal,
                    "/checking",
                    vec![
                        Feature::CardAccess("Visa Debit card"),
                        Feature::DigitalWallet,
                        Feature::Other("No overseas transaction fees on card purchases"),
                        Feature::Other("Priority phone support"),
                        Feature::Other("Linked savings sweep to cover shortfalls"),
                        Feature::Other("Free international transfers each month"),
                        Feature::DigitalBanking,
                    ],
                ),
                "business" => (
                    "Business Checking",
                    "A transaction account built for sole traders and small businesses.",
                    Customer::Business,
                    "/business",
                    vec![
                        Feature::FreeTransactions(BUSINESS_FREE_TRANSACTIONS),
                        Feature::AdditionalCards(5),
                        Feature::Other("Connects to popular accounting software"),
                        Feature::PayId,
                        Feature::BillPayment,
                        Feature::DigitalBanking,
                    ],
                ),
                _ => continue,
            };
        let mut eligibility = vec![Eligibility::AustralianResident];
        match customer {
            Customer::Personal => {
                eligibility.push(Eligibility::NaturalPerson);
                eligibility.push(Eligibility::MinimumAge(18));
            }
            Customer::Business => eligibility.push(Eligibility::Business),
        }
        let mut fees = Vec::new();
        if let Some(mut monthly) = fee("Monthly account fee", FeeKind::Monthly, account.monthly_fee)
        {
            monthly.waived_from_balance = account.fee_waived_from_balance;
            fees.push(monthly);
        }
        // A fee waived from a daily balance at or below the account's minimum could never be
        // charged if that minimum had to be kept: such a minimum is the deposit the account is
        // opened with (Premium Checking: open with $2,500, the fee applies in a month the
        // balance falls below it).
        let opening_only = account
            .fee_waived_from_balance
            .is_some_and(|waived| waived <= account.minimum_balance);
        let constraints = match (account.minimum_balance > Decimal::ZERO, opening_only) {
            (false, _) => Vec::new(),
            (true, true) => vec![Constraint::OpeningBalance(account.minimum_balance)],
            (true, false) => vec![Constraint::MinimumBalance(account.minimum_balance)],
        };
        drafts.push(Draft {
            id: account.id.clone(),
            name: name.to_owned(),
            description: description.to_owned(),
            category: ProductCategory::TransactionAccount,
            customer,
            pages: ProductPages {
                apply: apply_page(&account.id),
                ..pages(overview, tmd(&account.id))
            },
            eligibility,
            features,
            constraints,
            fees,
            deposit_rates: Vec::new(),
            lending_rates: Vec::new(),
            offered_from: None,
        });
    }
    drafts
}

/// The oldest used car financed, in the Used Car Loan's words (its description and a feature).
const USED_CAR_DESCRIPTION: &str = "Finance a used car up to 10 years old.";
const USED_CAR_AGE: &str = "Cars up to 10 years old";

/// Business Checking's allowance of free transactions a month.
pub const BUSINESS_FREE_TRANSACTIONS: u32 = 200;

fn savings_draft(rate: &DepositRate) -> Option<Draft> {
    let (id, name, description, customer, overview, features, target_market) = match rate
        .id
        .as_str()
    {
        "high-yield" => (
            "high-yield",
            "High Yield Savings",
            "A strong ongoing rate on your savings with access whenever you need it.",
            Customer::Personal,
            "/savings",
            vec![
                Feature::Other("Interest calculated daily, paid monthly"),
                Feature::Other("No account keeping fees"),
                Feature::Other("Unlimited free transfers to your Banksia accounts"),
                Feature::DigitalBanking,
            ],
            tmd("high-yield"),
        ),
        "goal" => (
            "goal",
            "Goal Saver",
            "Name a goal, set a target date and watch your progress in the app.",
            Customer::Personal,
            "/savings",
            vec![
                Feature::Other("Up to 10 named goals"),
                Feature::Other("Automatic transfers on payday"),
                Feature::Other("Progress tracking in the Banksia app"),
                Feature::DigitalBanking,
            ],
            tmd("goal"),
        ),
        "business-savings" => (
            "business-savings",
            "Business Savings",
            "Keep money for tax, payroll and the quiet months apart from your everyday account, earning interest.",
            Customer::Business,
            "/business",
            vec![
                Feature::Other("Interest calculated daily and paid monthly"),
                Feature::Other("Instant transfers to and from Business Checking"),
                Feature::Other("Set aside a share of each deposit automatically for GST and tax"),
                Feature::DigitalBanking,
            ],
            tmd("business-savings"),
        ),
        _ => return None,
    };
    let eligibility = match customer {
        Customer::Personal => vec![
            Eligibility::AustralianResident,
            Eligibility::NaturalPerson,
            Eligibility::MinimumAge(18),
        ],
        Customer::Business => vec![Eligibility::AustralianResident, Eligibility::Business],
    };
    let constraints = if rate.minimum > Decimal::ZERO {
        vec![Constraint::MinimumBalance(rate.minimum)]
    } else {
        Vec::new()
    };
    Some(Draft {
        id: id.to_owned(),
        name: name.to_owned(),
        description: description.to_owned(),
        category: ProductCategory::SavingsAccount,
        customer,
        pages: ProductPages {
            apply: apply_page(id),
            ..pages(overview, target_market)
        },
        eligibility,
        features,
        constraints,
        fees: Vec::new(),
        deposit_rates: vec![DepositRateOffer {
            kind: DepositRateKind::Variable,
            annual_rate_percent: rate.annual_rate_percent,
            term_months: None,
            minimum_balance: rate.minimum,
            paid: InterestPaid::EveryMonths(1),
            period: RatePeriod::since(rate.effective_from),
        }],
        lending_rates: Vec::new(),
        offered_from: first_day(&rate.history),
    })
}

fn fixed_term_draft(
    id: &'static str,
    name: &str,
    description: &'static str,
    overview: &'static str,
    terms: &[DepositRate],
    features: Vec<Feature>,
) -> Draft {
    // Each term at each payment option the product itself offers.
    let deposit_rates = terms
        .iter()
        .flat_map(|term| {
            let months = term.term_months.unwrap_or(0);
            interest_paid_options(term.kind, months)
                .into_iter()
                .map(move |paid| DepositRateOffer {
                    kind: DepositRateKind::Fixed,
                    annual_rate_percent: term.annual_rate_percent,
                    term_months: term.term_months,
                    minimum_balance: term.minimum,
                    paid,
                    period: RatePeriod::since(term.effective_from),
                })
        })
        .collect();
    let opening = terms
        .iter()
        .map(|t| t.minimum)
        .min()
        .unwrap_or(Decimal::ZERO);
    Draft {
        id: id.to_owned(),
        name: name.to_owned(),
        description: description.to_owned(),
        category: ProductCategory::TermDeposit,
        customer: Customer::Personal,
        pages: pages(overview, tmd(id)),
        eligibility: vec![Eligibility::AustralianResident, Eligibility::MinimumAge(18)],
        features,
        constraints: vec![Constraint::OpeningBalance(opening)],
        fees: Vec::new(),
        deposit_rates,
        lending_rates: Vec::new(),
        offered_from: terms.iter().filter_map(|t| first_day(&t.history)).min(),
    }
}

fn card_drafts(catalog: &Catalog) -> Vec<Draft> {
    catalog
        .credit_cards
        .iter()
        .filter_map(|card| {
            let (id, name, description, features) = match card.id.as_str() {
                "everyday" => (
                    "everyday",
                    "Everyday Card",
                    "A simple card with no annual fee.",
                    vec![
                        Feature::InterestFreeDays(55),
                        Feature::Other("Instant card lock in the app"),
                        Feature::DigitalWallet,
                    ],
                ),
                "premium-travel" => (
                    "premium-travel",
                    "Premium Travel Card",
                    "Points on every purchase and no foreign transaction fees.",
                    vec![
                        Feature::InterestFreeDays(55),
                        Feature::Other("No foreign transaction fees"),
                        Feature::Insurance("Complimentary overseas travel insurance"),
                        Feature::Other("Two airport lounge passes a year"),
                        Feature::DigitalWallet,
                    ],
                ),
                _ => return None,
            };
            Some(Draft {
                id: id.to_owned(),
                name: name.to_owned(),
                description: description.to_owned(),
                category: ProductCategory::CreditCard,
                customer: Customer::Personal,
                pages: pages("/credit-cards", tmd(id)),
                eligibility: lending_eligibility(),
                features,
                constraints: vec![
                    Constraint::MinimumLoan(card.min_credit_limit),
                    Constraint::MaximumLoan(card.max_credit_limit),
                ],
                fees: [
                    fee("Annual fee", FeeKind::Annual, card.annual_fee),
                    fee(
                        "Late payment fee",
                        FeeKind::LatePayment { days_late: 1 },
                        card.late_payment_fee,
                    ),
                ]
                .into_iter()
                .flatten()
                .collect(),
                deposit_rates: Vec::new(),
                lending_rates: [
                    (LendingRateKind::Purchase, card.annual_rate_percent),
                    (LendingRateKind::CashAdvance, card.cash_advance_rate_percent),
                ]
                .into_iter()
                .map(|(kind, annual_rate_percent)| LendingRateOffer {
                    kind,
                    annual_rate_percent,
                    comparison_rate_percent: None,
                    fixed_years: None,
                    purpose: LoanPurpose::Personal,
                    comparison_basis: None,
                    period: RatePeriod::since(card.effective_from),
                })
                .collect(),
                offered_from: first_day(&card.history),
            })
        })
        .collect()
}

fn lending_eligibility() -> Vec<Eligibility> {
    vec![
        Eligibility::AustralianResident,
        Eligibility::NaturalPerson,
        Eligibility::MinimumAge(18),
        Eligibility::RegularIncome,
    ]
}

fn loan_draft(loan: &LendingProduct) -> Option<Draft> {
    let (id, description, features): (&'static str, &'static str, Vec<Feature>) = match loan
        .id
        .as_str()
    {
        "basic-variable" => (
            "basic-variable",
            "A discounted variable rate with free redraw and no ongoing fees beyond a small monthly service fee.",
            vec![
                Feature::Redraw,
                Feature::ExtraRepayments(None),
                Feature::DigitalBanking,
            ],
        ),
        "variable" => (
            "variable",
            "Flexibility to pay extra, redraw and use an offset account as your situation changes.",
            vec![
                Feature::ExtraRepayments(None),
                Feature::Redraw,
                Feature::Offset,
                Feature::Other("Split with a fixed portion any time"),
            ],
        ),
        "fixed" => (
            "fixed",
            "Lock in your repayments for up to {fixed} years and budget with certainty.",
            vec![
                Feature::ExtraRepayments(Some(Decimal::from(10_000))),
                Feature::Other("Rate lock available at application"),
            ],
        ),
        "first-home" => (
            "first-home",
            "Into your first home sooner, with a deposit from {deposit}%.",
            vec![
                Feature::Other("Help with government first home buyer schemes"),
                Feature::Other("A dedicated lending specialist"),
            ],
        ),
        "quick" => (
            "quick",
            "Unsecured funds for a holiday, a wedding or consolidating debts, often paid out the same day.",
            vec![
                Feature::Other("Fixed rate for the life of the loan"),
                Feature::Other("No early repayment fees"),
                Feature::Other("Decision in minutes"),
            ],
        ),
        "secured" => (
            "secured",
            "A lower rate when you offer an asset, such as a vehicle, as security.",
            vec![
                Feature::Other("Lower fixed rate"),
                Feature::ExtraRepayments(None),
            ],
        ),
        "new" => (
            "new",
            "Finance a new car from a dealer or a private seller.",
            vec![
                Feature::Other("Pre-approval so you can negotiate like a cash buyer"),
                Feature::Other("No early payout fees"),
            ],
        ),
        "used" => (
            "used",
            USED_CAR_DESCRIPTION,
            vec![
                Feature::Other(USED_CAR_AGE),
                Feature::Other("Dealer or private sale"),
            ],
        ),
        "green" => (
            "green",
            "Our lowest rate, for electric and eligible hybrid vehicles.",
            vec![
                Feature::Other("Electric and eligible hybrid vehicles"),
                Feature::Other("Home charger can be included"),
            ],
        ),
        _ => return None,
    };
    // The figures in a loan's words are its terms': the fixed period, the deposit its LVR leaves.
    // `{fixed}` and `{deposit}` in a description stand for those figures.
    let mut features = features;
    let mut description = description.to_owned();
    if let Some(fixed) = &loan.fixed_period {
        features.insert(0, Feature::FixedForUpToYears(fixed.years));
        description = description.replace("{fixed}", &fixed.years.to_string());
    }
    if let Some(lvr) = loan.max_lvr_percent.filter(|_| id == "first-home") {
        let deposit = 100 - lvr.min(100);
        features.insert(0, Feature::DepositFromPercent(deposit));
        description = description.replace("{deposit}", &deposit.to_string());
    }

    let (category, overview, purpose) = match loan.kind {
        LoanKind::Home => (
            ProductCategory::HomeLoan,
            "/loans/home",
            LoanPurpose::OwnerOccupied,
        ),
        LoanKind::Personal => (
            ProductCategory::PersonalLoan,
            "/loans/personal",
            LoanPurpose::Personal,
        ),
        LoanKind::Car => (
            ProductCategory::CarLoan,
            "/loans/car",
            LoanPurpose::Personal,
        ),
    };
    let mut eligibility = lending_eligibility();
    if loan.kind == LoanKind::Home {
        eligibility.push(Eligibility::OwnerOccupier);
        if let Some(lvr) = loan.max_lvr_percent {
            eligibility.push(Eligibility::MinimumDepositPercent(100 - lvr.min(100)));
        }
        if loan.id == "first-home" {
            eligibility.push(Eligibility::FirstHomeBuyer);
        }
    }
    if loan.kind == LoanKind::Car {
        eligibility.extend([
            Eligibility::Other("A good credit history"),
            Eligibility::Other("The vehicle meets our lending criteria"),
            Eligibility::Other("Comprehensive car insurance on the vehicle"),
        ]);
    }
    let mut constraints = vec![
        Constraint::MinimumLoan(loan.min_amount),
        Constraint::MaximumLoan(loan.max_amount),
        Constraint::TermYears {
            min: loan.min_term_years,
            max: loan.max_term_years,
        },
    ];
    if let Some(lvr) = loan.max_lvr_percent {
        constraints.push(Constraint::MaximumLvr(lvr));
    }
    let fees = [
        fee(
            "Establishment fee",
            FeeKind::Establishment,
            loan.fees.establishment,
        ),
        fee("Monthly service fee", FeeKind::Monthly, loan.fees.monthly),
        fee("Annual package fee", FeeKind::Annual, loan.fees.annual),
        fee("Discharge fee", FeeKind::Discharge, loan.fees.discharge),
    ]
    .into_iter()
    .flatten()
    .collect();
    let secured = match (loan.kind, loan.secured) {
        (LoanKind::Home, _) => "a secured",
        (_, true) => "a secured",
        (_, false) => "an unsecured",
    };
    let basis = format!(
        "Comparison rate calculated on {secured} loan of {} over {} years.",
        crate::money::format_aud(loan.example.amount, false),
        loan.example.term_years
    );
    let kind = match loan.rate_type {
        RateType::Variable => LendingRateKind::Variable,
        RateType::Fixed => LendingRateKind::Fixed,
    };
    let mut pages = pages(overview, tmd(id));
    if loan.key_facts_sheet {
        pages.key_facts_sheet = Some("/loans/home/key-facts-sheet");
    }
    if loan.kind == LoanKind::Car {
        pages.apply = Some("/apply/car-loan".to_owned());
    }
    Some(Draft {
        id: id.to_owned(),
        name: loan.name.clone(),
        description,
        category,
        customer: Customer::Personal,
        pages,
        eligibility,
        features,
        constraints,
        fees,
        deposit_rates: Vec::new(),
        lending_rates: loan_rates(loan, kind, purpose, &basis),
        offered_from: first_day(&loan.history),
    })
}

/// A loan's rates: a variable rate; a rate fixed for part of the loan, once per fixed period
/// offered (1 year up to the longest), each with its own comparison rate, and the rate it reverts
/// to; a rate fixed for the whole loan, once per loan term offered.
fn loan_rates(
    loan: &LendingProduct,
    kind: LendingRateKind,
    purpose: LoanPurpose,
    basis: &str,
) -> Vec<LendingRateOffer> {
    let period = RatePeriod::since(loan.effective_from);
    let rate =
        |kind, fixed_years, comparison: Option<Decimal>, basis: Option<String>| LendingRateOffer {
            kind,
            annual_rate_percent: loan.annual_rate_percent,
            comparison_rate_percent: comparison,
            fixed_years,
            purpose,
            comparison_basis: basis,
            period,
        };
    match (kind, &loan.fixed_period) {
        (LendingRateKind::Fixed, Some(fixed)) => {
            let mut rates: Vec<LendingRateOffer> = (1..=fixed.years)
                .map(|years| {
                    // The comparison rate of this fixed period on the Code's example, reverting
                    // to today's revert rate after it.
                    let mut shorter = loan.clone();
                    if let Some(period) = shorter.fixed_period.as_mut() {
                        period.years = years;
                    }
                    let comparison = shorter.comparison_rate_for(loan.annual_rate_percent, None);
                    rate(
                        LendingRateKind::Fixed,
                        Some(years),
                        Some(comparison),
                        Some(format!(
                            "{basis} Fixed for {years} years, then the revert rate."
                        )),
                    )
                })
                .collect();
            rates.push(LendingRateOffer {
                annual_rate_percent: fixed.revert_rate_percent,
                ..rate(LendingRateKind::Revert, None, None, None)
            });
            rates
        }
        (LendingRateKind::Fixed, None) => (loan.min_term_years..=loan.max_term_years)
            .map(|years| {
                rate(
                    LendingRateKind::Fixed,
                    Some(years),
                    Some(loan.comparison_rate_percent),
                    Some(basis.to_owned()),
                )
            })
            .collect(),
        _ => vec![rate(
            kind,
            None,
            Some(loan.comparison_rate_percent),
            Some(basis.to_owned()),
        )],
    }
}

/// Every product's terms as `catalog` has them (its rates in force), in the site's order.
fn drafts(catalog: &Catalog) -> Vec<Draft> {
    let mut drafts = account_drafts(catalog);
    drafts.extend(
        catalog
            .savings
            .iter()
            .chain(&catalog.business_savings)
            .filter_map(savings_draft),
    );
    drafts.push(fixed_term_draft(
        "term-deposit",
        "Term Deposit",
        "A fixed rate for a term from 3 to 60 months, with interest paid monthly, quarterly, six-monthly, yearly or at maturity depending on the term.",
        "/term-deposits",
        &catalog.term_deposits,
        vec![
            Feature::Other("Reinvest or withdraw at the end of the term"),
            Feature::Other("Early withdrawal needs 31 days notice and reduces the interest"),
        ],
    ));
    drafts.push(fixed_term_draft(
        "certificate-of-deposit",
        "Certificate of Deposit",
        "Lock in a fixed rate for a term from 6 to 60 months.",
        "/savings",
        &catalog.certificates_of_deposit,
        vec![
            Feature::Other("Rate fixed for the whole term"),
            Feature::Other("Choose where your interest is paid"),
        ],
    ));
    drafts.extend(card_drafts(catalog));
    drafts.extend(
        catalog
            .home_loans
            .iter()
            .chain(&catalog.personal_loans)
            .chain(&catalog.car_loans)
            .filter_map(loan_draft),
    );
    drafts
}

/// The moment the changes `catalog` has scheduled on `day` were announced, per product id: the
/// latest announcement among the product's components.
fn announced(catalog: &Catalog, day: NaiveDate) -> Vec<(String, DateTime<Utc>)> {
    let on_day = |scheduled: &[super::ScheduledRate]| {
        scheduled
            .iter()
            .filter(|change| change.effective_from == day)
            .map(|change| sydney_moment(change.announced_on.and_time(change.announced_at)))
            .max()
    };
    let mut found = Vec::new();
    for draft in drafts(catalog) {
        let moment = match draft.category {
            ProductCategory::TermDeposit => {
                let list = if draft.id == "term-deposit" {
                    &catalog.term_deposits
                } else {
                    &catalog.certificates_of_deposit
                };
                list.iter().filter_map(|t| on_day(&t.scheduled)).max()
            }
            ProductCategory::SavingsAccount => catalog
                .savings
                .iter()
                .chain(&catalog.business_savings)
                .find(|d| d.id == draft.id)
                .and_then(|d| on_day(&d.scheduled)),
            ProductCategory::CreditCard => catalog
                .credit_cards
                .iter()
                .find(|c| c.id == draft.id)
                .and_then(|c| on_day(&c.scheduled)),
            ProductCategory::HomeLoan
            | ProductCategory::PersonalLoan
            | ProductCategory::CarLoan => {
                catalog.loan(&draft.id).and_then(|l| on_day(&l.scheduled))
            }
            ProductCategory::TransactionAccount => None,
        };
        if let Some(moment) = moment {
            found.push((draft.id, moment));
        }
    }
    found
}

/// Adds to `rates` (today's, each with its period) the ones that differ on `day` in `later`
/// (the same product's rates from then, in the same order): a rate that changes ends the day
/// before, the new one starts on `day`, announced at `announced`.
fn add_changes<R: Clone + PartialEq>(
    rates: &mut Vec<R>,
    later: &[R],
    day: NaiveDate,
    announced: DateTime<Utc>,
    period: fn(&mut R) -> &mut RatePeriod,
) {
    // The rates still open-ended before `day`, in their order.
    let count = later.len();
    let current: Vec<usize> = (0..rates.len())
        .filter(|&index| period(&mut rates[index]).until.is_none())
        .collect();
    if current.len() != count {
        // Another shape of rates from `day` (a term added or withdrawn): every rate changes.
        for &index in &current {
            period(&mut rates[index]).until = Some(day);
        }
        for rate in later {
            let mut rate = rate.clone();
            *period(&mut rate) = RatePeriod {
                from: day,
                until: None,
                announced: Some(announced),
            };
            rates.push(rate);
        }
        return;
    }
    // From the last, so the earlier indices stay put: each new rate goes right after the one it
    // replaces, and a later change finds today's rates in the same order again.
    for (position, &index) in current.iter().enumerate().rev() {
        let mut before = rates[index].clone();
        let mut after = later[position].clone();
        // Compare the terms, not the periods.
        *period(&mut after) = *period(&mut before);
        if before == after {
            continue;
        }
        period(&mut rates[index]).until = Some(day);
        let mut rate = later[position].clone();
        *period(&mut rate) = RatePeriod {
            from: day,
            until: None,
            announced: Some(announced),
        };
        rates.insert(index + 1, rate);
    }
}

/// The catalog from the day of an announced change: the day, when each product's change was
/// announced, and every product's terms from then.
struct Stage {
    day: NaiveDate,
    announced: Vec<(String, DateTime<Utc>)>,
    drafts: Vec<Draft>,
}

/// Every product once, in the site's order, with today's rates (as `catalog` is written) and
/// every rate announced to replace one of them, each with the days it applies.
pub fn offers(catalog: &Catalog) -> Vec<ProductOffer> {
    let today = drafts(catalog);
    let stages: Vec<Stage> = catalog
        .scheduled_days()
        .into_iter()
        .map(|day| Stage {
            day,
            announced: announced(catalog, day),
            drafts: drafts(&catalog.as_of(day)),
        })
        .collect();
    let revised = revised_moment();
    today
        .into_iter()
        .enumerate()
        .map(|(index, draft)| {
            let mut deposit_rates = draft.deposit_rates;
            let mut lending_rates = draft.lending_rates;
            for Stage {
                day,
                announced,
                drafts,
            } in &stages
            {
                let Some(later) = drafts.get(index).filter(|d| d.id == draft.id) else {
                    continue;
                };
                let Some(&(_, moment)) = announced.iter().find(|(id, _)| *id == draft.id) else {
                    continue;
                };
                add_changes(
                    &mut deposit_rates,
                    &later.deposit_rates,
                    *day,
                    moment,
                    |r| &mut r.period,
                );
                add_changes(
                    &mut lending_rates,
                    &later.lending_rates,
                    *day,
                    moment,
                    |r| &mut r.period,
                );
            }
            let periods = deposit_rates
                .iter()
                .map(|r| r.period)
                .chain(lending_rates.iter().map(|r| r.period));
            let mut changes: Vec<DateTime<Utc>> = periods
                .flat_map(|period| {
                    [
                        Some(crate::application::today::sydney_midnight(period.from)),
                        period.announced,
                    ]
                })
                .flatten()
                // Its first day on offer (for an account without dated figures, the catalog's
                // "rates effective from"), and the revision of its words.
                .chain([
                    crate::application::today::sydney_midnight(
                        draft.offered_from.unwrap_or(catalog.effective_from),
                    ),
                    revised,
                ])
                .collect();
            changes.sort_unstable();
            changes.dedup();
            ProductOffer {
                id: draft.id,
                name: draft.name,
                description: draft.description,
                category: draft.category,
                customer: draft.customer,
                offered_from: draft.offered_from,
                withdrawn_from: None,
                changes,
                pages: draft.pages,
                eligibility: draft.eligibility,
                features: draft.features,
                constraints: draft.constraints,
                fees: draft.fees,
                deposit_rates,
                lending_rates,
            }
        })
        .collect()
}

/// A product as the site's pages name and describe it: the words of the offer the product data
/// publishes, so a page and the API cannot word a product differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct ProductWords {
    /// Stable id (the catalog's).
    pub id: String,
    /// The product's name.
    pub name: String,
    /// What it is, in a sentence.
    pub description: String,
    /// What kind of product it is.
    pub category: ProductCategory,
    /// What it does, each feature in words.
    pub features: Vec<String>,
    /// Who may have it, each condition in words.
    pub eligibility: Vec<String>,
}

/// Every product's words as offered on `day` (the version in force then), in the site's order.
pub fn product_words(catalog: &Catalog, day: NaiveDate) -> Vec<ProductWords> {
    offers(catalog)
        .into_iter()
        .filter(|offer| offer.is_current_on(day))
        .map(|offer| ProductWords {
            features: offer.features.iter().map(Feature::describe).collect(),
            eligibility: offer
                .eligibility
                .iter()
                .map(Eligibility::describe)
                .collect(),
            id: offer.id,
            name: offer.name,
            description: offer.description,
            category: offer.category,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::products::catalog;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn every_catalog_product_is_offered_once_today() {
        let catalog = catalog();
        let today = day(2026, 11, 26);
        let offers = offers(&catalog);
        let current: Vec<&ProductOffer> =
            offers.iter().filter(|o| o.is_current_on(today)).collect();
        let mut ids: Vec<&str> = current.iter().map(|o| o.id.as_str()).collect();
        ids.sort_unstable();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count, "one current version per product");
        let expected = catalog.accounts.len()
            + catalog.savings.len()
            + catalog.business_savings.len()
            + 2
            + catalog.credit_cards.len()
            + catalog.home_loans.len()
            + catalog.personal_loans.len()
            + catalog.car_loans.len();
        assert_eq!(count, expected);
    }

    /// 20 November 2026 at `hour`:`minute` in Sydney.
    fn on_20_november(hour: u32, minute: u32) -> DateTime<Utc> {
        sydney_moment(day(2026, 11, 20).and_hms_opt(hour, minute, 0).unwrap())
    }

    fn twelve_months(offer: &ProductOffer) -> Vec<(String, RatePeriod)> {
        offer
            .deposit_rates
            .iter()
            .filter(|r| r.term_months == Some(12) && r.paid == InterestPaid::AtMaturity)
            .map(|r| (r.annual_rate_percent.to_string(), r.period))
            .collect()
    }

    #[test]
    fn an_announced_change_is_a_rate_with_its_days_not_another_product() {
        let catalog = catalog();
        let offers = offers(&catalog);
        let ids: Vec<&str> = offers.iter().map(|o| o.id.as_str()).collect();
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "one offer per product");
        assert!(
            offers.iter().all(|o| o.withdrawn_from.is_none()),
            "a rate change is not a withdrawal"
        );
        let td = offers.iter().find(|o| o.id == "term-deposit").unwrap();
        let change = day(2026, 12, 11);
        let announced = on_20_november(14, 30);
        assert_eq!(
            twelve_months(td),
            vec![
                (
                    "4.25".to_owned(),
                    RatePeriod {
                        from: day(2026, 11, 6),
                        until: Some(change),
                        announced: None
                    }
                ),
                (
                    "4.35".to_owned(),
                    RatePeriod {
                        from: change,
                        until: None,
                        announced: Some(announced)
                    }
                ),
            ]
        );
        // Terms whose rate doesn't change keep one rate, open-ended.
        let six: Vec<&DepositRateOffer> = td
            .deposit_rates
            .iter()
            .filter(|r| r.term_months == Some(6))
            .collect();
        assert!(six.iter().all(|r| r.period.until.is_none()));
        // Before the announcement only today's rate is published; after it both; on the day
        // only the new one.
        let at = |moment| twelve_months(&td.published_at(moment)).len();
        assert_eq!(at(on_20_november(14, 29)), 1);
        assert_eq!(at(on_20_november(14, 30)), 2);
        let on_the_day = crate::application::today::sydney_midnight(change);
        assert_eq!(twelve_months(&td.published_at(on_the_day))[0].0, "4.35");
        assert_eq!(at(on_the_day), 1);
        // The record changed at the moment of the announcement, not at its midnight.
        assert_eq!(td.last_updated(on_20_november(18, 0)), announced);
        assert!(td.last_updated(on_20_november(10, 0)) < on_20_november(0, 0));
        assert_eq!(td.last_updated(on_the_day), on_the_day);
        // Products without an announced change have no rate with an end.
        let goal = offers.iter().find(|o| o.id == "goal").unwrap();
        assert!(goal.deposit_rates.iter().all(|r| r.period.until.is_none()));
    }

    #[test]
    fn successive_announced_changes_chain_their_days() {
        let mut catalog = catalog();
        let later = day(2027, 1, 15);
        let announced = sydney_moment(day(2026, 12, 1).and_hms_opt(9, 0, 0).unwrap());
        for (months, rate) in [(12, "4.40"), (6, "3.60")] {
            let term = catalog
                .term_deposits
                .iter_mut()
                .find(|t| t.term_months == Some(months))
                .unwrap();
            term.scheduled.push(crate::products::ScheduledRate {
                announced_on: day(2026, 12, 1),
                announced_at: chrono::NaiveTime::from_hms_opt(9, 0, 0).unwrap(),
                effective_from: later,
                annual_rate_percent: rate.parse().unwrap(),
            });
        }
        let offers = offers(&catalog);
        let td = offers.iter().find(|o| o.id == "term-deposit").unwrap();
        let twelve: Vec<(String, NaiveDate, Option<NaiveDate>)> = twelve_months(td)
            .into_iter()
            .map(|(rate, period)| (rate, period.from, period.until))
            .collect();
        assert_eq!(
            twelve,
            vec![
                ("4.25".to_owned(), day(2026, 11, 6), Some(day(2026, 12, 11))),
                ("4.35".to_owned(), day(2026, 12, 11), Some(later)),
                ("4.40".to_owned(), later, None),
            ]
        );
        let six: Vec<(String, Option<DateTime<Utc>>)> = td
            .deposit_rates
            .iter()
            .filter(|r| r.term_months == Some(6) && r.paid == InterestPaid::AtMaturity)
            .map(|r| (r.annual_rate_percent.to_string(), r.period.announced))
            .collect();
        assert_eq!(
            six,
            vec![
                ("3.75".to_owned(), None),
                ("3.60".to_owned(), Some(announced))
            ]
        );
        // On each day exactly one rate of each term and payment option is in force.
        for on in [day(2026, 12, 10), day(2026, 12, 11), later] {
            let mut keys: Vec<(Option<u32>, InterestPaid)> = td
                .deposit_rates
                .iter()
                .filter(|r| r.period.applies_on(on))
                .map(|r| (r.term_months, r.paid))
                .collect();
            let count = keys.len();
            keys.sort_by_key(|(months, paid)| (*months, format!("{paid:?}")));
            keys.dedup();
            assert_eq!(keys.len(), count, "{on}");
        }
    }

    #[test]
    fn each_deposit_publishes_only_the_payment_options_it_offers() {
        let catalog = catalog();
        let offers = offers(&catalog);
        for (id, terms) in [
            ("term-deposit", &catalog.term_deposits),
            ("certificate-of-deposit", &catalog.certificates_of_deposit),
        ] {
            let offer = offers.iter().find(|o| o.id == id).unwrap();
            for term in terms {
                let months = term.term_months.unwrap();
                let mut published: Vec<InterestPaid> = offer
                    .deposit_rates
                    .iter()
                    .filter(|r| r.term_months == Some(months) && r.period.until.is_none())
                    .map(|r| r.paid)
                    .collect();
                published.dedup();
                assert_eq!(
                    published,
                    interest_paid_options(term.kind, months),
                    "{id}, {months} months"
                );
            }
        }
        let cd = offers
            .iter()
            .find(|o| o.id == "certificate-of-deposit")
            .unwrap();
        assert_eq!(
            cd.deposit_rates.len(),
            catalog.certificates_of_deposit.len()
        );
        assert!(
            cd.deposit_rates
                .iter()
                .all(|r| r.paid == InterestPaid::AtMaturity)
        );
    }

    #[test]
    fn an_apply_link_opens_the_product_itself() {
        for offer in offers(&catalog()) {
            let Some(apply) = &offer.pages.apply else {
                continue;
            };
            if offer.category == ProductCategory::CarLoan {
                assert_eq!(apply, "/apply/car-loan");
                continue;
            }
            let code = apply
                .strip_prefix("/apply/account?account=")
                .unwrap_or_else(|| panic!("{}: {apply}", offer.id));
            let account = AccountType::parse(code).unwrap();
            // The wizard names the account as the product data does.
            assert_eq!(account.label(), offer.name, "{}", offer.id);
        }
        let offers = offers(&catalog());
        let apply = |id: &str| {
            offers
                .iter()
                .find(|o| o.id == id)
                .unwrap()
                .pages
                .apply
                .clone()
        };
        assert_eq!(apply("goal"), None);
        assert_eq!(apply("premium"), None);
        assert_eq!(
            apply("high-yield").as_deref(),
            Some("/apply/account?account=savings")
        );
    }

    #[test]
    fn a_fixed_rate_names_its_period_and_what_follows_it() {
        let catalog = catalog();
        let offers = offers(&catalog);
        let fixed = offers.iter().find(|o| o.id == "fixed").unwrap();
        let loan = catalog.loan("fixed").unwrap();
        let period = loan.fixed_period.as_ref().unwrap();
        let rates: Vec<&LendingRateOffer> = fixed
            .lending_rates
            .iter()
            .filter(|r| r.kind == LendingRateKind::Fixed)
            .collect();
        let years: Vec<u32> = rates.iter().filter_map(|r| r.fixed_years).collect();
        assert_eq!(years, (1..=period.years).collect::<Vec<_>>());
        // The longest period is the catalog's own comparison example.
        assert_eq!(
            rates.last().unwrap().comparison_rate_percent,
            Some(loan.comparison_rate_percent)
        );
        // A shorter fixed period reverts sooner to the (higher) variable rate.
        assert!(rates[0].comparison_rate_percent > rates.last().unwrap().comparison_rate_percent);
        let revert: Vec<&LendingRateOffer> = fixed
            .lending_rates
            .iter()
            .filter(|r| r.kind == LendingRateKind::Revert)
            .collect();
        assert_eq!(revert.len(), 1);
        assert_eq!(
            revert[0].annual_rate_percent,
            catalog
                .loan(&period.reverts_to)
                .unwrap()
                .annual_rate_percent
        );
        // A rate fixed for the whole loan: once per loan term, each its own period.
        for id in ["quick", "secured", "new", "used", "green"] {
            let offer = offers.iter().find(|o| o.id == id).unwrap();
            let loan = catalog.loan(id).unwrap();
            let years: Vec<u32> = offer
                .lending_rates
                .iter()
                .map(|r| r.fixed_years.unwrap())
                .collect();
            assert_eq!(
                years,
                (loan.min_term_years..=loan.max_term_years).collect::<Vec<_>>(),
                "{id}"
            );
        }
    }

    #[test]
    fn a_fee_waiver_can_be_missed_and_cards_publish_their_terms() {
        let catalog = catalog();
        for offer in offers(&catalog) {
            let minimum = offer.constraints.iter().find_map(|c| match c {
                Constraint::MinimumBalance(amount) => Some(*amount),
                _ => None,
            });
            if offer.id == "premium" {
                // Open with the minimum; the fee applies in a month the balance falls below it.
                assert!(
                    offer
                        .constraints
                        .iter()
                        .any(|c| matches!(c, Constraint::OpeningBalance(_)))
                );
                assert_eq!(minimum, None);
            }
            for fee in &offer.fees {
                if let Some(waived) = fee.waived_from_balance {
                    // A fee waived at or below the balance the account must keep never applies.
                    assert!(
                        minimum.is_none_or(|minimum| waived > minimum),
                        "{}: waived from {waived}, minimum {minimum:?}",
                        offer.id
                    );
                }
            }
            if offer.category == ProductCategory::CreditCard {
                let card = catalog
                    .credit_cards
                    .iter()
                    .find(|c| c.id == offer.id)
                    .unwrap();
                assert!(
                    offer
                        .constraints
                        .contains(&Constraint::MaximumLoan(card.max_credit_limit))
                );
                assert!(
                    offer
                        .constraints
                        .contains(&Constraint::MinimumLoan(card.min_credit_limit))
                );
                assert!(offer.lending_rates.iter().any(|r| {
                    r.kind == LendingRateKind::CashAdvance
                        && r.annual_rate_percent == card.cash_advance_rate_percent
                }));
                assert!(offer.fees.iter().any(|f| {
                    matches!(f.kind, FeeKind::LatePayment { .. })
                        && f.amount == card.late_payment_fee
                }));
            }
        }
    }

    #[test]
    fn business_checking_counts_free_transactions() {
        let business = offers(&catalog())
            .into_iter()
            .find(|o| o.id == "business")
            .unwrap();
        assert!(
            business
                .features
                .contains(&Feature::FreeTransactions(BUSINESS_FREE_TRANSACTIONS))
        );
    }

    #[test]
    fn the_sites_words_are_the_offers_of_the_day() {
        let catalog = catalog();
        let words = product_words(&catalog, day(2026, 11, 26));
        let offered = offers(&catalog);
        assert_eq!(
            words.len(),
            offered
                .iter()
                .filter(|o| o.is_current_on(day(2026, 11, 26)))
                .count()
        );
        let business = words.iter().find(|w| w.id == "business").unwrap();
        assert_eq!(business.name, "Business Checking");
        assert!(
            business
                .features
                .contains(&"200 free transactions a month".to_owned())
        );
        // The same words on the day of the announced change: only rates move.
        let later = product_words(&catalog, day(2026, 12, 11));
        assert_eq!(
            later.iter().map(|w| &w.name).collect::<Vec<_>>(),
            words.iter().map(|w| &w.name).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_loans_words_carry_its_own_terms() {
        let catalog = catalog();
        let words = product_words(&catalog, day(2026, 11, 26));
        let of = |id: &str| words.iter().find(|w| w.id == id).unwrap();
        let fixed_years = catalog
            .loan("fixed")
            .unwrap()
            .fixed_period
            .as_ref()
            .unwrap()
            .years;
        assert!(
            of("fixed")
                .description
                .contains(&format!("up to {fixed_years} years"))
        );
        assert!(
            of("fixed")
                .features
                .contains(&format!("Rate fixed for 1 to {fixed_years} years"))
        );
        let deposit = 100 - catalog.loan("first-home").unwrap().max_lvr_percent.unwrap();
        assert!(
            of("first-home")
                .description
                .contains(&format!("deposit from {deposit}%"))
        );
        assert!(
            words.iter().all(|w| !w.description.contains('{')),
            "a placeholder left in a description"
        );
    }

    #[test]
    fn every_loan_rate_has_its_comparison_rate() {
        for offer in offers(&catalog()) {
            for rate in &offer.lending_rates {
                // A card's rates and a revert rate (taken out with the fixed rate, whose
                // comparison rate counts it) have none.
                let has_one = matches!(
                    rate.kind,
                    LendingRateKind::Variable | LendingRateKind::Fixed
                );
                assert_eq!(
                    rate.comparison_rate_percent.is_some(),
                    has_one,
                    "{}",
                    offer.id
                );
            }
        }
    }
}
