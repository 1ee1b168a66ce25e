//! JSON text read by `serde_json` as the server reads it, with serde's error messages never
//! formatted.
//!
//! The exports read their input exactly as the server reads a request body: `serde_json`'s
//! deserializer over the text (feature `arbitrary_precision`), the input type's own
//! `Deserialize`, then nothing but whitespace after the value. Only what is linked differs.
//! `serde_json`'s error type writes a message for every refusal, and writing serde's
//! `Unexpected` links Rust's float printing and `serde_json`'s own (about 35 KB of code and
//! 12 KB of tables in each package), although the boundary never shows that message: it answers
//! with core's fixed texts (docs/decisions.md, "The packages read JSON through a quiet layer").
//!
//! So [`from_json`] runs the input type's `Deserialize` against [`Quiet`], a pass-through over
//! `serde_json`'s deserializer whose error type ([`Failure`]) keeps no message. Every value
//! still comes from `serde_json`'s own `deserialize_any` (or `deserialize_option` /
//! `deserialize_ignored_any`), visited through [`Visit`], which hands each value on unchanged.
//! An error of `serde_json` itself (text that isn't JSON) travels back out unchanged; a value
//! the input type refuses is reported beside `serde_json`'s results, never as its error (each
//! of whose constructors formats a message). The first error decides, as on the server. The
//! tests below read every shared hostile body and each prefix of it both ways.

// The site-facts package reads only names ([`from_name`]).
#![cfg_attr(not(reads_entries), allow(dead_code))]

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};

#[cfg(reads_entries)]
use crate::Unread;

/// What went wrong below a pass-through layer.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Failure {
    /// The input type refused a value (serde's `invalid_type`, `unknown_field`, ...).
    Shape,
    /// A value `serde_json` would answer with its syntax error: anything but a name or an
    /// object where an enum is read.
    NotJson,
    /// `serde_json` failed; its error is kept aside by the layer that called it.
    Inner,
}

impl fmt::Display for Failure {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("not of the expected shape")
    }
}

impl std::error::Error for Failure {}

/// Every constructor is overridden: serde's defaults would format `Unexpected`.
impl de::Error for Failure {
    fn custom<T: fmt::Display>(_message: T) -> Self {
        Failure::Shape
    }

    fn invalid_type(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        Failure::Shape
    }

    fn invalid_value(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        Failure::Shape
    }

    fn invalid_length(_: usize, _: &dyn de::Expected) -> Self {
        Failure::Shape
    }

    fn unknown_variant(_: &str, _: &'static [&'static str]) -> Self {
        Failure::Shape
    }

    fn unknown_field(_: &str, _: &'static [&'static str]) -> Self {
        Failure::Shape
    }

    fn missing_field(_: &'static str) -> Self {
        Failure::Shape
    }

    fn duplicate_field(_: &'static str) -> Self {
        Failure::Shape
    }
}

/// Reads `T` from JSON text with `T`'s own `Deserialize`, as `serde_json::from_str` does (the
/// value, then nothing but whitespace after it).
#[cfg(reads_entries)]
pub(crate) fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, Unread> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let mut aside = None;
    let quiet = Quiet {
        inner: &mut deserializer,
        aside: &mut aside,
    };
    let value = T::deserialize(quiet).map_err(|failure| match (failure, aside) {
        (Failure::Inner, Some(error)) if !error.is_data() => Unread::NotJson,
        (Failure::NotJson, _) => Unread::NotJson,
        _ => Unread::Shape,
    })?;
    deserializer.end().map_err(|_| Unread::NotJson)?;
    Ok(value)
}

/// The outcome of a layer below as the layer above sees it: `serde_json`'s error is kept in
/// `aside` and reported as [`Failure::Inner`]; a refusal is a [`Failure::Shape`].
fn settle<T, E>(
    outcome: Result<Result<T, Failure>, E>,
    aside: &mut Option<E>,
) -> Result<T, Failure> {
    outcome.unwrap_or_else(|error| {
        *aside = Some(error);
        Err(Failure::Inner)
    })
}

/// A visit's or a seed's result for `serde_json`: its own error goes back as it was, anything
/// else as a value (a refusal included, so that no error of `serde_json` is built here).
fn hand_back<T, E>(result: Result<T, Failure>, aside: Option<E>) -> Result<Result<T, Failure>, E> {
    match (result, aside) {
        (Err(Failure::Inner), Some(error)) => Err(error),
        (result, _) => Ok(result),
    }
}

/// A deserializer seen through [`Failure`]. Values are taken with `deserialize_any`: the input
/// type's hint (a string, a bool, ...) is for its visitor to check; a map or struct hint
/// accepts a JSON object only (so a struct is never read from an array).
struct Quiet<'a, D, E> {
    inner: D,
    aside: &'a mut Option<E>,
}

impl<'de, D: de::Deserializer<'de>> Quiet<'_, D, D::Error> {
    /// Visits the next value through [`visit_through`].
    fn visit<V: Visitor<'de>>(
        self,
        visitor: V,
        wanted: Wanted,
        how: impl FnOnce(D, Visit<'_, V>) -> Result<Result<V::Value, Failure>, D::Error>,
    ) -> Result<V::Value, Failure> {
        let mut refusal = None;
        let visit = Visit {
            visitor,
            wanted,
            refusal: &mut refusal,
        };
        let outcome = how(self.inner, visit);
        // A refusal is reported even when `serde_json` then fails on what the refusing visitor
        // left unread: the refusal came first.
        if let Some(failure) = refusal {
            return Err(failure);
        }
        settle(outcome, self.aside)
    }
}

/// What a deserializer was asked for: the input type's hint, as far as `serde_json` would
/// act on it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// Any value, for the visitor to check.
    Any,
    /// An object (a map or a struct: never read from an array).
    Object,
    /// An enum's variant: a name, or an object of one member (`serde_json`'s
    /// `deserialize_enum`, which answers any other value with its syntax error).
    Variant,
}

impl<'de, D: de::Deserializer<'de>> de::Deserializer<'de> for Quiet<'_, D, D::Error> {
    type Error = Failure;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, Wanted::Any, |inner, visit| {
            inner.deserialize_any(visit)
        })
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, Wanted::Object, |inner, visit| {
            inner.deserialize_any(visit)
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.deserialize_map(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, Wanted::Any, |inner, visit| {
            inner.deserialize_option(visit)
        })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, Wanted::Any, |inner, visit| {
            inner.deserialize_ignored_any(visit)
        })
    }

    /// An enum, read as `serde_json`'s `deserialize_enum` reads it ([`Wanted::Variant`]), with
    /// serde's own name and map readers: `serde_json`'s would format their refusals.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        self.visit(visitor, Wanted::Variant, |inner, visit| {
            inner.deserialize_any(visit)
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct identifier
    }
}

/// A seed whose deserializer is seen through [`Quiet`].
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = Result<S::Value, Failure>;

    fn deserialize<D: de::Deserializer<'de>>(self, inner: D) -> Result<Self::Value, D::Error> {
        let mut aside = None;
        let quiet = Quiet {
            inner,
            aside: &mut aside,
        };
        hand_back(self.0.deserialize(quiet), aside)
    }
}

/// The key `serde_json` (feature `arbitrary_precision`) gives a number, as an object of one
/// member whose value is the digits written.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// A variant written as an object of one member (`{"weekly": null}`): the member's name, read
/// already, and its value still to read.
struct Member<'a, A, E> {
    name: String,
    members: Members<'a, A, E>,
}

impl<'a, 'de, A: de::MapAccess<'de>> de::EnumAccess<'de> for Member<'a, A, A::Error> {
    type Error = Failure;
    type Variant = Members<'a, A, A::Error>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), Failure> {
        let name = seed.deserialize(IntoDeserializer::<Failure>::into_deserializer(self.name))?;
        Ok((name, self.members))
    }
}

/// The member's value as the variant's contents, read as `serde_json` reads them.
impl<'de, A: de::MapAccess<'de>> de::VariantAccess<'de> for Members<'_, A, A::Error> {
    type Error = Failure;

    fn unit_variant(mut self) -> Result<(), Failure> {
        de::MapAccess::next_value(&mut self)
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(
        mut self,
        seed: S,
    ) -> Result<S::Value, Failure> {
        de::MapAccess::next_value_seed(&mut self, seed)
    }

    fn tuple_variant<V: Visitor<'de>>(
        mut self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Failure> {
        de::MapAccess::next_value_seed(&mut self, Contents(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        mut self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Failure> {
        de::MapAccess::next_value_seed(&mut self, Contents(visitor))
    }
}

/// A variant's contents visited by the input type's own visitor.
struct Contents<V>(V);

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for Contents<V> {
    type Value = V::Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        deserializer.deserialize_any(self.0)
    }
}

/// The elements of an array, each seen through [`Quiet`].
struct Elements<'a, A, E> {
    inner: A,
    aside: &'a mut Option<E>,
}

impl<'de, A: de::SeqAccess<'de>> de::SeqAccess<'de> for Elements<'_, A, A::Error> {
    type Error = Failure;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Failure> {
        let outcome = self
            .inner
            .next_element_seed(Seed(seed))
            .map(Option::transpose);
        settle(outcome, self.aside)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// The members of an object, keys and values each seen through [`Quiet`].
struct Members<'a, A, E> {
    inner: A,
    aside: &'a mut Option<E>,
}

impl<'de, A: de::MapAccess<'de>> de::MapAccess<'de> for Members<'_, A, A::Error> {
    type Error = Failure;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Failure> {
        let outcome = self.inner.next_key_seed(Seed(seed)).map(Option::transpose);
        settle(outcome, self.aside)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Failure> {
        let outcome = self.inner.next_value_seed(Seed(seed));
        settle(outcome, self.aside)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

/// The input type's visitor, handed each value unchanged with [`Failure`] as its error. Every
/// method is written out: serde's defaults would build `serde_json`'s error, the formatting
/// this module avoids. A value of a kind not [`Wanted`] is refused; a refusal is noted in
/// `refusal` and handed back as a value.
struct Visit<'a, V> {
    visitor: V,
    wanted: Wanted,
    refusal: &'a mut Option<Failure>,
}

/// The refusal a result carries, if any (`serde_json`'s own error is not one).
fn refusal<T>(result: &Result<T, Failure>) -> Option<Failure> {
    match result {
        Err(failure @ (Failure::Shape | Failure::NotJson)) => Some(*failure),
        _ => None,
    }
}

impl<V> Visit<'_, V> {
    /// What a value of a kind other than a name or an object gets when `wanted` is not
    /// [`Wanted::Any`]; `None` to visit it.
    fn refused_kind(&self) -> Option<Failure> {
        match self.wanted {
            Wanted::Any => None,
            Wanted::Object => Some(Failure::Shape),
            Wanted::Variant => Some(Failure::NotJson),
        }
    }

    /// A scalar visit, unless the kind isn't wanted.
    fn scalar<T, E>(
        self,
        visit: impl FnOnce(V) -> Result<T, Failure>,
    ) -> Result<Result<T, Failure>, E> {
        let result = match self.refused_kind() {
            Some(failure) => Err(failure),
            None => visit(self.visitor),
        };
        *self.refusal = refusal(&result);
        Ok(result)
    }

    /// A visit that reads on through `serde_json` (`inner`): its error goes back as it was.
    fn reading<T, E>(
        self,
        visit: impl FnOnce(V, &mut Option<E>) -> Result<T, Failure>,
    ) -> Result<Result<T, Failure>, E> {
        let mut aside = None;
        let result = visit(self.visitor, &mut aside);
        *self.refusal = refusal(&result);
        hand_back(result, aside)
    }
}

impl<'de, V: Visitor<'de>> Visit<'_, V> {
    /// A variant named by `name` (serde's own reader of a name as an enum).
    fn variant<E>(
        self,
        name: impl de::EnumAccess<'de, Error = Failure>,
    ) -> Result<Result<V::Value, Failure>, E> {
        let result = self.visitor.visit_enum(name);
        *self.refusal = refusal(&result);
        Ok(result)
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Visit<'_, V> {
    type Value = Result<V::Value, Failure>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(formatter)
    }

    fn visit_bool<E>(self, value: bool) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_i64(value))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_u64(value))
    }

    fn visit_i128<E>(self, value: i128) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_i128(value))
    }

    fn visit_u128<E>(self, value: u128) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_u128(value))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_f64(value))
    }

    fn visit_char<E>(self, value: char) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_char(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Self::Value, E> {
        if self.wanted == Wanted::Variant {
            return self.variant(IntoDeserializer::<Failure>::into_deserializer(value));
        }
        self.scalar(|visitor| visitor.visit_str(value))
    }

    fn visit_borrowed_str<E>(self, value: &'de str) -> Result<Self::Value, E> {
        if self.wanted == Wanted::Variant {
            return self.variant(de::value::BorrowedStrDeserializer::<Failure>::new(value));
        }
        self.scalar(|visitor| visitor.visit_borrowed_str(value))
    }

    fn visit_string<E>(self, value: String) -> Result<Self::Value, E> {
        if self.wanted == Wanted::Variant {
            return self.variant(IntoDeserializer::<Failure>::into_deserializer(value));
        }
        self.scalar(|visitor| visitor.visit_string(value))
    }

    fn visit_bytes<E>(self, value: &[u8]) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_bytes(value))
    }

    fn visit_borrowed_bytes<E>(self, value: &'de [u8]) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_borrowed_bytes(value))
    }

    fn visit_byte_buf<E>(self, value: Vec<u8>) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_byte_buf(value))
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_none())
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_unit())
    }

    fn visit_some<D: de::Deserializer<'de>>(self, inner: D) -> Result<Self::Value, D::Error> {
        if self.refused_kind().is_some() {
            return self.scalar(|_| Err(Failure::Shape));
        }
        self.reading(|visitor, aside| visitor.visit_some(Quiet { inner, aside }))
    }

    fn visit_newtype_struct<D: de::Deserializer<'de>>(
        self,
        inner: D,
    ) -> Result<Self::Value, D::Error> {
        if self.refused_kind().is_some() {
            return self.scalar(|_| Err(Failure::Shape));
        }
        self.reading(|visitor, aside| visitor.visit_newtype_struct(Quiet { inner, aside }))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, inner: A) -> Result<Self::Value, A::Error> {
        if self.refused_kind().is_some() {
            return self.scalar(|_| Err(Failure::Shape));
        }
        self.reading(|visitor, aside| visitor.visit_seq(Elements { inner, aside }))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, inner: A) -> Result<Self::Value, A::Error> {
        if self.wanted == Wanted::Variant {
            return self.reading(|visitor, aside| {
                let mut members = Members { inner, aside };
                match de::MapAccess::next_key::<String>(&mut members)? {
                    // `arbitrary_precision` hands a number over as an object of this one key.
                    Some(name) if name == NUMBER_TOKEN => Err(Failure::NotJson),
                    Some(name) => visitor.visit_enum(Member { name, members }),
                    // `serde_json` finds `}` where it wants the name: its syntax error.
                    None => Err(Failure::NotJson),
                }
            });
        }
        self.reading(|visitor, aside| visitor.visit_map(Members { inner, aside }))
    }

    /// `deserialize_any` never offers an enum.
    fn visit_enum<A: de::EnumAccess<'de>>(self, _inner: A) -> Result<Self::Value, A::Error> {
        self.scalar(|_| Err(Failure::Shape))
    }
}

/// A unit variant (`"home_loan"`) read by its enum's own `Deserialize` from a bare name, as
/// `serde_json` reads it from a JSON string; `None` for a name it refuses.
#[cfg(any(
    feature = "customer-details",
    feature = "site-facts",
    not(target_arch = "wasm32")
))]
pub(crate) fn from_name<T: DeserializeOwned>(name: &str) -> Option<T> {
    T::deserialize(IntoDeserializer::<Failure>::into_deserializer(name)).ok()
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use banksia_core::application::ApplicationInput;
    use banksia_core::application::details::DetailsInput;
    use banksia_core::borrowing_power::BorrowingPowerEntries;
    use banksia_core::calculator::{LoanEntries, TermDepositEntries};
    use banksia_core::disclosures::Calculator;
    use banksia_core::entries::Entry;
    use banksia_core::offset::OffsetEntries;
    use banksia_core::transfer_duty::StampDutyEntries;

    use super::*;

    /// The server's answer: `serde_json::from_str`, its error told apart by category.
    fn server<T: DeserializeOwned>(text: &str) -> Result<T, Unread> {
        serde_json::from_str(text).map_err(|error: serde_json::Error| {
            if error.is_data() {
                Unread::Shape
            } else {
                Unread::NotJson
            }
        })
    }

    /// `text` and every prefix of it read the same as on the server.
    fn same_as_server<T: DeserializeOwned + PartialEq + Debug>(text: &str) {
        for end in (0..=text.len()).filter(|&end| text.is_char_boundary(end)) {
            let part = &text[..end];
            let name = std::any::type_name::<T>();
            assert_eq!(from_json::<T>(part), server::<T>(part), "{name}: {part:?}");
        }
    }

    /// Hostile and ordinary bodies for every input type: numbers of every form, strings with
    /// escapes and surrogates, repeated and unknown fields, nesting, arrays for objects, text
    /// after the value.
    const BODIES: &[&str] = &[
        r#"{"first_name":"Jane","last_name":"O\u2019Brien \ud83d\ude00","terms_accepted":true}"#,
        r#"{"annual_income":85000,"initial_deposit_amount":"$1,250.50","user_id":null}"#,
        r#"{"initial_deposit_amount":50.000000000000000000000000000001}"#,
        r#"{"initial_deposit_amount":-1.5e3,"annual_income":1e400}"#,
        r#"{"first_name":"a","first_name":"b"}"#,
        r#"{"nickname":"J","first_name":"x"}"#,
        r#"{"nickname":1, "first_name": }"#,
        r#"{"first_name":1.5}"#,
        r#"{"terms_accepted":"yes"}"#,
        r#"{"annual_income":[1]}"#,
        r#"{"annual_income":{"a":1}}"#,
        r#"{"annual_income":true}"#,
        r#"{"user_id":{"a":[1,{"b":null}],"c":"\"}"}}"#,
        r#"{"user_id":{"a":[1,]}}"#,
        r#"{"user_id":[01]}"#,
        r#"{"first_name":"\x"}"#,
        r#"{"first_name":"a",}"#,
        r#"{"first_name":"a"} x"#,
        "{\"first_name\":\"a\"} \n",
        r#"{"principal":"$500,000","annual_rate_percent":6.45,"term_years":30,"frequency":null}"#,
        r#"{"principal":500000.5,"extra_repayment":-0,"frequency":"weekly"}"#,
        r#"{"principal":true,"frequency":"yearly"}"#,
        r#"{"frequency":1.5e-7}"#,
        r#"{"frequency":"Weekly"}"#,
        r#"{"frequency":{"weekly":null}}"#,
        r#"{"frequency":{"weekly":null,"monthly":1}}"#,
        r#"{"frequency":["weekly"],"state":"vic"}"#,
        r#"{"frequency":{1.5:null}}"#,
        r#"{"frequency":{}}"#,
        r#"{"frequency":{"weekly":1}}"#,
        r#"{"frequency":{"weekly":null} , "principal":"1"}"#,
        r#"{"frequency":"weekly","annual_rate_percent":[]}"#,
        r#"{"frequency":true}"#,
        r#"{"state":"VIC","property_kind":"new_home","buyer":"first_home_buyer"}"#,
        r#"{"amount":"50,000","term_months":12,"deposit":1e2}"#,
        r#"{"state":"NSW","price":"650000","first_home_buyer":true,"property_kind":2.5}"#,
        r#"{"income":"95000","dependants":-1.0,"living_expenses":[1.5]}"#,
        r#"{"business":{"abn":"51 824 753 556","owners":[{"name":1.5}]}}"#,
        r#"{"tax_residency":{"countries":[{"country":"NZ","tin":null}]}}"#,
        r#"["savings","Jane","O'Brien"]"#,
        r#"[500000,6.45,30]"#,
        r#""savings""#,
        "null",
        "12.5",
        "-1e400",
        "",
        "{}",
    ];

    fn every_input_type(text: &str) {
        same_as_server::<ApplicationInput>(text);
        same_as_server::<DetailsInput>(text);
        same_as_server::<LoanEntries>(text);
        same_as_server::<TermDepositEntries>(text);
        same_as_server::<BorrowingPowerEntries>(text);
        same_as_server::<StampDutyEntries>(text);
        same_as_server::<OffsetEntries>(text);
    }

    #[test]
    fn every_input_reads_as_the_server_reads_it() {
        for text in BODIES {
            every_input_type(text);
        }
        let deep = format!(r#"{{"user_id":{}{}}}"#, "[".repeat(200), "]".repeat(200));
        every_input_type(&deep);
    }

    #[test]
    fn the_shared_hostile_bodies_read_as_the_server_reads_them() {
        let file = include_str!("../../core/tests/vectors/application_bodies.json");
        let cases: Vec<serde_json::Value> = serde_json::from_str(file).unwrap();
        assert!(cases.len() > 10);
        for case in cases {
            every_input_type(case["input"]["body"].as_str().unwrap());
        }
    }

    /// Texts stitched at random from the tokens the input types know, every one read both ways:
    /// known and unknown fields, variants and non-variants, values of every kind, broken nesting.
    #[test]
    fn stitched_texts_read_as_the_server_reads_them() {
        const TOKENS: &[&str] = &[
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            " ",
            "null",
            "true",
            "1.5",
            "-0",
            "1e400",
            r#""x""#,
            r#""frequency""#,
            r#""weekly""#,
            r#""at_maturity""#,
            r#""state""#,
            r#""VIC""#,
            r#""principal""#,
            r#""amount""#,
            r#""application_type""#,
            r#""savings""#,
            r#""business""#,
            r#""owners""#,
            r#""tax_residency""#,
            r#"{"weekly":null}"#,
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            usize::try_from(seed % below as u64).unwrap()
        };
        for _ in 0..4_000 {
            let mut text = String::from("{");
            for _ in 0..next(12) {
                text.push_str(TOKENS[next(TOKENS.len())]);
            }
            if next(2) == 0 {
                text.push('}');
            }
            assert_eq!(from_json::<LoanEntries>(&text), server(&text), "{text:?}");
            assert_eq!(
                from_json::<TermDepositEntries>(&text),
                server(&text),
                "{text:?}"
            );
            assert_eq!(
                from_json::<ApplicationInput>(&text),
                server(&text),
                "{text:?}"
            );
            assert_eq!(from_json::<DetailsInput>(&text), server(&text), "{text:?}");
            assert_eq!(
                from_json::<StampDutyEntries>(&text),
                server(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_number_arrives_as_the_digits_written() {
        let read: LoanEntries = from_json(r#"{"principal":500000.50}"#).unwrap();
        assert_eq!(read.principal, Entry::Number("500000.50".into()));
    }

    #[test]
    fn names_read_as_from_a_json_string() {
        for name in [
            "home_loan",
            "term_deposit",
            "borrowing_power",
            "key_facts_sheet",
            "Home_loan",
            "",
            "home_loan ",
        ] {
            let json: Option<Calculator> =
                serde_json::from_value(serde_json::Value::String(name.to_owned())).ok();
            assert_eq!(from_name::<Calculator>(name), json, "{name:?}");
        }
        assert!(from_name::<Calculator>("home_loan").is_some());
    }
}
