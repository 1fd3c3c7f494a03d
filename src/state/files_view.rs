//! The files view's model, kept by the view's module (`src/ui/files_view/`): the value
//! typed and the filter and page chosen (which go to the Parquet worker with each request),
//! whether a file is being read, and what the worker found last ([`FilesShown`]). What the
//! link says of the view (the example asked for, the value) is the page's
//! ([`crate::protocol::files_view::FilesParams`]).

use std::rc::Rc;

use crate::filter::parquet_report::{FilesReport, PAGE_ROWS};
use crate::filter::parquet_summary::FileError;

/// The bundled example (parquet-testing's `data_index_bloom_encoding_stats.parquet`), beside
/// the page.
pub const EXAMPLE_FILE: &str = "examples/data_index_bloom_encoding_stats.parquet";

/// The example's name as the view shows it.
pub const EXAMPLE_NAME: &str = "data_index_bloom_encoding_stats.parquet";

/// The values the example file offers to try: one of its values, and one that is not.
pub const EXAMPLE_VALUES: [&str; 2] = ["dog", "cat"];

/// The worker's last report, with the chosen filter's images as `data:` addresses (made
/// once, when the report arrives, not at each drawing).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesShown {
    /// The report.
    pub report: FilesReport,
    /// The chosen filter's first blocks and its enlarged block, as addresses of images.
    pub images: Option<(String, String)>,
}

impl FilesShown {
    /// `report`, with its images' addresses.
    pub fn new(report: FilesReport) -> FilesShown {
        let drawing = report.file.as_ref().and_then(|f| f.drawing.as_ref());
        let images = drawing.map(|d| (bmp_address(&d.overview.bmp), bmp_address(&d.zoom.bmp)));
        FilesShown { report, images }
    }
}

/// The `data:` address of a BMP file: `data:image/bmp;base64,` and the bytes in base64
/// (RFC 4648: each 3 bytes as 4 characters of 6 bits, `=` filling the last group).
pub fn bmp_address(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(22 + bytes.len().div_ceil(3) * 4);
    out.push_str("data:image/bmp;base64,");
    for group in bytes.chunks(3) {
        let mut word = 0u32;
        for (i, &byte) in group.iter().enumerate() {
            word |= u32::from(byte) << (16 - 8 * i);
        }
        for i in 0..4 {
            if i <= group.len() {
                out.push(char::from(DIGITS[(word >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The files view's state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesState {
    /// The value checked against every filter.
    pub query: String,
    /// The filter drawn (its place in the list).
    pub selected: usize,
    /// The page of the table of filters shown (as the worker last reported it, or asked).
    pub page: usize,
    /// Whether a file is being read (the panel says it is busy).
    pub reading: bool,
    /// What the worker found for the last request it answered.
    pub shown: Option<Rc<FilesShown>>,
    /// The worker stopped (a trap, no memory): the file it was reading is unreadable.
    pub failure: Option<FileError>,
}

/// A change to the files view.
#[derive(Debug, Clone, PartialEq)]
pub enum FilesAction {
    /// A file was chosen (or dropped) and is being read.
    Opening,
    /// The example is being read.
    OpeningExample,
    /// (system event) The worker's report for the latest file, value and filter.
    Shown(Rc<FilesShown>),
    /// (system event) The worker stopped (a trap, no memory) while reading the file asked.
    Failed,
    /// Draw the filter at this place in the list.
    Select(usize),
    /// Show this page of the table of filters.
    Page(usize),
    /// The value typed in `#parquet-query`.
    Query(String),
}

impl FilesState {
    /// The state after `action`.
    pub fn apply(mut self, action: FilesAction) -> FilesState {
        match action {
            FilesAction::Opening | FilesAction::OpeningExample => self.reading = true,
            FilesAction::Shown(shown) => {
                // The worker's report says which page and filter it shows (a new file
                // starts at the first).
                if let Some(file) = &shown.report.file {
                    self.page = file.first / PAGE_ROWS;
                    self.selected = file.selected;
                }
                self.shown = Some(shown);
                self.failure = None;
                self.reading = false;
            }
            FilesAction::Failed => {
                self.failure = Some(FileError::ReaderStopped);
                self.reading = false;
            }
            FilesAction::Select(place) => self.selected = place,
            FilesAction::Page(page) => self.page = page,
            FilesAction::Query(value) => self.query = value,
        }
        self
    }

    /// Whether the view should open the example now: `asked` for by the link (or a
    /// lesson's step), and nothing opened yet.
    pub fn wants_example(&self, asked: bool) -> bool {
        asked && self.shown.is_none() && !self.reading
    }

    /// Why the last file opened cannot be shown: the worker's failure, or what it found.
    pub fn error(&self) -> Option<&FileError> {
        let reported = self.shown.as_ref().and_then(|s| s.report.error.as_ref());
        self.failure.as_ref().or(reported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_is_opened_once_and_content_ends_the_reading() {
        let state = FilesState::default();
        assert!(state.wants_example(true) && !state.wants_example(false));
        let state = state.apply(FilesAction::OpeningExample);
        assert!(!state.wants_example(true) && state.reading);
        let state = state.apply(FilesAction::Shown(Rc::default()));
        assert!(state.shown.is_some() && !state.wants_example(true) && !state.reading);
    }

    #[test]
    fn a_worker_that_stops_leaves_the_last_report_and_names_the_file_unreadable() {
        let report = FilesReport {
            error: Some(FileError::Truncated),
            file: None,
        };
        let state =
            FilesState::default().apply(FilesAction::Shown(Rc::new(FilesShown::new(report))));
        assert_eq!(state.error(), Some(&FileError::Truncated));
        let state = state.apply(FilesAction::Opening).apply(FilesAction::Failed);
        assert!(state.shown.is_some() && !state.reading);
        assert_eq!(state.error().map(FileError::key), Some("unreadable"));
    }

    #[test]
    fn images_are_written_in_base64() {
        assert_eq!(bmp_address(b"Man"), "data:image/bmp;base64,TWFu");
        assert_eq!(bmp_address(b"Ma"), "data:image/bmp;base64,TWE=");
        assert_eq!(bmp_address(b"M"), "data:image/bmp;base64,TQ==");
        assert_eq!(
            bmp_address(&[0xff, 0xfe, 0x00, 0x3e]),
            "data:image/bmp;base64,//4APg=="
        );
    }
}
