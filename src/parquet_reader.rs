//! Reads the split-block Bloom filters out of a Parquet file, touching only the bytes it
//! needs: the file's tail, its footer and each filter. A file of hundreds of megabytes is
//! read in milliseconds, since its data pages are never read.
//!
//! # Where the filters are
//!
//! ```text
//! offset 0           "PAR1"
//!                    row group 0's column chunks (pages), row group 1's, …
//!                    Bloom filters: per column chunk a Thrift BloomFilterHeader, then its
//!                    bitset (numBytes bytes), where the writer put them
//!                    column and offset indexes
//! size - 8 - F       footer: Thrift FileMetaData, F bytes; each column chunk's
//!                    bloom_filter_offset (and, from newer writers, bloom_filter_length)
//! size - 8           F as a 4-byte little-endian number
//! size - 4           "PAR1" ("PARE" when the footer is encrypted)
//! ```
//!
//! [`read_bloom_filters`] reads the first 4 bytes and the last 8, then the F bytes of the
//! footer, which [`footer_guard`] checks (every count, length and depth they declare, and
//! the schema's tree) before the parquet crate decodes them; then for every column chunk with
//! a filter its header, read as the Thrift struct it is (`parquet_reader/filter_header.rs`),
//! and its bitset (`parquet_reader/filter_window.rs`). The page's first visit never loads
//! this module: only the Parquet worker (`src/bin/parquet_worker.rs`) uses it.

mod coalesced;
mod compact;
pub mod filter_header;
mod filter_window;
pub mod footer_guard;

use crate::filter::parquet_report::FilterBits;
use crate::filter::parquet_summary::{Figures, FileError, FileSummary, FoundFilter};
use parquet::file::metadata::ParquetMetaDataReader;

/// Bytes a Parquet file starts and ends with.
const MAGIC: &[u8; 4] = b"PAR1";
/// Bytes a Parquet file with an encrypted footer ends with.
const ENCRYPTED_MAGIC: &[u8; 4] = b"PARE";
/// The tail: the footer's length (4 bytes, little-endian), then the magic.
const TAIL_BYTES: u64 = 8;
/// The smallest Parquet file: the magic, an empty footer and the tail.
const SMALLEST_FILE: u64 = 4 + TAIL_BYTES;
/// The largest footer this reader decodes.
pub const FOOTER_LIMIT: u64 = 64 * 1024 * 1024;
/// The most bitset bytes of all filters together this reader reads when a file is opened
/// (each is read once, to sum its figures, and not kept; the filters past it are summed
/// when they are first shown): it bounds the time an opening takes and the browser's read
/// buffers it leaves for the garbage collector.
pub const BITSETS_LIMIT: u64 = 64 * 1024 * 1024;

/// A file, or anything else that gives bytes at an offset: a byte slice natively, a `Blob`
/// in the Parquet worker.
pub trait ByteSource {
    /// Bytes in the file.
    fn len(&self) -> u64;

    /// `len` bytes from `offset`; an error (a message) when they cannot be read.
    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String>;

    /// Whether the file has no bytes.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of each of `pieces` (offset, length), one after another; an error (a
    /// message) when one cannot be read. A source whose reads cost more than their bytes
    /// (a `Blob` in a worker) gathers them in one read.
    fn read_pieces(&self, pieces: &[(u64, usize)]) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        for &(offset, len) in pieces {
            bytes.extend_from_slice(&self.read(offset, len)?);
        }
        Ok(bytes)
    }
}

impl ByteSource for [u8] {
    fn len(&self) -> u64 {
        <[u8]>::len(self) as u64
    }

    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String> {
        usize::try_from(offset)
            .ok()
            .and_then(|start| self.get(start..start.checked_add(len)?))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| format!("{len} bytes at {offset} are past the end"))
    }
}

impl ByteSource for Vec<u8> {
    fn len(&self) -> u64 {
        ByteSource::len(self.as_slice())
    }

    fn read(&self, offset: u64, len: usize) -> Result<Vec<u8>, String> {
        self.as_slice().read(offset, len)
    }
}

/// The file's size, row groups, columns and every column chunk's Bloom filter, or why they
/// cannot be read. Never panics, whatever the bytes.
///
/// The checks, in order: no bytes → [`FileError::Empty`]; under 12 bytes or not starting
/// and ending with `PAR1` → [`FileError::NotParquet`] (ending with `PARE`:
/// [`FileError::EncryptedFooter`]); a footer longer than the file holds or a filter past
/// its end → [`FileError::Truncated`]; a footer over [`FOOTER_LIMIT`] or a bitset over
/// parquet's `BITSET_MAX_LENGTH` → [`FileError::TooLarge`]; a footer declaring a count,
/// length or depth its bytes cannot hold ([`footer_guard::check_footer`]) →
/// [`FileError::Refused`]; a footer the crate cannot decode → [`FileError::Unreadable`]; no
/// filter at all → [`FileError::NoBloomFilter`]; a filter header naming an algorithm, hash
/// or compression Parquet does not define → [`FileError::UnknownAlgorithm`]; one whose
/// `numBytes` is no positive multiple of 32 → [`FileError::Refused`].
///
/// The filters are read in few reads ([`coalesced`]: planned from the footer, sorted, and
/// neighbours read together, at most [`coalesced::SPAN_LIMIT`] bytes a read). Their
/// bitsets are summed up as they are read ([`FoundFilter`]'s figures) and not kept; a
/// value's blocks and a drawing's bytes are read again through [`FileBits`].
///
/// [`FoundFilter`]: crate::filter::parquet_summary::FoundFilter
pub fn read_bloom_filters(source: &(impl ByteSource + ?Sized)) -> Result<FileSummary, FileError> {
    read_with(source, Reads::Coalesced)
}

/// What [`read_bloom_filters`] gives, each filter's header and bitset read on its own (one
/// or two reads a filter): the reference the coalesced reading is tested against.
pub fn read_bloom_filters_one_by_one(
    source: &(impl ByteSource + ?Sized),
) -> Result<FileSummary, FileError> {
    read_with(source, Reads::OneByOne)
}

pub use coalesced::{GAP_LIMIT, SPAN_LIMIT};

/// The filters' bits as the files view's model reads them again: from the file, in reads
/// of at most [`SPAN_LIMIT`] bytes.
pub struct FileBits<'a, S: ByteSource + ?Sized>(pub &'a S);

impl<S: ByteSource + ?Sized> FilterBits for FileBits<'_, S> {
    fn value_blocks(&self, filters: &[FoundFilter], h: u64) -> Result<Vec<[u8; 32]>, FileError> {
        coalesced::read_value_blocks(self.0, filters, h)
    }

    fn first_bytes(&self, filter: &FoundFilter, len: u64) -> Result<Vec<u8>, FileError> {
        let len = len.min(filter.num_bytes).min(SPAN_LIMIT);
        read_exact(self.0, filter.bitset_start(), len as usize)
    }

    fn figures(&self, filter: &FoundFilter) -> Result<Figures, FileError> {
        filter_window::sum_bitset(self.0, filter.bitset_start(), filter.num_bytes)
            .map(|figures| figures.finish())
    }
}

/// How the filters are read.
#[derive(Clone, Copy)]
enum Reads {
    /// Planned from the footer and joined ([`coalesced::read_filters`]).
    Coalesced,
    /// One filter after another ([`coalesced::read_one_by_one`]).
    OneByOne,
}

/// [`read_bloom_filters`], its filters read as `strategy` says.
fn read_with(
    source: &(impl ByteSource + ?Sized),
    strategy: Reads,
) -> Result<FileSummary, FileError> {
    let size = source.len();
    let footer = read_footer(source, size)?;
    footer_guard::check_footer(&footer).map_err(|reason| FileError::Refused { reason })?;
    let metadata =
        ParquetMetaDataReader::decode_metadata(&footer).map_err(|error| FileError::Unreadable {
            detail: error.to_string(),
        })?;
    let columns = metadata
        .row_groups()
        .iter()
        .map(|group| group.num_columns())
        .sum();
    let filters = match strategy {
        Reads::Coalesced => coalesced::read_filters(source, &metadata)?,
        Reads::OneByOne => coalesced::read_one_by_one(source, &metadata)?,
    };
    if filters.is_empty() {
        return Err(FileError::NoBloomFilter { columns });
    }
    let file = metadata.file_metadata();
    Ok(FileSummary {
        size,
        rows: file.num_rows(),
        row_groups: metadata.num_row_groups(),
        columns,
        created_by: file.created_by().map(str::to_string),
        filters,
    })
}

/// The footer's bytes (without the tail), after checking the file's magic and the footer's
/// length.
fn read_footer(source: &(impl ByteSource + ?Sized), size: u64) -> Result<Vec<u8>, FileError> {
    if size == 0 {
        return Err(FileError::Empty);
    }
    if size < SMALLEST_FILE {
        return Err(FileError::NotParquet);
    }
    let head = read_exact(source, 0, 4)?;
    let tail = read_exact(source, size - TAIL_BYTES, TAIL_BYTES as usize)?;
    let (footer_len, end_magic) = tail.split_at(4);
    let starts_well = head == MAGIC || head == ENCRYPTED_MAGIC;
    if starts_well && end_magic == ENCRYPTED_MAGIC {
        return Err(FileError::EncryptedFooter);
    }
    if head != MAGIC || end_magic != MAGIC {
        return Err(FileError::NotParquet);
    }
    let footer_len = footer_len
        .try_into()
        .map(|bytes| u64::from(u32::from_le_bytes(bytes)))
        .map_err(|_| FileError::NotParquet)?;
    if footer_len > size - SMALLEST_FILE {
        return Err(FileError::Truncated);
    }
    if footer_len > FOOTER_LIMIT {
        return Err(FileError::TooLarge { bytes: footer_len });
    }
    let footer_len =
        usize::try_from(footer_len).map_err(|_| FileError::TooLarge { bytes: footer_len })?;
    read_exact(source, size - TAIL_BYTES - footer_len as u64, footer_len)
}

/// Exactly `len` bytes from `offset`, or [`FileError::Unreadable`] with the source's message.
fn read_exact(
    source: &(impl ByteSource + ?Sized),
    offset: u64,
    len: usize,
) -> Result<Vec<u8>, FileError> {
    let bytes = source
        .read(offset, len)
        .map_err(|detail| FileError::Unreadable { detail })?;
    // Fewer bytes than the file's size promised: it ends sooner than it says.
    if bytes.len() != len {
        return Err(FileError::Truncated);
    }
    Ok(bytes)
}
