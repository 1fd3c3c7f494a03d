//! A walk over Thrift compact-protocol bytes (apache/thrift
//! `doc/specs/thrift-compact-protocol.md`) that checks every count, length and depth the
//! bytes declare against the bytes left, without allocating anything.
//!
//! ```text
//! field header   one byte: id delta (high nibble, 0 = a zig-zag i16 id follows) | type
//!                (low nibble, 0 = stop: the struct ends)
//! bool field     its value is the type: 1 true, 2 false; no bytes follow
//! byte           one byte           i16, i32, i64   a zig-zag varint
//! double         eight bytes        uuid            sixteen bytes
//! binary, string a varint length, then that many bytes
//! list, set      one byte: size (high nibble, 15 = a varint size follows) | element type
//!                (1 or 2 for bool elements, one byte each when read)
//! map            a varint size; when not 0, one byte: key type | value type
//! struct         fields, then a stop byte
//! ```
//!
//! Where the spec leaves room, the walk reads as the parquet crate's decoder does
//! (`parquet_thrift.rs`): a list header byte of 0 is an empty list, a varint may run longer
//! than ten bytes (its value wraps), a size above `i32::MAX` is malformed, and a skipped
//! bool list element takes no byte (the crate skips it as it skips a bool field).

use crate::filter::parquet_summary::Refusal;

/// Structs, lists, sets and maps nested deeper than this are refused. Parquet's footer
/// nests at most about eight levels (FileMetaData › row groups › RowGroup › columns ›
/// ColumnChunk › ColumnMetaData › statistics › …), and the parquet crate's own skipping
/// stops at 64 levels; the bound keeps the walk's recursion, and the crate's, small.
pub const NESTING_LIMIT: u32 = 64;

/// Compact-protocol types: in a field header, a list header or a map header.
pub(super) mod wire {
    /// A bool field whose value is true (also a bool list element in older writers).
    pub const TRUE: u8 = 1;
    /// A bool field whose value is false (the spec's bool list element).
    pub const FALSE: u8 = 2;
    /// One byte.
    pub const BYTE: u8 = 3;
    /// A zig-zag varint.
    pub const I16: u8 = 4;
    /// A zig-zag varint.
    pub const I32: u8 = 5;
    /// A zig-zag varint.
    pub const I64: u8 = 6;
    /// Eight bytes.
    pub const DOUBLE: u8 = 7;
    /// A varint length, then the bytes.
    pub const BINARY: u8 = 8;
    /// A list header, then the elements.
    pub const LIST: u8 = 9;
    /// Encoded as a list.
    pub const SET: u8 = 10;
    /// A varint size, a key-and-value type byte, then the entries.
    pub const MAP: u8 = 11;
    /// Fields, then a stop byte.
    pub const STRUCT: u8 = 12;
    /// Sixteen bytes.
    pub const UUID: u8 = 13;
}

/// A field header: the field's id and its type (never stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Field {
    pub id: i16,
    pub wire_type: u8,
}

/// A place in compact-protocol bytes, with the values walked so far.
pub(super) struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Values walked but bools (a bool field's value is in its field header; a bool in a map
    /// or a skipped list takes no byte): each takes at least one byte, so never more than the
    /// bytes walked.
    pub steps: u64,
}

impl<'a> Cursor<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Cursor {
            bytes,
            at: 0,
            steps: 0,
        }
    }

    /// Bytes walked.
    pub fn position(&self) -> usize {
        self.at
    }

    /// Bytes not walked yet.
    pub fn bytes_left(&self) -> u64 {
        (self.bytes.len() - self.at) as u64
    }

    /// [`Refusal::NotThrift`] at the cursor.
    pub fn not_thrift(&self) -> Refusal {
        Refusal::NotThrift {
            offset: self.at as u64,
        }
    }

    pub fn byte(&mut self) -> Result<u8, Refusal> {
        let byte = *self.bytes.get(self.at).ok_or_else(|| self.not_thrift())?;
        self.at += 1;
        Ok(byte)
    }

    /// `count` bytes, or [`Refusal::LengthPastEnd`] when fewer are left.
    pub fn skip(&mut self, count: u64) -> Result<&'a [u8], Refusal> {
        let bytes_left = self.bytes_left();
        if count > bytes_left {
            return Err(Refusal::LengthPastEnd {
                declared: count,
                bytes_left,
            });
        }
        let start = self.at;
        self.at += count as usize;
        Ok(&self.bytes[start..self.at])
    }

    /// An unsigned LEB128 varint: 7 bits a byte, low bits first, while the high bit is set.
    pub fn varint(&mut self) -> Result<u64, Refusal> {
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f).wrapping_shl(shift);
            if byte & 0x80 == 0 {
                return Ok(value);
            }
            shift = shift.wrapping_add(7);
        }
    }

    /// A zig-zag varint: `(v >> 1) ^ -(v & 1)`.
    pub fn zigzag(&mut self) -> Result<i64, Refusal> {
        let value = self.varint()?;
        Ok((value >> 1) as i64 ^ -((value & 1) as i64))
    }

    /// The next field header of a struct whose last field had id `last_id`, or `None` at
    /// its stop byte.
    pub fn field(&mut self, last_id: i16) -> Result<Option<Field>, Refusal> {
        let header = self.byte()?;
        let wire_type = header & 0x0f;
        if wire_type == 0 {
            return Ok(None);
        }
        if wire_type > wire::UUID {
            return Err(Refusal::NotThrift {
                offset: self.at as u64 - 1,
            });
        }
        let delta = header >> 4;
        let id = if delta == 0 {
            // The crate reads a full id as an i32 varint cut to 16 bits.
            self.zigzag()? as i16
        } else {
            last_id
                .checked_add(i16::from(delta))
                .ok_or_else(|| self.not_thrift())?
        };
        Ok(Some(Field { id, wire_type }))
    }

    /// A list's (or set's) header: its element type and size, the size checked against the
    /// bytes left.
    pub fn list_header(&mut self) -> Result<(u8, u64), Refusal> {
        let header = self.byte()?;
        if header == 0 {
            return Ok((wire::BYTE, 0));
        }
        let element_type = header & 0x0f;
        if element_type == 0 || element_type > wire::UUID {
            return Err(Refusal::NotThrift {
                offset: self.at as u64 - 1,
            });
        }
        let size = match header >> 4 {
            15 => self.varint()?,
            short => u64::from(short),
        };
        self.check_count(size, 1)?;
        Ok((element_type, size))
    }

    /// [`Refusal::CountPastEnd`] when `count` elements of at least `bytes_each` bytes do not
    /// fit in the bytes left (refused even for bools, which the crate skips without reading a
    /// byte each but would loop over); [`Refusal::NotThrift`] for a count above `i32::MAX`.
    fn check_count(&self, count: u64, bytes_each: u64) -> Result<(), Refusal> {
        let bytes_left = self.bytes_left();
        if count.saturating_mul(bytes_each) > bytes_left {
            return Err(Refusal::CountPastEnd {
                declared: count,
                bytes_left,
            });
        }
        if count > i32::MAX as u64 {
            return Err(self.not_thrift());
        }
        Ok(())
    }

    /// Walks one value of `wire_type` (a field's or an element's) at nesting `depth` (the
    /// containers around it), checking what it declares.
    pub fn value(&mut self, wire_type: u8, depth: u32) -> Result<(), Refusal> {
        if matches!(wire_type, wire::TRUE | wire::FALSE) {
            // No byte, and no step: the crate reads nothing either.
            return Ok(());
        }
        self.steps += 1;
        match wire_type {
            wire::BYTE => self.byte().map(drop),
            wire::I16 | wire::I32 | wire::I64 => self.varint().map(drop),
            wire::DOUBLE => self.skip(8).map(drop),
            wire::UUID => self.skip(16).map(drop),
            wire::BINARY => {
                let len = self.varint()?;
                self.skip(len).map(drop)
            }
            wire::LIST | wire::SET => {
                let depth = nested(depth)?;
                let (element_type, size) = self.list_header()?;
                self.elements(element_type, size, depth)
            }
            wire::MAP => {
                let depth = nested(depth)?;
                let size = self.varint()?;
                if size == 0 {
                    return Ok(());
                }
                let types = self.byte()?;
                self.check_count(size, 1)?;
                let (key_type, value_type) = (types >> 4, types & 0x0f);
                if key_type == 0 || value_type == 0 {
                    return Err(self.not_thrift());
                }
                if is_bool(key_type) && is_bool(value_type) {
                    return Ok(());
                }
                for _ in 0..size {
                    self.value(key_type, depth)?;
                    self.value(value_type, depth)?;
                }
                Ok(())
            }
            wire::STRUCT => {
                let depth = nested(depth)?;
                // Ids do not matter here: deltas from 0, as the crate skips.
                while let Some(field) = self.field(0)? {
                    self.value(field.wire_type, depth)?;
                }
                Ok(())
            }
            _ => Err(self.not_thrift()),
        }
    }

    /// Walks `size` list elements of `element_type` at nesting `depth`, as the crate skips
    /// them: a bool element takes no byte (the crate skips it as a bool field), so a list
    /// of bools is its header alone.
    pub fn elements(&mut self, element_type: u8, size: u64, depth: u32) -> Result<(), Refusal> {
        if is_bool(element_type) {
            return Ok(());
        }
        for _ in 0..size {
            self.value(element_type, depth)?;
        }
        Ok(())
    }
}

/// Whether a list or map element type is bool (1 or 2: writers use both).
fn is_bool(element_type: u8) -> bool {
    matches!(element_type, wire::TRUE | wire::FALSE)
}

/// The nesting inside a container at `depth`, or [`Refusal::NestedTooDeep`] past
/// [`NESTING_LIMIT`].
pub(super) fn nested(depth: u32) -> Result<u32, Refusal> {
    if depth >= NESTING_LIMIT {
        return Err(Refusal::NestedTooDeep {
            limit: NESTING_LIMIT,
        });
    }
    Ok(depth + 1)
}
