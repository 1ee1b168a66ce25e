//! JSON text read by `serde_json`, with serde's error messages never formatted.
//!
//! The WASM exports read their input from JSON text exactly as the server reads a request
//! body: `serde_json` (feature `arbitrary_precision`), a `Deserializer` over the text, the input
//! type's own `Deserialize`, then `end()` for trailing text. One thing differs, and only in
//! what is linked: `serde_json`'s error type formats serde's `Unexpected` for an error of the
//! wrong kind of value, and that formatting links Rust's float printing (about 20 KB of the
//! package) although no message is ever shown: the boundary answers with core's fixed texts.
//!
//! So [`from_json`] runs the input type's `Deserialize` against [`Quiet`], a pass-through over
//! `serde_json`'s deserializer whose error type ([`Failure`]) keeps no message. Every value
//! still comes from `serde_json`'s own `deserialize_any` (or `deserialize_option` /
//! `deserialize_ignored_any`), visited through [`Visit`], which hands each value on unchanged.
//! An error of `serde_json` itself (text that isn't JSON) travels back out unchanged; a value
//! the input type refuses is reported beside `serde_json`'s results, never as its error (each
//! of whose constructors formats a message). The first error decides, as on the server.

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Visitor};

/// Why JSON text could not be read as the input type.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// Not JSON (`serde_json`'s syntax or end-of-input error).
    NotJson,
    /// JSON, but not what the input type reads (serde's "data" errors on the server).
    Shape,
}

/// What went wrong below a pass-through layer.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The input type refused a value (serde's `invalid_type`, `unknown_field`, ...).
    Shape,
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
pub(crate) fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, Unread> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let mut aside = None;
    let quiet = Quiet {
        inner: &mut deserializer,
        aside: &mut aside,
    };
    let value = T::deserialize(quiet).map_err(|failure| match (failure, aside) {
        (Failure::Inner, Some(error)) if !error.is_data() => Unread::NotJson,
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
    /// Visits the next value, reporting a refusal even when `serde_json` then fails on what
    /// the refusing visitor left unread (the refusal came first).
    fn visit<V: Visitor<'de>>(
        self,
        visitor: V,
        object_only: bool,
        how: impl FnOnce(D, Visit<'_, V>) -> Result<Result<V::Value, Failure>, D::Error>,
    ) -> Result<V::Value, Failure> {
        let mut refused = false;
        let visit = Visit {
            visitor,
            object_only,
            refused: &mut refused,
        };
        let outcome = how(self.inner, visit);
        if refused {
            return Err(Failure::Shape);
        }
        settle(outcome, self.aside)
    }
}

impl<'de, D: de::Deserializer<'de>> de::Deserializer<'de> for Quiet<'_, D, D::Error> {
    type Error = Failure;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, false, |inner, visit| inner.deserialize_any(visit))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, true, |inner, visit| inner.deserialize_any(visit))
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
        self.visit(visitor, false, |inner, visit| {
            inner.deserialize_option(visit)
        })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Failure> {
        self.visit(visitor, false, |inner, visit| {
            inner.deserialize_ignored_any(visit)
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct enum identifier
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
/// this module avoids. With `object_only`, anything but an object is refused. A refusal is
/// noted in `refused` and handed back as a value.
struct Visit<'a, V> {
    visitor: V,
    object_only: bool,
    refused: &'a mut bool,
}

impl<V> Visit<'_, V> {
    /// Hands a visit's result back to `serde_json`, noting a refusal.
    fn back<T, E>(self, result: Result<T, Failure>) -> Result<Result<T, Failure>, E> {
        *self.refused = result.is_err();
        Ok(result)
    }

    /// A scalar visit: refused when only an object is wanted.
    fn scalar<T, E>(
        self,
        visit: impl FnOnce(V) -> Result<T, Failure>,
    ) -> Result<Result<T, Failure>, E> {
        if self.object_only {
            *self.refused = true;
            return Ok(Err(Failure::Shape));
        }
        let result = visit(self.visitor);
        *self.refused = result.is_err();
        Ok(result)
    }

    /// A visit that reads on through `serde_json` (`inner`): its error goes back as it was.
    fn reading<T, E>(
        self,
        visit: impl FnOnce(V, &mut Option<E>) -> Result<T, Failure>,
    ) -> Result<Result<T, Failure>, E> {
        let mut aside = None;
        let result = visit(self.visitor, &mut aside);
        *self.refused = matches!(result, Err(Failure::Shape));
        hand_back(result, aside)
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
        self.scalar(|visitor| visitor.visit_str(value))
    }

    fn visit_borrowed_str<E>(self, value: &'de str) -> Result<Self::Value, E> {
        self.scalar(|visitor| visitor.visit_borrowed_str(value))
    }

    fn visit_string<E>(self, value: String) -> Result<Self::Value, E> {
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
        if self.object_only {
            return self.scalar(|_| Err(Failure::Shape));
        }
        self.reading(|visitor, aside| visitor.visit_some(Quiet { inner, aside }))
    }

    fn visit_newtype_struct<D: de::Deserializer<'de>>(
        self,
        inner: D,
    ) -> Result<Self::Value, D::Error> {
        if self.object_only {
            return self.scalar(|_| Err(Failure::Shape));
        }
        self.reading(|visitor, aside| visitor.visit_newtype_struct(Quiet { inner, aside }))
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, inner: A) -> Result<Self::Value, A::Error> {
        if self.object_only {
            return self.scalar(|_| Err(Failure::Shape));
        }
        self.reading(|visitor, aside| visitor.visit_seq(Elements { inner, aside }))
    }

    fn visit_map<A: de::MapAccess<'de>>(self, inner: A) -> Result<Self::Value, A::Error> {
        self.reading(|visitor, aside| visitor.visit_map(Members { inner, aside }))
    }

    /// JSON has no enum values (`deserialize_any` never offers one).
    fn visit_enum<A: de::EnumAccess<'de>>(self, _data: A) -> Result<Self::Value, A::Error> {
        self.back(Err(Failure::Shape))
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use banksia_core::application::ApplicationInput;
    use banksia_core::calculator::{Entry, LoanEntries, TermDepositEntries};

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
            assert_eq!(from_json::<T>(part), server::<T>(part), "{part:?}");
        }
    }

    const APPLICATIONS: &[&str] = &[
        r#"{"first_name":"Jane","last_name":"O\u2019Brien \ud83d\ude00","terms_accepted":true}"#,
        r#"{"annual_income":85000,"initial_deposit_amount":"$1,250.50","user_id":null}"#,
        r#"{"initial_deposit_amount":50.000000000000000000000000000001}"#,
        r#"{"initial_deposit_amount":-1.5e3,"annual_income":1e400}"#,
        r#"{"first_name":"a","first_name":"b"}"#,
        r#"{"nickname":"J","first_name":"x"}"#,
        r#"{"nickname":1, "first_name": }"#,
        r#"{"first_name":1}"#,
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
        r#"["savings","Jane","O'Brien"]"#,
        r#""savings""#,
        "null",
        "12",
        "",
        "{}",
    ];

    #[test]
    fn applications_read_as_the_server_reads_them() {
        for text in APPLICATIONS {
            same_as_server::<ApplicationInput>(text);
        }
        let deep = format!(r#"{{"user_id":{}{}}}"#, "[".repeat(200), "]".repeat(200));
        same_as_server::<ApplicationInput>(&deep);
    }

    #[test]
    fn the_shared_hostile_bodies_read_as_the_server_reads_them() {
        let file = include_str!("../../core/tests/vectors/application_bodies.json");
        let cases: Vec<serde_json::Value> = serde_json::from_str(file).unwrap();
        assert!(cases.len() > 10);
        for case in cases {
            same_as_server::<ApplicationInput>(case["input"]["body"].as_str().unwrap());
        }
    }

    #[test]
    fn calculator_entries_read_as_the_server_reads_them() {
        for text in [
            r#"{"principal":"$500,000","annual_rate_percent":6.45,"term_years":30,"frequency":null}"#,
            r#"{"principal":500000.5,"extra_repayment":-0}"#,
            r#"{"principal":true}"#,
            r#"{"principal":[1]}"#,
            r#"{"frequency":"weekly","rate":1}"#,
            r#"[500000,6.45,30]"#,
        ] {
            same_as_server::<LoanEntries>(text);
        }
        same_as_server::<TermDepositEntries>(r#"{"amount":"50,000","term_months":12}"#);
        same_as_server::<TermDepositEntries>(r#"{"deposit":"50,000"}"#);
        // A number arrives as the digits written, never through a float.
        let read: LoanEntries = from_json(r#"{"principal":500000.50}"#).unwrap();
        assert_eq!(read.principal, Entry::Number("500000.50".into()));
    }
}
