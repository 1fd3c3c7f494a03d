//! Every change to the page state is one [`Action`], grouped by the part of the page it
//! belongs to: the filter, the visualizer's panels, the page around the views, the quiz,
//! the lessons, and each other view. Each group's enum lives beside its reducer.
//!
//! Most variants are user intents, one per thing a user can do (type, add, change m, step
//! a lesson, …), so that undo, the link and the tests see each intent once. A few are
//! system events, which the page dispatches when something outside the user's hands has
//! happened: a language file that failed ([`PageAction::LanguageFailed`]), the lessons
//! arriving ([`LessonAction::Loaded`], [`LessonAction::Failed`]), a save
//! ([`PageAction::Saved`]), the slices of a long paste ([`FilterAction::BulkStart`] …
//! [`FilterAction::BulkFinish`]), and the measurements long work reports
//! ([`LabAction::Measured`], [`HashQualityAction::Reported`], [`AppsAction::Reported`]).
//!
//! What each action does to the message about the last action ([`Action::keeps_message`])
//! and which lock of an embedding page stops it ([`Action::needs_unlocked`]) are decided by
//! exhaustive matches in each group, so a new variant must answer both.

use crate::state::apps_view::AppsAction;
use crate::state::calculator_view::CalculatorAction;
use crate::state::cms_view::CmsAction;
use crate::state::grow_view::GrowAction;
use crate::state::hash_quality_view::HashQualityAction;
use crate::state::lab_view::LabAction;
use crate::state::practice::PracticeAction;
use crate::state::sets_view::SetsAction;
use crate::state::url::Lockable;

use super::lessons::LessonAction;
use super::page::PageAction;
use super::visualizer::VisualizerAction;
use super::FilterAction;

/// Every change to the page state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The page's filter: its items, its settings, undo and redo, a step-by-step walk.
    Filter(FilterAction),
    /// The visualizer's own panels: the grid's cursor, the "More" area, the deletion
    /// section, the first visit's hint.
    Visualizer(VisualizerAction),
    /// The page around the views: the view shown, the language, presentation mode, the
    /// shortcut list, notices, saving, the embed snippet.
    Page(PageAction),
    /// Practice: exercises the page checks.
    Practice(PracticeAction),
    /// The lessons.
    Lesson(LessonAction),
    /// The clicker's "forward": the walk's next step, else the lesson's next step.
    Forward,
    /// The clicker's "back": the walk's previous step, else the lesson's previous step.
    Backward,
    /// The sets view: union, intersection and folding.
    Sets(SetsAction),
    /// The calculator.
    Calculator(CalculatorAction),
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
}

impl Action {
    /// Whether the message about the last action stays on screen through this action:
    /// true for actions that neither change the filter nor act on an item (typing, moving
    /// around the page, the other views' settings, system events that report elsewhere).
    pub fn keeps_message(&self) -> bool {
        match self {
            Action::Filter(action) => action.keeps_message(),
            Action::Page(action) => action.keeps_message(),
            Action::Lesson(action) => action.keeps_message(),
            Action::Calculator(action) => action.keeps_message(),
            Action::Forward | Action::Backward => false,
            Action::Visualizer(_)
            | Action::Practice(_)
            | Action::Sets(_)
            | Action::Lab(_)
            | Action::HashQuality(_)
            | Action::Grow(_)
            | Action::Cms(_)
            | Action::Apps(_) => true,
        }
    }

    /// The controls an embedding page's `lock=` must leave open for this action to run:
    /// changing m, k, the hash, the mode or the width needs that control; anything that
    /// changes the items needs `items`. Queries, walks of a query, lessons and the other
    /// views need nothing.
    pub fn needs_unlocked(&self) -> &'static [Lockable] {
        match self {
            Action::Filter(action) => action.needs_unlocked(),
            Action::Calculator(action) => action.needs_unlocked(),
            Action::Visualizer(_)
            | Action::Page(_)
            | Action::Practice(_)
            | Action::Lesson(_)
            | Action::Forward
            | Action::Backward
            | Action::Sets(_)
            | Action::Lab(_)
            | Action::HashQuality(_)
            | Action::Grow(_)
            | Action::Cms(_)
            | Action::Apps(_) => &[],
        }
    }
}

impl Action {
    /// Whether the timeline stays where it is through this action: the visualizer's own
    /// panels, the page's tools other than a change of view, and the filter's
    /// [`FilterAction::keeps_timeline`]. Anything else brings the filter back to now.
    pub fn keeps_timeline(&self) -> bool {
        match self {
            Action::Filter(action) => action.keeps_timeline(),
            Action::Page(action) => !matches!(action, PageAction::SetView(_)),
            Action::Visualizer(_) => true,
            // Results arriving in the background (lessons fetched when idle, workers'
            // answers) change nothing the timeline shows.
            Action::Lesson(LessonAction::Loaded(..) | LessonAction::Failed(_))
            | Action::Lab(
                LabAction::FiltersMeasured { .. }
                | LabAction::Judged { .. }
                | LabAction::WorkersStarted(_)
                | LabAction::WorkersFailed(_),
            )
            | Action::Grow(GrowAction::Measured(_))
            | Action::HashQuality(HashQualityAction::Reported(..))
            | Action::Apps(AppsAction::Reported(..)) => true,
            _ => false,
        }
    }

    /// Whether a practice set in progress refuses the action: it would change the filter
    /// the exercise is asked on (queries, walks of a query and the other views go on).
    pub fn changes_practice_filter(&self) -> bool {
        !self.needs_unlocked().is_empty()
    }

    /// Whether the action changes the filter's settings or items (directly, or by a lesson
    /// step, a quiz or the calculator's answer): what must wait while the link the page
    /// opened with is still adding its items.
    pub fn changes_the_filter(&self) -> bool {
        match self {
            Action::Filter(FilterAction::BulkProgress(_) | FilterAction::BulkFinish(_)) => false,
            Action::Lesson(action) => !action.keeps_message(),
            Action::Practice(PracticeAction::Start(_) | PracticeAction::StartQuiz(_))
            | Action::Forward
            | Action::Backward => true,
            action => !action.needs_unlocked().is_empty(),
        }
    }
}

macro_rules! action_from {
    ($($group:ident($inner:ty)),* $(,)?) => {
        $(impl From<$inner> for Action {
            fn from(action: $inner) -> Action {
                Action::$group(action)
            }
        })*
    };
}

action_from!(
    Filter(FilterAction),
    Visualizer(VisualizerAction),
    Page(PageAction),
    Practice(PracticeAction),
    Lesson(LessonAction),
    Sets(SetsAction),
    Calculator(CalculatorAction),
    Lab(LabAction),
    HashQuality(HashQualityAction),
    Grow(GrowAction),
    Cms(CmsAction),
    Apps(AppsAction),
);
