//! Business days: Monday to Friday, less Australia's national public holidays.
//!
//! An application's age in the staff queue is counted in business days, and the applicant is
//! promised a review "within 2-3 business days" (`contact::CONTACT.review_days`), so an
//! application is **due** on the third business day after the day it was submitted
//! ([`due_date`]) and **overdue** on any day after that ([`is_overdue`]). The due date only
//! grows with the submission date, so the queue sorted by due date is the queue sorted by
//! submission, and "overdue today" is "submitted before [`overdue_if_submitted_before`]".
//!
//! ## The holiday table
//!
//! The national public holidays are the days that the *Fair Work Act 2009* (Cth), section
//! 115(1)(a), names for every state and territory, on the dates that every state's and
//! territory's public holidays legislation observes them (e.g. the *Public Holidays Act 2010*
//! (NSW), the *Public Holidays Act 1993* (Vic), the *Holidays Act 1983* (Qld)):
//!
//! | Holiday | Date | When it falls on a weekend |
//! |---|---|---|
//! | New Year's Day | 1 January | the next Monday is the holiday |
//! | Australia Day | 26 January | the next Monday is the holiday |
//! | Good Friday | the Friday before Easter Sunday | (always a Friday) |
//! | Easter Monday | the day after Easter Sunday | (always a Monday) |
//! | Anzac Day | 25 April | no other day (most states do not substitute it) |
//! | Christmas Day | 25 December | the next weekday is the holiday (Monday, or Tuesday after Boxing Day's Monday) |
//! | Boxing Day | 26 December | the next weekday not already a holiday |
//!
//! Easter Sunday is the Gregorian computus (the "anonymous Gregorian algorithm" of Meeus,
//! *Astronomical Algorithms*, chapter 8), so the table holds for any year rather than a list
//! that runs out. The King's Birthday is left out on purpose: it is a public holiday
//! everywhere but on different days (the second Monday of June, except Western Australia and
//! Queensland), so it is not one national day; neither are the state-only holidays (Labour
//! Day, Melbourne Cup Day, ...). Counting a state holiday as a business day can only make an
//! application look older, never hide one.
//!
//! ```
//! use banksia_core::review::business_days::{business_days_after, is_national_holiday, is_overdue};
//! use chrono::NaiveDate;
//!
//! let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
//! assert!(is_national_holiday(date(2026, 4, 3))); // Good Friday 2026
//! assert!(is_national_holiday(date(2026, 4, 6))); // Easter Monday 2026
//! assert!(is_national_holiday(date(2027, 12, 27))); // Christmas 2027 is a Saturday
//! // Submitted on Thursday 2 April 2026: Good Friday and Easter Monday do not count.
//! assert_eq!(business_days_after(date(2026, 4, 2), date(2026, 4, 7)), 1);
//! assert!(!is_overdue(date(2026, 4, 2), date(2026, 4, 9)));
//! assert!(is_overdue(date(2026, 4, 2), date(2026, 4, 10)));
//! ```

use chrono::{Datelike, Duration, NaiveDate, Weekday};

/// An application whose age in business days is past this is overdue (the applicant was told
/// "within 2-3 business days").
pub const OVERDUE_AFTER_BUSINESS_DAYS: u32 = 3;

/// Easter Sunday of a Gregorian year (Meeus's anonymous Gregorian algorithm).
///
/// ```
/// use banksia_core::review::business_days::easter_sunday;
/// use chrono::NaiveDate;
/// assert_eq!(easter_sunday(2025), NaiveDate::from_ymd_opt(2025, 4, 20).unwrap());
/// assert_eq!(easter_sunday(2026), NaiveDate::from_ymd_opt(2026, 4, 5).unwrap());
/// assert_eq!(easter_sunday(2038), NaiveDate::from_ymd_opt(2038, 4, 25).unwrap());
/// ```
pub fn easter_sunday(year: i32) -> NaiveDate {
    let a = year.rem_euclid(19);
    let b = year.div_euclid(100);
    let c = year.rem_euclid(100);
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    // month is 3 or 4 and day 1..=31 by construction.
    NaiveDate::from_ymd_opt(year, month as u32, day as u32).unwrap_or(NaiveDate::MIN)
}

fn is_weekend(date: NaiveDate) -> bool {
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The days of `year` observed as national public holidays (see the module's table), in date
/// order.
///
/// ```
/// use banksia_core::review::business_days::national_holidays;
/// use chrono::NaiveDate;
/// let days: Vec<String> = national_holidays(2026).iter().map(|d| d.to_string()).collect();
/// assert_eq!(days, ["2026-01-01", "2026-01-26", "2026-04-03", "2026-04-06", "2026-04-25",
///                   "2026-12-25", "2026-12-28"]);
/// ```
pub fn national_holidays(year: i32) -> Vec<NaiveDate> {
    let fixed = |month, day| NaiveDate::from_ymd_opt(year, month, day).unwrap_or(NaiveDate::MIN);
    let next_monday = |date: NaiveDate| match date.weekday() {
        Weekday::Sat => date + Duration::days(2),
        Weekday::Sun => date + Duration::days(1),
        _ => date,
    };
    let easter = easter_sunday(year);
    let mut days = vec![
        next_monday(fixed(1, 1)),
        next_monday(fixed(1, 26)),
        easter - Duration::days(2),
        easter + Duration::days(1),
        fixed(4, 25),
    ];
    // Christmas and Boxing Day: each takes the next weekday not already taken.
    let mut taken: Vec<NaiveDate> = Vec::new();
    for day in [fixed(12, 25), fixed(12, 26)] {
        let mut observed = day;
        while is_weekend(observed) || taken.contains(&observed) {
            observed += Duration::days(1);
        }
        taken.push(observed);
    }
    days.extend(taken);
    days.sort();
    days.dedup();
    days
}

/// True when `date` is a national public holiday as observed (see the module's table).
pub fn is_national_holiday(date: NaiveDate) -> bool {
    national_holidays(date.year()).contains(&date)
}

/// True for Monday to Friday that is not a national public holiday.
pub fn is_business_day(date: NaiveDate) -> bool {
    !is_weekend(date) && !is_national_holiday(date)
}

/// How many business days lie after `since` up to and including `today`: an application
/// submitted on a Monday is 0 days old that Monday and 3 on Thursday; one submitted on a
/// Saturday is 1 day old on Monday. Zero when `today` is not after `since`.
///
/// ```
/// use banksia_core::review::business_days::business_days_after;
/// use chrono::NaiveDate;
/// let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// assert_eq!(business_days_after(date(2026, 3, 2), date(2026, 3, 2)), 0);
/// assert_eq!(business_days_after(date(2026, 3, 2), date(2026, 3, 5)), 3);
/// assert_eq!(business_days_after(date(2026, 3, 7), date(2026, 3, 9)), 1);
/// ```
pub fn business_days_after(since: NaiveDate, today: NaiveDate) -> u32 {
    if today <= since {
        return 0;
    }
    // Whole weeks hold five weekdays each; only the holidays in them need looking up.
    let days = (today - since).num_days();
    let mut count: i64 = 0;
    let whole_weeks = days / 7;
    count += whole_weeks * 5;
    let mut day = since + Duration::days(whole_weeks * 7);
    while day < today {
        day += Duration::days(1);
        if !is_weekend(day) {
            count += 1;
        }
    }
    for year in since.year()..=today.year() {
        count -= national_holidays(year)
            .into_iter()
            .filter(|holiday| *holiday > since && *holiday <= today && !is_weekend(*holiday))
            .count() as i64;
    }
    u32::try_from(count.max(0)).unwrap_or(u32::MAX)
}

/// The `n`-th business day after `since` (`since` itself is day 0, whatever it is).
///
/// ```
/// use banksia_core::review::business_days::add_business_days;
/// use chrono::NaiveDate;
/// let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// // Friday 2 October 2026 + 1: Monday 5 October (Labour Day in NSW is not national).
/// assert_eq!(add_business_days(date(2026, 10, 2), 1), date(2026, 10, 5));
/// assert_eq!(add_business_days(date(2026, 10, 2), 0), date(2026, 10, 2));
/// ```
pub fn add_business_days(since: NaiveDate, n: u32) -> NaiveDate {
    let mut day = since;
    let mut left = n;
    while left > 0 {
        day += Duration::days(1);
        if is_business_day(day) {
            left -= 1;
        }
    }
    day
}

/// The day by which an application submitted on `submitted` (the bank's date) is to be
/// decided: the [`OVERDUE_AFTER_BUSINESS_DAYS`]-th business day after it, the end of the
/// "2-3 business days" the applicant was told.
///
/// ```
/// use banksia_core::review::business_days::due_date;
/// use chrono::NaiveDate;
/// let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// // Monday 2 March 2026: due Thursday 5 March.
/// assert_eq!(due_date(date(2026, 3, 2)), date(2026, 3, 5));
/// // Saturday 7 March: due Wednesday 11 March.
/// assert_eq!(due_date(date(2026, 3, 7)), date(2026, 3, 11));
/// // Thursday 2 April 2026, before Easter: due Thursday 9 April.
/// assert_eq!(due_date(date(2026, 4, 2)), date(2026, 4, 9));
/// ```
pub fn due_date(submitted: NaiveDate) -> NaiveDate {
    add_business_days(submitted, OVERDUE_AFTER_BUSINESS_DAYS)
}

/// An application submitted on `since` is overdue on `today` once its [`due_date`] is past
/// (the review may still be open on a weekend after a Friday due date: that is overdue too).
pub fn is_overdue(since: NaiveDate, today: NaiveDate) -> bool {
    today > due_date(since)
}

/// The first submission date that is not overdue on `today`: an application is overdue today
/// exactly when it was submitted before this day (the due date never decreases as the
/// submission date grows), so a database can select the overdue ones by their timestamp.
///
/// ```
/// use banksia_core::review::business_days::overdue_if_submitted_before;
/// use chrono::NaiveDate;
/// let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// // Friday 6 March 2026: what came in on Monday 2 March (due Thursday) is overdue; Tuesday's
/// // (due Friday) is not.
/// assert_eq!(overdue_if_submitted_before(date(2026, 3, 6)), date(2026, 3, 3));
/// // Monday 9 March: Tuesday 3 March's was due Friday; Wednesday 4 March's is due today.
/// assert_eq!(overdue_if_submitted_before(date(2026, 3, 9)), date(2026, 3, 4));
/// ```
pub fn overdue_if_submitted_before(today: NaiveDate) -> NaiveDate {
    // due_date(d) >= d, so d = today is never overdue; walk back while the day before isn't
    // either (a few business days and the weekends and holidays among them).
    let mut first = today;
    while !is_overdue(first - Duration::days(1), today) {
        first -= Duration::days(1);
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    /// The count the definition gives, one day at a time.
    fn counted(since: NaiveDate, today: NaiveDate) -> u32 {
        let mut n = 0;
        let mut day = since;
        while day < today {
            day += Duration::days(1);
            if is_business_day(day) {
                n += 1;
            }
        }
        n
    }

    #[test]
    fn easter_matches_published_dates() {
        // Geoscience Australia / the states' published Easter dates.
        for (year, month, day) in [
            (2019, 4, 21),
            (2020, 4, 12),
            (2021, 4, 4),
            (2022, 4, 17),
            (2023, 4, 9),
            (2024, 3, 31),
            (2025, 4, 20),
            (2026, 4, 5),
            (2027, 3, 28),
            (2028, 4, 16),
            (2029, 4, 1),
            (2030, 4, 21),
        ] {
            assert_eq!(easter_sunday(year), date(year, month, day), "{year}");
        }
    }

    #[test]
    fn weekend_holidays_move_to_the_next_weekday() {
        // 2022: New Year's Day a Saturday -> Monday 3 January; Christmas a Sunday -> Tuesday 27
        // (Boxing Day keeps Monday 26).
        let h = national_holidays(2022);
        assert!(h.contains(&date(2022, 1, 3)));
        assert!(!h.contains(&date(2022, 1, 1)));
        assert!(h.contains(&date(2022, 12, 26)));
        assert!(h.contains(&date(2022, 12, 27)));
        // 2027: Christmas a Saturday, Boxing Day a Sunday -> Monday 27 and Tuesday 28.
        let h = national_holidays(2027);
        assert!(h.contains(&date(2027, 12, 27)));
        assert!(h.contains(&date(2027, 12, 28)));
        // Australia Day 2025 was a Sunday -> Monday 27 January.
        assert!(is_national_holiday(date(2025, 1, 27)));
        // Anzac Day 2026 is a Saturday and is not moved.
        assert!(!is_national_holiday(date(2026, 4, 27)));
    }

    #[test]
    fn fast_count_agrees_with_day_by_day_count() {
        let start = date(2024, 12, 1);
        for offset in 0..120 {
            let since = start + Duration::days(offset * 3);
            for length in [0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 15, 30, 40, 400] {
                let today = since + Duration::days(length);
                assert_eq!(
                    business_days_after(since, today),
                    counted(since, today),
                    "{since} .. {today}"
                );
            }
        }
    }

    #[test]
    fn the_due_date_is_the_end_of_the_promised_business_days() {
        // The applicant reads "2-3 business days": the due date is the last of them.
        let promised = crate::contact::CONTACT.review_days;
        assert!(
            promised.ends_with(&OVERDUE_AFTER_BUSINESS_DAYS.to_string()),
            "{promised}"
        );
        let start = date(2024, 12, 1);
        for offset in 0..800 {
            let submitted = start + Duration::days(offset);
            let due = due_date(submitted);
            assert!(is_business_day(due), "{submitted}: {due}");
            assert_eq!(
                business_days_after(submitted, due),
                OVERDUE_AFTER_BUSINESS_DAYS
            );
            assert!(!is_overdue(submitted, due));
            assert!(is_overdue(submitted, due + Duration::days(1)));
            // Monotone: a later submission is never due earlier (sorting by due date is
            // sorting by submission).
            assert!(due_date(submitted + Duration::days(1)) >= due);
        }
    }

    #[test]
    fn overdue_cutoff_selects_exactly_the_overdue() {
        let start = date(2025, 12, 1);
        for offset in 0..450 {
            let today = start + Duration::days(offset);
            let cutoff = overdue_if_submitted_before(today);
            for back in 0..30 {
                let submitted = today - Duration::days(back);
                assert_eq!(
                    is_overdue(submitted, today),
                    submitted < cutoff,
                    "{submitted} on {today} (cutoff {cutoff})"
                );
            }
        }
    }

    #[test]
    fn overdue_is_past_three_business_days() {
        // Monday 2 March 2026: Thursday is 3 days (due), Friday 4 (overdue).
        assert!(!is_overdue(date(2026, 3, 2), date(2026, 3, 5)));
        assert!(is_overdue(date(2026, 3, 2), date(2026, 3, 6)));
        // Over Christmas 2026: submitted Wednesday 23 December; 24 (Thu) 1, 25 holiday,
        // 28 (Mon, Boxing Day observed) holiday, 29 2, 30 3, 31 4.
        assert!(!is_overdue(date(2026, 12, 23), date(2026, 12, 30)));
        assert!(is_overdue(date(2026, 12, 23), date(2026, 12, 31)));
        assert_eq!(business_days_after(date(2026, 3, 5), date(2026, 3, 2)), 0);
    }
}
