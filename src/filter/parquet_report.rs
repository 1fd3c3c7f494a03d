//! What the Parquet worker (`src/bin/parquet_worker.rs`) keeps of the files it reads
//! ([`FilesModel`]) and what it sends the page for the files view ([`FilesReport`]): data,
//! not markup. The report holds every figure the view shows (each filter's place, size,
//! bits and what they imply; a value's hash, lanes and verdict in each filter; the chosen
//! filter's header and its bits as images), so the page draws it in any language without
//! asking again.

use crate::filter::blocked::BlockFill;
use crate::filter::parquet_drawing::{bitmap, pixels, zoom_pixels, DRAWN_BLOCKS};
use crate::filter::parquet_summary::{FileError, FileSummary, FileVerdict, FoundFilter};
use crate::filter::split_block;

/// A file read: its name, what the worker found, and each filter's fill figures.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedFile {
    /// The name the page gave it.
    pub name: String,
    /// Its filters.
    pub summary: FileSummary,
    /// Each filter's [`BlockFill`], in the order of `summary.filters`.
    pub fills: Vec<BlockFill>,
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
}

impl FilesModel {
    /// Takes the result of reading the file `name`: a file that cannot be read leaves the
    /// last one read, with the reason.
    pub fn opened(&mut self, name: String, result: Result<FileSummary, FileError>) {
        match result {
            Ok(summary) => {
                let fills = summary.filters.iter().map(|f| f.fill()).collect();
                self.file = Some(OpenedFile {
                    name,
                    summary,
                    fills,
                });
                self.selected = 0;
                self.error = None;
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// The report the page draws: the file's figures, the value's verdicts and the chosen
    /// filter's images.
    pub fn report(&self) -> FilesReport {
        FilesReport {
            error: self.error.clone(),
            file: self.file.as_ref().map(|file| self.file_report(file)),
        }
    }

    fn file_report(&self, file: &OpenedFile) -> FileReport {
        let summary = &file.summary;
        let filters = summary
            .filters
            .iter()
            .zip(&file.fills)
            .map(|(filter, fill)| FilterRow::of(filter, fill))
            .collect();
        let verdicts: Vec<FileVerdict> = if self.query.is_empty() {
            Vec::new()
        } else {
            let value = self.query.as_bytes();
            summary.filters.iter().map(|f| f.verdict(value)).collect()
        };
        let value = (!self.query.is_empty()).then(|| {
            let hash = split_block::hash(self.query.as_bytes());
            ValueReport {
                value: self.query.clone(),
                hash,
                lanes: split_block::lane_bits(hash).to_vec(),
                verdicts: verdicts.iter().map(ValueVerdict::of).collect(),
            }
        });
        let drawing = summary.filters.get(self.selected).map(|filter| {
            let verdict = verdicts.get(self.selected);
            let (overview, width, height) = pixels(&filter.bitset, verdict);
            let zoom_block = verdict.map_or(0, |v| v.block);
            let (zoom, zoom_width, zoom_height) = zoom_pixels(&filter.bitset, zoom_block, verdict);
            FilterDrawing {
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
        });
        FileReport {
            name: file.name.clone(),
            size: summary.size,
            rows: summary.rows,
            row_groups: summary.row_groups,
            columns: summary.columns,
            created_by: summary.created_by.clone(),
            filters,
            value,
            selected: self.selected,
            drawing,
        }
    }
}

/// The files view's content as data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesReport {
    /// Why the last file opened cannot be shown (the one before stays).
    pub error: Option<FileError>,
    /// The last file read.
    pub file: Option<FileReport>,
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
    /// One row per Bloom filter, by row group then column.
    pub filters: Vec<FilterRow>,
    /// The value checked against every filter (none when the field is empty).
    pub value: Option<ValueReport>,
    /// The filter drawn (its place in `filters`).
    pub selected: usize,
    /// The chosen filter's bits (none when the file has no filter at that place).
    pub drawing: Option<FilterDrawing>,
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
    /// Its bits set.
    pub bits_set: u64,
    /// The share of its bits set, `bits_set / (256 · blocks)`.
    pub fill: f64,
    /// The distinct values its fill implies ([`BlockFill::estimated_items`]).
    pub estimated_items: Option<f64>,
    /// The chance a new value finds all its bits set ([`BlockFill::rate`]).
    pub rate: f64,
}

impl FilterRow {
    fn of(filter: &FoundFilter, fill: &BlockFill) -> FilterRow {
        let bits_set = filter.bits_set();
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
            bits_set,
            fill: bits_set as f64 / (filter.blocks() * split_block::BLOCK_BITS).max(1) as f64,
            estimated_items: fill.estimated_items,
            rate: fill.rate,
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
    /// Its verdict in each filter, in the order of the file's filters.
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
/// parquet-testing's bloom_filter.xxhash.bin as the one filter of a file, with `query`
/// typed: the fixture of the files view's tests.
pub(crate) fn example_model(query: &str) -> FilesModel {
    let bin = include_bytes!("../../tests/data/parquet/bloom_filter.xxhash.bin");
    let filter = FoundFilter {
        row_group: 0,
        column: "value".into(),
        offset: 4,
        length: bin.len() as u64,
        header_bytes: 16,
        num_bytes: 1024,
        algorithm: "BLOCK".into(),
        hash: "XXHASH".into(),
        compression: "UNCOMPRESSED".into(),
        bitset: bin[16..].to_vec(),
    };
    let summary = FileSummary {
        size: 2000,
        rows: 4,
        row_groups: 1,
        columns: 1,
        created_by: Some("a <writer>".into()),
        filters: vec![filter],
    };
    let mut model = FilesModel {
        query: query.into(),
        ..FilesModel::default()
    };
    model.opened("f.parquet".into(), Ok(summary));
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_holds_each_filter_s_figures_and_the_value_s_verdicts() {
        let report = example_model("hello").report();
        assert_eq!(report.error, None);
        let file = report.file.unwrap();
        let row = &file.filters[0];
        assert_eq!((row.blocks, row.bits_set, row.length), (32, 32, 1040));
        assert_eq!(row.fill, 32.0 / 8192.0);
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
