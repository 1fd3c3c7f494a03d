//! Running lessons: opening one from the URL, building the state a step leaves, the next
//! step on the live filter, and the crawler of the seen-URL lesson.

use std::rc::Rc;

use super::lesson_practice::LinkPractice;
use super::{Action, AppState, FieldErrors, FilterAction, Message, WalkKind};
use crate::filter::growing::GrowJob;
use crate::protocol::filters_view::FiltersParams;
use crate::state::cms_view::CmsState;
use crate::state::crawl::{CrawlDecision, CrawlTally};
use crate::state::grow_view::GrowAction;
use crate::state::lesson_file::{Lesson, LessonStep, StepAction};
use crate::state::log::LogEntry;
use crate::state::query::run_query;
use crate::state::settings::Settings;
use crate::state::url::{Notice, NoticeReason, View};

/// Where the lessons are.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum LessonsStatus {
    /// Being fetched.
    #[default]
    Loading,
    /// Here.
    Ready,
    /// Could not be fetched, and why.
    Failed(String),
}

/// A change to the lessons.
#[derive(Debug, Clone, PartialEq)]
pub enum LessonAction {
    /// (System event) the lesson files arrived: the lessons that could be read, and for
    /// each file that could not, its name and the problem.
    Loaded(Vec<Rc<Lesson>>, Vec<(String, String)>),
    /// (System event) the lesson list could not be fetched.
    Failed(String),
    /// A lesson chosen in the menu (started only by Start).
    Choose(String),
    /// Open a lesson at its first step.
    Start(String),
    /// The lesson's next step (a walk in progress is completed first).
    Next,
    /// The lesson's previous step, rebuilt as the lesson left it.
    Back,
    /// Leave the lesson; the filter stays as it is.
    Stop,
    /// Rebuild the filter as the lesson's current step leaves it (after the user changed it).
    Restore,
}

impl LessonAction {
    /// Whether the message about the last action stays: the lessons arriving, a choice in
    /// the menu and leaving keep it; a step (which changes the filter) replaces it.
    pub fn keeps_message(&self) -> bool {
        matches!(
            self,
            LessonAction::Loaded(..)
                | LessonAction::Failed(_)
                | LessonAction::Choose(_)
                | LessonAction::Stop
        )
    }
}

/// The lessons: those loaded, the one in progress, the one a link asked for, the menu's
/// choice, and the crawler of the crawler lesson.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LessonsState {
    /// The lessons that have arrived.
    pub loaded: Rc<Vec<Rc<Lesson>>>,
    /// Whether they have arrived.
    pub status: LessonsStatus,
    /// The lesson in progress.
    pub progress: Option<LessonProgress>,
    /// A lesson the link asked for, opened when the lessons arrive.
    pub(super) request: Option<LessonRequest>,
    /// The lesson chosen in the menu but not started.
    pub choice: Option<String>,
    /// The crawler of the crawler lesson, once it has taken URLs.
    pub crawl: Option<CrawlTally>,
    /// The practice set a lesson's link named, asked by that lesson's practice step.
    pub(super) link_practice: Option<LinkPractice>,
}

impl LessonsState {
    /// The lesson the menu shows: the one chosen but not started, else the one open.
    pub fn choice(&self) -> &str {
        self.choice
            .as_deref()
            .or(self.progress.as_ref().map(|l| l.lesson.id.as_str()))
            .unwrap_or("")
    }

    /// True while the link asks for a lesson that has not arrived yet.
    pub fn lesson_requested(&self) -> bool {
        self.request.is_some()
    }
}

/// The lesson in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonProgress {
    /// The lesson.
    pub lesson: Rc<Lesson>,
    /// The step shown, from 0.
    pub step: usize,
    /// The filter's settings as the lesson left them at this step: the step's text
    /// describes a filter with these.
    pub settings: Settings,
    /// The view the step left on screen and, when it is the count-min sketch or the
    /// growing filters, that view as the step left it.
    pub view: LessonView,
}

/// The view a lesson step leaves on screen, with what its text describes of it.
#[derive(Debug, Clone, PartialEq)]
pub enum LessonView {
    /// The sketch: its settings, items and query.
    Cms(Rc<CmsState>),
    /// The growing filters' run.
    Grow(GrowJob),
    /// Any other view: the filter's settings and the step's query say all.
    Other,
}

/// How the screen no longer matches the lesson's step.
#[derive(Debug, Clone, PartialEq)]
pub enum Divergence {
    /// m, k, the hash, the mode or the counter width differ from the lesson's.
    Settings,
    /// The step's query now gets another answer than the one its text explains.
    Verdict {
        /// The item queried.
        item: String,
    },
    /// The sketch or the growing filters, on screen, were changed after the step set them.
    View,
}

impl LessonProgress {
    /// The view the step left on screen, as far as the lesson watches it.
    fn view_shown(&self) -> View {
        match self.view {
            LessonView::Cms(_) => View::Cms,
            LessonView::Grow(_) => View::Grow,
            LessonView::Other => View::Visualizer,
        }
    }

    /// The step shown.
    pub fn current(&self) -> &LessonStep {
        &self.lesson.steps[self.step.min(self.lesson.steps.len() - 1)]
    }
    /// Whether this is the last step.
    pub fn at_end(&self) -> bool {
        self.step + 1 >= self.lesson.steps.len()
    }
}

/// A lesson the URL asked for, opened when the lessons arrive.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LessonRequest {
    pub(super) id: String,
    /// From 1, as in the URL.
    pub(super) step: u64,
    /// What the URL spelled out besides: these change the lesson's filter once it is built.
    pub(super) overrides: LessonOverrides,
    /// The practice set the URL named, for the lesson's practice step.
    pub(super) practice: Option<LinkPractice>,
}

/// A lesson link's own filter parameters: each setting given replaces the lesson's (the
/// others stay the lesson's), items given replace the lesson's items, and the query is
/// asked at the end.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct LessonOverrides {
    pub(super) m: Option<u64>,
    pub(super) k: Option<u32>,
    pub(super) family: Option<crate::filter::HashFamily>,
    pub(super) layout: Option<crate::filter::Layout>,
    pub(super) mode: Option<crate::state::settings::Mode>,
    pub(super) width: Option<u32>,
    pub(super) entries: Vec<LogEntry>,
    pub(super) query: Option<String>,
}

impl LessonOverrides {
    /// `settings` with the given ones replaced.
    fn applied_to(&self, settings: Settings) -> Settings {
        let mut out = settings;
        if let Some(mode) = self.mode {
            out = out.with_mode(mode);
        }
        // The layout first: a blocked layout fixes whole blocks (and k = 8 for
        // split-block), which the lesson's own m and k then refine.
        if let Some(layout) = self.layout {
            out = out.fitted_to(layout);
        }
        if let Some(m) = self.m {
            out = out.with_m(m).unwrap_or(out);
        }
        if let Some(k) = self.k {
            out = out.with_k(k).unwrap_or(out);
        }
        if let Some(family) = self.family {
            out = out.with_family(family).unwrap_or(out);
        }
        if let Some(width) = self.width {
            out = out.with_width(width).unwrap_or(out);
        }
        out
    }
}

impl AppState {
    /// Applies one change to the lessons.
    pub(super) fn apply_lesson(&mut self, action: LessonAction) {
        match action {
            LessonAction::Loaded(lessons, problems) => self.lessons_loaded(lessons, problems),
            LessonAction::Failed(why) => {
                self.lessons.status = LessonsStatus::Failed(why);
                if let Some(request) = self.lessons.request.take() {
                    self.open_link_without_lesson(request);
                }
            }
            LessonAction::Choose(id) => self.lessons.choice = Some(id),
            LessonAction::Start(id) => {
                self.lessons.choice = None;
                self.start_lesson(&id);
            }
            LessonAction::Next => self.lesson_next(),
            LessonAction::Back => self.lesson_back(),
            LessonAction::Restore => self.lesson_restore(),
            LessonAction::Stop => {
                self.lessons.choice = None;
                self.lessons.progress = None;
                self.lessons.crawl = None;
            }
        }
    }

    /// The lesson files arrived: problems become notices, and a lesson the link asked for
    /// opens.
    pub(super) fn lessons_loaded(
        &mut self,
        lessons: Vec<Rc<Lesson>>,
        problems: Vec<(String, String)>,
    ) {
        for (file, problem) in problems {
            let reason = NoticeReason::BadLesson(problem);
            self.page.notices.push(Notice::new("lesson", &file, reason));
        }
        self.lessons.loaded = Rc::new(lessons);
        self.lessons.status = LessonsStatus::Ready;
        if let Some(request) = self.lessons.request.take() {
            self.open_requested_lesson(request);
        }
    }

    /// Opens a lesson at its first step, as one undo step.
    pub(super) fn start_lesson(&mut self, id: &str) {
        if let Some(lesson) = self.lesson_named(id) {
            // A link's practice set belongs to its own lesson.
            if self
                .lessons
                .link_practice
                .as_ref()
                .is_some_and(|p| p.lesson != id)
            {
                self.lessons.link_practice = None;
            }
            // The lesson replaces the restored session: the note about it goes.
            self.page.persistence.restored = false;
            let had_items = !self.filter.members.is_empty();
            self.one_undo_step(|state| state.build_lesson_step(lesson, 0));
            if had_items {
                self.filter.message = Some(Message::LessonReplaced);
            }
        }
    }

    /// How the screen no longer matches the lesson's step, if it does not: the settings
    /// differ from those the step was written for, or the step's query gets another answer
    /// than the one it explains.
    pub fn lesson_divergence(&self) -> Option<Divergence> {
        // A practice set the step started is asked on its own filter.
        if self.practice.is_some() {
            return None;
        }
        let progress = self.lessons.progress.as_ref()?;
        if self.filter.settings != progress.settings {
            return Some(Divergence::Settings);
        }
        if self.page.view == progress.view_shown() && self.lesson_view() != progress.view {
            return Some(Divergence::View);
        }
        let step = progress.current();
        let expect = step.expect?;
        let item = step.actions.iter().rev().find_map(|action| match action {
            StepAction::Query(item) => Some(item),
            _ => None,
        })?;
        let live = run_query(self.filter.asked(), item);
        (!expect.matches(&live.verdict)).then(|| Divergence::Verdict { item: item.clone() })
    }

    /// Rebuilds the lesson's filter as its current step leaves it, as one undo step.
    pub(super) fn lesson_restore(&mut self) {
        if let Some(progress) = self.lessons.progress.clone() {
            self.one_undo_step(|state| state.build_lesson_step(progress.lesson, progress.step));
        }
    }

    /// The lesson's previous step, rebuilt as the lesson left it, as one undo step.
    pub(super) fn lesson_back(&mut self) {
        if let Some(progress) = self.lessons.progress.clone() {
            if progress.step > 0 {
                self.one_undo_step(|state| {
                    state.build_lesson_step(progress.lesson, progress.step - 1)
                });
            }
        }
    }

    /// The loaded lesson with this id.
    pub(super) fn lesson_named(&self, id: &str) -> Option<Rc<Lesson>> {
        self.lessons.loaded.iter().find(|l| l.id == id).cloned()
    }

    /// A lesson's link whose lesson cannot open: its own filter (the page opened with its
    /// settings), items and query, and its practice set, without the lesson.
    fn open_link_without_lesson(&mut self, request: LessonRequest) {
        let overrides = request.overrides;
        self.apply_log_from_url(overrides.entries);
        if let Some(query) = overrides.query {
            self.filter.ask_from_link(&query);
        }
        if let Some(practice) = request.practice {
            self.start_practice(practice.seed, false, practice.choice);
            self.resume_practice(&practice.done);
        }
        self.forget_undo();
    }

    /// Opens the lesson a URL named: rebuilt as the lesson leaves it at that step, unless
    /// the URL carried a filter of its own that differs from the lesson's.
    pub(super) fn open_requested_lesson(&mut self, request: LessonRequest) {
        let Some(lesson) = self.lesson_named(&request.id) else {
            self.page.notices.push(Notice::new(
                "lesson",
                &request.id,
                NoticeReason::UnknownLesson,
            ));
            self.open_link_without_lesson(request);
            return;
        };
        self.lessons.link_practice = request.practice;
        let count = lesson.steps.len();
        let step = match request.step {
            s if s >= 1 && s as usize <= count => s as usize - 1,
            s => {
                self.page.notices.push(Notice::new(
                    "step",
                    &s.to_string(),
                    NoticeReason::StepOutOfRange(count),
                ));
                if s == 0 {
                    0
                } else {
                    count - 1
                }
            }
        };
        let view = self.page.view;
        self.build_lesson_step(lesson, step);
        let overrides = request.overrides;
        // A step that started a practice set shows the set's own filter: the link's filter
        // parameters were the lesson's, now kept beside the set.
        if self.practice.is_some() {
            self.forget_undo();
            return;
        }
        let settings = overrides.applied_to(self.filter.settings);
        // Items given in the link replace the lesson's (a page's link holds its whole log).
        let log = if overrides.entries.is_empty() {
            self.filter.log.as_ref().clone()
        } else {
            Vec::new()
        };
        if settings != self.filter.settings || log.len() != self.filter.log.len() {
            self.filter.rebuild(settings, log);
        }
        self.apply_log_from_url(overrides.entries);
        if let Some(query) = overrides.query {
            self.filter.draft = query.clone();
            self.filter.last_query = Some(Rc::new(run_query(self.filter.asked(), &query)));
        }
        // A link that named a view besides its lesson opens that view.
        if view != View::default() {
            self.page.view = view;
        }
        self.forget_history();
    }

    pub(super) fn lesson_next(&mut self) {
        let Some(progress) = self.lessons.progress.clone() else {
            return;
        };
        if progress.at_end() {
            return;
        }
        self.one_undo_step(|state| {
            if let Some(walk) = state.filter.walk.take() {
                state.filter.finish_walk(walk);
            } else {
                // An add walk cancelled with Escape is still the lesson's add: the steps
                // after it describe a filter that holds its item.
                for action in &progress.current().actions {
                    if let StepAction::WalkAdd(item) = action {
                        if !state.filter.members.contains(item) {
                            *state = std::mem::take(state)
                                .apply(Action::Filter(FilterAction::AddItem(item.clone())));
                        }
                    }
                }
            }
            let next = progress.step + 1;
            state.run_lesson_step(&progress.lesson.steps[next], true);
            state.lessons.progress = Some(LessonProgress {
                lesson: progress.lesson,
                step: next,
                settings: state.own_settings(),
                view: state.lesson_view(),
            });
        });
    }

    /// The filter as a lesson leaves it at `step`: built from an empty filter by running
    /// steps 0 to `step` (walks before the last step are done at once).
    pub(super) fn build_lesson_step(&mut self, lesson: Rc<Lesson>, step: usize) {
        // A lesson brings its own filter: a practice set ends, the page's filter back.
        self.apply_practice(crate::state::practice::PracticeAction::Stop);
        self.lessons.crawl = None;
        self.cms = Rc::default();
        self.filter.random_next = 0;
        self.filter.draft.clear();
        self.page.view = View::Visualizer;
        self.page.filters = FiltersParams::default();
        self.filter.field_errors = FieldErrors::default();
        self.filter.rebuild(Settings::default(), Vec::new());
        self.filter.new_query_record();
        let last = step.min(lesson.steps.len().saturating_sub(1));
        for (index, lesson_step) in lesson.steps.iter().enumerate().take(last + 1) {
            self.run_lesson_step(lesson_step, index == last);
        }
        self.lessons.progress = Some(LessonProgress {
            lesson,
            step: last,
            settings: self.own_settings(),
            view: self.lesson_view(),
        });
    }

    /// The settings of the page's own filter: the one a practice set keeps while it is
    /// asked on a filter of its own.
    fn own_settings(&self) -> Settings {
        self.practice_kept
            .as_ref()
            .map_or(self.filter.settings, |(settings, _)| *settings)
    }

    /// The view on screen as a lesson step describes it.
    fn lesson_view(&self) -> LessonView {
        match self.page.view {
            View::Cms => LessonView::Cms(self.cms.clone()),
            View::Grow => LessonView::Grow(self.grow.job()),
            _ => LessonView::Other,
        }
    }

    /// Performs one lesson step on the live filter. Locks set by an embedding page do not
    /// stop a lesson. The item the step acts on last ([`LessonStep::named_item`]) is left
    /// in the item field, so that the strip, the marks, the lines and the arithmetic show
    /// the item the text talks about; a step that acts on no item empties the field and
    /// puts away the last answer.
    pub(super) fn run_lesson_step(&mut self, step: &LessonStep, last: bool) {
        let embedding = std::mem::take(&mut self.page.embedding);
        if let Some(query) = &step.state {
            let url = crate::state::url::parse(query);
            self.lessons.crawl = None;
            self.cms = Rc::new(CmsState::new(url.cms.clone()));
            // An edit, not a new state: a run already made for these settings is kept.
            let grow = Rc::unwrap_or_clone(std::mem::take(&mut self.grow));
            self.grow = Rc::new(grow.apply(GrowAction::Edit(url.grow.clone())));
            self.filter.random_next = 0;
            self.page.filters = url.filters;
            self.filter.rebuild(url.settings, Vec::new());
            self.filter.new_query_record();
            self.apply_log_from_url(url.entries.as_ref().clone());
        }
        for action in &step.actions {
            let run = |state: &mut AppState, action: Action| {
                *state = std::mem::take(state).apply(action);
            };
            match action.clone() {
                StepAction::Add(item) => {
                    run(self, Action::Filter(FilterAction::AddItem(item.clone())));
                    self.filter.draft = item;
                }
                StepAction::Query(item) => {
                    self.filter.draft = item.clone();
                    run(self, Action::Filter(FilterAction::QueryItem(item)));
                }
                // The item removed is outlined on the bit array, as a query's is.
                StepAction::Remove(item) | StepAction::NaiveDelete(item) => {
                    self.filter.draft = item.clone();
                    self.filter.last_query = None;
                    match action {
                        StepAction::Remove(_) => {
                            run(self, Action::Filter(FilterAction::Remove(item)))
                        }
                        _ => run(self, Action::Filter(FilterAction::NaiveDelete(item))),
                    }
                }
                StepAction::Random(count) => {
                    run(self, Action::Filter(FilterAction::AddRandomWords(count)))
                }
                StepAction::WalkAdd(item) | StepAction::WalkQuery(item) => {
                    let add = matches!(action, StepAction::WalkAdd(_));
                    self.filter.draft = item.clone();
                    match (last, add) {
                        (true, true) => {
                            run(self, Action::Filter(FilterAction::StartWalk(WalkKind::Add)))
                        }
                        (true, false) => run(
                            self,
                            Action::Filter(FilterAction::StartWalk(WalkKind::Query)),
                        ),
                        (false, true) => run(self, Action::Filter(FilterAction::AddItem(item))),
                        (false, false) => run(self, Action::Filter(FilterAction::QueryItem(item))),
                    }
                }
                StepAction::Draft(item) => self.filter.draft = item,
                StepAction::M(m) => run(self, Action::Filter(FilterAction::SetM(m))),
                StepAction::K(k) => run(self, Action::Filter(FilterAction::SetK(k))),
                StepAction::Family(family) => {
                    run(self, Action::Filter(FilterAction::SetFamily(family)))
                }
                StepAction::Mode(mode) => run(self, Action::Filter(FilterAction::SetMode(mode))),
                StepAction::Layout(layout) => {
                    run(self, Action::Filter(FilterAction::SetLayout(layout)))
                }
                StepAction::Cms(change) => run(self, Action::Cms(change)),
                StepAction::View(view) => self.page.view = view,
                StepAction::Crawl(count) => self.run_crawler(count),
                StepAction::FilesExample => self.page.files.example = true,
                StepAction::Practice(seed) => self.start_lesson_practice(seed),
            }
        }
        if step.named_item().is_none() && step.acts() {
            self.filter.draft.clear();
            self.filter.last_query = None;
        }
        self.page.embedding = embedding;
    }

    /// The crawler takes `count` URLs from its stream: each one the filter has probably seen
    /// is skipped, each other one is fetched and added.
    pub(super) fn run_crawler(&mut self, count: usize) {
        let mut tally = self.lessons.crawl.take().unwrap_or_default();
        let mut fetched = Vec::new();
        let mut filter = self.filter.filter.as_ref().clone();
        for _ in 0..count {
            let (url, is_new) = tally.next_url();
            let decision = if !filter.contains(url.as_bytes()) {
                filter.insert(url.as_bytes());
                fetched.push(LogEntry::Add(url.clone()));
                CrawlDecision::Fetched
            } else if is_new {
                CrawlDecision::SkippedNew
            } else {
                CrawlDecision::SkippedRepeat
            };
            tally.record(url, is_new, decision);
        }
        if !fetched.is_empty() {
            self.filter.push_entries(fetched);
        }
        self.lessons.crawl = Some(tally);
    }
}
