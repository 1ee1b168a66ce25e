//! The business and tax residency details of one application, read back for the staff case
//! view (migration V18's tables): display-ready in core's wire types
//! ([`banksia_wire::staff::CaseDetails`]), every stored code read by core (a value core
//! can't read is an error, never a silent default), the ABN formatted with its ABN Lookup link
//! and the plain statement that only its check digit was verified, the TFN masked from the
//! last three digits kept beside its ciphertext (the number itself is never read here).
//!
//! Columns are read by name. The caller audits the view, as it does the case view's.

use banksia_core::application::tax_numbers::{Abn, Acn, Tfn};
use banksia_core::application::{
    ApplicantRole, AustralianState, Country, EntityType, NatureOfBusiness, NoTinReason, OwnerRole,
};
use banksia_wire::staff::{
    ABN_CHECK_NOTE, CaseAddress, CaseBusiness, CaseDetails, CaseForeignResidency, CaseOwner,
    CaseTaxResidency,
};
use tokio_postgres::GenericClient;

use crate::error::ApiError;
use tokio_postgres::Row;

/// A stored value core can't read (the column's name): the row is not what was stored, a 500
/// that names the column in the log, never in the answer.
fn unreadable(column: &str) -> ApiError {
    ApiError::Internal(format!("a stored {column} core can't read"))
}

const BUSINESS: &str = "\
SELECT entity_type, legal_name, trading_name, abn, acn, address_line1, address_line2, city,
       state, postal_code, nature_of_business, applicant_role
FROM application_businesses WHERE application_id = $1";

const OWNERS: &str = "\
SELECT full_name, date_of_birth, address_line1, address_line2, city, state, postal_code, role,
       ownership_percent
FROM application_owners WHERE application_id = $1 ORDER BY position";

const TAX: &str = "\
SELECT tfn_last3, tfn_length, business_asked
FROM application_tax_residency WHERE application_id = $1";

const FOREIGN: &str = "\
SELECT resident, country, tin, no_tin_reason, no_tin_explanation
FROM application_foreign_tax_residencies WHERE application_id = $1 ORDER BY resident, position";

/// Reads a stored code with core's parser.
fn code<T>(row: &Row, column: &'static str, parse: fn(&str) -> Option<T>) -> Result<T, ApiError> {
    let text: String = row.try_get(column)?;
    parse(&text).ok_or_else(|| unreadable(column))
}

/// An address stored as the columns `address_line1` … `postal_code`, on one line.
fn address(row: &Row) -> Result<CaseAddress, ApiError> {
    let line1: String = row.try_get("address_line1")?;
    let line2: Option<String> = row.try_get("address_line2")?;
    let city: String = row.try_get("city")?;
    let state = code(row, "state", AustralianState::parse)?;
    let postal_code: String = row.try_get("postal_code")?;
    let street = match line2 {
        Some(unit) => format!("{unit}, {line1}"),
        None => line1,
    };
    Ok(CaseAddress {
        line: format!("{street}, {city} {} {postal_code}", state.as_str()),
    })
}

fn owner(row: &Row) -> Result<CaseOwner, ApiError> {
    let date_of_birth: chrono::NaiveDate = row.try_get("date_of_birth")?;
    let share: rust_decimal::Decimal = row.try_get("ownership_percent")?;
    Ok(CaseOwner {
        full_name: row.try_get("full_name")?,
        date_of_birth: date_of_birth.format("%Y-%m-%d").to_string(),
        address: address(row)?,
        role: code(row, "role", OwnerRole::parse)?.label().to_owned(),
        ownership_percent: share.round_dp(2).to_string(),
    })
}

fn foreign(row: &Row) -> Result<CaseForeignResidency, ApiError> {
    let reason: Option<String> = row.try_get("no_tin_reason")?;
    let reason = match reason {
        Some(reason) => Some(
            NoTinReason::parse(&reason)
                .ok_or_else(|| unreadable("no_tin_reason"))?
                .label()
                .to_owned(),
        ),
        None => None,
    };
    Ok(CaseForeignResidency {
        country: code(row, "country", Country::parse)?.name().to_owned(),
        tin: row.try_get("tin")?,
        no_tin_reason: reason,
        no_tin_explanation: row.try_get("no_tin_explanation")?,
    })
}

fn business(row: &Row, owners: Vec<CaseOwner>) -> Result<CaseBusiness, ApiError> {
    let abn: String = row.try_get("abn")?;
    let abn = Abn::parse(&abn).map_err(|_| unreadable("abn"))?;
    let acn: Option<String> = row.try_get("acn")?;
    let acn = match acn {
        Some(acn) => Some(Acn::parse(&acn).map_err(|_| unreadable("acn"))?.to_string()),
        None => None,
    };
    Ok(CaseBusiness {
        entity_type: code(row, "entity_type", EntityType::parse)?
            .label()
            .to_owned(),
        legal_name: row.try_get("legal_name")?,
        trading_name: row.try_get("trading_name")?,
        abn: abn.to_string(),
        abn_lookup_url: abn.lookup_url(),
        abn_note: ABN_CHECK_NOTE.to_owned(),
        acn,
        address: address(row)?,
        nature_of_business: code(row, "nature_of_business", NatureOfBusiness::parse)?
            .label()
            .to_owned(),
        applicant_role: code(row, "applicant_role", ApplicantRole::parse)?
            .label()
            .to_owned(),
        owners,
    })
}

/// The business (with its owners) and the tax residency of the application `application_id`,
/// read in the caller's transaction; `None` parts for an application that has none (a personal
/// account's business, or any application stored before migration V18).
pub async fn load_customer_details(
    client: &impl GenericClient,
    application_id: i64,
) -> Result<CaseDetails, ApiError> {
    let business_row = client.query_opt(BUSINESS, &[&application_id]).await?;
    let business = match business_row {
        Some(row) => {
            let owners = client
                .query(OWNERS, &[&application_id])
                .await?
                .iter()
                .map(owner)
                .collect::<Result<Vec<_>, _>>()?;
            Some(business(&row, owners)?)
        }
        None => None,
    };
    let tax_residency = match client.query_opt(TAX, &[&application_id]).await? {
        Some(row) => {
            let last3: Option<String> = row.try_get("tfn_last3")?;
            let length: Option<i32> = row.try_get("tfn_length")?;
            let business_asked: bool = row.try_get("business_asked")?;
            let mut countries = Vec::new();
            let mut business_countries = Vec::new();
            for row in client.query(FOREIGN, &[&application_id]).await? {
                let resident: String = row.try_get("resident")?;
                let residency = foreign(&row)?;
                match resident.as_str() {
                    "applicant" => countries.push(residency),
                    "business" => business_countries.push(residency),
                    _ => return Err(unreadable("resident")),
                }
            }
            Some(CaseTaxResidency {
                tfn_masked: last3.map(|last3| {
                    Tfn::masked_from_tail(&last3, usize::try_from(length.unwrap_or(0)).unwrap_or(0))
                }),
                countries,
                business_countries: business_asked.then_some(business_countries),
            })
        }
        None => None,
    };
    Ok(CaseDetails {
        business,
        tax_residency,
    })
}
