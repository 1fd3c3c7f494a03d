//! The page's filter, which the visualizer changes and every view reads: its settings, its
//! item log and the filter and members they build, the item field, the last answer, a
//! step-by-step walk, a long paste, the timeline, the query record and the message about
//! the last action. [`FilterState::apply`] is its reducer for [`FilterAction`].
//!
//! Undo and redo are the page's (`AppState`'s history), since a lesson step is one undo
//! step too: a change that is an undo step leaves the filter as it was before it
//! (`FilterState::take_undo_point`) for the page to record.

use std::rc::Rc;

use crate::state::fields::check_item;
use crate::state::log::{replay, LogEntry, Members};
use crate::state::query::{run_query_without_culprits, Asked, QueryReport};
use crate::state::query_record::QueryRecord;
use crate::state::settings::{FilterModel, Settings};

mod action;
mod apply;
mod bulk;
mod link_entries;
mod message;
mod removal;
mod walk;

pub use action::{FilterAction, Walk, WalkKind};
pub use bulk::{pasted_item, pasted_lines, BulkBuilder, BulkProgress};
pub use message::{FieldDrafts, FieldError, FieldErrors, Message, SettingField};

/// Mixed into the page's random seed to draw the words "Try a word" offers (a sequence
/// apart from the words "Add 5 random words" adds).
pub const TRY_WORDS_SEED: u64 = 0x7472_7921;

/// The filter as it was at one point: its settings and item log (what undo restores).
#[derive(Debug, Clone, PartialEq)]
pub struct FilterPoint {
    /// The settings.
    pub settings: Settings,
    /// Every change to the items, in order.
    pub log: Rc<Vec<LogEntry>>,
}

/// The timeline away from now: the operations shown, and the filter and members as they
/// are now.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::state) struct Scrub {
    pub(in crate::state) t: usize,
    pub(in crate::state) now: (Rc<FilterModel>, Rc<Members>),
}

/// The page's filter and what goes with it.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterState {
    pub(in crate::state) settings: Settings,
    pub(in crate::state) log: Rc<Vec<LogEntry>>,
    pub(in crate::state) filter: Rc<FilterModel>,
    pub(in crate::state) members: Rc<Members>,
    pub(in crate::state) draft: String,
    /// The item the field held when it was added (the field is then cleared): the bit
    /// array keeps showing its positions until the next change.
    pub(in crate::state) last_added: Option<String>,
    /// How many words "Try a word" has drawn.
    tried_words: u64,
    pub(in crate::state) last_query: Option<Rc<QueryReport>>,
    pub(in crate::state) walk: Option<Walk>,
    pub(in crate::state) bulk: Option<BulkProgress>,
    pub(in crate::state) message: Option<Message>,
    pub(in crate::state) field_errors: FieldErrors,
    field_drafts: FieldDrafts,
    random_seed: u64,
    pub(in crate::state) random_next: u64,
    /// Changes with the settings, the items and what the timeline shows (and, bumped by the
    /// page, with the sets view's sets and folds).
    pub(in crate::state) revision: u64,
    /// Changes with the settings and the items only.
    pub(in crate::state) items_revision: u64,
    /// While the timeline shows an earlier filter: where, and the filter as it is now
    /// (`filter` and `members` then hold the earlier one).
    pub(in crate::state) timeline: Option<Box<Scrub>>,
    query_record: QueryRecord,
    /// The filter before the change being made, when that change is an undo step.
    undo_point: Option<FilterPoint>,
}

impl FilterState {
    /// A filter with these settings and items.
    pub fn new(settings: Settings, log: Vec<LogEntry>) -> Self {
        let (filter, members) = replay(&settings, &log);
        FilterState {
            settings,
            log: Rc::new(log),
            filter: Rc::new(filter),
            members: Rc::new(members),
            draft: String::new(),
            last_added: None,
            tried_words: 0,
            last_query: None,
            walk: None,
            bulk: None,
            message: None,
            field_errors: FieldErrors::default(),
            field_drafts: FieldDrafts::default(),
            random_seed: 0x5eed,
            random_next: 0,
            revision: 0,
            items_revision: 0,
            timeline: None,
            query_record: QueryRecord::default(),
            undo_point: None,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    /// Every change to the items, in order.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    /// The filter shown (as of the timeline's operation while it shows an earlier one),
    /// shared: cheap to clone, compared by identity in the UI.
    pub fn filter(&self) -> &Rc<FilterModel> {
        &self.filter
    }
    /// The items in the set, shared.
    pub fn members(&self) -> &Rc<Members> {
        &self.members
    }
    /// The text in the item field.
    pub fn draft(&self) -> &str {
        &self.draft
    }
    /// The last query's report, until the filter changes.
    pub fn last_query(&self) -> Option<&Rc<QueryReport>> {
        self.last_query.as_ref()
    }
    /// The step-by-step walk in progress.
    pub fn walk(&self) -> Option<&Walk> {
        self.walk.as_ref()
    }
    /// The long paste being added, if any.
    pub fn bulk(&self) -> Option<&BulkProgress> {
        self.bulk.as_ref()
    }
    /// What the last action did.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }
    /// The filter's number fields as being typed.
    pub fn field_drafts(&self) -> &FieldDrafts {
        &self.field_drafts
    }
    /// Rejected field inputs.
    pub fn field_errors(&self) -> &FieldErrors {
        &self.field_errors
    }
    /// Every query asked in the visualizer.
    pub fn query_record(&self) -> &QueryRecord {
        &self.query_record
    }
    /// A number that changes whenever the settings, items, sets or folds change.
    pub fn revision(&self) -> u64 {
        self.revision
    }
    /// How many of the log's operations the filter shows: all of them, unless the timeline
    /// is at an earlier one.
    pub fn timeline_t(&self) -> usize {
        self.timeline.as_ref().map_or(self.log.len(), |s| s.t)
    }
    /// The filter's answer for the item being typed, shown live as it is typed (culprits
    /// are found only when the query is asked): none during a walk, for an empty field, or
    /// when the last query already answers this item.
    pub fn live_report(&self) -> Option<QueryReport> {
        let asked = self
            .last_query
            .as_ref()
            .is_some_and(|q| q.item == self.draft);
        (self.walk.is_none() && !self.draft.is_empty() && !asked && check_item(&self.draft).is_ok())
            .then(|| run_query_without_culprits(self.asked(), &self.draft))
    }
    /// What a query is asked of: the filter shown, its items, and the log up to it.
    pub(in crate::state) fn asked(&self) -> Asked<'_> {
        Asked {
            filter: &self.filter,
            members: &self.members,
            history: &self.log[..self.timeline_t()],
        }
    }
    /// The settings and log as they are: what undo would bring back to.
    pub(in crate::state) fn point(&self) -> FilterPoint {
        FilterPoint {
            settings: self.settings,
            log: Rc::clone(&self.log),
        }
    }
    /// The filter before the last change that is an undo step, once: the page records it.
    pub(in crate::state) fn take_undo_point(&mut self) -> Option<FilterPoint> {
        self.undo_point.take()
    }
}
