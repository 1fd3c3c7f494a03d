//! The page's filter: its items (added, queried, removed), its settings, undo and redo, a
//! step-by-step walk, and the message about the last action. Every view reads this filter;
//! the visualizer is where it is changed.

use std::rc::Rc;

use crate::filter::{HashFamily, Layout, MAX_COUNTER_WIDTH};
use crate::state::demos::Demo;
use crate::state::fields::{
    check_item, check_lines, parse_bits, parse_hashes, parse_small_whole, FieldProblem,
};
use crate::state::log::{apply_entry, log_of_members, replay, LogEntry};
use crate::state::query::{run_query, run_query_without_culprits};
use crate::state::query_record::QueryRecord;
use crate::state::settings::{Mode, Settings};
use crate::state::timeline::Timeline;
use crate::state::url::{Lockable, View};
use crate::state::words::fresh_words;

use super::{
    AppState, BulkBuilder, FieldDrafts, FieldError, FieldErrors, Message, Scrub, SettingField,
    Snapshot, TRY_WORDS_SEED,
};

/// How many steps undo reaches back.
pub const UNDO_DEPTH: usize = 100;

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

impl AppState {
    /// Applies one change to the filter. Compiled into the dispatcher, as one function with
    /// it (0.3 KB less in the page than a call).
    #[inline(always)]
    pub(super) fn apply_filter(&mut self, action: FilterAction) {
        match action {
            FilterAction::Seek(t) => self.seek(t),
            FilterAction::SetDraft(text) => {
                let refused = check_item(&text).err().map(Message::ItemRefused);
                if refused.is_some() || matches!(self.message, Some(Message::ItemRefused(_))) {
                    self.message = refused;
                }
                self.draft = text;
                self.last_added = None;
            }
            FilterAction::TryWord => {
                let members = Rc::clone(&self.members);
                let seed = self.random_seed ^ TRY_WORDS_SEED;
                let (words, next) = fresh_words(seed, self.tried_words, 1, |w| members.contains(w));
                self.tried_words = next;
                self.draft = words.into_iter().next().unwrap_or_default();
                self.last_added = None;
                // The word is asked: its answer is recorded, and a false positive's
                // culprits are found when asked for.
                let report = run_query_without_culprits(self.asked(), &self.draft);
                self.query_record.record(&self.draft, &report.verdict);
                self.last_query = Some(Rc::new(report));
            }
            FilterAction::TypeSetting(field, text) => {
                let slot = match field {
                    SettingField::M => &mut self.field_drafts.m,
                    SettingField::K => &mut self.field_drafts.k,
                    SettingField::Width => &mut self.field_drafts.width,
                };
                *slot = Some(text);
            }
            FilterAction::AddDraft => {
                if let Some(item) = self.usable_draft() {
                    self.draft.clear();
                    self.add_item(item.clone());
                    // The field is ready for the next word; the array still shows this one.
                    self.last_added = Some(item);
                }
            }
            FilterAction::QueryDraft => {
                if let Some(item) = self.usable_draft() {
                    self.query_item(item)
                }
            }
            FilterAction::ShowCulprits => {
                let shown = self.live_report().or_else(|| self.last_query().cloned());
                if let Some(report) = shown {
                    self.last_query = Some(Rc::new(run_query(self.asked(), &report.item)));
                }
            }
            FilterAction::AddItem(item) => self.add_item(item),
            FilterAction::QueryItem(item) => self.query_item(item),
            FilterAction::AddLines(text) => {
                self.message = Some(match check_lines(&text) {
                    Err(problem) => Message::ItemRefused(problem),
                    Ok(text) => {
                        let entries: Vec<LogEntry> = super::pasted_lines(text)
                            .into_iter()
                            .map(LogEntry::Add)
                            .collect();
                        match entries.len() {
                            0 => Message::EmptyItem,
                            count => {
                                self.push_entries(entries);
                                Message::AddedMany { count }
                            }
                        }
                    }
                });
            }
            FilterAction::AddRandomWords(count) => {
                let members = Rc::clone(&self.members);
                let (words, next) = fresh_words(self.random_seed, self.random_next, count, |w| {
                    members.contains(w)
                });
                self.random_next = next;
                let count = words.len();
                self.push_entries(words.into_iter().map(LogEntry::Add).collect());
                self.message = Some(Message::AddedMany { count });
            }
            FilterAction::Remove(item) => self.remove(item),
            FilterAction::RemoveDraft => {
                if let Some(item) = self.usable_draft() {
                    self.remove(item)
                }
            }
            FilterAction::ForceRemove(item) => self.force_remove(item),
            FilterAction::NaiveDelete(item) => self.naive_delete(item),
            FilterAction::SetM(text) => {
                let result = parse_bits(&text)
                    .and_then(|m| self.settings.with_m(m).map_err(FieldProblem::from));
                self.field_drafts.m = None;
                self.field_errors.m = self.change_settings(text, result);
            }
            FilterAction::SetK(text) => {
                let result = parse_hashes(&text)
                    .and_then(|k| self.settings.with_k(k).map_err(FieldProblem::from));
                self.field_drafts.k = None;
                self.field_errors.k = self.change_settings(text, result);
            }
            FilterAction::SetWidth(text) => {
                let result = parse_small_whole(&text)
                    .map_err(|p| p.with_max(u64::from(MAX_COUNTER_WIDTH)))
                    .and_then(|w| self.settings.with_width(w).map_err(FieldProblem::from));
                self.field_drafts.width = None;
                self.field_errors.width = self.change_settings(text, result);
            }
            FilterAction::SetFamily(family) => {
                let result = self
                    .settings
                    .with_family(family)
                    .map_err(FieldProblem::from);
                self.field_errors.family = self.change_settings(family.key().to_owned(), result);
            }
            FilterAction::SetLayout(layout) => {
                // A layout that needs whole blocks (or k = 8) takes the nearest m and k
                // that fit, as the fields then show; partitioned is offered only when m ≥ k.
                let result = match layout.block_bits() {
                    Some(_) => Ok(self.settings.fitted_to(layout)),
                    None => self.settings.with_layout(layout),
                }
                .map_err(FieldProblem::from);
                self.field_errors.layout = self.change_settings(layout.key().to_owned(), result);
            }
            FilterAction::SetMode(mode) => {
                if mode != self.settings.mode() {
                    let log = log_of_members(&self.members, mode);
                    let settings = self.settings.with_mode(mode);
                    self.set_settings(settings, Some(log));
                }
            }
            FilterAction::Reset => {
                if !self.log.is_empty() {
                    self.record_undo();
                    self.rebuild(self.settings, Vec::new());
                }
            }
            FilterAction::Undo => match self.undo.pop() {
                Some(snapshot) => {
                    self.redo.push(self.snapshot());
                    self.restore(snapshot);
                }
                None => self.message = Some(Message::NothingToUndo),
            },
            FilterAction::Redo => match self.redo.pop() {
                Some(snapshot) => {
                    self.undo.push(self.snapshot());
                    self.restore(snapshot);
                }
                None => self.message = Some(Message::NothingToRedo),
            },
            FilterAction::StartWalk(kind) => self.start_walk(kind),
            FilterAction::StepWalk => self.step_walk(),
            FilterAction::StepBackWalk => {
                if let Some(walk) = &mut self.walk {
                    walk.step = walk.step.saturating_sub(1);
                }
            }
            FilterAction::CancelWalk => {
                self.walk = None;
                self.page.help_open = false;
            }
            FilterAction::LoadDemo(demo) => self.load_demo(demo),
            FilterAction::DismissMessage => self.message = None,
            FilterAction::BulkStart(total) => self.bulk_start(total),
            FilterAction::BulkProgress(done) => {
                if let Some(bulk) = &mut self.bulk {
                    bulk.done = done;
                }
            }
            FilterAction::BulkFinish(built) => self.bulk_finish(built),
            FilterAction::StartFresh => self.start_fresh(),
        }
    }

    /// Adds an item, and says how many of its bits it set.
    pub(super) fn add_item(&mut self, item: String) {
        let mut fresh: Vec<u64> = self
            .filter
            .shape()
            .positions(item.as_bytes())
            .filter(|&p| !self.filter.is_set(p))
            .collect();
        crate::heap_sort::sort_u64(&mut fresh);
        fresh.dedup();
        let newly_set = fresh.len();
        self.push_entries(vec![LogEntry::Add(item.clone())]);
        self.message = Some(Message::Added { item, newly_set });
    }

    /// Queries an item: its answer, with the items that set a false positive's bits.
    pub(super) fn query_item(&mut self, item: String) {
        let report = run_query(self.asked(), &item);
        self.query_record.record(&item, &report.verdict);
        self.last_query = Some(Rc::new(report));
    }

    /// Shows the filter after the log's first `t` operations (now for `None` or the whole
    /// log). The log, and so the link and the saved session, stay as they are.
    fn seek(&mut self, t: Option<usize>) {
        let t = t.filter(|&t| t < self.log.len());
        let Some(t) = t else {
            self.return_to_now();
            return;
        };
        let current = self.timeline_t();
        let now = self
            .timeline
            .take()
            .map(|scrub| scrub.now)
            .unwrap_or_else(|| (Rc::clone(&self.filter), Rc::clone(&self.members)));
        let mut timeline = Timeline {
            t: current,
            filter: std::mem::replace(&mut self.filter, Rc::clone(&now.0)),
            members: std::mem::replace(&mut self.members, Rc::clone(&now.1)),
        };
        timeline.seek(&self.settings, &self.log, t);
        self.filter = timeline.filter;
        self.members = timeline.members;
        self.timeline = Some(Box::new(Scrub { t, now }));
        self.last_query = None;
        self.walk = None;
        self.revision += 1;
    }

    /// Brings back the filter as it is now, after a move along the timeline.
    pub(super) fn return_to_now(&mut self) {
        if let Some(scrub) = self.timeline.take() {
            (self.filter, self.members) = scrub.now;
            self.last_query = None;
            self.walk = None;
            self.revision += 1;
        }
    }

    /// Loads a prepared demonstration as one undo step, its item in the field.
    fn load_demo(&mut self, demo: Demo) {
        let (query, item) = demo.query();
        let url = crate::state::url::parse(&query);
        let mut loaded = AppState::new(url.settings, Vec::new());
        for entry in url.entries.iter() {
            loaded.add_item(entry.item().to_owned());
        }
        let log = loaded.log.as_ref().clone();
        self.set_settings(loaded.settings, Some(log));
        self.draft = item;
        self.field_errors = FieldErrors::default();
        self.message = Some(Message::DemoLoaded);
    }

    /// An empty filter at the default settings, the first view, and no lesson, quiz or
    /// sets, as one undo step.
    fn start_fresh(&mut self) {
        self.record_undo();
        self.lessons.progress = None;
        self.lessons.crawl = None;
        self.draft.clear();
        self.page.view = View::default();
        self.sets = Default::default();
        self.page.persistence.restored = false;
        self.rebuild(Settings::default(), Vec::new());
    }

    /// Runs `change` as one step of undo, however many changes it makes inside.
    pub(super) fn one_undo_step(&mut self, change: impl FnOnce(&mut Self)) {
        let before = self.snapshot();
        let mut undo = std::mem::take(&mut self.undo);
        change(self);
        if self.snapshot() != before {
            undo.push(before);
            if undo.len() > UNDO_DEPTH {
                undo.remove(0);
            }
            self.redo.clear();
        }
        self.undo = undo;
    }

    fn change_settings(
        &mut self,
        input: String,
        result: Result<Settings, FieldProblem>,
    ) -> Option<FieldError> {
        match result {
            Ok(settings) => {
                if settings != self.settings {
                    self.set_settings(settings, None);
                }
                None
            }
            Err(problem) => Some(FieldError { input, problem }),
        }
    }

    pub(super) fn set_settings(&mut self, settings: Settings, log: Option<Vec<LogEntry>>) {
        self.record_undo();
        let log = log.unwrap_or_else(|| self.log.as_ref().clone());
        self.rebuild(settings, log);
    }

    pub(super) fn push_entries(&mut self, entries: Vec<LogEntry>) {
        self.record_undo();
        let filter = Rc::make_mut(&mut self.filter);
        let members = Rc::make_mut(&mut self.members);
        let log = Rc::make_mut(&mut self.log);
        for entry in entries {
            apply_entry(filter, members, &entry);
            log.push(entry);
        }
        self.changed();
    }

    /// The query record starts afresh: the filter it was asked of was replaced by another.
    pub(super) fn new_query_record(&mut self) {
        self.query_record = QueryRecord::default();
    }

    pub(super) fn rebuild(&mut self, settings: Settings, log: Vec<LogEntry>) {
        self.field_drafts = FieldDrafts::default();
        let (filter, members) = replay(&settings, &log);
        self.panels = std::mem::take(&mut self.panels).for_bits(settings.m());
        self.settings = settings;
        self.log = Rc::new(log);
        self.filter = Rc::new(filter);
        self.members = Rc::new(members);
        self.changed();
    }

    pub(super) fn changed(&mut self) {
        // A paste in progress was built on the state before this change; it is dropped.
        self.bulk = None;
        self.last_query = None;
        self.last_added = None;
        self.walk = None;
        self.revision += 1;
        self.items_revision += 1;
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            settings: self.settings,
            log: Rc::clone(&self.log),
            lesson: self.lessons.progress.clone(),
            crawl: self.lessons.crawl.clone(),
        }
    }

    pub(super) fn record_undo(&mut self) {
        self.undo.push(self.snapshot());
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    fn restore(&mut self, snapshot: Snapshot) {
        self.field_errors = FieldErrors::default();
        self.lessons.progress = snapshot.lesson;
        self.lessons.crawl = snapshot.crawl;
        self.rebuild(snapshot.settings, snapshot.log.as_ref().clone());
    }
}
