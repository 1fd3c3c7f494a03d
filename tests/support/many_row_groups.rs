//! Parquet files as data lakes write them, made with the parquet crate: many row groups or
//! many columns, each column chunk with its Bloom filter. Used by the coalesced reader's
//! tests (`tests/parquet_coalesced.rs`) and by the bench's files
//! (`examples/parquet_bench_files.rs`).
#![allow(dead_code)]

use std::sync::Arc;

use parquet::data_type::{ByteArray, ByteArrayType};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;

/// Rows in each row group of a generated file.
pub const ROWS_PER_GROUP: usize = 4;

/// The value in row `row` of column `column` of row group `group`: `c{column}-g{group}-r{row}`.
pub fn value(group: usize, column: usize, row: usize) -> String {
    format!("c{column}-g{group}-r{row}")
}

/// A file of `row_groups` row groups of [`ROWS_PER_GROUP`] rows and `columns` string
/// columns `c0`, `c1`, …, each chunk holding [`value`]s and a Bloom filter sized for
/// `ROWS_PER_GROUP` distinct values at a 1 % rate (the smallest filters the writer makes:
/// 32 bytes, so that 50,000 row groups stay within the reader's bitset limit).
pub fn many_row_groups(row_groups: usize, columns: usize) -> Vec<u8> {
    let fields: String = (0..columns)
        .map(|column| format!("required binary c{column} (UTF8); "))
        .collect();
    let schema = parse_message_type(&format!("message table {{ {fields}}}")).unwrap();
    let properties = WriterProperties::builder()
        .set_bloom_filter_enabled(true)
        .set_bloom_filter_max_ndv(ROWS_PER_GROUP as u64)
        .set_bloom_filter_fpp(0.01)
        .build();
    let mut file = Vec::new();
    let mut writer =
        SerializedFileWriter::new(&mut file, Arc::new(schema), Arc::new(properties)).unwrap();
    for group in 0..row_groups {
        let mut row_group = writer.next_row_group().unwrap();
        for column in 0..columns {
            let values: Vec<ByteArray> = (0..ROWS_PER_GROUP)
                .map(|row| ByteArray::from(value(group, column, row).as_str()))
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
