//! How much could I borrow: an estimate of borrowing power from income, expenses and debts.
//!
//! This is an estimate only, not an offer of credit ([`ESTIMATE_NOTE`]). It follows the shape
//! of a lender's serviceability test, each step with its source:
//!
//! 1. **Income after tax.** Each applicant's gross annual income (the first applicant's with
//!    the household's other income added) is taxed at the Australian resident rates of the
//!    income year in force ([`IncomeYear::containing`] today's date), in whole dollars as the
//!    Tax Office assesses it, plus the 2% Medicare levy (Medicare Levy Act 1986, s 6). The rates
//!    are Schedule 7 of the *Income Tax Rates Act 1986* as amended in 2024 and 2025
//!    ([`IncomeYear::tax_bands`]): every year has the thresholds $18,200, $45,000, $135,000 and
//!    $190,000 with 30%, 37% and 45% above the second, and the first band is 16% in 2025-26,
//!    15% in 2026-27 and 14% from 2027-28. The Medicare levy's low-income reduction and the tax
//!    offsets are left out, which can only make the estimate more cautious.
//! 2. **Living expenses** are the higher of the monthly figure declared and Banksia's floor for
//!    the household ([`living_expense_floor`]): $1,600 a month for one adult, $2,400 for two,
//!    and $450 for each dependant. Lenders test declared expenses against a benchmark of this
//!    kind (ASIC's responsible lending guidance, RG 209); the floor is our own figure, not the
//!    licensed Household Expenditure Measure.
//! 3. **Commitments**: the other monthly debt repayments as declared, and credit card limits at
//!    3% of the limit a month ([`CARD_LIMIT_MONTHLY_PERCENT`]) whether or not the card is used.
//! 4. **Monthly surplus** = net monthly income (annual after tax ÷ 12, to the cent) − living
//!    expenses − commitments.
//! 5. **Assessment rate** = the product rate + 3.00 percentage points, the serviceability
//!    buffer APRA expects lenders to use (APRA, letter to ADIs of October 2021; Prudential
//!    Practice Guide APG 223) ([`SERVICEABILITY_BUFFER_PERCENT`]).
//! 6. **Borrowing power** = the loan whose monthly principal-and-interest repayment at the
//!    assessment rate over the term equals the surplus, `S · (1 − (1+r)^−n) / r` with
//!    `r` = assessment rate ÷ 1200 and `n` = years × 12, **rounded down to the nearest $1,000**.
//!    No surplus means no borrowing power ($0).
//!
//! Every figure is a [`Decimal`]; powers are integer powers, no floating point.
//!
//! # Worked examples
//!
//! One applicant on $100,000 a year in 2026-27, declaring $2,000 a month to live on, no debts,
//! 30 years at 6.45% p.a.: tax $4,020 + 30% × $55,000 = $20,520, Medicare levy $2,000, so
//! $77,480 a year or $6,456.67 a month; less $2,000 (above the $1,600 floor) leaves $4,456.67
//! a month. At 9.45% over 360 months that repays $532,324.92, so the estimate is $532,000.
//!
//! ```
//! use banksia_core::borrowing_power::{borrowing_power, BorrowingPowerInput, IncomeYear};
//! use rust_decimal::Decimal;
//!
//! let input = BorrowingPowerInput {
//!     income: Decimal::from(100_000),
//!     living_expenses: Decimal::from(2_000),
//!     ..BorrowingPowerInput::single(Decimal::ZERO)
//! };
//! let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
//! assert_eq!(estimate.income_tax.to_string(), "20520.00");
//! assert_eq!(estimate.medicare_levy.to_string(), "2000.00");
//! assert_eq!(estimate.net_monthly_income.to_string(), "6456.67");
//! assert_eq!(estimate.monthly_surplus.to_string(), "4456.67");
//! assert_eq!(estimate.assessment_rate_percent.to_string(), "9.45");
//! assert_eq!(estimate.borrowing_power, Decimal::from(532_000));
//! ```
//!
//! A couple on $90,000 and $60,000 with two children, $15,000 of credit card limits and a
//! $450 car loan repayment, declaring only $3,000 a month: the floor of $2,400 + 2 × $450 =
//! $3,300 is used instead, and the cards count as $450 a month. After tax they have
//! $10,080 a month, leaving $5,880, which repays $702,333.93 at 9.45%: $702,000.
//!
//! ```
//! use banksia_core::borrowing_power::{borrowing_power, BorrowingPowerInput, IncomeYear};
//! use rust_decimal::Decimal;
//!
//! let input = BorrowingPowerInput {
//!     applicants: 2,
//!     income: Decimal::from(90_000),
//!     partner_income: Decimal::from(60_000),
//!     dependants: 2,
//!     living_expenses: Decimal::from(3_000),
//!     other_repayments: Decimal::from(450),
//!     card_limits: Decimal::from(15_000),
//!     ..BorrowingPowerInput::single(Decimal::ZERO)
//! };
//! let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
//! assert_eq!(estimate.living_expenses_used, Decimal::from(3_300));
//! assert!(estimate.floor_applied);
//! assert_eq!(estimate.card_commitment.to_string(), "450.00");
//! // Tax: $4,020 + 30% × $45,000 = $17,520 and $4,020 + 30% × $15,000 = $8,520.
//! assert_eq!(estimate.income_tax.to_string(), "26040.00");
//! assert_eq!(estimate.net_monthly_income.to_string(), "10080.00");
//! assert_eq!(estimate.monthly_surplus.to_string(), "5880.00");
//! assert_eq!(estimate.borrowing_power, Decimal::from(702_000));
//! ```

use chrono::{Datelike, NaiveDate};
use rust_decimal::{Decimal, MathematicalOps, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::calculator::{EntryError, LoanField, Money};
use crate::entries::{
    Count, Entry, EntryField, FieldErrors, Problems, Unreadable, read_count, read_number,
};
use crate::loan::{self, LoanTerms};
use crate::money::round_to_cents;

/// The wording shown beside every borrowing power figure.
pub const ESTIMATE_NOTE: &str = "This is an estimate only, not an offer of credit. It assumes \
the rates and figures you entered stay the same; when you apply we look at your full \
financial situation.";

/// Percentage points added to the product rate to test repayments (APRA's buffer): 3.00.
pub const SERVICEABILITY_BUFFER_PERCENT: Decimal = Decimal::from_parts(300, 0, 0, false, 2);
/// Share of the total credit card limits counted as a monthly repayment, in percent: 3.
pub const CARD_LIMIT_MONTHLY_PERCENT: Decimal = Decimal::from_parts(3, 0, 0, false, 0);
/// The Medicare levy, in percent of taxable income: 2.
pub const MEDICARE_LEVY_PERCENT: Decimal = Decimal::from_parts(2, 0, 0, false, 0);
/// Living expense floor for a household of one adult, a month: $1,600.
pub const FLOOR_ONE_ADULT: Decimal = Decimal::from_parts(1_600, 0, 0, false, 0);
/// Living expense floor for a household of two adults, a month: $2,400.
pub const FLOOR_TWO_ADULTS: Decimal = Decimal::from_parts(2_400, 0, 0, false, 0);
/// What each dependant adds to the living expense floor, a month: $450.
pub const FLOOR_PER_DEPENDANT: Decimal = Decimal::from_parts(450, 0, 0, false, 0);
/// The highest annual income accepted per entry: $10,000,000.
pub const MAX_ANNUAL_INCOME: Decimal = Decimal::from_parts(10_000_000, 0, 0, false, 0);
/// The highest monthly amount (expenses, repayments) and total card limit accepted: $1,000,000.
pub const MAX_MONTHLY_AMOUNT: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);
/// The most dependants accepted.
pub const MAX_DEPENDANTS: u32 = 10;
/// Borrowing power is rounded down to a multiple of this: $1,000.
pub const ROUNDING_STEP: Decimal = Decimal::from_parts(1_000, 0, 0, false, 0);

/// An Australian income year (1 July to 30 June), by the tax rates it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum IncomeYear {
    /// 1 July 2025 to 30 June 2026 (and earlier dates: 2024-25 had the same rates).
    #[serde(rename = "2025-26")]
    Y2025_26,
    /// 1 July 2026 to 30 June 2027.
    #[serde(rename = "2026-27")]
    Y2026_27,
    /// 1 July 2027 to 30 June 2028, and every later year (the Act sets 14% from 2027-28 on).
    #[serde(rename = "2027-28")]
    Y2027_28,
}

/// One band of a tax table: income above `above` (whole dollars) is taxed at `rate_percent`
/// up to the next band's threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaxBand {
    /// The threshold in dollars.
    pub above: Decimal,
    /// The marginal rate in percent.
    pub rate_percent: Decimal,
}

const fn band(above: u32, rate_percent: u32) -> TaxBand {
    TaxBand {
        above: Decimal::from_parts(above, 0, 0, false, 0),
        rate_percent: Decimal::from_parts(rate_percent, 0, 0, false, 0),
    }
}

const BANDS_2025_26: [TaxBand; 4] = [
    band(18_200, 16),
    band(45_000, 30),
    band(135_000, 37),
    band(190_000, 45),
];
const BANDS_2026_27: [TaxBand; 4] = [
    band(18_200, 15),
    band(45_000, 30),
    band(135_000, 37),
    band(190_000, 45),
];
const BANDS_2027_28: [TaxBand; 4] = [
    band(18_200, 14),
    band(45_000, 30),
    band(135_000, 37),
    band(190_000, 45),
];

impl IncomeYear {
    /// The income year `date` falls in. Dates before 1 July 2025 use 2025-26 (2024-25's rates
    /// were the same) and dates after 30 June 2028 use 2027-28 (its rates continue).
    ///
    /// ```
    /// use banksia_core::borrowing_power::IncomeYear;
    /// use chrono::NaiveDate;
    ///
    /// let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    /// assert_eq!(IncomeYear::containing(day(2026, 6, 30)), IncomeYear::Y2025_26);
    /// assert_eq!(IncomeYear::containing(day(2026, 7, 1)), IncomeYear::Y2026_27);
    /// assert_eq!(IncomeYear::containing(day(2031, 1, 1)), IncomeYear::Y2027_28);
    /// ```
    pub fn containing(date: NaiveDate) -> Self {
        // The income year is named by the calendar year it starts in (1 July).
        let starts = if date.month() >= 7 {
            date.year()
        } else {
            date.year() - 1
        };
        match starts {
            ..=2025 => Self::Y2025_26,
            2026 => Self::Y2026_27,
            _ => Self::Y2027_28,
        }
    }

    /// `"2026-27"`.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Y2025_26 => "2025-26",
            Self::Y2026_27 => "2026-27",
            Self::Y2027_28 => "2027-28",
        }
    }

    /// The resident tax bands above the tax-free threshold of $18,200.
    ///
    /// ```
    /// use banksia_core::borrowing_power::IncomeYear;
    /// use rust_decimal::Decimal;
    ///
    /// let first = IncomeYear::Y2026_27.tax_bands()[0];
    /// assert_eq!((first.above, first.rate_percent), (Decimal::from(18_200), Decimal::from(15)));
    /// ```
    pub const fn tax_bands(self) -> &'static [TaxBand] {
        match self {
            Self::Y2025_26 => &BANDS_2025_26,
            Self::Y2026_27 => &BANDS_2026_27,
            Self::Y2027_28 => &BANDS_2027_28,
        }
    }
}

/// Resident income tax on `income` in `year`: the income in whole dollars (cents dropped, as
/// the Tax Office assesses it) taxed band by band. Without the Medicare levy and offsets.
///
/// ```
/// use banksia_core::borrowing_power::{income_tax, IncomeYear};
/// use rust_decimal::Decimal;
///
/// // The Act's own figures at each threshold in 2026-27.
/// let tax = |income: u32| income_tax(Decimal::from(income), IncomeYear::Y2026_27).to_string();
/// assert_eq!(tax(18_200), "0.00");
/// assert_eq!(tax(45_000), "4020.00");
/// assert_eq!(tax(135_000), "31020.00");
/// assert_eq!(tax(190_000), "51370.00");
/// assert_eq!(tax(200_000), "55870.00");
/// // 2025-26 (16%) and 2027-28 (14%) differ only in the first band.
/// assert_eq!(income_tax(Decimal::from(45_000), IncomeYear::Y2025_26).to_string(), "4288.00");
/// assert_eq!(income_tax(Decimal::from(45_000), IncomeYear::Y2027_28).to_string(), "3752.00");
/// ```
pub fn income_tax(income: Decimal, year: IncomeYear) -> Decimal {
    let taxable = income.trunc().max(Decimal::ZERO);
    let bands = year.tax_bands();
    let mut tax = Decimal::ZERO;
    for (index, band) in bands.iter().enumerate() {
        if taxable <= band.above {
            break;
        }
        let top = bands
            .get(index + 1)
            .map_or(taxable, |next| next.above.min(taxable));
        tax += (top - band.above) * band.rate_percent / Decimal::ONE_HUNDRED;
    }
    round_to_cents(tax)
}

/// The Medicare levy on `income`: 2% of the income in whole dollars.
///
/// ```
/// use banksia_core::borrowing_power::medicare_levy;
/// use rust_decimal::Decimal;
/// assert_eq!(medicare_levy(Decimal::new(8_500_099, 2)).to_string(), "1700.00");
/// ```
pub fn medicare_levy(income: Decimal) -> Decimal {
    round_to_cents(income.trunc().max(Decimal::ZERO) * MEDICARE_LEVY_PERCENT / Decimal::ONE_HUNDRED)
}

/// Banksia's monthly living expense floor for a household of `adults` (1 or 2) and
/// `dependants`: $1,600 for one adult, $2,400 for two, plus $450 per dependant.
///
/// ```
/// use banksia_core::borrowing_power::living_expense_floor;
/// use rust_decimal::Decimal;
/// assert_eq!(living_expense_floor(1, 0), Decimal::from(1_600));
/// assert_eq!(living_expense_floor(2, 3), Decimal::from(3_750));
/// ```
pub fn living_expense_floor(adults: u8, dependants: u32) -> Decimal {
    let base = if adults >= 2 {
        FLOOR_TWO_ADULTS
    } else {
        FLOOR_ONE_ADULT
    };
    base + FLOOR_PER_DEPENDANT * Decimal::from(dependants)
}

/// What the estimate is worked out from, read and checked (see [`BorrowingPowerEntries`] for
/// what a person types).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BorrowingPowerInput {
    /// 1 or 2 applicants.
    pub applicants: u8,
    /// The first applicant's gross annual income.
    pub income: Decimal,
    /// The second applicant's gross annual income (counted only with 2 applicants).
    pub partner_income: Decimal,
    /// Other gross annual income (rent, investments), taxed with the first applicant's.
    pub other_income: Decimal,
    /// Dependants (children and others the household supports).
    pub dependants: u32,
    /// Declared living expenses a month.
    pub living_expenses: Decimal,
    /// Other debt repayments a month (car and personal loans, other home loans).
    pub other_repayments: Decimal,
    /// The total of every credit card limit.
    pub card_limits: Decimal,
    /// The loan term in years (1 to 40).
    pub term_years: u32,
    /// The product's annual rate in percent (0 to 30).
    pub annual_rate_percent: Decimal,
}

impl BorrowingPowerInput {
    /// One applicant with `income`, nothing else declared, 30 years at 6.45% p.a. (the home
    /// loan calculator's defaults).
    pub fn single(income: Decimal) -> Self {
        let loan = LoanTerms::calculator_defaults();
        Self {
            applicants: 1,
            income,
            partner_income: Decimal::ZERO,
            other_income: Decimal::ZERO,
            dependants: 0,
            living_expenses: Decimal::ZERO,
            other_repayments: Decimal::ZERO,
            card_limits: Decimal::ZERO,
            term_years: loan.term_years,
            annual_rate_percent: loan.annual_rate_percent,
        }
    }
}

/// The estimate and every step of it (see the [module rules](self)). Amounts are exact to the
/// cent; monthly figures are a month's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BorrowingPower {
    /// The income year whose tax rates were used.
    pub income_year: IncomeYear,
    /// All gross annual income counted.
    pub gross_income: Decimal,
    /// Income tax of all applicants, a year.
    pub income_tax: Decimal,
    /// Medicare levy of all applicants, a year.
    pub medicare_levy: Decimal,
    /// Income after tax and levy, a month.
    pub net_monthly_income: Decimal,
    /// The floor for this household, a month.
    pub living_expense_floor: Decimal,
    /// The living expenses counted: the higher of the declared figure and the floor.
    pub living_expenses_used: Decimal,
    /// True when the floor was higher than the declared figure.
    pub floor_applied: bool,
    /// Credit card limits counted as a monthly repayment (3%).
    pub card_commitment: Decimal,
    /// Other debt repayments, a month.
    pub other_repayments: Decimal,
    /// What is left a month for a home loan repayment (negative when nothing is).
    pub monthly_surplus: Decimal,
    /// The product rate plus the buffer, in percent.
    pub assessment_rate_percent: Decimal,
    /// The loan amount estimate, a multiple of $1,000 (0 without a surplus).
    pub borrowing_power: Decimal,
    /// The monthly repayment of that loan at the product rate; `None` when it is $0.
    pub repayment: Option<Decimal>,
}

/// Works out the borrowing power of a checked `input` with `year`'s tax rates.
///
/// ```
/// use banksia_core::borrowing_power::{borrowing_power, BorrowingPowerInput, IncomeYear};
/// use rust_decimal::Decimal;
///
/// // $30,000 a year leaves $702.50 a month over the floor.
/// let low = borrowing_power(&BorrowingPowerInput::single(Decimal::from(30_000)), IncomeYear::Y2026_27);
/// assert_eq!(low.monthly_surplus.to_string(), "702.50");
/// assert_eq!(low.borrowing_power, Decimal::from(83_000));
/// // $18,000 a year does not cover the floor: nothing to borrow.
/// let lower = borrowing_power(&BorrowingPowerInput::single(Decimal::from(18_000)), IncomeYear::Y2026_27);
/// assert!(lower.monthly_surplus < Decimal::ZERO);
/// assert_eq!((lower.borrowing_power, lower.repayment), (Decimal::ZERO, None));
/// ```
pub fn borrowing_power(input: &BorrowingPowerInput, year: IncomeYear) -> BorrowingPower {
    let two = input.applicants >= 2;
    let first = input.income + input.other_income;
    let second = if two {
        input.partner_income
    } else {
        Decimal::ZERO
    };
    let income_tax = income_tax(first, year) + income_tax(second, year);
    let levy = medicare_levy(first) + medicare_levy(second);
    let gross_income = first + second;
    let net_monthly_income = round_to_cents((gross_income - income_tax - levy) / Decimal::from(12));
    let floor = living_expense_floor(input.applicants, input.dependants);
    let living_expenses_used = input.living_expenses.max(floor);
    let card_commitment =
        round_to_cents(input.card_limits * CARD_LIMIT_MONTHLY_PERCENT / Decimal::ONE_HUNDRED);
    let monthly_surplus = net_monthly_income
        - living_expenses_used
        - card_commitment
        - round_to_cents(input.other_repayments);
    let assessment_rate_percent = input.annual_rate_percent + SERVICEABILITY_BUFFER_PERCENT;
    let power = loan_for_repayment(monthly_surplus, assessment_rate_percent, input.term_years);
    let repayment = if power.is_zero() {
        None
    } else {
        loan::repayment(&LoanTerms::new(
            power,
            input.annual_rate_percent,
            input.term_years,
        ))
        .ok()
    };
    BorrowingPower {
        income_year: year,
        gross_income: round_to_cents(gross_income),
        income_tax,
        medicare_levy: levy,
        net_monthly_income,
        living_expense_floor: floor,
        living_expenses_used,
        floor_applied: floor > input.living_expenses,
        card_commitment,
        other_repayments: round_to_cents(input.other_repayments),
        monthly_surplus: round_to_cents(monthly_surplus),
        assessment_rate_percent: assessment_rate_percent
            .normalize()
            .max(Decimal::ZERO)
            .round_dp(2),
        borrowing_power: power,
        repayment,
    }
}

/// The largest multiple of $1,000 whose monthly repayment at `rate_percent` over `years` is at
/// most `repayment`: the present value `S · ((1+r)^n − 1) / (r · (1+r)^n)`, rounded down.
///
/// ```
/// use banksia_core::borrowing_power::loan_for_repayment;
/// use rust_decimal::Decimal;
///
/// // $3,143.92 a month at 6.45% over 30 years repays $500,000 (the calculator's default loan).
/// assert_eq!(loan_for_repayment(Decimal::new(314_392, 2), Decimal::new(645, 2), 30), Decimal::from(500_000));
/// // A cent less does not quite.
/// assert_eq!(loan_for_repayment(Decimal::new(314_391, 2), Decimal::new(645, 2), 30), Decimal::from(499_000));
/// assert_eq!(loan_for_repayment(Decimal::from(-1), Decimal::ONE, 30), Decimal::ZERO);
/// ```
pub fn loan_for_repayment(repayment: Decimal, rate_percent: Decimal, years: u32) -> Decimal {
    if repayment <= Decimal::ZERO || years == 0 {
        return Decimal::ZERO;
    }
    let periods = years * 12;
    let rate = rate_percent / Decimal::from(1_200);
    let present_value = if rate <= Decimal::ZERO {
        repayment.checked_mul(Decimal::from(periods))
    } else {
        (Decimal::ONE + rate)
            .checked_powi(i64::from(periods))
            .and_then(|growth| {
                repayment
                    .checked_mul(growth - Decimal::ONE)?
                    .checked_div(rate.checked_mul(growth)?)
            })
    };
    present_value.map_or(Decimal::ZERO, |value| {
        (value / ROUNDING_STEP).round_dp_with_strategy(0, RoundingStrategy::ToZero) * ROUNDING_STEP
    })
}

/// What a person entered in the borrowing power calculator, as typed. Every field may be left
/// out: `applicants` then is 1, the incomes other than the first, the dependants, expenses,
/// repayments and card limits are 0; `income`, `term_years` and `annual_rate_percent` must be
/// given.
///
/// ```
/// use banksia_core::borrowing_power::BorrowingPowerEntries;
///
/// let entries: BorrowingPowerEntries = serde_json::from_str(
///     r#"{ "income": "$100,000", "term_years": "30", "annual_rate_percent": "6.45%" }"#,
/// ).unwrap();
/// assert_eq!(entries.to_input().unwrap().income.to_string(), "100000");
/// // An unknown name, or an array of the entries in field order, is refused: the entries
/// // are one object, read by this one reader only.
/// assert!(serde_json::from_str::<BorrowingPowerEntries>(r#"{ "salary": "1" }"#).is_err());
/// assert!(serde_json::from_str::<BorrowingPowerEntries>(r#"["1", "$100,000"]"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
#[serde(remote = "Self", default, deny_unknown_fields)]
pub struct BorrowingPowerEntries {
    /// `"1"` (the default) or `"2"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub applicants: Entry,
    /// The first applicant's gross annual income, e.g. `"$95,000"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub income: Entry,
    /// The second applicant's gross annual income.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub partner_income: Entry,
    /// Other gross annual income.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub other_income: Entry,
    /// Number of dependants, e.g. `"2"`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub dependants: Entry,
    /// Living expenses a month.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub living_expenses: Entry,
    /// Other debt repayments a month.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub other_repayments: Entry,
    /// Total credit card limits.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub card_limits: Entry,
    /// The loan term in whole years.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub term_years: Entry,
    /// The product rate in percent.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Entry>"))]
    pub annual_rate_percent: Entry,
}

crate::reading::deserialize_object_only!(BorrowingPowerEntries, Serialize);

/// Why a borrowing power entry was refused: the `Display` text is the message for the person,
/// reported under the entry's [`BorrowingPowerField`]. (The term and rate are the loan's and
/// use the loan calculator's messages.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BorrowingPowerError {
    /// Not 1 or 2 applicants.
    #[error("Choose 1 or 2 applicants")]
    ApplicantsInvalid,
    /// No income entered.
    #[error("Enter your annual income before tax")]
    IncomeMissing,
    /// The income isn't a dollar amount.
    #[error("Enter your income in dollars a year, like 95,000")]
    IncomeUnreadable,
    /// The second applicant's income isn't a dollar amount.
    #[error("Enter the second applicant's income in dollars a year, like 80,000")]
    PartnerIncomeUnreadable,
    /// Other income isn't a dollar amount.
    #[error("Enter other income in dollars a year, like 12,000")]
    OtherIncomeUnreadable,
    /// An income is below zero.
    #[error("Income can't be negative")]
    IncomeNegative,
    /// An income is above [`MAX_ANNUAL_INCOME`].
    #[error("Income can't be more than $10,000,000 a year")]
    IncomeTooLarge,
    /// An amount has fractions of a cent.
    #[error("Enter dollars and cents, with at most 2 decimal places")]
    NotInCents,
    /// Every income is zero.
    #[error("Enter an income greater than $0")]
    NoIncome,
    /// Dependants isn't a whole number.
    #[error("Enter the number of dependants as a whole number")]
    DependantsNotWhole,
    /// Dependants below 0 or above [`MAX_DEPENDANTS`].
    #[error("Dependants must be between 0 and 10")]
    DependantsOutOfRange,
    /// Living expenses aren't a dollar amount.
    #[error("Enter living expenses in dollars a month, like 2,500")]
    LivingExpensesUnreadable,
    /// Other repayments aren't a dollar amount.
    #[error("Enter other repayments in dollars a month, like 400")]
    OtherRepaymentsUnreadable,
    /// Card limits aren't a dollar amount.
    #[error("Enter your total card limits in dollars, like 10,000")]
    CardLimitsUnreadable,
    /// A monthly amount or the card limits are below zero.
    #[error("Amount can't be negative")]
    AmountNegative,
    /// A monthly amount or the card limits are above [`MAX_MONTHLY_AMOUNT`].
    #[error("Amount can't be more than $1,000,000")]
    AmountTooLarge,
}

/// A field of the borrowing power calculator ([`BorrowingPowerEntries`]), as its JSON name: the
/// keys of its [`FieldErrors`]. In form order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BorrowingPowerField {
    /// [`BorrowingPowerEntries::applicants`].
    Applicants,
    /// [`BorrowingPowerEntries::income`].
    Income,
    /// [`BorrowingPowerEntries::partner_income`].
    PartnerIncome,
    /// [`BorrowingPowerEntries::other_income`].
    OtherIncome,
    /// [`BorrowingPowerEntries::dependants`].
    Dependants,
    /// [`BorrowingPowerEntries::living_expenses`].
    LivingExpenses,
    /// [`BorrowingPowerEntries::other_repayments`].
    OtherRepayments,
    /// [`BorrowingPowerEntries::card_limits`].
    CardLimits,
    /// [`BorrowingPowerEntries::term_years`].
    TermYears,
    /// [`BorrowingPowerEntries::annual_rate_percent`].
    AnnualRatePercent,
    /// The entries as a whole: a value that is not one object of them.
    Input,
}

impl EntryField for BorrowingPowerField {
    const INPUT: Self = Self::Input;
}

/// A dollar amount of at most 2 decimals between 0 and `max`; blank reads as 0.
fn read_money(
    entry: &Entry,
    unreadable: BorrowingPowerError,
    negative: BorrowingPowerError,
    too_large: (Decimal, BorrowingPowerError),
) -> Result<Decimal, BorrowingPowerError> {
    let amount = read_number(entry, false)
        .map_err(|Unreadable| unreadable)?
        .unwrap_or(Decimal::ZERO);
    if amount < Decimal::ZERO {
        return Err(negative);
    }
    if amount > too_large.0 {
        return Err(too_large.1);
    }
    if amount.normalize().scale() > 2 {
        return Err(BorrowingPowerError::NotInCents);
    }
    Ok(amount)
}

/// An annual income: at most [`MAX_ANNUAL_INCOME`].
fn read_income(
    entry: &Entry,
    unreadable: BorrowingPowerError,
) -> Result<Decimal, BorrowingPowerError> {
    use BorrowingPowerError::*;
    read_money(
        entry,
        unreadable,
        IncomeNegative,
        (MAX_ANNUAL_INCOME, IncomeTooLarge),
    )
}

/// A monthly amount or the card limits: at most [`MAX_MONTHLY_AMOUNT`].
fn read_monthly(
    entry: &Entry,
    unreadable: BorrowingPowerError,
) -> Result<Decimal, BorrowingPowerError> {
    use BorrowingPowerError::*;
    read_money(
        entry,
        unreadable,
        AmountNegative,
        (MAX_MONTHLY_AMOUNT, AmountTooLarge),
    )
}

/// Whether the second applicant's income counts: only with two applicants. The calculator's
/// form shows that entry only then, and an income typed before switching back to one
/// applicant is neither counted nor checked.
///
/// ```
/// use banksia_core::borrowing_power::partner_income_counts;
/// assert!(!partner_income_counts(1));
/// assert!(partner_income_counts(2));
/// ```
pub const fn partner_income_counts(applicants: u8) -> bool {
    applicants >= 2
}

impl BorrowingPowerEntries {
    /// The checked input, or a message for every entry that can't be used. Unreadable entries
    /// are all reported at once; the term and rate are checked by the loan's own rules. The
    /// second applicant's income is read only when it counts ([`partner_income_counts`]).
    ///
    /// ```
    /// use banksia_core::borrowing_power::{BorrowingPowerEntries, BorrowingPowerField};
    /// use banksia_core::entries::Entry;
    ///
    /// let entries = BorrowingPowerEntries {
    ///     income: Entry::from("lots"),
    ///     dependants: Entry::from("1.5"),
    ///     card_limits: Entry::from("-5"),
    ///     term_years: Entry::from("45"),
    ///     annual_rate_percent: Entry::from("6.45"),
    ///     ..BorrowingPowerEntries::default()
    /// };
    /// let errors = entries.to_input().unwrap_err();
    /// assert_eq!(errors[&BorrowingPowerField::Income], ["Enter your income in dollars a year, like 95,000"]);
    /// assert_eq!(errors[&BorrowingPowerField::Dependants], ["Enter the number of dependants as a whole number"]);
    /// assert_eq!(errors[&BorrowingPowerField::CardLimits], ["Amount can't be negative"]);
    /// assert_eq!(errors[&BorrowingPowerField::TermYears], ["Loan term can't be more than 40 years"]);
    /// ```
    pub fn to_input(&self) -> Result<BorrowingPowerInput, FieldErrors<BorrowingPowerField>> {
        use BorrowingPowerError::*;
        use BorrowingPowerField as Field;
        let mut problems = Problems::new();
        let applicants = problems.check(
            Field::Applicants,
            match read_count(&self.applicants) {
                Count::Blank | Count::Whole(1) => Ok(1),
                Count::Whole(2) => Ok(2),
                _ => Err(ApplicantsInvalid),
            },
        );
        let income = problems.check(
            Field::Income,
            if matches!(read_number(&self.income, false), Ok(None)) {
                Err(IncomeMissing)
            } else {
                read_income(&self.income, IncomeUnreadable)
            },
        );
        let partner_income = match applicants {
            Some(count) if !partner_income_counts(count) => Some(Decimal::ZERO),
            _ => problems.check(
                Field::PartnerIncome,
                read_income(&self.partner_income, PartnerIncomeUnreadable),
            ),
        };
        let other_income = problems.check(
            Field::OtherIncome,
            read_income(&self.other_income, OtherIncomeUnreadable),
        );
        let dependants = problems.check(
            Field::Dependants,
            match read_count(&self.dependants) {
                Count::Blank => Ok(0),
                Count::Whole(count) if count <= MAX_DEPENDANTS => Ok(count),
                Count::Whole(_) | Count::Negative => Err(DependantsOutOfRange),
                Count::NotWhole => Err(DependantsNotWhole),
            },
        );
        let living_expenses = problems.check(
            Field::LivingExpenses,
            read_monthly(&self.living_expenses, LivingExpensesUnreadable),
        );
        let other_repayments = problems.check(
            Field::OtherRepayments,
            read_monthly(&self.other_repayments, OtherRepaymentsUnreadable),
        );
        let card_limits = problems.check(
            Field::CardLimits,
            read_monthly(&self.card_limits, CardLimitsUnreadable),
        );
        // The loan's term and rate: read as the loan calculator reads them, then checked by
        // the loan's own rules on a $1 probe loan.
        let term_years = problems.check(
            Field::TermYears,
            match read_count(&self.term_years) {
                Count::Whole(years) => Ok(years),
                // Below zero: the loan's rule says "at least 1 year".
                Count::Negative => Ok(0),
                Count::Blank => Err(EntryError::TermYearsMissing),
                Count::NotWhole => Err(EntryError::TermYearsNotWhole),
            },
        );
        let rate = problems.check(
            Field::AnnualRatePercent,
            match read_number(&self.annual_rate_percent, true) {
                Ok(Some(rate)) => Ok(rate),
                Ok(None) => Err(EntryError::LoanRateMissing),
                Err(Unreadable) => Err(EntryError::LoanRateUnreadable),
            },
        );
        if let (Some(term_years), Some(rate)) = (term_years, rate) {
            let probe = LoanTerms::new(Decimal::ONE, rate, term_years);
            if let Err(error) = probe.validate() {
                // A $1 loan with no interest-only years or extra breaks only a term or rate rule.
                let field = match error.field() {
                    LoanField::TermYears => Field::TermYears,
                    _ => Field::AnnualRatePercent,
                };
                problems.note(field, error);
            }
        }
        if let (Some(income), Some(other), Some(partner)) = (income, other_income, partner_income)
            && (income + other + partner).is_zero()
        {
            problems.note(Field::Income, NoIncome);
        }
        let input = (|| {
            Some(BorrowingPowerInput {
                applicants: applicants?,
                income: income?,
                partner_income: partner_income?,
                other_income: other_income?,
                dependants: dependants?,
                living_expenses: living_expenses?,
                other_repayments: other_repayments?,
                card_limits: card_limits?,
                term_years: term_years?,
                annual_rate_percent: rate?,
            })
        })();
        problems.finish(input)
    }
}

/// The borrowing power for a page (see [`borrowing_power_view`]): each figure exact and as
/// shown, in whole dollars.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BorrowingPowerView {
    /// The estimate: a multiple of $1,000.
    pub borrowing_power: Money,
    /// The monthly repayment of that loan at the product rate; `null` when it is $0.
    pub repayment: Option<Money>,
    /// The rate repayments were tested at, e.g. `"9.45"`.
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub assessment_rate_percent: Decimal,
    /// The income year whose tax rates were used, e.g. `"2026-27"`.
    pub income_year: IncomeYear,
    /// Income after tax and the Medicare levy, a month.
    pub net_monthly_income: Money,
    /// Income tax and Medicare levy, a year.
    pub tax_and_levy: Money,
    /// Living expenses counted, a month.
    pub living_expenses_used: Money,
    /// True when Banksia's floor was used instead of the declared figure.
    pub floor_applied: bool,
    /// Debt repayments and 3% of the card limits, a month.
    pub commitments: Money,
    /// What is left a month for a home loan repayment (negative when nothing is).
    pub monthly_surplus: Money,
    /// [`ESTIMATE_NOTE`].
    pub note: String,
    /// Why the estimate is what it is, when it needs saying ([`explanations`]).
    pub explanations: Vec<String>,
    /// [`BUDGET_PLANNER_URL`] when nothing can be borrowed or the floor was counted; else `null`.
    pub budget_planner_url: Option<String>,
}

/// Moneysmart's budget planner (ASIC's free tool), offered when nothing or little is left for a
/// home loan, or when Banksia's living expense floor replaced the figure entered.
pub const BUDGET_PLANNER_URL: &str = "https://moneysmart.gov.au/budgeting/budget-planner";

/// What would raise an estimate of $0, said after why it is $0.
pub const WHAT_WOULD_CHANGE_IT: &str = "A higher income (or a second applicant's), lower living \
expenses, smaller debt repayments, lower credit card limits or a longer loan term would each \
leave more for a home loan.";

/// Why the estimate is what it is, where a bare figure would puzzle: why nothing can be
/// borrowed (income after tax doesn't cover expenses and commitments, or what is left doesn't
/// repay $1,000 at the assessment rate) and what would change it, and when Banksia's living
/// expense floor was counted instead of the figure entered. In that order; empty when the
/// figures speak for themselves.
///
/// ```
/// use banksia_core::borrowing_power::{borrowing_power, explanations, BorrowingPowerInput, IncomeYear};
/// use rust_decimal::Decimal;
///
/// let input = BorrowingPowerInput::single(Decimal::from(18_000));
/// let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
/// let said = explanations(&input, &estimate);
/// assert!(said[0].starts_with("Nothing is left for a home loan"));
/// assert!(said[2].contains("$1,600 a month"));
/// ```
pub fn explanations(input: &BorrowingPowerInput, estimate: &BorrowingPower) -> Vec<String> {
    let dollars = |amount: Decimal| Money::whole_dollars(amount).display;
    let mut said = Vec::new();
    if estimate.borrowing_power.is_zero() {
        let commitments = estimate.card_commitment + estimate.other_repayments;
        said.push(if estimate.monthly_surplus <= Decimal::ZERO {
            format!(
                "Nothing is left for a home loan: living expenses of {} and commitments of {} a month \
                 take up all of your income after tax ({} a month), so no repayment can be tested at \
                 {}% p.a. (the rate plus a {}% buffer).",
                dollars(estimate.living_expenses_used),
                dollars(commitments),
                dollars(estimate.net_monthly_income),
                estimate.assessment_rate_percent.normalize(),
                SERVICEABILITY_BUFFER_PERCENT.normalize(),
            )
        } else {
            format!(
                "The {} a month left after tax, living expenses and commitments doesn't repay even a \
                 $1,000 loan when tested at {}% p.a. (the rate plus a {}% buffer).",
                dollars(estimate.monthly_surplus),
                estimate.assessment_rate_percent.normalize(),
                SERVICEABILITY_BUFFER_PERCENT.normalize(),
            )
        });
        said.push(WHAT_WOULD_CHANGE_IT.to_string());
    }
    if estimate.floor_applied {
        said.push(format!(
            "We counted living expenses of {} a month, Banksia's minimum for a household of {} \
             with {}, instead of the {} you entered: a realistic minimum keeps a loan affordable.",
            dollars(estimate.living_expenses_used),
            if input.applicants >= 2 {
                "two adults"
            } else {
                "one adult"
            },
            match input.dependants {
                0 => "no dependants".to_string(),
                1 => "one dependant".to_string(),
                n => format!("{n} dependants"),
            },
            dollars(input.living_expenses),
        ));
    }
    said
}

/// Reads the entries and works out the borrowing power with the tax rates in force on
/// `today`, every figure ready to show.
///
/// ```
/// use banksia_core::borrowing_power::{borrowing_power_view, BorrowingPowerEntries};
/// use banksia_core::entries::Entry;
/// use chrono::NaiveDate;
///
/// let entries = BorrowingPowerEntries {
///     income: Entry::from("100,000"),
///     living_expenses: Entry::from("2000"),
///     term_years: Entry::from("30"),
///     annual_rate_percent: Entry::from("6.45"),
///     ..BorrowingPowerEntries::default()
/// };
/// let today = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
/// let view = borrowing_power_view(&entries, today).unwrap();
/// assert_eq!(view.borrowing_power.display, "$532,000");
/// assert_eq!(view.repayment.unwrap().display, "$3,345");
/// assert_eq!(view.income_year.label(), "2026-27");
/// ```
pub fn borrowing_power_view(
    entries: &BorrowingPowerEntries,
    today: NaiveDate,
) -> Result<BorrowingPowerView, FieldErrors<BorrowingPowerField>> {
    let input = entries.to_input()?;
    let estimate = borrowing_power(&input, IncomeYear::containing(today));
    Ok(BorrowingPowerView {
        borrowing_power: Money::whole_dollars(estimate.borrowing_power),
        repayment: estimate.repayment.map(Money::whole_dollars),
        assessment_rate_percent: estimate.assessment_rate_percent,
        income_year: estimate.income_year,
        net_monthly_income: Money::whole_dollars(estimate.net_monthly_income),
        tax_and_levy: Money::whole_dollars(estimate.income_tax + estimate.medicare_levy),
        living_expenses_used: Money::whole_dollars(estimate.living_expenses_used),
        floor_applied: estimate.floor_applied,
        commitments: Money::whole_dollars(estimate.card_commitment + estimate.other_repayments),
        monthly_surplus: Money::whole_dollars(estimate.monthly_surplus),
        note: ESTIMATE_NOTE.to_string(),
        explanations: explanations(&input, &estimate),
        budget_planner_url: (estimate.borrowing_power.is_zero() || estimate.floor_applied)
            .then(|| BUDGET_PLANNER_URL.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    /// The exact monthly repayment of `principal` at `rate_percent` over `years`.
    fn exact_repayment(principal: Decimal, rate_percent: Decimal, years: u32) -> Decimal {
        let rate = rate_percent / dec!(1200);
        let growth = (Decimal::ONE + rate).powi(i64::from(years * 12));
        principal * rate * growth / (growth - Decimal::ONE)
    }

    #[test]
    fn tax_at_every_threshold_of_every_year() {
        // (year, tax at 45,000, at 135,000, at 190,000): the Act's figures.
        let expected = [
            (IncomeYear::Y2025_26, dec!(4288), dec!(31288), dec!(51638)),
            (IncomeYear::Y2026_27, dec!(4020), dec!(31020), dec!(51370)),
            (IncomeYear::Y2027_28, dec!(3752), dec!(30752), dec!(51102)),
        ];
        for (year, at_45, at_135, at_190) in expected {
            assert_eq!(income_tax(dec!(18200), year), dec!(0), "{year:?}");
            assert_eq!(income_tax(dec!(45000), year), at_45, "{year:?}");
            assert_eq!(income_tax(dec!(135000), year), at_135, "{year:?}");
            assert_eq!(income_tax(dec!(190000), year), at_190, "{year:?}");
            assert_eq!(
                income_tax(dec!(190001), year),
                at_190 + dec!(0.45),
                "{year:?}"
            );
        }
        // Cents are dropped before tax, as the Tax Office does.
        assert_eq!(income_tax(dec!(18201.99), IncomeYear::Y2026_27), dec!(0.15));
        assert_eq!(income_tax(dec!(-5), IncomeYear::Y2026_27), dec!(0));
    }

    #[test]
    fn the_estimate_is_the_largest_thousand_the_surplus_repays() {
        for income in [45_000u32, 62_345, 100_000, 180_000, 420_000, 2_000_000] {
            for (rate, years) in [
                (dec!(6.45), 30),
                (dec!(5.99), 25),
                (dec!(0), 10),
                (dec!(9.1), 40),
            ] {
                let input = BorrowingPowerInput {
                    term_years: years,
                    annual_rate_percent: rate,
                    card_limits: dec!(8000),
                    ..BorrowingPowerInput::single(Decimal::from(income))
                };
                let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
                let power = estimate.borrowing_power;
                assert!(power > Decimal::ZERO, "{income} {rate}");
                assert_eq!(power % dec!(1000), Decimal::ZERO);
                let assessed = estimate.assessment_rate_percent;
                assert_eq!(assessed, rate + dec!(3));
                assert!(exact_repayment(power, assessed, years) <= estimate.monthly_surplus);
                assert!(
                    exact_repayment(power + dec!(1000), assessed, years) > estimate.monthly_surplus,
                    "{income} {rate} {years}"
                );
                assert_eq!(
                    estimate.repayment,
                    loan::repayment(&LoanTerms::new(power, rate, years)).ok()
                );
            }
        }
    }

    #[test]
    fn a_zero_or_a_floor_is_explained() {
        // Expenses beyond income: $0, why, what would change it, and the budget planner.
        let input = BorrowingPowerInput {
            living_expenses: dec!(5000),
            ..BorrowingPowerInput::single(dec!(50000))
        };
        let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
        assert_eq!(estimate.borrowing_power, Decimal::ZERO);
        assert!(estimate.monthly_surplus < Decimal::ZERO);
        let said = explanations(&input, &estimate);
        assert_eq!(said.len(), 2);
        assert!(said[0].starts_with("Nothing is left for a home loan: living expenses of $5,000"));
        assert!(said[0].contains("9.45% p.a. (the rate plus a 3% buffer)"));
        assert_eq!(said[1], WHAT_WOULD_CHANGE_IT);
        // A little left, but not enough for $1,000.
        let input = BorrowingPowerInput {
            living_expenses: dec!(3700),
            ..BorrowingPowerInput::single(dec!(60000))
        };
        let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
        if estimate.borrowing_power.is_zero() && estimate.monthly_surplus > Decimal::ZERO {
            assert!(
                explanations(&input, &estimate)[0].contains("doesn't repay even a $1,000 loan")
            );
        }
        // The floor replaced the figure entered: said, with the household.
        let input = BorrowingPowerInput {
            applicants: 2,
            dependants: 1,
            living_expenses: dec!(1500),
            ..BorrowingPowerInput::single(dec!(150000))
        };
        let estimate = borrowing_power(&input, IncomeYear::Y2026_27);
        assert!(estimate.floor_applied && !estimate.borrowing_power.is_zero());
        assert_eq!(
            explanations(&input, &estimate),
            vec![
                "We counted living expenses of $2,850 a month, Banksia's minimum for a household of two adults with one dependant, instead of the $1,500 you entered: a realistic minimum keeps a loan affordable."
            ]
        );
        // Nothing to say when the figures speak for themselves.
        let input = BorrowingPowerInput {
            living_expenses: dec!(2000),
            ..BorrowingPowerInput::single(dec!(100000))
        };
        assert!(explanations(&input, &borrowing_power(&input, IncomeYear::Y2026_27)).is_empty());
    }

    #[test]
    fn more_debt_or_dependants_never_raise_the_estimate() {
        let base = BorrowingPowerInput::single(dec!(120000));
        let power = |input: &BorrowingPowerInput| {
            borrowing_power(input, IncomeYear::Y2026_27).borrowing_power
        };
        let mut previous = power(&base);
        for dependants in 1..=MAX_DEPENDANTS {
            let next = power(&BorrowingPowerInput {
                dependants,
                ..base.clone()
            });
            assert!(next <= previous);
            previous = next;
        }
        let with_cards = power(&BorrowingPowerInput {
            card_limits: dec!(20000),
            ..base.clone()
        });
        let with_debt = power(&BorrowingPowerInput {
            other_repayments: dec!(600),
            ..base.clone()
        });
        // $20,000 of limits count as $600 a month: the same as a $600 repayment.
        assert_eq!(with_cards, with_debt);
        assert!(with_cards < power(&base));
    }

    #[test]
    fn the_second_income_counts_only_for_two_applicants() {
        let one = BorrowingPowerInput {
            partner_income: dec!(70000),
            ..BorrowingPowerInput::single(dec!(90000))
        };
        let two = BorrowingPowerInput {
            applicants: 2,
            ..one.clone()
        };
        let one = borrowing_power(&one, IncomeYear::Y2026_27);
        let two = borrowing_power(&two, IncomeYear::Y2026_27);
        assert_eq!(one.gross_income, dec!(90000));
        assert_eq!(two.gross_income, dec!(160000));
        assert_eq!(two.living_expense_floor, FLOOR_TWO_ADULTS);
        assert!(two.borrowing_power > one.borrowing_power);
    }
}
