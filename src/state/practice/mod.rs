//! Practice: exercises the student answers and the page checks. A set is drawn from a seed
//! on a small filter the page builds (m = 32, k = 3, murmur3), so everyone with the same
//! seed gets the same items, the same questions and the same right answers. The kinds, in
//! the order a set asks them:
//!
//! - **place**: mark the k cells an item sets, from its h1 and h2 and
//!   `position_i = (h1 + i·h2) mod m`;
//! - **predict**: what the filter answers for an item, and whether it is right;
//! - **culprits**: for a false positive, which items set each of its bits;
//! - **read**: the bits set X, the fill X/m, or the formula's rate `(1 − (1 − 1/m)^{kn})^k`;
//! - **size**: m and k for n items at rate p;
//! - **delete**: what an item's counters read after its removal, and which items a naive
//!   delete loses.
//!
//! Each exercise names the filter it is asked on (settings and item log), so the screen
//! always shows the filter the question is about.

mod checking;
mod choice;
mod set;
mod tasks;
#[cfg(test)]
mod tests;

pub use checking::{
    check, rate_accepted, size_accepted, size_rate_limit, textbook_size, three_digits,
    unreadable_fields, NumberField, Response, RATE_TOLERANCE, SIZE_RATE_SLACK, SIZE_SLACK,
};
pub use choice::{chosen_set, PracticeChoice, MAX_PRACTICE_N};
pub use set::{ExerciseResult, ExerciseState, Outcome, Practice, PracticeAction};
pub use tasks::{
    practice_set, quiz_set, Exercise, ExerciseKind, ReadFigure, Task, PRACTICE_ITEMS,
    PRACTICE_SHAPE,
};
