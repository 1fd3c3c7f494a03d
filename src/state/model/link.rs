//! The state a link describes, and the link that describes the state.

use std::rc::Rc;

use super::lesson_practice::LinkPractice;
use super::lessons::{LessonOverrides, LessonRequest};
use super::{AppState, BulkBuilder, BulkProgress};
use crate::state::apps_view::AppsState;
use crate::state::calculator_view::CalculatorState;
use crate::state::cms_view::CmsState;
#[cfg(doc)]
use crate::state::filter_state::FilterState;
use crate::state::grow_view::GrowState;
use crate::state::hash_quality_view::HashQualityState;
use crate::state::lab_view::LabState;
use crate::state::log::LogEntry;
use crate::state::practice::PracticeChoice;
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
            state.filter.bulk = None;
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
        state.page.filters = url.filters;
        let [a, b] = Rc::unwrap_or_clone(url.sets);
        let possible = url::possible_folds(state.filter.settings.m());
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
        state.cms = Rc::new(CmsState::new(url.cms));
        state.apps = Rc::new(AppsState::new(url.apps));
        state.page.files = url.files;
        let mut entries = Rc::unwrap_or_clone(url.entries);
        let query = url.query;
        let in_slices = entries.len() > at_once && url.lesson.is_none() && url.quiz.is_none();
        let mut rest = None;
        // The entries go to the filter, or (below) to the lesson that applies them.
        if in_slices {
            let total = entries.len();
            rest = Some(
                state
                    .filter
                    .link_builder(std::mem::take(&mut entries), query.clone()),
            );
            state.filter.bulk = Some(BulkProgress {
                done: 0,
                total,
                start_revision: state.filter.items_revision,
                opening_link: true,
            });
        } else if url.lesson.is_none() {
            // A lesson's link is applied once, when the lesson opens (its notices once).
            state.apply_log_from_url(std::mem::take(&mut entries));
            if let Some(query) = &query {
                state.filter.ask_from_link(query);
            }
        }
        state.forget_undo();
        state.page.embedding = embedding;
        // A lesson's link names the set its practice step asks; another link's set starts.
        let practice_seed = url.practice;
        let mut lesson_practice = None;
        if let (Some(seed), Some(lesson)) = (practice_seed, &url.lesson) {
            lesson_practice = Some(LinkPractice {
                lesson: lesson.clone(),
                seed,
                choice: url.practice_choice,
                done: url.practice_done,
            });
        } else if let Some(seed) = practice_seed {
            state.start_practice(seed, false, url.practice_choice);
            state.resume_practice(&url.practice_done);
        } else if let Some(seed) = url.quiz {
            state.start_practice(seed, true, PracticeChoice::default());
            state.resume_practice(&url.practice_done);
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
                practice: lesson_practice,
            });
        }
        state.refresh_sets_figures();
        (state, rest)
    }

    /// A link's entries join the filter at once (see [`FilterState::apply_log_from_url`]);
    /// the notices about those refused are shown.
    pub(super) fn apply_log_from_url(&mut self, entries: Vec<LogEntry>) {
        let notices = self.filter.apply_log_from_url(entries);
        self.page.notices.extend(notices);
    }

    /// A link's entries, all added by `built`, join the filter (see
    /// [`FilterState::finish_link`]); the notices about those refused are shown.
    fn finish_link(&mut self, built: BulkBuilder) {
        let notices = self.filter.finish_link(built);
        self.page.notices.extend(notices);
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
            None => (self.filter.settings, Rc::clone(&self.filter.log)),
        };
        UrlState {
            settings,
            entries,
            query: self.filter.last_query.as_ref().map(|q| q.item.clone()),
            view: self.page.view,
            lang: Some(self.page.unloaded_lang.unwrap_or(self.page.lang)),
            embedding: self.page.embedding.clone(),
            presentation: self.page.presentation,
            quiz: self.practice().filter(|p| p.quiz).map(|p| p.seed),
            practice: self
                .practice()
                .filter(|p| !p.quiz)
                .map(|p| p.seed)
                .or(self.lesson_link_practice().map(|p| p.seed)),
            practice_choice: self
                .practice()
                .map(|p| p.choice)
                .or(self.lesson_link_practice().map(|p| p.choice))
                .unwrap_or_default(),
            practice_done: Vec::new(),
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
            files: self.page.files.clone(),
            filters: self.page.filters,
            notices: Vec::new(),
            given: Default::default(),
        }
    }
}
