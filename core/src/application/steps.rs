//! The wizard's steps: their titles, a line of help each, and the fields each shows and checks
//! (the step table of [`Field::step`]). The site lays the wizard out from this list, so the
//! number of steps ("Step N of M"), their order and their names have one source.

use serde::{Deserialize, Serialize};

use super::{AccountType, Field, STEP_COUNT};

/// One step of the application wizard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct WizardStep {
    /// 1 to [`STEP_COUNT`].
    pub number: u8,
    /// The step's name (spec section 2).
    pub title: &'static str,
    /// One line under the title: what the step asks and why.
    pub intro: &'static str,
    /// The fields a person fills in on it, in form order ([`Field::entered_in_step`]).
    pub fields: Vec<Field>,
}

/// Each step's title and line of help, in order.
const STEPS: [(&str, &str); STEP_COUNT as usize] = [
    ("Account Type", "Choose the account you would like to open."),
    (
        "Personal Information",
        "Tell us who you are. Use your name exactly as it appears on your ID.",
    ),
    (
        "Address Details",
        "Where you live now: your home address in Australia.",
    ),
    (
        "Employment & ID",
        "We ask about your income and identity to meet our obligations under Australian law.",
    ),
    (
        "Initial Deposit & Terms",
        "Choose how much to deposit when your account opens, and review our terms.",
    ),
];

/// The wizard's steps, in order.
///
/// ```
/// use banksia_core::application::{wizard_steps, Field, STEP_COUNT};
///
/// let steps = wizard_steps();
/// assert_eq!(steps.len(), usize::from(STEP_COUNT));
/// assert_eq!(steps[0].title, "Account Type");
/// assert_eq!(steps[0].fields, [Field::ApplicationType]);
/// assert_eq!(steps[4].number, 5);
/// ```
pub fn wizard_steps() -> Vec<WizardStep> {
    (1..=STEP_COUNT)
        .zip(STEPS)
        .map(|(number, (title, intro))| WizardStep {
            number,
            title,
            intro,
            fields: Field::entered_in_step(number),
        })
        .collect()
}

/// A part of the business and tax residency details ([`super::details`]) that has a page of
/// the wizard to itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DetailsPart {
    /// The business: legal form, names, ABN and ACN, registered address, what it does.
    Business,
    /// Its beneficial owners and controllers, and the applicant's own role and authority.
    Owners,
    /// Tax residency self-certification and the optional TFN (every account).
    TaxResidency,
}

/// One page of the wizard as a person sees it: a step of the application's own fields
/// ([`wizard_steps`]) or a part of the details. Which pages there are depends on the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct WizardPage {
    /// 1 to the number of pages: the N of "Step N of M".
    pub number: u8,
    /// The page's name.
    pub title: &'static str,
    /// One line under the title.
    pub intro: &'static str,
    /// The application step whose fields it shows and checks ([`validate_step`](super::validate_step)),
    /// or null for a page of the details.
    pub step: Option<u8>,
    /// The part of the details it shows and checks, or null for a step of the application.
    pub details: Option<DetailsPart>,
}

/// The details' pages: title and line of help.
const fn details_page(part: DetailsPart) -> (&'static str, &'static str) {
    match part {
        DetailsPart::Business => (
            "Business Details",
            "The business the account is for, as the Australian Business Register shows it.",
        ),
        DetailsPart::Owners => (
            "Owners & Controllers",
            "Australian law asks us to identify the people who own or control the business, and your own role in it.",
        ),
        DetailsPart::TaxResidency => (
            "Tax Residency",
            "Tax laws require us to ask where you are a tax resident. Your tax file number is optional.",
        ),
    }
}

/// The wizard's pages for an account type (none chosen yet: a personal account's): the
/// application's steps, with the business's two pages (business accounts only) after
/// Employment & ID, and tax residency before the deposit for every account. So the number of
/// pages, "Step N of M", follows the account chosen.
///
/// ```
/// use banksia_core::application::{wizard_pages, AccountType, DetailsPart};
///
/// let personal = wizard_pages(Some(AccountType::Savings));
/// assert_eq!(personal.len(), 6);
/// assert_eq!(personal[4].details, Some(DetailsPart::TaxResidency));
/// assert_eq!(personal[5].step, Some(5));
/// let business = wizard_pages(Some(AccountType::BusinessChecking));
/// assert_eq!(business.len(), 8);
/// assert_eq!(business[4].title, "Business Details");
/// assert_eq!(wizard_pages(None), personal);
/// ```
pub fn wizard_pages(account: Option<AccountType>) -> Vec<WizardPage> {
    let business = account.is_some_and(AccountType::is_business);
    let mut pages = Vec::new();
    let mut push = |title, intro, step, details| {
        pages.push(WizardPage {
            number: u8::try_from(pages.len() + 1).unwrap_or(u8::MAX),
            title,
            intro,
            step,
            details,
        });
    };
    for (number, (title, intro)) in (1..=STEP_COUNT).zip(STEPS) {
        if number == STEP_COUNT {
            let mut parts = Vec::new();
            if business {
                parts.extend([DetailsPart::Business, DetailsPart::Owners]);
            }
            parts.push(DetailsPart::TaxResidency);
            for part in parts {
                let (title, intro) = details_page(part);
                push(title, intro, None, Some(part));
            }
        }
        push(title, intro, Some(number), None);
    }
    pages
}

/// [`wizard_pages`] for an account type as typed (`business_checking`); anything else is a
/// personal account's.
pub fn wizard_pages_for(account_type: &str) -> Vec<WizardPage> {
    wizard_pages(AccountType::parse(account_type.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entered_field_is_on_exactly_one_step() {
        let shown: Vec<Field> = wizard_steps()
            .into_iter()
            .flat_map(|step| step.fields)
            .collect();
        let entered: Vec<Field> = Field::ALL
            .into_iter()
            .filter(|field| *field != Field::UserId)
            .collect();
        assert_eq!(shown, entered);
    }

    #[test]
    fn every_account_has_its_pages_numbered_in_order() {
        for account in AccountType::ALL.iter().copied() {
            let pages = wizard_pages(Some(account));
            let numbers: Vec<u8> = pages.iter().map(|page| page.number).collect();
            let expected: Vec<u8> = (1..=u8::try_from(pages.len()).unwrap()).collect();
            assert_eq!(numbers, expected);
            let steps: Vec<u8> = pages.iter().filter_map(|page| page.step).collect();
            assert_eq!(steps, (1..=STEP_COUNT).collect::<Vec<_>>());
            assert_eq!(pages.len(), if account.is_business() { 8 } else { 6 });
            assert_eq!(pages.last().unwrap().step, Some(STEP_COUNT));
        }
    }
}
