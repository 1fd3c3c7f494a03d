//! One column chunk's Bloom filter: its header ([`FilterHeader`]) and bitset, read through a
//! window of bytes from the file.
//!
//! The window starts at the chunk's `bloom_filter_offset`. It holds the whole filter when
//! the footer gives its `bloom_filter_length` (one read), else [`HEADER_WINDOW`] bytes, which
//! hold a header of the four fields Parquet defines; a header that runs past the window (a
//! field a newer writer added) is read again through a window twice as long, up to
//! [`HEADER_LIMIT`]. The bitset is read from the window when it holds it, else on its own
//! in reads of at most [`SPAN_LIMIT`] bytes; its figures are summed as it is read
//! ([`BitsetFigures`]) and its bytes are not kept. Past [`BITSETS_LIMIT`] bytes of bitsets
//! in all, a filter's bitset is not read when the file is opened.

use super::filter_header::{FilterHeader, HeaderProblem};
use super::{read_exact, ByteSource, BITSETS_LIMIT, SPAN_LIMIT};
use crate::filter::parquet_summary::{BitsetFigures, FileError, FoundFilter, Refusal};
use parquet::bloom_filter::BITSET_MAX_LENGTH;
use parquet::file::metadata::ColumnChunkMetaData;

/// Bytes read for the header when the footer gives no filter length: a header of the four
/// fields Parquet defines takes 15 to 20.
pub(super) const HEADER_WINDOW: u64 = 32;
/// The longest header this reader reads (its unknown fields included).
pub const HEADER_LIMIT: u64 = 64 * 1024;
/// Header bytes allowed beyond a bitset when the footer's filter length sizes the window.
const HEADER_ALLOWANCE: u64 = 256;

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
        .ok_or_else(|| FileError::Refused {
            reason: Refusal::FilterOffset {
                column: column.clone(),
                offset: chunk.bloom_filter_offset().unwrap_or(-1),
            },
        })?;
    if offset >= size {
        return Err(FileError::Truncated);
    }
    let window_len = usable_length(chunk).unwrap_or(HEADER_WINDOW);
    let (header, window) = read_header(source, offset, window_len.min(size - offset))?;
    let num_bytes = header
        .check()
        .map_err(|problem| refuse_header(&column, problem))?;
    check_bitset_size(num_bytes)?;
    let header_bytes = header.header_bytes;
    let bitset_start = offset + header_bytes;
    if bitset_start.saturating_add(num_bytes) > size {
        return Err(FileError::Truncated);
    }
    if !within_bitsets_limit(bitsets_before, num_bytes) {
        return Ok(FoundFilter::unread(
            row_group,
            column,
            offset,
            header_bytes,
            num_bytes,
        ));
    }
    let figures = if header_bytes + num_bytes <= window.len() as u64 {
        let mut figures = BitsetFigures::new(num_bytes);
        figures.add(&window[header_bytes as usize..(header_bytes + num_bytes) as usize]);
        figures
    } else {
        sum_bitset(source, bitset_start, num_bytes)?
    };
    Ok(FoundFilter::summed(
        row_group,
        column,
        offset,
        header_bytes,
        &figures,
    ))
}

/// The figures of the bitset of `num_bytes` at `start`, read in pieces of at most
/// [`SPAN_LIMIT`] bytes (whole blocks), one piece held at a time.
pub(super) fn sum_bitset(
    source: &(impl ByteSource + ?Sized),
    start: u64,
    num_bytes: u64,
) -> Result<BitsetFigures, FileError> {
    let mut figures = BitsetFigures::new(num_bytes);
    for (from, to) in pieces(start, num_bytes) {
        figures.add(&read_exact(source, from, (to - from) as usize)?);
    }
    Ok(figures)
}

/// The bitset of `num_bytes` at `start` cut into pieces `[from, to)` of at most
/// [`SPAN_LIMIT`] bytes (whole blocks), in order.
pub(super) fn pieces(start: u64, num_bytes: u64) -> impl Iterator<Item = (u64, u64)> {
    (0..num_bytes.div_ceil(SPAN_LIMIT)).map(move |piece| {
        let from = start + piece * SPAN_LIMIT;
        (from, (from + SPAN_LIMIT).min(start + num_bytes))
    })
}

/// The footer's `bloom_filter_length` of `chunk`, when it is positive and at most
/// [`SPAN_LIMIT`] bytes of bitset and [`HEADER_ALLOWANCE`] bytes of header: a filter read
/// in one read with its header.
pub(super) fn usable_length(chunk: &ColumnChunkMetaData) -> Option<u64> {
    match chunk.bloom_filter_length().map(u64::try_from) {
        Some(Ok(length)) if length > 0 && length <= SPAN_LIMIT + HEADER_ALLOWANCE => Some(length),
        _ => None,
    }
}

/// The error of a header of `column`'s filter that is Thrift but not one this reader reads.
pub(super) fn refuse_header(column: &str, problem: HeaderProblem) -> FileError {
    match problem {
        HeaderProblem::UnknownMember(part, member) => FileError::UnknownAlgorithm {
            column: column.to_string(),
            part,
            member: member.map(i64::from),
        },
        HeaderProblem::BitsetLength(num_bytes) => FileError::Refused {
            reason: Refusal::BitsetLength {
                column: column.to_string(),
                num_bytes,
            },
        },
    }
}

/// The header at `offset` and the window it was read from, `window_len` bytes first, then
/// twice as many while the header runs past the window and the file and [`HEADER_LIMIT`]
/// allow.
pub(super) fn read_header(
    source: &(impl ByteSource + ?Sized),
    offset: u64,
    mut window_len: u64,
) -> Result<(FilterHeader, Vec<u8>), FileError> {
    let rest = source.len() - offset;
    loop {
        let len =
            usize::try_from(window_len).map_err(|_| FileError::TooLarge { bytes: window_len })?;
        let window = read_exact(source, offset, len)?;
        let refusal = match FilterHeader::read(&window) {
            Ok(header) => return Ok((header, window)),
            Err(refusal) => refusal,
        };
        let ran_out = match refusal {
            Refusal::NotThrift { offset } => offset == window_len,
            Refusal::LengthPastEnd { .. } | Refusal::CountPastEnd { .. } => true,
            _ => false,
        };
        if !ran_out {
            return Err(FileError::Refused { reason: refusal });
        }
        if window_len >= rest {
            // The file ends inside the header: cut short, or a length no file could hold.
            return Err(match refusal {
                Refusal::NotThrift { .. } => FileError::Truncated,
                reason => FileError::Refused { reason },
            });
        }
        if window_len >= HEADER_LIMIT {
            return Err(FileError::TooLarge { bytes: window_len });
        }
        window_len = (window_len * 2).min(rest).min(HEADER_LIMIT);
    }
}

/// [`FileError::TooLarge`] for a bitset of `bytes` over parquet's `BITSET_MAX_LENGTH`.
pub(super) fn check_bitset_size(bytes: u64) -> Result<(), FileError> {
    if bytes > BITSET_MAX_LENGTH as u64 {
        return Err(FileError::TooLarge { bytes });
    }
    Ok(())
}

/// Whether a bitset of `bytes`, after `bitsets_before` bytes of the filters before it (in
/// the footer's order), is summed when the file is opened: while all of them together stay
/// within [`BITSETS_LIMIT`]. The others are summed when they are first shown.
pub(super) fn within_bitsets_limit(bitsets_before: u64, bytes: u64) -> bool {
    bitsets_before.saturating_add(bytes) <= BITSETS_LIMIT
}
