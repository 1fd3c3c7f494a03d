//! What the Parquet worker finds in a file: each column chunk's split-block Bloom filter
//! with its place and header, what its bits imply, and a value's verdict in it; or why the
//! file's filters cannot be shown. Plain Rust, pinned by native tests; the worker
//! (`src/bin/parquet_worker.rs`) fills it with [`crate::parquet_reader`].

use super::blocked::{BlockFill, BlockFillSum};
use super::split_block;
use super::Layout;

/// One column chunk's split-block Bloom filter: where it is in the file, its header and
/// what its bits imply. Its bitset is not kept: the bytes a value needs (one block) are read
/// from the file when the value is asked for (`FilesModel::refresh`), so a file's filters
/// take memory by their count, not their bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundFilter {
    /// The row group (from 0) of the column chunk.
    pub row_group: usize,
    /// The column's path, its names joined by dots (`a.b.c`).
    pub column: String,
    /// Where the filter starts in the file: the chunk's `bloom_filter_offset`.
    pub offset: u64,
    /// Bytes the filter takes in the file: `header_bytes + num_bytes`.
    pub length: u64,
    /// Bytes of the Thrift `BloomFilterHeader` before the bitset.
    pub header_bytes: u64,
    /// Bytes of the bitset, the header's `numBytes`.
    pub num_bytes: u64,
    /// The header's algorithm (`BLOCK`, the only one Parquet defines).
    pub algorithm: String,
    /// The header's hash (`XXHASH`).
    pub hash: String,
    /// The header's compression (`UNCOMPRESSED`).
    pub compression: String,
    /// Its bits set and what they imply, once its bitset was read (when the file was
    /// opened, within the reader's bound on bytes read, else when it is first shown).
    pub figures: Option<Figures>,
}

/// What a bitset's bits say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// Bits set to 1 in the bitset.
    pub bits_set: u64,
    /// What the bits imply ([`BlockFill`] over its 256-bit blocks, eight bits per value):
    /// the rate a new value meets and the distinct values n̂ the fill implies.
    pub fill: BlockFill,
}

impl FoundFilter {
    /// The split-block filter (`BLOCK`, `XXHASH`, `UNCOMPRESSED`: the only one Parquet
    /// defines) of `column` in `row_group`, whose header of `header_bytes` starts at
    /// `offset` and is followed by `bitset` (blocks of eight little-endian 32-bit words; bit
    /// `b` of the filter is bit `b mod 8` of byte `b / 8`).
    pub fn split_block(
        row_group: usize,
        column: String,
        offset: u64,
        header_bytes: u64,
        bitset: &[u8],
    ) -> FoundFilter {
        let mut figures = BitsetFigures::new(bitset.len() as u64);
        figures.add(bitset);
        FoundFilter::summed(row_group, column, offset, header_bytes, &figures)
    }

    /// [`FoundFilter::split_block`] of a bitset whose bytes were summed in `figures`.
    pub fn summed(
        row_group: usize,
        column: String,
        offset: u64,
        header_bytes: u64,
        figures: &BitsetFigures,
    ) -> FoundFilter {
        FoundFilter {
            figures: Some(figures.finish()),
            ..FoundFilter::unread(row_group, column, offset, header_bytes, figures.num_bytes)
        }
    }

    /// [`FoundFilter::split_block`] of a bitset of `num_bytes` not read yet.
    pub fn unread(
        row_group: usize,
        column: String,
        offset: u64,
        header_bytes: u64,
        num_bytes: u64,
    ) -> FoundFilter {
        FoundFilter {
            row_group,
            column,
            offset,
            length: header_bytes + num_bytes,
            header_bytes,
            num_bytes,
            algorithm: "BLOCK".to_string(),
            hash: "XXHASH".to_string(),
            compression: "UNCOMPRESSED".to_string(),
            figures: None,
        }
    }

    /// Blocks of 256 bits: `num_bytes / 32`.
    pub fn blocks(&self) -> u64 {
        self.num_bytes / BLOCK_BYTES
    }

    /// Where the bitset starts in the file: `offset + header_bytes`.
    pub fn bitset_start(&self) -> u64 {
        self.offset + self.header_bytes
    }

    /// The block a value of hash `h` lands in, `((h >> 32) · z) >> 32` (block 0 in a filter
    /// of no blocks).
    pub fn block_of(&self, h: u64) -> u64 {
        split_block::block_of(h, self.blocks().max(1))
    }

    /// The block and lanes of a value of hash `h` (`xxHash64` of its plain encoding, a
    /// string's UTF-8 bytes) in this filter, where `block` holds the 32 bytes of that block
    /// ([`FoundFilter::block_of`]; fewer, or none, read as unset bits).
    pub fn verdict(&self, h: u64, block: &[u8]) -> FileVerdict {
        let bits = split_block::lane_bits(h);
        let mut lanes = [(0, false); 8];
        for (word, lane) in lanes.iter_mut().enumerate() {
            let bit = bits[word];
            *lane = (
                bit,
                split_block::bitset_bit(block, word as u64 * 32 + u64::from(bit)),
            );
        }
        FileVerdict {
            block: self.block_of(h),
            lanes,
        }
    }
}

/// Bytes in a 256-bit block.
pub const BLOCK_BYTES: u64 = split_block::BLOCK_BITS / 8;

/// A bitset's figures (its bits set and [`BlockFill`]), summed as its bytes are read: in
/// order, whole blocks at a time (a last piece of less than a block counts its bits set,
/// not a block).
#[derive(Clone, Debug, PartialEq)]
pub struct BitsetFigures {
    /// Bytes of the bitset, the header's `numBytes`.
    pub num_bytes: u64,
    /// Bits set in the bytes added.
    pub bits_set: u64,
    /// The fill of the blocks added.
    fill: BlockFillSum,
}

impl BitsetFigures {
    /// Nothing read yet of a bitset of `num_bytes`.
    pub fn new(num_bytes: u64) -> BitsetFigures {
        let m = num_bytes / BLOCK_BYTES * split_block::BLOCK_BITS;
        BitsetFigures {
            num_bytes,
            bits_set: 0,
            fill: BlockFillSum::new(Layout::SplitBlock, m, 8),
        }
    }

    /// The figures of the bytes added.
    pub fn finish(&self) -> Figures {
        Figures {
            bits_set: self.bits_set,
            fill: self.fill.finish(),
        }
    }

    /// Adds the bitset's next `bytes`.
    pub fn add(&mut self, bytes: &[u8]) {
        for block in bytes.chunks(BLOCK_BYTES as usize) {
            let ones = |from: u64, to: u64| -> u64 {
                let mut ones = 0;
                for byte in &block[(from / 8) as usize..(to / 8) as usize] {
                    ones += u64::from(byte.count_ones());
                }
                ones
            };
            if block.len() == BLOCK_BYTES as usize {
                self.fill.add_block(ones);
            }
            self.bits_set += ones(0, block.len() as u64 * 8);
        }
    }
}

/// What the worker read from a Parquet file.
#[derive(Clone, Debug, PartialEq)]
pub struct FileSummary {
    /// Bytes in the file.
    pub size: u64,
    /// Rows in the file, from its footer.
    pub rows: i64,
    /// Row groups in the file.
    pub row_groups: usize,
    /// Column chunks in all row groups together.
    pub columns: usize,
    /// The writer the footer names (`created_by`), when it names one.
    pub created_by: Option<String>,
    /// Every column chunk's Bloom filter, by row group then column.
    pub filters: Vec<FoundFilter>,
}

/// Why a file's Bloom filters could not be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The file has no bytes.
    Empty,
    /// The file is shorter than 12 bytes or does not start and end with `PAR1`.
    NotParquet,
    /// The file ends before the footer or a filter it announces: it was cut short.
    Truncated,
    /// The file ends in `PARE`: its footer is encrypted and cannot be read without the key.
    EncryptedFooter,
    /// The footer was read, and none of its `columns` column chunks has a Bloom filter.
    NoBloomFilter {
        /// Column chunks in all row groups.
        columns: usize,
    },
    /// A filter's header names an algorithm, hash or compression this reader does not know
    /// (Parquet defines one of each: the split-block algorithm, xxHash, no compression).
    UnknownAlgorithm {
        /// The column whose filter it is (dotted path).
        column: String,
        /// Which of the header's three choices it is.
        part: HeaderPart,
        /// The member the header holds (its Thrift field id), or none.
        member: Option<i64>,
    },
    /// The footer cannot be decoded, or the file could not be read: the parquet crate's (or
    /// the browser's) own message, in its words.
    Unreadable {
        /// The parquet crate's (or the browser's) message.
        detail: String,
    },
    /// The footer or the filters are larger than the page will hold in memory.
    TooLarge {
        /// The size that went over the limit, in bytes.
        bytes: u64,
    },
    /// The reader stopped while reading the file (its worker trapped or ran out of memory):
    /// the file cannot be read, and the page keeps the last file it showed.
    ReaderStopped,
    /// The footer or a filter header was refused before it was decoded: it declares a
    /// count, a length or a depth its bytes cannot hold, or a value the format forbids.
    /// The same kind (`unreadable`) as [`FileError::Unreadable`], with a typed reason.
    Refused {
        /// What the bytes declare that the reader will not follow.
        reason: Refusal,
    },
}

/// One of the three choices a filter header makes (each a Thrift union in `BloomFilterHeader`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeaderPart {
    /// `algorithm` (Parquet defines `BLOCK`, member 1).
    Algorithm,
    /// `hash` (Parquet defines `XXHASH`, member 1).
    Hash,
    /// `compression` (Parquet defines `UNCOMPRESSED`, member 1).
    Compression,
}

impl HeaderPart {
    /// The three, in the header's order.
    pub const ALL: [HeaderPart; 3] = [
        HeaderPart::Algorithm,
        HeaderPart::Hash,
        HeaderPart::Compression,
    ];
}

/// Why the reader refused a footer or a filter header before decoding it. Typed, so that the
/// page can say it in its own language; [`Refusal::key`] names it in the markup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A list, set or map declares more elements than bytes are left after its header
    /// (every element takes at least one byte).
    CountPastEnd {
        /// Elements the header declares.
        declared: u64,
        /// Bytes left after the header.
        bytes_left: u64,
    },
    /// A string or binary declares more bytes than are left after its length.
    LengthPastEnd {
        /// Bytes the length declares.
        declared: u64,
        /// Bytes left after the length.
        bytes_left: u64,
    },
    /// Structs, lists and maps nested deeper than `limit` levels.
    NestedTooDeep {
        /// The deepest nesting the reader follows.
        limit: u32,
    },
    /// The bytes end inside a value, or a byte is no Thrift compact-protocol type.
    NotThrift {
        /// Where in the footer (or the header) the walk stopped.
        offset: u64,
    },
    /// A field the format defines is written with another type than the format gives it.
    WrongFieldType {
        /// The field's id in its struct.
        field: i64,
        /// The compact-protocol type it has (1 to 13).
        found: u32,
    },
    /// Schema element `element` (from 0, in the footer's flat schema list) declares
    /// `declared` children: a negative number, or more than the `following` elements after it.
    SchemaChildren {
        /// The element's place in the schema list.
        element: u64,
        /// Its `num_children`.
        declared: i64,
        /// Elements after it in the list.
        following: u64,
    },
    /// The schema's tree is deeper than `limit` levels (the root is level 1).
    SchemaTooDeep {
        /// The deepest schema the reader accepts.
        limit: u32,
    },
    /// A filter header's `numBytes` is not a positive multiple of 32 (a whole number of
    /// 256-bit blocks), or the header has none.
    BitsetLength {
        /// The column whose filter it is (dotted path).
        column: String,
        /// The header's `numBytes` (0 when it has none).
        num_bytes: i64,
    },
    /// A column chunk's `bloom_filter_offset` is negative.
    FilterOffset {
        /// The column whose filter it is (dotted path).
        column: String,
        /// The offset the footer gives.
        offset: i64,
    },
}

impl Refusal {
    /// A short stable kebab-case key per variant, for the page's texts and markup.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::CountPastEnd { .. } => "count-past-end",
            Refusal::LengthPastEnd { .. } => "length-past-end",
            Refusal::NestedTooDeep { .. } => "nested-too-deep",
            Refusal::NotThrift { .. } => "not-thrift",
            Refusal::WrongFieldType { .. } => "wrong-field-type",
            Refusal::SchemaChildren { .. } => "schema-children",
            Refusal::SchemaTooDeep { .. } => "schema-too-deep",
            Refusal::BitsetLength { .. } => "bitset-length",
            Refusal::FilterOffset { .. } => "filter-offset",
        }
    }
}

impl FileError {
    /// A short stable kebab-case key per variant, for the page's `data-file-error`
    /// attribute and its texts.
    pub fn key(&self) -> &'static str {
        match self {
            FileError::Empty => "empty",
            FileError::NotParquet => "not-parquet",
            FileError::Truncated => "truncated",
            FileError::EncryptedFooter => "encrypted-footer",
            FileError::NoBloomFilter { .. } => "no-bloom-filter",
            FileError::UnknownAlgorithm { .. } => "unknown-algorithm",
            FileError::Unreadable { .. } | FileError::Refused { .. } | FileError::ReaderStopped => {
                "unreadable"
            }
            FileError::TooLarge { .. } => "too-large",
        }
    }
}

/// One filter's answer for a value: its block and its bit in each of the block's words.
#[derive(Debug, Clone, PartialEq)]
pub struct FileVerdict {
    /// The value's block, `((h >> 32) · z) >> 32`.
    pub block: u64,
    /// The bit (0 to 31) the value needs in each of the block's eight words, and whether it
    /// is set.
    pub lanes: [(u32, bool); 8],
}

impl FileVerdict {
    /// Whether every lane's bit is set: "may be present" (else "definitely not").
    pub fn may_contain(&self) -> bool {
        self.lanes.iter().all(|&(_, set)| set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// parquet-testing's bloom_filter.xxhash.bin: its 16-byte header, then 32 blocks
    /// holding "hello", "parquet", "bloom" and "filter".
    const XXHASH_BIN: &[u8] = include_bytes!("../../tests/data/parquet/bloom_filter.xxhash.bin");

    /// That file as a filter, and its bitset.
    fn xxhash_bin() -> (FoundFilter, &'static [u8]) {
        let bitset = &XXHASH_BIN[16..];
        let filter = FoundFilter::split_block(0, "c".to_string(), 0, 16, bitset);
        (filter, bitset)
    }

    /// The 32 bytes of `bitset`'s block `block`.
    fn block(bitset: &[u8], block: u64) -> &[u8] {
        let start = (block * BLOCK_BYTES) as usize;
        &bitset[start..start + BLOCK_BYTES as usize]
    }

    #[test]
    fn the_error_keys_are_stable_and_distinct() {
        let errors = [
            FileError::Empty,
            FileError::NotParquet,
            FileError::Truncated,
            FileError::EncryptedFooter,
            FileError::NoBloomFilter { columns: 7 },
            FileError::UnknownAlgorithm {
                column: "a".to_string(),
                part: HeaderPart::Hash,
                member: Some(2),
            },
            FileError::Unreadable {
                detail: String::new(),
            },
            FileError::TooLarge { bytes: u64::MAX },
            FileError::Refused {
                reason: Refusal::SchemaTooDeep { limit: 1 },
            },
        ];
        let keys: Vec<&str> = errors.iter().map(FileError::key).collect();
        assert_eq!(
            keys,
            [
                "empty",
                "not-parquet",
                "truncated",
                "encrypted-footer",
                "no-bloom-filter",
                "unknown-algorithm",
                "unreadable",
                "too-large",
                "unreadable"
            ]
        );
    }

    #[test]
    fn verdicts_name_the_block_and_lanes_the_readme_gives() {
        let (found, bitset) = xxhash_bin();
        assert_eq!((found.blocks(), found.figures.unwrap().bits_set), (32, 32));
        assert_eq!((found.length, found.bitset_start()), (1040, 16));
        // From tests/data/parquet/README.md: each value's block and its bit in words 0..7.
        for (value, h, at, lanes) in split_block::README_VALUES {
            let present = value != "absent";
            assert_eq!(found.block_of(h), at, "{value}");
            let verdict = found.verdict(h, block(bitset, at));
            assert_eq!(verdict.block, at, "{value}");
            assert_eq!(verdict.lanes.map(|(bit, _)| bit), lanes, "{value}");
            assert_eq!(verdict.may_contain(), present, "{value}");
            // The block alone answers as the whole bitset does.
            assert_eq!(
                split_block::bitset_may_contain(bitset, h),
                present,
                "{value}"
            );
        }
        // A block not read answers "definitely not".
        assert!(!found
            .verdict(split_block::hash(b"hello"), &[])
            .may_contain());
    }

    #[test]
    fn figures_summed_piece_by_piece_are_the_whole_bitset_s() {
        let (whole, bitset) = xxhash_bin();
        for piece in [32, 64, 96, 1024] {
            let mut figures = BitsetFigures::new(1024);
            for bytes in bitset.chunks(piece) {
                figures.add(bytes);
            }
            let summed = FoundFilter::summed(0, "c".to_string(), 0, 16, &figures);
            assert_eq!(summed, whole, "{piece}");
        }
        let m = 32 * split_block::BLOCK_BITS;
        let of = BlockFill::of(Layout::SplitBlock, m, 8, |start, end| {
            let bytes = &bitset[(start / 8) as usize..(end / 8) as usize];
            bytes.iter().map(|b| u64::from(b.count_ones())).sum()
        });
        assert_eq!(whole.figures.unwrap().fill, of);
    }

    #[test]
    fn the_fill_of_four_values_in_32_blocks_implies_four_values() {
        let fill = xxhash_bin().0.figures.unwrap().fill;
        // Four blocks hold one value each: n̂ = 4 · (−32 · ln(1 − 8/256)).
        let one = -32.0 * (1.0 - 8.0 / 256.0f64).ln();
        assert!((fill.estimated_items.unwrap() - 4.0 * one).abs() < 1e-9);
        // A new value lands in one of those four blocks (1/8 of them) and needs 8 set bits
        // there, each word holding one: (1/32)^8 each.
        let rate = 4.0 / 32.0 * (1.0 / 32.0f64).powi(8);
        assert!((fill.rate - rate).abs() < 1e-20);
    }
}
