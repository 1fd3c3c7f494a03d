//! A lesson's practice step: the lesson's own short set, or the set its link named
//! (`lesson=` with `practice=`), so each learner of a course can get a set of their own
//! and carry it on from a saved session.

use crate::state::lesson_file::LESSON_EXERCISES;
use crate::state::practice::{Outcome, PracticeChoice};

use super::AppState;

/// A practice set a lesson's link names (`lesson=` with `practice=`, `practice_kinds=`,
/// `practice_n=`, `practice_done=`): the lesson's practice step asks this set instead of
/// the lesson's own, so each learner of a course can get a set of their own.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LinkPractice {
    /// The lesson whose practice step asks the set.
    pub(super) lesson: String,
    pub(super) seed: u64,
    pub(super) choice: PracticeChoice,
    /// The outcomes of the set's finished exercises, from a saved session: taken the
    /// first time the practice step starts.
    pub(super) done: Vec<Outcome>,
}

impl AppState {
    /// A lesson's practice step: the set its link named (carried on from the saved
    /// outcomes the first time), else the lesson's own seed's first [`LESSON_EXERCISES`].
    pub(super) fn start_lesson_practice(&mut self, own_seed: u64) {
        let linked = self
            .lessons
            .link_practice
            .as_mut()
            .map(|p| (p.seed, p.choice, std::mem::take(&mut p.done)));
        let (seed, choice, done) =
            linked.unwrap_or((own_seed, PracticeChoice::default(), Vec::new()));
        self.start_practice(seed, false, choice);
        if choice == PracticeChoice::default() {
            if let Some(practice) = self.practice.as_mut() {
                practice.exercises.truncate(LESSON_EXERCISES);
            }
        }
        self.resume_practice(&done);
    }

    /// The practice set a lesson's link named, while that lesson is open.
    pub(super) fn lesson_link_practice(&self) -> Option<&LinkPractice> {
        let open = self.lesson()?;
        let linked = self.lessons.link_practice.as_ref()?;
        (linked.lesson == open.lesson.id).then_some(linked)
    }
}
