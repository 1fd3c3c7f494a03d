//! The page's model: one struct, one [`Action`] per user intent, and a pure
//! [`AppState::apply`]. The UI only renders this state and dispatches actions.
//!
//! [`AppState`] holds the page's filter ([`FilterState`]), its undo history ([`History`],
//! which also keeps the lesson's place), and one state per part of the page: the page around
//! the views ([`PageState`]), the visualizer's panels ([`VisualizerState`]), practice, the
//! lessons, and each other view. [`AppState::apply`] asks [`admission`] whether the action
//! may run, then dispatches it to its part's reducer.

use std::rc::Rc;

use crate::lang::Lang;

use super::apps_view::AppsState;
use super::calculator_view::{CalculatorAction, CalculatorState};
use super::cms_view::{CmsShown, CmsState};
use super::crawl::CrawlTally;
use super::fields::check_item;
use super::filter_state::FilterState;
use super::grow_view::GrowState;
use super::hash_quality_view::HashQualityState;
use super::lab_view::LabState;
use super::lesson_file::Lesson;
use super::log::{LogEntry, Members};
use super::practice::Practice;
use super::query::QueryReport;
use super::query_record::QueryRecord;
use super::sets_view::{SetsAction, SetsFigures, SetsState};
use super::settings::{FilterModel, Settings};
use super::url::{Embedding, Notice, View};
use crate::protocol::embed_dialog::EmbedInput;

mod action;
pub mod admission;
mod history;
mod lesson_practice;
mod lessons;
mod link;
mod page;
mod practice_filter;
mod visualizer;

pub use super::filter_state::{
    pasted_item, pasted_lines, BulkBuilder, BulkProgress, FieldDrafts, FieldError, FieldErrors,
    FilterAction, Message, SettingField, Walk, WalkKind, TRY_WORDS_SEED,
};
pub use action::Action;
pub use history::{History, UNDO_DEPTH};
pub use lessons::{Divergence, LessonAction, LessonProgress, LessonsState, LessonsStatus};
pub use link::LINK_AT_ONCE;
pub use page::{PageAction, PageState, Persistence};
pub use visualizer::{VisualizerAction, VisualizerState};

/// The whole page state.
#[derive(Debug, Clone, PartialEq)]
pub struct AppState {
    /// The page's filter, which the visualizer changes and every view reads.
    filter: FilterState,
    /// Undo and redo: the filter and the lesson's place at each step.
    history: History,
    page: PageState,
    panels: VisualizerState,
    practice: Option<Box<Practice>>,
    /// The filter the page had when a practice set started, back when it ends.
    practice_kept: Option<(Settings, Rc<Vec<LogEntry>>)>,
    lessons: LessonsState,
    sets: SetsState,
    calculator: Rc<CalculatorState>,
    lab: Rc<LabState>,
    hash_quality: Rc<HashQualityState>,
    grow: Rc<GrowState>,
    cms: Rc<CmsState>,
    apps: Rc<AppsState>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Settings::default(), Vec::new())
    }
}

/// Replaces an `Rc`'s value by `change` of it, cloning only when it is shared.
fn update<T: Clone + Default>(shared: &mut Rc<T>, change: impl FnOnce(T) -> T) {
    let value = Rc::unwrap_or_clone(std::mem::take(shared));
    *shared = Rc::new(change(value));
}

impl AppState {
    /// A state with these settings and items.
    pub fn new(settings: Settings, log: Vec<LogEntry>) -> Self {
        AppState {
            filter: FilterState::new(settings, log),
            history: History::default(),
            page: PageState::default(),
            panels: VisualizerState::default(),
            practice: None,
            practice_kept: None,
            lessons: LessonsState::default(),
            sets: SetsState::default(),
            calculator: Rc::default(),
            lab: Rc::default(),
            hash_quality: Rc::default(),
            grow: Rc::default(),
            cms: Rc::default(),
            apps: Rc::default(),
        }
    }

    /// Applies one action and returns the new state. Never panics on any input.
    pub fn apply(mut self, action: Action) -> Self {
        if !self.admit(&action) {
            return self;
        }
        match action {
            Action::Filter(action) => self.apply_filter(action),
            Action::Visualizer(action) => {
                let m = self.filter.settings.m();
                self.panels = std::mem::take(&mut self.panels).apply(action, m);
            }
            Action::Page(action) => self.page = std::mem::take(&mut self.page).apply(action),
            Action::Practice(action) => self.apply_practice(action),
            Action::Lesson(action) => self.apply_lesson(action),
            Action::Forward => self.forward(),
            Action::Backward => self.backward(),
            Action::Sets(action) => self.apply_sets(action),
            Action::Calculator(CalculatorAction::UseAnswer) => self.use_calculator_answer(),
            Action::Calculator(action) => update(&mut self.calculator, |c| c.apply(action)),
            Action::Lab(action) => update(&mut self.lab, |lab| lab.apply(action)),
            Action::HashQuality(action) => update(&mut self.hash_quality, |v| v.apply(action)),
            Action::Grow(action) => update(&mut self.grow, |grow| grow.apply(action)),
            Action::Cms(action) => update(&mut self.cms, |cms| cms.apply(action)),
            Action::Apps(action) => update(&mut self.apps, |apps| apps.apply(action)),
        }
        self.settle();
        self
    }

    /// What follows every action: an undo step the filter marked is recorded, the grid's
    /// cursor stays on the array, and the sets view's figures follow.
    fn settle(&mut self) {
        self.record_filter_undo();
        let m = self.filter.settings.m();
        self.panels = std::mem::take(&mut self.panels).for_bits(m);
        self.refresh_sets_figures();
    }

    /// One change to the filter. Undo and redo restore the lesson's place too, and starting
    /// afresh and leaving a walk reach beyond the filter: the page does those.
    fn apply_filter(&mut self, action: FilterAction) {
        match action {
            FilterAction::Undo => self.undo(),
            FilterAction::Redo => self.redo(),
            FilterAction::StartFresh => self.start_fresh(),
            action => {
                // Leaving a walk also closes the shortcut list it may have opened.
                if action == FilterAction::CancelWalk {
                    self.page.help_open = false;
                }
                let notices = self.filter.apply(action);
                self.page.notices.extend(notices);
            }
        }
    }

    /// The clicker's "forward": the walk's next step, else the lesson's next step.
    fn forward(&mut self) {
        if self.filter.walk.is_some() {
            let _ = self.filter.apply(FilterAction::StepWalk);
        } else {
            self.lesson_next();
        }
    }

    /// The clicker's "back": the walk's previous step; at a walk's first step, back leaves
    /// the walk and, in a lesson, goes to the step before (as the step's own Back button
    /// would from a step with no walk).
    fn backward(&mut self) {
        match &self.filter.walk {
            Some(walk) if walk.step > 0 => {
                let _ = self.filter.apply(FilterAction::StepBackWalk);
            }
            Some(_) => {
                self.filter.walk = None;
                self.lesson_back();
            }
            None => self.lesson_back(),
        }
    }

    /// A change to the sets view; a change to its sets or folds is a new revision.
    fn apply_sets(&mut self, action: SetsAction) {
        let (sets, changed) = std::mem::take(&mut self.sets).apply(action);
        self.sets = sets;
        self.filter.revision += u64::from(changed);
    }

    /// An empty filter at the default settings, the first view, and no lesson, quiz or
    /// sets, as one undo step.
    fn start_fresh(&mut self) {
        self.record_undo();
        self.lessons.progress = None;
        self.lessons.crawl = None;
        self.filter.draft.clear();
        self.page.view = View::default();
        self.sets = Default::default();
        self.page.persistence.restored = false;
        self.filter.rebuild(Settings::default(), Vec::new());
    }

    /// While the sets view is shown, its figures follow the filter, its items, the sets and
    /// the folds: computed once per change of any of them (the revision), never per render.
    fn refresh_sets_figures(&mut self) {
        let current = self
            .sets
            .figures
            .as_ref()
            .is_some_and(|(r, _)| *r == self.filter.revision);
        if self.page.view == View::Sets && !current {
            let figures = self.compute_sets_figures();
            self.sets.figures = Some((self.filter.revision, Rc::new(figures)));
        }
    }

    fn compute_sets_figures(&self) -> SetsFigures {
        let shape = self.filter.settings.shape();
        SetsFigures::of(shape, &self.sets.items, &self.filter.members, self.folds())
    }

    /// The sets view's figures for the state as it is (computed by the last action while
    /// the view is shown).
    pub fn sets_figures(&self) -> Rc<SetsFigures> {
        match &self.sets.figures {
            Some((revision, figures)) if *revision == self.filter.revision => Rc::clone(figures),
            _ => Rc::new(self.compute_sets_figures()),
        }
    }

    /// The calculator's m and k in the visualizer, as one undo step, and the visualizer shown.
    fn use_calculator_answer(&mut self) {
        let shape = self.calculator.usable_shape();
        let current = self.filter.settings;
        let settings = shape.and_then(|(m, k)| current.with_m(m).ok()?.with_k(k).ok());
        if let Some(settings) = settings {
            if settings != current {
                self.filter.set_settings(settings, None);
            }
            self.filter.field_errors = FieldErrors::default();
            self.page.view = View::Visualizer;
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        self.filter.settings()
    }
    /// Every change to the items, in order.
    pub fn log(&self) -> &[LogEntry] {
        self.filter.log()
    }
    /// How many of the log's operations the filter shows: all of them, unless the timeline
    /// is at an earlier one.
    pub fn timeline_t(&self) -> usize {
        self.filter.timeline_t()
    }
    /// Every query asked in the visualizer.
    pub fn query_record(&self) -> &QueryRecord {
        self.filter.query_record()
    }
    /// The live filter (as of the timeline's operation while it shows an earlier one),
    /// shared: cheap to clone, compared by identity in the UI.
    pub fn filter(&self) -> &Rc<FilterModel> {
        self.filter.filter()
    }
    /// The items in the set, shared.
    pub fn members(&self) -> &Rc<Members> {
        self.filter.members()
    }
    /// The text in the item field.
    pub fn draft(&self) -> &str {
        self.filter.draft()
    }
    /// The last query's report, until the filter changes, shared.
    pub fn last_query(&self) -> Option<&Rc<QueryReport>> {
        self.filter.last_query()
    }
    /// The item whose positions the bit array, the strip, its lines and the hash arithmetic
    /// show: the walk's item, else the typed one, else the timeline's operation or the exercise's item, else the last
    /// query's, else the item just added from the field.
    pub fn shown_item(&self) -> Option<&str> {
        let filter = &self.filter;
        if let Some(walk) = &filter.walk {
            return Some(&walk.item);
        }
        if !filter.draft.is_empty() {
            return check_item(&filter.draft).ok();
        }
        if let Some(t) = filter.timeline.as_ref().map(|s| s.t).filter(|&t| t > 0) {
            return filter.log.get(t - 1).map(LogEntry::item);
        }
        if let Some(practice) = self.practice() {
            if self.picking_cells() {
                return None;
            }
            if let Some(item) = practice.current().and_then(|e| e.task.item()) {
                return Some(item);
            }
        }
        filter
            .last_query
            .as_deref()
            .map(|q| q.item.as_str())
            .or(filter.last_added.as_deref())
    }
    /// The filter's answer for the item being typed, shown live as it is typed (culprits
    /// are found only when the query is asked): none during a walk, for an empty field, or
    /// when the last query already answers this item.
    pub fn live_report(&self) -> Option<QueryReport> {
        self.filter.live_report()
    }
    /// The step-by-step walk in progress.
    pub fn walk(&self) -> Option<&Walk> {
        self.filter.walk()
    }
    /// The page around the views.
    pub fn page(&self) -> &PageState {
        &self.page
    }
    /// The part of the page shown.
    pub fn view(&self) -> View {
        self.page.view
    }
    /// The page's language.
    pub fn lang(&self) -> Lang {
        self.page.lang
    }
    /// Presentation mode.
    pub fn presentation(&self) -> bool {
        self.page.presentation
    }
    /// Whether the keyboard shortcut list is shown.
    pub fn help_open(&self) -> bool {
        self.page.help_open
    }
    /// How the page is embedded (compact view, locked controls).
    pub fn embedding(&self) -> &Embedding {
        &self.page.embedding
    }
    /// The Embed dialog, while it is open: what it was opened for, and why its module
    /// could not be loaded.
    pub fn embed_code(&self) -> Option<&(EmbedInput, Option<String>)> {
        self.page.embed_code.as_ref()
    }
    /// Notices about ignored URL parameters.
    pub fn notices(&self) -> &[Notice] {
        &self.page.notices
    }
    /// What the page knows about keeping the state across reloads.
    pub fn persistence(&self) -> &Persistence {
        &self.page.persistence
    }
    /// The visualizer's panels: the cursor, the "More" area, the deletion section.
    pub fn panels(&self) -> &VisualizerState {
        &self.panels
    }
    /// The cell under the grid's cursor.
    pub fn selected_cell(&self) -> Option<u64> {
        self.panels.selected_cell
    }
    /// Whether the "More" area of the visualizer's tools is open.
    pub fn more_open(&self) -> bool {
        self.panels.more_open
    }
    /// Whether the deletion section is open.
    pub fn deletion_open(&self) -> bool {
        self.panels.deletion_open
    }
    /// Whether the first visit's hint was hidden.
    pub fn intro_dismissed(&self) -> bool {
        self.panels.intro_dismissed
    }
    /// The same state with the first visit's hint hidden (a reader who hid it before).
    pub fn without_intro(mut self) -> Self {
        self.panels.intro_dismissed = true;
        self
    }
    /// The member the deletion comparison deletes: the one chosen, else the item in the
    /// field when it is a member, else the first member.
    pub fn compared(&self) -> Option<&str> {
        let members = &self.filter.members;
        let member = |item: &&str| members.contains(item);
        self.panels
            .compared
            .as_deref()
            .filter(member)
            .or(Some(self.filter.draft()).filter(member))
            .or(members.list().first().map(|m| m.item.as_str()))
    }
    /// The lesson the menu shows: the one chosen but not started, else the one open.
    pub fn lesson_choice(&self) -> &str {
        self.lessons.choice()
    }
    /// The lessons that have arrived.
    pub fn lessons(&self) -> &[Rc<Lesson>] {
        &self.lessons.loaded
    }
    /// True while the link asks for a lesson that has not arrived yet.
    pub fn lesson_requested(&self) -> bool {
        self.lessons.lesson_requested()
    }
    /// Whether the lessons have arrived.
    pub fn lessons_status(&self) -> &LessonsStatus {
        &self.lessons.status
    }
    /// The lesson in progress.
    pub fn lesson(&self) -> Option<&LessonProgress> {
        self.lessons.progress.as_ref()
    }
    /// The crawler of the crawler lesson, once it has taken URLs.
    pub fn crawl(&self) -> Option<&CrawlTally> {
        self.lessons.crawl.as_ref()
    }
    /// The sets view.
    pub fn sets_view(&self) -> &SetsState {
        &self.sets
    }
    /// The items of filters A and B in the sets view.
    pub fn sets(&self) -> Rc<[Vec<String>; 2]> {
        Rc::clone(&self.sets.items)
    }
    /// The text of set A's (0) or B's (1) field: as typed while it is being typed, else
    /// its items one per line.
    pub fn sets_text(&self, side: usize) -> String {
        self.sets.text(side)
    }
    /// How many times the sets view folds the visualizer's filter.
    pub fn folds(&self) -> u32 {
        self.sets.folds_for(self.filter.settings.m())
    }
    /// The calculator, shared.
    pub fn calculator(&self) -> &Rc<CalculatorState> {
        &self.calculator
    }
    /// The lab's settings as typed, shared.
    pub fn lab(&self) -> &Rc<LabState> {
        &self.lab
    }
    /// The hash-quality view's settings as typed, shared.
    pub fn hash_quality(&self) -> &Rc<HashQualityState> {
        &self.hash_quality
    }
    /// The growing-filters view, shared.
    pub fn grow(&self) -> &Rc<GrowState> {
        &self.grow
    }
    /// The count-min sketch view as drawn: its state and its sketch, hashed by the page's
    /// family as it is now.
    pub fn cms(&self) -> CmsShown<'_> {
        self.cms.shown(self.filter.settings.family())
    }
    /// The use-case view's state, shared.
    pub fn apps(&self) -> &Rc<AppsState> {
        &self.apps
    }
    /// What the last action did.
    pub fn message(&self) -> Option<&Message> {
        self.filter.message()
    }
    /// The filter's number fields as being typed.
    pub fn field_drafts(&self) -> &FieldDrafts {
        self.filter.field_drafts()
    }
    /// Rejected field inputs.
    pub fn field_errors(&self) -> &FieldErrors {
        self.filter.field_errors()
    }
    /// Whether undo has something to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }
    /// Whether redo has something to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }
    /// The long paste being added, if any.
    pub fn bulk(&self) -> Option<&BulkProgress> {
        self.filter.bulk()
    }
    /// A builder for a long paste of `lines` lines (see [`FilterState::bulk_builder`]).
    pub fn bulk_builder(&self, lines: usize) -> BulkBuilder {
        self.filter.bulk_builder(lines)
    }
    /// Members the filter now reports as definitely absent.
    pub fn false_negatives(&self) -> Vec<String> {
        self.filter.false_negatives()
    }
    /// Whether the answer for `item` would be a false positive right now.
    pub fn is_false_positive(&self, item: &str) -> bool {
        self.filter.is_false_positive(item)
    }
    /// Marks the state as restored from the browser's storage, where a replaced session
    /// with `kept_items` items may be kept (the note then offers it).
    pub fn restored(mut self, kept_items: Option<u64>) -> Self {
        self.page.persistence.restored = true;
        self.page.persistence.kept_items = kept_items;
        self
    }
    /// A number that changes whenever the settings, items, sets or folds change.
    pub fn revision(&self) -> u64 {
        self.filter.revision()
    }
}
