//! The state a link describes, and the link that describes the state.

use std::rc::Rc;

use super::lessons::{LessonOverrides, LessonRequest};
use super::{Action, AppState, FilterAction, Message};
use crate::state::apps_view::AppsState;
use crate::state::calculator::CalculatorState;
use crate::state::cms_view::CmsState;
use crate::state::grow_view::GrowState;
use crate::state::hash_quality::HashQualityState;
use crate::state::lab::LabState;
use crate::state::log::LogEntry;
use crate::state::query::run_query;
use crate::state::sets_view::SetsState;
use crate::state::url::{self, Notice, NoticeReason, UrlState};

impl AppState {
    /// The state a URL describes, with its notices and, if it named one, its query shown.
    pub fn from_url(url: UrlState) -> Self {
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
        state.grow = Rc::new(GrowState::new(url.grow));
        state.cms = Rc::new(CmsState::new(url.cms).with_family(url.settings.family()));
        state.apps = Rc::new(AppsState::new(url.apps).with_family(url.settings.family()));
        let entries = Rc::unwrap_or_clone(url.entries);
        for entry in entries.iter().cloned() {
            state.apply_log_entry_from_url(entry);
        }
        state.undo.clear();
        let query = url.query;
        if let Some(query) = &query {
            state.draft = query.clone();
            state.last_query = Some(Rc::new(run_query(&state.filter, &state.members, query)));
        }
        state.page.embedding = embedding;
        if let Some(seed) = url.quiz {
            // As when the quiz is started by hand: a tiny filter is filled first (the locks
            // respected), and its question, not `query=`, is shown.
            state.start_quiz(seed);
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
        state
    }

    pub(super) fn apply_log_entry_from_url(&mut self, entry: LogEntry) {
        let item = entry.item().to_owned();
        let (param, action) = match entry {
            LogEntry::Add(_) => ("add", Action::Filter(FilterAction::AddItem(item.clone()))),
            LogEntry::Remove(_) => ("remove", Action::Filter(FilterAction::Remove(item.clone()))),
            LogEntry::ForceRemove(_) => (
                "force_remove",
                Action::Filter(FilterAction::ForceRemove(item.clone())),
            ),
            LogEntry::NaiveDelete(_) => (
                "naive_delete",
                Action::Filter(FilterAction::NaiveDelete(item.clone())),
            ),
        };
        let is_damage = |m: &Message| matches!(m, Message::FalseNegativesCreated { .. });
        let earlier_damage = self.message.take().filter(is_damage);
        let before = self.log.len();
        *self = std::mem::take(self).apply(action);
        if self.log.len() == before {
            let reason = match &self.message {
                Some(Message::RemoveRefusedAbsent { .. }) => NoticeReason::RemoveAbsent,
                Some(Message::RemoveRefusedFalsePositive { .. }) => {
                    NoticeReason::RemoveFalsePositive
                }
                Some(Message::PlainCannotRemove { .. }) => NoticeReason::RemovePlain,
                _ => NoticeReason::NotApplied,
            };
            self.page.notices.push(Notice::new(param, &item, reason));
        }
        // The damage a forced removal or a naive delete did is said when the page opens.
        self.message = self.message.take().filter(is_damage).or(earlier_damage);
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
        UrlState {
            settings: self.settings,
            entries: Rc::clone(&self.log),
            query: self.last_query.as_ref().map(|q| q.item.clone()),
            view: self.page.view,
            lang: Some(self.page.unloaded_lang.unwrap_or(self.page.lang)),
            embedding: self.page.embedding.clone(),
            presentation: self.page.presentation,
            quiz: self.quiz.current.as_ref().map(|q| q.seed),
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
            notices: Vec::new(),
            given: Default::default(),
        }
    }
}
