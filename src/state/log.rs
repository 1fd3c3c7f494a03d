//! The item log: every change to the set, in order. The filter is always the log replayed.

use fnv::FnvHashMap;

use super::settings::{FilterModel, Mode, Settings};

/// One change to the set of items.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LogEntry {
    /// Insert the item.
    Add(String),
    /// Counting mode: decrement the item's counters (the item was a member).
    Remove(String),
    /// Counting mode: decrement the counters of an item that was never added but tests as
    /// present, which takes counts away from real members.
    ForceRemove(String),
    /// Plain mode: clear the item's k bits, the unsafe delete kept as a demonstration.
    NaiveDelete(String),
}

impl LogEntry {
    /// The item this entry is about.
    pub fn item(&self) -> &str {
        match self {
            LogEntry::Add(s)
            | LogEntry::Remove(s)
            | LogEntry::ForceRemove(s)
            | LogEntry::NaiveDelete(s) => s,
        }
    }
}

/// An item in the set and how many times it was added (counting mode keeps copies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The item, as typed.
    pub item: String,
    /// Adds minus removals, at least 1.
    pub copies: u32,
}

/// The items in the set after replaying a log, in order of first addition.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Members {
    list: Vec<Member>,
    index: FnvHashMap<String, usize>,
}

impl Members {
    /// The members in order.
    pub fn list(&self) -> &[Member] {
        &self.list
    }

    /// Number of distinct items, n.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Makes room for `additional` more distinct items, so that adding them never regrows
    /// (and rehashes) the index midway.
    pub fn reserve(&mut self, additional: usize) {
        self.list.reserve(additional);
        self.index.reserve(additional);
    }

    /// True when no item is in the set.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// True when the item is in the set.
    pub fn contains(&self, item: &str) -> bool {
        self.index.contains_key(item)
    }

    /// Records one more copy of the item.
    pub fn add(&mut self, item: &str) {
        match self.index.get(item) {
            Some(&at) => self.list[at].copies += 1,
            None => {
                self.index.insert(item.to_owned(), self.list.len());
                self.list.push(Member {
                    item: item.to_owned(),
                    copies: 1,
                });
            }
        }
    }

    /// Takes one copy away when `condition` holds.
    pub fn take_if(&mut self, item: &str, condition: bool) {
        if condition {
            self.take(item, false);
        }
    }

    /// Takes one copy away (all copies for `all`); the item leaves the set at zero.
    pub fn take(&mut self, item: &str, all: bool) {
        let Some(&at) = self.index.get(item) else {
            return;
        };
        let member = &mut self.list[at];
        member.copies = if all { 0 } else { member.copies - 1 };
        if member.copies == 0 {
            self.list.remove(at);
            self.index.remove(item);
            for (i, m) in self.list.iter().enumerate().skip(at) {
                self.index.insert(m.item.clone(), i);
            }
        }
    }
}

/// Applies one entry to a filter and the member set.
pub fn apply_entry(filter: &mut FilterModel, members: &mut Members, entry: &LogEntry) {
    match (entry, filter) {
        (LogEntry::Add(item), filter) => {
            filter.insert(item.as_bytes());
            members.add(item);
        }
        (LogEntry::Remove(item) | LogEntry::ForceRemove(item), FilterModel::Counting(f)) => {
            // A refused removal (some counter 0) changes neither the filter nor the set.
            let removed = f.remove(item.as_bytes()).is_ok();
            members.take_if(item, removed);
        }
        (LogEntry::NaiveDelete(item), FilterModel::Plain(f)) => {
            f.clear_positions_of(item.as_bytes());
            members.take(item, true);
        }
        // Entries of the other mode do not apply (the log is rewritten on a mode switch).
        _ => {}
    }
}

/// The filter and members that `log` produces under `settings`.
pub fn replay(settings: &Settings, log: &[LogEntry]) -> (FilterModel, Members) {
    let mut filter = settings.empty_filter();
    let mut members = Members::default();
    for entry in log {
        apply_entry(&mut filter, &mut members, entry);
    }
    (filter, members)
}

/// The log a mode switch starts from: one `Add` per copy of each current member, so the
/// new filter holds exactly the items in the set now.
pub fn log_of_members(members: &Members, mode: Mode) -> Vec<LogEntry> {
    members
        .list()
        .iter()
        .flat_map(|m| {
            let copies = if mode == Mode::Counting { m.copies } else { 1 };
            std::iter::repeat_n(LogEntry::Add(m.item.clone()), copies as usize)
        })
        .collect()
}
