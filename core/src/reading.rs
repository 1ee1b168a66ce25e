//! The shape every input of core must have: a JSON object of known fields, each at most once.
//!
//! Each input type ([`ApplicationInput`](crate::application::ApplicationInput),
//! [`LoanEntries`](crate::calculator::LoanEntries),
//! [`TermDepositEntries`](crate::calculator::TermDepositEntries)) derives its field reading
//! with serde (`deny_unknown_fields`, which also refuses a repeated field) and runs it through
//! [`ObjectOnly`], which refuses what a derived struct would otherwise also accept: an array of
//! the values in field order. That derived reading, used by the server for the request body
//! and by the WASM exports for what a page hands over, is the only reader of each input.

use serde::Deserializer;
use serde::de::Visitor;

/// A deserializer that offers only a map to whatever reads from it, so a derived struct
/// reading sees an object or an error, never a sequence.
pub(crate) struct ObjectOnly<D>(pub(crate) D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectOnly<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// Implements `Deserialize` for a type whose derive carries `#[serde(remote = "Self")]`: the
/// derived reading, on objects only; with `Serialize`, also the derived writing.
macro_rules! deserialize_object_only {
    ($type:ty, Serialize) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$type>::serialize(self, serializer)
            }
        }
        $crate::reading::deserialize_object_only!($type);
    };
    ($type:ty) => {
        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                <$type>::deserialize($crate::reading::ObjectOnly(deserializer))
            }
        }
    };
}

pub(crate) use deserialize_object_only;
