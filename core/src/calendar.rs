//! Dates as people write and read them: `1 July 2025` in a sentence, and a date typed either
//! ISO (`2026-12-01`) or day first (`1/12/2026`).
//!
//! Written out rather than through chrono's `format` and `parse_from_str`: their format-string
//! machinery was about 40 KB of the stamp duty page's WebAssembly for two fixed layouts
//! (benches/README.md, "What each package links").

use chrono::{Datelike, NaiveDate};

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `"1 July 2025"`: the day without a leading zero, the month's name, the year.
///
/// ```
/// use banksia_core::calendar::long_date;
/// use chrono::NaiveDate;
///
/// assert_eq!(long_date(NaiveDate::from_ymd_opt(2025, 7, 1).unwrap()), "1 July 2025");
/// ```
pub fn long_date(day: NaiveDate) -> String {
    format!(
        "{} {} {}",
        day.day(),
        MONTHS[day.month0() as usize],
        day.year()
    )
}

/// A date as typed: ISO year first (`2026-12-01`, `2026-12-1`) or Australian day first with
/// `/`, `-` or `.` (`1/12/2026`, `01-12-2026`, `1.12.2026`), the year in four digits and the
/// day and month in one or two; `None` for anything else or a day the calendar doesn't have.
///
/// ```
/// use banksia_core::calendar::read_typed_date;
/// use chrono::NaiveDate;
///
/// let day = NaiveDate::from_ymd_opt(2026, 12, 1);
/// assert_eq!(read_typed_date("2026-12-01"), day);
/// assert_eq!(read_typed_date("1/12/2026"), day);
/// assert_eq!(read_typed_date("01.12.2026"), day);
/// assert_eq!(read_typed_date("1/12-2026"), None);
/// assert_eq!(read_typed_date("29/02/2026"), None);
/// ```
pub fn read_typed_date(text: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = text.split(['-', '/', '.']).collect();
    let [first, second, third] = parts[..] else {
        return None;
    };
    // The two separators are the same one.
    let separators: Vec<char> = text
        .chars()
        .filter(|c| matches!(c, '-' | '/' | '.'))
        .collect();
    if separators[0] != separators[1] {
        return None;
    }
    let number = |part: &str, digits: std::ops::RangeInclusive<usize>| {
        (digits.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    let (year, month, day) = if first.len() == 4 {
        if separators[0] != '-' {
            return None;
        }
        (
            number(first, 4..=4)?,
            number(second, 1..=2)?,
            number(third, 1..=2)?,
        )
    } else {
        (
            number(third, 4..=4)?,
            number(second, 1..=2)?,
            number(first, 1..=2)?,
        )
    };
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_day_of_two_centuries_reads_back_as_chrono_writes_it() {
        let mut day = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap();
        let last = NaiveDate::from_ymd_opt(2100, 12, 31).unwrap();
        while day <= last {
            for layout in [
                "%Y-%m-%d",
                "%d/%m/%Y",
                "%d-%m-%Y",
                "%d.%m.%Y",
                "%-d/%-m/%Y",
                "%Y-%-m-%-d",
            ] {
                let text = day.format(layout).to_string();
                assert_eq!(read_typed_date(&text), Some(day), "{text}");
            }
            assert_eq!(long_date(day), day.format("%-d %B %Y").to_string());
            day = day.succ_opt().unwrap();
        }
    }

    #[test]
    fn anything_else_is_not_a_date() {
        for text in [
            "",
            "2026",
            "2026-12",
            "2026-12-01-01",
            "1/12/26",
            "12/2026/1",
            "2026/12/01",
            "2026.12.01",
            "1/12-2026",
            "+2026-12-01",
            "2026-12-01 ",
            " 1/12/2026",
            "1/12/20261",
            "001/12/2026",
            "1/012/2026",
            "٢٠٢٦-١٢-٠١",
            "2026-1２-01",
            "31/04/2026",
            "0/12/2026",
            "1/0/2026",
            "1/13/2026",
            "yesterday",
            "1//2026",
            "-1/12/2026",
        ] {
            assert_eq!(read_typed_date(text), None, "{text:?}");
        }
    }
}
