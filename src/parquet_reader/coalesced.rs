//! Every Bloom filter of a file in few reads: the filters' places are planned from the
//! footer first, sorted by offset, and neighbouring ranges are read together; each filter's
//! header and bitset are then cut out of the bytes read.
//!
//! # The plan
//!
//! ```text
//! footer  →  per filter: offset, and bloom_filter_length when the writer gave it
//! phase 1 →  per filter the range [offset, offset + length) (or HEADER_WINDOW bytes without
//!            a length), sorted; a range joins the read before it when it starts at most
//!            GAP_LIMIT bytes after that read's end and the read stays within SPAN_LIMIT
//!            bytes; each header is read from its read's bytes (FilterHeader), and its
//!            bitset too when the read holds it
//! phase 2 →  the bitsets phase 1 did not hold (filters without a length whose bitset runs
//!            past their read, or longer than SPAN_LIMIT), cut in pieces of at most
//!            SPAN_LIMIT bytes, planned and joined the same way
//! ```
//!
//! A file whose filters lie side by side (as writers put them) takes one read per
//! [`SPAN_LIMIT`] bytes of filters. One read's bytes are held at a time: each bitset's
//! figures are summed from them ([`BitsetFigures`]) and its bytes are not kept, so reading
//! takes memory by the count of filters, not their bytes. Only the filters whose bitsets
//! together stay within [`BITSETS_LIMIT`] (in the footer's order) are summed when the file
//! is opened; when the whole filters would pass it, phase 1 reads headers' windows alone.
//! When a read fails or a header cannot be read from its read's bytes, the filters are read
//! one by one instead
//! ([`super::filter_window::read_filter`]), whose answer, a refusal included, is the rule
//! this reader must match (the tests compare the two).
//!
//! A value's block in every filter is read the same way ([`read_value_blocks`]): one range
//! of 32 bytes a filter, joined into reads, and reads of [`SPAN_LIMIT`] bytes in all
//! gathered into one ([`ByteSource::read_pieces`]): in a worker each read of a `Blob` costs
//! a millisecond or two whatever its length.

use super::filter_header::FilterHeader;
use super::filter_window::{
    check_bitset_size, pieces, read_filter, read_header, refuse_header, usable_length,
    within_bitsets_limit, HEADER_LIMIT, HEADER_WINDOW,
};
use super::{ByteSource, BITSETS_LIMIT};
use crate::filter::parquet_summary::{BitsetFigures, FileError, FoundFilter, Refusal, BLOCK_BYTES};
use parquet::file::metadata::ParquetMetaData;

/// The longest read that joins several ranges (one range longer than it is read alone).
pub const SPAN_LIMIT: u64 = 4 * 1024 * 1024;
/// The most bytes between two ranges that one read takes in (and throws away).
pub const GAP_LIMIT: u64 = 64 * 1024;

/// A range of the file to read for the filter at `place` in the file's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    /// Its first byte.
    pub start: u64,
    /// The byte after its last.
    pub end: u64,
    /// The filter it belongs to (its place in the footer's order).
    pub place: usize,
}

/// One read: the bytes `[start, end)` and the ranges it serves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Its first byte.
    pub start: u64,
    /// The byte after its last.
    pub end: u64,
    /// The ranges inside it, by start.
    pub ranges: Vec<Range>,
}

/// `ranges` joined into reads: sorted by start, a range joins the read before it when it
/// starts at most [`GAP_LIMIT`] bytes past that read's end and the read then spans at most
/// [`SPAN_LIMIT`] bytes. Overlapping ranges share a read.
#[allow(
    clippy::disallowed_methods,
    reason = "only the Parquet worker reads files; the page's first visit never holds this sort"
)]
pub fn coalesce(mut ranges: Vec<Range>) -> Vec<Span> {
    ranges.sort_unstable_by_key(|range| (range.start, range.place));
    let mut spans: Vec<Span> = Vec::new();
    for range in ranges {
        if let Some(span) = spans.last_mut() {
            let end = span.end.max(range.end);
            if range.start <= span.end.saturating_add(GAP_LIMIT) && end - span.start <= SPAN_LIMIT {
                span.end = end;
                span.ranges.push(range);
                continue;
            }
        }
        spans.push(Span {
            start: range.start,
            end: range.end,
            ranges: vec![range],
        });
    }
    spans
}

/// What phase 1 learnt of one filter.
struct Cut {
    /// Where its header starts.
    offset: u64,
    /// Its header's bytes.
    header_bytes: u64,
    /// Its bitset's figures, summed from the bytes read so far.
    figures: BitsetFigures,
    /// Whether all of its bitset was read.
    read: bool,
}

impl Cut {
    /// The byte after its bitset's last.
    fn bitset_end(&self) -> u64 {
        (self.offset + self.header_bytes).saturating_add(self.figures.num_bytes)
    }
}

/// Why the filters are read one by one after all.
struct OneByOne;

/// Every filter `metadata` announces, read in few reads: the same filters, or the same
/// error, as [`read_one_by_one`] gives.
pub(super) fn read_filters(
    source: &(impl ByteSource + ?Sized),
    metadata: &ParquetMetaData,
) -> Result<Vec<FoundFilter>, FileError> {
    match read_planned(source, metadata) {
        Ok(filters) => filters,
        Err(OneByOne) => read_one_by_one(source, metadata),
    }
}

/// Every filter `metadata` announces, each header and bitset read on its own: the reader
/// [`read_filters`] must agree with.
pub(super) fn read_one_by_one(
    source: &(impl ByteSource + ?Sized),
    metadata: &ParquetMetaData,
) -> Result<Vec<FoundFilter>, FileError> {
    let mut filters = Vec::new();
    let mut bitset_bytes = 0;
    for (row_group, group) in metadata.row_groups().iter().enumerate() {
        for chunk in group.columns() {
            if chunk.bloom_filter_offset().is_none() {
                continue;
            }
            let filter = read_filter(source, row_group, chunk, bitset_bytes)?;
            bitset_bytes += filter.num_bytes;
            filters.push(filter);
        }
    }
    Ok(filters)
}

/// The coalesced reading; `Err(OneByOne)` when it must give way (see the module's docs).
fn read_planned(
    source: &(impl ByteSource + ?Sized),
    metadata: &ParquetMetaData,
) -> Result<Result<Vec<FoundFilter>, FileError>, OneByOne> {
    let size = source.len();
    // In the footer's order: each filter's row group, column and offset (or why it has none).
    let mut places = Vec::new();
    let mut ranges = Vec::new();
    for (row_group, group) in metadata.row_groups().iter().enumerate() {
        for chunk in group.columns() {
            let Some(offset) = chunk.bloom_filter_offset() else {
                continue;
            };
            let column = chunk.column_path().string();
            let offset = match u64::try_from(offset) {
                Ok(offset) if offset < size => offset,
                Ok(_) => {
                    places.push((row_group, column, Err(FileError::Truncated)));
                    continue;
                }
                Err(_) => {
                    let reason = Refusal::FilterOffset {
                        column: column.clone(),
                        offset,
                    };
                    places.push((row_group, column, Err(FileError::Refused { reason })));
                    continue;
                }
            };
            let len = usable_length(chunk).unwrap_or(HEADER_WINDOW);
            let end = offset + len.min(size - offset);
            ranges.push(Range {
                start: offset,
                end,
                place: places.len(),
            });
            places.push((row_group, column, Ok(offset)));
        }
    }
    // Whole filters are read at once only while they stay within the bytes an opening
    // reads; past that, each filter's read is a header's window.
    let planned = ranges.iter().map(|r| r.end - r.start).sum::<u64>();
    if planned > BITSETS_LIMIT {
        for range in &mut ranges {
            range.end = range.end.min(range.start + HEADER_WINDOW);
        }
    }
    let mut cuts: Vec<Option<Result<Cut, FileError>>> = (0..places.len()).map(|_| None).collect();
    let read = read_spans(source, &coalesce(ranges), |span, bytes| {
        for range in &span.ranges {
            let window = &bytes[(range.start - span.start) as usize..];
            let column = &places[range.place].1;
            let cut = cut_filter(source, range.start, window, range.end - range.start, column);
            cuts[range.place] = Some(cut);
        }
    });
    if read.is_err() {
        return Err(OneByOne);
    }
    read_missing_bitsets(source, &mut cuts)?;
    let mut filters = Vec::with_capacity(places.len());
    let mut bitset_bytes = 0;
    for ((row_group, column, offset), cut) in places.into_iter().zip(cuts) {
        if let Err(error) = offset {
            return Ok(Err(error));
        }
        let Some(cut) = cut else {
            return Err(OneByOne);
        };
        let cut = match cut {
            Ok(cut) => cut,
            Err(error) => return Ok(Err(error)),
        };
        let num_bytes = cut.figures.num_bytes;
        if let Err(error) = check_bitset_size(num_bytes) {
            return Ok(Err(error));
        }
        if cut.bitset_end() > size {
            return Ok(Err(FileError::Truncated));
        }
        let summed = within_bitsets_limit(bitset_bytes, num_bytes);
        bitset_bytes += num_bytes;
        filters.push(match (summed, cut.read) {
            (true, true) => FoundFilter::summed(
                row_group,
                column,
                cut.offset,
                cut.header_bytes,
                &cut.figures,
            ),
            (true, false) => return Err(OneByOne),
            (false, _) => {
                FoundFilter::unread(row_group, column, cut.offset, cut.header_bytes, num_bytes)
            }
        });
    }
    Ok(Ok(filters))
}

/// The filter of `column` whose header starts `window` (read `first_len` bytes ahead of
/// `offset`, perhaps more): its header checked, and its bitset when `window` holds it. A
/// header the window cannot settle is read as [`read_header`] reads it alone.
fn cut_filter(
    source: &(impl ByteSource + ?Sized),
    offset: u64,
    window: &[u8],
    first_len: u64,
    column: &str,
) -> Result<Cut, FileError> {
    match FilterHeader::read(window) {
        Ok(header) if header.header_bytes <= HEADER_LIMIT => {
            cut_from(source, offset, header, window, column)
        }
        _ => {
            let (header, read) = read_header(source, offset, first_len)?;
            cut_from(source, offset, header, &read, column)
        }
    }
}

/// A [`Cut`] of the filter at `offset` whose `header` starts `window`.
fn cut_from(
    source: &(impl ByteSource + ?Sized),
    offset: u64,
    header: FilterHeader,
    window: &[u8],
    column: &str,
) -> Result<Cut, FileError> {
    let num_bytes = header
        .check()
        .map_err(|problem| refuse_header(column, problem))?;
    let header_bytes = header.header_bytes;
    let bitset_end = (offset + header_bytes).saturating_add(num_bytes);
    let held = header_bytes.saturating_add(num_bytes) <= window.len() as u64;
    let mut figures = BitsetFigures::new(num_bytes);
    let read = held && bitset_end <= source.len();
    if read {
        figures.add(&window[header_bytes as usize..(header_bytes + num_bytes) as usize]);
    }
    Ok(Cut {
        offset,
        header_bytes,
        figures,
        read,
    })
}

/// Phase 2: the bitsets phase 1 did not hold and the file holds, of the filters summed when
/// the file is opened (in the footer's order, while all bitsets together stay within
/// [`BITSETS_LIMIT`]), in pieces of at most [`SPAN_LIMIT`] bytes joined into reads; each
/// piece's bytes are added to its filter's figures, in order.
fn read_missing_bitsets(
    source: &(impl ByteSource + ?Sized),
    cuts: &mut [Option<Result<Cut, FileError>>],
) -> Result<(), OneByOne> {
    let mut ranges = Vec::new();
    let mut before = 0u64;
    for (place, cut) in cuts.iter().enumerate() {
        let Some(Ok(cut)) = cut else { continue };
        let num_bytes = cut.figures.num_bytes;
        let start = cut.offset + cut.header_bytes;
        let summed = within_bitsets_limit(before, num_bytes);
        before = before.saturating_add(num_bytes);
        if !summed || cut.read || cut.bitset_end() > source.len() {
            continue;
        }
        for (from, to) in pieces(start, num_bytes) {
            ranges.push(Range {
                start: from,
                end: to,
                place,
            });
        }
    }
    read_spans(source, &coalesce(ranges), |span, bytes| {
        for range in &span.ranges {
            let from = (range.start - span.start) as usize;
            let to = (range.end - span.start) as usize;
            if let Some(Ok(cut)) = &mut cuts[range.place] {
                cut.figures.add(&bytes[from..to]);
                cut.read = range.end == cut.bitset_end();
            }
        }
    })
    .map_err(|_| OneByOne)
}

/// The 32 bytes of the block a value of hash `h` lands in, in each of `filters` (zeros in
/// a filter of no blocks), read in joined reads of at most [`SPAN_LIMIT`] bytes: the
/// memory this takes is one read and 32 bytes a filter, whatever the filters' size.
pub(super) fn read_value_blocks(
    source: &(impl ByteSource + ?Sized),
    filters: &[FoundFilter],
    h: u64,
) -> Result<Vec<[u8; 32]>, FileError> {
    let mut ranges = Vec::with_capacity(filters.len());
    for (place, filter) in filters.iter().enumerate() {
        if filter.blocks() == 0 {
            continue;
        }
        let start = filter.bitset_start() + filter.block_of(h) * BLOCK_BYTES;
        let end = start.saturating_add(BLOCK_BYTES);
        if end > source.len() {
            return Err(FileError::Truncated);
        }
        ranges.push(Range { start, end, place });
    }
    let mut blocks = vec![[0; 32]; filters.len()];
    read_spans(source, &coalesce(ranges), |span, bytes| {
        for range in &span.ranges {
            let from = (range.start - span.start) as usize;
            blocks[range.place].copy_from_slice(&bytes[from..from + BLOCK_BYTES as usize]);
        }
    })?;
    Ok(blocks)
}

/// Calls `each` with every one of `spans` and its bytes, the spans read in runs of at most
/// [`SPAN_LIMIT`] bytes in all, each run in one [`ByteSource::read_pieces`]; one run's
/// bytes are held at a time.
fn read_spans(
    source: &(impl ByteSource + ?Sized),
    spans: &[Span],
    mut each: impl FnMut(&Span, &[u8]),
) -> Result<(), FileError> {
    for run in batches(spans) {
        let pieces: Vec<(u64, usize)> = run
            .iter()
            .map(|span| (span.start, (span.end - span.start) as usize))
            .collect();
        let bytes = source
            .read_pieces(&pieces)
            .map_err(|detail| FileError::Unreadable { detail })?;
        // Fewer bytes than asked for: the file ends sooner than it says.
        if bytes.len() != pieces.iter().map(|&(_, len)| len).sum::<usize>() {
            return Err(FileError::Truncated);
        }
        let mut at = 0;
        for (span, &(_, len)) in run.iter().zip(&pieces) {
            each(span, &bytes[at..at + len]);
            at += len;
        }
    }
    Ok(())
}

/// `spans` in runs read together: each run as many spans as stay within [`SPAN_LIMIT`]
/// bytes in all (a longer span alone).
fn batches(spans: &[Span]) -> Vec<&[Span]> {
    let mut runs = Vec::new();
    let (mut first, mut bytes) = (0, 0);
    for (at, span) in spans.iter().enumerate() {
        let len = span.end - span.start;
        if at > first && bytes + len > SPAN_LIMIT {
            runs.push(&spans[first..at]);
            (first, bytes) = (at, 0);
        }
        bytes += len;
    }
    if first < spans.len() {
        runs.push(&spans[first..]);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(start: u64, end: u64, place: usize) -> Range {
        Range { start, end, place }
    }

    #[test]
    fn neighbours_share_a_read_and_far_ranges_do_not() {
        let spans = coalesce(vec![
            range(1000, 1100, 1),
            range(0, 100, 0),
            range(100 + GAP_LIMIT, 200 + GAP_LIMIT, 2),
            range(1100 + 2 * GAP_LIMIT, 1200 + 2 * GAP_LIMIT, 3),
        ]);
        let starts: Vec<(u64, u64, usize)> = spans
            .iter()
            .map(|s| (s.start, s.end, s.ranges.len()))
            .collect();
        assert_eq!(
            starts,
            [
                (0, 200 + GAP_LIMIT, 3),
                (1100 + 2 * GAP_LIMIT, 1200 + 2 * GAP_LIMIT, 1)
            ]
        );
    }

    #[test]
    fn a_read_stays_within_the_span_limit_unless_one_range_is_longer() {
        let half = SPAN_LIMIT / 2;
        let spans = coalesce(vec![
            range(0, half, 0),
            range(half, 2 * half, 1),
            range(2 * half, 3 * half, 2),
            range(3 * half, 3 * half + 3 * SPAN_LIMIT, 3),
        ]);
        let lens: Vec<u64> = spans.iter().map(|s| s.end - s.start).collect();
        assert_eq!(lens, [SPAN_LIMIT, half, 3 * SPAN_LIMIT]);
        // Overlapping ranges (a hostile footer) share one read.
        let spans = coalesce(vec![range(0, 50, 0), range(10, 20, 1), range(5, 40, 2)]);
        assert_eq!(spans.len(), 1);
        assert_eq!((spans[0].start, spans[0].end), (0, 50));
    }
}
