//! Whether the site being served still shows the rates in force. The pages are static: the
//! build prices them with core's catalog as of the day it runs (`data-rates-day` on /rates,
//! `site/src/data/products.ts`), so a rate change announced in the catalog reaches the pages
//! only when the site is built on or after its day. The product data API moves on its own (it
//! picks the offers in force per request). This check is the guard between the two: once a
//! change has taken effect after the built day, every hour it logs an ERROR naming both days
//! and sets `banksia_site_rates_stale` to 1, until a rebuilt site is deployed.

use std::path::Path;
use std::time::Duration;

use banksia_core::application::Today;
use chrono::{NaiveDate, Utc};

use crate::metrics;

/// The day the built site's rates are of, read from its /rates page; `None` when the page or
/// the attribute is missing (a site built before the attribute existed, or no site at all).
pub fn built_rates_day(static_dir: &Path) -> Option<NaiveDate> {
    let page = std::fs::read_to_string(static_dir.join("rates").join("index.html")).ok()?;
    let (_, rest) = page.split_once("data-rates-day=\"")?;
    let (day, _) = rest.split_once('"')?;
    NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()
}

/// The day of the first rate change in force on `today` that the pages built on `built` don't
/// show.
pub fn stale_since(built: NaiveDate, today: NaiveDate) -> Option<NaiveDate> {
    banksia_core::products::shared_catalog().changed_since(built, today)
}

/// Checks now and every hour, for as long as the server runs.
pub async fn watch(static_dir: std::path::PathBuf) {
    let Some(built) = built_rates_day(&static_dir) else {
        tracing::warn!(static_dir = %static_dir.display(), "the site has no data-rates-day on /rates; its rates can't be checked against the catalog");
        return;
    };
    let mut every = tokio::time::interval(Duration::from_secs(3600));
    loop {
        every.tick().await;
        let today = Today::At(Utc::now()).bank_date();
        let stale = stale_since(built, today);
        metrics::METRICS
            .site_rates_stale
            .set(i64::from(stale.is_some()));
        if let Some(changed) = stale {
            tracing::error!(%built, %changed, "the site shows the rates of {built}, but a rate change took effect on {changed}: rebuild and deploy the site");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_built_day_from_the_rates_page() {
        let dir = std::env::temp_dir().join(format!("banksia-site-rates-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("rates")).unwrap();
        assert_eq!(built_rates_day(&dir), None);
        std::fs::write(
            dir.join("rates").join("index.html"),
            r#"<p class="effective" data-testid="rates-day" data-rates-day="2026-11-26">"#,
        )
        .unwrap();
        let day = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(built_rates_day(&dir), Some(day));
        std::fs::remove_dir_all(&dir).unwrap();

        let change = NaiveDate::from_ymd_opt(2026, 12, 11).unwrap();
        assert_eq!(stale_since(day, change.pred_opt().unwrap()), None);
        assert_eq!(stale_since(day, change), Some(change));
        assert_eq!(stale_since(change, change), None);
    }
}
