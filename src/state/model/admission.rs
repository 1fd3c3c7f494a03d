//! What may run, before an action runs: one rule per thing that can hold the page's filter
//! still (an embedding page's locks, a practice set, the link the page is still opening)
//! and the timeline, which an action that changes the filter brings back to now. Each rule
//! is a plain function of the action and the one fact it depends on; `AppState::admit`
//! applies them in order.

use crate::state::url::Embedding;

use super::{Action, AppState, BulkProgress, FilterAction, Message};

/// An embedding page's locks: an action that needs a control the page locked is refused.
/// `Err(Some(_))` says why when nothing else on screen would (Enter in the item field has
/// no disabled button); `Err(None)` refuses silently (the control is disabled).
pub fn by_embedding_locks(embedding: &Embedding, action: &Action) -> Result<(), Option<Message>> {
    let locked = action
        .needs_unlocked()
        .iter()
        .any(|&control| embedding.is_locked(control));
    if !locked {
        return Ok(());
    }
    let typed = matches!(
        action,
        Action::Filter(FilterAction::AddDraft | FilterAction::RemoveDraft)
    );
    Err(typed.then_some(Message::ItemsLocked))
}

/// The timeline: whether an action, while the timeline shows an earlier filter, first
/// brings the filter back to now (anything but [`Action::keeps_timeline`]).
pub fn leaves_timeline(timeline_shown: bool, action: &Action) -> bool {
    timeline_shown && !action.keeps_timeline()
}

/// A practice set in progress is asked on the filter shown: an action that would change it
/// is refused ([`Action::changes_practice_filter`]).
pub fn by_practice(practice_running: bool, action: &Action) -> Result<(), Message> {
    if practice_running && action.changes_practice_filter() {
        Err(Message::PracticeInProgress)
    } else {
        Ok(())
    }
}

/// The link the page opened with is still adding its items: an action that changes the
/// filter waits ([`Action::changes_the_filter`]), and the message says how far the link is.
pub fn by_opening_link(bulk: Option<&BulkProgress>, action: &Action) -> Result<(), Message> {
    match bulk.filter(|b| b.opening_link) {
        Some(bulk) if action.changes_the_filter() => Err(Message::LinkStillOpening {
            done: bulk.done,
            total: bulk.total,
        }),
        _ => Ok(()),
    }
}

impl AppState {
    /// Whether `action` may run, by each rule in turn; a refused action changes nothing but
    /// the message. An admitted one first brings the timeline back to now when it must, and
    /// puts away the last message unless it keeps it ([`Action::keeps_message`]).
    pub(super) fn admit(&mut self, action: &Action) -> bool {
        if let Err(why) = by_embedding_locks(&self.page.embedding, action) {
            if why.is_some() {
                self.filter.message = why;
            }
            return false;
        }
        if leaves_timeline(self.filter.timeline.is_some(), action) {
            self.filter.return_to_now();
        }
        let admitted = by_practice(self.practice.is_some(), action)
            .and_then(|()| by_opening_link(self.filter.bulk(), action));
        if let Err(why) = admitted {
            self.filter.message = Some(why);
            return false;
        }
        if !action.keeps_message() {
            self.filter.message = None;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::practice::PracticeAction;
    use crate::state::url::Lockable;
    use crate::state::LessonAction;

    /// Actions that change nothing the rules guard: a choice in the lessons' menu, typing.
    fn unguarded() -> [Action; 2] {
        [
            Action::Lesson(LessonAction::Choose("intro".into())),
            Action::Filter(FilterAction::SetDraft("cat".into())),
        ]
    }

    fn locked(controls: &[Lockable]) -> Embedding {
        let mut embedding = Embedding::default();
        for &control in controls {
            embedding.lock(control);
        }
        embedding
    }

    #[test]
    fn a_lock_refuses_what_needs_its_control_and_names_the_items_lock_for_typed_items() {
        let items = locked(&[Lockable::Items]);
        let add = Action::Filter(FilterAction::AddDraft);
        assert_eq!(
            by_embedding_locks(&items, &add),
            Err(Some(Message::ItemsLocked))
        );
        let add_item = Action::Filter(FilterAction::AddItem("x".into()));
        assert_eq!(by_embedding_locks(&items, &add_item), Err(None));
        let set_m = Action::Filter(FilterAction::SetM("64".into()));
        assert_eq!(by_embedding_locks(&items, &set_m), Ok(()));
        assert_eq!(
            by_embedding_locks(&locked(&[Lockable::M]), &set_m),
            Err(None)
        );
        let query = Action::Filter(FilterAction::QueryDraft);
        assert_eq!(by_embedding_locks(&items, &query), Ok(()));
    }

    #[test]
    fn the_timeline_stays_for_queries_and_returns_for_changes() {
        let query = Action::Filter(FilterAction::QueryItem("x".into()));
        let add = Action::Filter(FilterAction::AddItem("x".into()));
        assert!(!leaves_timeline(true, &query));
        assert!(leaves_timeline(true, &add));
        assert!(!leaves_timeline(false, &add));
    }

    #[test]
    fn practice_refuses_changes_to_its_filter_but_not_queries_or_its_own_actions() {
        let add = Action::Filter(FilterAction::AddItem("x".into()));
        assert_eq!(by_practice(true, &add), Err(Message::PracticeInProgress));
        assert_eq!(by_practice(false, &add), Ok(()));
        let query = Action::Filter(FilterAction::QueryItem("x".into()));
        assert_eq!(by_practice(true, &query), Ok(()));
        assert_eq!(
            by_practice(true, &Action::Practice(PracticeAction::Next)),
            Ok(())
        );
        for action in unguarded() {
            assert_eq!(by_practice(true, &action), Ok(()));
        }
    }

    #[test]
    fn an_opening_link_holds_changes_to_the_filter_and_says_how_far_it_is() {
        let opening = BulkProgress {
            done: 5_000,
            total: 20_000,
            start_revision: 0,
            opening_link: true,
        };
        let paste = BulkProgress {
            opening_link: false,
            ..opening
        };
        let step = Action::Lesson(LessonAction::Next);
        let held = Message::LinkStillOpening {
            done: 5_000,
            total: 20_000,
        };
        assert_eq!(by_opening_link(Some(&opening), &step), Err(held));
        assert_eq!(by_opening_link(Some(&paste), &step), Ok(()));
        assert_eq!(by_opening_link(None, &step), Ok(()));
        let quiz = Action::Practice(PracticeAction::StartQuiz(1));
        assert!(by_opening_link(Some(&opening), &quiz).is_err());
        for action in unguarded() {
            assert_eq!(by_opening_link(Some(&opening), &action), Ok(()));
        }
    }
}
