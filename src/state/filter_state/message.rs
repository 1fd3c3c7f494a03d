//! What the last action did, and the fields whose input was refused.

use crate::filter::CounterChange;
use crate::state::fields::FieldProblem;

/// A field whose last input was rejected, and why; the setting keeps its previous value.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    /// What was typed.
    pub input: String,
    /// Why it was rejected.
    pub problem: FieldProblem,
}

/// Rejected inputs, one slot per numeric field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldErrors {
    /// The m field.
    pub m: Option<FieldError>,
    /// The k field.
    pub k: Option<FieldError>,
    /// The counter width field.
    pub width: Option<FieldError>,
    /// The hash family choice (the seed's has at most six hashes).
    pub family: Option<FieldError>,
    /// The layout choice (partitioned needs m ≥ k).
    pub layout: Option<FieldError>,
}

/// The filter's number fields while they are being typed in, before Enter or leaving the
/// field commits them (the page shows this text rather than the committed value, so that
/// a re-render in the meantime keeps what is typed).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldDrafts {
    /// The m field.
    pub m: Option<String>,
    /// The k field.
    pub k: Option<String>,
    /// The counter width field.
    pub width: Option<String>,
}

/// One of the filter's number fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingField {
    /// m.
    M,
    /// k.
    K,
    /// The counter width.
    Width,
}

/// What the last action did, for the message area.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Add or query with nothing typed.
    EmptyItem,
    /// The item typed, or a line pasted, is not taken: too long.
    ItemRefused(crate::state::fields::FieldProblem),
    /// An add or remove typed in a view whose embedding page locked the items.
    ItemsLocked,
    /// A change to the filter while the link the page opened with is still adding its
    /// items (done of total).
    LinkStillOpening {
        /// Entries added so far.
        done: usize,
        /// Entries in the link.
        total: usize,
    },
    /// A change to the filter while a practice set is asked on it.
    PracticeInProgress,
    /// A demonstration replaced the filter (undo brings the previous one back).
    DemoLoaded,
    /// A lesson replaced a filter that held items (undo brings them back).
    LessonReplaced,
    /// An item was added; `newly_set` of its positions went from 0 to set.
    Added {
        /// The item.
        item: String,
        /// Positions that changed from 0.
        newly_set: usize,
    },
    /// Several items were added at once.
    AddedMany {
        /// How many.
        count: usize,
    },
    /// A long paste was stopped part of the way.
    BulkStopped {
        /// Lines added.
        done: usize,
        /// Lines in the paste.
        total: usize,
    },
    /// A removal was refused because the item is certainly not in the filter.
    RemoveRefusedAbsent {
        /// The item.
        item: String,
        /// Its positions with counter 0.
        zero_positions: Vec<u64>,
    },
    /// A removal was refused because the item tests as present but was never added.
    RemoveRefusedFalsePositive {
        /// The item.
        item: String,
    },
    /// A plain filter cannot remove; the naive delete is offered as a demonstration.
    PlainCannotRemove {
        /// The item.
        item: String,
    },
    /// An item was removed from the counting filter.
    Removed {
        /// The item.
        item: String,
        /// Each counter's change.
        changes: Vec<CounterChange>,
    },
    /// An unsafe removal happened; these members now test as absent.
    FalseNegativesCreated {
        /// The item removed.
        item: String,
        /// Members that are now reported as "definitely not".
        victims: Vec<String>,
    },
    /// Undo had nothing to undo.
    NothingToUndo,
    /// Redo had nothing to do.
    NothingToRedo,
}
