//! "Today" for the date rules (date of birth in the past, at least 18): the date in the
//! applicant's own state, from the moment the application is checked.
//!
//! Australia has five civil clocks. The table below holds the rules in force since April 2009 (when
//! WA's daylight saving trial ended), which is all a check of "now" needs (source: each state's and territory's standard time and
//! daylight saving legislation, e.g. the Standard Time Act 1987 (NSW), the Summer Time Act 1972
//! (Vic), the Daylight Saving Act 2007 (Tas), the Daylight Saving Act 1971 (SA); the same rules as
//! the IANA time zone database's `australasia` file, zones `Australia/Perth`, `Australia/Darwin`,
//! `Australia/Brisbane`, `Australia/Adelaide`, `Australia/Sydney`, `Australia/Canberra`,
//! `Australia/Melbourne` and `Australia/Hobart`):
//!
//! | state | standard time | daylight saving time |
//! | --- | --- | --- |
//! | WA | UTC+8 | none |
//! | NT | UTC+9:30 | none |
//! | QLD | UTC+10 | none |
//! | SA | UTC+9:30 | UTC+10:30 |
//! | NSW, ACT, VIC, TAS | UTC+10 | UTC+11 |
//!
//! Daylight saving runs from 2:00 standard time on the first Sunday in October to 3:00 daylight
//! time (2:00 standard) on the first Sunday in April. A table rather than `chrono-tz`: this code
//! ships to the browser, and the whole time zone database would be most of the wizard's
//! package; `chrono-tz` is the test's oracle instead (`tests::agrees_with_the_tz_database`).

//!
//! **The bank's own date is Sydney's** ([`sydney_time`], [`Today::bank_date`]), daylight saving
//! included: Australian Eastern Daylight Time (UTC+11) from 2:00 AEST on the first Sunday in
//! October to 3:00 AEDT on the first Sunday in April, Australian Eastern Standard Time (UTC+10)
//! otherwise. The schedule CSV's first date, the borrowing power's income year, the wizard's
//! "today" before the applicant's state is known and the server's dates all come from it.
//! (Until November 2026 it was a fixed UTC+10, so from 00:00 to 00:59 Sydney time in summer
//! every one of those dates was a day early.)

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, Utc, Weekday};

use super::AustralianState;

/// Where the bank's own date is kept: Sydney, New South Wales.
pub const BANK_HOME_STATE: AustralianState = AustralianState::Nsw;

/// Sydney's civil date and time at `moment`, daylight saving included: the bank's clock.
///
/// ```
/// use banksia_core::application::today::sydney_time;
/// use chrono::{NaiveDate, TimeZone, Utc};
///
/// // 15 January 2026, 13:30 UTC: already 00:30 on the 16th in Sydney (AEDT, UTC+11).
/// let summer = Utc.with_ymd_and_hms(2026, 1, 15, 13, 30, 0).unwrap();
/// assert_eq!(sydney_time(summer), NaiveDate::from_ymd_opt(2026, 1, 16).unwrap().and_hms_opt(0, 30, 0).unwrap());
/// // 15 July 2026, 13:30 UTC: 23:30 on the 15th (AEST, UTC+10).
/// let winter = Utc.with_ymd_and_hms(2026, 7, 15, 13, 30, 0).unwrap();
/// assert_eq!(sydney_time(winter), NaiveDate::from_ymd_opt(2026, 7, 15).unwrap().and_hms_opt(23, 30, 0).unwrap());
/// ```
pub fn sydney_time(moment: DateTime<Utc>) -> NaiveDateTime {
    moment.naive_utc() + Duration::seconds(utc_offset_seconds(BANK_HOME_STATE, moment))
}

/// The moment a Sydney civil day begins (its 00:00, daylight saving included): the inverse of
/// [`sydney_time`] at midnight, so a stored timestamp can be compared with a bank date.
/// Daylight saving changes at 2:00 or 3:00, never at midnight, so midnight is never skipped or
/// repeated.
///
/// ```
/// use banksia_core::application::today::{sydney_midnight, sydney_time};
/// use chrono::{NaiveDate, TimeZone, Utc};
///
/// let summer = NaiveDate::from_ymd_opt(2026, 1, 16).unwrap();
/// assert_eq!(sydney_midnight(summer), Utc.with_ymd_and_hms(2026, 1, 15, 13, 0, 0).unwrap());
/// let winter = NaiveDate::from_ymd_opt(2026, 7, 15).unwrap();
/// assert_eq!(sydney_midnight(winter), Utc.with_ymd_and_hms(2026, 7, 14, 14, 0, 0).unwrap());
/// assert_eq!(sydney_time(sydney_midnight(winter)), winter.and_hms_opt(0, 0, 0).unwrap());
/// ```
pub fn sydney_midnight(date: NaiveDate) -> DateTime<Utc> {
    let midnight = date.and_time(chrono::NaiveTime::MIN);
    // Sydney's offset is 10 or 11 hours; 10 hours before the civil midnight read as UTC is that
    // midnight or the hour after it, the same side of any change of clocks.
    let near = midnight.and_utc() - Duration::hours(10);
    midnight.and_utc() - Duration::seconds(utc_offset_seconds(BANK_HOME_STATE, near))
}

/// When an application is checked: a moment (the server's clock, the browser's), or a date
/// that holds everywhere (tests, build-time examples).
///
/// ```
/// use banksia_core::application::{AustralianState, Today};
/// use chrono::{DateTime, NaiveDate};
///
/// // 2026-03-01 15:30 UTC: already 2 March in Sydney (UTC+11), still 1 March in Perth (UTC+8).
/// let now = Today::At(DateTime::from_timestamp(1_772_379_000, 0).unwrap());
/// assert_eq!(now.date_in(Some(AustralianState::Nsw)), NaiveDate::from_ymd_opt(2026, 3, 2).unwrap());
/// assert_eq!(now.date_in(Some(AustralianState::Wa)), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Today {
    /// The same date in every state.
    Date(NaiveDate),
    /// A moment: each state's date is its own clock's.
    At(DateTime<Utc>),
}

impl From<NaiveDate> for Today {
    fn from(date: NaiveDate) -> Self {
        Self::Date(date)
    }
}

impl From<DateTime<Utc>> for Today {
    fn from(moment: DateTime<Utc>) -> Self {
        Self::At(moment)
    }
}

impl Today {
    /// Reads a date a page hands over, `YYYY-MM-DD`: the same date in every state. A moment comes
    /// as a number instead ([`Self::from_epoch_millis`]).
    ///
    /// ```
    /// use banksia_core::application::Today;
    /// assert!(matches!(Today::parse(" 2026-03-01 "), Some(Today::Date(_))));
    /// assert_eq!(Today::parse("2026-03-01T13:59:59.123Z"), None);
    /// assert_eq!(Today::parse("yesterday"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Self> {
        parse_iso_date(text.trim()).map(Self::Date)
    }

    /// The moment `epoch_millis` milliseconds after 1970-01-01 00:00 UTC, what JavaScript's
    /// `Date.now()` gives: a number, so no text format of a moment has to be agreed or read (and
    /// no parser for one ships to the browser; docs/decisions.md). `None` outside chrono's
    /// range.
    ///
    /// ```
    /// use banksia_core::application::{AustralianState, Today};
    /// use chrono::NaiveDate;
    /// // 2026-03-01 13:59:59.123 UTC: 2 March in Sydney (UTC+11), 1 March in Perth (UTC+8).
    /// let now = Today::from_epoch_millis(1_772_373_599_123).unwrap();
    /// assert_eq!(now.bank_date(), NaiveDate::from_ymd_opt(2026, 3, 2).unwrap());
    /// assert_eq!(now.date_in(Some(AustralianState::Wa)), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
    /// assert_eq!(Today::from_epoch_millis(i64::MAX), None);
    /// ```
    pub fn from_epoch_millis(epoch_millis: i64) -> Option<Self> {
        DateTime::from_timestamp_millis(epoch_millis).map(Self::At)
    }

    /// The date in `state`; with no state yet (the date of birth comes before the address),
    /// the bank's home date, Sydney's ([`sydney_time`]).
    pub fn date_in(self, state: Option<AustralianState>) -> NaiveDate {
        match self {
            Self::Date(date) => date,
            Self::At(moment) => {
                let offset = utc_offset_seconds(state.unwrap_or(BANK_HOME_STATE), moment);
                (moment.naive_utc() + Duration::seconds(offset)).date()
            }
        }
    }

    /// The bank's home date: Sydney's, daylight saving included ([`Self::date_in`] without a
    /// state).
    ///
    /// ```
    /// use banksia_core::application::Today;
    /// use chrono::{NaiveDate, TimeZone, Utc};
    /// // 4 December 2026, 13:15 UTC is 00:15 on 5 December in Sydney.
    /// let now = Today::At(Utc.with_ymd_and_hms(2026, 12, 4, 13, 15, 0).unwrap());
    /// assert_eq!(now.bank_date(), NaiveDate::from_ymd_opt(2026, 12, 5).unwrap());
    /// ```
    pub fn bank_date(self) -> NaiveDate {
        self.date_in(None)
    }
}

/// The state's offset from UTC, in seconds, at `moment` (see the module's table).
///
/// ```
/// use banksia_core::application::{AustralianState, today::utc_offset_seconds};
/// use chrono::DateTime;
///
/// let january = DateTime::from_timestamp(1_767_225_600, 0).unwrap(); // 2026-01-01 00:00 UTC
/// assert_eq!(utc_offset_seconds(AustralianState::Sa, january), 37_800); // UTC+10:30
/// assert_eq!(utc_offset_seconds(AustralianState::Qld, january), 36_000); // no daylight saving
/// ```
pub fn utc_offset_seconds(state: AustralianState, moment: DateTime<Utc>) -> i64 {
    use AustralianState::{Act, Nsw, Nt, Qld, Sa, Tas, Vic, Wa};
    const HOUR: i64 = 3600;
    let (standard, daylight_saving) = match state {
        Wa => (8 * HOUR, false),
        Nt => (9 * HOUR + HOUR / 2, false),
        Qld => (10 * HOUR, false),
        Sa => (9 * HOUR + HOUR / 2, true),
        Nsw | Act | Vic | Tas => (10 * HOUR, true),
    };
    if !daylight_saving {
        return standard;
    }
    let local_standard = moment.naive_utc() + Duration::seconds(standard);
    let year = local_standard.year();
    // Both changes happen at 2:00 local standard time.
    let ends = first_sunday_at_two(year, 4);
    let starts = first_sunday_at_two(year, 10);
    if local_standard < ends || local_standard >= starts {
        standard + HOUR
    } else {
        standard
    }
}

/// 2:00 on the first Sunday of `month` in `year`.
fn first_sunday_at_two(year: i32, month: u32) -> NaiveDateTime {
    let first = NaiveDate::from_ymd_opt(year, month, 1).unwrap_or_default();
    let days_to_sunday = (7 - first.weekday().num_days_from_sunday()) % 7;
    let sunday = first + Duration::days(i64::from(days_to_sunday));
    debug_assert_eq!(sunday.weekday(), Weekday::Sun);
    sunday.and_hms_opt(2, 0, 0).unwrap_or_default()
}

/// Reads a date written `YYYY-MM-DD` (what an HTML date input sends), and only a real
/// calendar date: `2001-02-29` is refused.
///
/// ```
/// use banksia_core::application::today::parse_iso_date;
/// use chrono::NaiveDate;
///
/// assert_eq!(parse_iso_date("1990-07-15"), NaiveDate::from_ymd_opt(1990, 7, 15));
/// assert_eq!(parse_iso_date("2001-02-29"), None);
/// assert_eq!(parse_iso_date("15/07/1990"), None);
/// ```
pub fn parse_iso_date(text: &str) -> Option<NaiveDate> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return None;
    }
    let year = text.get(0..4)?.parse().ok()?;
    let month = text.get(5..7)?.parse().ok()?;
    let day = text.get(8..10)?.parse().ok()?;
    NaiveDate::from_ymd_opt(year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn zone(state: AustralianState) -> chrono_tz::Tz {
        use AustralianState::{Act, Nsw, Nt, Qld, Sa, Tas, Vic, Wa};
        match state {
            Wa => chrono_tz::Australia::Perth,
            Nt => chrono_tz::Australia::Darwin,
            Qld => chrono_tz::Australia::Brisbane,
            Sa => chrono_tz::Australia::Adelaide,
            Nsw => chrono_tz::Australia::Sydney,
            Act => chrono_tz::Australia::Canberra,
            Vic => chrono_tz::Australia::Melbourne,
            Tas => chrono_tz::Australia::Hobart,
        }
    }

    /// Every day's Sydney midnight from 2010 to 2040 is the tz database's.
    #[test]
    fn sydney_midnight_agrees_with_the_tz_database() {
        let mut day = NaiveDate::from_ymd_opt(2010, 1, 1).unwrap();
        while day.year() <= 2040 {
            let expected = chrono_tz::Australia::Sydney
                .from_local_datetime(&day.and_time(chrono::NaiveTime::MIN))
                .single()
                .unwrap()
                .with_timezone(&Utc);
            assert_eq!(sydney_midnight(day), expected, "{day}");
            day += Duration::days(1);
        }
    }

    /// The table against the IANA time zone database (chrono-tz), every hour from 2010 (after the end of WA's 2006-09 daylight saving trial)
    /// to 2040 and every minute around each change.
    #[test]
    fn agrees_with_the_tz_database() {
        let start = Utc.with_ymd_and_hms(2010, 1, 1, 0, 0, 0).unwrap();
        let end = Utc.with_ymd_and_hms(2040, 12, 31, 0, 0, 0).unwrap();
        for &state in AustralianState::ALL {
            let tz = zone(state);
            let mut moment = start;
            let mut last_offset = None;
            while moment < end {
                let expected = moment.with_timezone(&tz).naive_local().date();
                let today = Today::At(moment);
                assert_eq!(
                    today.date_in(Some(state)),
                    expected,
                    "{state:?} at {moment}"
                );
                let offset = utc_offset_seconds(state, moment);
                if last_offset.is_some_and(|last| last != offset) {
                    // Around a change: every minute of the hour before.
                    for minute in 0..=60 {
                        let near = moment - Duration::minutes(minute);
                        let local = near.with_timezone(&tz).naive_local();
                        assert_eq!(
                            near.naive_utc() + Duration::seconds(utc_offset_seconds(state, near)),
                            local,
                            "{state:?} at {near}"
                        );
                    }
                }
                last_offset = Some(offset);
                moment += Duration::hours(1);
            }
        }
    }

    /// The bank's date at both of 2026's changes, minute by minute, against the IANA
    /// database's `Australia/Sydney`, and the hour that was wrong under a fixed UTC+10.
    #[test]
    fn the_banks_date_is_sydneys_at_both_changes() {
        let sydney = chrono_tz::Australia::Sydney;
        // Daylight saving ends at 3:00 AEDT on Sunday 5 April 2026 (16:00 UTC on the 4th) and
        // starts at 2:00 AEST on Sunday 4 October 2026 (16:00 UTC on the 3rd).
        for change in [
            Utc.with_ymd_and_hms(2026, 4, 4, 16, 0, 0).unwrap(),
            Utc.with_ymd_and_hms(2026, 10, 3, 16, 0, 0).unwrap(),
        ] {
            for minute in -180..=180 {
                let moment = change + Duration::minutes(minute);
                assert_eq!(
                    sydney_time(moment),
                    moment.with_timezone(&sydney).naive_local(),
                    "{moment}"
                );
                assert_eq!(
                    Today::At(moment).bank_date(),
                    moment.with_timezone(&sydney).date_naive()
                );
            }
        }
        let at = |y, m, d, h, min| {
            sydney_time(Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()).to_string()
        };
        assert_eq!(at(2026, 4, 4, 15, 59), "2026-04-05 02:59:00"); // AEDT
        assert_eq!(at(2026, 4, 4, 16, 0), "2026-04-05 02:00:00"); // AEST again
        assert_eq!(at(2026, 10, 3, 15, 59), "2026-10-04 01:59:00"); // AEST
        assert_eq!(at(2026, 10, 3, 16, 0), "2026-10-04 03:00:00"); // AEDT
        // 00:00 to 00:59 in summer: the date a fixed UTC+10 put a day early.
        for minute in 0..60 {
            let moment = Utc.with_ymd_and_hms(2026, 12, 31, 13, minute, 0).unwrap();
            assert_eq!(
                Today::At(moment).bank_date(),
                NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()
            );
        }
        let winter_midnight = Utc.with_ymd_and_hms(2026, 7, 1, 13, 59, 59).unwrap();
        assert_eq!(
            Today::At(winter_midnight).bank_date(),
            NaiveDate::from_ymd_opt(2026, 7, 1).unwrap()
        );
    }

    #[test]
    fn a_date_is_the_same_everywhere() {
        let date = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        for &state in AustralianState::ALL {
            assert_eq!(Today::Date(date).date_in(Some(state)), date);
        }
        assert_eq!(Today::Date(date).bank_date(), date);
    }
}
