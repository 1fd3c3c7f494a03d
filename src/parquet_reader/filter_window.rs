//! One column chunk's Bloom filter, read by the parquet crate's [`Sbbf`] through a window of
//! bytes read from the file.
//!
//! The crate reads a filter with two requests: 20 bytes at `bloom_filter_offset`, from which
//! it decodes the Thrift header (its length `h` and `numBytes`), then `numBytes` bytes at
//! `offset + h`, the bitset. [`FilterWindow`] serves the requests from bytes already read
//! and notes them: a request past the window stops the crate, and [`read_filter`] reads a
//! window that holds it (after checking the size) and asks again. The second request gives
//! the header's length and the bitset's.

use super::{read_exact, ByteSource, BITSETS_LIMIT};
use crate::filter::parquet_summary::{FileError, FoundFilter};
use bytes::{buf::Reader, Buf, Bytes};
use parquet::bloom_filter::{Sbbf, BITSET_MAX_LENGTH};
use parquet::errors::ParquetError;
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::reader::{ChunkReader, Length};
use std::sync::Mutex;

/// Bytes read for the header when the footer gives no filter length: the crate's request.
const HEADER_WINDOW: u64 = 20;
/// Header bytes allowed beyond a bitset when the footer's filter length sizes the window.
const HEADER_ALLOWANCE: u64 = 256;
/// Reads of one filter: the header, then a window holding the bitset, then one spare.
const ATTEMPTS: usize = 3;
/// The header fields of every filter the crate reads: the only ones Parquet defines, and
/// the crate refuses any other.
const ALGORITHM: &str = "BLOCK";
/// See [`ALGORITHM`].
const HASH: &str = "XXHASH";
/// See [`ALGORITHM`].
const COMPRESSION: &str = "UNCOMPRESSED";

/// A request of the crate: `(offset in the file, bytes)`.
type Request = (u64, usize);

/// The crate's requests the window served, in order, and its request past the window.
#[derive(Default)]
struct Requests {
    served: Vec<Request>,
    refused: Option<Request>,
}

/// Bytes `start..start + bytes.len()` of a file of `file_len` bytes, as the crate reads them.
struct FilterWindow {
    start: u64,
    bytes: Bytes,
    file_len: u64,
    requests: Mutex<Requests>,
}

impl FilterWindow {
    fn new(start: u64, bytes: Vec<u8>, file_len: u64) -> Self {
        FilterWindow {
            start,
            bytes: Bytes::from(bytes),
            file_len,
            requests: Mutex::new(Requests::default()),
        }
    }

    /// The window's bytes for `offset..offset + len`, if it holds them.
    fn slice(&self, offset: u64, len: usize) -> Option<Bytes> {
        let from = usize::try_from(offset.checked_sub(self.start)?).ok()?;
        let to = from.checked_add(len)?;
        (to <= self.bytes.len()).then(|| self.bytes.slice(from..to))
    }

    /// The requests the crate made.
    fn requests(&self) -> (Vec<Request>, Option<Request>) {
        match self.requests.lock() {
            Ok(requests) => (requests.served.clone(), requests.refused),
            Err(_) => (Vec::new(), None),
        }
    }
}

impl Length for FilterWindow {
    fn len(&self) -> u64 {
        self.file_len
    }
}

impl ChunkReader for FilterWindow {
    type T = Reader<Bytes>;

    fn get_read(&self, start: u64) -> parquet::errors::Result<Self::T> {
        let end = self.start.saturating_add(self.bytes.len() as u64);
        let rest = usize::try_from(end.saturating_sub(start)).unwrap_or(0);
        self.get_bytes(start, rest).map(Buf::reader)
    }

    fn get_bytes(&self, start: u64, length: usize) -> parquet::errors::Result<Bytes> {
        let slice = self.slice(start, length);
        if let Ok(mut requests) = self.requests.lock() {
            match slice {
                Some(_) => requests.served.push((start, length)),
                None => requests.refused = Some((start, length)),
            }
        }
        slice.ok_or_else(|| {
            ParquetError::General(format!("{length} bytes at {start} are not read yet"))
        })
    }
}

/// The filter of `chunk` (which has a `bloom_filter_offset`), in row group `row_group`,
/// when `bitsets_before` bitset bytes were read already.
pub(super) fn read_filter(
    source: &(impl ByteSource + ?Sized),
    row_group: usize,
    chunk: &ColumnChunkMetaData,
    bitsets_before: u64,
) -> Result<FoundFilter, FileError> {
    let size = source.len();
    let column = chunk.column_path().string();
    let offset = chunk
        .bloom_filter_offset()
        .and_then(|offset| u64::try_from(offset).ok())
        .ok_or_else(|| FileError::Unreadable {
            detail: format!("the filter of {column} has no valid offset"),
        })?;
    if offset >= size {
        return Err(FileError::Truncated);
    }
    // Without a length the crate asks for the header, then exactly numBytes of bitset: those
    // two requests give the header's size and the bitset's.
    let unsized_chunk = chunk
        .clone()
        .into_builder()
        .set_bloom_filter_length(None)
        .build()
        .map_err(|error| FileError::Unreadable {
            detail: error.to_string(),
        })?;
    let bitsets_left = BITSETS_LIMIT.saturating_sub(bitsets_before);
    let mut window_len = match chunk.bloom_filter_length().map(u64::try_from) {
        Some(Ok(length)) if length > 0 && length <= bitsets_left + HEADER_ALLOWANCE => length,
        _ => HEADER_WINDOW,
    }
    .min(size - offset);
    for _ in 0..ATTEMPTS {
        let len =
            usize::try_from(window_len).map_err(|_| FileError::TooLarge { bytes: window_len })?;
        let window = FilterWindow::new(offset, read_exact(source, offset, len)?, size);
        let read = Sbbf::read_from_column_chunk(&unsized_chunk, &window);
        let (served, refused) = window.requests();
        match (read, refused) {
            (Ok(Some(sbbf)), _) => {
                let filter = found(row_group, column, offset, &sbbf, &served)?;
                check_bitset_size(filter.num_bytes, bitsets_before)?;
                return Ok(filter);
            }
            (Ok(None), _) => break,
            (Err(error), None) => {
                return Err(FileError::UnknownAlgorithm {
                    column,
                    detail: error.to_string(),
                })
            }
            (Err(_), Some((start, bytes))) => {
                window_len = window_for(offset, size, start, bytes, bitsets_before)?;
            }
        }
    }
    Err(FileError::Unreadable {
        detail: format!("the filter of {column} at {offset} could not be read"),
    })
}

/// Bytes to read from the filter's `offset` so that the window holds the crate's request of
/// `bytes` bytes at `start`, after checking that the file holds them and that they pass
/// [`check_bitset_size`].
fn window_for(
    offset: u64,
    size: u64,
    start: u64,
    bytes: usize,
    bitsets_before: u64,
) -> Result<u64, FileError> {
    let bytes = bytes as u64;
    let end = start.checked_add(bytes).ok_or(FileError::Truncated)?;
    if end > size {
        return Err(FileError::Truncated);
    }
    check_bitset_size(bytes, bitsets_before)?;
    end.checked_sub(offset)
        .ok_or_else(|| FileError::Unreadable {
            detail: format!("the filter reader asked for bytes at {start}, before {offset}"),
        })
}

/// [`FileError::TooLarge`] for a bitset of `bytes` over parquet's `BITSET_MAX_LENGTH`, or
/// one that takes the `bitsets_before` bytes of the filters read already over
/// [`BITSETS_LIMIT`].
fn check_bitset_size(bytes: u64, bitsets_before: u64) -> Result<(), FileError> {
    if bytes > BITSET_MAX_LENGTH as u64 {
        return Err(FileError::TooLarge { bytes });
    }
    let bitsets = bitsets_before.saturating_add(bytes);
    if bitsets > BITSETS_LIMIT {
        return Err(FileError::TooLarge { bytes: bitsets });
    }
    Ok(())
}

/// The filter the crate read, its header's size and its bitset's taken from the crate's last
/// request (the bitset; the one before it was the header).
fn found(
    row_group: usize,
    column: String,
    offset: u64,
    sbbf: &Sbbf,
    served: &[Request],
) -> Result<FoundFilter, FileError> {
    let unreadable = |detail: String| FileError::Unreadable { detail };
    let &[.., (bitset_start, num_bytes)] = served else {
        return Err(unreadable(format!("the filter of {column} was not read")));
    };
    let num_bytes = num_bytes as u64;
    let header_bytes = bitset_start
        .checked_sub(offset)
        .ok_or_else(|| unreadable(format!("the bitset of {column} is before its header")))?;
    let mut bitset = Vec::new();
    sbbf.write_bitset(&mut bitset)
        .map_err(|error| unreadable(error.to_string()))?;
    Ok(FoundFilter {
        row_group,
        column,
        offset,
        length: header_bytes.saturating_add(num_bytes),
        header_bytes,
        num_bytes,
        algorithm: ALGORITHM.to_string(),
        hash: HASH.to_string(),
        compression: COMPRESSION.to_string(),
        bitset,
    })
}
