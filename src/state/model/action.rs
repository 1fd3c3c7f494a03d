//! Every change to the page state is one [`Action`].

use std::rc::Rc;

use crate::filter::{HashFamily, Layout};
use crate::lang::Lang;
use crate::state::apps_view::AppsAction;
use crate::state::calculator::{CalculatorInput, ClaimInput, Solve};
use crate::state::cms_view::CmsAction;
use crate::state::cursor::CursorStep;
use crate::state::demos::Demo;
use crate::state::grow_view::GrowAction;
use crate::state::hash_quality::HashQualityAction;
use crate::state::lab::LabAction;
use crate::state::lesson::Lesson;
use crate::state::quiz::QuizAnswer;
use crate::state::settings::Mode;
use crate::state::url::{Lockable, View};

use super::{BulkBuilder, SettingField};

/// Every change to the page state.
///
/// Most variants are user intents: one per thing a user can do (type, add, change m, step
/// a lesson, …), so that undo, the link and the tests see each intent once. A few are
/// system events, which the page dispatches when something outside the user's hands has
/// happened: [`Action::LanguageFailed`], [`Action::LessonsLoaded`],
/// [`Action::LessonsFailed`], [`Action::Saved`], the slices of a long paste
/// ([`Action::BulkStart`], [`Action::BulkProgress`], [`Action::BulkFinish`]), and the
/// measurements that long work in the background reports ([`LabAction::Measured`] inside
/// [`Action::Lab`], [`HashQualityAction::Reported`] inside [`Action::HashQuality`]).
///
/// What each action does to the message about the last action ([`Action::keeps_message`])
/// and which lock of an embedding page stops it ([`Action::needs_unlocked`]) are decided by
/// exhaustive matches, so a new variant must answer both.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The text in the item field changed.
    SetDraft(String),
    /// Put a word not in the set into the item field, drawn from the page's seed.
    TryWord,
    /// Open or close the "More" area of the visualizer's tools.
    ShowMore(bool),
    /// Add the item in the field.
    AddDraft,
    /// Query the item in the field.
    QueryDraft,
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
    /// Choose standard or partitioned bits.
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
    /// Hide a URL notice.
    DismissNotice(usize),
    /// Hide the message about the last action.
    DismissMessage,
    /// Put the grid's cursor on a cell (or take it away), to inspect that bit.
    SelectCell(Option<u64>),
    /// Move the cell cursor by a key (arrows, Home, End) from wherever it is now: computed
    /// in the reducer, so keys pressed faster than the page renders all count.
    MoveCursor(CursorStep),
    /// Show another part of the page.
    SetView(View),
    /// Show the page in another language.
    SetLang(Lang),
    /// A language's text file could not be fetched or read (why): a notice says so, and a
    /// page that was to open in that language shows English.
    LanguageFailed(Lang, String),
    /// Presentation mode (large type, high contrast) on or off.
    TogglePresentation,
    /// Show or hide the list of keyboard shortcuts.
    ToggleHelp,
    /// Show or hide the quiz's panel (its seed field and Start button).
    ToggleQuizSetup,
    /// The quiz's seed as typed.
    SetQuizSeed(String),
    /// A lesson chosen in the menu (started only by Start).
    ChooseLesson(String),
    /// Open or close the deletion section (its demonstrations and comparison).
    ShowDeletion(bool),
    /// The member the deletion comparison deletes.
    ChooseCompared(String),
    /// Show the `<iframe>` snippet of the current view, being copied to the clipboard.
    ShowEmbedCode(String),
    /// (System event) the snippet reached the clipboard.
    EmbedCopied,
    /// Hide the one-line introduction for good.
    DismissIntro,
    /// Start a predict-then-reveal quiz with this seed.
    StartQuiz(u64),
    /// Answer the quiz's current question.
    AnswerQuiz(QuizAnswer),
    /// The quiz's next question.
    NextQuestion,
    /// End the quiz.
    StopQuiz,
    /// The sets view: text typed in the items of filter A (0) or B (1), not yet committed.
    TypeSetItems(usize, String),
    /// The sets view: replace the items of filter A (0) or B (1) by these lines.
    SetSetItems(usize, String),
    /// The sets view: fold the visualizer's filter this many times (0 to 4).
    SetFolds(u32),
    /// The calculator: which question it answers.
    SetCalculatorMode(Solve),
    /// The calculator: its four fields as typed.
    SetCalculatorInput(CalculatorInput),
    /// The calculator: the claim being checked, as typed.
    SetClaim(ClaimInput),
    /// Use the calculator's m and k in the visualizer (one undo step) and show it.
    UseCalculatorAnswer,
    /// The false-positive lab: a change to its settings, a run started, paused, resumed or
    /// cancelled, or (system event) the measurements of a slice of its run.
    Lab(LabAction),
    /// The hash-quality view: its settings changed, or (system event) one hash's report of
    /// its current job is ready.
    HashQuality(HashQualityAction),
    /// The growing-filters view.
    Grow(GrowAction),
    /// The count-min sketch view.
    Cms(CmsAction),
    /// The use-case view.
    Apps(AppsAction),
    /// Load a prepared demonstration (undoable).
    LoadDemo(Demo),
    /// Remove the item in the field: counters in counting mode, naive delete refused in
    /// plain mode.
    RemoveDraft,
    /// The lesson files arrived: the lessons that could be read, and for each file that
    /// could not, its name and the problem.
    LessonsLoaded(Vec<Rc<Lesson>>, Vec<(String, String)>),
    /// The lesson list could not be fetched.
    LessonsFailed(String),
    /// Open a lesson at its first step.
    StartLesson(String),
    /// The lesson's next step (a walk in progress is completed first).
    LessonNext,
    /// The lesson's previous step, rebuilt as the lesson left it.
    LessonBack,
    /// Leave the lesson; the filter stays as it is.
    StopLesson,
    /// Rebuild the filter as the lesson's current step leaves it (after the user changed it).
    LessonRestore,
    /// The clicker's "forward": the walk's next step, else the lesson's next step.
    Forward,
    /// The clicker's "back": the walk's previous step, else the lesson's previous step.
    Backward,
    /// How saving the state went: the storage error, if any, and whether the state was too
    /// long to mirror in the address bar.
    Saved {
        /// Why the browser refused to store the state.
        error: Option<String>,
        /// The state's link is longer than the address bar takes.
        too_long_for_link: bool,
    },
    /// Hide the note about saving or restoring.
    DismissSaveNote,
    /// A long paste of this many lines is being added in slices by a [`BulkBuilder`].
    BulkStart(usize),
    /// How many of the paste's lines are in the builder so far.
    BulkProgress(usize),
    /// The paste is done, or was stopped: its items join the set as one undo step. Ignored
    /// if the settings or items changed since [`Action::BulkStart`].
    BulkFinish(Rc<BulkBuilder>),
    /// Forget the restored session: an empty filter at the default settings (undoable).
    StartFresh,
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

impl Action {
    /// Whether the message about the last action stays on screen through this action:
    /// true for actions that neither change the filter nor act on an item (typing, moving
    /// around the page, the other views' settings, system events that report elsewhere).
    pub fn keeps_message(&self) -> bool {
        match self {
            Action::SetDraft(_)
            | Action::TryWord
            | Action::ShowMore(_)
            | Action::TypeSetting(..)
            | Action::DismissNotice(_)
            | Action::SelectCell(_)
            | Action::MoveCursor(_)
            | Action::SetView(_)
            | Action::SetLang(_)
            | Action::TogglePresentation
            | Action::ToggleHelp
            | Action::ToggleQuizSetup
            | Action::SetQuizSeed(_)
            | Action::ChooseLesson(_)
            | Action::ShowDeletion(_)
            | Action::ChooseCompared(_)
            | Action::ShowEmbedCode(_)
            | Action::EmbedCopied
            | Action::DismissIntro
            | Action::StartQuiz(_)
            | Action::AnswerQuiz(_)
            | Action::NextQuestion
            | Action::StopQuiz
            | Action::TypeSetItems(..)
            | Action::SetSetItems(..)
            | Action::SetFolds(_)
            | Action::SetCalculatorMode(_)
            | Action::SetCalculatorInput(_)
            | Action::SetClaim(_)
            | Action::Lab(_)
            | Action::HashQuality(_)
            | Action::Grow(_)
            | Action::Cms(_)
            | Action::Apps(_)
            | Action::LessonsLoaded(..)
            | Action::LessonsFailed(_)
            | Action::LanguageFailed(..)
            | Action::StopLesson
            | Action::Saved { .. }
            | Action::DismissSaveNote
            | Action::BulkProgress(_) => true,
            Action::AddDraft
            | Action::QueryDraft
            | Action::AddItem(_)
            | Action::QueryItem(_)
            | Action::AddLines(_)
            | Action::AddRandomWords(_)
            | Action::Remove(_)
            | Action::ForceRemove(_)
            | Action::NaiveDelete(_)
            | Action::SetM(_)
            | Action::SetK(_)
            | Action::SetWidth(_)
            | Action::SetFamily(_)
            | Action::SetLayout(_)
            | Action::SetMode(_)
            | Action::Reset
            | Action::Undo
            | Action::Redo
            | Action::StartWalk(_)
            | Action::StepWalk
            | Action::StepBackWalk
            | Action::CancelWalk
            | Action::DismissMessage
            | Action::LoadDemo(_)
            | Action::RemoveDraft
            | Action::StartLesson(_)
            | Action::LessonNext
            | Action::LessonBack
            | Action::LessonRestore
            | Action::Forward
            | Action::Backward
            | Action::BulkStart(_)
            | Action::BulkFinish(_)
            | Action::StartFresh
            | Action::UseCalculatorAnswer => false,
        }
    }

    /// The controls an embedding page's `lock=` must leave open for this action to run:
    /// changing m, k, the hash, the mode or the width needs that control; anything that
    /// changes the items needs `items`. Queries, walks of a query, lessons and the other
    /// views need nothing.
    pub fn needs_unlocked(&self) -> &'static [Lockable] {
        match self {
            Action::SetM(_) => &[Lockable::M],
            Action::SetK(_) => &[Lockable::K],
            Action::UseCalculatorAnswer => &[Lockable::M, Lockable::K],
            Action::SetFamily(_) => &[Lockable::Hash],
            Action::SetLayout(_) => &[Lockable::Layout],
            Action::SetMode(_) => &[Lockable::Mode],
            Action::SetWidth(_) => &[Lockable::Width],
            Action::AddDraft
            | Action::AddItem(_)
            | Action::AddLines(_)
            | Action::BulkStart(_)
            | Action::AddRandomWords(_)
            | Action::Remove(_)
            | Action::RemoveDraft
            | Action::ForceRemove(_)
            | Action::NaiveDelete(_)
            | Action::Reset
            | Action::Undo
            | Action::Redo
            | Action::LoadDemo(_)
            | Action::StartFresh
            | Action::StartWalk(WalkKind::Add) => &[Lockable::Items],
            Action::SetDraft(_)
            | Action::TryWord
            | Action::ShowMore(_)
            | Action::TypeSetting(..)
            | Action::QueryDraft
            | Action::QueryItem(_)
            | Action::StartWalk(WalkKind::Query)
            | Action::StepWalk
            | Action::StepBackWalk
            | Action::CancelWalk
            | Action::DismissNotice(_)
            | Action::DismissMessage
            | Action::SelectCell(_)
            | Action::MoveCursor(_)
            | Action::SetView(_)
            | Action::SetLang(_)
            | Action::LanguageFailed(..)
            | Action::TogglePresentation
            | Action::ToggleHelp
            | Action::ToggleQuizSetup
            | Action::SetQuizSeed(_)
            | Action::ChooseLesson(_)
            | Action::ShowDeletion(_)
            | Action::ChooseCompared(_)
            | Action::ShowEmbedCode(_)
            | Action::EmbedCopied
            | Action::DismissIntro
            | Action::StartQuiz(_)
            | Action::AnswerQuiz(_)
            | Action::NextQuestion
            | Action::StopQuiz
            | Action::TypeSetItems(..)
            | Action::SetSetItems(..)
            | Action::SetFolds(_)
            | Action::SetCalculatorMode(_)
            | Action::SetCalculatorInput(_)
            | Action::SetClaim(_)
            | Action::Lab(_)
            | Action::HashQuality(_)
            | Action::Grow(_)
            | Action::Cms(_)
            | Action::Apps(_)
            | Action::LessonsLoaded(..)
            | Action::LessonsFailed(_)
            | Action::StartLesson(_)
            | Action::LessonNext
            | Action::LessonBack
            | Action::LessonRestore
            | Action::StopLesson
            | Action::Forward
            | Action::Backward
            | Action::Saved { .. }
            | Action::DismissSaveNote
            | Action::BulkProgress(_)
            | Action::BulkFinish(_) => &[],
        }
    }
}
