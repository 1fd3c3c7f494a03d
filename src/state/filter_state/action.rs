//! Every change to the page's filter ([`FilterAction`]), what each keeps (the message,
//! the timeline) and which lock of an embedding page stops it, and the step-by-step walk.

use std::rc::Rc;

use crate::filter::{HashFamily, Layout};
use crate::state::demos::Demo;
use crate::state::settings::Mode;
use crate::state::url::Lockable;

use super::{BulkBuilder, SettingField};

/// A change to the page's filter.
#[derive(Debug, Clone, PartialEq)]
pub enum FilterAction {
    /// The text in the item field changed.
    SetDraft(String),
    /// Put a word not in the set into the item field, drawn from the page's seed.
    TryWord,
    /// Add the item in the field (the field is then emptied).
    AddDraft,
    /// Query the item in the field.
    QueryDraft,
    /// Name the items that set the bits of the false positive shown (the answer's
    /// explanation, not another query).
    ShowCulprits,
    /// Add one item.
    AddItem(String),
    /// Query one item.
    QueryItem(String),
    /// Add every non-empty line of a pasted text.
    AddLines(String),
    /// Add this many random words not yet in the set.
    AddRandomWords(usize),
    /// Remove an item: counters in counting mode, refused when unsafe; in plain mode this is
    /// refused with an explanation.
    Remove(String),
    /// Remove the item in the field: counters in counting mode, naive delete refused in
    /// plain mode.
    RemoveDraft,
    /// Counting mode: remove an item that tests as present but was never added.
    ForceRemove(String),
    /// Plain mode: clear the item's bits, to show the false negatives it causes.
    NaiveDelete(String),
    /// Text typed in one of the filter's number fields, not yet committed.
    TypeSetting(SettingField, String),
    /// m typed in its field.
    SetM(String),
    /// k typed in its field.
    SetK(String),
    /// Counter width typed in its field.
    SetWidth(String),
    /// Choose the hash family.
    SetFamily(HashFamily),
    /// Choose the layout: standard, partitioned, blocked or split-block.
    SetLayout(Layout),
    /// Switch between plain and counting filters.
    SetMode(Mode),
    /// Empty the filter (undoable).
    Reset,
    /// Undo the last change to the settings or items.
    Undo,
    /// Redo what was undone.
    Redo,
    /// Start the step-by-step walk of adding or querying the item in the field.
    StartWalk(WalkKind),
    /// Next step of the walk (the last step performs the add or query).
    StepWalk,
    /// Previous step of the walk.
    StepBackWalk,
    /// Leave the walk without doing anything.
    CancelWalk,
    /// Load a prepared demonstration (undoable).
    LoadDemo(Demo),
    /// Hide the message about the last action.
    DismissMessage,
    /// A long paste of this many lines is being added in slices by a [`BulkBuilder`].
    BulkStart(usize),
    /// How many of the paste's lines are in the builder so far.
    BulkProgress(usize),
    /// The paste is done, or was stopped: its items join the set as one undo step. Ignored
    /// if the settings or items changed since [`FilterAction::BulkStart`].
    BulkFinish(Rc<BulkBuilder>),
    /// Forget the restored session: an empty filter at the default settings, the first
    /// view, no lesson, quiz or sets (undoable).
    StartFresh,
    /// Show the filter as it was after the log's first t operations; `None` (or the
    /// whole log) shows it as it is now.
    Seek(Option<usize>),
}

impl FilterAction {
    /// Whether the message about the last action stays: through typing, a word to try and
    /// the slices of a paste; every other change to the filter replaces it.
    pub fn keeps_message(&self) -> bool {
        matches!(
            self,
            FilterAction::SetDraft(_)
                | FilterAction::TryWord
                | FilterAction::TypeSetting(..)
                | FilterAction::BulkProgress(_)
        )
    }

    /// Whether the timeline stays where it is through this action: typing, queries and
    /// their walks, moving along the timeline. Anything else that touches the filter
    /// first brings the filter back to now.
    pub fn keeps_timeline(&self) -> bool {
        // What changes neither the settings nor the items, except a paste joining them.
        self.needs_unlocked().is_empty() && !matches!(self, FilterAction::BulkFinish(_))
    }

    /// The control an embedding page's `lock=` must leave open: m, k, the hash, the layout,
    /// the mode or the width for their settings; `items` for anything that changes the items.
    pub fn needs_unlocked(&self) -> &'static [Lockable] {
        match self {
            FilterAction::SetM(_) => &[Lockable::M],
            FilterAction::SetK(_) => &[Lockable::K],
            FilterAction::SetFamily(_) => &[Lockable::Hash],
            FilterAction::SetLayout(_) => &[Lockable::Layout],
            FilterAction::SetMode(_) => &[Lockable::Mode],
            FilterAction::SetWidth(_) => &[Lockable::Width],
            FilterAction::AddDraft
            | FilterAction::AddItem(_)
            | FilterAction::AddLines(_)
            | FilterAction::BulkStart(_)
            | FilterAction::AddRandomWords(_)
            | FilterAction::Remove(_)
            | FilterAction::RemoveDraft
            | FilterAction::ForceRemove(_)
            | FilterAction::NaiveDelete(_)
            | FilterAction::Reset
            | FilterAction::Undo
            | FilterAction::Redo
            | FilterAction::LoadDemo(_)
            | FilterAction::StartFresh
            | FilterAction::StartWalk(WalkKind::Add) => &[Lockable::Items],
            FilterAction::SetDraft(_)
            | FilterAction::TryWord
            | FilterAction::TypeSetting(..)
            | FilterAction::QueryDraft
            | FilterAction::ShowCulprits
            | FilterAction::QueryItem(_)
            | FilterAction::StartWalk(WalkKind::Query)
            | FilterAction::StepWalk
            | FilterAction::StepBackWalk
            | FilterAction::CancelWalk
            | FilterAction::DismissMessage
            | FilterAction::BulkProgress(_)
            | FilterAction::BulkFinish(_)
            | FilterAction::Seek(_) => &[],
        }
    }
}

/// Which operation a step-by-step walk shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkKind {
    /// Setting the k bits.
    Add,
    /// Testing the k bits.
    Query,
}

/// A step-by-step walk: step 0 shows the hash, step `i + 1` shows position `i`, step
/// `k + 1` shows the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    /// Add or query.
    pub kind: WalkKind,
    /// The item.
    pub item: String,
    /// The current step, `0..=k+1`.
    pub step: u32,
}
