//! [`FilterState::apply`]: each [`FilterAction`] on the filter, and the changes they share
//! (an item added, the settings replaced, the filter rebuilt, the timeline moved).

use std::rc::Rc;

use crate::filter::MAX_COUNTER_WIDTH;
use crate::state::demos::Demo;
use crate::state::fields::{
    check_item, check_lines, parse_bits, parse_hashes, parse_small_whole, FieldProblem,
};
use crate::state::log::{apply_entry, log_of_members, replay, LogEntry};
use crate::state::query::{run_query, run_query_without_culprits};
use crate::state::query_record::QueryRecord;
use crate::state::settings::Settings;
use crate::state::timeline::Timeline;
use crate::state::url::Notice;
use crate::state::words::fresh_words;

use super::{
    FieldDrafts, FieldError, FieldErrors, FilterAction, FilterPoint, FilterState, Message, Scrub,
    SettingField, TRY_WORDS_SEED,
};

impl FilterState {
    /// Applies one change to the filter. Undo, redo, starting afresh and leaving a walk's
    /// shortcut list are the page's: it handles them before they reach here. Returns the
    /// notices about a link's entries the filter refused, for the page to show.
    #[must_use]
    pub fn apply(&mut self, action: FilterAction) -> Vec<Notice> {
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
                let shown = self
                    .live_report()
                    .or_else(|| self.last_query.as_deref().cloned());
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
            // The page's history holds the lesson's place beside the filter.
            FilterAction::Undo | FilterAction::Redo | FilterAction::StartFresh => {}
            FilterAction::StartWalk(kind) => self.start_walk(kind),
            FilterAction::StepWalk => self.step_walk(),
            FilterAction::StepBackWalk => {
                if let Some(walk) = &mut self.walk {
                    walk.step = walk.step.saturating_sub(1);
                }
            }
            FilterAction::CancelWalk => self.walk = None,
            FilterAction::LoadDemo(demo) => self.load_demo(demo),
            FilterAction::DismissMessage => self.message = None,
            FilterAction::BulkStart(total) => self.bulk_start(total),
            FilterAction::BulkProgress(done) => {
                if let Some(bulk) = &mut self.bulk {
                    bulk.done = done;
                }
            }
            FilterAction::BulkFinish(built) => return self.bulk_finish(built),
        }
        Vec::new()
    }

    /// Adds an item, and says how many of its bits it set.
    pub(in crate::state) fn add_item(&mut self, item: String) {
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
    pub(in crate::state) fn query_item(&mut self, item: String) {
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
    pub(in crate::state) fn return_to_now(&mut self) {
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
        let mut loaded = FilterState::new(url.settings, Vec::new());
        for entry in url.entries.iter() {
            loaded.add_item(entry.item().to_owned());
        }
        let log = loaded.log.as_ref().clone();
        self.set_settings(loaded.settings, Some(log));
        self.draft = item;
        self.field_errors = FieldErrors::default();
        self.message = Some(Message::DemoLoaded);
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

    pub(in crate::state) fn set_settings(
        &mut self,
        settings: Settings,
        log: Option<Vec<LogEntry>>,
    ) {
        self.record_undo();
        let log = log.unwrap_or_else(|| self.log.as_ref().clone());
        self.rebuild(settings, log);
    }

    pub(in crate::state) fn push_entries(&mut self, entries: Vec<LogEntry>) {
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
    pub(in crate::state) fn new_query_record(&mut self) {
        self.query_record = QueryRecord::default();
    }

    pub(in crate::state) fn rebuild(&mut self, settings: Settings, log: Vec<LogEntry>) {
        self.field_drafts = FieldDrafts::default();
        let (filter, members) = replay(&settings, &log);
        self.settings = settings;
        self.log = Rc::new(log);
        self.filter = Rc::new(filter);
        self.members = Rc::new(members);
        self.changed();
    }

    pub(in crate::state) fn changed(&mut self) {
        // A paste in progress was built on the state before this change; it is dropped.
        self.bulk = None;
        self.last_query = None;
        self.last_added = None;
        self.walk = None;
        self.revision += 1;
        self.items_revision += 1;
    }

    /// Marks the change being made as an undo step: the filter as it was before it is
    /// kept for the page's history (the first mark of one change counts).
    pub(in crate::state) fn record_undo(&mut self) {
        if self.undo_point.is_none() {
            self.undo_point = Some(self.point());
        }
    }

    /// The filter as it was at `point`, with the fields' rejected inputs cleared (undo and
    /// redo).
    pub(in crate::state) fn restore(&mut self, point: FilterPoint) {
        self.field_errors = FieldErrors::default();
        self.rebuild(point.settings, point.log.as_ref().clone());
    }
}
