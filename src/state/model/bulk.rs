//! Long pastes: a builder that adds lines outside the page state, and the paste's progress.

use std::rc::Rc;

use super::{AppState, Message};
use crate::state::log::{apply_entry, LogEntry, Members};
use crate::state::settings::FilterModel;

/// A long paste being added in slices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BulkProgress {
    /// Lines added so far.
    pub done: usize,
    /// Lines in the paste.
    pub total: usize,
    /// The settings-and-items revision when the paste started: a change to the filter or
    /// its items since then drops the paste (changing the sets view or the folds does not).
    pub start_revision: u64,
}

/// A long paste's result, built slice by slice outside the page state (so that no slice
/// copies the whole set), then swapped in by [`(|v| Action::Filter(FilterAction::BulkFinish(v)))`](super::Action::BulkFinish).
#[derive(Debug, Clone, PartialEq)]
pub struct BulkBuilder {
    pub(super) filter: FilterModel,
    pub(super) members: Members,
    pub(super) log: Vec<LogEntry>,
    pub(super) added: usize,
    pub(super) revision: u64,
}

impl BulkBuilder {
    /// Adds a slice of lines as items.
    pub fn add_slice(&mut self, lines: impl IntoIterator<Item = String>) {
        for line in lines {
            let entry = LogEntry::Add(line);
            apply_entry(&mut self.filter, &mut self.members, &entry);
            self.log.push(entry);
            self.added += 1;
        }
    }
    /// Lines added so far.
    pub fn added(&self) -> usize {
        self.added
    }
}

/// The item one line of a paste holds: the line without its line break (`\n`, `\r\n`),
/// or nothing when only spaces are left.
pub fn pasted_item(line: &str) -> Option<&str> {
    let item = line.trim_end_matches('\n').trim_end_matches('\r');
    (!item.trim().is_empty()).then_some(item)
}

/// The items of a paste, one per non-blank line.
pub fn pasted_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(pasted_item)
        .map(str::to_owned)
        .collect()
}

impl AppState {
    /// A builder for a long paste of `lines` lines, starting from the current filter and
    /// items, with room for every line made up front: regrowing a set of 50,000 items midway
    /// would make one slice several times longer than the others.
    pub fn bulk_builder(&self, lines: usize) -> BulkBuilder {
        let mut members = self.members.as_ref().clone();
        members.reserve(lines);
        let mut log = Vec::with_capacity(self.log.len() + lines);
        log.extend_from_slice(&self.log);
        BulkBuilder {
            filter: self.filter.as_ref().clone(),
            members,
            log,
            added: 0,
            revision: self.items_revision,
        }
    }
}

impl AppState {
    /// A long paste of `total` lines starts; one paste at a time, so a second is refused
    /// while the first runs.
    pub(super) fn bulk_start(&mut self, total: usize) {
        if self.bulk.is_none() {
            self.bulk = Some(BulkProgress {
                done: 0,
                total,
                start_revision: self.items_revision,
            });
        }
    }

    /// The paste is done or stopped: its items join the set as one undo step, unless the
    /// settings or items changed since it started.
    pub(super) fn bulk_finish(&mut self, built: Rc<BulkBuilder>) {
        let current = self.bulk.take().filter(|b| {
            b.start_revision == self.items_revision && built.revision == self.items_revision
        });
        if let Some(bulk) = current {
            self.record_undo();
            let built = Rc::unwrap_or_clone(built);
            self.log = Rc::new(built.log);
            self.filter = Rc::new(built.filter);
            self.members = Rc::new(built.members);
            self.changed();
            self.message = Some(if built.added == bulk.total {
                Message::AddedMany { count: built.added }
            } else {
                Message::BulkStopped {
                    done: built.added,
                    total: bulk.total,
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_keeps_each_non_blank_line_without_its_line_break() {
        assert_eq!(pasted_item("cat\r\n"), Some("cat"));
        assert_eq!(pasted_item("  cat \n"), Some("  cat "));
        assert_eq!(pasted_item(" \t\r\n"), None);
        assert_eq!(pasted_lines("a\r\n\n  \nb"), ["a", "b"]);
    }
}
