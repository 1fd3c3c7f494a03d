//! Removing items: counters in counting mode (refused when unsafe), the forced removal and
//! the naive delete that show why a plain filter cannot delete.

use super::{FilterState, Message};
use crate::filter::RemoveError;
use crate::state::log::{LogEntry, Members};
use crate::state::settings::FilterModel;

impl FilterState {
    pub(in crate::state) fn remove(&mut self, item: String) {
        let FilterModel::Counting(counting) = self.filter.as_ref() else {
            self.message = Some(Message::PlainCannotRemove { item });
            return;
        };
        let zero_positions = counting.zero_positions(item.as_bytes());
        if !zero_positions.is_empty() {
            self.message = Some(Message::RemoveRefusedAbsent {
                item,
                zero_positions,
            });
        } else if !self.members.contains(&item) {
            self.message = Some(Message::RemoveRefusedFalsePositive { item });
        } else {
            let mut preview = counting.clone();
            let changes = preview.remove(item.as_bytes()).unwrap_or_default();
            self.push_entries(vec![LogEntry::Remove(item.clone())]);
            self.message = Some(Message::Removed { item, changes });
        }
    }

    pub(in crate::state) fn force_remove(&mut self, item: String) {
        let FilterModel::Counting(counting) = self.filter.as_ref() else {
            self.message = Some(Message::PlainCannotRemove { item });
            return;
        };
        match counting.clone().remove(item.as_bytes()) {
            Err(RemoveError::DefinitelyAbsent { zero_positions }) => {
                self.message = Some(Message::RemoveRefusedAbsent {
                    item,
                    zero_positions,
                });
            }
            Ok(_) if self.members.contains(&item) => self.remove(item),
            Ok(_) => {
                self.push_entries(vec![LogEntry::ForceRemove(item.clone())]);
                let victims = self.false_negatives();
                self.message = Some(Message::FalseNegativesCreated { item, victims });
            }
        }
    }

    pub(in crate::state) fn naive_delete(&mut self, item: String) {
        if !matches!(self.filter.as_ref(), FilterModel::Plain(_)) {
            self.remove(item);
            return;
        }
        self.push_entries(vec![LogEntry::NaiveDelete(item.clone())]);
        let victims = self.false_negatives();
        self.message = Some(Message::FalseNegativesCreated { item, victims });
    }

    /// Members the filter now reports as definitely absent.
    pub fn false_negatives(&self) -> Vec<String> {
        false_negatives_of(&self.filter, &self.members)
    }

    /// Whether the answer for `item` would be a false positive right now.
    pub fn is_false_positive(&self, item: &str) -> bool {
        !self.members.contains(item) && self.filter.contains(item.as_bytes())
    }
}

/// Members `filter` reports as definitely absent.
pub(in crate::state) fn false_negatives_of(filter: &FilterModel, members: &Members) -> Vec<String> {
    members
        .list()
        .iter()
        .filter(|m| !filter.contains(m.item.as_bytes()))
        .map(|m| m.item.clone())
        .collect()
}
