//! The state a link describes, and the link that describes the state.

use std::rc::Rc;

use super::lessons::{LessonOverrides, LessonRequest};
use super::{AppState, BulkBuilder, BulkProgress, Message};
use crate::state::apps_view::AppsState;
use crate::state::calculator_view::CalculatorState;
use crate::state::cms_view::CmsState;
use crate::state::files_view::FilesState;
use crate::state::grow_view::GrowState;
use crate::state::hash_quality_view::HashQualityState;
use crate::state::lab_view::LabState;
use crate::state::log::{replay, LogEntry, Members};
use crate::state::settings::FilterModel;

use super::removal::false_negatives_of;
use crate::state::query::run_query;
use crate::state::sets_view::SetsState;
use crate::state::url::{self, Notice, NoticeReason, UrlState};

/// How many of a link's entries the page applies as it opens; a longer link (without a
/// lesson or a quiz, which need its filter at once) is added in slices of this many, as a
/// long paste is (about 5 ms each).
pub const LINK_AT_ONCE: usize = 5_000;

impl AppState {
    /// The state a URL describes, with its notices and, if it named one, its query shown.
    pub fn from_url(url: UrlState) -> Self {
        let (mut state, rest) = AppState::opening(url, usize::MAX);
        if let Some(mut builder) = rest {
            builder.add_link_slice(usize::MAX);
            state.bulk = None;
            state.finish_link(builder);
        }
        state
    }

    /// The state a URL describes, as the page opens it: when the link holds more than
    /// `at_once` entries (and no lesson or quiz), the state opens with its settings and an
    /// empty filter, marked as adding the link's entries ([`BulkProgress::opening_link`]),
    /// and the builder that adds them in slices is returned; it joins the state with
    /// [`FilterAction::BulkFinish`](super::FilterAction::BulkFinish).
    pub fn opening(url: UrlState, at_once: usize) -> (Self, Option<BulkBuilder>) {
        let mut state = AppState::new(url.settings, Vec::new());
        state.page.notices = url.notices;
        state.page.view = url.view;
        state.page.lang = url.lang.unwrap_or_default();
        // Locks bind the viewer, not the URL: they take effect after its entries.
        let embedding = url.embedding;
        state.page.presentation = url.presentation;
        let [a, b] = Rc::unwrap_or_clone(url.sets);
        let possible = url::possible_folds(state.settings.m());
        if url.folds > possible {
            let reason = NoticeReason::AtMost(possible);
            let notice = Notice::new("fold", &url.folds.to_string(), reason);
            state.page.notices.push(notice);
        }
        state.sets = SetsState::new(a, b, url.folds.min(possible));
        let (solve, input) = url.calculator;
        state.calculator = Rc::new(CalculatorState::new(solve, input));
        state.lab = Rc::new(LabState::with_settings(&url.lab));
        state.hash_quality = Rc::new(HashQualityState::new(url.hash_quality));
        state.grow = Rc::new(GrowState::new(url.grow.clone()));
        if let Some(error) = state.grow.problems().plan {
            let notice = url::grow_plan_notice(&url.given, &url.grow, error);
            state.page.notices.push(notice);
        }
        state.cms = Rc::new(CmsState::new(url.cms).with_family(url.settings.family()));
        state.apps = Rc::new(AppsState::new(url.apps).with_family(url.settings.family()));
        state.files = Rc::new(FilesState {
            example: url.files.0,
            query: url.files.1,
            ..FilesState::default()
        });
        let entries = Rc::unwrap_or_clone(url.entries);
        let query = url.query;
        let in_slices = entries.len() > at_once && url.lesson.is_none() && url.quiz.is_none();
        let mut rest = None;
        if in_slices {
            rest = Some(state.link_builder(entries.clone(), query.clone()));
            state.bulk = Some(BulkProgress {
                done: 0,
                total: entries.len(),
                start_revision: state.items_revision,
                opening_link: true,
            });
        } else if url.lesson.is_none() {
            // A lesson's link is applied once, when the lesson opens (its notices once).
            state.apply_log_from_url(entries.clone());
            if let Some(query) = &query {
                state.ask_from_link(query);
            }
        }
        state.undo.clear();
        state.page.embedding = embedding;
        if let Some(seed) = url.practice {
            state.start_practice(seed, false);
        } else if let Some(seed) = url.quiz {
            state.start_practice(seed, true);
        }
        if let Some(id) = url.lesson {
            let given = |key| url.given.has(key);
            let settings = url.settings;
            let overrides = LessonOverrides {
                m: given("m").then(|| settings.m()),
                k: given("k").then(|| settings.k()),
                family: given("hash").then(|| settings.family()),
                layout: given("layout").then(|| settings.layout()),
                mode: given("mode").then(|| settings.mode()),
                width: given("width").then(|| settings.width()),
                entries,
                query,
            };
            state.lessons.request = Some(LessonRequest {
                id,
                step: url.step,
                overrides,
            });
        }
        state.refresh_sets_figures();
        (state, rest)
    }

    /// Asks a link's query: the item in the field and its answer shown.
    pub(super) fn ask_from_link(&mut self, query: &str) {
        self.draft = query.to_owned();
        self.last_query = Some(Rc::new(run_query(self.asked(), query)));
    }

    /// Applies a link's entries in one pass, each as the page would apply it (an add, a
    /// removal, an unsafe deletion) but without an undo step of its own, so that a link of
    /// 20,000 items opens in one linear pass: a notice names each entry the page refuses,
    /// and the message says what the last unsafe deletion broke.
    pub(super) fn apply_log_from_url(&mut self, entries: Vec<LogEntry>) {
        if !entries.is_empty() {
            let mut builder = self.link_builder(entries, None);
            builder.add_link_slice(usize::MAX);
            self.finish_link(builder);
        }
    }

    /// A link's entries, all added by `built`, join the state (no undo step: the page opened
    /// with them): the entries refused become notices, the message says what the last unsafe
    /// deletion broke (as of just after it), and the link's query is asked.
    pub(super) fn finish_link(&mut self, built: BulkBuilder) {
        let Some(link) = built.link else {
            return;
        };
        self.log = Rc::new(built.log);
        self.filter = Rc::new(built.filter);
        self.members = Rc::new(built.members);
        self.changed();
        self.page.notices.extend(link.notices);
        if let Some((item, at)) = link.last_damage {
            let victims = if at == self.log.len() {
                self.false_negatives()
            } else {
                let (filter, members) = replay(&self.settings, &self.log[..at]);
                false_negatives_of(&filter, &members)
            };
            self.message = Some(Message::FalseNegativesCreated { item, victims });
        }
        if let Some(query) = &link.query {
            self.ask_from_link(query);
        }
    }

    /// The query string of [`AppState::url_state`]; `compact` false gives the full-page
    /// link of an embedded view.
    pub fn url_query(&self, compact: bool) -> String {
        let mut link = self.url_state();
        link.embedding.compact = compact && link.embedding.compact;
        url::print(&link)
    }

    /// What the link holds: the one description of the state that the address bar, the
    /// saved session and "copy embed code" print. Cheap to build and compare (the item log
    /// and the sets are shared, not copied).
    pub fn url_state(&self) -> UrlState {
        // During practice the link keeps the page's own filter; the set starts again from
        // its seed.
        let (settings, entries) = match &self.practice_kept {
            Some((settings, log)) => (*settings, Rc::clone(log)),
            None => (self.settings, Rc::clone(&self.log)),
        };
        UrlState {
            settings,
            entries,
            query: self.last_query.as_ref().map(|q| q.item.clone()),
            view: self.page.view,
            lang: Some(self.page.unloaded_lang.unwrap_or(self.page.lang)),
            embedding: self.page.embedding.clone(),
            presentation: self.page.presentation,
            quiz: self.practice().filter(|p| p.quiz).map(|p| p.seed),
            practice: self.practice().filter(|p| !p.quiz).map(|p| p.seed),
            lesson: self.lesson().map(|p| p.lesson.id.clone()),
            step: self.lesson().map_or(1, |p| p.step as u64 + 1),
            sets: Rc::clone(&self.sets.items),
            folds: self.folds(),
            calculator: (self.calculator.solve(), self.calculator.input().clone()),
            lab: self.lab.settings(),
            hash_quality: self.hash_quality.settings().clone(),
            grow: self.grow.settings().clone(),
            cms: self.cms.settings().clone(),
            apps: self.apps.settings().clone(),
            files: (self.files.example, self.files.query.clone()),
            notices: Vec::new(),
            given: Default::default(),
        }
    }
}

/// How the page applies one of a link's entries to this filter: the entry logged and
/// whether it is an unsafe deletion (which the page then says broke members); or the
/// parameter, the item and why the page refuses it.
///
/// - `add` always applies.
/// - In counting mode `remove` applies to a member; `force_remove` applies to an item that
///   tests as present (a member's is logged as a `remove`); `naive_delete` is a `remove`.
///   An item with a 0 counter is refused as certainly absent, a non-member's `remove` as a
///   false positive.
/// - In a plain filter `naive_delete` clears the item's bits; `remove` and `force_remove`
///   are refused.
pub(super) fn entry_as_applied(
    filter: &FilterModel,
    members: &Members,
    entry: LogEntry,
) -> Result<(LogEntry, bool), (&'static str, String, NoticeReason)> {
    let param = match &entry {
        LogEntry::Add(_) => return Ok((entry, false)),
        LogEntry::Remove(_) => "remove",
        LogEntry::ForceRemove(_) => "force_remove",
        LogEntry::NaiveDelete(_) => "naive_delete",
    };
    let force = matches!(entry, LogEntry::ForceRemove(_));
    let item = match entry {
        LogEntry::Add(item)
        | LogEntry::Remove(item)
        | LogEntry::ForceRemove(item)
        | LogEntry::NaiveDelete(item) => item,
    };
    match filter {
        FilterModel::Counting(counting) => {
            if !counting.zero_positions(item.as_bytes()).is_empty() {
                Err((param, item, NoticeReason::RemoveAbsent))
            } else if members.contains(&item) {
                Ok((LogEntry::Remove(item), false))
            } else if force {
                Ok((LogEntry::ForceRemove(item), true))
            } else {
                Err((param, item, NoticeReason::RemoveFalsePositive))
            }
        }
        FilterModel::Plain(_) if param == "naive_delete" => Ok((LogEntry::NaiveDelete(item), true)),
        FilterModel::Plain(_) => Err((param, item, NoticeReason::RemovePlain)),
    }
}
