//! Generates the TypeScript declarations of every type the exports take and return, from the
//! Rust types themselves (ts-rs derives in banksia-core, feature `typescript`, declared by
//! banksia-wire's one generator, `banksia_wire::typescript`). The HTTP bodies are not here:
//! the site reads them from banksia-wire's own `typescript/index.d.ts`. `src/lib.rs` puts
//! them into the `.d.ts` wasm-bindgen writes, so the site's type check runs against exactly
//! what core serialises: a renamed field fails `astro check`, not a visitor's page.

use std::path::PathBuf;

use banksia_core::application::{
    ApplicationInput, FieldInput, FormOptions, SummaryRow, ValidationReport,
};
use banksia_core::application_form::{ApplicationReport, MessageKey};
use banksia_core::borrowing_power::{
    BorrowingPowerEntries, BorrowingPowerField, BorrowingPowerView,
};
use banksia_core::calculator::{
    LoanEntries, LoanField, LoanScheduleView, Money, TermDepositEntries, TermDepositField,
    TermDepositView,
};
use banksia_core::contact::{ContactDetails, NextStep};
use banksia_core::disclosures::{CalculatorDisclosure, CollectionNotice};
use banksia_core::entries::Outcome;
use banksia_core::key_facts::{KeyFactsField, KeyFactsSheet};
use banksia_core::loan_scenarios::{ComparisonField, LoanComparison, RateRise};
use banksia_core::offset::{OffsetEntries, OffsetField, OffsetView};
use banksia_core::products::Catalog;
use banksia_core::term_deposit::{InterestFrequency, InterestOption};
use banksia_core::transfer_duty::{StampDutyEntries, StampDutyField, StampDutyView};
use banksia_wire::typescript::Declarations;

fn main() {
    reads_entries_cfg();
    reads_today_cfg();
    let mut declarations = Declarations::new();
    // What the exports take and return (see src/lib.rs), and the core types the site names.
    declarations.add::<Outcome<Money, LoanField>>();
    declarations.add::<LoanField>();
    declarations.add::<banksia_core::loan::FrequencyOption>();
    declarations.add::<TermDepositField>();
    declarations.add::<BorrowingPowerField>();
    declarations.add::<KeyFactsField>();
    declarations.add::<ComparisonField>();
    declarations.add::<LoanEntries>();
    declarations.add::<LoanScheduleView>();
    declarations.add::<TermDepositEntries>();
    declarations.add::<TermDepositView>();
    declarations.add::<BorrowingPowerEntries>();
    declarations.add::<BorrowingPowerView>();
    declarations.add::<StampDutyField>();
    declarations.add::<StampDutyEntries>();
    declarations.add::<StampDutyView>();
    declarations.add::<OffsetField>();
    declarations.add::<OffsetEntries>();
    declarations.add::<OffsetView>();
    declarations.add::<RateRise>();
    declarations.add::<LoanComparison>();
    declarations.add::<InterestFrequency>();
    declarations.add::<InterestOption>();
    declarations.add::<Catalog>();
    declarations.add::<banksia_core::products::offers::ProductWords>();
    declarations.add::<KeyFactsSheet>();
    declarations.add::<CalculatorDisclosure>();
    declarations.add::<CollectionNotice>();
    declarations.add::<ApplicationInput>();
    // The one envelope of the application's messages: the wizard's checks and the API's 422.
    declarations.add::<ApplicationReport>();
    declarations.add::<MessageKey>();
    declarations.add::<FormOptions>();
    declarations.add::<FieldInput>();
    declarations.add::<ContactDetails>();
    declarations.add::<NextStep>();
    declarations.add::<banksia_core::contact::Notice>();
    declarations.add::<banksia_core::application::details::DetailsInput>();
    declarations.add::<banksia_core::application::details::DetailsReport>();
    declarations.add::<banksia_core::application::details::DetailsOptions>();
    // DetailsLabels' maps name their keys' types (a `Record` override doesn't visit them).
    declarations.add::<banksia_core::application::details::BusinessField>();
    declarations.add::<banksia_core::application::details::OwnerField>();
    declarations.add::<banksia_core::application::details::TaxField>();
    declarations.add::<banksia_core::application::details::CountryField>();
    declarations.add::<banksia_core::application::DetailsSummaryRow>();
    declarations.add::<banksia_core::application::details::ErrorSummaryLine>();
    declarations.add::<banksia_core::application::WizardStep>();
    declarations.add::<banksia_core::application::WizardPage>();
    declarations.add::<banksia_core::application::DetailsPart>();
    declarations.add::<banksia_core::application::tax_numbers::NumberReading>();
    declarations.add::<banksia_core::application::tax_numbers::NumberKind>();
    declarations.add::<ValidationReport>();
    declarations.add::<SummaryRow>();

    let out = declarations.text("wasm/build.rs");
    let path = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("boundary.d.ts");
    std::fs::write(&path, out).expect("write boundary.d.ts");
    println!("cargo::rerun-if-changed=build.rs");
}

/// `cfg(reads_entries)`: this build has an export that reads entries from JavaScript (every
/// native build, and every package but the build-only `site-facts`), so `src/lib.rs` compiles its
/// readers only there and no package carries them unused.
fn reads_entries_cfg() {
    feature_cfg(
        "reads_entries",
        &[
            "APPLICATION",
            "CUSTOMER_DETAILS",
            "HOME_LOAN",
            "HOME_LOAN_TOOLS",
            "TERM_DEPOSIT",
            "BORROWING_POWER",
            "STAMP_DUTY",
            "OFFSET",
        ],
    );
}

/// `cfg(reads_today)`: this build has an export that takes `today` (every native build, and the
/// packages below), so `src/lib.rs` compiles its reader only there.
fn reads_today_cfg() {
    feature_cfg(
        "reads_today",
        &[
            "APPLICATION",
            "CUSTOMER_DETAILS",
            "HOME_LOAN_TOOLS",
            "KEY_FACTS_SHEET",
            "BORROWING_POWER",
            "STAMP_DUTY",
            "SITE_FACTS",
        ],
    );
}

/// Sets `cfg(name)` for a native build, or a build with any of `features` (their
/// `CARGO_FEATURE_` names).
fn feature_cfg(name: &str, features: &[&str]) {
    println!("cargo::rustc-check-cfg=cfg({name})");
    let native = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch != "wasm32");
    let feature = features
        .iter()
        .any(|feature| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some());
    if native || feature {
        println!("cargo::rustc-cfg={name}");
    }
}
