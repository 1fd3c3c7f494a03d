//! The step-by-step walk of an add or a query: the hash, then each position, then the
//! result, which performs the add or the query.

use super::{Action, AppState, FilterAction, Message, Walk, WalkKind};

impl AppState {
    /// Starts a walk of the item in the field.
    pub(super) fn start_walk(&mut self, kind: WalkKind) {
        if self.draft.is_empty() {
            self.message = Some(Message::EmptyItem);
        } else {
            self.walk = Some(Walk {
                kind,
                item: self.draft.clone(),
                step: 0,
            });
        }
    }

    /// The walk's next step; after its last step, the add or query itself.
    pub(super) fn step_walk(&mut self) {
        let Some(walk) = self.walk.clone() else {
            return;
        };
        if walk.step < self.settings.k() + 1 {
            self.walk = Some(Walk {
                step: walk.step + 1,
                ..walk
            });
        } else {
            self.walk = None;
            self.finish_walk(walk);
        }
    }

    pub(super) fn finish_walk(&mut self, walk: Walk) {
        let finish = match walk.kind {
            WalkKind::Add => Action::Filter(FilterAction::AddItem(walk.item)),
            WalkKind::Query => Action::Filter(FilterAction::QueryItem(walk.item)),
        };
        *self = std::mem::take(self).apply(finish);
    }
}
