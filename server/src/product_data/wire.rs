//! The Consumer Data Standards' product shapes (banking 1.36.0: `BankingProductV6` in the list,
//! `BankingProductDetailV7` in the detail, and version 4's detail by [`downgrade_detail`]), the
//! discovery answers, and the mapping of core's [`ProductOffer`] to them.
//! Only this module knows the wire format: core's types say what a product is, in the bank's
//! words; the standard's enumerations, ISO 8601 durations and string-typed numbers are made here.

use banksia_core::application::today::{BANK_HOME_STATE, sydney_time, utc_offset_seconds};
use banksia_core::products::offers::{
    Constraint, DepositRateKind, DepositRateOffer, Eligibility, Feature, Fee, FeeKind,
    InterestPaid, LendingRateKind, LendingRateOffer, LoanPurpose, ProductCategory, ProductOffer,
    RatePeriod,
};
use chrono::{DateTime, NaiveDate, Utc};
use rust_decimal::Decimal;
use serde::Serialize;

/// The brand every product is published under (`brand`, and what the `brand` filter matches).
pub const BRAND: &str = "Banksia Bank";

/// `ResponseBankingProductListV4`.
#[derive(Debug, Serialize)]
pub struct ProductList<'a> {
    pub data: ProductListData<'a>,
    pub links: PaginatedLinks,
    pub meta: PaginatedMeta,
}

#[derive(Debug, Serialize)]
pub struct ProductListData<'a> {
    pub products: Vec<Product<'a>>,
}

/// `LinksPaginated`.
#[derive(Debug, Serialize)]
pub struct PaginatedLinks {
    #[serde(rename = "self")]
    pub self_link: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prev: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
}

/// `MetaPaginated`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaginatedMeta {
    pub total_records: usize,
    pub total_pages: usize,
}

/// `ResponseBankingProductByIdV7`.
#[derive(Debug, Serialize)]
pub struct ProductDetailResponse<'a> {
    pub data: ProductDetail<'a>,
    pub links: SelfLink,
    pub meta: EmptyMeta,
}

/// `Links`.
#[derive(Debug, Serialize)]
pub struct SelfLink {
    #[serde(rename = "self")]
    pub self_link: String,
}

/// `Meta`: an empty object.
#[derive(Debug, Serialize)]
pub struct EmptyMeta {}

/// `BankingProductV6`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Product<'a> {
    pub product_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effective_from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effective_to: Option<String>,
    pub last_updated: String,
    pub product_category: &'static str,
    pub name: &'a str,
    pub description: &'a str,
    pub brand: &'static str,
    pub brand_name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub application_uri: Option<String>,
    pub is_tailored: bool,
    pub additional_information: AdditionalInformation,
}

/// `BankingProductAdditionalInformationV2`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdditionalInformation {
    pub overview_uri: String,
    pub terms_uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eligibility_uri: Option<String>,
    pub fees_and_pricing_uri: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub additional_overview_uris: Vec<AdditionalUri>,
}

/// `BankingProductAdditionalInformationV2_additionalInformationUris`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AdditionalUri {
    pub description: &'static str,
    pub additional_info_uri: String,
}

/// `BankingProductDetailV7`: the list's fields and the product's terms.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetail<'a> {
    #[serde(flatten)]
    pub product: Product<'a>,
    pub features: Vec<Described>,
    pub constraints: Vec<Described>,
    pub eligibility: Vec<Described>,
    pub fees: Vec<WireFee>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deposit_rates: Vec<WireDepositRate>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lending_rates: Vec<WireLendingRate>,
}

/// A feature, constraint or eligibility criterion: its type under the field name the standard
/// gives it, and the optional value and words.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Described {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constraint_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eligibility_type: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_info: Option<String>,
}

/// `BankingProductFeeV2`, fixed amounts only (every fee the bank charges is one).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WireFee {
    pub name: String,
    pub fee_type: &'static str,
    pub fee_method_u_type: &'static str,
    pub fixed_amount: Amount,
    pub currency: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_value: Option<String>,
    pub additional_info: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub discounts: Vec<WireDiscount>,
}

/// `BankingFeeAmount`.
#[derive(Debug, Serialize)]
pub struct Amount {
    pub amount: String,
}

/// `BankingProductDiscountV2`: a fee waived on a balance.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WireDiscount {
    pub description: String,
    pub discount_type: &'static str,
    pub discount_method_u_type: &'static str,
    pub fixed_amount: Amount,
    pub additional_value: String,
}

/// `BankingProductDepositRateV2`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WireDepositRate {
    pub deposit_rate_type: &'static str,
    pub rate: String,
    pub calculation_frequency: &'static str,
    pub application_type: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub application_frequency: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_value: Option<String>,
    pub additional_info: String,
    pub tiers: Vec<WireTier>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub applicability_conditions: Vec<WireCondition>,
}

/// `BankingProductRateConditionV2`: here only ever `OTHER`, the days a rate applies.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WireCondition {
    pub rate_applicability_type: &'static str,
    pub additional_info: String,
}

/// `BankingProductRateTierV4`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WireTier {
    pub name: String,
    pub unit_of_measure: &'static str,
    pub minimum_value: String,
    pub rate_application_method: &'static str,
}

/// `BankingProductLendingRateV3`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WireLendingRate {
    pub lending_rate_type: &'static str,
    pub rate: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comparison_rate: Option<String>,
    pub calculation_frequency: &'static str,
    pub application_type: &'static str,
    pub application_frequency: &'static str,
    pub interest_payment_due: &'static str,
    pub repayment_type: &'static str,
    pub loan_purpose: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub additional_info: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub applicability_conditions: Vec<WireCondition>,
}

/// The standard's `productCategory` of a category.
pub fn category_code(offer: &ProductOffer) -> &'static str {
    match offer.category {
        ProductCategory::TransactionAccount | ProductCategory::SavingsAccount => {
            "TRANS_AND_SAVINGS_ACCOUNTS"
        }
        ProductCategory::TermDeposit => "TERM_DEPOSITS",
        ProductCategory::CreditCard => "CRED_AND_CHRG_CARDS",
        ProductCategory::HomeLoan => "RESIDENTIAL_MORTGAGES",
        ProductCategory::PersonalLoan | ProductCategory::CarLoan => "PERS_LOANS",
    }
}

/// Every `productCategory` the standard defines (`BankingProductCategoryV2`): a filter on one
/// the bank has no product in is an empty list, any other value a 400.
pub const CATEGORIES: [&str; 13] = [
    "BUSINESS_LOANS",
    "BUY_NOW_PAY_LATER",
    "CRED_AND_CHRG_CARDS",
    "LEASES",
    "MARGIN_LOANS",
    "OVERDRAFTS",
    "PERS_LOANS",
    "REGULATED_TRUST_ACCOUNTS",
    "RESIDENTIAL_MORTGAGES",
    "TERM_DEPOSITS",
    "TRADE_FINANCE",
    "TRANS_AND_SAVINGS_ACCOUNTS",
    "TRAVEL_CARDS",
];

/// A day as the standard's DateTimeString: the start of the day in the bank's home time (Sydney,
/// daylight saving included: clocks change at 2 or 3 am, so midnight's offset is the day's first).
pub fn date_time(day: NaiveDate) -> String {
    // Midnight in Sydney is 13:00 or 14:00 UTC the day before; 14:00 is within that midnight's hour.
    let near_midnight =
        day.and_time(chrono::NaiveTime::MIN).and_utc() - chrono::Duration::hours(10);
    let offset = utc_offset_seconds(BANK_HOME_STATE, near_midnight);
    let sign = if offset < 0 { '-' } else { '+' };
    let minutes = offset.abs() / 60;
    format!(
        "{day}T00:00:00{sign}{:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

/// A moment as the standard's DateTimeString, in the bank's home time (Sydney), to the second.
pub fn moment(at: DateTime<Utc>) -> String {
    let offset = utc_offset_seconds(BANK_HOME_STATE, at);
    let local = sydney_time(at);
    let sign = if offset < 0 { '-' } else { '+' };
    let minutes = offset.abs() / 60;
    format!(
        "{}{sign}{:02}:{:02}",
        local.format("%Y-%m-%dT%H:%M:%S"),
        minutes / 60,
        minutes % 60
    )
}

/// A day in words, as a rate's condition names it ("11 December 2026").
fn day_in_words(day: NaiveDate) -> String {
    day.format("%-d %B %Y").to_string()
}

/// The conditions of a rate that does not apply every day from today: the last day of one a
/// change replaces, the first day of one announced. `today` is the bank's date.
fn period_conditions(period: &RatePeriod, today: NaiveDate) -> Vec<WireCondition> {
    let mut conditions = Vec::new();
    if period.from > today {
        let announced = period
            .announced
            .map(|at| format!(" (announced {})", day_in_words(sydney_time(at).date())))
            .unwrap_or_default();
        conditions.push(WireCondition {
            rate_applicability_type: "OTHER",
            additional_info: format!(
                "An announced rate: applies from {}{announced}",
                day_in_words(period.from)
            ),
        });
    }
    if let Some(until) = period.until {
        let last = until.pred_opt().unwrap_or(until);
        conditions.push(WireCondition {
            rate_applicability_type: "OTHER",
            additional_info: format!(
                "Applies until {}; an announced rate replaces it from {}",
                day_in_words(last),
                day_in_words(until)
            ),
        });
    }
    conditions
}

/// A percent a year as the standard's RateString (a fraction: 6.45% is `0.0645`).
fn rate(percent: Decimal) -> String {
    (percent / Decimal::ONE_HUNDRED).normalize().to_string()
}

/// Dollars as the standard's AmountString (two decimals).
fn amount(dollars: Decimal) -> String {
    let mut value = dollars.round_dp(2);
    value.rescale(2);
    value.to_string()
}

fn absolute(origin: &str, path: &str) -> String {
    format!("{origin}{path}")
}

/// The list's fields of `offer`, its links absolute under `origin`.
pub fn product<'a>(offer: &'a ProductOffer, origin: &str, now: DateTime<Utc>) -> Product<'a> {
    let pages = &offer.pages;
    let mut additional_overview_uris = Vec::new();
    if let Some(sheet) = pages.key_facts_sheet {
        additional_overview_uris.push(AdditionalUri {
            description: "Key Facts Sheet",
            additional_info_uri: absolute(origin, sheet),
        });
    }
    Product {
        product_id: &offer.id,
        effective_from: offer.offered_from.map(date_time),
        effective_to: offer.withdrawn_from.map(date_time),
        last_updated: moment(offer.last_updated(now)),
        product_category: category_code(offer),
        name: &offer.name,
        description: &offer.description,
        brand: BRAND,
        brand_name: BRAND,
        application_uri: pages.apply.as_deref().map(|path| absolute(origin, path)),
        is_tailored: false,
        additional_information: AdditionalInformation {
            overview_uri: absolute(origin, pages.overview),
            terms_uri: absolute(origin, pages.terms),
            eligibility_uri: pages
                .target_market
                .as_deref()
                .map(|path| absolute(origin, path)),
            fees_and_pricing_uri: absolute(origin, pages.fees_and_pricing),
            additional_overview_uris,
        },
    }
}

fn described(kind: Kind, value: Option<String>, info: Option<String>) -> Described {
    let (feature_type, constraint_type, eligibility_type) = match kind {
        Kind::Feature(code) => (Some(code), None, None),
        Kind::Constraint(code) => (None, Some(code), None),
        Kind::Eligibility(code) => (None, None, Some(code)),
    };
    Described {
        feature_type,
        constraint_type,
        eligibility_type,
        additional_value: value,
        additional_info: info,
    }
}

enum Kind {
    Feature(&'static str),
    Constraint(&'static str),
    Eligibility(&'static str),
}

fn feature(feature: &Feature) -> Described {
    // The words are core's (`Feature::describe`), the ones the site lists.
    let words = Some(feature.describe());
    match feature {
        Feature::CardAccess(_) => described(Kind::Feature("CARD_ACCESS"), None, words),
        Feature::DigitalWallet => described(
            Kind::Feature("DIGITAL_WALLET"),
            Some("Apple Pay, Google Pay, Samsung Pay".into()),
            None,
        ),
        Feature::DigitalBanking => described(Kind::Feature("DIGITAL_BANKING"), None, words),
        Feature::PayId => described(Kind::Feature("NPP_PAYID"), None, None),
        Feature::BillPayment => {
            described(Kind::Feature("BILL_PAYMENT"), Some("BPAY".into()), words)
        }
        Feature::FreeTransactions(count) => {
            described(Kind::Feature("FREE_TXNS"), Some(count.to_string()), words)
        }
        Feature::UnlimitedTransactions => described(Kind::Feature("UNLIMITED_TXNS"), None, None),
        Feature::AdditionalCards(count) => described(
            Kind::Feature("ADDITIONAL_CARDS"),
            Some(count.to_string()),
            words,
        ),
        Feature::ExtraRepayments(_) => described(Kind::Feature("EXTRA_REPAYMENTS"), None, words),
        Feature::Redraw => described(Kind::Feature("REDRAW"), None, words),
        Feature::Offset => described(Kind::Feature("OFFSET"), None, words),
        Feature::InterestFreeDays(days) => described(
            Kind::Feature("INTEREST_FREE"),
            Some(format!("P{days}D")),
            words,
        ),
        Feature::Insurance(_) => described(Kind::Feature("INSURANCE"), None, words),
        Feature::DepositFromPercent(_) | Feature::FixedForUpToYears(_) | Feature::Other(_) => {
            described(Kind::Feature("OTHER"), None, words)
        }
    }
}

fn constraint(constraint: &Constraint) -> Described {
    match constraint {
        Constraint::MinimumBalance(dollars) => described(
            Kind::Constraint("MIN_BALANCE"),
            Some(amount(*dollars)),
            None,
        ),
        Constraint::OpeningBalance(dollars) => described(
            Kind::Constraint("OPENING_BALANCE"),
            Some(amount(*dollars)),
            None,
        ),
        Constraint::MinimumLoan(dollars) => {
            described(Kind::Constraint("MIN_LIMIT"), Some(amount(*dollars)), None)
        }
        Constraint::MaximumLoan(dollars) => {
            described(Kind::Constraint("MAX_LIMIT"), Some(amount(*dollars)), None)
        }
        Constraint::MaximumLvr(percent) => described(
            Kind::Constraint("MAX_LVR"),
            Some(rate(Decimal::from(*percent))),
            None,
        ),
        Constraint::TermYears { min, max } => described(
            Kind::Constraint("OTHER"),
            None,
            Some(format!("Loan terms from {min} to {max} years")),
        ),
    }
}

fn eligibility(criterion: &Eligibility) -> Described {
    let words = criterion.describe();
    // Where the standard's table says `additionalValue` holds the description (residency and
    // employment status), the words go there; `OTHER` carries them in `additionalInfo`.
    let (code, value, info) = match criterion {
        Eligibility::MinimumAge(years) => ("MIN_AGE", Some(years.to_string()), Some(words)),
        Eligibility::AustralianResident => ("RESIDENCY_STATUS", Some(words), None),
        Eligibility::NaturalPerson => ("NATURAL_PERSON", None, Some(words)),
        Eligibility::Business => ("BUSINESS", None, Some(words)),
        Eligibility::RegularIncome => ("EMPLOYMENT_STATUS", Some(words), None),
        Eligibility::FirstHomeBuyer
        | Eligibility::OwnerOccupier
        | Eligibility::MinimumDepositPercent(_)
        | Eligibility::Other(_) => ("OTHER", None, Some(words)),
    };
    described(Kind::Eligibility(code), value, info)
}

fn fee(fee: &Fee) -> WireFee {
    let (fee_type, value, when) = match fee.kind {
        FeeKind::Establishment => (
            "UPFRONT",
            None,
            "Charged once, when the loan is drawn".to_owned(),
        ),
        FeeKind::Monthly => (
            "PERIODIC",
            Some("P1M".to_owned()),
            "Charged every month".to_owned(),
        ),
        FeeKind::Annual => (
            "PERIODIC",
            Some("P1Y".to_owned()),
            "Charged every year".to_owned(),
        ),
        FeeKind::Discharge => (
            "EXIT",
            None,
            "Charged once, when the loan is repaid".to_owned(),
        ),
        // The standard's additionalValue: the number of days late after which it applies.
        FeeKind::LatePayment { days_late } => (
            "LATE_PAYMENT",
            Some(days_late.to_string()),
            format!(
                "Charged when the minimum repayment is {days_late} day{} or more past its due date",
                if days_late == 1 { "" } else { "s" }
            ),
        ),
    };
    let discounts = fee
        .waived_from_balance
        .map(|balance| WireDiscount {
            description: format!(
                "Waived in a month the daily balance stays at {} or more",
                banksia_core::money::format_aud(balance, false)
            ),
            discount_type: "BALANCE",
            discount_method_u_type: "fixedAmount",
            fixed_amount: Amount {
                amount: amount(fee.amount),
            },
            additional_value: amount(balance),
        })
        .into_iter()
        .collect();
    WireFee {
        name: fee.name.clone(),
        fee_type,
        fee_method_u_type: "fixedAmount",
        fixed_amount: Amount {
            amount: amount(fee.amount),
        },
        currency: "AUD",
        additional_value: value,
        additional_info: when,
        discounts,
    }
}

fn months(count: u32) -> String {
    format!("P{count}M")
}

fn deposit_rate(offered: &DepositRateOffer, today: NaiveDate) -> WireDepositRate {
    let (application_type, application_frequency, paid) = match offered.paid {
        InterestPaid::EveryMonths(count) => (
            "PERIODIC",
            Some(months(count)),
            match count {
                1 => "paid monthly".to_owned(),
                3 => "paid quarterly".to_owned(),
                6 => "paid every six months".to_owned(),
                12 => "paid yearly".to_owned(),
                n => format!("paid every {n} months"),
            },
        ),
        InterestPaid::AtMaturity => ("MATURITY", None, "paid at maturity".to_owned()),
    };
    let (kind, additional_value, info) = match offered.kind {
        DepositRateKind::Variable => (
            "VARIABLE",
            None,
            format!("Variable rate, interest calculated daily and {paid}"),
        ),
        DepositRateKind::Fixed => {
            let term = offered.term_months.unwrap_or(0);
            (
                "FIXED",
                Some(months(term)),
                format!("Fixed for {term} months, interest {paid}"),
            )
        }
    };
    WireDepositRate {
        deposit_rate_type: kind,
        rate: rate(offered.annual_rate_percent),
        calculation_frequency: "P1D",
        application_type,
        application_frequency,
        additional_value,
        additional_info: info,
        tiers: vec![WireTier {
            name: format!(
                "Balances of {} or more",
                banksia_core::money::format_aud(offered.minimum_balance, false)
            ),
            unit_of_measure: "DOLLAR",
            minimum_value: amount(offered.minimum_balance),
            rate_application_method: "WHOLE_BALANCE",
        }],
        applicability_conditions: period_conditions(&offered.period, today),
    }
}

fn lending_rate(offered: &LendingRateOffer, today: NaiveDate) -> WireLendingRate {
    let (kind, additional_value) = match offered.kind {
        LendingRateKind::Variable | LendingRateKind::Revert => ("VARIABLE", None),
        LendingRateKind::Fixed => (
            "FIXED",
            offered.fixed_years.map(|years| format!("P{years}Y")),
        ),
        LendingRateKind::Purchase => ("PURCHASE", None),
        LendingRateKind::CashAdvance => ("CASH_ADVANCE", None),
    };
    let mut conditions = period_conditions(&offered.period, today);
    if offered.kind == LendingRateKind::Revert {
        conditions.insert(
            0,
            WireCondition {
                rate_applicability_type: "OTHER",
                additional_info: "The revert rate: applies when the fixed rate period ends"
                    .to_owned(),
            },
        );
    }
    WireLendingRate {
        lending_rate_type: kind,
        rate: rate(offered.annual_rate_percent),
        comparison_rate: offered.comparison_rate_percent.map(rate),
        calculation_frequency: "P1D",
        application_type: "PERIODIC",
        application_frequency: "P1M",
        interest_payment_due: "IN_ARREARS",
        repayment_type: "PRINCIPAL_AND_INTEREST",
        loan_purpose: match offered.purpose {
            LoanPurpose::OwnerOccupied => "OWNER_OCCUPIED",
            LoanPurpose::Personal => "OTHER",
        },
        additional_value,
        additional_info: match (&offered.comparison_basis, offered.kind) {
            (Some(basis), _) => Some(format!(
                "{basis} WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate."
            )),
            (None, LendingRateKind::Revert) => Some(
                "The variable rate the loan reverts to at the end of its fixed rate period."
                    .to_owned(),
            ),
            (None, LendingRateKind::CashAdvance) => {
                Some("Applies to cash advances from the day they are made.".to_owned())
            }
            (None, _) => None,
        },
        applicability_conditions: conditions,
    }
}

/// `BankingProductDetailV7` of `offer` as published at `now` (its rates already chosen for
/// then, [`ProductOffer::published_at`]).
pub fn detail<'a>(offer: &'a ProductOffer, origin: &str, now: DateTime<Utc>) -> ProductDetail<'a> {
    let today = sydney_time(now).date();
    ProductDetail {
        product: product(offer, origin, now),
        features: offer.features.iter().map(feature).collect(),
        constraints: offer.constraints.iter().map(constraint).collect(),
        eligibility: offer.eligibility.iter().map(eligibility).collect(),
        fees: offer.fees.iter().map(fee).collect(),
        deposit_rates: offer
            .deposit_rates
            .iter()
            .map(|rate| deposit_rate(rate, today))
            .collect(),
        lending_rates: offer
            .lending_rates
            .iter()
            .map(|rate| lending_rate(rate, today))
            .collect(),
    }
}

/// `ResponseCommonDiscoveryStatus` (Get Status, version 1).
#[derive(Debug, Serialize)]
pub struct StatusResponse {
    pub data: Status,
    pub links: SelfLink,
    pub meta: EmptyMeta,
}

/// The status itself: `OK` needs no explanation and no outage times.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub status: &'static str,
    pub update_time: String,
}

/// `ResponseDiscoveryOutagesList` (Get Outages, version 1).
#[derive(Debug, Serialize)]
pub struct OutagesResponse {
    pub data: Outages,
    pub links: SelfLink,
    pub meta: EmptyMeta,
}

/// The scheduled outages (`DiscoveryOutage`), none.
#[derive(Debug, Serialize)]
pub struct Outages {
    pub outages: Vec<Outage>,
}

/// `DiscoveryOutage`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outage {
    pub outage_time: String,
    pub duration: String,
    pub explanation: String,
}

/// The detail's `data` (`BankingProductDetailV7`, written by [`detail`]) in version 4's shape
/// (`BankingProductDetailV4`, banking 1.15 to 1.32): a fee or discount is an `amount` (no
/// `feeMethodUType`), a late payment fee an `EVENT` (version 4 has no `LATE_PAYMENT`), a rate has
/// no `applicationType` and no rate-level conditions (their words join its `additionalInfo`), a
/// tier's bounds are numbers, a loan purpose or repayment type version 4 doesn't know is left
/// out, and a constraint version 4 has no type for (an LVR limit, a loan term) is an `OTHER`
/// feature in words.
pub fn downgrade_detail(data: &mut serde_json::Value) {
    use serde_json::Value;
    let list = |data: &mut Value, key: &str| -> Vec<Value> {
        data.get_mut(key)
            .and_then(Value::as_array_mut)
            .map(std::mem::take)
            .unwrap_or_default()
    };
    let flatten_amount = |item: &mut Value, method: &str| {
        if let Some(object) = item.as_object_mut() {
            object.remove(method);
            if let Some(amount) = object
                .remove("fixedAmount")
                .and_then(|fixed| fixed.get("amount").cloned())
            {
                object.insert("amount".into(), amount);
            }
        }
    };
    let conditions_into_words = |item: &mut Value| {
        let Some(object) = item.as_object_mut() else {
            return;
        };
        object.remove("applicationType");
        let words: Vec<String> = object
            .remove("applicabilityConditions")
            .and_then(|c| c.as_array().cloned())
            .unwrap_or_default()
            .iter()
            .filter_map(|c| c["additionalInfo"].as_str().map(str::to_owned))
            .collect();
        if !words.is_empty() {
            let before = object
                .get("additionalInfo")
                .and_then(Value::as_str)
                .map(str::to_owned);
            let joined = match before {
                Some(before) => format!("{before}. {}", words.join(". ")),
                None => words.join(". "),
            };
            object.insert("additionalInfo".into(), Value::String(joined));
        }
    };
    let mut fees = list(data, "fees");
    for fee in &mut fees {
        flatten_amount(fee, "feeMethodUType");
        if fee["feeType"] == "LATE_PAYMENT" {
            fee["feeType"] = Value::String("EVENT".into());
            if let Some(object) = fee.as_object_mut() {
                // Its days late are in its words; EVENT's additionalValue means nothing.
                object.remove("additionalValue");
            }
        }
        if let Some(discounts) = fee.get_mut("discounts").and_then(Value::as_array_mut) {
            for discount in discounts {
                flatten_amount(discount, "discountMethodUType");
            }
        }
    }
    // A tier's bounds were numbers before they were strings.
    let numeric_tiers = |rate: &mut Value| {
        for tier in rate
            .get_mut("tiers")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            for bound in ["minimumValue", "maximumValue"] {
                let number = tier[bound]
                    .as_str()
                    .and_then(|text| serde_json::from_str::<serde_json::Number>(text).ok());
                if let (Some(number), Some(object)) = (number, tier.as_object_mut()) {
                    object.insert(bound.into(), Value::Number(number));
                }
            }
        }
    };
    let mut deposit_rates = list(data, "depositRates");
    for rate in &mut deposit_rates {
        conditions_into_words(rate);
        numeric_tiers(rate);
    }
    let mut lending_rates = list(data, "lendingRates");
    for rate in &mut lending_rates {
        conditions_into_words(rate);
        numeric_tiers(rate);
        if let Some(object) = rate.as_object_mut() {
            for (key, known) in [
                ("loanPurpose", ["OWNER_OCCUPIED", "INVESTMENT"]),
                ("repaymentType", ["PRINCIPAL_AND_INTEREST", "INTEREST_ONLY"]),
            ] {
                let keep = object
                    .get(key)
                    .and_then(Value::as_str)
                    .is_some_and(|value| known.contains(&value));
                if !keep {
                    object.remove(key);
                }
            }
        }
    }
    const VERSION_4_CONSTRAINTS: [&str; 5] = [
        "MAX_BALANCE",
        "MAX_LIMIT",
        "MIN_BALANCE",
        "MIN_LIMIT",
        "OPENING_BALANCE",
    ];
    let (constraints, in_words): (Vec<Value>, Vec<Value>) =
        list(data, "constraints").into_iter().partition(|c| {
            c["constraintType"]
                .as_str()
                .is_some_and(|kind| VERSION_4_CONSTRAINTS.contains(&kind))
        });
    let mut features = list(data, "features");
    for constraint in in_words {
        let words = if constraint["constraintType"] == "MAX_LVR" {
            let percent = constraint["additionalValue"]
                .as_str()
                .and_then(|fraction| fraction.parse::<Decimal>().ok())
                .map(|fraction| (fraction * Decimal::ONE_HUNDRED).normalize().to_string())
                .unwrap_or_default();
            format!("Loan to value ratio (LVR) up to {percent}%")
        } else {
            constraint["additionalInfo"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        };
        features.push(serde_json::json!({ "featureType": "OTHER", "additionalInfo": words }));
    }
    if let Some(object) = data.as_object_mut() {
        for (key, items) in [
            ("fees", fees),
            ("depositRates", deposit_rates),
            ("lendingRates", lending_rates),
            ("constraints", constraints),
            ("features", features),
        ] {
            if !items.is_empty() || ["fees", "constraints", "features"].contains(&key) {
                object.insert(key.into(), Value::Array(items));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_fractions_and_amounts_have_cents() {
        assert_eq!(rate("6.45".parse().unwrap()), "0.0645");
        assert_eq!(rate("5".parse().unwrap()), "0.05");
        assert_eq!(amount(Decimal::from(250)), "250.00");
        assert_eq!(
            date_time(NaiveDate::from_ymd_opt(2026, 11, 6).unwrap()),
            "2026-11-06T00:00:00+11:00"
        );
        // Winter: Sydney is on standard time.
        assert_eq!(
            date_time(NaiveDate::from_ymd_opt(2026, 7, 1).unwrap()),
            "2026-07-01T00:00:00+10:00"
        );
        // The days the clocks change start on the offset of their midnight.
        assert_eq!(
            date_time(NaiveDate::from_ymd_opt(2026, 10, 4).unwrap()),
            "2026-10-04T00:00:00+10:00"
        );
        assert_eq!(
            date_time(NaiveDate::from_ymd_opt(2026, 4, 5).unwrap()),
            "2026-04-05T00:00:00+11:00"
        );
    }
}
