//! The coalesced reader (`src/parquet_reader/coalesced.rs`) against the filters read one by
//! one: the same filters (or the same error) on the real files, on files the parquet crate
//! writes with many row groups or many columns, with and without the footer's filter
//! lengths, and on those files with bytes changed; and a number of reads bounded by the
//! bytes of the filters, not by their count.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/many_row_groups.rs"]
mod many_row_groups;

use std::cell::Cell;
use std::sync::LazyLock;

use bloomlab::filter::parquet_report::FilterBits;
use bloomlab::filter::split_block;
use bloomlab::parquet_reader::{
    read_bloom_filters, read_bloom_filters_one_by_one, ByteSource, FileBits, SPAN_LIMIT,
};
use many_row_groups::{many_row_groups, value, ROWS_PER_GROUP};
use parquet::file::metadata::{ParquetMetaData, ParquetMetaDataReader, ParquetMetaDataWriter};
use proptest::prelude::*;

/// A file in memory that counts the reads made of it and the bytes they return.
struct Counted<'a> {
    bytes: &'a [u8],
    reads: Cell<u64>,
    bytes_read: Cell<u64>,
}

impl<'a> Counted<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Counted {
            bytes,
            reads: Cell::new(0),
            bytes_read: Cell::new(0),
        }
    }
}

impl ByteSource for Counted<'_> {
    fn len(&self) -> u64 {
        self.bytes.len() as u64
    }

    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String> {
        self.reads.set(self.reads.get() + 1);
        self.bytes_read.set(self.bytes_read.get() + len as u64);
        self.bytes.read(offset, len)
    }
}

/// The footer of a well-formed `file`, decoded by the parquet crate.
fn metadata_of(file: &[u8]) -> ParquetMetaData {
    let tail = &file[file.len() - 8..];
    let footer_len = u32::from_le_bytes(tail[..4].try_into().unwrap()) as usize;
    let footer = &file[file.len() - 8 - footer_len..file.len() - 8];
    ParquetMetaDataReader::decode_metadata(footer).unwrap()
}

/// `file` with its footer rewritten without any `bloom_filter_length`, as older writers
/// (parquet-mr before 1.13) leave it: the reader must find each bitset's length in its header.
fn without_filter_lengths(file: &[u8]) -> Vec<u8> {
    let tail = &file[file.len() - 8..];
    let footer_len = u32::from_le_bytes(tail[..4].try_into().unwrap()) as usize;
    let mut builder = metadata_of(file).into_builder();
    let groups = builder
        .take_row_groups()
        .into_iter()
        .map(|group| {
            let columns = group
                .columns()
                .iter()
                .map(|chunk| {
                    let chunk = chunk.clone().into_builder();
                    chunk.set_bloom_filter_length(None).build().unwrap()
                })
                .collect();
            group
                .into_builder()
                .set_column_metadata(columns)
                .build()
                .unwrap()
        })
        .collect();
    let metadata = builder.set_row_groups(groups).build();
    let mut out = file[..file.len() - 8 - footer_len].to_vec();
    ParquetMetaDataWriter::new(&mut out, &metadata)
        .finish()
        .unwrap();
    out
}

/// The reads the coalesced reader may make of `file`: the magic, the tail and the footer,
/// then one read per [`SPAN_LIMIT`] bytes of filters (rounded up) in each of its two phases.
fn reads_allowed(file: &[u8]) -> u64 {
    let summary = read_bloom_filters(file).unwrap();
    let filter_bytes: u64 = summary.filters.iter().map(|f| f.length).sum();
    3 + 2 * filter_bytes.div_ceil(SPAN_LIMIT)
}

/// Reads `file` both ways and checks they agree; the coalesced reading's reads.
fn agree(file: &[u8]) -> u64 {
    let counted = Counted::new(file);
    let coalesced = read_bloom_filters(&counted);
    let alone = Counted::new(file);
    assert_eq!(coalesced, read_bloom_filters_one_by_one(&alone));
    // Never more reads than one by one.
    assert!(counted.reads.get() <= alone.reads.get().max(4));
    counted.reads.get()
}

/// 1,000 row groups of two columns, with the lengths in the footer.
static ROW_GROUPS: LazyLock<Vec<u8>> = LazyLock::new(|| many_row_groups(1000, 2));
/// 20 row groups of two columns: small enough to change bytes of in a property test.
static SMALL: LazyLock<Vec<u8>> = LazyLock::new(|| many_row_groups(20, 2));

#[test]
fn the_real_files_read_the_same_filters_both_ways() {
    let mut files = Vec::new();
    for folder in ["/work/shared/data/parquet", "tests/data/parquet"] {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "parquet") {
                files.push(std::fs::read(&path).unwrap());
            }
        }
    }
    assert!(!files.is_empty());
    for file in &files {
        assert!(read_bloom_filters(file.as_slice()).is_ok());
        assert_eq!(agree(file), reads_allowed(file).min(5));
    }
}

#[test]
fn a_thousand_row_groups_read_the_same_filters_in_a_few_reads() {
    let file = &*ROW_GROUPS;
    let summary = read_bloom_filters(file.as_slice()).unwrap();
    assert_eq!((summary.row_groups, summary.columns), (1000, 2000));
    assert_eq!(summary.filters.len(), 2000);
    for filter in &summary.filters {
        // The writer's smallest filter: one header and 32 bytes.
        assert_eq!(filter.num_bytes, 32);
        let column: usize = filter.column[1..].parse().unwrap();
        for row in 0..ROWS_PER_GROUP {
            let v = value(filter.row_group, column, row);
            let h = split_block::hash(v.as_bytes());
            let filters = std::slice::from_ref(filter);
            let blocks = FileBits(file.as_slice()).value_blocks(filters, h).unwrap();
            assert!(filter.verdict(h, &blocks[0]).may_contain(), "{v}");
        }
    }
    let reads = agree(file);
    // The magic, the tail, the footer and one read for all 2,000 filters.
    assert_eq!(reads, 4);
    assert!(reads <= reads_allowed(file));
}

#[test]
fn without_the_footer_s_lengths_the_filters_are_the_same_and_the_reads_few() {
    let file = without_filter_lengths(&ROW_GROUPS);
    assert_eq!(
        read_bloom_filters(file.as_slice()).unwrap().filters,
        read_bloom_filters(ROW_GROUPS.as_slice()).unwrap().filters
    );
    let reads = agree(&file);
    assert!(reads <= reads_allowed(&file), "{reads}");
}

#[test]
fn many_columns_read_the_same_filters_in_a_few_reads() {
    let file = many_row_groups(5, 400);
    let summary = read_bloom_filters(file.as_slice()).unwrap();
    assert_eq!(summary.filters.len(), 2000);
    let reads = agree(&file);
    assert!(reads <= reads_allowed(&file), "{reads}");
    assert!(reads <= 5, "{reads}");
}

#[test]
fn reads_grow_with_the_filters_bytes_not_their_count() {
    // 2,000 and 20,000 filters of 48 bytes: under one span either way.
    let small = many_row_groups(1000, 2);
    let large = many_row_groups(10_000, 2);
    let (small_reads, large_reads) = (agree(&small), agree(&large));
    assert_eq!(small_reads, large_reads);
    let one_by_one = Counted::new(&large);
    read_bloom_filters_one_by_one(&one_by_one).unwrap();
    assert!(one_by_one.reads.get() >= 20_000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn changed_bytes_give_the_same_answer_both_ways(
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        lengths in any::<bool>(),
    ) {
        let mut file = if lengths { SMALL.clone() } else { without_filter_lengths(&SMALL) };
        let len = file.len();
        for (at, byte) in changes {
            file[at.index(len)] = byte;
        }
        let coalesced = read_bloom_filters(file.as_slice());
        prop_assert_eq!(coalesced, read_bloom_filters_one_by_one(file.as_slice()));
    }

    #[test]
    fn changed_filter_bytes_give_the_same_answer_both_ways(
        changes in proptest::collection::vec((0usize..2000, any::<u8>()), 1..6),
        lengths in any::<bool>(),
    ) {
        // The filters lie together before the footer: change bytes among them.
        let mut file = if lengths { SMALL.clone() } else { without_filter_lengths(&SMALL) };
        let first = read_bloom_filters(file.as_slice()).unwrap().filters[0].offset as usize;
        for (at, byte) in changes {
            let at = (first + at).min(file.len() - 1);
            file[at] = byte;
        }
        let coalesced = read_bloom_filters(file.as_slice());
        prop_assert_eq!(coalesced, read_bloom_filters_one_by_one(file.as_slice()));
    }
}
