//! A Bloom filter's header, read as the Thrift struct parquet.thrift defines:
//!
//! ```text
//! struct BloomFilterHeader {
//!   1: required i32 numBytes;                          bytes of the bitset after the header
//!   2: required BloomFilterAlgorithm algorithm;        union { 1: SplitBlockAlgorithm BLOCK }
//!   3: required BloomFilterHash hash;                  union { 1: XxHash XXHASH }
//!   4: required BloomFilterCompression compression;    union { 1: Uncompressed UNCOMPRESSED }
//! }
//! ```
//!
//! Fields it does not define are skipped, as Thrift's rules for a newer writer's fields
//! say; a union holds exactly one member. The split-block algorithm needs a whole number of
//! 256-bit blocks: `numBytes` a positive multiple of 32.

use super::compact::{nested, wire, Cursor};
use crate::filter::parquet_summary::{HeaderPart, Refusal};

/// Bytes of one split-block filter block (256 bits): `numBytes` is a multiple of it.
pub const BLOCK_BYTES: i64 = 32;

/// A header's fields as the bytes give them, before [`FilterHeader::check`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FilterHeader {
    /// Bytes the header takes, up to and with its stop byte: where the bitset starts.
    pub header_bytes: u64,
    /// `numBytes` (the last one, when the field repeats), if the header has one.
    pub num_bytes: Option<i32>,
    /// The member id of each union (algorithm, hash, compression): `Some(1)` is the only
    /// one Parquet defines; `None` when the union is missing, empty or holds more than one.
    pub algorithm: Option<i16>,
    /// See [`FilterHeader::algorithm`].
    pub hash: Option<i16>,
    /// See [`FilterHeader::algorithm`].
    pub compression: Option<i16>,
}

/// Why a header that is Thrift cannot be used: a union with no member Parquet defines
/// (`"algorithm"`, `"hash"` or `"compression"`, and the member's id, if one), or a bitset
/// length that is no whole number of blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderProblem {
    /// The union holds another member (its id), or none.
    UnknownMember(HeaderPart, Option<i16>),
    /// `numBytes` is missing (0), not positive or not a multiple of [`BLOCK_BYTES`].
    BitsetLength(i64),
}

impl FilterHeader {
    /// Reads the header at the start of `bytes`, or the [`Refusal`] of its bytes. A refusal
    /// for bytes running out (`NotThrift` at the end, `LengthPastEnd`, `CountPastEnd`) may
    /// only mean that `bytes` holds too little of the file.
    pub fn read(bytes: &[u8]) -> Result<FilterHeader, Refusal> {
        let mut cursor = Cursor::new(bytes);
        let depth = nested(0)?;
        let mut header = FilterHeader::default();
        let mut last_id = 0;
        while let Some(field) = cursor.field(last_id)? {
            match (field.id, field.wire_type) {
                (1, wire::I32) => header.num_bytes = Some(cursor.zigzag()? as i32),
                (2, wire::STRUCT) => header.algorithm = union_member(&mut cursor, depth)?,
                (3, wire::STRUCT) => header.hash = union_member(&mut cursor, depth)?,
                (4, wire::STRUCT) => header.compression = union_member(&mut cursor, depth)?,
                (1..=4, found) => {
                    return Err(Refusal::WrongFieldType {
                        field: i64::from(field.id),
                        found: u32::from(found),
                    })
                }
                _ => cursor.value(field.wire_type, depth)?,
            }
            last_id = field.id;
        }
        header.header_bytes = cursor.position() as u64;
        Ok(header)
    }

    /// The bitset's length in bytes, when the header names the split-block algorithm, xxHash
    /// and no compression and its `numBytes` is a positive multiple of [`BLOCK_BYTES`].
    pub fn check(&self) -> Result<u64, HeaderProblem> {
        let unions = [
            (HeaderPart::Algorithm, self.algorithm),
            (HeaderPart::Hash, self.hash),
            (HeaderPart::Compression, self.compression),
        ];
        for (union, member) in unions {
            if member != Some(1) {
                return Err(HeaderProblem::UnknownMember(union, member));
            }
        }
        let num_bytes = i64::from(self.num_bytes.unwrap_or(0));
        if num_bytes <= 0 || num_bytes % BLOCK_BYTES != 0 {
            return Err(HeaderProblem::BitsetLength(num_bytes));
        }
        Ok(num_bytes as u64)
    }
}

/// Walks a union inside nesting `depth`; its one member's id, or `None` for none or more.
fn union_member(cursor: &mut Cursor, depth: u32) -> Result<Option<i16>, Refusal> {
    let depth = nested(depth)?;
    let mut member = None;
    let mut members = 0;
    let mut last_id = 0;
    while let Some(field) = cursor.field(last_id)? {
        cursor.value(field.wire_type, depth)?;
        members += 1;
        // Each member Parquet defines is a struct (empty today, fields of its own later).
        member = (field.wire_type == wire::STRUCT).then_some(field.id);
        last_id = field.id;
    }
    Ok(if members == 1 { member } else { None })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// parquet-testing's bloom_filter.xxhash.bin: a 16-byte header, then 1,024 bytes.
    const XXHASH_BIN: &[u8] = include_bytes!("../../tests/data/parquet/bloom_filter.xxhash.bin");

    #[test]
    fn the_shared_header_reads_as_the_readme_gives_it() {
        let header = FilterHeader::read(XXHASH_BIN).unwrap();
        assert_eq!(header.header_bytes, 16);
        assert_eq!(header.num_bytes, Some(1024));
        assert_eq!(header.check(), Ok(1024));
        assert_eq!(XXHASH_BIN.len() as u64, 16 + 1024);
    }
}
