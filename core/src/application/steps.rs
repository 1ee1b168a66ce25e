//! The wizard's steps: their titles, a line of help each, and the fields each shows and checks
//! (the step table of [`Field::step`]). The site lays the wizard out from this list, so the
//! number of steps ("Step N of M"), their order and their names have one source.

use serde::Serialize;

use super::{Field, STEP_COUNT};

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
}
