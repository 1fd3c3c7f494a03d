//! Long pastes and long links: a builder that adds a paste's lines, or a link's entries,
//! outside the page state a slice at a time, and their progress.

use std::rc::Rc;

use super::{FilterState, Message};
use crate::state::log::{apply_entry, apply_entry_leaving_a_gap, LogEntry, Members};
use crate::state::settings::FilterModel;
use crate::state::url::{Notice, NoticeReason};

/// A long paste, or a long link's entries, being added in slices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BulkProgress {
    /// Lines added so far.
    pub done: usize,
    /// Lines in the paste.
    pub total: usize,
    /// The settings-and-items revision when the paste started: a change to the filter or
    /// its items since then drops the paste (changing the sets view or the folds does not).
    pub start_revision: u64,
    /// The entries of the link the page opened with (which cannot be stopped, and leave no
    /// undo step), not a paste.
    pub opening_link: bool,
}

/// A long paste's result, built slice by slice outside the page state (so that no slice
/// copies the whole set), then swapped in by [`FilterAction::BulkFinish`](super::FilterAction::BulkFinish).
#[derive(Debug, Clone, PartialEq)]
pub struct BulkBuilder {
    pub(in crate::state) filter: FilterModel,
    pub(in crate::state) members: Members,
    pub(in crate::state) log: Vec<LogEntry>,
    pub(in crate::state) added: usize,
    pub(in crate::state) revision: u64,
    /// A link's entries, when the builder adds a link rather than a paste.
    pub(in crate::state) link: Option<LinkEntries>,
}

/// A link's entries being added: what is left to add, the entries the page refused, the
/// last unsafe deletion, and the query to ask once they are all in.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::state) struct LinkEntries {
    entries: Vec<LogEntry>,
    next: usize,
    pub(in crate::state) notices: Vec<Notice>,
    /// The item of the last unsafe deletion, and the log's length just after it.
    pub(in crate::state) last_damage: Option<(String, usize)>,
    /// A member left the set and left a gap in the list ([`Members::close_gaps`]).
    gaps: bool,
    pub(in crate::state) query: Option<String>,
}

impl LinkEntries {
    /// A link's `entries` to add, then `query` to ask.
    pub(in crate::state) fn new(entries: Vec<LogEntry>, query: Option<String>) -> Self {
        LinkEntries {
            entries,
            next: 0,
            notices: Vec::new(),
            last_damage: None,
            gaps: false,
            query,
        }
    }
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

    /// Adds up to `count` more of a link's entries, each as the page applies it (see
    /// [`entry_as_applied`]); returns whether every entry is in.
    pub fn add_link_slice(&mut self, count: usize) -> bool {
        let Some(link) = &mut self.link else {
            return true;
        };
        let end = link.entries.len().min(link.next.saturating_add(count));
        for entry in link.entries[link.next..end].iter().cloned() {
            match entry_as_applied(&self.filter, &self.members, entry) {
                Ok((applied, damaging)) => {
                    link.gaps |=
                        apply_entry_leaving_a_gap(&mut self.filter, &mut self.members, &applied);
                    if damaging {
                        link.last_damage = Some((applied.item().to_owned(), self.log.len() + 1));
                    }
                    self.log.push(applied);
                }
                Err((param, item, reason)) => link.notices.push(Notice::new(param, &item, reason)),
            }
            self.added += 1;
        }
        link.next = end;
        let done = end == link.entries.len();
        if done && link.gaps {
            self.members.close_gaps();
            link.gaps = false;
        }
        done
    }
}

/// The item one line of a paste holds: the line without its line break (`\n`, `\r\n`),
/// How the page applies one of a link's entries to this filter: the entry logged and
/// whether it is an unsafe deletion (which the page then says broke members); or the
/// parameter, the item and why the page refuses it.
///
/// - `add` always applies.
/// - In counting mode `remove` applies to a member; `force_remove` applies to an item that
///   tests as present (a member's is logged as a `remove`); `naive_delete` is a `remove`.
///   An item with a 0 counter is refused as certainly absent, a non-member's `remove` as a
///   false positive.
/// - In a plain filter `naive_delete` clears the item's bits; `remove` and `force_remove`
///   are refused.
fn entry_as_applied(
    filter: &FilterModel,
    members: &Members,
    entry: LogEntry,
) -> Result<(LogEntry, bool), (&'static str, String, NoticeReason)> {
    let param = match &entry {
        LogEntry::Add(_) => return Ok((entry, false)),
        LogEntry::Remove(_) => "remove",
        LogEntry::ForceRemove(_) => "force_remove",
        LogEntry::NaiveDelete(_) => "naive_delete",
    };
    let force = matches!(entry, LogEntry::ForceRemove(_));
    let item = match entry {
        LogEntry::Add(item)
        | LogEntry::Remove(item)
        | LogEntry::ForceRemove(item)
        | LogEntry::NaiveDelete(item) => item,
    };
    match filter {
        FilterModel::Counting(counting) => {
            if !counting.zero_positions(item.as_bytes()).is_empty() {
                Err((param, item, NoticeReason::RemoveAbsent))
            } else if members.contains(&item) {
                Ok((LogEntry::Remove(item), false))
            } else if force {
                Ok((LogEntry::ForceRemove(item), true))
            } else {
                Err((param, item, NoticeReason::RemoveFalsePositive))
            }
        }
        FilterModel::Plain(_) if param == "naive_delete" => Ok((LogEntry::NaiveDelete(item), true)),
        FilterModel::Plain(_) => Err((param, item, NoticeReason::RemovePlain)),
    }
}

/// or nothing when only spaces are left.
pub fn pasted_item(line: &str) -> Option<&str> {
    let item = line.trim_end_matches('\n').trim_end_matches('\r');
    (!item.trim().is_empty()).then_some(item)
}

/// The items of a paste, one per non-blank line.
pub fn pasted_lines(text: &str) -> Vec<String> {
    let mut items = Vec::new();
    for line in text.lines() {
        items.extend(pasted_item(line).map(str::to_owned));
    }
    items
}

impl FilterState {
    /// A builder for a long paste of `lines` lines, starting from the current filter and
    /// items, with room for every line made up front: regrowing a set of 50,000 items midway
    /// would make one slice several times longer than the others.
    pub fn bulk_builder(&self, lines: usize) -> BulkBuilder {
        // The paste joins the filter as it is now, whatever the timeline shows.
        let (filter, members) = match &self.timeline {
            Some(scrub) => (&scrub.now.0, &scrub.now.1),
            None => (&self.filter, &self.members),
        };
        let mut members = members.as_ref().clone();
        members.reserve(lines);
        let mut log = Vec::with_capacity(self.log.len() + lines);
        log.extend_from_slice(&self.log);
        BulkBuilder {
            filter: filter.as_ref().clone(),
            members,
            log,
            added: 0,
            revision: self.items_revision,
            link: None,
        }
    }

    /// A long paste of `total` lines starts; one paste at a time, so a second is refused
    /// while the first runs.
    pub(in crate::state) fn bulk_start(&mut self, total: usize) {
        if self.bulk.is_none() {
            self.bulk = Some(BulkProgress {
                done: 0,
                total,
                start_revision: self.items_revision,
                opening_link: false,
            });
        }
    }

    /// The paste is done or stopped: its items join the set as one undo step, unless the
    /// settings or items changed since it started. A link's entries join as the page
    /// opened with them; the notices about the entries refused are returned.
    #[must_use]
    pub(in crate::state) fn bulk_finish(&mut self, built: Rc<BulkBuilder>) -> Vec<Notice> {
        let current = self.bulk.take().filter(|b| {
            b.start_revision == self.items_revision && built.revision == self.items_revision
        });
        if built.link.is_some() {
            return match current {
                Some(_) => self.finish_link(Rc::unwrap_or_clone(built)),
                None => Vec::new(),
            };
        }
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
        Vec::new()
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
