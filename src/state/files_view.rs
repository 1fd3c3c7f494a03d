//! The files view's model on the page: the value typed and the filter chosen (which go to
//! the Parquet worker with each request), whether the link asked for the bundled example,
//! and the content the worker made last ([`FilesContent`]).

use std::rc::Rc;

/// The bundled example (parquet-testing's `data_index_bloom_encoding_stats.parquet`), beside
/// the page.
pub const EXAMPLE_FILE: &str = "examples/data_index_bloom_encoding_stats.parquet";

/// The example's name as the view shows it.
pub const EXAMPLE_NAME: &str = "data_index_bloom_encoding_stats.parquet";

/// The view's content for the page, as the Parquet worker writes it (`files_markup`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesContent {
    /// Beside the picker: the file's problem (`data-file-error`), its figures and the table
    /// of its filters (`.parquet-filter`).
    pub top: String,
    /// Below the value's field (empty when no file is shown): its hash and each filter's
    /// verdict (`.parquet-verdict`), then the chosen filter's header and its blocks.
    pub bottom: String,
}

/// The files view's state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesState {
    /// The value checked against every filter.
    pub query: String,
    /// The filter drawn (its place in the list).
    pub selected: usize,
    /// Whether the page opens the bundled example (`files_example=1`).
    pub example: bool,
    /// Whether a file is being read (the panel says it is busy).
    pub reading: bool,
    /// What the worker made for the last request it answered.
    pub content: Option<Rc<FilesContent>>,
}

/// A change to the files view.
#[derive(Debug, Clone, PartialEq)]
pub enum FilesAction {
    /// A file was chosen (or dropped) and is being read.
    Opening,
    /// The example is being read.
    OpeningExample,
    /// (system event) The worker's content for the latest file, value and filter.
    Shown(Rc<FilesContent>),
    /// Draw the filter at this place in the list.
    Select(usize),
    /// The value typed in `#parquet-query`.
    Query(String),
    /// Open the bundled example when the view is shown, unless a file is shown already (a
    /// lesson's step).
    WantExample,
}

impl FilesState {
    /// The state after `action`.
    pub fn apply(mut self, action: FilesAction) -> FilesState {
        match action {
            FilesAction::Opening => {
                self.example = false;
                self.reading = true;
            }
            FilesAction::OpeningExample => {
                self.example = true;
                self.reading = true;
            }
            FilesAction::Shown(content) => {
                self.content = Some(content);
                self.reading = false;
            }
            FilesAction::Select(place) => self.selected = place,
            FilesAction::Query(value) => self.query = value,
            FilesAction::WantExample => self.example = true,
        }
        self
    }

    /// Whether the page should open the example now: asked for by the link, and nothing
    /// opened yet.
    pub fn wants_example(&self) -> bool {
        self.example && self.content.is_none() && !self.reading
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_is_opened_once_and_content_ends_the_reading() {
        let state = FilesState {
            example: true,
            ..FilesState::default()
        };
        assert!(state.wants_example());
        let state = state.apply(FilesAction::OpeningExample);
        assert!(!state.wants_example() && state.reading);
        let state = state.apply(FilesAction::Shown(Rc::default()));
        assert!(state.content.is_some() && !state.wants_example() && !state.reading);
        // A file of one's own: the link no longer names the example.
        let state = state.apply(FilesAction::Opening);
        assert!(!state.example);
    }
}
