//! The page's model: one struct, one [`Action`] per user intent, and a pure
//! [`AppState::apply`]. The UI only renders this state and dispatches actions.
//!
//! [`AppState`] holds the shared filter (its settings, its item log, the filter built from
//! them, undo and redo, a walk, the message about the last action) and one state per part
//! of the page: the page around the views ([`PageState`]), the visualizer's panels
//! ([`VisualizerState`]), practice, the lessons, and each other view. [`AppState::apply`]
//! only dispatches each group of actions to its reducer.

use std::rc::Rc;

use crate::lang::Lang;

use super::apps_view::AppsState;
use super::calculator_view::{CalculatorAction, CalculatorState};
use super::cms_view::CmsState;
use super::crawl::CrawlTally;
use super::fields::check_item;
use super::files_view::FilesState;
use super::grow_view::GrowState;
use super::hash_quality_view::HashQualityState;
use super::lab_view::LabState;
use super::lesson::Lesson;
use super::log::{replay, LogEntry, Members};
use super::practice::Practice;
use super::query::{run_query_without_culprits, Asked, QueryReport};
use super::query_record::QueryRecord;
use super::sets_view::{SetsFigures, SetsState};
use super::settings::{FilterModel, Settings};
use super::url::{Embedding, Notice, View};

mod action;
mod bulk;
mod filter;
mod lessons;
mod link;
mod message;
mod page;
mod practice;
mod removal;
mod visualizer;
mod walk;

pub use action::Action;
pub use bulk::{pasted_item, pasted_lines, BulkBuilder, BulkProgress};
pub use filter::{FilterAction, Walk, WalkKind, UNDO_DEPTH};
pub use lessons::{Divergence, LessonAction, LessonProgress, LessonsState, LessonsStatus};
pub use link::LINK_AT_ONCE;
pub use message::{FieldDrafts, FieldError, FieldErrors, Message, SettingField};
pub use page::{PageAction, PageState, Persistence};
pub use visualizer::{VisualizerAction, VisualizerState};

/// Mixed into the page's random seed to draw the words "Try a word" offers (a sequence
/// apart from the words "Add 5 random words" adds).
pub const TRY_WORDS_SEED: u64 = 0x7472_7921;

/// What undo and redo restore: the filter (its settings and item log) and, since each lesson
/// step is one undo step, the lesson's progress and the crawler's tally.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    settings: Settings,
    log: Rc<Vec<LogEntry>>,
    lesson: Option<LessonProgress>,
    crawl: Option<CrawlTally>,
}

/// The timeline away from now: the operations shown, and the filter and members as they
/// are now.
#[derive(Debug, Clone, PartialEq)]
struct Scrub {
    t: usize,
    now: (Rc<FilterModel>, Rc<Members>),
}

/// The whole page state.
#[derive(Debug, Clone, PartialEq)]
pub struct AppState {
    settings: Settings,
    log: Rc<Vec<LogEntry>>,
    filter: Rc<FilterModel>,
    members: Rc<Members>,
    draft: String,
    /// The item the field held when it was added (the field is then cleared): the bit
    /// array keeps showing its positions until the next change.
    last_added: Option<String>,
    /// How many words "Try a word" has drawn.
    tried_words: u64,
    last_query: Option<Rc<QueryReport>>,
    walk: Option<Walk>,
    bulk: Option<BulkProgress>,
    message: Option<Message>,
    field_errors: FieldErrors,
    field_drafts: FieldDrafts,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    random_seed: u64,
    random_next: u64,
    revision: u64,
    items_revision: u64,
    page: PageState,
    panels: VisualizerState,
    practice: Option<Box<Practice>>,
    /// While the timeline shows an earlier filter: where, and the filter as it is now
    /// (`filter` and `members` then hold the earlier one).
    timeline: Option<Box<Scrub>>,
    query_record: QueryRecord,
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
    /// The files view: a Parquet file's Bloom filters.
    files: Rc<FilesState>,
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
        let (filter, members) = replay(&settings, &log);
        AppState {
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
            undo: Vec::new(),
            redo: Vec::new(),
            random_seed: 0x5eed,
            random_next: 0,
            revision: 0,
            items_revision: 0,
            page: PageState::default(),
            panels: VisualizerState::default(),
            practice: None,
            timeline: None,
            query_record: QueryRecord::default(),
            practice_kept: None,
            lessons: LessonsState::default(),
            sets: SetsState::default(),
            calculator: Rc::default(),
            lab: Rc::default(),
            hash_quality: Rc::default(),
            grow: Rc::default(),
            cms: Rc::default(),
            apps: Rc::default(),
            files: Rc::default(),
        }
    }

    /// Applies one action and returns the new state. Never panics on any input.
    pub fn apply(mut self, action: Action) -> Self {
        if self.is_locked_out(&action) {
            // Enter in the item field has no disabled button to explain it: say why.
            if matches!(
                action,
                Action::Filter(FilterAction::AddDraft | FilterAction::RemoveDraft)
            ) {
                self.message = Some(Message::ItemsLocked);
            }
            return self;
        }
        if self.timeline.is_some() && !action.keeps_timeline() {
            self.return_to_now();
        }
        if self.practice.is_some() && action.changes_practice_filter() {
            self.message = Some(Message::PracticeInProgress);
            return self;
        }
        // The link the page opened with is still adding its items: the filter waits.
        if let Some(bulk) = self.bulk.filter(|b| b.opening_link) {
            if action.changes_the_filter() {
                self.message = Some(Message::LinkStillOpening {
                    done: bulk.done,
                    total: bulk.total,
                });
                return self;
            }
        }
        if !action.keeps_message() {
            self.message = None;
        }
        match action {
            Action::Filter(action) => self.apply_filter(action),
            Action::Visualizer(action) => {
                let panels = std::mem::take(&mut self.panels);
                self.panels = panels.apply(action, self.settings.m());
            }
            Action::Page(action) => self.page = std::mem::take(&mut self.page).apply(action),
            Action::Practice(action) => self.apply_practice(action),
            Action::Lesson(action) => self.apply_lesson(action),
            Action::Forward => {
                if self.walk.is_some() {
                    self.apply_filter(FilterAction::StepWalk);
                } else {
                    self.lesson_next();
                }
            }
            // At a walk's first step, back leaves the walk and, in a lesson, goes to the step
            // before (as the step's own Back button would from a step with no walk).
            Action::Backward => match &self.walk {
                Some(walk) if walk.step > 0 => self.apply_filter(FilterAction::StepBackWalk),
                Some(_) => {
                    self.walk = None;
                    self.lesson_back();
                }
                None => self.lesson_back(),
            },
            Action::Sets(action) => {
                let (sets, changed) = std::mem::take(&mut self.sets).apply(action);
                self.sets = sets;
                self.revision += u64::from(changed);
            }
            Action::Calculator(CalculatorAction::UseAnswer) => self.use_calculator_answer(),
            Action::Calculator(action) => update(&mut self.calculator, |c| c.apply(action)),
            Action::Lab(action) => update(&mut self.lab, |lab| lab.apply(action)),
            Action::HashQuality(action) => update(&mut self.hash_quality, |v| v.apply(action)),
            Action::Grow(action) => update(&mut self.grow, |grow| grow.apply(action)),
            Action::Cms(action) => {
                let family = self.settings.family();
                update(&mut self.cms, |cms| cms.apply(action).with_family(family));
            }
            Action::Apps(action) => {
                let family = self.settings.family();
                update(&mut self.apps, |apps| {
                    apps.apply(action).with_family(family)
                });
            }
            Action::Files(action) => update(&mut self.files, |files| files.apply(action)),
        }
        self.refresh_sets_figures();
        self
    }

    /// While the sets view is shown, its figures follow the filter, its items, the sets and
    /// the folds: computed once per change of any of them (the revision), never per render.
    pub(super) fn refresh_sets_figures(&mut self) {
        let current = self
            .sets
            .figures
            .as_ref()
            .is_some_and(|(r, _)| *r == self.revision);
        if self.page.view == View::Sets && !current {
            let figures = self.compute_sets_figures();
            self.sets.figures = Some((self.revision, Rc::new(figures)));
        }
    }

    fn compute_sets_figures(&self) -> SetsFigures {
        let shape = self.settings.shape();
        SetsFigures::of(shape, &self.sets.items, &self.members, self.folds())
    }

    /// The sets view's figures for the state as it is (computed by the last action while
    /// the view is shown).
    pub fn sets_figures(&self) -> Rc<SetsFigures> {
        match &self.sets.figures {
            Some((revision, figures)) if *revision == self.revision => Rc::clone(figures),
            _ => Rc::new(self.compute_sets_figures()),
        }
    }

    /// Whether `action` changes a control the embedding page locked; such actions change
    /// nothing (the controls are also disabled on the page).
    fn is_locked_out(&self, action: &Action) -> bool {
        action
            .needs_unlocked()
            .iter()
            .any(|&control| self.page.embedding.is_locked(control))
    }

    /// The calculator's m and k in the visualizer, as one undo step, and the visualizer shown.
    fn use_calculator_answer(&mut self) {
        let shape = self.calculator.usable_shape();
        let settings = shape.and_then(|(m, k)| self.settings.with_m(m).ok()?.with_k(k).ok());
        if let Some(settings) = settings {
            if settings != self.settings {
                self.set_settings(settings, None);
            }
            self.field_errors = FieldErrors::default();
            self.page.view = View::Visualizer;
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
    /// How many of the log's operations the filter shows: all of them, unless the timeline
    /// is at an earlier one.
    pub fn timeline_t(&self) -> usize {
        self.timeline.as_ref().map_or(self.log.len(), |s| s.t)
    }
    /// Every query asked in the visualizer.
    pub fn query_record(&self) -> &QueryRecord {
        &self.query_record
    }
    /// The live filter (as of the timeline's operation while it shows an earlier one).
    pub fn filter(&self) -> &FilterModel {
        &self.filter
    }
    /// The live filter, shared (cheap to clone, compared by identity in the UI).
    pub fn shared_filter(&self) -> Rc<FilterModel> {
        Rc::clone(&self.filter)
    }
    /// The last query's report, shared.
    pub fn shared_query(&self) -> Option<Rc<QueryReport>> {
        self.last_query.clone()
    }
    /// The items in the set, shared.
    pub fn shared_members(&self) -> Rc<Members> {
        Rc::clone(&self.members)
    }
    /// The items in the set.
    pub fn members(&self) -> &Members {
        &self.members
    }
    /// The text in the item field.
    pub fn draft(&self) -> &str {
        &self.draft
    }
    /// The last query's report, until the filter changes.
    pub fn last_query(&self) -> Option<&QueryReport> {
        self.last_query.as_deref()
    }
    /// The item whose positions the bit array, the strip, its lines and the hash arithmetic
    /// show: the walk's item, else the typed one, else the timeline's operation or the exercise's item, else the last
    /// query's, else the item just added from the field.
    pub fn shown_item(&self) -> Option<&str> {
        if let Some(walk) = &self.walk {
            return Some(&walk.item);
        }
        if !self.draft.is_empty() {
            return check_item(&self.draft).ok();
        }
        if let Some(t) = self.timeline.as_ref().map(|s| s.t).filter(|&t| t > 0) {
            return self.log.get(t - 1).map(LogEntry::item);
        }
        if let Some(practice) = self.practice() {
            if self.picking_cells() {
                return None;
            }
            if let Some(item) = practice.current().and_then(|e| e.task.item()) {
                return Some(item);
            }
        }
        self.last_query
            .as_deref()
            .map(|q| q.item.as_str())
            .or(self.last_added.as_deref())
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
    pub(super) fn asked(&self) -> Asked<'_> {
        Asked {
            filter: &self.filter,
            members: &self.members,
            history: &self.log[..self.timeline_t()],
        }
    }
    /// The step-by-step walk in progress.
    pub fn walk(&self) -> Option<&Walk> {
        self.walk.as_ref()
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
    /// The embed snippet shown, and whether it reached the clipboard.
    pub fn embed_snippet(&self) -> Option<&(String, bool)> {
        self.page.embed_snippet.as_ref()
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
        let member = |item: &&str| self.members.contains(item);
        self.panels
            .compared
            .as_deref()
            .filter(member)
            .or(Some(self.draft.as_str()).filter(member))
            .or(self.members.list().first().map(|m| m.item.as_str()))
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
        self.sets.folds_for(self.settings.m())
    }
    /// The calculator.
    pub fn calculator(&self) -> &CalculatorState {
        &self.calculator
    }
    /// The calculator, shared.
    pub fn shared_calculator(&self) -> Rc<CalculatorState> {
        Rc::clone(&self.calculator)
    }
    /// The lab's settings as typed.
    pub fn lab(&self) -> &LabState {
        &self.lab
    }
    /// The lab, shared.
    pub fn shared_lab(&self) -> Rc<LabState> {
        Rc::clone(&self.lab)
    }
    /// The hash-quality view's settings as typed.
    pub fn hash_quality(&self) -> &HashQualityState {
        &self.hash_quality
    }
    /// The hash-quality view, shared.
    pub fn shared_hash_quality(&self) -> Rc<HashQualityState> {
        Rc::clone(&self.hash_quality)
    }
    /// The growing-filters view.
    pub fn grow(&self) -> &GrowState {
        &self.grow
    }
    /// The growing-filters view, shared.
    pub fn shared_grow(&self) -> Rc<GrowState> {
        Rc::clone(&self.grow)
    }
    /// The count-min sketch view.
    pub fn cms(&self) -> &CmsState {
        &self.cms
    }
    /// The count-min sketch view, shared.
    pub fn shared_cms(&self) -> Rc<CmsState> {
        Rc::clone(&self.cms)
    }
    /// The files view's state.
    pub fn files(&self) -> &FilesState {
        &self.files
    }

    /// The use-case view's state.
    pub fn apps(&self) -> &AppsState {
        &self.apps
    }
    /// The use-case view, shared.
    pub fn shared_apps(&self) -> Rc<AppsState> {
        Rc::clone(&self.apps)
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
    /// Whether undo has something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether redo has something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// The long paste being added, if any.
    pub fn bulk(&self) -> Option<&BulkProgress> {
        self.bulk.as_ref()
    }
    /// Marks the state as restored from the browser's storage.
    pub fn restored(mut self) -> Self {
        self.page.persistence.restored = true;
        self
    }
    /// A number that changes whenever the settings, items, sets or folds change.
    pub fn revision(&self) -> u64 {
        self.revision
    }
}
