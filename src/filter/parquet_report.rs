//! What the Parquet worker (`src/bin/parquet_worker.rs`) keeps of the files it reads
//! ([`FilesModel`]) and what it sends the page for the files view ([`FilesReport`]): data,
//! not markup. The report holds every figure the view shows (the file's counts and its
//! columns with filters; one page of [`PAGE_ROWS`] filters with their place, size, bits and
//! what they imply; a value's hash, how many filters and which row groups may hold it, and
//! its verdict in the page's filters; the chosen filter's header and its bits as images),
//! so the page draws it in any language without asking again.
//!
//! # What is kept, and what is sent
//!
//! The worker keeps each filter's place, header and fill figures, not its bitset. What a
//! report needs of the bits is read again from the file ([`FilterBits`]) and kept until it
//! changes: for a value, the 32 bytes of its block in every filter (once per value), and
//! for the drawn filter its first [`DRAWN_BLOCKS`] blocks. So the memory a file takes grows
//! with its count of filters (about 32 bytes a filter beside its figures) and with what is
//! drawn, not with its filters' bytes. The report grows with the page, not the file: at most
//! [`PAGE_ROWS`] rows and verdicts, [`COLUMNS_LISTED`] columns and [`RANGES_LISTED`] ranges of
//! row groups.

use crate::filter::parquet_drawing::{bitmap, pixels, zoom_pixels, DRAWN_BLOCKS};
use crate::filter::parquet_summary::{
    Figures, FileError, FileSummary, FileVerdict, FoundFilter, BLOCK_BYTES,
};
use crate::filter::split_block;
use std::collections::HashMap;

/// Filters in one page of the view's table (and of the value's verdicts).
pub const PAGE_ROWS: usize = 50;
/// Columns with filters the summary names (the rest are counted).
pub const COLUMNS_LISTED: usize = 20;
/// Ranges of row groups that may hold the value the summary names (the rest are counted).
pub const RANGES_LISTED: usize = 20;

/// A file read: its name and what the worker found.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedFile {
    /// The name the page gave it.
    pub name: String,
    /// Its filters.
    pub summary: FileSummary,
}

/// Where the model reads the bits of the open file's filters, which it does not keep: the
/// file itself (`crate::parquet_reader::FileBits` in the worker).
pub trait FilterBits {
    /// For each of `filters`, in their order, the 32 bytes of the block a value of hash `h`
    /// lands in ([`FoundFilter::block_of`]; zeros in a filter of no blocks).
    fn value_blocks(&self, filters: &[FoundFilter], h: u64) -> Result<Vec<[u8; 32]>, FileError>;

    /// The first `len` bytes of `filter`'s bitset (`len` at most its `num_bytes`).
    fn first_bytes(&self, filter: &FoundFilter, len: u64) -> Result<Vec<u8>, FileError>;

    /// The figures of `filter`'s whole bitset.
    fn figures(&self, filter: &FoundFilter) -> Result<Figures, FileError>;
}

/// The places of the filters on page `page` (the last page when `page` is past it) of a
/// file of `count` filters.
fn page_rows(page: usize, count: usize) -> std::ops::Range<usize> {
    let first = page.min(count.saturating_sub(1) / PAGE_ROWS) * PAGE_ROWS;
    first..(first + PAGE_ROWS).min(count)
}

/// What the worker keeps between the page's requests.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesModel {
    /// The last file read.
    pub file: Option<OpenedFile>,
    /// Why the last file opened cannot be shown (the one before stays).
    pub error: Option<FileError>,
    /// The value checked against every filter.
    pub query: String,
    /// The filter drawn (its place in the list).
    pub selected: usize,
    /// The table's page shown (filters `page · PAGE_ROWS` onwards).
    pub page: usize,
    /// The value's block in each filter of the file, read for the value it names.
    value_blocks: Option<(String, Vec<[u8; 32]>)>,
    /// The first [`DRAWN_BLOCKS`] blocks of the filter at the place it names, read.
    drawn_bytes: Option<(usize, Vec<u8>)>,
    /// Why the file's bits could not be read again (it changed or went away since).
    bits_error: Option<FileError>,
}

impl FilesModel {
    /// Takes the result of reading the file `name`: a file that cannot be read leaves the
    /// last one read, with the reason.
    pub fn opened(&mut self, name: String, result: Result<FileSummary, FileError>) {
        match result {
            Ok(summary) => {
                self.file = Some(OpenedFile { name, summary });
                self.selected = 0;
                self.page = 0;
                self.error = None;
                self.value_blocks = None;
                self.drawn_bytes = None;
                self.bits_error = None;
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// Reads from `bits` (the open file) what the report needs and the model does not hold:
    /// the figures of the filters shown that were not summed when the file was opened, once
    /// each; the value's block in every filter, once per value; and the drawn filter's first
    /// blocks, once per filter. A read that fails is the report's error; the file stays.
    pub fn refresh(&mut self, bits: &impl FilterBits) {
        let Some(file) = &mut self.file else { return };
        self.bits_error = None;
        let filters = &mut file.summary.filters;
        let shown = page_rows(self.page, filters.len());
        for place in shown.chain([self.selected]) {
            let Some(filter) = filters.get_mut(place).filter(|f| f.figures.is_none()) else {
                continue;
            };
            match bits.figures(filter) {
                Ok(figures) => filter.figures = Some(figures),
                Err(error) => {
                    self.bits_error = Some(error);
                    break;
                }
            }
        }
        let filters = &file.summary.filters;
        if self.query.is_empty() {
            self.value_blocks = None;
        } else if self
            .value_blocks
            .as_ref()
            .is_none_or(|(value, _)| *value != self.query)
        {
            let h = split_block::hash(self.query.as_bytes());
            self.value_blocks = match bits.value_blocks(filters, h) {
                Ok(blocks) => Some((self.query.clone(), blocks)),
                Err(error) => {
                    self.bits_error = Some(error);
                    None
                }
            };
        }
        let Some(filter) = filters.get(self.selected) else {
            return;
        };
        if self
            .drawn_bytes
            .as_ref()
            .is_none_or(|(place, _)| *place != self.selected)
        {
            let len = filter.num_bytes.min(DRAWN_BLOCKS * BLOCK_BYTES);
            self.drawn_bytes = match bits.first_bytes(filter, len) {
                Ok(bytes) => Some((self.selected, bytes)),
                Err(error) => {
                    self.bits_error = Some(error);
                    None
                }
            };
        }
    }

    /// The value's block in every filter, when they were read for the value typed.
    fn blocks_of_query(&self) -> Option<&[[u8; 32]]> {
        let (value, blocks) = self.value_blocks.as_ref()?;
        (!self.query.is_empty() && *value == self.query).then_some(blocks.as_slice())
    }

    /// The report the page draws: the file's figures, the value's verdicts and the chosen
    /// filter's images.
    pub fn report(&self) -> FilesReport {
        FilesReport {
            error: self.error.clone().or_else(|| self.bits_error.clone()),
            file: self
                .file
                .as_ref()
                .map(|file| Box::new(self.file_report(file))),
        }
    }

    fn file_report(&self, file: &OpenedFile) -> FileReport {
        let summary = &file.summary;
        let count = summary.filters.len();
        let (filter_columns, more_columns) = filter_columns(summary);
        let shown = page_rows(self.page, count);
        let first = shown.start;
        let filters = summary.filters[shown.clone()]
            .iter()
            .map(FilterRow::of)
            .collect();
        let blocks = self.blocks_of_query();
        let value = blocks.map(|blocks| value_report(&self.query, &summary.filters, blocks, shown));
        let h = split_block::hash(self.query.as_bytes());
        let selected = summary.filters.get(self.selected);
        let verdict = selected
            .zip(blocks.and_then(|blocks| blocks.get(self.selected)))
            .map(|(filter, block)| (filter.verdict(h, block), block));
        let drawn = self
            .drawn_bytes
            .as_ref()
            .filter(|(place, _)| *place == self.selected);
        let drawing = selected
            .zip(drawn)
            .map(|(filter, (_, bytes))| drawing(filter, bytes, verdict.as_ref()));
        FileReport {
            name: file.name.clone(),
            size: summary.size,
            rows: summary.rows,
            row_groups: summary.row_groups,
            columns: summary.columns,
            created_by: summary.created_by.clone(),
            filter_count: count,
            filter_columns,
            more_columns,
            first,
            filters,
            value,
            selected: self.selected,
            drawing,
        }
    }
}

/// The value's report: its hash, what every filter says of it summed up, and its verdicts
/// in the filters `shown`; `blocks` holds its block in each filter.
fn value_report(
    query: &str,
    filters: &[FoundFilter],
    blocks: &[[u8; 32]],
    shown: std::ops::Range<usize>,
) -> ValueReport {
    let hash = split_block::hash(query.as_bytes());
    let mut may_contain = 0;
    let mut row_groups = 0;
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    let mut last_group = None;
    // The filters come by row group: a row group is counted at its first filter that may.
    for (filter, block) in filters.iter().zip(blocks) {
        if !filter.verdict(hash, block).may_contain() {
            continue;
        }
        may_contain += 1;
        let group = filter.row_group;
        if last_group == Some(group) {
            continue;
        }
        last_group = Some(group);
        row_groups += 1;
        let listed = ranges.len();
        match ranges.last_mut() {
            Some((_, last)) if *last + 1 == group => *last = group,
            _ if listed < RANGES_LISTED => ranges.push((group, group)),
            _ => {}
        }
    }
    ValueReport {
        value: query.to_owned(),
        hash,
        lanes: split_block::lane_bits(hash).to_vec(),
        may_contain,
        row_groups,
        ranges,
        verdicts: filters[shown.clone()]
            .iter()
            .zip(&blocks[shown])
            .map(|(f, block)| ValueVerdict::of(&f.verdict(hash, block)))
            .collect(),
    }
}

/// The file's columns with filters, in the order of their first filter: the first
/// [`COLUMNS_LISTED`] with their filters and bytes, and how many more there are.
fn filter_columns(summary: &FileSummary) -> (Vec<ColumnFilters>, usize) {
    let mut places: HashMap<&str, usize> = HashMap::new();
    let mut columns: Vec<ColumnFilters> = Vec::new();
    for filter in &summary.filters {
        let place = *places.entry(&filter.column).or_insert_with(|| {
            columns.push(ColumnFilters {
                column: filter.column.clone(),
                filters: 0,
                bytes: 0,
            });
            columns.len() - 1
        });
        columns[place].filters += 1;
        columns[place].bytes += filter.length;
    }
    let more = columns.len().saturating_sub(COLUMNS_LISTED);
    columns.truncate(COLUMNS_LISTED);
    (columns, more)
}

/// The images of `filter`, whose first blocks are `first_bytes`, with the value's
/// `verdict` (and the bytes of its block) framed when there is one.
fn drawing(
    filter: &FoundFilter,
    first_bytes: &[u8],
    verdict: Option<&(FileVerdict, &[u8; 32])>,
) -> FilterDrawing {
    let (overview, width, height) = pixels(first_bytes, verdict.map(|(v, _)| v));
    let (zoom_block, zoom_bytes) = match verdict {
        Some((verdict, bytes)) => (verdict.block, &bytes[..]),
        None => (
            0,
            first_bytes.get(..BLOCK_BYTES as usize).unwrap_or_default(),
        ),
    };
    let (zoom, zoom_width, zoom_height) =
        zoom_pixels(zoom_bytes, zoom_block, verdict.map(|(v, _)| v));
    FilterDrawing {
        filter: FilterRow::of(filter),
        drawn_blocks: filter.blocks().min(DRAWN_BLOCKS),
        overview: Bitmap {
            bmp: bitmap(&overview, width, height),
            width,
            height,
        },
        zoom_block,
        zoom: Bitmap {
            bmp: bitmap(&zoom, zoom_width, zoom_height),
            width: zoom_width,
            height: zoom_height,
        },
    }
}

/// The files view's content as data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesReport {
    /// Why the last file opened cannot be shown (the one before stays).
    pub error: Option<FileError>,
    /// The last file read (boxed: it is the largest answer a worker sends).
    pub file: Option<Box<FileReport>>,
}

/// A file's figures, its filters, the value's verdicts and the chosen filter's drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct FileReport {
    /// The name the page gave it.
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its rows.
    pub rows: i64,
    /// Its row groups.
    pub row_groups: usize,
    /// Its columns.
    pub columns: usize,
    /// The program that wrote it, as its footer says.
    pub created_by: Option<String>,
    /// Bloom filters in the file.
    pub filter_count: usize,
    /// The first [`COLUMNS_LISTED`] columns with filters, in the order of their first filter.
    pub filter_columns: Vec<ColumnFilters>,
    /// Columns with filters beyond those listed.
    pub more_columns: usize,
    /// The place (in the file's filters, by row group then column) of `filters[0]`: a
    /// multiple of [`PAGE_ROWS`].
    pub first: usize,
    /// One row per Bloom filter of the page shown, by row group then column.
    pub filters: Vec<FilterRow>,
    /// The value checked against every filter (none when the field is empty).
    pub value: Option<ValueReport>,
    /// The filter drawn (its place in the file's filters).
    pub selected: usize,
    /// The chosen filter's bits (none when the file has no filter at that place).
    pub drawing: Option<FilterDrawing>,
}

/// A column's filters: how many row groups have one, and their bytes together.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnFilters {
    /// The column (dotted path).
    pub column: String,
    /// Its filters (one per row group that has one).
    pub filters: usize,
    /// Their headers and bitsets, in bytes.
    pub bytes: u64,
}

/// One filter: where it is, its header, its bits and what they imply.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterRow {
    /// Its row group.
    pub row_group: usize,
    /// Its column (dotted path).
    pub column: String,
    /// Where its header starts in the file.
    pub offset: u64,
    /// Its header and bitset, in bytes.
    pub length: u64,
    /// Its header, in bytes.
    pub header_bytes: u64,
    /// Its bitset, in bytes, as the header says.
    pub num_bytes: u64,
    /// The header's algorithm, hash and compression.
    pub algorithm: String,
    /// The header's hash.
    pub hash: String,
    /// The header's compression.
    pub compression: String,
    /// Its 256-bit blocks.
    pub blocks: u64,
    /// Its bits set (none when its bitset could not be read).
    pub bits_set: Option<u64>,
    /// The share of its bits set, `bits_set / (256 · blocks)`.
    pub fill: Option<f64>,
    /// The distinct values its fill implies (`BlockFill::estimated_items`; none also when
    /// every bit is set).
    pub estimated_items: Option<f64>,
    /// The chance a new value finds all its bits set (`BlockFill::rate`).
    pub rate: Option<f64>,
}

impl FilterRow {
    fn of(filter: &FoundFilter) -> FilterRow {
        let figures = filter.figures.as_ref();
        let bits = (filter.blocks() * split_block::BLOCK_BITS).max(1) as f64;
        FilterRow {
            row_group: filter.row_group,
            column: filter.column.clone(),
            offset: filter.offset,
            length: filter.length,
            header_bytes: filter.header_bytes,
            num_bytes: filter.num_bytes,
            algorithm: filter.algorithm.clone(),
            hash: filter.hash.clone(),
            compression: filter.compression.clone(),
            blocks: filter.blocks(),
            bits_set: figures.map(|f| f.bits_set),
            fill: figures.map(|f| f.bits_set as f64 / bits),
            estimated_items: figures.and_then(|f| f.fill.estimated_items),
            rate: figures.map(|f| f.fill.rate),
        }
    }
}

/// A value checked against every filter of the file.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueReport {
    /// The value.
    pub value: String,
    /// Its xxHash64, h.
    pub hash: u64,
    /// The bit it needs in each of a block's eight words.
    pub lanes: Vec<u32>,
    /// Filters of the file that may contain it (all eight bits set).
    pub may_contain: usize,
    /// Row groups with a filter that may contain it: the ones a reader must read.
    pub row_groups: usize,
    /// The first [`RANGES_LISTED`] runs of those row groups, `(first, last)`, ascending.
    pub ranges: Vec<(usize, usize)>,
    /// Its verdict in each filter of the page shown, in their order.
    pub verdicts: Vec<ValueVerdict>,
}

/// A value's verdict in one filter.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueVerdict {
    /// The value's block.
    pub block: u64,
    /// How many of its eight bits are set.
    pub bits_set: u32,
    /// Whether all eight are ("may contain"; otherwise "definitely not").
    pub may_contain: bool,
}

impl ValueVerdict {
    fn of(verdict: &FileVerdict) -> ValueVerdict {
        let mut bits_set = 0;
        for &(_, set) in &verdict.lanes {
            bits_set += u32::from(set);
        }
        ValueVerdict {
            block: verdict.block,
            bits_set,
            may_contain: verdict.may_contain(),
        }
    }
}

/// An image as a BMP file, `width` × `height` pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Bitmap {
    /// The file's bytes.
    pub bmp: Vec<u8>,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
}

/// The chosen filter's bits as images.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterDrawing {
    /// The filter drawn (it may be on another page than the one shown).
    pub filter: FilterRow,
    /// The blocks drawn (at most [`DRAWN_BLOCKS`]).
    pub drawn_blocks: u64,
    /// Its first blocks, one pixel a bit, the value's block framed.
    pub overview: Bitmap,
    /// The block enlarged: the value's, else the first.
    pub zoom_block: u64,
    /// That block, [`crate::filter::parquet_drawing::ZOOM_PIXELS`] pixels a bit.
    pub zoom: Bitmap,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::parquet_fixtures::{example_model, many_filters_model};

    #[test]
    fn a_large_file_is_reported_one_page_at_a_time() {
        let mut model = many_filters_model(1000);
        let file = model.report().file.unwrap();
        assert_eq!(
            (file.filter_count, file.first, file.filters.len()),
            (2000, 0, PAGE_ROWS)
        );
        let columns: Vec<(&str, usize, u64)> = file
            .filter_columns
            .iter()
            .map(|c| (c.column.as_str(), c.filters, c.bytes))
            .collect();
        assert_eq!(columns, [("a", 1000, 48_000), ("b", 1000, 48_000)]);
        assert_eq!(file.more_columns, 0);
        // A page past the last shows the last; the drawn filter stays when the page turns.
        model.page = 1000;
        model.selected = 3;
        let file = model.report().file.unwrap();
        assert_eq!((file.first, file.filters.len()), (1950, 50));
        assert_eq!(file.filters[0].row_group, 975);
        let drawn = file.drawing.unwrap();
        assert_eq!(
            (drawn.filter.row_group, drawn.filter.column.as_str()),
            (1, "b")
        );
        // The answer stays small: one page of rows, not 2,000.
        let bytes = crate::protocol::Answer::FileShown {
            report: model.report(),
        }
        .encode();
        assert!(bytes.len() < 20_000, "{}", bytes.len());
    }

    #[test]
    fn a_value_is_checked_against_every_filter_and_summed_up_by_row_group() {
        let mut model = many_filters_model(1000);
        model.query = "both".into();
        model.page = 2;
        let value = model.report().file.unwrap().value.unwrap();
        // Row groups 0, 3, …, 999: 334 of them, two filters each; false positives may add
        // more, never fewer.
        assert!(value.row_groups >= 334, "{}", value.row_groups);
        assert!(value.may_contain >= 668);
        assert!(value.ranges.len() <= RANGES_LISTED);
        assert_eq!(value.ranges[0].0, 0);
        assert_eq!(value.verdicts.len(), PAGE_ROWS);
        // The page's verdicts agree with each filter's whole bitset.
        let both = split_block::hash(b"both");
        for (row, verdict) in value.verdicts.iter().enumerate() {
            let bitset = &model.bitsets[2 * PAGE_ROWS + row];
            assert_eq!(
                verdict.may_contain,
                split_block::bitset_may_contain(bitset, both)
            );
        }
        // A value in one filter only: row group 500, found by its own filter.
        model.query = "a500".into();
        let value = model.report().file.unwrap().value.unwrap();
        assert!(
            value.ranges.contains(&(500, 500))
                || value.ranges.iter().any(|r| r.0 <= 500 && 500 <= r.1)
        );
        let a500 = split_block::hash(b"a500");
        let truth = model
            .bitsets
            .iter()
            .filter(|bitset| split_block::bitset_may_contain(bitset, a500))
            .count();
        assert_eq!(value.may_contain, truth);
    }

    #[test]
    fn the_report_holds_each_filter_s_figures_and_the_value_s_verdicts() {
        let report = example_model("hello").report();
        assert_eq!(report.error, None);
        let file = report.file.unwrap();
        let row = &file.filters[0];
        assert_eq!((row.blocks, row.bits_set, row.length), (32, Some(32), 1040));
        assert_eq!(row.fill, Some(32.0 / 8192.0));
        let value = file.value.unwrap();
        assert_eq!(value.lanes.len(), 8);
        assert_eq!(value.verdicts[0].block, 4);
        assert!(value.verdicts[0].may_contain);
        assert_eq!(value.verdicts[0].bits_set, 8);
        let absent = example_model("absent")
            .report()
            .file
            .unwrap()
            .value
            .unwrap();
        assert_eq!(absent.verdicts[0].block, 18);
        assert!(!absent.verdicts[0].may_contain);
        assert!(absent.verdicts[0].bits_set < 8);
    }

    #[test]
    fn the_drawing_shows_the_first_blocks_and_enlarges_the_value_s_block() {
        let drawing = example_model("absent")
            .report()
            .file
            .unwrap()
            .drawing
            .unwrap();
        // 32 blocks, 8 a row: 4 rows of blocks, 264 × 36 pixels of a byte after 54 bytes of
        // headers and 24 of palette.
        assert_eq!((drawing.overview.width, drawing.overview.height), (264, 36));
        assert_eq!(drawing.overview.bmp.len(), 54 + 24 + 264 * 36);
        assert_eq!(drawing.drawn_blocks, 32);
        assert_eq!(drawing.zoom_block, 18);
        assert_eq!((drawing.zoom.width, drawing.zoom.height), (128, 32));
        // Without a value, the first block is enlarged and no value is reported.
        let file = example_model("").report().file.unwrap();
        assert_eq!(file.drawing.unwrap().zoom_block, 0);
        assert!(file.value.is_none());
    }

    /// A file that can no longer be read (it went away), counting the reads asked of it.
    struct Gone(std::cell::Cell<usize>);

    impl FilterBits for Gone {
        fn value_blocks(&self, _: &[FoundFilter], _: u64) -> Result<Vec<[u8; 32]>, FileError> {
            self.0.set(self.0.get() + 1);
            Err(FileError::Unreadable {
                detail: "gone".into(),
            })
        }

        fn first_bytes(&self, _: &FoundFilter, _: u64) -> Result<Vec<u8>, FileError> {
            self.0.set(self.0.get() + 1);
            Err(FileError::Unreadable {
                detail: "gone".into(),
            })
        }

        fn figures(&self, _: &FoundFilter) -> Result<Figures, FileError> {
            self.0.set(self.0.get() + 1);
            Err(FileError::Unreadable {
                detail: "gone".into(),
            })
        }
    }

    #[test]
    fn bits_are_read_once_per_value_and_filter_and_a_failed_read_keeps_the_file() {
        let mut held = many_filters_model(10);
        held.query = "both".into();
        let value = held.report().file.unwrap().value.unwrap();
        // What was read is kept: turning the page or reporting again reads nothing.
        let gone = Gone(std::cell::Cell::new(0));
        held.page = 1;
        held.model.refresh(&gone);
        assert_eq!(gone.0.get(), 0);
        let report = held.model.report();
        assert_eq!(report.error, None);
        assert_eq!(
            report.file.unwrap().value.unwrap().may_contain,
            value.may_contain
        );
        // A new value and a new filter to draw are read; when the file cannot be read the
        // file stays, without a value or a drawing, and the error says why.
        held.query = "a3".into();
        held.selected = 5;
        held.model.refresh(&gone);
        assert_eq!(gone.0.get(), 2);
        let report = held.model.report();
        assert_eq!(
            report.error.as_ref().map(FileError::key),
            Some("unreadable")
        );
        let file = report.file.unwrap();
        assert_eq!(
            (file.filter_count, file.value, file.drawing),
            (20, None, None)
        );
        // Once the file can be read again, so are they, and the error is gone.
        let report = held.report();
        assert_eq!(report.error, None);
        let file = report.file.unwrap();
        assert!(file.value.unwrap().may_contain >= 1);
        assert_eq!(file.drawing.unwrap().filter.row_group, 2);
    }

    #[test]
    fn figures_not_summed_at_opening_are_read_when_their_row_is_shown() {
        let mut held = many_filters_model(100);
        let summed = held.file.as_ref().unwrap().summary.filters[120].figures;
        for place in [120, 130] {
            held.model.file.as_mut().unwrap().summary.filters[place].figures = None;
        }
        held.report();
        // Not shown yet: nothing is read for them.
        let gone = Gone(std::cell::Cell::new(0));
        held.model.refresh(&gone);
        assert_eq!(gone.0.get(), 0);
        // Page 2 shows filters 100 to 149: a file that cannot be read leaves them without
        // figures (no number stands for bits not read) and names the error.
        held.page = 2;
        held.model.refresh(&gone);
        let report = held.model.report();
        assert_eq!(
            report.error.as_ref().map(FileError::key),
            Some("unreadable")
        );
        let row = &report.file.unwrap().filters[20];
        assert_eq!((row.bits_set, row.fill, row.rate), (None, None, None));
        // Read from the file, they are the figures the opening would have summed.
        let file = held.report().file.unwrap();
        let row = &file.filters[20];
        assert_eq!(row.bits_set, summed.map(|f| f.bits_set));
        assert_eq!(row.rate, summed.map(|f| f.fill.rate));
        assert!(file.filters.iter().all(|row| row.bits_set.is_some()));
    }

    #[test]
    fn a_bad_file_keeps_the_last_good_one_and_names_its_problem() {
        let mut model = example_model("hello");
        model.opened("x".into(), Err(FileError::EncryptedFooter));
        let report = model.report();
        assert_eq!(report.error, Some(FileError::EncryptedFooter));
        assert_eq!(report.file.unwrap().name, "f.parquet");
        assert_eq!(FilesModel::default().report(), FilesReport::default());
    }
}
