//! Why a URL parameter was ignored. The page words these in its language
//! (`crate::i18n::describe`); the model only keeps the reason.

use crate::filter::growing::GrowError;
use crate::filter::ParamError;
use crate::state::fields::FieldProblem;

/// Why a URL parameter was ignored.
#[derive(Debug, Clone, PartialEq)]
pub enum NoticeReason {
    /// The value is not an acceptable number.
    Problem(FieldProblem),
    /// The number is outside what the filter allows.
    Param(ParamError),
    /// The page has no such parameter.
    Unknown,
    /// The value is not one of these choices (their keys, joined by commas).
    Choices(String),
    /// The value is above this maximum.
    AtMost(u32),
    /// A removal of an item certainly not in the filter.
    RemoveAbsent,
    /// A removal of a false positive.
    RemoveFalsePositive,
    /// A removal from a plain filter.
    RemovePlain,
    /// An entry that could not be applied.
    NotApplied,
    /// An empty item (`add=`, `query=` with nothing after the `=`).
    EmptyItem,
    /// `step=` without `lesson=`.
    NeedsLesson,
    /// `quiz=` beside `lesson=` (a lesson's practice step takes its seed from `practice=`).
    BesideLesson,
    /// A single-valued parameter given again later in the link, whose last value is used.
    Repeated,
    /// No lesson has this id.
    UnknownLesson,
    /// The lesson has steps 1 to this number.
    StepOutOfRange(usize),
    /// A lesson file could not be read: the file and the problem.
    BadLesson(String),
    /// A language's text file could not be fetched or read, and why.
    LanguageFile(String),
    /// Growing-filter values that cannot run together (the notice's `param` names them,
    /// separated by spaces, and its `value` gives each as `key=value`).
    GrowPlan(GrowError),
}

impl From<FieldProblem> for NoticeReason {
    fn from(problem: FieldProblem) -> Self {
        NoticeReason::Problem(problem)
    }
}

impl From<ParamError> for NoticeReason {
    fn from(error: ParamError) -> Self {
        NoticeReason::Param(error)
    }
}

/// A URL parameter that was ignored, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    /// The parameter's name (decoded, shortened as the value is).
    pub param: String,
    /// Its value as given (decoded, shortened to [`NOTICE_CHARS`] characters).
    pub value: String,
    /// Why it was ignored.
    pub reason: NoticeReason,
}

/// The most characters of a parameter's name or value a notice echoes.
pub const NOTICE_CHARS: usize = 80;

/// `text`'s first [`NOTICE_CHARS`] characters, with `…` when some were left out.
fn shortened(text: &str) -> String {
    let mut shown: String = text.chars().take(NOTICE_CHARS).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

impl Notice {
    /// A notice for `param=value`, each shortened to [`NOTICE_CHARS`] characters: a link may
    /// be any length, a notice is not.
    pub fn new(param: &str, value: &str, reason: NoticeReason) -> Self {
        Notice {
            param: shortened(param),
            value: shortened(value),
            reason,
        }
    }
}
