//! The page's model: one struct, one [`Action`] per user intent, and a pure
//! [`AppState::apply`]. The UI only renders this state and dispatches actions.

use std::rc::Rc;

use crate::filter::MAX_COUNTER_WIDTH;
use crate::lang::Lang;

use super::apps_view::AppsState;
use super::calculator::CalculatorState;
use super::cms_view::CmsState;
use super::crawl::CrawlTally;
use super::fields::{parse_bits, parse_hashes, parse_small_whole, FieldProblem};
use super::grow_view::GrowState;
use super::hash_quality::HashQualityState;
use super::lab::LabState;
use super::lesson::Lesson;
use super::log::{apply_entry, log_of_members, replay, LogEntry, Members};
use super::query::{run_query, run_query_without_culprits, QueryReport};
use super::quiz::{
    quiz_fill, quiz_questions, Quiz, QUIZ_MAX_FILLED_M, QUIZ_MIN_ITEMS, QUIZ_SHAPE, QUIZ_WORDS_SEED,
};
use super::settings::{FilterModel, Settings};
use super::url::{Embedding, Lockable, Notice, NoticeReason, View};
use super::words::fresh_words;

mod action;
mod bulk;
mod lessons;
mod link;
mod message;
mod removal;
mod walk;

pub use action::{Action, Walk, WalkKind};
pub use bulk::{pasted_item, pasted_lines, BulkBuilder, BulkProgress};
use lessons::LessonRequest;
pub use lessons::{Divergence, LessonProgress, LessonsStatus};
pub use message::{FieldDrafts, FieldError, FieldErrors, Message, QuizFilterChange, SettingField};

/// How many steps undo reaches back.
pub const UNDO_DEPTH: usize = 100;

/// Mixed into the page's random seed to draw the words "Try a word" offers (a sequence
/// apart from the words "Add 5 random words" adds).
pub const TRY_WORDS_SEED: u64 = 0x7472_7921;

/// What the page knows about keeping the state across reloads.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Persistence {
    /// The state was restored from the browser's storage at start.
    pub restored: bool,
    /// The last save failed, and why.
    pub save_error: Option<String>,
    /// The state is too long for the address bar, so only the storage keeps it.
    pub too_long_for_link: bool,
    /// The user hid the note.
    pub dismissed: bool,
}

/// The items of a set in the sets view: each distinct line once, in the order first given;
/// blank lines are not items.
fn set_items(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let lines: Vec<String> = lines.into_iter().collect();
    crate::filter::distinct::first_occurrences(
        lines
            .iter()
            .map(String::as_str)
            .filter(|line| !line.trim().is_empty()),
    )
    .into_iter()
    .map(str::to_owned)
    .collect()
}

/// What undo and redo restore: the filter (its settings and item log) and, since each lesson
/// step is one undo step, the lesson's progress and the crawler's tally.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    settings: Settings,
    log: Rc<Vec<LogEntry>>,
    lesson: Option<LessonProgress>,
    crawl: Option<CrawlTally>,
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
    /// The "More" area of the visualizer's tools is open.
    more_open: bool,
    last_query: Option<Rc<QueryReport>>,
    walk: Option<Walk>,
    selected_cell: Option<u64>,
    view: View,
    lang: Lang,
    /// The language the page was opened in whose texts could not be loaded: the link keeps
    /// it, so that a reload or a shared copy tries it again, until another is chosen.
    unloaded_lang: Option<Lang>,
    embedding: Embedding,
    presentation: bool,
    help_open: bool,
    quiz_open: bool,
    quiz_seed: String,
    lesson_choice: Option<String>,
    deletion_open: bool,
    compared: Option<String>,
    embed_snippet: Option<(String, bool)>,
    intro_dismissed: bool,
    quiz: Option<Quiz>,
    sets: Rc<[Vec<String>; 2]>,
    sets_typed: [Option<String>; 2],
    folds: u32,
    calculator: Rc<CalculatorState>,
    lab: Rc<LabState>,
    hash_quality: Rc<HashQualityState>,
    grow: Rc<GrowState>,
    cms: Rc<CmsState>,
    apps: Rc<AppsState>,
    lessons: Rc<Vec<Rc<Lesson>>>,
    lessons_status: LessonsStatus,
    lesson: Option<LessonProgress>,
    lesson_request: Option<LessonRequest>,
    crawl: Option<CrawlTally>,
    persistence: Persistence,
    bulk: Option<BulkProgress>,
    message: Option<Message>,
    field_errors: FieldErrors,
    field_drafts: FieldDrafts,
    notices: Vec<Notice>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    random_seed: u64,
    random_next: u64,
    revision: u64,
    items_revision: u64,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(Settings::default(), Vec::new())
    }
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
            more_open: false,
            last_query: None,
            walk: None,
            selected_cell: None,
            view: View::default(),
            lang: Lang::default(),
            unloaded_lang: None,
            embedding: Embedding::default(),
            presentation: false,
            help_open: false,
            quiz_open: false,
            quiz_seed: "1".to_owned(),
            lesson_choice: None,
            deletion_open: false,
            compared: None,
            embed_snippet: None,
            intro_dismissed: false,
            quiz: None,
            sets: Rc::new([Vec::new(), Vec::new()]),
            sets_typed: [None, None],
            calculator: Rc::default(),
            lab: Rc::default(),
            hash_quality: Rc::default(),
            grow: Rc::default(),
            cms: Rc::default(),
            apps: Rc::default(),
            folds: 0,
            lessons: Rc::new(Vec::new()),
            lessons_status: LessonsStatus::default(),
            lesson: None,
            lesson_request: None,
            crawl: None,
            persistence: Persistence::default(),
            bulk: None,
            message: None,
            field_errors: FieldErrors::default(),
            field_drafts: FieldDrafts::default(),
            notices: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            random_seed: 0x5eed,
            random_next: 0,
            revision: 0,
            items_revision: 0,
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
    /// The live filter.
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
    /// show: the walk's item, else the typed one, else the quiz's question, else the last
    /// query's, else the item just added from the field.
    pub fn shown_item(&self) -> Option<&str> {
        if let Some(walk) = &self.walk {
            return Some(&walk.item);
        }
        if !self.draft.is_empty() {
            return Some(&self.draft);
        }
        if let Some(quiz) = &self.quiz {
            return Some(quiz.item());
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
        (self.walk.is_none() && !self.draft.is_empty() && !asked)
            .then(|| run_query_without_culprits(&self.filter, &self.members, &self.draft))
    }
    /// Whether the "More" area of the visualizer's tools is open.
    pub fn more_open(&self) -> bool {
        self.more_open
    }
    /// The step-by-step walk in progress.
    pub fn walk(&self) -> Option<&Walk> {
        self.walk.as_ref()
    }
    /// The part of the page shown.
    pub fn view(&self) -> View {
        self.view
    }
    /// The page's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }
    /// Presentation mode.
    pub fn presentation(&self) -> bool {
        self.presentation
    }
    /// The quiz in progress.
    pub fn quiz(&self) -> Option<&Quiz> {
        self.quiz.as_ref()
    }
    /// Whether the quiz's panel is open (a quiz in progress also shows it).
    pub fn quiz_open(&self) -> bool {
        self.quiz_open
    }
    /// The quiz's seed as typed.
    pub fn quiz_seed(&self) -> &str {
        &self.quiz_seed
    }
    /// The lesson the menu shows: the one chosen but not started, else the one open.
    pub fn lesson_choice(&self) -> &str {
        self.lesson_choice
            .as_deref()
            .or(self.lesson.as_ref().map(|l| l.lesson.id.as_str()))
            .unwrap_or("")
    }
    /// Whether the deletion section is open.
    pub fn deletion_open(&self) -> bool {
        self.deletion_open
    }
    /// The member the deletion comparison deletes: the one chosen, else the item in the
    /// field when it is a member, else the first member.
    pub fn compared(&self) -> Option<&str> {
        let member = |item: &&str| self.members.contains(item);
        self.compared
            .as_deref()
            .filter(member)
            .or(Some(self.draft.as_str()).filter(member))
            .or(self.members.list().first().map(|m| m.item.as_str()))
    }
    /// The embed snippet shown, and whether it reached the clipboard.
    pub fn embed_snippet(&self) -> Option<&(String, bool)> {
        self.embed_snippet.as_ref()
    }
    /// Whether the one-line introduction was hidden.
    pub fn intro_dismissed(&self) -> bool {
        self.intro_dismissed
    }
    /// The same state with the introduction hidden (a reader who hid it before).
    pub fn without_intro(mut self) -> Self {
        self.intro_dismissed = true;
        self
    }
    /// Whether the keyboard shortcut list is shown.
    pub fn help_open(&self) -> bool {
        self.help_open
    }
    /// How the page is embedded (compact view, locked controls).
    pub fn embedding(&self) -> &Embedding {
        &self.embedding
    }
    /// The calculator.
    pub fn calculator(&self) -> &CalculatorState {
        &self.calculator
    }
    /// The calculator, shared.
    pub fn shared_calculator(&self) -> Rc<CalculatorState> {
        Rc::clone(&self.calculator)
    }
    /// The lab, shared.
    pub fn shared_lab(&self) -> Rc<LabState> {
        Rc::clone(&self.lab)
    }
    /// The hash-quality view, shared.
    pub fn shared_hash_quality(&self) -> Rc<HashQualityState> {
        Rc::clone(&self.hash_quality)
    }
    /// The growing-filters view, shared.
    pub fn shared_grow(&self) -> Rc<GrowState> {
        Rc::clone(&self.grow)
    }
    /// The count-min sketch view, shared.
    pub fn shared_cms(&self) -> Rc<CmsState> {
        Rc::clone(&self.cms)
    }
    /// The use-case view, shared.
    pub fn shared_apps(&self) -> Rc<AppsState> {
        Rc::clone(&self.apps)
    }
    /// The growing-filters view.
    pub fn grow(&self) -> &GrowState {
        &self.grow
    }
    /// The count-min sketch view.
    pub fn cms(&self) -> &CmsState {
        &self.cms
    }
    /// The use-case view.
    pub fn apps(&self) -> &AppsState {
        &self.apps
    }
    /// The lab's settings as typed.
    pub fn lab(&self) -> &LabState {
        &self.lab
    }
    /// The hash-quality view's settings as typed.
    pub fn hash_quality(&self) -> &HashQualityState {
        &self.hash_quality
    }
    /// The items of filters A and B in the sets view.
    pub fn sets(&self) -> Rc<[Vec<String>; 2]> {
        Rc::clone(&self.sets)
    }
    /// The text of set A's (0) or B's (1) field: as typed while it is being typed, else
    /// its items one per line.
    pub fn sets_text(&self, side: usize) -> String {
        self.sets_typed
            .get(side)
            .cloned()
            .flatten()
            .unwrap_or_else(|| {
                self.sets
                    .get(side)
                    .map(|s| s.join("\n"))
                    .unwrap_or_default()
            })
    }
    /// How many times the sets view folds the visualizer's filter.
    pub fn folds(&self) -> u32 {
        self.folds
            .min(super::url::possible_folds(self.settings.m()))
    }
    /// The cell under the grid's cursor.
    pub fn selected_cell(&self) -> Option<u64> {
        self.selected_cell
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
    /// Notices about ignored URL parameters.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }
    /// Whether undo has something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether redo has something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    /// The lessons that have arrived.
    pub fn lessons(&self) -> &[Rc<Lesson>] {
        &self.lessons
    }
    /// Whether the lessons have arrived.
    pub fn lessons_status(&self) -> &LessonsStatus {
        &self.lessons_status
    }
    /// The lesson in progress.
    pub fn lesson(&self) -> Option<&LessonProgress> {
        self.lesson.as_ref()
    }
    /// The crawler of the crawler lesson, once it has taken URLs.
    pub fn crawl(&self) -> Option<&CrawlTally> {
        self.crawl.as_ref()
    }
    /// What the page knows about keeping the state across reloads.
    pub fn persistence(&self) -> &Persistence {
        &self.persistence
    }
    /// The long paste being added, if any.
    pub fn bulk(&self) -> Option<&BulkProgress> {
        self.bulk.as_ref()
    }
    /// Marks the state as restored from the browser's storage.
    pub fn restored(mut self) -> Self {
        self.persistence.restored = true;
        self
    }
    /// A number that changes whenever the settings, items, sets or folds change.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Applies one action and returns the new state. Never panics on any input.
    pub fn apply(mut self, action: Action) -> Self {
        if self.is_locked_out(&action) {
            // Enter in the item field has no disabled button to explain it: say why.
            if matches!(action, Action::AddDraft | Action::RemoveDraft) {
                self.message = Some(Message::ItemsLocked);
            }
            return self;
        }
        if !action.keeps_message() {
            self.message = None;
        }
        match action {
            Action::SetDraft(text) => {
                self.draft = text;
                self.last_added = None;
            }
            Action::TryWord => {
                let members = Rc::clone(&self.members);
                let (words, next) = fresh_words(
                    self.random_seed ^ TRY_WORDS_SEED,
                    self.tried_words,
                    1,
                    |w| members.contains(w),
                );
                self.tried_words = next;
                self.draft = words.into_iter().next().unwrap_or_default();
                self.last_added = None;
            }
            Action::ShowMore(open) => self.more_open = open,
            Action::TypeSetting(field, text) => {
                let slot = match field {
                    SettingField::M => &mut self.field_drafts.m,
                    SettingField::K => &mut self.field_drafts.k,
                    SettingField::Width => &mut self.field_drafts.width,
                };
                *slot = Some(text);
            }
            Action::AddDraft => {
                if self.draft.is_empty() {
                    self.message = Some(Message::EmptyItem);
                } else {
                    let item = std::mem::take(&mut self.draft);
                    self = self.apply(Action::AddItem(item.clone()));
                    // The field is ready for the next word; the array still shows this one.
                    self.last_added = Some(item);
                }
            }
            Action::QueryDraft => {
                if self.draft.is_empty() {
                    self.message = Some(Message::EmptyItem);
                } else {
                    let item = self.draft.clone();
                    self = self.apply(Action::QueryItem(item));
                }
            }
            Action::AddItem(item) => {
                let mut fresh: Vec<u64> = self
                    .filter
                    .shape()
                    .positions(item.as_bytes())
                    .filter(|&p| !self.filter.is_set(p))
                    .collect();
                crate::filter::heap_sort::sort_u64(&mut fresh);
                fresh.dedup();
                let newly_set = fresh.len();
                self.push_entries(vec![LogEntry::Add(item.clone())]);
                self.message = Some(Message::Added { item, newly_set });
            }
            Action::QueryItem(item) => {
                self.last_query = Some(Rc::new(run_query(&self.filter, &self.members, &item)));
            }
            Action::AddLines(text) => {
                let entries: Vec<LogEntry> =
                    pasted_lines(&text).into_iter().map(LogEntry::Add).collect();
                let count = entries.len();
                if count == 0 {
                    self.message = Some(Message::EmptyItem);
                } else {
                    self.push_entries(entries);
                    self.message = Some(Message::AddedMany { count });
                }
            }
            Action::AddRandomWords(count) => {
                let members = Rc::clone(&self.members);
                let (words, next) = fresh_words(self.random_seed, self.random_next, count, |w| {
                    members.contains(w)
                });
                self.random_next = next;
                let count = words.len();
                self.push_entries(words.into_iter().map(LogEntry::Add).collect());
                self.message = Some(Message::AddedMany { count });
            }
            Action::Remove(item) => self.remove(item),
            Action::ForceRemove(item) => self.force_remove(item),
            Action::NaiveDelete(item) => self.naive_delete(item),
            Action::SetM(text) => {
                let result = parse_bits(&text)
                    .and_then(|m| self.settings.with_m(m).map_err(FieldProblem::from));
                self.field_drafts.m = None;
                self.field_errors.m = self.change_settings(text, result);
            }
            Action::SetK(text) => {
                let result = parse_hashes(&text)
                    .and_then(|k| self.settings.with_k(k).map_err(FieldProblem::from));
                self.field_drafts.k = None;
                self.field_errors.k = self.change_settings(text, result);
            }
            Action::SetWidth(text) => {
                let result = parse_small_whole(&text)
                    .map_err(|p| p.with_max(u64::from(MAX_COUNTER_WIDTH)))
                    .and_then(|w| self.settings.with_width(w).map_err(FieldProblem::from));
                self.field_drafts.width = None;
                self.field_errors.width = self.change_settings(text, result);
            }
            Action::SetFamily(family) => {
                let result = self
                    .settings
                    .with_family(family)
                    .map_err(FieldProblem::from);
                self.field_errors.family = self.change_settings(family.key().to_owned(), result);
            }
            Action::SetLayout(layout) => {
                let result = self
                    .settings
                    .with_layout(layout)
                    .map_err(FieldProblem::from);
                self.field_errors.layout = self.change_settings(layout.key().to_owned(), result);
            }
            Action::SetMode(mode) => {
                if mode != self.settings.mode() {
                    let log = log_of_members(&self.members, mode);
                    let settings = self.settings.with_mode(mode);
                    self.set_settings(settings, Some(log));
                }
            }
            Action::Reset => {
                if !self.log.is_empty() {
                    self.record_undo();
                    self.rebuild(self.settings, Vec::new());
                }
            }
            Action::Undo => match self.undo.pop() {
                Some(snapshot) => {
                    self.redo.push(self.snapshot());
                    self.restore(snapshot);
                }
                None => self.message = Some(Message::NothingToUndo),
            },
            Action::Redo => match self.redo.pop() {
                Some(snapshot) => {
                    self.undo.push(self.snapshot());
                    self.restore(snapshot);
                }
                None => self.message = Some(Message::NothingToRedo),
            },
            Action::StartWalk(kind) => self.start_walk(kind),
            Action::StepWalk => self.step_walk(),
            Action::StepBackWalk => {
                if let Some(walk) = &mut self.walk {
                    walk.step = walk.step.saturating_sub(1);
                }
            }
            Action::CancelWalk => {
                self.walk = None;
                self.help_open = false;
            }
            Action::DismissNotice(index) => {
                if index < self.notices.len() {
                    self.notices.remove(index);
                }
            }
            Action::DismissMessage => self.message = None,
            Action::SetView(view) => self.view = view,
            Action::SetLang(lang) => {
                self.lang = lang;
                self.unloaded_lang = None;
            }
            Action::LanguageFailed(lang, problem) => {
                if self.lang == lang {
                    self.lang = Lang::En;
                    self.unloaded_lang = Some(lang);
                }
                self.notices.push(Notice::new(
                    "lang",
                    lang.key(),
                    NoticeReason::LanguageFile(problem),
                ));
            }
            Action::TogglePresentation => self.presentation = !self.presentation,
            Action::ToggleHelp => self.help_open = !self.help_open,
            Action::StartQuiz(seed) => {
                self.build_quiz_filter(seed);
                self.quiz = Some(Quiz::start(seed, &self.filter, &self.members));
                // The bit array outlines the question's positions, not a typed word's.
                self.last_query = None;
                self.draft.clear();
            }
            Action::AnswerQuiz(prediction) => {
                if let Some(mut quiz) = self.quiz.take() {
                    if quiz.answer().is_none() {
                        let report = run_query(&self.filter, &self.members, quiz.item());
                        quiz.record(prediction, &report.verdict);
                        self.draft = quiz.item().to_owned();
                        self.last_query = Some(Rc::new(report));
                    }
                    self.quiz = Some(quiz);
                }
            }
            Action::NextQuestion => {
                if let Some(quiz) = &mut self.quiz {
                    quiz.next();
                    self.last_query = None;
                    self.draft.clear();
                }
            }
            Action::StopQuiz => {
                self.quiz = None;
                self.quiz_open = false;
            }
            // A quiz in progress keeps its panel (it has its own Stop button).
            Action::ToggleQuizSetup => {
                if self.quiz.is_none() {
                    self.quiz_open = !self.quiz_open;
                }
                self.view = View::Visualizer;
            }
            Action::DismissIntro => self.intro_dismissed = true,
            Action::SetQuizSeed(seed) => self.quiz_seed = seed,
            Action::ChooseLesson(id) => self.lesson_choice = Some(id),
            Action::ShowDeletion(open) => self.deletion_open = open,
            Action::ChooseCompared(item) => self.compared = Some(item),
            Action::ShowEmbedCode(snippet) => self.embed_snippet = Some((snippet, false)),
            Action::EmbedCopied => {
                if let Some((_, copied)) = &mut self.embed_snippet {
                    *copied = true;
                }
            }
            Action::TypeSetItems(side, text) => {
                if let Some(slot) = self.sets_typed.get_mut(side) {
                    *slot = Some(text);
                }
            }
            Action::SetSetItems(side, text) => {
                if side < 2 {
                    self.sets_typed[side] = None;
                    let lines = text.lines().map(|l| l.trim_end_matches('\r').to_owned());
                    Rc::make_mut(&mut self.sets)[side] = set_items(lines);
                    self.revision += 1;
                }
            }
            Action::SetCalculatorMode(solve) => {
                let input = self.calculator.input().clone();
                Rc::make_mut(&mut self.calculator).ask(solve, input);
            }
            Action::SetCalculatorInput(input) => {
                let solve = self.calculator.solve();
                Rc::make_mut(&mut self.calculator).ask(solve, input);
            }
            Action::SetClaim(claim) => Rc::make_mut(&mut self.calculator).set_claim(claim),
            Action::UseCalculatorAnswer => self.use_calculator_answer(),
            Action::Lab(action) => {
                let lab = Rc::unwrap_or_clone(std::mem::take(&mut self.lab));
                self.lab = Rc::new(lab.apply(action));
            }
            Action::HashQuality(action) => {
                let view = Rc::unwrap_or_clone(std::mem::take(&mut self.hash_quality));
                self.hash_quality = Rc::new(view.apply(action));
            }
            Action::Grow(action) => {
                let view = Rc::unwrap_or_clone(std::mem::take(&mut self.grow));
                self.grow = Rc::new(view.apply(action));
            }
            Action::Cms(action) => {
                let view = Rc::unwrap_or_clone(std::mem::take(&mut self.cms));
                let family = self.settings.family();
                self.cms = Rc::new(view.apply(action).with_family(family));
            }
            Action::Apps(action) => {
                let view = Rc::unwrap_or_clone(std::mem::take(&mut self.apps));
                let family = self.settings.family();
                self.apps = Rc::new(view.apply(action).with_family(family));
            }
            Action::SetFolds(folds) => {
                self.folds = folds.min(super::url::MAX_FOLDS);
                self.revision += 1;
            }
            Action::LoadDemo(demo) => {
                let (query, item) = demo.query();
                let url = super::url::parse(&query);
                let mut loaded = AppState::new(url.settings, Vec::new());
                for entry in url.entries.iter() {
                    loaded = loaded.apply(Action::AddItem(entry.item().to_owned()));
                }
                let log = loaded.log.as_ref().clone();
                self.set_settings(loaded.settings, Some(log));
                self.draft = item;
                self.field_errors = FieldErrors::default();
                self.message = Some(Message::DemoLoaded);
            }
            Action::RemoveDraft => {
                if self.draft.is_empty() {
                    self.message = Some(Message::EmptyItem);
                } else {
                    let item = self.draft.clone();
                    self.remove(item);
                }
            }
            Action::SelectCell(cell) => {
                self.selected_cell = cell.filter(|&c| c < self.settings.m());
            }
            Action::MoveCursor(step) => {
                self.selected_cell = Some(step.target(self.selected_cell, self.settings.m()));
            }
            Action::LessonsLoaded(lessons, problems) => self.lessons_loaded(lessons, problems),
            Action::LessonsFailed(why) => self.lessons_status = LessonsStatus::Failed(why),
            Action::StartLesson(id) => {
                self.lesson_choice = None;
                self.start_lesson(&id);
            }
            Action::LessonNext => self.lesson_next(),
            Action::LessonBack => self.lesson_back(),
            Action::LessonRestore => self.lesson_restore(),
            Action::StopLesson => {
                self.lesson_choice = None;
                self.lesson = None;
                self.crawl = None;
            }
            Action::Forward => {
                if self.walk.is_some() {
                    self = self.apply(Action::StepWalk);
                } else {
                    self.lesson_next();
                }
            }
            Action::Saved {
                error,
                too_long_for_link,
            } => {
                if error != self.persistence.save_error
                    || too_long_for_link != self.persistence.too_long_for_link
                {
                    self.persistence.dismissed = false;
                }
                self.persistence.save_error = error;
                self.persistence.too_long_for_link = too_long_for_link;
            }
            Action::DismissSaveNote => self.persistence.dismissed = true,
            Action::BulkStart(total) => self.bulk_start(total),
            Action::BulkProgress(done) => {
                if let Some(bulk) = &mut self.bulk {
                    bulk.done = done;
                }
            }
            Action::BulkFinish(built) => self.bulk_finish(built),
            Action::StartFresh => {
                self.record_undo();
                self.lesson = None;
                self.crawl = None;
                self.quiz = None;
                self.draft.clear();
                self.view = View::default();
                self.sets = Rc::new([Vec::new(), Vec::new()]);
                self.sets_typed = [None, None];
                self.folds = 0;
                self.persistence.restored = false;
                self.rebuild(Settings::default(), Vec::new());
            }
            // At a walk's first step, back leaves the walk and, in a lesson, goes to the step
            // before (as the step's own Back button would from a step with no walk).
            Action::Backward => match &self.walk {
                Some(walk) if walk.step > 0 => self = self.apply(Action::StepBackWalk),
                Some(_) => {
                    self.walk = None;
                    self = self.apply(Action::LessonBack);
                }
                None => self = self.apply(Action::LessonBack),
            },
        }
        self
    }

    /// Before a quiz: a filter of fewer than [`QUIZ_MIN_ITEMS`] items is filled to about
    /// half its bits with words drawn from the quiz's seed (the same for the whole class),
    /// first made m = 32, k = 3 when its m is above 64; a filter that still cannot give each
    /// of the three answers ([`quiz_questions`]) is replaced by such a filter of words. One
    /// undo step, and a message says what changed. Controls the embedding page locked are
    /// left alone.
    pub(super) fn build_quiz_filter(&mut self, seed: u64) {
        let had = self.members.len();
        let balanced = |state: &Self| quiz_questions(seed, &state.filter, &state.members).1;
        if self.embedding.is_locked(Lockable::Items) || (had >= QUIZ_MIN_ITEMS && balanced(self)) {
            return;
        }
        let shape_locked =
            self.embedding.is_locked(Lockable::M) || self.embedding.is_locked(Lockable::K);
        let resize = had < QUIZ_MIN_ITEMS && self.settings.m() > QUIZ_MAX_FILLED_M && !shape_locked;
        self.one_undo_step(|state| {
            let mut how = QuizFilterChange::Filled;
            if resize {
                state.set_quiz_shape();
                how = QuizFilterChange::Resized;
            }
            let mut added = Vec::new();
            if had < QUIZ_MIN_ITEMS {
                added = state.add_quiz_words(seed, had);
            }
            if !balanced(state) {
                if !shape_locked {
                    state.set_quiz_shape();
                }
                state.rebuild(state.settings, Vec::new());
                added = state.add_quiz_words(seed, 0);
                how = QuizFilterChange::Replaced;
            }
            state.message = Some(Message::QuizFilterBuilt {
                had,
                added,
                m: state.settings.m(),
                k: state.settings.k(),
                how,
            });
        });
    }

    /// m and k become [`QUIZ_SHAPE`] (the items kept).
    fn set_quiz_shape(&mut self) {
        let (m, k) = QUIZ_SHAPE;
        if let Ok(settings) = self.settings.with_m(m).and_then(|s| s.with_k(k)) {
            if settings != self.settings {
                self.set_settings(settings, None);
            }
        }
    }

    /// Adds words of the quiz's seed until the filter holds [`quiz_fill`] items (it holds
    /// `had`); returns them.
    fn add_quiz_words(&mut self, seed: u64, had: usize) -> Vec<String> {
        let wanted = quiz_fill(self.settings.m(), self.settings.k()).saturating_sub(had);
        let members = Rc::clone(&self.members);
        let (words, _) = fresh_words(seed ^ QUIZ_WORDS_SEED, 0, wanted, |w| members.contains(w));
        self.push_entries(words.iter().cloned().map(LogEntry::Add).collect());
        words
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

    /// Whether `action` changes a control the embedding page locked; such actions change
    /// nothing (the controls are also disabled on the page).
    fn is_locked_out(&self, action: &Action) -> bool {
        action
            .needs_unlocked()
            .iter()
            .any(|&control| self.embedding.is_locked(control))
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
            self.view = View::Visualizer;
        }
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

    fn set_settings(&mut self, settings: Settings, log: Option<Vec<LogEntry>>) {
        self.record_undo();
        let log = log.unwrap_or_else(|| self.log.as_ref().clone());
        self.rebuild(settings, log);
    }

    fn push_entries(&mut self, entries: Vec<LogEntry>) {
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

    fn rebuild(&mut self, settings: Settings, log: Vec<LogEntry>) {
        self.field_drafts = FieldDrafts::default();
        let (filter, members) = replay(&settings, &log);
        self.selected_cell = self.selected_cell.filter(|&c| c < settings.m());
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
            lesson: self.lesson.clone(),
            crawl: self.crawl.clone(),
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
        self.lesson = snapshot.lesson;
        self.crawl = snapshot.crawl;
        self.rebuild(snapshot.settings, snapshot.log.as_ref().clone());
    }
}
