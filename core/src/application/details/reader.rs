//! The reader of the details: what the wizard sends, every value optional and as typed, each
//! type read by its one `Deserialize` ([`DetailsInput`]: an object of known members only), and
//! the whole application body ([`SubmissionInput`]) that carries them beside the application's
//! own fields.

use super::*;

/// A beneficial owner or controller as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct OwnerInput {
    /// Full name, as on their ID.
    pub full_name: Option<String>,
    /// `YYYY-MM-DD`.
    pub date_of_birth: Option<String>,
    /// Residential street address.
    pub address_line1: Option<String>,
    /// Unit or apartment (optional).
    pub address_line2: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State or territory.
    pub state: Option<String>,
    /// Postcode.
    pub postal_code: Option<String>,
    /// [`OwnerRole`] code.
    pub role: Option<String>,
    /// Share of the business owned, in percent (`25`, `12.5`); blank is none.
    pub ownership_percent: Option<AmountInput>,
}

/// The business behind a business account, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct BusinessInput {
    /// [`EntityType`] code.
    pub entity_type: Option<String>,
    /// The legal name, as the ABN register shows it.
    pub legal_name: Option<String>,
    /// The name it trades under, when different (optional).
    pub trading_name: Option<String>,
    /// Australian Business Number as typed.
    pub abn: Option<String>,
    /// Australian Company Number as typed (companies only).
    pub acn: Option<String>,
    /// Registered business address: street.
    pub address_line1: Option<String>,
    /// Unit or suite (optional).
    pub address_line2: Option<String>,
    /// City or suburb.
    pub city: Option<String>,
    /// State or territory.
    pub state: Option<String>,
    /// Postcode.
    pub postal_code: Option<String>,
    /// [`NatureOfBusiness`] code.
    pub nature_of_business: Option<String>,
    /// The beneficial owners and controllers.
    pub owners: Option<Vec<OwnerInput>>,
    /// The applicant's own [`ApplicantRole`] code.
    pub applicant_role: Option<String>,
    /// The applicant confirms they may act for the business.
    pub applicant_authorised: Option<bool>,
}

/// One foreign tax residency as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct ForeignResidencyInput {
    /// [`Country`] code (`NZ`).
    pub country: Option<String>,
    /// Its tax identification number.
    pub tin: Option<String>,
    /// Without a number: [`NoTinReason`] code.
    pub no_tin_reason: Option<String>,
    /// Why it can't be obtained (reason `unable_to_obtain`).
    pub no_tin_explanation: Option<String>,
}

/// Tax residency self-certification as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct TaxResidencyInput {
    /// "Are you a tax resident of a country other than Australia?"
    pub foreign_resident: Option<bool>,
    /// Each such country, when yes.
    pub countries: Option<Vec<ForeignResidencyInput>>,
    /// Tax file number (optional).
    pub tfn: Option<String>,
    /// For a business (other than a sole trader): is the business a tax resident elsewhere?
    pub business_foreign_resident: Option<bool>,
    /// Each such country of the business, when yes.
    pub business_countries: Option<Vec<ForeignResidencyInput>>,
}

/// What the wizard sends beside the application's own fields.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)]
pub struct DetailsInput {
    /// The business (business accounts only; ignored otherwise).
    pub business: Option<BusinessInput>,
    /// Tax residency (every account).
    pub tax_residency: Option<TaxResidencyInput>,
}

crate::reading::deserialize_object_only!(DetailsInput, Serialize);

/// The body of an application as the wizard sends it: the application's own fields
/// ([`ApplicationInput`]) with `business` and `tax_residency` ([`DetailsInput`]'s members)
/// beside them in the same object. Its reader hands every other member to
/// [`ApplicationInput`]'s one reader as it comes, so an unknown or repeated field, an array or
/// a malformed value gets the very answer it gets without the details.
///
/// ```
/// use banksia_core::application::details::SubmissionInput;
///
/// let body: SubmissionInput = serde_json::from_str(
///     r#"{"first_name": "Jane", "tax_residency": {"foreign_resident": false}}"#,
/// ).unwrap();
/// assert_eq!(body.application.first_name.as_deref(), Some("Jane"));
/// assert_eq!(body.details.tax_residency.unwrap().foreign_resident, Some(false));
/// assert!(serde_json::from_str::<SubmissionInput>(r#"{"business": null, "business": null}"#).is_err());
/// assert!(serde_json::from_str::<SubmissionInput>(r#"{"nickname": "J"}"#).is_err());
/// assert!(serde_json::from_str::<SubmissionInput>(r#"["Jane"]"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SubmissionInput {
    /// The application's own fields.
    pub application: ApplicationInput,
    /// The business and tax residency details.
    pub details: DetailsInput,
}

impl<'de> Deserialize<'de> for SubmissionInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::{DeserializeSeed, IntoDeserializer, MapAccess, Visitor};

        /// The body's members: the details' kept aside, the others handed on.
        struct Split<'a, A> {
            map: A,
            details: &'a mut DetailsInput,
            seen: [bool; 2],
        }

        impl<'de, A: MapAccess<'de>> MapAccess<'de> for Split<'_, A> {
            type Error = A::Error;

            fn next_key_seed<K: DeserializeSeed<'de>>(
                &mut self,
                seed: K,
            ) -> Result<Option<K::Value>, A::Error> {
                loop {
                    let Some(key) = self.map.next_key::<String>()? else {
                        return Ok(None);
                    };
                    let member = match key.as_str() {
                        "business" => 0,
                        "tax_residency" => 1,
                        _ => {
                            let key: serde::de::value::StringDeserializer<A::Error> =
                                key.into_deserializer();
                            return seed.deserialize(key).map(Some);
                        }
                    };
                    if std::mem::replace(&mut self.seen[member], true) {
                        return Err(serde::de::Error::duplicate_field(if member == 0 {
                            "business"
                        } else {
                            "tax_residency"
                        }));
                    }
                    if member == 0 {
                        self.details.business = self.map.next_value()?;
                    } else {
                        self.details.tax_residency = self.map.next_value()?;
                    }
                }
            }

            fn next_value_seed<V: DeserializeSeed<'de>>(
                &mut self,
                seed: V,
            ) -> Result<V::Value, A::Error> {
                self.map.next_value_seed(seed)
            }
        }

        struct Body;

        impl<'de> Visitor<'de> for Body {
            type Value = SubmissionInput;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an application: one object of the form's fields")
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<SubmissionInput, A::Error> {
                let mut details = DetailsInput::default();
                let split = Split {
                    map,
                    details: &mut details,
                    seen: [false; 2],
                };
                let application = <ApplicationInput as Deserialize>::deserialize(
                    serde::de::value::MapAccessDeserializer::new(split),
                )?;
                Ok(SubmissionInput {
                    application,
                    details,
                })
            }
        }

        deserializer.deserialize_map(Body)
    }
}
