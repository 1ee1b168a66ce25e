//! How data crosses the boundary: one JSON string each way. JavaScript's own `JSON.stringify`
//! and `JSON.parse` do the JavaScript side; this module reads and writes the text.
//!
//! One string per call costs two boundary crossings, where walking a JavaScript object field
//! by field costs several per field. Every input is a flat object of scalars (calculator
//! entries, an application), so the reader is a small one for exactly that, handing each
//! member to core's own readers; results are written with serde. Compared with a general JSON
//! library, this keeps the module small and exact:
//!
//! * A number is handed over as the text that was written, so a `Decimal` gets those digits
//!   (`6.45`, not the nearest binary fraction) and no float parsing or formatting is linked in.
//! * Error messages name the field and the kind of value, never quote the value.

use std::borrow::Cow;
use std::fmt::{self, Display, Write as _};

use serde::de;
use serde::ser::{self, Serialize};

/// Nesting deeper than this is refused rather than followed.
const MAX_DEPTH: u32 = 64;

/// Why a value couldn't be read or written: text that isn't JSON (with a message), or JSON
/// that the input type's `Deserialize` refuses (`is_shape`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String, bool);

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error(message.into(), false)
    }

    /// JSON, but not of the shape the input type reads.
    fn shape() -> Self {
        Error("not of the expected shape".into(), true)
    }

    /// Whether the text was JSON that the input type refused (`serde_json`'s "data" errors).
    pub fn is_shape(&self) -> bool {
        self.1
    }
}

impl Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Errors of a `Deserialize` keep no message: the boundary answers with core's fixed texts,
/// and formatting serde's (which can quote a float) would link float formatting into the
/// module for nothing.
impl de::Error for Error {
    fn custom<T: Display>(_message: T) -> Self {
        Error::shape()
    }

    fn invalid_type(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        Error::shape()
    }

    fn invalid_value(_: de::Unexpected<'_>, _: &dyn de::Expected) -> Self {
        Error::shape()
    }

    fn invalid_length(_: usize, _: &dyn de::Expected) -> Self {
        Error::shape()
    }

    fn unknown_variant(_: &str, _: &'static [&'static str]) -> Self {
        Error::shape()
    }

    fn unknown_field(_: &str, _: &'static [&'static str]) -> Self {
        Error::shape()
    }

    fn missing_field(_: &'static str) -> Self {
        Error::shape()
    }

    fn duplicate_field(_: &'static str) -> Self {
        Error::shape()
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(message: T) -> Self {
        Error::new(message.to_string())
    }
}

/// A member's value: scalars as they are, arrays and objects only noted.
#[derive(Debug, PartialEq, Eq)]
pub enum Value<'a> {
    Null,
    Bool(bool),
    Text(Cow<'a, str>),
    /// A number, exactly as written.
    Number(&'a str),
    /// An array or an object (skipped).
    Nested,
}

/// Reads a JSON object (as written by `JSON.stringify`), handing each member to `member` in
/// order; its error stops the reading.
pub fn read_object<'a>(
    text: &'a str,
    mut member: impl FnMut(Cow<'a, str>, Value<'a>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut reader = Reader { text, position: 0 };
    if reader.next_byte() != Some(b'{') {
        // Another JSON value is JSON of the wrong shape, like an array for serde_json.
        let other = reader.value();
        return Err(match (other, reader.next_byte()) {
            (Ok(_), None) => Error::shape(),
            _ => Error::new("expected an object"),
        });
    }
    reader.position += 1;
    let mut first = true;
    while reader.more(&mut first)? {
        if reader.next_byte() != Some(b'"') {
            return Err(Error::new("expected a key in an object"));
        }
        let key = reader.string()?;
        reader.expect(b':', "expected : after a key")?;
        let value = reader.value()?;
        member(key, value)?;
    }
    reader.position += 1;
    if reader.next_byte().is_some() {
        return Err(Error::new("unexpected text after the object"));
    }
    Ok(())
}

/// Reads `T` from a JSON object with `T`'s own `Deserialize`, the one the server runs through
/// `serde_json`. Members reach it as serde values; a number as the one-entry map that
/// `serde_json` (feature `arbitrary_precision`) hands over, so its digits arrive as written
/// and core reads both the same way.
pub fn from_object<T: de::DeserializeOwned>(text: &str) -> Result<T, Error> {
    let mut members = Vec::with_capacity(24);
    read_object(text, |name, value| {
        // The name stays borrowed from the text unless it had escapes: no copy per member.
        members.push((name, value));
        Ok(())
    })?;
    T::deserialize(MembersDeserializer(members))
}

/// The key `serde_json` hands a number's digits under (see `banksia_core::money::AmountInput`).
const JSON_NUMBER_KEY: &str = "$serde_json::private::Number";

/// An object's members, for a `Deserialize` that reads a map or a struct.
struct MembersDeserializer<'a>(Vec<(Cow<'a, str>, Value<'a>)>);

impl<'de> de::Deserializer<'de> for MembersDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_map(Members {
            members: self.0.into_iter(),
            value: None,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

struct Members<'a> {
    members: std::vec::IntoIter<(Cow<'a, str>, Value<'a>)>,
    value: Option<Value<'a>>,
}

impl<'de> de::MapAccess<'de> for Members<'_> {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((name, value)) = self.members.next() else {
            return Ok(None);
        };
        self.value = Some(value);
        seed.deserialize(de::value::CowStrDeserializer::<Error>::new(name))
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(ValueDeserializer(self.value.take().unwrap_or(Value::Null)))
    }
}

/// One member's value.
struct ValueDeserializer<'a>(Value<'a>);

impl<'de> de::Deserializer<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(flag) => visitor.visit_bool(flag),
            Value::Text(text) => visitor.visit_string(text.into_owned()),
            Value::Number(digits) => visitor.visit_map(NumberDigits(Some(digits.to_owned()))),
            Value::Nested => Err(Error::shape()),
        }
    }

    fn deserialize_option<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    /// Any value, nested ones too, as `serde_json` skips it.
    fn deserialize_ignored_any<V: de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
    }
}

/// A number as `serde_json`'s one-entry map: its key, then its digits.
struct NumberDigits(Option<String>);

impl<'de> de::MapAccess<'de> for NumberDigits {
    type Error = Error;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.0.is_none() {
            return Ok(None);
        }
        seed.deserialize(de::value::StrDeserializer::<Error>::new(JSON_NUMBER_KEY))
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let digits = self.0.take().unwrap_or_default();
        seed.deserialize(de::value::StringDeserializer::<Error>::new(digits))
    }
}

/// Writes `value` as JSON text.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    // Most results are a few hundred bytes: one allocation instead of a series of regrowths.
    let mut writer = Writer {
        out: String::with_capacity(1024),
    };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// A JSON text being read.
struct Reader<'a> {
    text: &'a str,
    position: usize,
}

impl<'a> Reader<'a> {
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

    /// Consumes `byte` (after whitespace) or fails with `message`.
    fn expect(&mut self, byte: u8, message: &str) -> Result<(), Error> {
        if self.next_byte() == Some(byte) {
            self.position += 1;
            Ok(())
        } else {
            Err(Error::new(message))
        }
    }

    /// Before the next member: `false` at the closing brace (not consumed), after the comma
    /// otherwise.
    fn more(&mut self, first: &mut bool) -> Result<bool, Error> {
        match self.next_byte() {
            Some(b'}') => Ok(false),
            Some(_) if std::mem::take(first) => Ok(true),
            Some(b',') => {
                self.position += 1;
                Ok(true)
            }
            _ => Err(Error::new("expected , or } in an object")),
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

    /// One value, after whitespace.
    fn value(&mut self) -> Result<Value<'a>, Error> {
        Ok(match self.next_byte() {
            Some(b'n') => {
                self.literal("null")?;
                Value::Null
            }
            Some(b't') => {
                self.literal("true")?;
                Value::Bool(true)
            }
            Some(b'f') => {
                self.literal("false")?;
                Value::Bool(false)
            }
            Some(b'"') => Value::Text(self.string()?),
            Some(b'-' | b'0'..=b'9') => Value::Number(self.number()?),
            Some(b'[' | b'{') => {
                self.skip_nested(1)?;
                Value::Nested
            }
            _ => return Err(Error::new("expected a JSON value")),
        })
    }

    /// A number's text, by JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    /// (so `01` and `1.2.3` are refused, as `serde_json` refuses them on the server).
    fn number(&mut self) -> Result<&'a str, Error> {
        let start = self.position;
        let bytes = self.text.as_bytes();
        let at = |position: usize| bytes.get(position).copied().unwrap_or(0);
        let digits = |mut position: usize| {
            let from = position;
            while at(position).is_ascii_digit() {
                position += 1;
            }
            (position, position > from)
        };
        let mut position = start;
        if at(position) == b'-' {
            position += 1;
        }
        let (after_whole, any) = digits(position);
        if !any || (at(position) == b'0' && after_whole > position + 1) {
            return Err(Error::new("expected a number"));
        }
        position = after_whole;
        if at(position) == b'.' {
            let (after, any) = digits(position + 1);
            if !any {
                return Err(Error::new("expected a number"));
            }
            position = after;
        }
        if matches!(at(position), b'e' | b'E') {
            position += 1;
            if matches!(at(position), b'+' | b'-') {
                position += 1;
            }
            let (after, any) = digits(position);
            if !any {
                return Err(Error::new("expected a number"));
            }
            position = after;
        }
        if at(position).is_ascii_alphanumeric() || matches!(at(position), b'.' | b'-' | b'+') {
            return Err(Error::new("expected a number"));
        }
        self.position = position;
        Ok(self.text.get(start..position).unwrap_or_default())
    }

    /// Reads an array or an object (the next byte opens it) at `depth` (1 for a member's value)
    /// by JSON's grammar, nested ones included, and throws its content away: a malformed
    /// nested value (`{"a": 1,}`) is not JSON here, as it is not for `serde_json` on the server.
    fn skip_nested(&mut self, depth: u32) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(Error::new("nested too deeply"));
        }
        let close = if self.next_byte() == Some(b'[') {
            b']'
        } else {
            b'}'
        };
        self.position += 1;
        if self.next_byte() == Some(close) {
            self.position += 1;
            return Ok(());
        }
        loop {
            if close == b'}' {
                if self.next_byte() != Some(b'"') {
                    return Err(Error::new("expected a key in an object"));
                }
                self.string()?;
                self.expect(b':', "expected : after a key")?;
            }
            if matches!(self.next_byte(), Some(b'[' | b'{')) {
                self.skip_nested(depth + 1)?;
            } else {
                self.value()?;
            }
            match self.next_byte() {
                Some(b',') => self.position += 1,
                Some(byte) if byte == close => {
                    self.position += 1;
                    return Ok(());
                }
                _ => return Err(Error::new("expected , or the end of an array or object")),
            }
        }
    }

    /// A string, borrowed from the text when it has no escapes. The opening quote is next.
    fn string(&mut self) -> Result<Cow<'a, str>, Error> {
        self.position += 1;
        let bytes = self.text.as_bytes();
        let mut owned: Option<String> = None;
        let mut run_start = self.position;
        loop {
            // Straight to the next quote or backslash: everything before it is copied as is.
            let rest = bytes.get(self.position..).unwrap_or_default();
            let Some(offset) = rest.iter().position(|&byte| byte == b'"' || byte == b'\\') else {
                return Err(Error::new("unterminated text"));
            };
            self.position += offset;
            match bytes.get(self.position) {
                Some(b'"') => {
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
                _ => {
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

    fn members(text: &str) -> Result<Vec<(String, String)>, Error> {
        let mut found = Vec::new();
        read_object(text, |key, value| {
            found.push((key.to_string(), format!("{value:?}")));
            Ok(())
        })?;
        Ok(found)
    }

    #[test]
    fn reads_what_json_stringify_writes() {
        let found = members(
            r#" {"name":"Jane \"J\" O\u2019Brien\n","count":30,"rate":6.45,"big":1e21,"list":[1,{"a":"]"}],"maybe":null,"yes":true} "#,
        )
        .unwrap();
        let expected = [
            ("name", r#"Text("Jane \"J\" O’Brien\n")"#),
            ("count", r#"Number("30")"#),
            ("rate", r#"Number("6.45")"#),
            ("big", r#"Number("1e21")"#),
            ("list", "Nested"),
            ("maybe", "Null"),
            ("yes", "Bool(true)"),
        ];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(found, expected);
        assert_eq!(members("{}").unwrap(), vec![]);
    }

    #[test]
    fn refuses_what_is_not_an_object() {
        for bad in [
            "",
            "null",
            "[]",
            "\"text\"",
            "{",
            "{\"a\" 1}",
            "{\"a\":tru}",
            "{\"a\":\"open}",
            "{\"a\":\"\\x\"}",
            "{\"a\":1}x",
            "{\"a\":-}",
            "{\"a\":\"\\u12\"}",
            "{\"a\":1,}",
            "{\"a\":1 \"b\":2}",
            "{\"a\":[1,2}",
            "{a:1}",
            // Nested values are held to JSON's grammar too, although they are thrown away.
            "{\"a\":{\"b\":1,}}",
            "{\"a\":[1 2]}",
            "{\"a\":[1,]}",
            "{\"a\":{1:2}}",
            "{\"a\":[01]}",
            "{\"a\":{\"b\"}}",
        ] {
            assert!(members(bad).is_err(), "{bad:?}");
        }
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(100), "]".repeat(100));
        assert_eq!(members(&deep).unwrap_err().to_string(), "nested too deeply");
        let stop = read_object(r#"{"a":1,"b":2}"#, |key, _| {
            if key == "b" {
                Err(Error::new("no b"))
            } else {
                Ok(())
            }
        });
        assert_eq!(stop.unwrap_err().to_string(), "no b");
    }

    #[test]
    fn surrogates_and_controls() {
        let found = members(r#"{"t":"\ud83d\ude00 \ud800 \u0001"}"#).unwrap();
        assert_eq!(
            found[0].1,
            format!("Text({:?})", "\u{1F600} \u{FFFD} \u{1}")
        );
        let text = "\u{1F600} \u{FFFD} \u{1}";
        assert_eq!(to_string(text).unwrap(), "\"\u{1F600} \u{FFFD} \\u0001\"");
        let map = BTreeMap::from([("a\"b".to_string(), vec![1u8])]);
        assert_eq!(to_string(&map).unwrap(), r#"{"a\"b":[1]}"#);
        assert!(to_string(&BTreeMap::from([(1u8, 2u8)])).is_err());
        assert!(to_string(&1.5f64).is_err());
    }
}
