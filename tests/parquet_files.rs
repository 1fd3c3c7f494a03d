//! Real Parquet files through the Parquet worker's reader: parquet-testing's file, files the
//! parquet crate writes here, and files broken on purpose. The reader finds every filter,
//! the page's own split-block arithmetic agrees with the crate's writer bit for bit, every
//! broken file gets its error, a large file costs a few kilobytes of reading, and no bytes
//! make it panic.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::Cell;
use std::sync::{Arc, LazyLock};

use bloomlab::filter::parquet_report::FilterBits;
use bloomlab::filter::parquet_summary::{FileError, FileSummary, FoundFilter, HeaderPart, Refusal};
use bloomlab::filter::split_block;
use bloomlab::parquet_reader::{read_bloom_filters, ByteSource, FileBits, SPAN_LIMIT};
use parquet::data_type::{ByteArray, ByteArrayType};
use parquet::file::metadata::{ParquetMetaData, ParquetMetaDataReader, ParquetMetaDataWriter};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use proptest::prelude::*;

/// parquet-testing's `data_index_bloom_encoding_stats.parquet` (tests/data/parquet/README.md).
const SHARED: &[u8] = include_bytes!("data/parquet/data_index_bloom_encoding_stats.parquet");

/// Where the shared file's one filter starts.
const SHARED_FILTER_OFFSET: u64 = 192;

/// The shared file's 14 values, all in its filter.
const SHARED_VALUES: [&str; 14] = [
    "Hello",
    "This is",
    "a",
    "test",
    "How",
    "are you",
    "doing ",
    "today",
    "the quick",
    "brown fox",
    "jumps",
    "over",
    "the lazy",
    "dog",
];

/// Values not in the shared file whose bits are not all set in its filter.
const ABSENT_FROM_SHARED: [&str; 12] = [
    "hello",
    "doing",
    "Test",
    "cat",
    "the",
    "quick",
    "fox",
    "parquet",
    "bloom",
    "filter",
    "",
    "the lazy dog",
];

/// A file of `len` bytes that is zero except for `pieces` (offset, bytes); it counts the
/// bytes read from it and keeps the longest read.
struct SparseFile {
    len: u64,
    pieces: Vec<(u64, Vec<u8>)>,
    bytes_read: Cell<u64>,
    longest_read: Cell<u64>,
}

impl SparseFile {
    fn new(len: u64, pieces: Vec<(u64, Vec<u8>)>) -> Self {
        SparseFile {
            len,
            pieces,
            bytes_read: Cell::new(0),
            longest_read: Cell::new(0),
        }
    }
}

impl ByteSource for SparseFile {
    fn len(&self) -> u64 {
        self.len
    }

    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String> {
        let end = offset + len as u64;
        if end > self.len {
            return Err(format!("{len} bytes at {offset} are past the end"));
        }
        self.bytes_read.set(self.bytes_read.get() + len as u64);
        self.longest_read
            .set(self.longest_read.get().max(len as u64));
        let mut out = vec![0; len];
        for (start, bytes) in &self.pieces {
            let from = offset.max(*start);
            let to = end.min(start + bytes.len() as u64);
            for at in from..to {
                out[(at - offset) as usize] = bytes[(at - start) as usize];
            }
        }
        Ok(out)
    }
}

/// The footer of a well-formed `file`, decoded by the parquet crate.
fn metadata_of(file: &[u8]) -> ParquetMetaData {
    let tail = &file[file.len() - 8..];
    let footer_len = u32::from_le_bytes(tail[..4].try_into().unwrap()) as usize;
    let footer = &file[file.len() - 8 - footer_len..file.len() - 8];
    ParquetMetaDataReader::decode_metadata(footer).unwrap()
}

/// The shared file's footer (with its length and `PAR1`) rewritten so that its filter is at
/// `offset`.
fn shared_footer_with_filter_at(offset: u64) -> Vec<u8> {
    let mut builder = metadata_of(SHARED).into_builder();
    let groups = builder
        .take_row_groups()
        .into_iter()
        .map(|group| {
            let columns = group
                .columns()
                .iter()
                .map(|chunk| {
                    let chunk = chunk.clone().into_builder();
                    chunk
                        .set_bloom_filter_offset(Some(offset as i64))
                        .build()
                        .unwrap()
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
    let mut footer = Vec::new();
    ParquetMetaDataWriter::new(&mut footer, &metadata)
        .finish()
        .unwrap();
    footer
}

/// A file of `len` bytes: `PAR1`, zeros, `filter` at `offset`, and the shared file's footer
/// pointing at it.
fn file_with_filter_at(len: u64, offset: u64, filter: &[u8]) -> SparseFile {
    let footer = shared_footer_with_filter_at(offset);
    let footer_at = len - footer.len() as u64;
    SparseFile::new(
        len,
        vec![
            (0, b"PAR1".to_vec()),
            (offset, filter.to_vec()),
            (footer_at, footer),
        ],
    )
}

/// The shared file's filter: its 16-byte header, then its bitset.
fn shared_filter_bytes() -> Vec<u8> {
    let start = SHARED_FILTER_OFFSET as usize;
    SHARED[start..start + 16 + 1024].to_vec()
}

/// A Bloom filter header as Thrift's compact protocol writes it: numBytes (field 1, i32,
/// zigzag varint), then the empty structs BLOCK, XXHASH and UNCOMPRESSED (fields 2, 3, 4).
fn filter_header(num_bytes: u32) -> Vec<u8> {
    let mut header = vec![0x15];
    let mut zigzag = u64::from(num_bytes) << 1;
    while zigzag >= 0x80 {
        header.push((zigzag as u8 & 0x7f) | 0x80);
        zigzag >>= 7;
    }
    header.push(zigzag as u8);
    header.extend_from_slice(&[0x1c, 0x1c, 0, 0, 0x1c, 0x1c, 0, 0, 0x1c, 0x1c, 0, 0, 0]);
    header
}

/// The values of the file [`written_file`] writes: column `column` of row group `group`.
fn written_values(group: usize, column: usize) -> Vec<String> {
    let kind = ["name", "city"][column];
    (0..150)
        .map(|row| format!("{kind}-{group}-{row}"))
        .collect()
}

/// A file the parquet crate writes: two row groups of 150 rows, two string columns
/// `person.name` and `person.city`, with Bloom filters when `with_filters`.
fn written_file(with_filters: bool) -> Vec<u8> {
    let schema = parse_message_type(
        "message table { required group person { \
         required binary name (UTF8); required binary city (UTF8); } }",
    )
    .unwrap();
    let properties = WriterProperties::builder()
        .set_bloom_filter_enabled(with_filters)
        .build();
    let mut file = Vec::new();
    let mut writer =
        SerializedFileWriter::new(&mut file, Arc::new(schema), Arc::new(properties)).unwrap();
    for group in 0..2 {
        let mut row_group = writer.next_row_group().unwrap();
        for column in 0..2 {
            let values: Vec<ByteArray> = written_values(group, column)
                .iter()
                .map(|value| ByteArray::from(value.as_str()))
                .collect();
            let mut chunk = row_group.next_column().unwrap().unwrap();
            chunk
                .typed::<ByteArrayType>()
                .write_batch(&values, None, None)
                .unwrap();
            chunk.close().unwrap();
        }
        row_group.close().unwrap();
    }
    writer.close().unwrap();
    file
}

/// The bitset of `filter`, read from `file`.
fn bitset_of(file: &(impl ByteSource + ?Sized), filter: &FoundFilter) -> Vec<u8> {
    file.read(filter.bitset_start(), filter.num_bytes as usize)
        .unwrap()
}

/// Whether `filter` may contain `value`, its block read from `file` as the files view reads
/// it.
fn may_contain(file: &(impl ByteSource + ?Sized), filter: &FoundFilter, value: &str) -> bool {
    let h = split_block::hash(value.as_bytes());
    let blocks = FileBits(file)
        .value_blocks(std::slice::from_ref(filter), h)
        .unwrap();
    filter.verdict(h, &blocks[0]).may_contain()
}

/// The one filter of a summary that must have exactly one.
fn only_filter(summary: &FileSummary) -> &FoundFilter {
    assert_eq!(summary.filters.len(), 1, "{summary:?}");
    &summary.filters[0]
}

#[test]
fn the_shared_file_has_one_filter_holding_its_fourteen_values() {
    let summary = read_bloom_filters(SHARED).unwrap();
    assert_eq!(summary.size, 1643);
    assert_eq!(summary.rows, 14);
    assert_eq!(summary.row_groups, 1);
    assert_eq!(summary.columns, 1);
    assert!(summary
        .created_by
        .as_deref()
        .unwrap()
        .contains("parquet-mr"));
    let filter = only_filter(&summary);
    assert_eq!(filter.row_group, 0);
    assert_eq!(filter.column, "String");
    assert_eq!(filter.offset, SHARED_FILTER_OFFSET);
    assert_eq!(filter.header_bytes, 16);
    assert_eq!(filter.num_bytes, 1024);
    assert_eq!(filter.length, 1040);
    assert_eq!(filter.blocks(), 32);
    // 14 values of 8 bits each, no two sharing a bit.
    assert_eq!(filter.figures.unwrap().bits_set, 112);
    assert_eq!(
        (&*filter.algorithm, &*filter.hash, &*filter.compression),
        ("BLOCK", "XXHASH", "UNCOMPRESSED")
    );
    assert_eq!(bitset_of(SHARED, filter), &SHARED[208..1232]);
    for value in SHARED_VALUES {
        assert!(may_contain(SHARED, filter, value), "{value:?}");
    }
    for value in ABSENT_FROM_SHARED {
        assert!(!may_contain(SHARED, filter, value), "{value:?}");
    }
    // The bitset is exactly the fourteen values' bits, placed by the page's arithmetic.
    let mut expected = vec![0u8; 1024];
    for value in SHARED_VALUES {
        for bit in split_block::positions(split_block::hash(value.as_bytes()), 32) {
            expected[(bit / 8) as usize] |= 1 << (bit % 8);
        }
    }
    assert_eq!(bitset_of(SHARED, filter), expected);
}

#[test]
fn a_file_the_crate_writes_has_every_filter_and_the_spec_bits_of_every_value() {
    let file = written_file(true);
    let summary = read_bloom_filters(&file).unwrap();
    assert_eq!(summary.size, file.len() as u64);
    assert_eq!(summary.rows, 300);
    assert_eq!(summary.row_groups, 2);
    assert_eq!(summary.columns, 4);
    let places: Vec<(usize, &str)> = summary
        .filters
        .iter()
        .map(|filter| (filter.row_group, filter.column.as_str()))
        .collect();
    assert_eq!(
        places,
        [
            (0, "person.name"),
            (0, "person.city"),
            (1, "person.name"),
            (1, "person.city")
        ]
    );
    let metadata = metadata_of(&file);
    for filter in &summary.filters {
        let chunk = metadata
            .row_group(filter.row_group)
            .columns()
            .iter()
            .find(|chunk| chunk.column_path().string() == filter.column)
            .unwrap();
        assert_eq!(Some(filter.offset as i64), chunk.bloom_filter_offset());
        // The crate's writer gives each filter's length in the footer.
        assert_eq!(chunk.bloom_filter_length(), Some(filter.length as i32));
        assert_eq!(filter.length, filter.header_bytes + filter.num_bytes);
        let bitset = bitset_of(&file[..], filter);
        let blocks = filter.blocks();
        assert!(blocks.is_power_of_two(), "{blocks}");
        let column = usize::from(filter.column.ends_with("city"));
        let values = written_values(filter.row_group, column);
        for value in &values {
            assert!(may_contain(&file[..], filter, value), "{value}");
            // The page's own arithmetic: the eight bits the spec gives are set.
            for bit in split_block::positions(split_block::hash(value.as_bytes()), blocks) {
                let byte = bitset[(bit / 8) as usize];
                assert_eq!(byte >> (bit % 8) & 1, 1, "{value} bit {bit}");
            }
        }
        // Nothing else sets bits: at most eight per value.
        let bits_set = filter.figures.unwrap().bits_set;
        assert!(bits_set <= 8 * values.len() as u64);
        assert!(bits_set > 0);
        let ones: u32 = bitset.iter().map(|byte| byte.count_ones()).sum();
        assert_eq!(bits_set, u64::from(ones));
    }
    // With the lengths in the footer, the filters are one read, from the first filter's
    // header to the last one's end: the crate puts each row group's filters after its data
    // pages, which that read takes in too; the pages before the first filter are not read.
    let counted = SparseFile::new(file.len() as u64, vec![(0, file.clone())]);
    assert_eq!(read_bloom_filters(&counted).unwrap(), summary);
    let footer = u64::from(u32::from_le_bytes(
        file[file.len() - 8..][..4].try_into().unwrap(),
    ));
    let first = summary.filters.iter().map(|f| f.offset).min().unwrap();
    let end = summary
        .filters
        .iter()
        .map(|f| f.offset + f.length)
        .max()
        .unwrap();
    assert_eq!(counted.bytes_read.get(), 4 + 8 + footer + (end - first));
    assert!(first > 4);
}

#[test]
fn an_empty_file_is_empty() {
    assert_eq!(read_bloom_filters(&[][..]), Err(FileError::Empty));
}

#[test]
fn a_hundred_random_bytes_are_not_parquet() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let bytes: Vec<u8> = (0..100)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    assert_eq!(read_bloom_filters(&bytes), Err(FileError::NotParquet));
    assert_eq!(
        read_bloom_filters(&b"PAR1PAR1"[..]),
        Err(FileError::NotParquet)
    );
}

#[test]
fn a_file_cut_short_loses_its_magic_and_is_not_parquet() {
    for len in [
        SHARED.len() - 1,
        SHARED.len() - 4,
        SHARED.len() - 20,
        SHARED.len() / 2,
        11,
    ] {
        assert_eq!(
            read_bloom_filters(&SHARED[..len]),
            Err(FileError::NotParquet),
            "{len}"
        );
    }
}

#[test]
fn a_file_missing_its_middle_is_truncated() {
    // The first 200 bytes and the tail: the tail's footer length (403) no longer fits.
    let mut cut = SHARED[..200].to_vec();
    cut.extend_from_slice(&SHARED[SHARED.len() - 8..]);
    assert_eq!(read_bloom_filters(&cut), Err(FileError::Truncated));
}

#[test]
fn a_footer_length_larger_than_the_file_is_truncated() {
    for huge in [u32::MAX, 1644, 1643 - 12 + 1] {
        let mut file = SHARED.to_vec();
        let at = file.len() - 8;
        file[at..at + 4].copy_from_slice(&huge.to_le_bytes());
        assert_eq!(
            read_bloom_filters(&file),
            Err(FileError::Truncated),
            "{huge}"
        );
    }
}

#[test]
fn a_footer_over_the_limit_is_too_large() {
    let footer = 65 * 1024 * 1024u32;
    let len = 300_000_000;
    let mut tail = footer.to_le_bytes().to_vec();
    tail.extend_from_slice(b"PAR1");
    let file = SparseFile::new(len, vec![(0, b"PAR1".to_vec()), (len - 8, tail)]);
    assert_eq!(
        read_bloom_filters(&file),
        Err(FileError::TooLarge {
            bytes: u64::from(footer)
        })
    );
}

#[test]
fn a_file_ending_in_pare_has_an_encrypted_footer() {
    let mut file = SHARED.to_vec();
    let at = file.len() - 4;
    file[at..].copy_from_slice(b"PARE");
    assert_eq!(read_bloom_filters(&file), Err(FileError::EncryptedFooter));
}

#[test]
fn a_file_without_filters_says_how_many_columns_it_has() {
    assert_eq!(
        read_bloom_filters(&written_file(false)),
        Err(FileError::NoBloomFilter { columns: 4 })
    );
}

#[test]
fn a_footer_of_no_thrift_is_refused_before_the_crate_reads_it() {
    let mut file = SHARED.to_vec();
    let footer_end = file.len() - 8;
    file[footer_end - 403..footer_end].fill(0xff);
    // 0xff is a field header of type 15, which the compact protocol does not have.
    let error = read_bloom_filters(&file).unwrap_err();
    assert_eq!(
        error,
        FileError::Refused {
            reason: Refusal::NotThrift { offset: 0 }
        }
    );
    assert_eq!(error.key(), "unreadable");
}

#[test]
fn a_footer_of_thrift_the_crate_cannot_use_is_unreadable_with_its_message() {
    // An empty struct: Thrift, but a FileMetaData without its required fields.
    let mut file = b"PAR1".to_vec();
    file.extend_from_slice(&[0, 1, 0, 0, 0]);
    file.extend_from_slice(b"PAR1");
    let Err(FileError::Unreadable { detail }) = read_bloom_filters(&file) else {
        panic!("an empty FileMetaData was read");
    };
    assert!(detail.contains("version"), "{detail}");
}

#[test]
fn an_unknown_algorithm_in_the_filter_header_is_named_with_its_column() {
    // The header: 15 80 10 (numBytes 1024), then 1c (field 2, a struct: the algorithm union)
    // whose first byte 1c names member 1, BLOCK. 2c names member 2, which Parquet lacks.
    let at = SHARED_FILTER_OFFSET as usize + 4;
    assert_eq!(&SHARED[at - 4..at + 1], [0x15, 0x80, 0x10, 0x1c, 0x1c]);
    let mut file = SHARED.to_vec();
    file[at] = 0x2c;
    let Err(FileError::UnknownAlgorithm {
        column,
        part,
        member,
    }) = read_bloom_filters(&file)
    else {
        panic!("an unknown algorithm was read");
    };
    assert_eq!(column, "String");
    assert_eq!((part, member), (HeaderPart::Algorithm, Some(2)));
}

#[test]
fn a_bitset_of_no_whole_number_of_blocks_is_refused_by_name() {
    let len = 10_000;
    for num_bytes in [0, 1, 31, 33] {
        let mut filter = filter_header(num_bytes);
        filter.extend(std::iter::repeat_n(0xff, 64));
        let file = file_with_filter_at(len, 4, &filter);
        let error = read_bloom_filters(&file).unwrap_err();
        let reason = Refusal::BitsetLength {
            column: "String".to_string(),
            num_bytes: i64::from(num_bytes),
        };
        assert_eq!(error, FileError::Refused { reason }, "numBytes {num_bytes}");
        assert_eq!(error.key(), "unreadable");
    }
    // 32 and 64 bytes are one and two blocks.
    for num_bytes in [32, 64] {
        let mut filter = filter_header(num_bytes);
        filter.extend(std::iter::repeat_n(0xff, 64));
        let summary = read_bloom_filters(&file_with_filter_at(len, 4, &filter)).unwrap();
        assert_eq!(only_filter(&summary).num_bytes, u64::from(num_bytes));
    }
}

/// The shared file's filter with a field Parquet does not define, 10 (a string of
/// `extra_len` bytes), before the header's stop byte.
fn filter_with_unknown_field(extra_len: usize) -> (Vec<u8>, u64) {
    let mut filter = filter_header(1024);
    filter.pop();
    // Field 10: delta 6 from the compression (field 4), type 8 (binary); its length.
    filter.push(0x68);
    let mut len = extra_len as u64;
    while len >= 0x80 {
        filter.push((len as u8 & 0x7f) | 0x80);
        len >>= 7;
    }
    filter.push(len as u8);
    filter.extend(std::iter::repeat_n(b'x', extra_len));
    filter.push(0);
    let header_bytes = filter.len() as u64;
    filter.extend_from_slice(&shared_filter_bytes()[16..]);
    (filter, header_bytes)
}

#[test]
fn a_header_with_a_field_parquet_does_not_define_is_read() {
    let shared = read_bloom_filters(SHARED).unwrap();
    let shared = only_filter(&shared);
    // A short field fits the first window; a long one needs a wider window.
    for extra_len in [3, 1_000] {
        let (filter, header_bytes) = filter_with_unknown_field(extra_len);
        let file = file_with_filter_at(20_000, 4, &filter);
        let summary = read_bloom_filters(&file).unwrap();
        let found = only_filter(&summary);
        assert_eq!(found.header_bytes, header_bytes, "{extra_len}");
        assert_eq!(found.num_bytes, 1024);
        assert_eq!(found.length, header_bytes + 1024);
        assert_eq!(bitset_of(&file, found), bitset_of(SHARED, shared));
        assert_eq!(found.figures, shared.figures);
        for value in SHARED_VALUES {
            assert!(may_contain(&file, found, value), "{value}");
        }
    }
}

#[test]
fn a_header_whose_unknown_field_runs_past_the_file_is_refused() {
    let (mut filter, _) = filter_with_unknown_field(1_000);
    // The file ends 300 bytes into the filter: the footer follows, and the string's 1,000
    // bytes run past the file's end.
    filter.truncate(300);
    let mut file = b"PAR1".to_vec();
    file.extend_from_slice(&filter);
    file.extend_from_slice(&shared_footer_with_filter_at(4));
    let Err(FileError::Refused { reason }) = read_bloom_filters(&file) else {
        panic!("a header running past the file was read");
    };
    let Refusal::LengthPastEnd {
        declared,
        bytes_left,
    } = reason
    else {
        panic!("{reason:?}");
    };
    assert_eq!(declared, 1_000);
    assert!(bytes_left < 1_000, "{bytes_left}");
}

#[test]
fn a_filter_past_the_end_of_the_file_is_truncated() {
    let len = 10_000;
    let file = file_with_filter_at(len, len + 10, &[]);
    assert_eq!(read_bloom_filters(&file), Err(FileError::Truncated));
    // A header whose bitset runs past the footer's end.
    let header = filter_header(1 << 20);
    let file = file_with_filter_at(len, 4, &header);
    assert_eq!(read_bloom_filters(&file), Err(FileError::Truncated));
}

#[test]
fn a_bitset_over_the_format_s_limit_is_too_large_and_a_long_one_is_read_in_pieces() {
    let len = 400_000_000;
    let file = file_with_filter_at(len, 4, &filter_header(200 << 20));
    assert_eq!(
        read_bloom_filters(&file),
        Err(FileError::TooLarge { bytes: 200 << 20 })
    );
    assert!(file.bytes_read.get() < 100_000);
    // 100 MiB is within parquet's BITSET_MAX_LENGTH but over the bytes an opening reads:
    // listed without its figures, and only its header read.
    let file = file_with_filter_at(len, 4, &filter_header(100 << 20));
    let summary = read_bloom_filters(&file).unwrap();
    assert_eq!(only_filter(&summary).num_bytes, 100 << 20);
    assert_eq!(only_filter(&summary).figures, None);
    assert!(file.bytes_read.get() < 100_000);
    // 48 MiB is within both: read whole, never more than SPAN_LIMIT bytes at a time, and
    // summed up (its bits are not kept).
    let mut filter = filter_header(48 << 20);
    let header_bytes = filter.len() as u64;
    let mut ones = vec![0xff; 32];
    ones.extend_from_slice(&[0x01; 32]);
    filter.extend_from_slice(&ones);
    let file = file_with_filter_at(len, 4, &filter);
    let summary = read_bloom_filters(&file).unwrap();
    let found = only_filter(&summary);
    assert_eq!((found.num_bytes, found.blocks()), (48 << 20, 48 << 15));
    assert_eq!(found.figures.unwrap().bits_set, 256 + 32);
    assert!(file.bytes_read.get() - (48 << 20) < 100_000);
    assert_eq!(file.longest_read.get(), SPAN_LIMIT);
    // Its figures read again are the same.
    assert_eq!(
        FileBits(&file).figures(found).unwrap(),
        found.figures.unwrap()
    );
    // A value's block is read again: 32 bytes.
    file.longest_read.set(0);
    let blocks = FileBits(&file)
        .value_blocks(std::slice::from_ref(found), split_block::hash(b"x"))
        .unwrap();
    assert_eq!(file.longest_read.get(), 32);
    let at = found.block_of(split_block::hash(b"x"));
    let expected = match at {
        0 => [0xff; 32],
        1 => [0x01; 32],
        _ => [0; 32],
    };
    assert_eq!(blocks[0], expected);
    assert_eq!(found.bitset_start(), 4 + header_bytes);
}

/// A source that gathers pieces in one read, as the worker's `Blob` does, counting those
/// reads.
struct Gathering<'a> {
    file: &'a SparseFile,
    gathered: Cell<u64>,
}

impl ByteSource for Gathering<'_> {
    fn len(&self) -> u64 {
        self.file.len()
    }

    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String> {
        self.file.read(offset, len)
    }

    fn read_pieces(&self, pieces: &[(u64, usize)]) -> Result<Vec<u8>, String> {
        self.gathered.set(self.gathered.get() + 1);
        let mut bytes = Vec::new();
        for &(offset, len) in pieces {
            bytes.extend_from_slice(&self.file.read(offset, len)?);
        }
        Ok(bytes)
    }
}

#[test]
fn a_value_s_blocks_in_far_apart_filters_are_gathered_in_one_read() {
    // 2,000 filters of 32 blocks (1 KiB) with 100 KiB between them: too far apart to share
    // a read, their blocks are gathered into one read of 64,000 bytes.
    let mut pieces = Vec::new();
    let mut filters = Vec::new();
    for place in 0..2_000u64 {
        let offset = 4 + place * 100_000;
        let bitset = vec![(place % 251) as u8; 1024];
        let filter = FoundFilter::split_block(0, "c".into(), offset, 16, &bitset);
        pieces.push((filter.bitset_start(), bitset));
        filters.push(filter);
    }
    let file = SparseFile::new(4 + 2_000 * 100_000 + 100, pieces);
    let source = Gathering {
        file: &file,
        gathered: Cell::new(0),
    };
    let blocks = FileBits(&source)
        .value_blocks(&filters, split_block::hash(b"value"))
        .unwrap();
    assert_eq!(source.gathered.get(), 1);
    assert_eq!(file.bytes_read.get(), 2_000 * 32);
    for (place, block) in blocks.iter().enumerate() {
        assert_eq!(block, &[(place % 251) as u8; 32], "{place}");
    }
}

#[test]
fn a_value_s_blocks_in_many_filters_are_read_in_few_reads() {
    // 5,000 filters of one block each, side by side: the value's 32 bytes in each are
    // joined into reads of at most SPAN_LIMIT bytes.
    let count = 5_000u64;
    let mut pieces = Vec::new();
    let mut filters = Vec::new();
    for place in 0..count {
        let offset = 4 + place * 48;
        let mut bitset = vec![0u8; 32];
        bitset[(place % 32) as usize] = 0xff;
        let filter = FoundFilter::split_block(0, "c".into(), offset, 16, &bitset);
        pieces.push((filter.bitset_start(), bitset));
        filters.push(filter);
    }
    let file = SparseFile::new(4 + count * 48 + 100, pieces);
    let h = split_block::hash(b"value");
    let blocks = FileBits(&file).value_blocks(&filters, h).unwrap();
    for (place, block) in blocks.iter().enumerate() {
        assert_eq!(block[place % 32], 0xff, "{place}");
        assert_eq!(block.iter().filter(|&&b| b != 0).count(), 1);
    }
    // One read: the span from the first block to the last.
    assert_eq!(file.bytes_read.get(), (count - 1) * 48 + 32);
}

#[test]
fn reading_the_shared_file_reads_less_than_all_of_it() {
    let file = SparseFile::new(SHARED.len() as u64, vec![(0, SHARED.to_vec())]);
    let summary = read_bloom_filters(&file).unwrap();
    assert_eq!(summary, read_bloom_filters(SHARED).unwrap());
    // The magic, the tail, the footer, the header window (the 16-byte header, then 16
    // bytes of the bitset) and the bitset.
    let expected = 4 + 8 + 403 + 32 + 1024;
    assert_eq!(file.bytes_read.get(), expected);
    assert!(expected < SHARED.len() as u64);
}

#[test]
fn a_filter_three_hundred_megabytes_in_costs_a_few_kilobytes() {
    let offset = 300_000_000;
    let len = offset + 100_000;
    let file = file_with_filter_at(len, offset, &shared_filter_bytes());
    let summary = read_bloom_filters(&file).unwrap();
    assert_eq!(summary.size, len);
    let filter = only_filter(&summary);
    assert_eq!(filter.offset, offset);
    let read = file.bytes_read.get();
    assert!(read < 4096, "{read} bytes read");
    assert_eq!(bitset_of(&file, filter), &SHARED[208..1232]);
    for value in SHARED_VALUES {
        assert!(may_contain(&file, filter, value), "{value:?}");
    }
}

/// The file [`written_file`] writes with filters, written once for the property tests.
static WRITTEN: LazyLock<Vec<u8>> = LazyLock::new(|| written_file(true));

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_bytes_make_the_reader_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = read_bloom_filters(&bytes);
    }

    #[test]
    fn no_parquet_looking_bytes_make_the_reader_panic(
        body in proptest::collection::vec(any::<u8>(), 0..600),
        footer_len in 0u32..700,
    ) {
        let mut file = b"PAR1".to_vec();
        file.extend_from_slice(&body);
        file.extend_from_slice(&footer_len.to_le_bytes());
        file.extend_from_slice(b"PAR1");
        let _ = read_bloom_filters(&file);
    }

    #[test]
    fn no_changed_byte_of_the_shared_file_makes_the_reader_panic(
        at in 0..SHARED.len(),
        byte in any::<u8>(),
    ) {
        let mut file = SHARED.to_vec();
        file[at] = byte;
        let _ = read_bloom_filters(&file);
    }

    #[test]
    fn no_changed_bytes_of_a_written_file_make_the_reader_panic(
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut file = WRITTEN.clone();
        for (at, byte) in changes {
            let at = at.index(file.len());
            file[at] = byte;
        }
        let _ = read_bloom_filters(&file);
    }
}
