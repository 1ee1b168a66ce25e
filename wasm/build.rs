//! Generates the TypeScript declarations of every type that crosses the boundary, from the Rust
//! types themselves (ts-rs derives in banksia-core, feature `typescript`). `src/lib.rs` puts
//! them into the `.d.ts` wasm-bindgen writes, so the site's type check runs against exactly
//! what core serialises: a renamed field fails `astro check`, not a visitor's page.

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
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
use banksia_core::staff_wire::{
    ActionRequest, ApplicationStatusView, AuditPage, AuditQuery, AuditVerification, CaseView,
    CeremonyFinish, CeremonyStarted, ClaimRequest, InviteCreated, InviteRequest, NoteRequest,
    QueuePage, QueueQuery, RegisterStart, Revealed, RolesRequest, RolesSaved, SignInStart,
    StaffDirectory, StaffErrorBody, StaffMe, StaffMember, StatusLinkRequest, StatusLinkSent,
};
use banksia_core::term_deposit::{InterestFrequency, InterestOption};
use banksia_core::transfer_duty::{StampDutyEntries, StampDutyField, StampDutyView};
use banksia_core::wire::{ApplicationCreated, ErrorBody};
use ts_rs::{Config, TS, TypeVisitor};

/// Collects the declaration of each type once, with every type it refers to.
struct Declarations<'a> {
    config: &'a Config,
    seen: HashSet<TypeId>,
    by_name: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only named, declarable types (not `string`, `Array<T>`, …); generics once.
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T::WithoutGenerics>()) {
            return;
        }
        let mut text = T::docs().map(without_examples).unwrap_or_default();
        text.push_str("export ");
        // ts-rs ends objects with `, };` on the field's line; wasm-bindgen indents the .d.ts by
        // braces at the start of lines, so each closing brace gets a line of its own.
        text.push_str(&T::decl(self.config).replace(", }", ",\n}"));
        text.push('\n');
        self.by_name.insert(T::ident(self.config), text);
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// A doc comment without its Rust code examples (` ``` ` blocks), which mean nothing in
/// TypeScript.
fn without_examples(docs: String) -> String {
    let mut in_example = false;
    let mut kept = Vec::new();
    for line in docs.lines() {
        if line
            .trim_start()
            .trim_start_matches('*')
            .trim()
            .starts_with("```")
        {
            in_example = !in_example;
        } else if !in_example {
            kept.push(line);
        }
    }
    let mut text = kept.join("\n");
    text.push('\n');
    // A comment left as ` * ` lines only, between its opening and closing lines, is dropped.
    text.replace(" *\n */", " */")
}

fn main() {
    let config = Config::new().with_large_int("number");
    let mut declarations = Declarations {
        config: &config,
        seen: HashSet::new(),
        by_name: BTreeMap::new(),
    };
    // What the exports take and return (see src/lib.rs), and the core types the site names.
    declarations.visit::<Outcome<Money, LoanField>>();
    declarations.visit::<LoanField>();
    declarations.visit::<banksia_core::loan::FrequencyOption>();
    declarations.visit::<TermDepositField>();
    declarations.visit::<BorrowingPowerField>();
    declarations.visit::<KeyFactsField>();
    declarations.visit::<ComparisonField>();
    declarations.visit::<LoanEntries>();
    declarations.visit::<LoanScheduleView>();
    declarations.visit::<TermDepositEntries>();
    declarations.visit::<TermDepositView>();
    declarations.visit::<BorrowingPowerEntries>();
    declarations.visit::<BorrowingPowerView>();
    declarations.visit::<StampDutyField>();
    declarations.visit::<StampDutyEntries>();
    declarations.visit::<StampDutyView>();
    declarations.visit::<OffsetField>();
    declarations.visit::<OffsetEntries>();
    declarations.visit::<OffsetView>();
    declarations.visit::<RateRise>();
    declarations.visit::<LoanComparison>();
    declarations.visit::<InterestFrequency>();
    declarations.visit::<InterestOption>();
    declarations.visit::<Catalog>();
    declarations.visit::<banksia_core::products::offers::ProductWords>();
    declarations.visit::<KeyFactsSheet>();
    declarations.visit::<CalculatorDisclosure>();
    declarations.visit::<CollectionNotice>();
    declarations.visit::<ApplicationInput>();
    // The one envelope of the application's messages: the wizard's checks and the API's 422.
    declarations.visit::<ApplicationReport>();
    declarations.visit::<MessageKey>();
    declarations.visit::<FormOptions>();
    declarations.visit::<FieldInput>();
    declarations.visit::<ContactDetails>();
    declarations.visit::<NextStep>();
    declarations.visit::<banksia_core::contact::Notice>();
    declarations.visit::<banksia_core::application::details::DetailsInput>();
    declarations.visit::<banksia_core::application::details::DetailsReport>();
    declarations.visit::<banksia_core::application::details::DetailsOptions>();
    // DetailsLabels' maps name their keys' types (a `Record` override doesn't visit them).
    declarations.visit::<banksia_core::application::details::BusinessField>();
    declarations.visit::<banksia_core::application::details::OwnerField>();
    declarations.visit::<banksia_core::application::details::TaxField>();
    declarations.visit::<banksia_core::application::details::CountryField>();
    declarations.visit::<banksia_core::application::DetailsSummaryRow>();
    declarations.visit::<banksia_core::application::details::ErrorSummaryLine>();
    declarations.visit::<banksia_core::application::WizardStep>();
    declarations.visit::<banksia_core::application::WizardPage>();
    declarations.visit::<banksia_core::application::DetailsPart>();
    declarations.visit::<banksia_core::application::tax_numbers::NumberReading>();
    declarations.visit::<banksia_core::application::tax_numbers::NumberKind>();
    declarations.visit::<ValidationReport>();
    // The application API's other answers (core's `wire`), which the wizard reads.
    declarations.visit::<ApplicationCreated>();
    declarations.visit::<ErrorBody>();
    declarations.visit::<SummaryRow>();
    // The staff API's bodies and the applicant's status page (core's `staff_wire`), which the
    // staff console and the status page read: types only, no code in any package.
    declarations.visit::<StaffErrorBody>();
    declarations.visit::<StaffMe>();
    declarations.visit::<QueuePage>();
    declarations.visit::<CaseView>();
    declarations.visit::<banksia_core::staff_wire::CaseDetails>();
    declarations.visit::<ActionRequest>();
    declarations.visit::<banksia_core::staff_wire::ActionPreview>();
    declarations.visit::<banksia_core::staff_wire::ActionDone>();
    declarations.visit::<ClaimRequest>();
    declarations.visit::<banksia_core::staff_wire::ReassignRequest>();
    declarations.visit::<banksia_core::staff_wire::RevealRequest>();
    declarations.visit::<NoteRequest>();
    declarations.visit::<Revealed>();
    declarations.visit::<StaffMember>();
    declarations.visit::<StaffDirectory>();
    declarations.visit::<InviteRequest>();
    declarations.visit::<InviteCreated>();
    declarations.visit::<RolesRequest>();
    declarations.visit::<RolesSaved>();
    declarations.visit::<AuditPage>();
    declarations.visit::<AuditVerification>();
    declarations.visit::<RegisterStart>();
    declarations.visit::<SignInStart>();
    // The WebAuthn ceremonies' envelopes; their options and credential are WebAuthn's own JSON,
    // which the console's webauthn.ts types (the declarations keep the type parameters).
    declarations.visit::<CeremonyStarted<()>>();
    declarations.visit::<CeremonyFinish<()>>();
    declarations.visit::<QueueQuery>();
    declarations.visit::<AuditQuery>();
    declarations.visit::<StatusLinkRequest>();
    declarations.visit::<StatusLinkSent>();
    declarations.visit::<ApplicationStatusView>();
    declarations.visit::<banksia_core::staff_wire::InformationAnswer>();
    declarations.visit::<banksia_core::staff_wire::InformationResponses>();

    let mut out = String::from("// Generated by wasm/build.rs from the Rust types; do not edit.\n");
    for text in declarations.by_name.values() {
        out.push('\n');
        out.push_str(text);
    }
    let path = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("boundary.d.ts");
    std::fs::write(&path, out).expect("write boundary.d.ts");
    println!("cargo::rerun-if-changed=build.rs");
}
