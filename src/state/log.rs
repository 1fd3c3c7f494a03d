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

/// The items in the set after replaying a log, in order of first addition. Each item has an
/// order key (increasing with each first addition), so that finding, adding and removing an
/// item never renumbers the others: a removal costs one move of the list's tail, not a new
/// index for every later item.
#[derive(Debug, Clone, Default)]
pub struct Members {
    list: Vec<Member>,
    /// The order key of each member of `list`, increasing.
    keys: Vec<u64>,
    index: FnvHashMap<String, u64>,
    next_key: u64,
}

impl PartialEq for Members {
    /// Two sets are equal when they list the same items, the same number of times, in the
    /// same order (however their order keys were drawn).
    fn eq(&self, other: &Self) -> bool {
        self.list == other.list
    }
}

impl Eq for Members {}

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
        self.keys.reserve(additional);
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

    /// Where a member is in the list.
    fn position(&self, item: &str) -> Option<usize> {
        let key = self.index.get(item)?;
        self.keys.binary_search(key).ok()
    }

    /// Records one more copy of the item.
    pub fn add(&mut self, item: &str) {
        match self.position(item) {
            Some(at) => self.list[at].copies += 1,
            None => {
                self.index.insert(item.to_owned(), self.next_key);
                self.keys.push(self.next_key);
                self.next_key += 1;
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
        if self.take_leaving_a_gap(item, all) {
            self.close_gaps();
        }
    }

    /// [`Members::take`] for many removals in a row (a link's): an item that leaves the set
    /// leaves it at once ([`Members::contains`] says so) but stays in the list with no copies
    /// until [`Members::close_gaps`], so that n removals cost one pass over the list, not one
    /// each. Returns whether a gap was left.
    pub fn take_leaving_a_gap(&mut self, item: &str, all: bool) -> bool {
        let Some(at) = self.position(item) else {
            return false;
        };
        let member = &mut self.list[at];
        member.copies = if all { 0 } else { member.copies - 1 };
        if member.copies == 0 {
            self.index.remove(item);
        }
        member.copies == 0
    }

    /// Drops the members [`Members::take_leaving_a_gap`] emptied.
    pub fn close_gaps(&mut self) {
        let keys = std::mem::take(&mut self.keys);
        let (list, keys) = std::mem::take(&mut self.list)
            .into_iter()
            .zip(keys)
            .filter(|(member, _)| member.copies > 0)
            .unzip();
        self.list = list;
        self.keys = keys;
    }
}

/// Applies one entry to a filter and the member set.
pub fn apply_entry(filter: &mut FilterModel, members: &mut Members, entry: &LogEntry) {
    if apply_entry_leaving_a_gap(filter, members, entry) {
        members.close_gaps();
    }
}

/// [`apply_entry`] for many entries in a row: a member that leaves the set leaves a gap in
/// the list until [`Members::close_gaps`] (returns whether it did), so that a log of n
/// entries replays in one pass.
pub fn apply_entry_leaving_a_gap(
    filter: &mut FilterModel,
    members: &mut Members,
    entry: &LogEntry,
) -> bool {
    match (entry, filter) {
        (LogEntry::Add(item), filter) => {
            filter.insert(item.as_bytes());
            members.add(item);
            false
        }
        (LogEntry::Remove(item) | LogEntry::ForceRemove(item), FilterModel::Counting(f)) => {
            // A refused removal (some counter 0) changes neither the filter nor the set.
            f.remove(item.as_bytes()).is_ok() && members.take_leaving_a_gap(item, false)
        }
        (LogEntry::NaiveDelete(item), FilterModel::Plain(f)) => {
            f.clear_positions_of(item.as_bytes());
            members.take_leaving_a_gap(item, true)
        }
        // Entries of the other mode do not apply (the log is rewritten on a mode switch).
        _ => false,
    }
}

/// The filter and members that `log` produces under `settings`.
pub fn replay(settings: &Settings, log: &[LogEntry]) -> (FilterModel, Members) {
    let mut filter = settings.empty_filter();
    let mut members = Members::default();
    let mut gaps = false;
    for entry in log {
        gaps |= apply_entry_leaving_a_gap(&mut filter, &mut members, entry);
    }
    if gaps {
        members.close_gaps();
    }
    (filter, members)
}

/// The log a mode switch starts from: one `Add` per copy of each current member, so the
/// new filter holds exactly the items in the set now.
pub fn log_of_members(members: &Members, mode: Mode) -> Vec<LogEntry> {
    let mut log = Vec::new();
    for member in members.list() {
        let copies = if mode == Mode::Counting {
            member.copies
        } else {
            1
        };
        for _ in 0..copies {
            log.push(LogEntry::Add(member.item.clone()));
        }
    }
    log
}
