//! How data crosses the boundary: one JSON string each way. JavaScript's own `JSON.stringify`
//! and `JSON.parse` do the JavaScript side; this module reads and writes the text with serde.
//!
//! One string per call costs two boundary crossings, where walking a JavaScript object field
//! by field costs several per field. The reader and writer are small on purpose, and differ
//! from a general JSON library in two ways that matter to a bank:
//!
//! * A number with a fraction or an exponent is handed to serde as its text, so a `Decimal`
//!   gets the digits that were written (`6.45`, not the nearest binary fraction) and no float
//!   parsing or formatting is linked into the module.
//! * Error messages name the field and the kind of value, never quote the value.

use std::borrow::Cow;
use std::fmt::{self, Display, Write as _};

use serde::de::{
    self, DeserializeSeed, Expected, IntoDeserializer, MapAccess, SeqAccess, Unexpected, Visitor,
};
use serde::ser::{self, Serialize};
use serde::{Deserialize, forward_to_deserialize_any};

/// Nesting deeper than this is refused rather than risking the stack.
const MAX_DEPTH: u32 = 64;

/// Why a value couldn't be read or written: a short message, with the field path in front.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl Error {
    fn new(message: &str) -> Self {
        Error(message.to_owned())
    }

    /// The same error, said to be in `field`.
    fn in_field(self, field: &str) -> Self {
        Error(format!("{field}: {}", self.0))
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// What a value is, for messages (serde's own wording quotes the value).
fn kind(unexpected: &Unexpected<'_>) -> &'static str {
    match unexpected {
        Unexpected::Bool(_) => "true or false",
        Unexpected::Unsigned(_) | Unexpected::Signed(_) | Unexpected::Float(_) => "a number",
        Unexpected::Char(_) | Unexpected::Str(_) | Unexpected::Bytes(_) => "text",
        Unexpected::Unit | Unexpected::Option => "null",
        Unexpected::Seq => "an array",
        Unexpected::Map => "an object",
        _ => "another kind of value",
    }
}

impl de::Error for Error {
    fn custom<T: Display>(message: T) -> Self {
        Error(message.to_string())
    }

    fn invalid_type(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Error(format!("expected {expected}, found {}", kind(&unexpected)))
    }

    fn invalid_value(unexpected: Unexpected<'_>, expected: &dyn Expected) -> Self {
        Error(format!(
            "expected {expected}, found another {}",
            kind(&unexpected)
        ))
    }

    fn invalid_length(length: usize, expected: &dyn Expected) -> Self {
        Error(format!("expected {expected}, found {length} items"))
    }
}

impl ser::Error for Error {
    fn custom<T: Display>(message: T) -> Self {
        Error(message.to_string())
    }
}

/// Reads `T` from JSON text (as written by `JSON.stringify`).
pub fn from_str<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, Error> {
    let mut reader = Reader {
        text,
        position: 0,
        depth: 0,
    };
    let value = T::deserialize(&mut reader)?;
    if reader.next_byte().is_some() {
        return Err(Error::new("unexpected text after the value"));
    }
    Ok(value)
}

/// Writes `value` as JSON text.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut writer = Writer { out: String::new() };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// A JSON text being read.
struct Reader<'de> {
    text: &'de str,
    position: usize,
    depth: u32,
}

impl<'de> Reader<'de> {
    /// The next byte that isn't whitespace, without consuming it.
    fn next_byte(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.position) {
            if !matches!(byte, b' ' | b'\n' | b'\r' | b'\t') {
                return Some(byte);
            }
            self.position += 1;
        }
        None
    }

    fn peek(&mut self) -> Result<u8, Error> {
        self.next_byte()
            .ok_or_else(|| Error::new("unexpected end of input"))
    }

    /// Consumes `byte` (after whitespace) or fails with `message`.
    fn expect(&mut self, byte: u8, message: &str) -> Result<(), Error> {
        if self.next_byte() == Some(byte) {
            self.position += 1;
            Ok(())
        } else {
            Err(Error::new(message))
        }
    }

    fn literal(&mut self, word: &str) -> Result<(), Error> {
        let end = self.position + word.len();
        if self.text.get(self.position..end) == Some(word) {
            self.position = end;
            Ok(())
        } else {
            Err(Error::new("expected a JSON value"))
        }
    }

    fn enter(&mut self) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::new("nested too deeply"));
        }
        self.position += 1;
        Ok(())
    }

    /// A number's text: `-`, digits, `.`, `e`, `E`, `+`.
    fn number(&mut self) -> Result<&'de str, Error> {
        let start = self.position;
        let bytes = self.text.as_bytes();
        while let Some(&byte) = bytes.get(self.position) {
            if !(byte.is_ascii_digit() || matches!(byte, b'-' | b'+' | b'.' | b'e' | b'E')) {
                break;
            }
            self.position += 1;
        }
        let number = self.text.get(start..self.position).unwrap_or_default();
        if number.bytes().any(|byte| byte.is_ascii_digit()) {
            Ok(number)
        } else {
            Err(Error::new("expected a number"))
        }
    }

    /// A string, borrowed from the text when it has no escapes. The opening quote is next.
    fn string(&mut self) -> Result<Cow<'de, str>, Error> {
        self.position += 1;
        let bytes = self.text.as_bytes();
        let mut owned: Option<String> = None;
        let mut run_start = self.position;
        loop {
            let Some(&byte) = bytes.get(self.position) else {
                return Err(Error::new("unterminated text"));
            };
            match byte {
                b'"' => {
                    let run = self.text.get(run_start..self.position).unwrap_or_default();
                    self.position += 1;
                    return Ok(match owned {
                        None => Cow::Borrowed(run),
                        Some(mut text) => {
                            text.push_str(run);
                            Cow::Owned(text)
                        }
                    });
                }
                b'\\' => {
                    let text = owned.get_or_insert_with(String::new);
                    text.push_str(self.text.get(run_start..self.position).unwrap_or_default());
                    let escape = bytes.get(self.position + 1).copied();
                    self.position += 2;
                    let character = match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode_escape()?,
                        _ => return Err(Error::new("invalid escape in text")),
                    };
                    text.push(character);
                    run_start = self.position;
                }
                _ => self.position += 1,
            }
        }
    }

    /// The character of `\uXXXX` (the `\u` already read), pairing surrogates; a lone
    /// surrogate reads as U+FFFD, as a browser would show it.
    fn unicode_escape(&mut self) -> Result<char, Error> {
        let first = self.hex4()?;
        if (0xD800..0xDC00).contains(&first)
            && self.text.get(self.position..self.position + 2) == Some("\\u")
        {
            let save = self.position;
            self.position += 2;
            let second = self.hex4()?;
            if (0xDC00..0xE000).contains(&second) {
                let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                return Ok(char::from_u32(code).unwrap_or('\u{FFFD}'));
            }
            self.position = save;
        }
        Ok(char::from_u32(first).unwrap_or('\u{FFFD}'))
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let digits = self
            .text
            .get(self.position..self.position + 4)
            .ok_or_else(|| Error::new("invalid escape in text"))?;
        let value =
            u32::from_str_radix(digits, 16).map_err(|_| Error::new("invalid escape in text"))?;
        self.position += 4;
        Ok(value)
    }
}

/// One JSON value's start, read by [`Reader::token`]: scalars whole, arrays and objects open.
enum Token<'de> {
    Null,
    Bool(bool),
    Text(Cow<'de, str>),
    Unsigned(u64),
    Signed(i64),
    /// A number that isn't a 64-bit integer, as written.
    Digits(&'de str),
    Array,
    Object,
}

impl<'de> Reader<'de> {
    /// Reads the next token. Not generic, so the parsing exists once in the module, whatever
    /// the number of types read.
    #[inline(never)]
    fn token(&mut self) -> Result<Token<'de>, Error> {
        Ok(match self.peek()? {
            b'n' => {
                self.literal("null")?;
                Token::Null
            }
            b't' => {
                self.literal("true")?;
                Token::Bool(true)
            }
            b'f' => {
                self.literal("false")?;
                Token::Bool(false)
            }
            b'"' => Token::Text(self.string()?),
            b'-' | b'0'..=b'9' => {
                let number = self.number()?;
                // Whole numbers that fit are integers; anything else goes as its digits.
                if let Ok(whole) = number.parse::<u64>() {
                    Token::Unsigned(whole)
                } else if let Ok(whole) = number.parse::<i64>() {
                    Token::Signed(whole)
                } else {
                    Token::Digits(number)
                }
            }
            b'[' => {
                self.enter()?;
                Token::Array
            }
            b'{' => {
                self.enter()?;
                Token::Object
            }
            _ => return Err(Error::new("expected a JSON value")),
        })
    }

    /// Closes the array or object `token` opened.
    #[inline(never)]
    fn close(&mut self, array: bool) -> Result<(), Error> {
        if array {
            self.expect(b']', "expected , or ] in an array")?;
        } else {
            self.expect(b'}', "expected , or } in an object")?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// Before the next element or member: `false` at the end, after a comma otherwise.
    #[inline(never)]
    fn more(&mut self, first: &mut bool, array: bool) -> Result<bool, Error> {
        let (end, message) = if array {
            (b']', "expected , or ] in an array")
        } else {
            (b'}', "expected , or } in an object")
        };
        if self.peek()? == end {
            return Ok(false);
        }
        if !std::mem::take(first) {
            self.expect(b',', message)?;
        }
        Ok(true)
    }
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.token()? {
            Token::Null => visitor.visit_unit(),
            Token::Bool(value) => visitor.visit_bool(value),
            Token::Text(Cow::Borrowed(text)) => visitor.visit_borrowed_str(text),
            Token::Text(Cow::Owned(text)) => visitor.visit_string(text),
            Token::Unsigned(value) => visitor.visit_u64(value),
            Token::Signed(value) => visitor.visit_i64(value),
            Token::Digits(digits) => visitor.visit_borrowed_str(digits),
            Token::Array => {
                let value = visitor.visit_seq(Elements {
                    reader: self,
                    first: true,
                })?;
                self.close(true)?;
                Ok(value)
            }
            Token::Object => {
                let value = visitor.visit_map(Members {
                    reader: self,
                    first: true,
                    key: Cow::Borrowed(""),
                })?;
                self.close(false)?;
                Ok(value)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.peek()? == b'n' {
            self.literal("null")?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    /// Enums cross as their names (`"monthly"`); only unit variants are read.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.peek()? != b'"' {
            return Err(Error::new("expected text"));
        }
        match self.string()? {
            Cow::Borrowed(name) => visitor.visit_enum(name.into_deserializer()),
            Cow::Owned(name) => visitor.visit_enum(name.into_deserializer()),
        }
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// The elements of an array being read.
struct Elements<'a, 'de> {
    reader: &'a mut Reader<'de>,
    first: bool,
}

impl<'de> SeqAccess<'de> for Elements<'_, 'de> {
    type Error = Error;

    #[inline(never)]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if !self.reader.more(&mut self.first, true)? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.reader).map(Some)
    }
}

/// The members of an object being read; `key` is the last key, for error messages.
struct Members<'a, 'de> {
    reader: &'a mut Reader<'de>,
    first: bool,
    key: Cow<'de, str>,
}

impl<'de> MapAccess<'de> for Members<'_, 'de> {
    type Error = Error;

    // Not inlined: one copy per key type, not one per field of every struct read.
    #[inline(never)]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if !self.reader.more(&mut self.first, false)? {
            return Ok(None);
        }
        if self.reader.peek()? != b'"' {
            return Err(Error::new("expected a key in an object"));
        }
        self.key = self.reader.string()?;
        // Keys are identifiers or map keys: `visit_str` is all they need.
        let key: de::value::StrDeserializer<'_, Error> = self.key.as_ref().into_deserializer();
        seed.deserialize(key).map(Some)
    }

    // Not inlined: one copy per value type, not one per field of every struct read.
    #[inline(never)]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        self.reader.expect(b':', "expected : after a key")?;
        seed.deserialize(&mut *self.reader)
            .map_err(|error| error.in_field(&self.key))
    }
}

/// A JSON text being written.
struct Writer {
    out: String,
}

impl Writer {
    fn string(&mut self, text: &str) {
        self.out.push('"');
        let mut run_start = 0;
        for (index, byte) in text.bytes().enumerate() {
            let escape = match byte {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f => "",
                _ => continue,
            };
            self.out
                .push_str(text.get(run_start..index).unwrap_or_default());
            if escape.is_empty() {
                let _ = write!(self.out, "\\u{:04x}", byte);
            } else {
                self.out.push_str(escape);
            }
            run_start = index + 1;
        }
        self.out.push_str(text.get(run_start..).unwrap_or_default());
        self.out.push('"');
    }

    fn integer(&mut self, value: impl Display) -> Result<(), Error> {
        let _ = write!(self.out, "{value}");
        Ok(())
    }
}

/// Arrays and objects being written; `first` is true until the first element.
struct Compound<'a> {
    writer: &'a mut Writer,
    first: bool,
    /// What closes it: `]`, `}`, or `]}` / `}}` for an enum variant with data.
    close: &'static str,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.writer.out.push(',');
        }
    }

    fn end(self) -> Result<(), Error> {
        self.writer.out.push_str(self.close);
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.out.push_str(if value { "true" } else { "false" });
        Ok(())
    }

    fn serialize_i8(self, value: i8) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_i16(self, value: i16) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_i32(self, value: i32) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_i64(self, value: i64) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_u8(self, value: u8) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_u16(self, value: u16) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_u32(self, value: u32) -> Result<(), Error> {
        self.integer(value)
    }

    fn serialize_u64(self, value: u64) -> Result<(), Error> {
        self.integer(value)
    }

    /// Money never crosses as a float; nothing that crosses has one.
    fn serialize_f32(self, _value: f32) -> Result<(), Error> {
        Err(Error::new("floating point numbers are not sent"))
    }

    fn serialize_f64(self, _value: f64) -> Result<(), Error> {
        Err(Error::new("floating point numbers are not sent"))
    }

    fn serialize_char(self, value: char) -> Result<(), Error> {
        self.string(value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.string(value);
        Ok(())
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(value.len()))?;
        for byte in value {
            seq.serialize_element(byte)?;
        }
        seq.end()
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.out.push_str("null");
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push(':');
        value.serialize(&mut *self)?;
        self.out.push('}');
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push('[');
        Ok(Compound {
            writer: self,
            first: true,
            close: "]",
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push_str(":[");
        Ok(Compound {
            writer: self,
            first: true,
            close: "]}",
        })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        Ok(Compound {
            writer: self,
            first: true,
            close: "}",
        })
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        self.string(variant);
        self.out.push_str(":{");
        Ok(Compound {
            writer: self,
            first: true,
            close: "}}",
        })
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;

    /// Keys must come out as JSON text (strings and enum names do).
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        let start = self.writer.out.len();
        key.serialize(&mut *self.writer)?;
        if self.writer.out.as_bytes().get(start) != Some(&b'"') {
            return Err(Error::new("object keys must be text"));
        }
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.writer.out.push(':');
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.comma();
        self.writer.string(key);
        self.writer.out.push(':');
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    fn end(self) -> Result<(), Error> {
        Compound::end(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Debug, PartialEq, serde::Deserialize, serde::Serialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        name: String,
        count: u32,
        rate: String,
        list: Vec<i64>,
        maybe: Option<bool>,
    }

    #[test]
    fn reads_what_json_stringify_writes() {
        let sample: Sample = from_str(
            r#" {"name":"Jane \"J\" O\u2019Brien\n","count":30,"rate":"6.45","list":[1,-2],"maybe":null} "#,
        )
        .unwrap();
        assert_eq!(sample.name, "Jane \"J\" O\u{2019}Brien\n");
        assert_eq!(sample.count, 30);
        assert_eq!(sample.list, vec![1, -2]);
        assert_eq!(sample.maybe, None);
        let again: Sample = from_str(&to_string(&sample).unwrap()).unwrap();
        assert_eq!(again, sample);
    }

    #[test]
    fn fractions_arrive_as_their_digits() {
        let text: String = from_str("6.45").unwrap();
        assert_eq!(text, "6.45");
        let big: String = from_str("123456789012345678901234567890").unwrap();
        assert_eq!(big, "123456789012345678901234567890");
        assert_eq!(from_str::<u32>("30").unwrap(), 30);
        assert!(from_str::<u32>("30.5").is_err());
    }

    #[test]
    fn errors_name_the_field_and_never_quote_the_value() {
        let error = from_str::<Sample>(r#"{"name":"secret","count":"many"}"#).unwrap_err();
        assert_eq!(error.to_string(), "count: expected u32, found text");
        let error = from_str::<Sample>(r#"{"nickname":"x"}"#).unwrap_err();
        assert!(error.to_string().starts_with("unknown field `nickname`"));
        for bad in [
            "",
            "{",
            "[1,",
            "{\"a\" 1}",
            "tru",
            "\"open",
            "\"\\x\"",
            "{}x",
            "-",
            "\"\\u12\"",
        ] {
            assert!(from_str::<de::IgnoredAny>(bad).is_err(), "{bad:?}");
        }
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert_eq!(
            from_str::<de::IgnoredAny>(&deep).unwrap_err().to_string(),
            "nested too deeply"
        );
    }

    #[test]
    fn surrogates_and_controls() {
        let text: String = from_str(r#""\ud83d\ude00 \ud800 \u0001""#).unwrap();
        assert_eq!(text, "\u{1F600} \u{FFFD} \u{1}");
        assert_eq!(to_string(&text).unwrap(), "\"\u{1F600} \u{FFFD} \\u0001\"");
        let map = BTreeMap::from([("a\"b".to_string(), vec![1u8])]);
        assert_eq!(to_string(&map).unwrap(), r#"{"a\"b":[1]}"#);
        assert!(to_string(&BTreeMap::from([(1u8, 2u8)])).is_err());
        assert!(to_string(&1.5f64).is_err());
    }
}
