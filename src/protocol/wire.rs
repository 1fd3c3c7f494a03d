//! How a message is written as bytes and read back: [`Wire`] for each value a message
//! carries, and the two macros that write a struct's or an enum's fields in order.
//!
//! ```text
//! whole number (u64, u32, usize)   8 bytes, little-endian
//! f64                              its 8 bytes, little-endian (exact: −0, ∞ and NaN too)
//! bool                             1 byte, 0 or 1
//! text                             its length in bytes, then its UTF-8
//! list                             its length, then each item
//! option                           1 byte, 0 (none) or 1 followed by the value
//! enum                             1 byte, its variant's tag, then the variant's fields
//! struct                           its fields in order
//! ```

use crate::filter::ParamError;

/// Why bytes are not a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes end before the message does.
    Truncated,
    /// Bytes are left after the message.
    TrailingBytes,
    /// A tag names no variant (of the message, or of an enum it carries).
    UnknownTag(u8),
    /// A number does not fit the type it is read as.
    TooLarge,
    /// A text is not UTF-8.
    NotText,
    /// The values describe nothing valid: a filter's shape or an experiment's plan that
    /// its constructor refuses.
    Invalid,
}

impl From<ParamError> for DecodeError {
    fn from(_: ParamError) -> Self {
        DecodeError::Invalid
    }
}

/// The bytes of a message not yet read.
pub struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    /// The next `len` bytes.
    fn take(&mut self, len: usize) -> Result<&'a [u8], DecodeError> {
        if len > self.bytes.len() {
            return Err(DecodeError::Truncated);
        }
        let (head, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(head)
    }

    /// The next byte (a tag).
    pub fn tag(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1)?[0])
    }

    /// The next value.
    pub fn get<T: Wire>(&mut self) -> Result<T, DecodeError> {
        T::read(self)
    }
}

/// A value a message carries.
pub trait Wire: Sized {
    /// Appends the value's bytes to `out`.
    fn write(&self, out: &mut Vec<u8>);
    /// Reads the value from the front of `input`.
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError>;
}

/// The bytes of `value`.
pub fn encode<T: Wire>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.write(&mut out);
    out
}

/// The value `bytes` hold, all of them.
pub fn decode<T: Wire>(bytes: &[u8]) -> Result<T, DecodeError> {
    let mut input = Reader { bytes };
    let value = T::read(&mut input)?;
    if input.bytes.is_empty() {
        Ok(value)
    } else {
        Err(DecodeError::TrailingBytes)
    }
}

impl Wire for u64 {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(input.take(8)?);
        Ok(u64::from_le_bytes(bytes))
    }
}

impl Wire for u32 {
    fn write(&self, out: &mut Vec<u8>) {
        u64::from(*self).write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let value = u64::read(input)?;
        u32::try_from(value).map_err(|_| DecodeError::TooLarge)
    }
}

impl Wire for usize {
    fn write(&self, out: &mut Vec<u8>) {
        (*self as u64).write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let value = u64::read(input)?;
        usize::try_from(value).map_err(|_| DecodeError::TooLarge)
    }
}

impl Wire for i64 {
    fn write(&self, out: &mut Vec<u8>) {
        (*self as u64).write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        Ok(u64::read(input)? as i64)
    }
}

impl Wire for u8 {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(*self);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        input.tag()
    }
}

impl Wire for f64 {
    fn write(&self, out: &mut Vec<u8>) {
        self.to_bits().write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        Ok(f64::from_bits(u64::read(input)?))
    }
}

impl Wire for bool {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        match input.tag()? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(DecodeError::UnknownTag(other)),
        }
    }
}

impl Wire for String {
    fn write(&self, out: &mut Vec<u8>) {
        self.len().write(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let len = usize::read(input)?;
        let bytes = input.take(len)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| DecodeError::NotText)
    }
}

/// Writes `items` as a list: their number, then each.
pub fn write_list<T: Wire>(items: &[T], out: &mut Vec<u8>) {
    items.len().write(out);
    for item in items {
        item.write(out);
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn write(&self, out: &mut Vec<u8>) {
        write_list(self, out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        // No room is reserved for the length read: every item takes bytes, so a length
        // the message cannot hold ends in `Truncated`, not in a large allocation.
        let len = u64::read(input)?;
        let mut items = Vec::new();
        for _ in 0..len {
            items.push(T::read(input)?);
        }
        Ok(items)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(value) => {
                out.push(1);
                value.write(out);
            }
        }
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        match input.tag()? {
            0 => Ok(None),
            1 => Ok(Some(T::read(input)?)),
            other => Err(DecodeError::UnknownTag(other)),
        }
    }
}

/// A boxed value is written as the value.
impl<T: Wire> Wire for Box<T> {
    fn write(&self, out: &mut Vec<u8>) {
        (**self).write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        T::read(input).map(Box::new)
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn write(&self, out: &mut Vec<u8>) {
        self.0.write(out);
        self.1.write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        Ok((A::read(input)?, B::read(input)?))
    }
}

/// Writes the value's place in `all` as one byte.
pub fn write_place<T: PartialEq>(value: &T, all: &[T], out: &mut Vec<u8>) {
    let place = all.iter().position(|item| item == value).unwrap_or(0);
    out.push(place as u8);
}

/// The value at the place in `all` the next byte names.
pub fn read_place<T: Copy>(all: &[T], input: &mut Reader<'_>) -> Result<T, DecodeError> {
    let tag = input.tag()?;
    all.get(usize::from(tag))
        .copied()
        .ok_or(DecodeError::UnknownTag(tag))
}

/// [`Wire`] for a struct with public fields: the fields named, in order.
macro_rules! wire_struct {
    ($name:ident { $($field:ident),* $(,)? }) => {
        impl Wire for $name {
            fn write(&self, out: &mut Vec<u8>) {
                $(self.$field.write(out);)*
            }
            fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
                Ok($name { $($field: input.get()?),* })
            }
        }
    };
}

/// [`Wire`] for an enum whose variants have named fields (or none): each variant's tag,
/// then its fields in order. The table of tags is the enum's encoding.
macro_rules! wire_enum {
    ($name:ident { $($tag:literal => $variant:ident { $($field:ident),* $(,)? }),* $(,)? }) => {
        impl Wire for $name {
            fn write(&self, out: &mut Vec<u8>) {
                match self {
                    $($name::$variant { $($field),* } => {
                        out.push($tag);
                        $($field.write(out);)*
                    })*
                }
            }
            fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
                match input.tag()? {
                    $($tag => Ok($name::$variant { $($field: input.get()?),* }),)*
                    other => Err(DecodeError::UnknownTag(other)),
                }
            }
        }
    };
}

/// [`Wire`] for a fieldless enum (or any `Copy` value from a fixed list): its place in
/// the list.
macro_rules! wire_place {
    ($name:ident, $all:expr) => {
        impl Wire for $name {
            fn write(&self, out: &mut Vec<u8>) {
                write_place(self, &$all, out);
            }
            fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
                read_place(&$all, input)
            }
        }
    };
}

pub(super) use {wire_enum, wire_place, wire_struct};
