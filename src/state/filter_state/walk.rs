//! The step-by-step walk of an add or a query: the hash, then each position, then the
//! result, which performs the add or the query.

use crate::state::fields::check_item;

use super::{FilterState, Message, Walk, WalkKind};

impl FilterState {
    /// Starts a walk of the item in the field.
    pub(in crate::state) fn start_walk(&mut self, kind: WalkKind) {
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
    pub(in crate::state) fn usable_draft(&mut self) -> Option<String> {
        let problem = match check_item(&self.draft) {
            _ if self.draft.is_empty() => Message::EmptyItem,
            Ok(item) => return Some(item.to_owned()),
            Err(problem) => Message::ItemRefused(problem),
        };
        self.message = Some(problem);
        None
    }

    /// The walk's next step; after its last step, the add or query itself.
    pub(in crate::state) fn step_walk(&mut self) {
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

    /// The walk's add or query, done.
    pub(in crate::state) fn finish_walk(&mut self, walk: Walk) {
        match walk.kind {
            WalkKind::Add => self.add_item(walk.item),
            WalkKind::Query => self.query_item(walk.item),
        }
    }
}
