//! Undo and redo. Each step keeps the filter as it was (its settings and item log) and,
//! since each lesson step is one undo step, the lesson's progress and the crawler's tally.

use crate::state::crawl::CrawlTally;
use crate::state::filter_state::FilterPoint;

use super::{AppState, LessonProgress, Message};

/// How many steps undo reaches back.
pub const UNDO_DEPTH: usize = 100;

/// What undo and redo restore.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    filter: FilterPoint,
    lesson: Option<LessonProgress>,
    crawl: Option<CrawlTally>,
}

/// The steps undo and redo go back to, the latest last.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl History {
    /// Whether undo has something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether redo has something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// A new step to undo to: the oldest beyond [`UNDO_DEPTH`] goes, and redo is emptied.
    fn push(&mut self, before: Snapshot) {
        self.undo.push(before);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }
}

impl AppState {
    /// The filter and the lesson's place as they are.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            filter: self.filter.point(),
            lesson: self.lessons.progress.clone(),
            crawl: self.lessons.crawl.clone(),
        }
    }

    /// Records the state as it is as a step to undo to.
    pub(super) fn record_undo(&mut self) {
        self.history.push(self.snapshot());
    }

    /// Records the step the filter marked while the last change was made, if it did (the
    /// lesson's place is as it was, since changes to the filter leave it).
    pub(super) fn record_filter_undo(&mut self) {
        if let Some(filter) = self.filter.take_undo_point() {
            self.history.push(Snapshot {
                filter,
                lesson: self.lessons.progress.clone(),
                crawl: self.lessons.crawl.clone(),
            });
        }
    }

    /// Forgets every step to undo to: the state is where the page opened.
    pub(super) fn forget_undo(&mut self) {
        let _ = self.filter.take_undo_point();
        self.history.undo.clear();
    }

    /// Forgets every step to undo to and to redo.
    pub(super) fn forget_history(&mut self) {
        self.forget_undo();
        self.history.redo.clear();
    }

    /// Runs `change` as one step of undo, however many changes it makes inside.
    pub(super) fn one_undo_step(&mut self, change: impl FnOnce(&mut Self)) {
        self.record_filter_undo();
        let before = self.snapshot();
        let mut undo = std::mem::take(&mut self.history.undo);
        change(self);
        let _ = self.filter.take_undo_point();
        if self.snapshot() != before {
            undo.push(before);
            if undo.len() > UNDO_DEPTH {
                undo.remove(0);
            }
            self.history.redo.clear();
        }
        self.history.undo = undo;
    }

    /// Undoes the last step, or says there is none.
    pub(super) fn undo(&mut self) {
        match self.history.undo.pop() {
            Some(snapshot) => {
                self.history.redo.push(self.snapshot());
                self.restore(snapshot);
            }
            None => self.filter.message = Some(Message::NothingToUndo),
        }
    }

    /// Redoes the last step undone, or says there is none.
    pub(super) fn redo(&mut self) {
        match self.history.redo.pop() {
            Some(snapshot) => {
                self.history.undo.push(self.snapshot());
                self.restore(snapshot);
            }
            None => self.filter.message = Some(Message::NothingToRedo),
        }
    }

    fn restore(&mut self, snapshot: Snapshot) {
        self.lessons.progress = snapshot.lesson;
        self.lessons.crawl = snapshot.crawl;
        self.filter.restore(snapshot.filter);
    }
}
