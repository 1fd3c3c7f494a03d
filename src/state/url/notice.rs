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
    /// The parameter's name.
    pub param: String,
    /// Its value as given (decoded, shortened to 80 characters).
    pub value: String,
    /// Why it was ignored.
    pub reason: NoticeReason,
}

impl Notice {
    /// A notice for `param=value`.
    pub fn new(param: &str, value: &str, reason: NoticeReason) -> Self {
        let mut shown: String = value.chars().take(80).collect();
        if shown.len() < value.len() {
            shown.push('…');
        }
        Notice {
            param: param.to_owned(),
            value: shown,
            reason,
        }
    }
}
