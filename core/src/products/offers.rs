//! Every product the bank offers, whole: what it is, who may have it, what it does, its limits,
//! its fees and its rates, in each period it is offered on those terms. The figures are the
//! catalog's ([`Catalog`]); this module adds the words and facts around them and works out the
//! versions: a product with a rate change announced has a version in force today and one from
//! the day of the change.
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

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;

use super::{Catalog, DepositRate, LendingProduct, LoanKind, RateType};
use crate::term_deposit::InterestFrequency;

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
    /// This many free transactions a month.
    FreeTransactionsAllowance(u32),
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
            Self::FreeTransactionsAllowance(count) => format!("{count} free transactions a month"),
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
    /// Where to apply online, if one can.
    pub apply: Option<&'static str>,
    /// The Key Facts Sheet, for standard home loans.
    pub key_facts_sheet: Option<&'static str>,
}

/// One product, on the terms of one period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub struct ProductOffer {
    /// Stable id (the same in every version of the product).
    pub id: String,
    /// The product's name.
    pub name: String,
    /// What it is, in a sentence.
    pub description: String,
    /// What kind of product it is.
    pub category: ProductCategory,
    /// Whom it is for.
    pub customer: Customer,
    /// The first day these terms apply.
    pub effective_from: NaiveDate,
    /// The first day they no longer apply (a change is announced), if any.
    pub effective_to: Option<NaiveDate>,
    /// The last day anything about these terms was decided or announced.
    pub last_updated: NaiveDate,
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
    /// Whether these terms apply on `day`.
    pub fn is_current_on(&self, day: NaiveDate) -> bool {
        self.effective_from <= day && self.effective_to.is_none_or(|to| day < to)
    }

    /// Whether these terms start after `day`.
    pub fn is_future_on(&self, day: NaiveDate) -> bool {
        self.effective_from > day
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
    /// The day today's rates (and so these terms) took effect.
    rates_from: NaiveDate,
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
                        Feature::FreeTransactionsAllowance(BUSINESS_FREE_TRANSACTIONS),
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
        let constraints = if account.minimum_balance > Decimal::ZERO {
            vec![Constraint::MinimumBalance(account.minimum_balance)]
        } else {
            Vec::new()
        };
        drafts.push(Draft {
            id: account.id.clone(),
            name: name.to_owned(),
            description: description.to_owned(),
            category: ProductCategory::TransactionAccount,
            customer,
            pages: ProductPages {
                apply: Some("/apply/account"),
                ..pages(overview, tmd(&account.id))
            },
            eligibility,
            features,
            constraints,
            fees,
            deposit_rates: Vec::new(),
            lending_rates: Vec::new(),
            rates_from: catalog.effective_from,
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
            apply: Some("/apply/account"),
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
        }],
        lending_rates: Vec::new(),
        rates_from: rate.effective_from,
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
    let deposit_rates = terms
        .iter()
        .flat_map(|term| {
            let months = term.term_months.unwrap_or(0);
            InterestFrequency::offered_for(months)
                .into_iter()
                .map(move |frequency| DepositRateOffer {
                    kind: DepositRateKind::Fixed,
                    annual_rate_percent: term.annual_rate_percent,
                    term_months: term.term_months,
                    minimum_balance: term.minimum,
                    paid: frequency
                        .months_between_payments()
                        .map_or(InterestPaid::AtMaturity, InterestPaid::EveryMonths),
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
        rates_from: terms
            .iter()
            .map(|t| t.effective_from)
            .max()
            .unwrap_or(NaiveDate::MIN),
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
                constraints: Vec::new(),
                fees: fee("Annual fee", FeeKind::Annual, card.annual_fee)
                    .into_iter()
                    .collect(),
                deposit_rates: Vec::new(),
                lending_rates: vec![LendingRateOffer {
                    kind: LendingRateKind::Purchase,
                    annual_rate_percent: card.annual_rate_percent,
                    comparison_rate_percent: None,
                    fixed_years: None,
                    purpose: LoanPurpose::Personal,
                    comparison_basis: None,
                }],
                rates_from: card.effective_from,
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
        pages.apply = Some("/apply/car-loan");
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
        lending_rates: vec![LendingRateOffer {
            kind,
            annual_rate_percent: loan.annual_rate_percent,
            comparison_rate_percent: Some(loan.comparison_rate_percent),
            fixed_years: loan.fixed_period.as_ref().map(|fixed| fixed.years),
            purpose,
            comparison_basis: Some(basis),
        }],
        rates_from: loan.effective_from,
    })
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

/// The announcement date of the changes `catalog` has scheduled on `day`, per product id: the
/// latest announcement among the product's components.
fn announced(catalog: &Catalog, day: NaiveDate) -> Vec<(String, NaiveDate)> {
    let on_day = |scheduled: &[super::ScheduledRate]| {
        scheduled
            .iter()
            .filter(|change| change.effective_from == day)
            .map(|change| change.announced_on)
            .max()
    };
    let mut found = Vec::new();
    let mut note = |id: String, date: Option<NaiveDate>| {
        if let Some(date) = date {
            found.push((id, date));
        }
    };
    for draft in drafts(catalog) {
        let date = match draft.category {
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
        note(draft.id, date);
    }
    found
}

/// The catalog from the day of an announced change: the day, who announced what when, and
/// every product's terms from then.
struct Stage {
    day: NaiveDate,
    announced: Vec<(String, NaiveDate)>,
    drafts: Vec<Draft>,
}

/// Every product in every period it is offered on set terms: today's terms (as `catalog` is
/// written) and, for each announced rate change, the terms from its day. A version's
/// `effective_to` is the next version's `effective_from`.
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
    let mut offers = Vec::new();
    for (index, draft) in today.iter().enumerate() {
        // This product's versions: today's and each later stage in which it changed.
        let mut versions: Vec<(NaiveDate, NaiveDate, &Draft)> =
            vec![(draft.rates_from, draft.rates_from, draft)];
        for stage in &stages {
            let Some(changed) = stage.drafts.get(index).filter(|d| d.id == draft.id) else {
                continue;
            };
            let Some(&(_, announced_on)) = stage.announced.iter().find(|(id, _)| *id == draft.id)
            else {
                continue;
            };
            versions.push((stage.day, announced_on, changed));
        }
        let announced_last = versions.iter().map(|v| v.1).max();
        for (position, &(from, updated, version)) in versions.iter().enumerate() {
            let next = versions.get(position + 1).map(|v| v.0);
            // Today's terms were last touched when the next change was announced.
            let last_updated = if position == 0 {
                announced_last.unwrap_or(updated).max(from)
            } else {
                updated
            };
            offers.push(ProductOffer {
                id: version.id.clone(),
                name: version.name.clone(),
                description: version.description.clone(),
                category: version.category,
                customer: version.customer,
                effective_from: from,
                effective_to: next,
                last_updated,
                pages: version.pages.clone(),
                eligibility: version.eligibility.clone(),
                features: version.features.clone(),
                constraints: version.constraints.clone(),
                fees: version.fees.clone(),
                deposit_rates: version.deposit_rates.clone(),
                lending_rates: version.lending_rates.clone(),
            });
        }
    }
    offers
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

    #[test]
    fn an_announced_change_is_a_future_version_with_its_rate() {
        let catalog = catalog();
        let offers = offers(&catalog);
        let td: Vec<&ProductOffer> = offers.iter().filter(|o| o.id == "term-deposit").collect();
        assert_eq!(td.len(), 2);
        let (now, later) = (td[0], td[1]);
        assert_eq!(now.effective_to, Some(later.effective_from));
        assert_eq!(later.effective_from, day(2026, 12, 11));
        assert!(later.is_future_on(day(2026, 11, 26)));
        assert!(later.is_current_on(day(2026, 12, 11)) && !now.is_current_on(day(2026, 12, 11)));
        let twelve = |o: &ProductOffer| {
            o.deposit_rates
                .iter()
                .find(|r| r.term_months == Some(12))
                .map(|r| r.annual_rate_percent)
        };
        assert_eq!(twelve(now), Some("4.25".parse().unwrap()));
        assert_eq!(twelve(later), Some("4.35".parse().unwrap()));
        assert_eq!(later.last_updated, day(2026, 11, 20));
        // Products without an announced change have one version, open-ended.
        let goal: Vec<&ProductOffer> = offers.iter().filter(|o| o.id == "goal").collect();
        assert_eq!(goal.len(), 1);
        assert_eq!(goal[0].effective_to, None);
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
                assert_eq!(
                    rate.comparison_rate_percent.is_some(),
                    rate.kind != LendingRateKind::Purchase,
                    "{}",
                    offer.id
                );
            }
        }
    }
}
