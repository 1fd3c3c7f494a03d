//! The step-by-step walk of an add or a query: the hash, then each position, then the
//! result, which performs the add or the query.

use crate::state::fields::check_item;

use super::{Action, AppState, FilterAction, Message, Walk, WalkKind};

impl AppState {
    /// Starts a walk of the item in the field.
    pub(super) fn start_walk(&mut self, kind: WalkKind) {
        if let Some(item) = self.usable_draft() {
            self.walk = Some(Walk {
                kind,
                item,
                step: 0,
            });
        }
    }

    /// The item in the field when it can be added or asked, else `None` and the message
    /// that says why (nothing typed, or too long).
    pub(super) fn usable_draft(&mut self) -> Option<String> {
        let problem = match check_item(&self.draft) {
            _ if self.draft.is_empty() => Message::EmptyItem,
            Ok(item) => return Some(item.to_owned()),
            Err(problem) => Message::ItemRefused(problem),
        };
        self.message = Some(problem);
        None
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
