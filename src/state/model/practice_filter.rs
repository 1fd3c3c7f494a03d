//! Practice on the page's filter: a set replaces the filter with each exercise's own (the
//! filter the page had is kept and comes back when the set ends), and an answered exercise
//! is carried out on the screen: the placed item added, the counters decremented, the
//! naive delete done, the predicted or false-positive item asked with its culprits.

use std::rc::Rc;

use crate::state::practice::{Outcome, Practice, PracticeAction, PracticeChoice, Task};
use crate::state::query::run_query;
use crate::state::url::{Notice, NoticeReason};

use super::{AppState, Walk, WalkKind};

impl AppState {
    /// Applies one change to the practice set.
    pub(super) fn apply_practice(&mut self, action: PracticeAction) {
        match action {
            // A new set keeps the kinds and number the set before it was chosen with.
            PracticeAction::Start(seed) => {
                let choice = self.practice().map(|p| p.choice).unwrap_or_default();
                self.start_practice(seed, false, choice)
            }
            PracticeAction::StartQuiz(seed) => {
                self.start_practice(seed, true, PracticeChoice::default())
            }
            PracticeAction::Stop => {
                if let Some((settings, log)) = self.practice_kept.take() {
                    self.filter.rebuild(settings, Rc::unwrap_or_clone(log));
                    self.filter.new_query_record();
                }
                self.practice = None;
            }
            PracticeAction::Submit(_) | PracticeAction::Answer(_) | PracticeAction::Show => {
                let Some(practice) = self.practice.as_mut().filter(|p| p.answering()) else {
                    return;
                };
                practice.response.apply(&action);
                let show = action == PracticeAction::Show;
                let finished = if show {
                    practice.reveal()
                } else {
                    practice.submit()
                };
                if finished.is_some() {
                    self.carry_out(show);
                }
            }
            PracticeAction::Next => {
                if let Some(practice) = self.practice.as_mut() {
                    practice.next();
                    self.show_exercise();
                }
            }
            action => {
                if let Some(practice) = self.practice.as_mut().filter(|p| p.answering()) {
                    practice.response.apply(&action);
                }
            }
        }
    }

    /// Starts a set with this seed (a quiz, or the kinds and number chosen); the filter the
    /// page had is kept.
    pub(super) fn start_practice(&mut self, seed: u64, quiz: bool, choice: PracticeChoice) {
        if self.practice_kept.is_none() {
            self.practice_kept = Some((self.filter.settings, Rc::clone(&self.filter.log)));
            self.filter.new_query_record();
        }
        self.practice = Some(Box::new(Practice::start_chosen(seed, quiz, choice)));
        self.show_exercise();
    }

    /// Carries on the set just started from its finished exercises' outcomes
    /// (`practice_done=`, a saved session's); outcomes beyond the set's length are named in
    /// a notice.
    pub(super) fn resume_practice(&mut self, done: &[Outcome]) {
        let Some(practice) = self.practice.as_mut().filter(|_| !done.is_empty()) else {
            return;
        };
        let taken = practice.resume(done);
        if taken < done.len() {
            let tokens: Vec<String> = done.iter().map(|o| o.token()).collect();
            let reason = NoticeReason::AtMost(taken as u32);
            let notice = Notice::new("practice_done", &tokens.join(","), reason);
            self.page.notices.push(notice);
        }
        self.show_exercise();
    }

    /// The page's filter becomes the current exercise's (nothing changes once the set is
    /// finished: the last filter stays beside the summary).
    fn show_exercise(&mut self) {
        let Some(exercise) = self.practice.as_ref().and_then(|p| p.current()) else {
            return;
        };
        let (settings, log) = (exercise.settings, exercise.log.clone());
        if settings != self.filter.settings || *self.filter.log != log {
            self.filter.rebuild(settings, log);
            self.filter.new_query_record();
        }
        self.filter.draft.clear();
        self.filter.last_query = None;
        self.filter.last_added = None;
        self.filter.walk = None;
    }

    /// Once an exercise is over, its outcome on the screen: the item added, removed or
    /// naively deleted, and the item asked (with its culprits); "Show me" walks through
    /// the item's positions one at a time.
    fn carry_out(&mut self, walk: bool) {
        let Some(task) = self
            .practice
            .as_ref()
            .and_then(|p| p.current())
            .map(|e| &e.task)
        else {
            return;
        };
        let outcome = task.outcome();
        let item = task.item().map(str::to_owned);
        let walks = matches!(
            task,
            Task::Place { .. } | Task::Predict { .. } | Task::Culprits { .. }
        );
        if let Some(entry) = outcome {
            let mut log = self.filter.log.as_ref().clone();
            log.push(entry);
            self.filter.rebuild(self.filter.settings, log);
        }
        if let Some(item) = item {
            self.filter.last_query = Some(Rc::new(run_query(self.filter.asked(), &item)));
            if walk && walks {
                self.filter.walk = Some(Walk {
                    kind: WalkKind::Query,
                    item,
                    step: 0,
                });
            }
        }
    }

    /// The practice set in progress.
    pub fn practice(&self) -> Option<&Practice> {
        self.practice.as_deref()
    }

    /// The task of the exercise waiting for its answer, if any.
    fn open_task(&self) -> Option<&Task> {
        let practice = self.practice().filter(|p| p.answering())?;
        practice.current().map(|e| &e.task)
    }

    /// Whether the place exercise is waiting for cells (the grid's clicks and Space pick
    /// them, and the item's positions stay hidden).
    pub fn picking_cells(&self) -> bool {
        matches!(self.open_task(), Some(Task::Place { .. }))
    }

    /// The cells the student marked for the place exercise, while it is shown.
    pub fn picked_cells(&self) -> Vec<u64> {
        match self.practice() {
            Some(p) if matches!(p.current().map(|e| &e.task), Some(Task::Place { .. })) => {
                p.response.cells.clone()
            }
            _ => Vec::new(),
        }
    }

    /// Whether a prediction is waiting for its answer (the arithmetic then hides the bits).
    pub fn predicting(&self) -> bool {
        matches!(self.open_task(), Some(Task::Predict { .. }))
    }
}
