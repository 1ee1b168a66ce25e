//! What a decision records beyond its status: a reviewer's recommendation, the internal
//! rationale every recommendation and decision carries, and how and when an applicant asked to
//! withdraw.
//!
//! ```
//! use banksia_core::review::decisions::{check_rationale, Recommendation, WithdrawalChannel};
//!
//! assert_eq!(Recommendation::Decline.label(), "Recommend decline");
//! assert_eq!(WithdrawalChannel::parse("secure_message"), Some(WithdrawalChannel::SecureMessage));
//! assert!(check_rationale("ok").is_err());
//! ```

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

use super::events::coded;
use super::{Refusal, check_text};
use crate::application::today::{BANK_HOME_STATE, sydney_time, utc_offset_seconds};

coded! {
    /// What a reviewer recommends the approver decide.
    pub enum Recommendation {
        /// Open the account.
        Approve = "approve",
        /// Don't.
        Decline = "decline",
    }
}

impl Recommendation {
    /// The console's words for it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Approve => "Recommend approval",
            Self::Decline => "Recommend decline",
        }
    }
}

coded! {
    /// Which step a stored rationale belongs to.
    pub enum RationaleKind {
        /// A reviewer's recommendation to approve.
        RecommendApprove = "recommend_approve",
        /// A reviewer's recommendation to decline.
        RecommendDecline = "recommend_decline",
        /// An approval (a business account's first).
        Approve = "approve",
        /// A second approver's confirmation.
        ConfirmApproval = "confirm_approval",
        /// A decline.
        Decline = "decline",
    }
}

impl RationaleKind {
    /// What the case view calls it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::RecommendApprove => "Recommended approval",
            Self::RecommendDecline => "Recommended decline",
            Self::Approve => "Approved",
            Self::ConfirmApproval => "Confirmed the approval",
            Self::Decline => "Declined",
        }
    }

    /// The kind of a recommendation.
    pub const fn of_recommendation(recommendation: Recommendation) -> Self {
        match recommendation {
            Recommendation::Approve => Self::RecommendApprove,
            Recommendation::Decline => Self::RecommendDecline,
        }
    }

    /// True for a recommendation (not a decision).
    pub const fn is_recommendation(self) -> bool {
        matches!(self, Self::RecommendApprove | Self::RecommendDecline)
    }
}

/// The longest rationale, in characters.
pub const RATIONALE_MAX_CHARS: usize = 1000;
/// The shortest, in visible characters.
pub const RATIONALE_MIN_CHARS: usize = 10;

/// Checks an internal rationale with core's text rules (as a note's: no invisible or control
/// character but line breaks, [`RATIONALE_MIN_CHARS`] to [`RATIONALE_MAX_CHARS`]); the text as
/// stored.
///
/// ```
/// use banksia_core::review::decisions::check_rationale;
/// assert_eq!(check_rationale(" Licence checked against DVS.\r\n").unwrap(), "Licence checked against DVS.");
/// assert!(check_rationale("").unwrap_err().to_string().contains("at least 10"));
/// ```
pub fn check_rationale(text: &str) -> Result<String, Refusal> {
    check_text(text, "rationale", RATIONALE_MIN_CHARS, RATIONALE_MAX_CHARS)
}

coded! {
    /// How the applicant asked to withdraw.
    pub enum WithdrawalChannel {
        /// A call to the bank.
        Phone = "phone",
        /// An email to the bank.
        Email = "email",
        /// In person at a branch.
        Branch = "branch",
        /// A secure message in online banking.
        SecureMessage = "secure_message",
        /// A letter.
        Letter = "letter",
    }
}

impl WithdrawalChannel {
    /// The console's words for it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Phone => "Phone call",
            Self::Email => "Email",
            Self::Branch => "In a branch",
            Self::SecureMessage => "Secure message",
            Self::Letter => "Letter",
        }
    }
}

/// The moment of a Sydney civil time (daylight saving included). In the hour the clocks change,
/// a time that is repeated or skipped reads as one of the two moments it could be.
pub fn sydney_to_utc(local: NaiveDateTime) -> DateTime<Utc> {
    let guess = local.and_utc() - Duration::hours(10);
    let offset = utc_offset_seconds(BANK_HOME_STATE, guess);
    local.and_utc() - Duration::seconds(offset)
}

/// How far ahead of the server's clock a withdrawal's time may be (a console's clock a little
/// fast).
const CLOCK_SKEW_MINUTES: i64 = 5;

/// Reads and checks when the applicant asked to withdraw: `text` is a Sydney date and time as an
/// HTML `datetime-local` input sends it (`2026-03-02T09:15`), no earlier than the application's
/// submission and not in the future.
///
/// ```
/// use banksia_core::review::decisions::check_withdrawal_time;
/// use chrono::{TimeZone, Utc};
///
/// let submitted = Utc.with_ymd_and_hms(2026, 3, 1, 22, 0, 0).unwrap(); // 2 March 09:00 Sydney
/// let now = Utc.with_ymd_and_hms(2026, 3, 3, 0, 0, 0).unwrap();
/// assert_eq!(
///     check_withdrawal_time("2026-03-02T09:15", submitted, now).unwrap(),
///     Utc.with_ymd_and_hms(2026, 3, 1, 22, 15, 0).unwrap()
/// );
/// assert!(check_withdrawal_time("2026-03-02T08:59", submitted, now).is_err());
/// assert!(check_withdrawal_time("2026-03-04T09:00", submitted, now).is_err());
/// assert!(check_withdrawal_time("yesterday", submitted, now).is_err());
/// ```
pub fn check_withdrawal_time(
    text: &str,
    submitted_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, Refusal> {
    let text = text.trim();
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
        .map_err(|_| {
            Refusal::InvalidInput(
                "Give the date and time the applicant asked to withdraw (Sydney time).".into(),
            )
        })?;
    let at = sydney_to_utc(local);
    if at + Duration::minutes(1) <= submitted_at {
        return Err(Refusal::InvalidInput(format!(
            "The applicant can't have asked before they applied ({} Sydney time).",
            sydney_time(submitted_at).format("%-d %B %Y, %H:%M")
        )));
    }
    if at > now + Duration::minutes(CLOCK_SKEW_MINUTES) {
        return Err(Refusal::InvalidInput(
            "The time the applicant asked can't be in the future.".into(),
        ));
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn codes_round_trip() {
        for c in WithdrawalChannel::ALL {
            assert_eq!(WithdrawalChannel::parse(c.as_str()), Some(*c));
            assert!(!c.label().is_empty());
        }
        for k in RationaleKind::ALL {
            assert_eq!(RationaleKind::parse(k.as_str()), Some(*k));
        }
        assert_eq!(
            RationaleKind::of_recommendation(Recommendation::Approve),
            RationaleKind::RecommendApprove
        );
    }

    #[test]
    fn sydney_times_in_summer_and_winter() {
        let summer = NaiveDateTime::parse_from_str("2026-01-16T00:30", "%Y-%m-%dT%H:%M").unwrap();
        assert_eq!(
            sydney_to_utc(summer),
            Utc.with_ymd_and_hms(2026, 1, 15, 13, 30, 0).unwrap()
        );
        let winter = NaiveDateTime::parse_from_str("2026-07-15T23:30", "%Y-%m-%dT%H:%M").unwrap();
        assert_eq!(
            sydney_to_utc(winter),
            Utc.with_ymd_and_hms(2026, 7, 15, 13, 30, 0).unwrap()
        );
    }

    #[test]
    fn rationales_follow_the_text_rules() {
        assert!(check_rationale(&"a".repeat(RATIONALE_MAX_CHARS + 1)).is_err());
        assert!(check_rationale("Checked\u{202E} the licence").is_err());
        assert_eq!(
            check_rationale("Line one is here\nline two").unwrap(),
            "Line one is here\nline two"
        );
    }
}
