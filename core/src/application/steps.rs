//! The wizard's steps: their titles, a line of help each, and the fields each shows and checks
//! (the step table of [`Field::step`]). The site lays the wizard out from this list, so the
//! number of steps ("Step N of 5"), their order and their names have one source, and so do
//! the pages of each account ([`wizard_pages`]): which parts of the details each step adds.

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

/// A part of the business and tax residency details ([`super::details`]): a section of one of
/// the five steps, on a page of its own within that step, shown only where it applies.
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

impl DetailsPart {
    /// Every part, in the wizard's order.
    pub const ALL: [Self; 3] = [Self::Business, Self::Owners, Self::TaxResidency];

    /// The step (1 to [`STEP_COUNT`]) the part belongs to, as [`Field::step`] is a field's:
    /// the business right after its account is chosen (1), its owners and controllers after the
    /// applicant's own name, date of birth and address (3), tax residency with the identity
    /// questions (4).
    ///
    /// ```
    /// use banksia_core::application::DetailsPart;
    /// assert_eq!(DetailsPart::Business.step(), 1);
    /// assert_eq!(DetailsPart::Owners.step(), 3);
    /// assert_eq!(DetailsPart::TaxResidency.step(), 4);
    /// ```
    pub const fn step(self) -> u8 {
        match self {
            Self::Business => 1,
            Self::Owners => 3,
            Self::TaxResidency => 4,
        }
    }

    /// Whether the account (none chosen yet: a personal account) asks for this part.
    pub fn applies_to(self, account: Option<AccountType>) -> bool {
        match self {
            Self::Business | Self::Owners => account.is_some_and(AccountType::is_business),
            Self::TaxResidency => true,
        }
    }

    /// The part's heading and line of help.
    const fn heading(self) -> (&'static str, &'static str) {
        match self {
            Self::Business => (
                "Business Details",
                "The business the account is for, as the Australian Business Register shows it.",
            ),
            Self::Owners => (
                "Owners & Controllers",
                "Australian law asks us to identify the people who own or control the business, and your own role in it.",
            ),
            Self::TaxResidency => (
                "Tax Residency",
                "Tax laws require us to ask where you are a tax resident. Your tax file number is optional.",
            ),
        }
    }
}

/// One page of the wizard as a person sees it: a step's own fields ([`wizard_steps`]), or a
/// part of the details inside that step. Every page is labelled "Step N of 5" by its `step`
/// (progress = step / 5), whatever the account; which pages a step has depends on the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub struct WizardPage {
    /// 1 to the number of pages: the page's place in the wizard (a history entry, where a
    /// Change link goes). Never shown as a step number.
    pub number: u8,
    /// The step it belongs to, 1 to [`STEP_COUNT`]: the N of "Step N of 5".
    pub step: u8,
    /// That step's title (spec section 2), shown beside "Step N of 5".
    pub step_title: &'static str,
    /// The page's heading: the step's title on the step's own fields, the part's title on a
    /// part's page.
    pub title: &'static str,
    /// One line under the heading.
    pub intro: &'static str,
    /// The part of the details it shows and checks, or null for the step's own fields, which
    /// [`validate_step`](super::validate_step) checks.
    pub details: Option<DetailsPart>,
    /// Its place among the step's pages for this account, from 1: "part 2 of 2".
    pub part_number: u8,
    /// How many pages the step has for this account (1 when it has no part).
    pub part_count: u8,
}

/// The wizard's pages for an account type (none chosen yet: a personal account's): always the
/// five steps, each step's own fields first, then the parts of the details that belong to it
/// ([`DetailsPart::step`]) where the account asks for them. A personal account has 6 pages
/// (tax residency after Employment & ID), a business account 8 (its business after the account
/// type, its owners and controllers after the address); every page says "Step N of 5".
///
/// ```
/// use banksia_core::application::{wizard_pages, AccountType, DetailsPart, STEP_COUNT};
///
/// let personal = wizard_pages(Some(AccountType::Savings));
/// assert_eq!(personal.len(), 6);
/// assert_eq!((personal[4].step, personal[4].details), (4, Some(DetailsPart::TaxResidency)));
/// assert_eq!(personal[5].step, 5);
/// let business = wizard_pages(Some(AccountType::BusinessChecking));
/// assert_eq!(business.len(), 8);
/// assert_eq!((business[1].step, business[1].title), (1, "Business Details"));
/// assert_eq!((business[1].part_number, business[1].part_count), (2, 2));
/// assert!(business.iter().all(|page| (1..=STEP_COUNT).contains(&page.step)));
/// assert_eq!(wizard_pages(None), personal);
/// ```
pub fn wizard_pages(account: Option<AccountType>) -> Vec<WizardPage> {
    let mut pages = Vec::new();
    for (step, (step_title, step_intro)) in (1..=STEP_COUNT).zip(STEPS) {
        let parts: Vec<DetailsPart> = DetailsPart::ALL
            .into_iter()
            .filter(|part| part.step() == step && part.applies_to(account))
            .collect();
        let part_count = u8::try_from(parts.len() + 1).unwrap_or(u8::MAX);
        let own = (step_title, step_intro, None);
        let shown = parts.into_iter().map(|part| {
            let (title, intro) = part.heading();
            (title, intro, Some(part))
        });
        for (part_number, (title, intro, details)) in
            (1..=part_count).zip(std::iter::once(own).chain(shown))
        {
            pages.push(WizardPage {
                number: u8::try_from(pages.len() + 1).unwrap_or(u8::MAX),
                step,
                step_title,
                title,
                intro,
                details,
                part_number,
                part_count,
            });
        }
    }
    pages
}

/// [`wizard_pages`] for an account type as typed (`business_checking`); anything else is a
/// personal account's.
pub fn wizard_pages_for(account_type: &str) -> Vec<WizardPage> {
    wizard_pages(AccountType::parse(account_type.trim()))
}

/// The page of `pages` that shows `part`, if the account asks for it.
pub fn page_of_part(pages: &[WizardPage], part: DetailsPart) -> Option<&WizardPage> {
    pages.iter().find(|page| page.details == Some(part))
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
    fn every_account_has_five_steps_and_its_pages_numbered_in_order() {
        for account in AccountType::ALL.iter().copied().map(Some).chain([None]) {
            let pages = wizard_pages(account);
            let numbers: Vec<u8> = pages.iter().map(|page| page.number).collect();
            let expected: Vec<u8> = (1..=u8::try_from(pages.len()).unwrap()).collect();
            assert_eq!(numbers, expected);
            // Every step, in order, each starting with its own fields, and no other step.
            let mut steps: Vec<u8> = pages.iter().map(|page| page.step).collect();
            steps.dedup();
            assert_eq!(steps, (1..=STEP_COUNT).collect::<Vec<_>>(), "{account:?}");
            let own: Vec<u8> = pages
                .iter()
                .filter(|page| page.details.is_none())
                .map(|page| page.step)
                .collect();
            assert_eq!(own, steps);
            for page in &pages {
                let step = &wizard_steps()[usize::from(page.step) - 1];
                assert_eq!(page.step_title, step.title);
                let of_step = pages.iter().filter(|other| other.step == page.step).count();
                assert_eq!(usize::from(page.part_count), of_step);
                assert!((1..=page.part_count).contains(&page.part_number));
                assert_eq!(page.part_number == 1, page.details.is_none());
                if let Some(part) = page.details {
                    assert_eq!(page.step, part.step());
                    assert!(part.applies_to(account));
                }
            }
            let business = account.is_some_and(AccountType::is_business);
            assert_eq!(pages.len(), if business { 8 } else { 6 });
            assert_eq!(pages.last().unwrap().step, STEP_COUNT);
            assert_eq!(pages.last().unwrap().details, None);
        }
    }

    #[test]
    fn each_part_is_asked_where_the_account_needs_it_and_only_there() {
        let where_asked = |account| {
            wizard_pages(Some(account))
                .into_iter()
                .filter_map(|page| page.details.map(|part| (page.step, part)))
                .collect::<Vec<_>>()
        };
        for account in AccountType::ALL.iter().copied() {
            let expected = if account.is_business() {
                vec![
                    (1, DetailsPart::Business),
                    (3, DetailsPart::Owners),
                    (4, DetailsPart::TaxResidency),
                ]
            } else {
                vec![(4, DetailsPart::TaxResidency)]
            };
            assert_eq!(where_asked(account), expected, "{account:?}");
        }
        // Typed as the site hands it over, unknown types read as a personal account's.
        assert_eq!(
            wizard_pages_for(" business_savings "),
            wizard_pages(Some(AccountType::BusinessSavings))
        );
        assert_eq!(wizard_pages_for("Business Savings"), wizard_pages(None));
        assert_eq!(wizard_pages_for(""), wizard_pages(None));
    }
}
